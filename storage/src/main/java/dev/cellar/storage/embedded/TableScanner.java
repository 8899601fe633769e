package dev.cellar.storage.embedded;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.region.Region;
import dev.cellar.storage.region.RegionClosedException;
import dev.cellar.storage.region.RegionScanner;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A {@link ResultScanner} over a table: the regions overlapping the scan's range one after
 * another (in reverse for a reversed scan), all read at the same read point.
 *
 * <p>Every region's sources (memstores and files) are taken when the scanner opens, so that
 * flushes, compactions and splits that happen while it runs cannot change what it sees: a
 * compaction may drop versions this snapshot still needs from the files it writes, but the
 * files this scanner holds stay until it closes.
 */
final class TableScanner implements ResultScanner {
  private final Scan scan;
  private final List<RegionScanner> scanners;
  private int index;
  private int rowsReturned;
  private byte[] lastRow;
  private boolean closed;

  TableScanner(TableHandle table, Scan scan, long readPoint, long nowMs) {
    this.scan = scan;
    this.scanners = openAll(table, scan, readPoint, nowMs);
    if (!scanners.isEmpty()) {
      scanners.get(0).limitRows(scan.limit());
    }
  }

  private static List<RegionScanner> openAll(TableHandle table, Scan scan, long readPoint, long nowMs) {
    while (true) {
      List<RegionScanner> out = new ArrayList<>();
      try {
        for (Region r : table.regions()) {
          if (overlaps(r, scan)) {
            out.add(r.scanner(scan, readPoint, nowMs));
          }
        }
      } catch (RegionClosedException e) {
        // A region was split while we opened: release what we took and take the new regions.
        for (RegionScanner s : out) {
          s.close();
        }
        continue;
      } catch (RuntimeException e) {
        for (RegionScanner s : out) {
          s.close();
        }
        throw e;
      }
      if (scan.isReversed()) {
        Collections.reverse(out);
      }
      return out;
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
    while (index < scanners.size()) {
      Result r = scanners.get(index).next();
      if (r != null) {
        if (lastRow == null || !Arrays.equals(lastRow, r.row())) {
          rowsReturned++;
          lastRow = r.row();
        }
        return r;
      }
      scanners.get(index).close();
      index++;
      if (scan.limit() > 0 && rowsReturned >= scan.limit()) {
        break;
      }
      if (index < scanners.size()) {
        scanners.get(index).limitRows(scan.limit() == 0 ? 0 : scan.limit() - rowsReturned);
      }
    }
    return null;
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      for (int i = index; i < scanners.size(); i++) {
        scanners.get(i).close();
      }
    }
  }
}
