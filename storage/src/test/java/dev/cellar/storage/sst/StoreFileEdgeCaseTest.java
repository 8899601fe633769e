package dev.cellar.storage.sst;

import static dev.cellar.storage.sst.SstFixtures.FAMILY;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.BloomType;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.CellType;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Compression;
import dev.cellar.storage.fs.LocalVfs;
import dev.cellar.storage.fs.MemVfs;
import dev.cellar.storage.fs.Vfs;
import dev.cellar.storage.iter.CellIterator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Empty files, huge cells, metadata, the writer's contract, local files and concurrent readers. */
class StoreFileEdgeCaseTest {
  private static final String PATH = "data/000007.sst";

  private static Cell put(String row, String qualifier, long ts, String value, long seq) {
    return new Cell(Bytes.toBytes(row), FAMILY, Bytes.toBytes(qualifier), ts, CellType.PUT, Bytes.toBytes(value), seq);
  }

  @Test
  void emptyFileHasNoCellsAndNeutralRanges() throws Exception {
    MemVfs vfs = new MemVfs();
    StoreFileInfo written = SstFixtures.write(vfs, PATH, SstFixtures.options(), List.of());
    try (StoreFileReader reader = StoreFileReader.open(vfs.open(PATH)); CellIterator it = reader.iterator()) {
      StoreFileInfo info = reader.info();
      assertEquals(written, info);
      assertTrue(info.isEmpty());
      assertEquals(0, info.dataBlockCount());
      assertNull(info.firstKey());
      assertNull(info.lastRow());
      assertEquals(Long.MAX_VALUE, info.minTimestamp());
      assertEquals(Long.MIN_VALUE, info.maxTimestamp());
      assertEquals(Long.MIN_VALUE, reader.maxSequenceId());
      assertEquals(vfs.contents(PATH).length, info.fileSize());
      it.seekToFirst();
      assertFalse(it.valid());
      it.seek(Cell.firstOnRow(Bytes.toBytes("a")));
      assertFalse(it.valid());
      assertNull(it.lastRowBefore(Bytes.EMPTY));
      assertNull(it.lastRowBefore(Bytes.toBytes("z")));
      assertEquals(0, reader.dataBlocksRead());
      assertThrows(IllegalStateException.class, it::cell);
      assertThrows(IllegalStateException.class, it::next);
    }
  }

  @Test
  void hugeCellLargerThanTheBlockSizeRoundTrips() throws Exception {
    byte[] big = new byte[300_000];
    new Random(3).nextBytes(big);
    List<Cell> cells = List.of(
        put("a", "q", 1, "small", 1),
        new Cell(Bytes.toBytes("b"), FAMILY, Bytes.toBytes("q"), 1, CellType.PUT, big, 2),
        put("c", "q", 1, "small", 3));
    for (Compression c : Compression.values()) {
      MemVfs vfs = new MemVfs();
      StoreFileInfo info = SstFixtures.write(vfs, PATH, SstFixtures.options().withBlockSize(1024).withCompression(c), cells);
      // A block is cut once it reaches the block size: [a, b (huge)], then [c].
      assertEquals(2, info.dataBlockCount(), c.name());
      if (c == Compression.NONE) {
        assertTrue(info.fileSize() > big.length, "the huge value is stored whole");
      }
      try (StoreFileReader reader = StoreFileReader.open(vfs.open(PATH)); CellIterator it = reader.iterator()) {
        SstFixtures.assertCellsEqual(cells, SstFixtures.readAll(reader));
        it.seek(Cell.firstOnRow(Bytes.toBytes("b")));
        assertArrayEquals(big, it.cell().value());
        assertArrayEquals(Bytes.toBytes("a"), it.lastRowBefore(Bytes.toBytes("b")));
        assertArrayEquals(Bytes.toBytes("b"), it.lastRowBefore(Bytes.toBytes("c")));
      }
    }
  }

