package dev.cellar.storage.region;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.Result;
import dev.cellar.storage.Scan;
import dev.cellar.storage.sst.StoreFileReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where a region's data can be cut: its middle row (for a split) and the rows between its data
 * blocks (for reading one large region in parts). Read from the largest store file's block index
 * where it is big enough, so no data is read; otherwise by walking the region's rows.
 */
final class SplitPoints {
  /** Files with fewer blocks are split by walking the region's rows. */
  static final int MIN_BLOCKS_FOR_INDEX_SPLIT = 8;

  private SplitPoints() {}

  /** The region's largest store file by bytes, whatever the family; {@code null} if it has none. */
  private static StoreFileHandle biggestFile(Region region) {
    StoreFileHandle biggest = null;
    for (FamilyStore fs : region.familyStores()) {
      for (StoreFileHandle f : fs.view().files()) {
        if (biggest == null || f.reader().info().fileSize() > biggest.reader().info().fileSize()) {
          biggest = f;
        }
      }
    }
    return biggest;
  }

  /** See {@link Region#midRow()}. */
  static byte[] midRow(Region region) {
    StoreFileHandle biggest = biggestFile(region);
    if (biggest == null) {
      return null;
    }
    // A file of many blocks, all ours, knows its middle; otherwise weigh our own rows.
    if (biggest.reader().info().dataBlockCount() >= MIN_BLOCKS_FOR_INDEX_SPLIT) {
      byte[] mid = biggest.reader().midRow();
      byte[] first = biggest.reader().firstRow();
      byte[] last = biggest.reader().lastRow();
      if (mid != null && region.contains(first) && region.contains(last) && !Arrays.equals(mid, region.startRow())
          && !Arrays.equals(mid, first)) {
        return mid;
      }
    }
    return middleRowByWeight(region);
  }

  /** See {@link Region#blockBoundaryRows(byte[], byte[])}. */
  static List<byte[]> blockBoundaryRows(Region region, byte[] from, byte[] to) {
    StoreFileHandle biggest = biggestFile(region);
    List<byte[]> out = new ArrayList<>();
    if (biggest == null) {
      return out;
    }
    StoreFileReader reader = biggest.reader();
    byte[] previous = Bytes.compare(from, region.startRow()) > 0 ? from : region.startRow();
    int n = reader.dataBlockCount();
    // the first block whose last row is after the lower bound (the blocks' last rows ascend)
    int lo = 0;
    int hi = n;
    while (previous.length > 0 && lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (Bytes.compare(reader.lastRowOfBlock(mid), previous) > 0) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    for (int i = lo; i < n; i++) {
      byte[] row = reader.lastRowOfBlock(i);
      if (to.length > 0 && Bytes.compare(row, to) >= 0) {
        break;
      }
      // a row spanning several blocks is one cut; rows of a sibling region (a file shared after a split) are not ours
      if (Bytes.compare(row, previous) > 0 && region.contains(row)) {
        out.add(row);
        previous = row;
      }
    }
    return out;
  }

  /**
   * The row at which half the region's cell bytes lie before it (not its first row), found by
   * walking the region; {@code null} if the region holds fewer than two rows.
   */
  private static byte[] middleRowByWeight(Region region) {
    List<byte[]> rows = new ArrayList<>();
    List<Long> weights = new ArrayList<>();
    long total = 0;
    Scan scan = new Scan().withStartRow(region.startRow()).withStopRow(region.endRow()).readAllVersions();
    try (RegionScanner s = region.scanner(scan, Long.MAX_VALUE, Long.MIN_VALUE)) {
      for (Result r = s.next(); r != null; r = s.next()) {
        long w = 0;
        for (Cell c : r.cells()) {
          w += c.estimatedSize();
        }
        rows.add(r.row());
        weights.add(w);
        total += w;
      }
    }
    if (rows.size() < 2) {
      return null;
    }
    long acc = 0;
    for (int i = 0; i < rows.size() - 1; i++) {
      acc += weights.get(i);
      if (acc * 2 >= total) {
        return rows.get(i + 1);
      }
    }
    return rows.get(rows.size() - 1);
  }
}
