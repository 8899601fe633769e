package dev.cellar.storage.embedded;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.region.Region;
import dev.cellar.storage.region.RegionScanner;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A {@link ResultScanner} over a table: the regions that overlap the scan's range, one after
 * another (in reverse for a reversed scan), all read at the same read point.
 */
final class TableScanner implements ResultScanner {
  private final Scan scan;
  private final List<Region> regions;
  private final long readPoint;
  private final long nowMs;
  private int regionIndex;
  private RegionScanner current;
  private int rowsReturned;
  private byte[] lastRow;
  private boolean closed;

  TableScanner(TableHandle table, Scan scan, long readPoint, long nowMs) {
    this.scan = scan;
    this.readPoint = readPoint;
    this.nowMs = nowMs;
    List<Region> overlapping = new ArrayList<>();
    for (Region r : table.regions()) {
      if (overlaps(r, scan)) {
        overlapping.add(r);
      }
    }
    if (scan.isReversed()) {
      Collections.reverse(overlapping);
    }
    this.regions = overlapping;
    // Open the first region now so that an unknown family fails at open time.
    if (!regions.isEmpty()) {
      current = regions.get(0).scanner(scan, readPoint, nowMs);
    }
  }

  private static boolean overlaps(Region r, Scan s) {
    byte[] lo = s.isReversed() ? s.stopRow() : s.startRow();
    byte[] hi = s.isReversed() ? s.startRow() : s.stopRow();
    boolean belowEnd = r.endRow().length == 0 || lo.length == 0 || Bytes.compare(lo, r.endRow()) < 0;
    boolean aboveStart = hi.length == 0 || Bytes.compare(hi, r.startRow()) >= 0;
    return belowEnd && aboveStart;
  }

  @Override
  public Result next() {
    if (closed) {
      return null;
    }
    while (current != null) {
      Result r = current.next();
      if (r != null) {
        if (lastRow == null || !java.util.Arrays.equals(lastRow, r.row())) {
          rowsReturned++;
          lastRow = r.row();
        }
        return r;
      }
      current.close();
      current = null;
      regionIndex++;
      if (regionIndex < regions.size() && (scan.limit() == 0 || rowsReturned < scan.limit())) {
        Scan rest = scan;
        current = regions.get(regionIndex).scanner(rest, readPoint, nowMs);
        current.limitRows(scan.limit() == 0 ? 0 : scan.limit() - rowsReturned);
      }
    }
    return null;
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