  @Test
  void metadataAndSettingsRoundTrip() throws Exception {
    ColumnFamilyDescriptor cf = ColumnFamilyDescriptor.newBuilder("cf").blockSize(4096)
        .compression(Compression.SNAPPY).bloomType(BloomType.ROWCOL).build();
    List<Cell> cells = List.of(
        put("r1", "a", 50, "v", 10),
        new Cell(Bytes.toBytes("r1"), FAMILY, Bytes.toBytes("b"), 70, CellType.DELETE_COLUMN, Bytes.EMPTY, 12),
        put("r2", "", -5, "v", 11),
        new Cell(Bytes.toBytes("r3"), FAMILY, Bytes.EMPTY, 90, CellType.DELETE_FAMILY, Bytes.EMPTY, 9));
    MemVfs vfs = new MemVfs();
    StoreFileInfo written;
    try (StoreFileWriter w = new StoreFileWriter(vfs.create(PATH), PATH,
        StoreFileWriter.Options.of(cf).withClock(SstFixtures.CLOCK))) {
      w.setMetadata("compaction.inputs", "3,4,5");
      w.setMetadata("", "empty key");
      w.setMetadata("unicode ✓", "välue \uD83D\uDE00");
      w.setMetadata("replaced", "old");
      w.setMetadata("replaced", "new");
      for (Cell c : cells) {
        w.append(c);
      }
      assertEquals(4, w.entryCount());
      written = w.finish();
      assertThrows(IllegalStateException.class, () -> w.append(put("r9", "a", 1, "v", 1)));
      assertThrows(IllegalStateException.class, () -> w.setMetadata("k", "v"));
    }
    try (StoreFileReader reader = StoreFileReader.open(vfs.open(PATH))) {
      StoreFileInfo info = reader.info();
      assertEquals(written, info);
      assertEquals(PATH, info.path());
      assertEquals(vfs.contents(PATH).length, info.fileSize());
      assertEquals(StoreFileFormat.VERSION, info.formatVersion());
      assertArrayEquals(FAMILY, info.family());
      assertEquals(CellComparator.NAME, info.comparatorName());
      assertEquals(4, info.entryCount());
      assertEquals(2, info.putCount());
      assertEquals(2, info.deleteCount());
      assertEquals(cells.get(0).withoutValue(), info.firstKey());
      assertEquals(cells.get(3).withoutValue(), info.lastKey());
      assertArrayEquals(Bytes.toBytes("r1"), reader.firstRow());
      assertArrayEquals(Bytes.toBytes("r3"), reader.lastRow());
      assertEquals(-5, info.minTimestamp());
      assertEquals(90, info.maxTimestamp());
      assertEquals(12, info.maxSequenceId());
      assertEquals(Compression.SNAPPY, info.compression());
      assertEquals(4096, info.blockSize());
      assertEquals(BloomType.ROWCOL, info.bloomType());
      assertEquals(SstFixtures.CLOCK.millis(), info.createdMillis());
      assertEquals(Map.of("compaction.inputs", "3,4,5", "", "empty key", "unicode ✓", "välue \uD83D\uDE00",
          "replaced", "new"), info.metadata());
      assertThrows(UnsupportedOperationException.class, () -> info.metadata().put("x", "y"));
      SstFixtures.assertCellsEqual(cells, SstFixtures.readAll(reader));
    }
  }

  @Test
  void metaBlocksRoundTripAndUnknownNamesAreAbsent() throws Exception {
    MemVfs vfs = new MemVfs();
    byte[] bloom = new byte[5000];
    new Random(5).nextBytes(bloom);
    byte[] small = Bytes.toBytes("zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz");
    try (StoreFileWriter w = new StoreFileWriter(vfs.create(PATH), PATH,
        SstFixtures.options().withCompression(Compression.GZIP))) {
      w.append(put("r", "q", 1, "v", 1));
      w.addMetaBlock("bloom.row", bloom);
      w.addMetaBlock("a.small", small);
      w.addMetaBlock("empty", new byte[0]);
      assertThrows(IllegalArgumentException.class, () -> w.addMetaBlock("empty", new byte[1]));
      assertThrows(IllegalArgumentException.class, () -> w.addMetaBlock("", new byte[1]));
      w.finish();
    }
    try (StoreFileReader reader = StoreFileReader.open(vfs.open(PATH))) {
      assertEquals(List.of("a.small", "bloom.row", "empty"), new ArrayList<>(reader.metaBlockNames()));
      assertArrayEquals(bloom, reader.metaBlock("bloom.row"));
      assertArrayEquals(small, reader.metaBlock("a.small"));
      assertArrayEquals(new byte[0], reader.metaBlock("empty"));
      assertNull(reader.metaBlock("bloom.rowcol"));
      assertEquals(1, SstFixtures.readAll(reader).size());
      assertEquals(1, reader.dataBlocksRead(), "meta blocks are not data blocks");
    }
  }

