package dev.cellar.storage.sst;

import static dev.cellar.storage.sst.SstFixtures.FAMILY;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellType;
import dev.cellar.storage.Compression;
import dev.cellar.storage.fs.MemVfs;
import dev.cellar.storage.iter.CellIterator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Random cells written with every compression, several block sizes and both format versions
 * (data block keys in field order, version 1, and suffix first, version 2) must come back
 * exactly, through full scans (as cells and as in-place views), seeks and {@code lastRowBefore},
 * all compared with the sorted input.
 */
class StoreFileRoundTripTest {
  private static final String PATH = "data/000042.sst";

  static Stream<Arguments> layouts() {
    List<Arguments> out = new ArrayList<>();
    for (Compression c : Compression.values()) {
      for (int blockSize : new int[] {1024, 4096, 65536}) {
        for (int version = StoreFileFormat.OLDEST_READABLE_VERSION; version <= StoreFileFormat.VERSION; version++) {
          out.add(Arguments.of(c, blockSize, version));
        }
      }
    }
    return out.stream();
  }

  private record Written(List<Cell> cells, StoreFileInfo info, StoreFileReader reader) {}

  private static Written write(Compression compression, int blockSize, int version, long seed, int n)
      throws Exception {
    Random rnd = new Random(seed);
    List<Cell> cells = SstFixtures.randomCells(rnd, n);
    MemVfs vfs = new MemVfs();
    StoreFileInfo info = SstFixtures.write(vfs, PATH,
        SstFixtures.options().withCompression(compression).withBlockSize(blockSize).withFormatVersion(version), cells);
    StoreFileReader reader = StoreFileReader.open(vfs.open(PATH));
    assertEquals(version, reader.info().formatVersion());
    return new Written(cells, info, reader);
  }

  @ParameterizedTest(name = "{0}, {1}-byte blocks, version {2}")
  @MethodSource("layouts")
  void fullScanReturnsExactlyTheInput(Compression compression, int blockSize, int version) throws Exception {
    Written w = write(compression, blockSize, version, 7L * blockSize + compression.code(), 3000);
    try (StoreFileReader reader = w.reader) {
      SstFixtures.assertCellsEqual(w.cells, SstFixtures.readAll(reader));
      assertEquals(w.info, reader.info(), "reader's info equals the writer's summary");
      assertEquals(w.cells.size(), reader.info().entryCount());
      assertEquals(reader.info().dataBlockCount(), reader.dataBlocksRead(), "a scan reads each block once");
      if (blockSize < 65536) {
        assertTrue(reader.info().dataBlockCount() > 10, "many blocks: " + reader.info().dataBlockCount());
      }
      assertViewsShowTheCells(w.cells, reader);
    }
  }

  @ParameterizedTest(name = "{0}, {1}-byte blocks, version {2}")
  @MethodSource("layouts")
  void seekFindsTheFirstCellAtOrAfterTheKey(Compression compression, int blockSize, int version) throws Exception {
    Written w = write(compression, blockSize, version, 11L * blockSize + compression.code(), 2000);
    List<Cell> cells = w.cells;
    Random rnd = new Random(blockSize);
    try (StoreFileReader reader = w.reader; CellIterator reused = reader.iterator()) {
      List<Cell> targets = seekTargets(rnd, cells, 600);
      for (Cell target : targets) {
        int expected = SstFixtures.lowerBound(cells, target);
        // A fresh iterator reads at most one block per seek (exactly one when the key is in range).
        long before = reader.dataBlocksRead();
        try (CellIterator fresh = reader.iterator()) {
          fresh.seek(target);
          assertEquals(expected < cells.size() ? 1 : 0, reader.dataBlocksRead() - before, "blocks read for " + target);
          assertPositioned(cells, expected, fresh, target, 3);
        }
        // A reused iterator seeks forwards and backwards from wherever it is.
        reused.seek(target);
        assertPositioned(cells, expected, reused, target, 3);
      }
    }
  }

