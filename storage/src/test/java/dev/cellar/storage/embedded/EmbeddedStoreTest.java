package dev.cellar.storage.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellType;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Compression;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Durability;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.StoreFileStats;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.TableExistsException;
import dev.cellar.storage.TableNotFoundException;
import dev.cellar.storage.fs.MemVfs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedStoreTest {
  private static TableDescriptor table(String name) {
    return TableDescriptor.newBuilder(name)
        .family(ColumnFamilyDescriptor.newBuilder("f").compression(Compression.SNAPPY).blockSize(1024).build())
        .family(ColumnFamilyDescriptor.of("g"))
        .build();
  }

  private static int count(Table t) {
    int n = 0;
    try (ResultScanner s = t.scanner(new Scan())) {
      for (Result r : s) {
        n++;
      }
    }
    return n;
  }

  @Test
  void dataSurvivesReopenFromLogAndFromFiles(@TempDir Path dir) {
    try (CellarStore s = EmbeddedStore.open(StoreOptions.builder(dir).flushOnClose(false).build())) {
      s.admin().createTable(table("t"));
      Table t = s.table("t");
      for (int i = 0; i < 500; i++) {
        t.put(new Put(Bytes.toBytes(String.format("r%04d", i))).addColumn("f", "q", "v" + i));
        if (i == 250) {
          s.admin().flush("t");
        }
      }
    }
    // Half came back from a store file, half from the log.
    try (CellarStore s = EmbeddedStore.open(StoreOptions.builder(dir).build())) {
      Table t = s.table("t");
      assertEquals(500, count(t));
      assertEquals("v499", t.get(new Get("r0499")).valueAsString("f", "q"));
      assertEquals("v3", t.get(new Get("r0003")).valueAsString("f", "q"));
    }
    // Closing flushed everything: the log holds nothing that must be replayed.
    try (CellarStore s = EmbeddedStore.open(StoreOptions.builder(dir).build())) {
      assertEquals(500, count(s.table("t")));
    }
  }

  @Test
  void theHighestTimestampIsKnownFromMemstoresFilesAndTheReplayedLog(@TempDir Path dir) {
    try (CellarStore s = EmbeddedStore.open(StoreOptions.builder(dir).flushOnClose(false).build())) {
      assertEquals(Long.MIN_VALUE, s.maxTimestamp());
      s.admin().createTable(table("t"));
      Table t = s.table("t");
      t.put(new Put("a").addColumn(Bytes.toBytes("f"), Bytes.toBytes("q"), 7_000, Bytes.toBytes("x")));
      assertEquals(7_000, s.maxTimestamp());
      s.admin().flush("t");
      t.put(new Put("b").addColumn(Bytes.toBytes("g"), Bytes.toBytes("q"), 5_000, Bytes.toBytes("y")));
      assertEquals(7_000, s.maxTimestamp(), "from the store file");
      t.delete(new Delete(Bytes.toBytes("c"), 9_000));
      assertEquals(9_000, s.maxTimestamp(), "a delete marker counts");
    }
    try (CellarStore s = EmbeddedStore.open(StoreOptions.builder(dir).flushOnClose(false).build())) {
      assertEquals(9_000, s.maxTimestamp(), "the marker came back from the log");
    }
  }

  @Test
  void droppedTableDataDoesNotReappearInANewTableOfTheSameName() {
    MemVfs fs = new MemVfs();
    try (CellarStore s = EmbeddedStore.open(StoreOptions.builder(fs).flushOnClose(false).build())) {
      s.admin().createTable(table("t"));
      s.table("t").put(new Put("old").addColumn("f", "q", "x"));
      s.admin().deleteTable("t");
      assertThrows(TableNotFoundException.class, () -> s.table("t"));
      s.admin().createTable(table("t"));
      s.table("t").put(new Put("new").addColumn("f", "q", "y"));
    }
    try (CellarStore s = EmbeddedStore.open(StoreOptions.builder(fs).build())) {
      Table t = s.table("t");
      assertEquals(1, count(t));
      assertTrue(t.get(new Get("old")).isEmpty());
      assertEquals("y", t.get(new Get("new")).valueAsString("f", "q"));
    }
  }

  @Test
  void createTwiceFailsAndListShowsSettings() {
    try (CellarStore s = EmbeddedStore.inMemory()) {
      s.admin().createTable(table("b"));
      s.admin().createTable(table("a"));
      assertThrows(TableExistsException.class, () -> s.admin().createTable(table("a")));
      List<String> names = new ArrayList<>();
      s.admin().listTables().forEach(d -> names.add(d.name()));
      assertEquals(List.of("a", "b"), names);
      assertEquals(Compression.SNAPPY, s.admin().describe("a").family("f").compression());
    }
  }

  @Test
  void flushesTrimTheLogAndOrphanFilesAreRemoved(@TempDir Path dir) throws Exception {
    StoreOptions opts = StoreOptions.builder(dir).flushSize(16 * 1024).walSegmentSize(8 * 1024).build();
    try (CellarStore s = EmbeddedStore.open(opts)) {
      s.admin().createTable(table("t"));
      Table t = s.table("t");
      byte[] value = new byte[200];
      for (int i = 0; i < 2000; i++) {
        t.put(new Put(Bytes.toBytes(i)).addColumn(Bytes.toBytes("f"), Bytes.toBytes("q"), value)
            .setDurability(Durability.ASYNC_WAL));
      }
      s.admin().flush("t");
      try (Stream<Path> logs = Files.list(dir.resolve("wal"))) {
        assertTrue(logs.count() <= 3, "old log segments are deleted once flushed");
      }
    }
    Files.write(dir.resolve("data").resolve("9999999999999999.sst"), new byte[] {1, 2, 3});
    try (CellarStore s = EmbeddedStore.open(StoreOptions.builder(dir).build())) {
      assertEquals(2000, count(s.table("t")));
    }
    assertFalse(Files.exists(dir.resolve("data").resolve("9999999999999999.sst")));
  }

  /** One row in table "small", then 5,000 rows of 200 bytes in table "large" (about 1.1 MB). */
  private static void writeSmallBesideLarge(EmbeddedStore s) {
    s.admin().createTable(table("small"));
    s.admin().createTable(table("large"));
    s.table("small").put(new Put("r").addColumn("g", "q", "v"));
    Table t = s.table("large");
    byte[] value = new byte[200];
    for (int i = 0; i < 5000; i++) {
      t.put(new Put(Bytes.toBytes(i)).addColumn(Bytes.toBytes("g"), Bytes.toBytes("q"), value));
    }
  }

  @Test
  void aSmallTableWrittenOnceDoesNotKeepTheLogOfALargeOneLoadedBesideIt(@TempDir Path dir) throws Exception {
    StoreOptions opts = StoreOptions.builder(dir).flushSize(64 * 1024).walSegmentSize(16 * 1024).build();
    try (EmbeddedStore s = EmbeddedStore.open(opts)) {
      writeSmallBesideLarge(s);
      // background flushes only: the large table's memstore passes the flush size again and again
      long deadline = System.nanoTime() + 10_000_000_000L;
      long logBytes;
      do {
        Thread.sleep(20);
        logBytes = 0;
        try (Stream<Path> logs = Files.list(dir.resolve("wal"))) {
          for (Path p : (Iterable<Path>) logs::iterator) {
            logBytes += Files.size(p);
          }
        }
      } while (logBytes > 4 * 64 * 1024 && System.nanoTime() < deadline);
      assertTrue(logBytes <= 4 * 64 * 1024, "log holds " + logBytes + " bytes after writing about 1.1 MB");
      assertEquals("v", Bytes.toString(s.table("small").get(new Get("r")).value(Bytes.toBytes("g"), Bytes.toBytes("q"))));
    }
    try (CellarStore s = EmbeddedStore.open(StoreOptions.builder(dir).build())) {
      assertEquals(5000, count(s.table("large")));
      assertEquals(1, count(s.table("small")));
    }
  }

  @Test
  void writesDuringAFlushDoNotQueueAnotherForTheFewCellsTheyAdd(@TempDir Path dir) throws Exception {
    StoreOptions opts = StoreOptions.builder(dir).flushSize(64 * 1024).compactionThreshold(1000).build();
    try (EmbeddedStore s = EmbeddedStore.open(opts)) {
      s.admin().createTable(table("t"));
      Table t = s.table("t");
      byte[] value = new byte[200];
      for (int i = 0; i < 20_000; i++) {
        t.put(new Put(Bytes.toBytes(i)).addColumn(Bytes.toBytes("g"), Bytes.toBytes("q"), value));
      }
      assertFlushedFull(s, "t", opts, value);
    }
    try (CellarStore s = EmbeddedStore.open(StoreOptions.builder(dir).build())) {
      assertEquals(20_000, count(s.table("t")));
    }
  }

  /**
   * Waits until {@code table}'s background flushes have caught up, then checks that each wrote a
   * memstore that had reached the flush size (cells of {@code value} in family g).
   */
  private static void assertFlushedFull(EmbeddedStore s, String table, StoreOptions opts, byte[] value)
      throws InterruptedException {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (s.admin().regions(table).get(0).memstoreBytes() >= 2 * opts.flushSize() && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    long fullFlush = opts.flushSize() / new Cell(Bytes.toBytes(0), Bytes.toBytes("g"), Bytes.toBytes("q"), 1,
        CellType.PUT, value).estimatedSize();
    List<StoreFileStats> files = s.admin().storeFiles(table);
    assertTrue(files.size() > 20, "flushed " + files.size() + " files");
    for (StoreFileStats f : files) {
      assertTrue(f.cells() >= fullFlush, "a flushed file of " + f.cells() + " cells, a full memstore holds "
          + fullFlush + ": " + files.size() + " files");
    }
  }

  @Test
  void tablesThatNeverReachTheFlushSizeDoNotKeepTheLogGrowing(@TempDir Path dir) throws Exception {
    // rows written over and over: 4 MB of log, never a full memstore
    StoreOptions opts = StoreOptions.builder(dir).flushSize(64L << 20).walSegmentSize(16 * 1024).build();
    try (EmbeddedStore s = EmbeddedStore.open(opts)) {
      s.admin().createTable(table("a"));
      s.admin().createTable(table("b"));
      byte[] value = new byte[200];
      for (int i = 0; i < 20_000; i++) {
        s.table(i % 2 == 0 ? "a" : "b")
            .put(new Put(Bytes.toBytes(i % 50)).addColumn(Bytes.toBytes("g"), Bytes.toBytes("q"), value));
      }
      long deadline = System.nanoTime() + 10_000_000_000L;
      long segments;
      do {
        Thread.sleep(20);
        try (Stream<Path> logs = Files.list(dir.resolve("wal"))) {
          segments = logs.count();
        }
      } while (segments > 8 && System.nanoTime() < deadline);
      assertTrue(segments <= 8, segments + " log segments of 16 KiB after writing about 4 MB");
    }
    try (CellarStore s = EmbeddedStore.open(StoreOptions.builder(dir).build())) {
      assertEquals(50, count(s.table("a")) + count(s.table("b")));
    }
  }

  /** 20,000 rows of {@code value} into a new table "large", and 7 rows written now and then into "small". */
  private static void loadBesideSmall(EmbeddedStore s, byte[] value) {
    s.admin().createTable(table("small"));
    s.admin().createTable(table("large"));
    Table large = s.table("large");
    Table small = s.table("small");
    for (int i = 0; i < 20_000; i++) {
      large.put(new Put(Bytes.toBytes(i)).addColumn(Bytes.toBytes("g"), Bytes.toBytes("q"), value));
      if (i % 100 == 0) {
        small.put(new Put(Bytes.toBytes(i % 7)).addColumn(Bytes.toBytes("g"), Bytes.toBytes("q"), value));
      }
    }
  }

  @Test
  void aSmallTableWrittenBesideALoadDoesNotHaveItFlushedInSmallFiles(@TempDir Path dir) throws Exception {
    StoreOptions opts = StoreOptions.builder(dir).flushSize(64 * 1024).walSegmentSize(256 * 1024)
        .compactionThreshold(1000).build();
    byte[] value = new byte[200];
    try (EmbeddedStore s = EmbeddedStore.open(opts)) {
      // the small table's flushes for the log's sake must not ask the large one back
      loadBesideSmall(s, value);
      assertFlushedFull(s, "large", opts, value);
      assertTrue(!s.admin().storeFiles("small").isEmpty(), "the small table was flushed for the log's sake");
    }
    try (CellarStore s = EmbeddedStore.open(StoreOptions.builder(dir).build())) {
      assertEquals(20_000, count(s.table("large")));
      assertEquals(7, count(s.table("small")));
    }
  }

  @Test
  void regionsAreAskedToFlushForTheLogOnlyOnceItHoldsASegmentsWorth(@TempDir Path dir) throws Exception {
    // about 5 MB of log in segments of 1 MiB; the large table flushed (and the log rolled) every 64 KiB
    StoreOptions opts = StoreOptions.builder(dir).flushSize(64 * 1024).walSegmentSize(1 << 20)
        .compactionThreshold(1000).build();
    byte[] value = new byte[200];
    try (EmbeddedStore s = EmbeddedStore.open(opts)) {
      loadBesideSmall(s, value);
      assertFlushedFull(s, "large", opts, value);
      // asked at each of the large table's flushes, it would have more than 20 files
      int smallFiles = s.admin().storeFiles("small").size();
      assertTrue(smallFiles >= 1 && smallFiles <= 8, "the small table flushed " + smallFiles + " times");
      try (Stream<Path> logs = Files.list(dir.resolve("wal"))) {
        long bytes = 0;
        for (Path p : (Iterable<Path>) logs::iterator) {
          bytes += Files.size(p);
        }
        assertTrue(bytes <= 3 * opts.walSegmentSize(), "log of " + bytes + " bytes left");
      }
    }
  }

  @Test
  void reopeningLeavesNoEmptyLogSegmentsBehind(@TempDir Path dir) throws Exception {
    StoreOptions opts = StoreOptions.builder(dir).build();
    try (EmbeddedStore s = EmbeddedStore.open(opts)) {
      s.admin().createTable(table("t"));
      s.table("t").put(new Put("r").addColumn("g", "q", "v"));
    }
    for (int i = 0; i < 5; i++) {
      try (EmbeddedStore s = EmbeddedStore.open(opts)) {
        assertEquals(1, count(s.table("t")));
      }
    }
    try (Stream<Path> logs = Files.list(dir.resolve("wal"))) {
      List<Path> left = logs.toList();
      assertTrue(left.size() <= 1, "segments left after six opens: " + left);
    }
  }

  @Test
  void keptLogSegmentsWaitForTheRegionsHoldingTheirWrites(@TempDir Path dir) throws Exception {
    StoreOptions opts = StoreOptions.builder(dir).flushSize(64 * 1024).walSegmentSize(16 * 1024)
        .keptLogSegments(1000).build();
    try (EmbeddedStore s = EmbeddedStore.open(opts)) {
      writeSmallBesideLarge(s);
      s.admin().flush("large");
      assertTrue(s.admin().storeFiles("small").isEmpty(), "the small table is not flushed for the log's sake");
      try (Stream<Path> logs = Files.list(dir.resolve("wal"))) {
        long n = logs.count();
        assertTrue(n > 40, "every segment since the small table's write stays: " + n);
      }
    }
    try (CellarStore s = EmbeddedStore.open(StoreOptions.builder(dir).build())) {
      assertEquals(5000, count(s.table("large")));
      assertEquals(1, count(s.table("small")));
    }
    assertThrows(IllegalArgumentException.class, () -> StoreOptions.builder(dir).keptLogSegments(-1));
  }

  @Test
  void warmReadsComeFromTheBlockCacheUnlessTheFamilyOptsOut() {
    TableDescriptor d = TableDescriptor.newBuilder("t")
        .family(ColumnFamilyDescriptor.of("f"))
        .family(ColumnFamilyDescriptor.newBuilder("nc").blockCache(false).build())
        .build();
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.inMemory().blockCacheSize(1 << 20).build())) {
      s.admin().createTable(d);
      Table t = s.table("t");
      t.put(new Put("r").addColumn("f", "q", "v").addColumn("nc", "q", "w"));
      s.admin().flush("t");
      long before = s.dataBlocksRead();
      t.get(new Get("r").addFamily("f"));
      assertEquals(before + 1, s.dataBlocksRead(), "first read loads the block");
      t.get(new Get("r").addFamily("f"));
      assertEquals(before + 1, s.dataBlocksRead(), "second read is served by the cache");
      assertTrue(s.blockCache().stats().hits() >= 1);
      t.get(new Get("r").addFamily("nc"));
      t.get(new Get("r").addFamily("nc"));
      assertEquals(before + 3, s.dataBlocksRead(), "BLOCKCACHE false reads the file every time");
    }
  }

  @Test
  void inMemoryFamiliesKeepTheirBlocksWhileLargeScansChurnTheCache() {
    TableDescriptor d = TableDescriptor.newBuilder("t")
        .family(ColumnFamilyDescriptor.newBuilder("hot").inMemory(true).blockSize(1024).build())
        .family(ColumnFamilyDescriptor.newBuilder("bulk").blockSize(1024).build())
        .build();
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.inMemory().blockCacheSize(256 * 1024).build())) {
      s.admin().createTable(d);
      Table t = s.table("t");
      byte[] small = new byte[100];
      byte[] big = new byte[900];
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < 3000; i++) {
        Put p = new Put(Bytes.toBytes(String.format("r%05d", i))).addColumn(Bytes.toBytes("bulk"), Bytes.toBytes("q"), big);
        if (i < 100) {
          p.addColumn(Bytes.toBytes("hot"), Bytes.toBytes("q"), small);
        }
        puts.add(p);
      }
      t.batch(puts);
      s.admin().flush("t");
      for (int i = 0; i < 100; i++) {
        t.get(new Get(Bytes.toBytes(String.format("r%05d", i))).addFamily("hot"));
      }
      // A scan of 3000 blocks of the bulk family: far more than the cache holds.
      try (ResultScanner sc = t.scanner(new Scan().addFamily("bulk"))) {
        for (Result r : sc) {
          assertEquals(1, r.size());
        }
      }
      assertTrue(s.blockCache().stats().evictions() > 0, "the scan churned the cache");
      long before = s.dataBlocksRead();
      for (int i = 0; i < 100; i++) {
        t.get(new Get(Bytes.toBytes(String.format("r%05d", i))).addFamily("hot"));
      }
      assertEquals(before, s.dataBlocksRead(), "IN_MEMORY blocks survived the scan");
    }
  }

  @Test
  void aDisabledTableStaysDisabledAcrossReopen() {
    MemVfs fs = new MemVfs();
    try (CellarStore s = EmbeddedStore.open(StoreOptions.builder(fs).build())) {
      s.admin().createTable(table("t"));
      s.admin().disableTable("t");
    }
    try (CellarStore s = EmbeddedStore.open(StoreOptions.builder(fs).build())) {
      assertFalse(s.admin().isTableEnabled("t"));
      assertThrows(dev.cellar.storage.TableNotEnabledException.class, () -> s.table("t").get(new Get("r")));
      s.admin().enableTable("t");
    }
    try (CellarStore s = EmbeddedStore.open(StoreOptions.builder(fs).build())) {
      assertTrue(s.admin().isTableEnabled("t"));
      assertTrue(s.table("t").get(new Get("r")).isEmpty());
    }
  }

  @Test
  void inMemoryStoreWorksWithoutFiles() {
    try (CellarStore s = EmbeddedStore.inMemory()) {
      s.admin().createTable(table("t"));
      s.table("t").put(new Put("r").addColumn("g", "q", "v"));
      s.admin().flush("t");
      s.table("t").put(new Put("r").addColumn("g", "q2", "w"));
      Result r = s.table("t").get(new Get("r"));
      assertEquals(2, r.size());
    }
  }
}