  @Test
  void writerRejectsCellsOutOfOrderOfAnotherFamilyOrOfSeekTypes() throws Exception {
    MemVfs vfs = new MemVfs();
    try (StoreFileWriter w = new StoreFileWriter(vfs.create(PATH), PATH, SstFixtures.options())) {
      Cell c = put("r2", "q", 10, "v", 5);
      w.append(c);
      IllegalStateException same = assertThrows(IllegalStateException.class, () -> w.append(c));
      assertTrue(same.getMessage().contains("r2/cf:q/10/PUT"), same.getMessage());
      IllegalStateException back = assertThrows(IllegalStateException.class, () -> w.append(put("r1", "q", 10, "v", 5)));
      assertTrue(back.getMessage().contains("r1/cf:q") && back.getMessage().contains("r2/cf:q"), back.getMessage());
      // Same coordinates, lower sequence id: sorts after, accepted; a higher one sorts before, refused.
      w.append(c.withSequenceId(4));
      assertThrows(IllegalStateException.class, () -> w.append(c.withSequenceId(6)));
      assertThrows(IllegalArgumentException.class, () -> w.append(
          new Cell(Bytes.toBytes("r3"), Bytes.toBytes("other"), Bytes.EMPTY, 1, CellType.PUT, Bytes.EMPTY, 1)));
      assertThrows(IllegalArgumentException.class, () -> w.append(Cell.firstOnColumn(Bytes.toBytes("r4"), FAMILY,
          Bytes.EMPTY)));
      w.append(put("r5", "q", 1, "v", 1));
      StoreFileInfo info = w.finish();
      assertEquals(3, info.entryCount());
    }
    try (StoreFileReader reader = StoreFileReader.open(vfs.open(PATH))) {
      assertEquals(3, SstFixtures.readAll(reader).size());
    }
  }

  @Test
  void cellsAppendedWithAnotherSequenceNumberAreStoredWithIt() throws Exception {
    MemVfs vfs = new MemVfs();
    List<Cell> cells = SstFixtures.sortedDistinct(SstFixtures.randomCells(new Random(31), 300));
    List<Cell> expected = new ArrayList<>();
    StoreFileInfo info;
    try (StoreFileWriter w = new StoreFileWriter(vfs.create(PATH), PATH, SstFixtures.options())) {
      for (Cell c : cells) {
        // the cells' own numbers are ignored: each is written with 77 (once per coordinates)
        if (expected.isEmpty() || CellComparator.INSTANCE.compare(expected.get(expected.size() - 1), c) != 0) {
          w.append(c, 77);
          expected.add(c.withSequenceId(77));
        }
      }
      Cell last = expected.get(expected.size() - 1);
      // the same coordinates again: with 77 or more they do not sort after it, with less they do
      IllegalStateException same = assertThrows(IllegalStateException.class, () -> w.append(last, 77));
      assertTrue(same.getMessage().contains("does not sort after"), same.getMessage());
      assertThrows(IllegalStateException.class, () -> w.append(last, 78));
      assertThrows(IllegalStateException.class, () -> w.append(cells.get(0), 1));
      w.append(last, 76);
      expected.add(last.withSequenceId(76));
      info = w.finish();
    }
    assertEquals(77, info.maxSequenceId());
    assertEquals(77, info.firstKey().sequenceId());
    assertEquals(76, info.lastKey().sequenceId());
    try (StoreFileReader reader = StoreFileReader.open(vfs.open(PATH))) {
      SstFixtures.assertCellsEqual(expected, SstFixtures.readAll(reader));
    }
  }