  @ParameterizedTest(name = "{0}, {1}-byte blocks, version {2}")
  @MethodSource("layouts")
  void lastRowBeforeMatchesTheSortedInput(Compression compression, int blockSize, int version) throws Exception {
    Written w = write(compression, blockSize, version, 13L * blockSize + compression.code(), 2000);
    List<Cell> cells = w.cells;
    Random rnd = new Random(blockSize + 1);
    try (StoreFileReader reader = w.reader; CellIterator it = reader.iterator()) {
      List<byte[]> rows = new ArrayList<>();
      rows.add(Bytes.EMPTY);
      rows.add(new byte[] {0});
      rows.add(cells.get(0).row());
      rows.add(Bytes.rowAfter(cells.get(0).row()));
      rows.add(cells.get(cells.size() - 1).row());
      rows.add(Bytes.rowAfter(cells.get(cells.size() - 1).row()));
      rows.add(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff});
      for (int i = 0; i < 300; i++) {
        byte[] row = cells.get(rnd.nextInt(cells.size())).row();
        rows.add(row);
        rows.add(Bytes.rowAfter(row));
        rows.add(Arrays.copyOf(row, Math.max(1, row.length - 1)));
        rows.add(SstFixtures.randomRow(rnd));
      }
      for (byte[] row : rows) {
        byte[] expected = SstFixtures.expectedLastRowBefore(cells, row);
        long before = reader.dataBlocksRead();
        byte[] actual = it.lastRowBefore(row);
        assertTrue(reader.dataBlocksRead() - before <= 1, "lastRowBefore reads at most one block");
        assertEquals(expected == null ? null : Bytes.toStringBinary(expected),
            actual == null ? null : Bytes.toStringBinary(actual), "lastRowBefore(" + Bytes.toStringBinary(row) + ")");
        // The position is undefined afterwards, but a seek must work again.
        it.seek(Cell.firstOnRow(row));
        assertPositioned(cells, SstFixtures.lowerBound(cells, Cell.firstOnRow(row)), it, null, 1);
      }
    }
  }

  @ParameterizedTest(name = "{0}, {1}-byte blocks, version {2}")
  @MethodSource("layouts")
  void skippingTheRestOfARowStopsAtTheNextRowsFirstCell(Compression compression, int blockSize, int version)
      throws Exception {
    for (int cellsPerRow : new int[] {3, 40}) {
      Random rnd = new Random(17L * blockSize + cellsPerRow + version);
      List<Cell> cells = SstFixtures.randomCells(rnd, 3000, cellsPerRow);
      MemVfs vfs = new MemVfs();
      SstFixtures.write(vfs, PATH, SstFixtures.options().withCompression(compression).withBlockSize(blockSize)
          .withFormatVersion(version), cells);
      int skips = 0;
      try (StoreFileReader reader = StoreFileReader.open(vfs.open(PATH)); CellIterator it = reader.iterator()) {
        it.seekToFirst();
        int i = 0;
        while (i < cells.size()) {
          assertTrue(it.valid(), "at cell " + i);
          // a step or a skip, each from the row's first cell or from inside it (its row parsed or not)
          switch (rnd.nextInt(4)) {
            case 0 -> {
              it.next();
              i++;
              if (i < cells.size()) {
                boolean same = Arrays.equals(cells.get(i - 1).row(), cells.get(i).row());
                // the hints may say nothing (no row parsed before the step), never something wrong
                assertFalse(it.sameRowAsPrevious() && !same, "same row hint at " + cells.get(i));
                assertFalse(it.otherRowThanPrevious() && same, "other row hint at " + cells.get(i));
              }
            }
            case 1 -> it.view().rowLength();
            default -> {
              byte[] row = cells.get(i).row();
              it.nextSkippingRow();
              skips++;
              do {
                i++;
              } while (i < cells.size() && Arrays.equals(cells.get(i).row(), row));
              if (i < cells.size()) {
                assertFalse(it.sameRowAsPrevious(), "skipped " + Bytes.toStringBinary(row));
                assertTrue(it.otherRowThanPrevious(), "skipped " + Bytes.toStringBinary(row));
              }
            }
          }
          if (i < cells.size()) {
            Cell c = cells.get(i);
            assertTrue(it.valid(), "at " + c);
            assertEquals(c, it.cell(), "cell " + i);
            assertTrue(it.view().rowEquals(c.row(), 0, c.row().length), "row of " + c);
            assertArrayEquals(c.qualifier(), Arrays.copyOfRange(it.view().qualifierArray(),
                it.view().qualifierOffset(), it.view().qualifierOffset() + it.view().qualifierLength()));
          }
        }
        assertFalse(it.valid());
      }
      assertTrue(skips > 30, "rows skipped: " + skips);
    }
  }

  /** Each cell's in-place view shows its fields, and says whether the cell shares the previous one's row. */
  private static void assertViewsShowTheCells(List<Cell> cells, StoreFileReader reader) {
    int others = 0;
    java.util.Set<Object> parts = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    try (CellIterator it = reader.iterator()) {
      it.seekToFirst();
      for (int i = 0; i < cells.size(); i++) {
        Cell c = cells.get(i);
        assertTrue(it.valid());
        dev.cellar.storage.CellView v = it.view();
        assertTrue(v.rowEquals(c.row(), 0, c.row().length), "row of " + c);
        assertArrayEquals(c.qualifier(), Arrays.copyOfRange(v.qualifierArray(), v.qualifierOffset(),
            v.qualifierOffset() + v.qualifierLength()), "qualifier of " + c);
        assertEquals(c.timestamp(), v.timestamp(), "timestamp of " + c);
        assertEquals(c.type(), v.type(), "type of " + c);
        assertEquals(c.sequenceId(), v.sequenceId(), "sequence id of " + c);
        assertArrayEquals(c.value(), Arrays.copyOfRange(v.valueArray(), v.valueOffset(),
            v.valueOffset() + v.valueLength()), "value of " + c);
        // a part (a data block) ends at its last row
        parts.add(it.part());
        assertTrue(Bytes.compare(c.row(), it.lastRowOfPart()) <= 0, "row of " + c + " within its part");
        if (i > 0) {
          // the hints decide after every step, restart points and block boundaries included
          boolean same = Arrays.equals(cells.get(i - 1).row(), c.row());
          assertEquals(same, it.sameRowAsPrevious(), "same row as the previous cell: " + c);
          assertEquals(!same, it.otherRowThanPrevious(), "another row than the previous cell's: " + c);
          others += same ? 0 : 1;
        }
        if (i + 1 < cells.size() && Bytes.compare(cells.get(i + 1).row(), it.lastRowOfPart()) > 0) {
          Object part = it.part();
          it.next();
          assertTrue(it.part() != part, "a cell past a part's last row is in another part: " + cells.get(i + 1));
          // back to the cell, its row parsed, for the hints of the next step
          it.seek(c);
          assertTrue(it.view().rowEquals(c.row(), 0, c.row().length));
        }
        it.next();
      }
      assertFalse(it.valid());
    }
    assertTrue(others > 0, "rows known to change without comparing them");
    assertEquals(reader.dataBlockCount(), parts.size(), "one part a data block");
  }

  /** Present keys, absent keys near present ones, other families, before the first and after the last. */
  static List<Cell> seekTargets(Random rnd, List<Cell> cells, int n) {
    List<Cell> out = new ArrayList<>();
    Cell first = cells.get(0);
    Cell last = cells.get(cells.size() - 1);
    out.add(Cell.firstOnRow(Bytes.EMPTY));
    out.add(first);
    out.add(first.withSequenceId(first.sequenceId() + 1));
    out.add(last);
    out.add(Cell.lastOnColumn(last.row(), last.family(), last.qualifier()));
    out.add(Cell.firstOnRow(Bytes.rowAfter(last.row())));
    out.add(Cell.firstOnRow(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff}));
    for (int i = 0; i < n; i++) {
      Cell c = cells.get(rnd.nextInt(cells.size()));
      switch (rnd.nextInt(9)) {
        case 0 -> out.add(c);
        case 1 -> out.add(c.withSequenceId(c.sequenceId() - 1));
        case 2 -> out.add(c.withSequenceId(c.sequenceId() + 1));
        case 3 -> out.add(c.withTimestamp(c.timestamp() + 1));
        case 4 -> out.add(Cell.firstOnRow(c.row()));
        case 5 -> out.add(Cell.lastOnColumn(c.row(), c.family(), c.qualifier()));
        case 6 -> out.add(Cell.firstOnColumn(c.row(), Bytes.toBytes(rnd.nextBoolean() ? "ca" : "cg"), c.qualifier()));
        case 7 -> out.add(Cell.firstOnRow(SstFixtures.randomRow(rnd)));
        default -> out.add(new Cell(c.row(), FAMILY, Bytes.concat(c.qualifier(), new byte[] {0}), c.timestamp(),
            CellType.MAXIMUM, Bytes.EMPTY, 0));
      }
    }
    return out;
  }

  private static void assertPositioned(List<Cell> cells, int expected, CellIterator it, Cell target, int steps) {
    if (expected == cells.size()) {
      assertFalse(it.valid(), "past the end after seeking " + target);
      return;
    }
    for (int k = 0; k < steps && expected + k < cells.size(); k++) {
      assertTrue(it.valid(), "valid after seeking " + target);
      assertEquals(cells.get(expected + k), it.cell(), "cell " + k + " after seeking " + target);
      it.next();
    }
    if (expected + steps >= cells.size()) {
      assertFalse(it.valid());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("compressions")
  void cellsOfOneRowShareTheirRowArray(Compression compression) throws Exception {
    byte[] row = Bytes.toBytes("the-row");
    List<Cell> cells = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      cells.add(new Cell(row, FAMILY, Bytes.toBytes("q" + (i / 4)), 100 - (i % 4), CellType.PUT, Bytes.toBytes(i), 1));
    }
    MemVfs vfs = new MemVfs();
    SstFixtures.write(vfs, PATH, SstFixtures.options().withCompression(compression).withBlockSize(1024),
        SstFixtures.sortedDistinct(cells));
    try (StoreFileReader reader = StoreFileReader.open(vfs.open(PATH))) {
      List<Cell> read = SstFixtures.readAll(reader);
      assertEquals(40, read.size());
      for (int i = 1; i < read.size(); i++) {
        assertTrue(read.get(i).row() == read.get(0).row(), "row array shared");
        assertTrue(read.get(i).family() == read.get(0).family(), "family array shared");
        if (i % 4 != 0) {
          assertTrue(read.get(i).qualifier() == read.get(i - 1).qualifier(), "qualifier shared by versions");
        }
      }
      assertArrayEquals(row, read.get(0).row());
    }
  }

  /**
   * Version 2 stores a row's cells written together (one timestamp and sequence id, one cell a
   * column) without repeating their timestamp, type and sequence id: 17 bytes a cell after the
   * row's first, uncompressed, but for the cells at restart points (one in 16), stored whole.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("compressions")
  void cellsOfOneWriteShareTheirSuffixInVersion2(Compression compression) throws Exception {
    List<Cell> cells = new ArrayList<>();
    int rows = 2000;
    Random rnd = new Random(5);
    for (int r = 0; r < rows; r++) {
      byte[] row = Bytes.toBytes(String.format("user%05d-%08d", r / 10, rnd.nextInt(100_000_000)));
      long ts = 1_700_000_000_000L + rnd.nextInt(1000);
      for (String q : new String[] {"_0", "a", "b", "c"}) {
        cells.add(new Cell(row, FAMILY, Bytes.toBytes(q), ts, CellType.PUT, Bytes.toBytes(rnd.nextInt(1000)), 40 + r / 100));
      }
    }
    cells = SstFixtures.sortedDistinct(cells);
    long[] sizes = new long[3];
    for (int version = 1; version <= 2; version++) {
      MemVfs vfs = new MemVfs();
      sizes[version] = SstFixtures.write(vfs, PATH, SstFixtures.options().withCompression(compression)
          .withFormatVersion(version), cells).fileSize();
      try (StoreFileReader reader = StoreFileReader.open(vfs.open(PATH))) {
        SstFixtures.assertCellsEqual(cells, SstFixtures.readAll(reader));
      }
    }
    if (compression == Compression.NONE) {
      assertTrue(sizes[1] - sizes[2] >= 3L * 17 * rows * 15 / 16 - 1024, "version 1: " + sizes[1] + ", version 2: " + sizes[2]);
    } else {
      assertTrue(sizes[2] < sizes[1] * 0.9, "version 1: " + sizes[1] + ", version 2: " + sizes[2]);
    }
  }

  static Stream<Compression> compressions() {
    return Stream.of(Compression.values());
  }

  @ParameterizedTest(name = "restart interval {0}")
  @MethodSource("restartIntervals")
  void everyRestartIntervalRoundTrips(int interval) throws Exception {
    List<Cell> cells = SstFixtures.randomCells(new Random(interval), 700);
    MemVfs vfs = new MemVfs();
    SstFixtures.write(vfs, PATH, SstFixtures.options().withRestartInterval(interval).withBlockSize(2048), cells);
    try (StoreFileReader reader = StoreFileReader.open(vfs.open(PATH)); CellIterator it = reader.iterator()) {
      SstFixtures.assertCellsEqual(cells, SstFixtures.readAll(reader));
      for (Cell target : seekTargets(new Random(interval + 5), cells, 200)) {
        it.seek(target);
        assertPositioned(cells, SstFixtures.lowerBound(cells, target), it, target, 2);
      }
      assertNull(it.lastRowBefore(cells.get(0).row()));
    }
  }

  static Stream<Integer> restartIntervals() {
    return Stream.of(1, 2, 3, 16, 1024);
  }
}
