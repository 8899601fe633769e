package dev.cellar.storage.embedded;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.region.Region;
import dev.cellar.storage.region.RegionClosedException;
import dev.cellar.storage.region.RegionScanner;
import java.util.Arrays;

/**
 * A {@link ResultScanner} over a table: the regions overlapping the scan's range one after
 * another (in reverse for a reversed scan), all read at the same read point. The next region
 * is looked up by the boundary key when the previous one is done, so a region split while the
 * scan runs is followed into its daughters.
 */
final class TableScanner implements ResultScanner {
  private final TableHandle table;
  private final Scan scan;
  private final long readPoint;
  private final long nowMs;
  private Region region;
  private RegionScanner current;
  private int rowsReturned;
  private byte[] lastRow;
  private boolean closed;

  TableScanner(TableHandle table, Scan scan, long readPoint, long nowMs) {
    this.table = table;
    this.scan = scan;
    this.readPoint = readPoint;
    this.nowMs = nowMs;
    // Open the first region now so that an unknown family fails at open time.
    open(scan.isReversed() ? firstRegionReversed() : table.regionFor(scan.startRow()));
  }

  private Region firstRegionReversed() {
    byte[] start = scan.startRow();
    return start.length == 0 ? table.lastRegion() : table.regionFor(start);
  }

  /** Opens a scanner on the region covering {@code r}'s range now (following splits). */
  private void open(Region r) {
    byte[] probe = r.startRow();
    while (true) {
      region = r;
      try {
        current = r.scanner(scan, readPoint, nowMs);
        current.limitRows(scan.limit() == 0 ? 0 : scan.limit() - rowsReturned);
        return;
      } catch (RegionClosedException e) {
        r = table.regionFor(probe);
      }
    }
  }

  @Override
  public Result next() {
    if (closed) {
      return null;
    }
    while (current != null) {
      Result r = current.next();
      if (r != null) {
        if (lastRow == null || !Arrays.equals(lastRow, r.row())) {
          rowsReturned++;
          lastRow = r.row();
        }
        return r;
      }
      current.close();
      current = null;
      if (scan.limit() > 0 && rowsReturned >= scan.limit()) {
        break;
      }
      Region next = scan.isReversed() ? regionBelow(region) : regionAbove(region);
      if (next != null) {
        open(next);
      }
    }
    return null;
  }

  private Region regionAbove(Region r) {
    byte[] end = r.endRow();
    if (end.length == 0) {
      return null;
    }
    byte[] stop = scan.stopRow();
    if (stop.length > 0) {
      int c = Bytes.compare(stop, end);
      if (c < 0 || (c == 0 && !scan.includeStopRow())) {
        return null;
      }
    }
    return table.regionFor(end);
  }

  private Region regionBelow(Region r) {
    byte[] start = r.startRow();
    if (start.length == 0) {
      return null;
    }
    byte[] stop = scan.stopRow();
    if (stop.length > 0 && Bytes.compare(stop, start) >= 0) {
      return null;
    }
    return table.regionBefore(start);
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      if (current != null) {
        current.close();
        current = null;
      }
    }
  }
}