  @Test
  void optionsValidateTheirSettings() {
    StoreFileWriter.Options o = SstFixtures.options();
    assertThrows(IllegalArgumentException.class, () -> o.withBlockSize(0));
    assertThrows(IllegalArgumentException.class, () -> o.withRestartInterval(0));
    assertThrows(NullPointerException.class, () -> o.withCompression(null));
    StoreFileWriter.Options cf = StoreFileWriter.Options.of(ColumnFamilyDescriptor.newBuilder("f").blockSize(8192)
        .compression(Compression.GZIP).bloomType(BloomType.ROW).build());
    assertArrayEquals(Bytes.toBytes("f"), cf.family());
    assertEquals(8192, cf.blockSize());
    assertEquals(Compression.GZIP, cf.compression());
    assertEquals(BloomType.ROW, cf.bloomType());
    assertEquals(StoreFileFormat.DEFAULT_RESTART_INTERVAL, cf.restartInterval());
  }

  @Test
  void unfinishedFileIsRejected() throws Exception {
    MemVfs vfs = new MemVfs();
    try (StoreFileWriter w = new StoreFileWriter(vfs.create(PATH), PATH, SstFixtures.options().withBlockSize(64))) {
      for (int i = 0; i < 50; i++) {
        w.append(put(String.format("row%03d", i), "q", 1, "value", 1));
      }
      assertTrue(w.estimatedSize() > 0);
    }
    assertTrue(vfs.contents(PATH).length > StoreFileFormat.TRAILER_SIZE, "data blocks were written");
    dev.cellar.storage.CorruptionException e = assertThrows(dev.cellar.storage.CorruptionException.class,
        () -> StoreFileReader.open(vfs.open(PATH)));
    assertTrue(e.getMessage().contains(PATH), e.getMessage());
  }

  @Test
  void closedIteratorRefusesToMove() throws Exception {
    MemVfs vfs = new MemVfs();
    SstFixtures.write(vfs, PATH, SstFixtures.options(), List.of(put("r", "q", 1, "v", 1)));
    try (StoreFileReader reader = StoreFileReader.open(vfs.open(PATH))) {
      CellIterator it = reader.iterator();
      it.seekToFirst();
      assertTrue(it.valid());
      Cell held = it.cell();
      it.close();
      it.close();
      assertFalse(it.valid());
      assertThrows(IllegalStateException.class, it::seekToFirst);
      assertEquals(put("r", "q", 1, "v", 1), held, "cells stay valid after the iterator moves or closes");
    }
  }

  @Test
  void localFilesRoundTrip(@TempDir Path dir) throws Exception {
    Vfs vfs = new LocalVfs(dir);
    List<Cell> cells = SstFixtures.randomCells(new Random(17), 1500);
    StoreFileInfo written;
    try (StoreFileWriter w = new StoreFileWriter(vfs.create(PATH), PATH,
        SstFixtures.options().withCompression(Compression.SNAPPY).withBlockSize(4096))) {
      for (Cell c : cells) {
        w.append(c);
      }
      written = w.finish();
    }
    try (StoreFileReader reader = StoreFileReader.open(vfs.open(PATH))) {
      SstFixtures.assertCellsEqual(cells, SstFixtures.readAll(reader));
      assertEquals(written.fileSize(), reader.info().fileSize());
      assertEquals(written.entryCount(), reader.entryCount());
      assertTrue(reader.path().endsWith(PATH), reader.path());
    }
  }

  @Test
  void manyIteratorsInManyThreadsAgree() throws Exception {
    List<Cell> cells = SstFixtures.randomCells(new Random(23), 4000);
    MemVfs vfs = new MemVfs();
    SstFixtures.write(vfs, PATH, SstFixtures.options().withBlockSize(2048).withCompression(Compression.SNAPPY), cells);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try (StoreFileReader reader = StoreFileReader.open(vfs.open(PATH))) {
      List<Future<Integer>> results = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        int seed = t;
        results.add(pool.submit(() -> {
          Random rnd = new Random(seed);
          int checked = 0;
          try (CellIterator it = reader.iterator()) {
            for (Cell target : StoreFileRoundTripTest.seekTargets(rnd, cells, 300)) {
              int expected = SstFixtures.lowerBound(cells, target);
              it.seek(target);
              for (int k = 0; k < 20 && expected + k < cells.size(); k++) {
                assertEquals(cells.get(expected + k), it.cell());
                it.next();
                checked++;
              }
            }
          }
          return checked;
        }));
      }
      for (Future<Integer> f : results) {
        assertTrue(f.get(60, TimeUnit.SECONDS) > 1000);
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
