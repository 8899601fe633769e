package dev.cellar.storage.sst;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.CellType;
import dev.cellar.storage.fs.MemVfs;
import dev.cellar.storage.iter.CellIterator;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/** Random cells, writing and reading helpers shared by the store file tests. */
final class SstFixtures {
  static final byte[] FAMILY = Bytes.toBytes("cf");
  static final Clock CLOCK = Clock.fixed(Instant.ofEpochMilli(1_700_000_000_000L), ZoneOffset.UTC);
  static final CellType[] STORED_TYPES = {
    CellType.PUT, CellType.DELETE, CellType.DELETE_FAMILY_VERSION, CellType.DELETE_COLUMN, CellType.DELETE_FAMILY
  };

  private SstFixtures() {}

  /**
   * {@code n} distinct random cells of {@link #FAMILY}, sorted: rows of varied lengths with
   * shared prefixes, empty and non-empty qualifiers, every stored type, extreme timestamps,
   * several versions and same-coordinate duplicates that differ only in sequence id.
   */
  static List<Cell> randomCells(Random rnd, int n) {
    return randomCells(rnd, n, 6);
  }

  /** About {@code n} random cells, about {@code cellsPerRow} a row on average. */
  static List<Cell> randomCells(Random rnd, int n, int cellsPerRow) {
    List<byte[]> rows = new ArrayList<>();
    int rowCount = Math.max(1, n / cellsPerRow);
    for (int i = 0; i < rowCount; i++) {
      rows.add(randomRow(rnd));
    }
    List<Cell> cells = new ArrayList<>(n + n / 4);
    while (cells.size() < n) {
      byte[] row = rows.get(rnd.nextInt(rows.size()));
      byte[] qualifier = rnd.nextInt(5) == 0 ? Bytes.EMPTY : randomBytes(rnd, 1 + rnd.nextInt(rnd.nextInt(4) == 0 ? 60 : 12));
      long ts = switch (rnd.nextInt(10)) {
        case 0 -> Long.MAX_VALUE - 1;
        case 1 -> Long.MIN_VALUE;
        case 2 -> -rnd.nextInt(1000);
        default -> 1_600_000_000_000L + rnd.nextInt(100_000);
      };
      CellType type = rnd.nextInt(3) == 0 ? STORED_TYPES[rnd.nextInt(STORED_TYPES.length)] : CellType.PUT;
      byte[] value = type.isDelete() ? Bytes.EMPTY : randomValue(rnd);
      long seq = rnd.nextInt(4) == 0 ? rnd.nextLong() & Long.MAX_VALUE : rnd.nextInt(1_000_000);
      Cell c = new Cell(row, FAMILY, qualifier, ts, type, value, seq);
      cells.add(c);
      if (rnd.nextInt(6) == 0) {
        cells.add(new Cell(row, FAMILY, qualifier, ts, type, randomValue(rnd), seq + 1 + rnd.nextInt(10)));
      }
      if (rnd.nextInt(6) == 0) {
        cells.add(new Cell(row, FAMILY, qualifier, ts - 1 - rnd.nextInt(5), CellType.PUT, randomValue(rnd), seq));
      }
    }
    return sortedDistinct(cells);
  }

  static List<Cell> sortedDistinct(List<Cell> cells) {
    List<Cell> sorted = new ArrayList<>(cells);
    sorted.sort(CellComparator.WITH_SEQUENCE);
    List<Cell> out = new ArrayList<>(sorted.size());
    for (Cell c : sorted) {
      if (out.isEmpty() || CellComparator.WITH_SEQUENCE.compare(out.get(out.size() - 1), c) != 0) {
        out.add(c);
      }
    }
    return out;
  }

  static byte[] randomRow(Random rnd) {
    switch (rnd.nextInt(4)) {
      case 0:
        return randomBytes(rnd, 1 + rnd.nextInt(3));
      case 1:
        return Bytes.concat(Bytes.toBytes("user"), randomBytes(rnd, rnd.nextInt(8)));
      case 2:
        return Bytes.concat(Bytes.toBytes("shop/00000001/item/"), Bytes.toBytes(rnd.nextInt(100_000)));
      default:
        return randomBytes(rnd, 1 + rnd.nextInt(rnd.nextInt(8) == 0 ? 300 : 30));
    }
  }

  static byte[] randomValue(Random rnd) {
    int r = rnd.nextInt(20);
    int len = r == 0 ? 0 : r == 1 ? 1000 + rnd.nextInt(3000) : rnd.nextInt(120);
    if (rnd.nextBoolean()) {
      byte[] v = new byte[len];
      Arrays.fill(v, (byte) ('a' + rnd.nextInt(3)));
      return v;
    }
    return randomBytes(rnd, len);
  }

  static byte[] randomBytes(Random rnd, int len) {
    byte[] b = new byte[len];
    rnd.nextBytes(b);
    if (rnd.nextBoolean()) {
      for (int i = 0; i < len; i++) {
        b[i] = (byte) ('0' + (b[i] & 3));
      }
    }
    return b;
  }

  static StoreFileWriter.Options options() {
    return StoreFileWriter.Options.of(FAMILY).withClock(CLOCK);
  }

  /** Writes {@code cells} to {@code path} in {@code vfs} and returns the writer's summary. */
  static StoreFileInfo write(MemVfs vfs, String path, StoreFileWriter.Options options, List<Cell> cells)
      throws IOException {
    try (StoreFileWriter w = new StoreFileWriter(vfs.create(path), path, options)) {
      for (Cell c : cells) {
        w.append(c);
      }
      return w.finish();
    }
  }

  /** Every cell of the file, from the first. */
  static List<Cell> readAll(StoreFileReader reader) {
    List<Cell> out = new ArrayList<>();
    try (CellIterator it = reader.iterator()) {
      for (it.seekToFirst(); it.valid(); it.next()) {
        out.add(it.cell());
      }
    }
    return out;
  }

  /** Index of the first cell {@code >= key} in {@code sorted}, or its size. */
  static int lowerBound(List<Cell> sorted, Cell key) {
    int lo = 0;
    int hi = sorted.size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (CellComparator.WITH_SEQUENCE.compare(sorted.get(mid), key) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** The largest row {@code < row} in {@code sorted} (the largest of all for an empty row), or null. */
  static byte[] expectedLastRowBefore(List<Cell> sorted, byte[] row) {
    byte[] best = null;
    for (Cell c : sorted) {
      if (row.length == 0 || Arrays.compareUnsigned(c.row(), row) < 0) {
        best = c.row();
      }
    }
    return best;
  }

  static void assertCellsEqual(List<Cell> expected, List<Cell> actual) {
    assertEquals(expected.size(), actual.size(), "cell count");
    for (int i = 0; i < expected.size(); i++) {
      Cell e = expected.get(i);
      Cell a = actual.get(i);
      assertEquals(e, a, "cell " + i);
      // Cell.equals covers everything; check the family and value bytes explicitly as well.
      assertEquals(Bytes.toStringBinary(e.family()), Bytes.toStringBinary(a.family()), "family of cell " + i);
      assertEquals(Bytes.toStringBinary(e.value()), Bytes.toStringBinary(a.value()), "value of cell " + i);
    }
  }
}
