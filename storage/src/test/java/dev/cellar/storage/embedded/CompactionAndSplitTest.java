package dev.cellar.storage.embedded;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Compression;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Get;
import dev.cellar.storage.NoSuchFamilyException;
import dev.cellar.storage.Put;
import dev.cellar.storage.RegionInfo;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.SplitKeys;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.TableNotEnabledException;
import dev.cellar.storage.fs.MemVfs;
import dev.cellar.storage.sst.StoreFileReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompactionAndSplitTest {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");

  private static List<String> rows(Table t, Scan s) {
    List<String> out = new ArrayList<>();
    try (ResultScanner sc = t.scanner(s)) {
      for (Result r : sc) {
        out.add(Bytes.toString(r.row()));
      }
    }
    return out;
  }

  private static int files(CellarStore s, String table) {
    int n = 0;
    for (RegionInfo r : s.admin().regions(table)) {
      n += r.storeFiles();
    }
    return n;
  }

  @Test
  void majorCompactionPurgesTtlVersionsAndDeletesButKeepsMinVersions() {
    long[] now = {1_000_000};
    // Minor compactions in the background: the surplus versions stay until the major one asked for.
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.inMemory().clock(() -> now[0]).majorAtThreshold(false).build())) {
      s.admin().createTable(TableDescriptor.newBuilder("t")
          .family(ColumnFamilyDescriptor.newBuilder("f").maxVersions(2).build())
          .family(ColumnFamilyDescriptor.newBuilder("ttl").maxVersions(5).minVersions(1).ttlSeconds(10).build())
          .build());
      Table t = s.table("t");
      for (long ts = 1; ts <= 4; ts++) {
        t.put(new Put(Bytes.toBytes("a"), ts).addColumn(F, Q, Bytes.toBytes("v" + ts)));
        t.put(new Put(Bytes.toBytes("a"), now[0] - 20_000 + ts).addColumn(Bytes.toBytes("ttl"), Q, Bytes.toBytes("x" + ts)));
        s.admin().flush("t");
      }
      t.put(new Put("b").addColumn("f", "q", "gone"));
      t.delete(new Delete(Bytes.toBytes("b")));
      s.admin().flush("t");
      // Before compaction: surplus versions exist (a time range below the newest two still finds v1).
      Result old = t.get(new Get("a").addColumn(F, Q).setTimeRange(0, 2));
      assertEquals("v1", Bytes.toString(old.value(F, Q)));

      s.admin().majorCompact("t");
      assertEquals(2, files(s, "t"), "one file per family");
      // Surplus version v1, v2 are gone for good; deleted row b leaves no marker behind.
      assertTrue(t.get(new Get("a").addColumn(F, Q).setTimeRange(0, 3)).isEmpty());
      Result a = t.get(new Get("a").addFamily("f").readAllVersions());
      assertEquals(List.of("v4", "v3"), values(a));
      // Every ttl version expired; MIN_VERSIONS keeps the newest.
      Result ttl = t.get(new Get("a").addFamily("ttl").readAllVersions());
      assertEquals(List.of("x4"), values(ttl));
      assertEquals(List.of("a"), rows(t, new Scan()));
      for (RegionInfo r : s.admin().regions("t")) {
        assertEquals(3, r.cells(), "v4, v3 and x4 are all that is stored");
      }
    }
  }

  private static List<String> values(Result r) {
    List<String> out = new ArrayList<>();
    for (Cell c : r.cells()) {
      out.add(Bytes.toString(c.value()));
    }
    return out;
  }

  @Test
  void minorCompactionKeepsEveryCellAndRunsAtTheThreshold() {
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.inMemory().compactionThreshold(3).build())) {
      s.admin().createTable(TableDescriptor.of("t", "f"));
      Table t = s.table("t");
      t.put(new Put(Bytes.toBytes("r"), 5).addColumn(F, Q, Bytes.toBytes("old")));
      s.admin().flush("t");
      t.delete(new Delete(Bytes.toBytes("r")).addColumn(F, Q, 5));
      s.admin().flush("t");
      assertEquals(2, files(s, "t"));
      s.admin().compact("t");
      assertEquals(1, files(s, "t"), "explicit compact merges below the threshold too");
      assertTrue(t.get(new Get("r")).isEmpty(), "the marker survived the minor compaction");
      // A put older than the kept marker stays masked (HBase: deletes mask puts until major compaction).
      t.put(new Put(Bytes.toBytes("r"), 5).addColumn(F, Q, Bytes.toBytes("again")));
      assertTrue(t.get(new Get("r")).isEmpty());
    }
  }

  @Test
  void compactionsAfterFlushesDropOverwrittenVersionsAndDeletedRows() throws Exception {
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.inMemory().compactionThreshold(3).majorAtThreshold(true)
        .build())) {
      s.admin().createTable(TableDescriptor.newBuilder("t")
          .family(ColumnFamilyDescriptor.newBuilder("f").maxVersions(1).build()).build());
      Table t = s.table("t");
      for (int round = 0; round < 3; round++) {
        for (int i = 0; i < 100; i++) {
          t.put(new Put(Bytes.toBytes("r" + i), 10 + 10 * round).addColumn(F, Q, Bytes.toBytes("v" + round)));
        }
        t.delete(new Delete(Bytes.toBytes("r" + round), 15 + 10 * round));
        s.admin().flush("t");
      }
      // The third flush reached the threshold: the compaction it starts keeps what reads return (the
      // newest version of 99 rows; r2 was deleted last), not the 300 puts and 3 markers (they stayed
      // until the weekly major compaction, the table growing meanwhile).
      long cells = -1;
      for (int i = 0; i < 200 && cells != 99; i++) {
        Thread.sleep(50);
        cells = s.admin().regions("t").get(0).cells();
      }
      assertEquals(99, cells, "cells stored after the compaction");
      assertEquals(1, files(s, "t"));
      assertEquals(99, rows(t, new Scan()).size());
      assertEquals("v2", Bytes.toString(t.get(new Get("r50")).value(F, Q)));
    }
  }

  @Test
  void alteredCompressionAppliesAfterMajorCompaction(@TempDir Path dir) throws Exception {
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.builder(dir).build())) {
      s.admin().createTable(TableDescriptor.of("t", "f"));
      Table t = s.table("t");
      for (int i = 0; i < 2000; i++) {
        t.put(new Put(Bytes.toBytes(String.format("row%05d", i))).addColumn("f", "q", "value value value " + i));
      }
      s.admin().flush("t");
      assertEquals(Compression.NONE, onlyFile(dir).info().compression());
      s.admin().modifyFamily("t", ColumnFamilyDescriptor.newBuilder("f").compression(Compression.GZIP).blockSize(4096)
          .build());
      assertEquals(Compression.NONE, onlyFile(dir).info().compression(), "existing files are not rewritten by alter");
      s.admin().majorCompact("t");
      StoreFileReader r = onlyFile(dir);
      assertEquals(Compression.GZIP, r.info().compression());
      assertEquals(4096, r.info().blockSize());
      r.close();
      assertEquals(2000, rows(t, new Scan()).size());
      assertEquals("value value value 7", t.get(new Get("row00007")).valueAsString("f", "q"));
    }
  }

  @Test
  void aFamilyAtTheThresholdWhenTheStoreOpensIsCompacted(@TempDir Path dir) throws Exception {
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.builder(dir).build())) {
      s.admin().createTable(TableDescriptor.of("t", "f"));
      Table t = s.table("t");
      for (int i = 0; i < 300; i++) {
        t.put(new Put(Bytes.toBytes(String.format("row%05d", i))).addColumn("f", "q", "v" + i));
        if (i == 99 || i == 199) {
          s.admin().flush("t");
        }
      }
      assertEquals(2, files(s, "t"));
    }
    // the flush at close wrote the third file, and nothing compacted it
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.builder(dir).build())) {
      long deadline = System.nanoTime() + 30_000_000_000L;
      while (files(s, "t") > 1 && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertEquals(1, files(s, "t"), "the three files of the reopened store are compacted into one");
      assertEquals(300, rows(s.table("t"), new Scan()).size());
      assertEquals("v7", s.table("t").get(new Get("row00007")).valueAsString("f", "q"));
    }
  }

  private static StoreFileReader onlyFile(Path dir) throws Exception {
    List<Path> files;
    try (Stream<Path> st = Files.list(dir.resolve("data"))) {
      files = st.toList();
    }
    assertEquals(1, files.size(), "files: " + files);
    return StoreFileReader.open(new dev.cellar.storage.fs.LocalVfs(dir).open("data/" + files.get(0).getFileName()));
  }

  @Test
  void splitKeysLongerThanARowKeyAreRefused(@TempDir Path dir) throws Exception {
    byte[] tooLong = new byte[dev.cellar.storage.Mutation.MAX_ROW_LENGTH + 1];
    java.util.Arrays.fill(tooLong, (byte) 'x');
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.builder(dir).build())) {
      IllegalArgumentException create = assertThrows(IllegalArgumentException.class,
          () -> s.admin().createTable(TableDescriptor.of("t1", "f1"), new byte[][] {tooLong}));
      assertTrue(create.getMessage().contains("longer than the maximum row key"), create.getMessage());
      s.admin().createTable(TableDescriptor.of("t1", "f1"));
      assertThrows(IllegalArgumentException.class, () -> s.admin().split("t1", tooLong));
      s.admin().split("t1", java.util.Arrays.copyOf(tooLong, dev.cellar.storage.Mutation.MAX_ROW_LENGTH));
    }
    // the MANIFEST it wrote reads back: the longest boundary is a row key's length
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.builder(dir).build())) {
      assertEquals(2, s.admin().regions("t1").size());
    }
  }

  @Test
  void preSplitTablesScanAcrossRegionsInBothDirections() {
    try (CellarStore s = EmbeddedStore.inMemory()) {
      byte[][] splits = {Bytes.toBytes("10"), Bytes.toBytes("20"), Bytes.toBytes("30"), Bytes.toBytes("40")};
      s.admin().createTable(TableDescriptor.of("t1", "f1"), splits);
      List<RegionInfo> regions = s.admin().regions("t1");
      assertEquals(5, regions.size());
      assertArrayEquals(Bytes.toBytes("10"), regions.get(0).endRow());
      assertArrayEquals(Bytes.toBytes("40"), regions.get(4).startRow());
      Table t = s.table("t1");
      List<String> all = new ArrayList<>();
      for (int i = 0; i < 50; i += 3) {
        String k = String.format("%02d", i);
        all.add(k);
        t.put(new Put(k).addColumn("f1", "q", k));
      }
      assertEquals(all, rows(t, new Scan()));
      List<String> rev = new ArrayList<>(all);
      java.util.Collections.reverse(rev);
      assertEquals(rev, rows(t, new Scan().setReversed(true)));
      assertEquals(List.of("12", "15", "18", "21"), rows(t, new Scan().withStartRow(Bytes.toBytes("11"))
          .withStopRow(Bytes.toBytes("22"))));
      assertEquals(List.of("21", "18", "15"), rows(t, new Scan().setReversed(true).withStartRow(Bytes.toBytes("21"))
          .withStopRow(Bytes.toBytes("12"))));
      assertEquals(List.of("09", "12", "15"), rows(t, new Scan().withStartRow(Bytes.toBytes("09")).setLimit(3)));
      long writes = 0;
      for (RegionInfo r : s.admin().regions("t1")) {
        writes += r.writeRequests();
      }
      assertEquals(all.size(), writes);
    }
  }

  @Test
  void largeScansReadRegionsAheadAndReleaseThemWhenClosedEarly(@TempDir Path dir) throws Exception {
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.builder(dir).build())) {
      s.admin().createTable(TableDescriptor.of("t", "f"), SplitKeys.hex(2, 8));
      Table t = s.table("t");
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < 4096; i++) {
        puts.add(new Put(Bytes.toBytes(String.format("%03x", i))).addColumn("f", "q", "v" + i));
      }
      t.batch(puts);
      s.admin().flush("t");
      List<String> all = rows(t, new Scan());
      assertEquals(4096, all.size());
      for (int i = 0; i < all.size(); i++) {
        assertEquals(String.format("%03x", i), all.get(i));
      }
      List<String> rev = rows(t, new Scan().setReversed(true));
      assertEquals(String.format("%03x", 4095), rev.get(0));
      assertEquals(4096, rev.size());
      // Stop after a few rows while prefetchers are filling their queues; the files must be released.
      for (int k = 0; k < 20; k++) {
        try (ResultScanner sc = t.scanner(new Scan())) {
          sc.next();
          sc.next();
        }
      }
      s.admin().majorCompact("t");
      long deadline = System.nanoTime() + 5_000_000_000L;
      int onDisk;
      do {
        try (Stream<Path> st = Files.list(dir.resolve("data"))) {
          onDisk = (int) st.count();
        }
      } while (onDisk != 8 && System.nanoTime() < deadline);
      assertEquals(8, onDisk, "only the compacted file of each region is left");
    }
  }

  @Test
  void filteredScansOverManyRegionsKeepTheFilterPerRegionOrPerScan() {
    try (EmbeddedStore s = EmbeddedStore.inMemory()) {
      s.admin().createTable(TableDescriptor.of("t", "f"), SplitKeys.hex(2, 8));
      Table t = s.table("t");
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < 4096; i++) {
        puts.add(new Put(Bytes.toBytes(String.format("%03x", i))).addColumn("f", "q", i % 3 == 0 ? "x" : "y"));
      }
      t.batch(puts);
      // Copyable filter: one copy per region, regions read ahead in parallel; rows still in order.
      dev.cellar.storage.filter.Filter scv = new dev.cellar.storage.filter.SingleColumnValueFilter(F, Q,
          dev.cellar.storage.filter.CompareOperator.EQUAL, Bytes.toBytes("x"));
      List<String> got = rows(t, new Scan().setFilter(scv));
      List<String> want = new ArrayList<>();
      for (int i = 0; i < 4096; i += 3) {
        want.add(String.format("%03x", i));
      }
      assertEquals(want, got);
      List<String> rev = new ArrayList<>(want);
      java.util.Collections.reverse(rev);
      assertEquals(rev, rows(t, new Scan().setReversed(true).setFilter(scv.copy())));
      // A page spans the whole scan, across regions.
      assertEquals(want.subList(0, 700).size(), rows(t, new Scan().setFilter(new dev.cellar.storage.filter.FilterList(
          scv.copy(), new dev.cellar.storage.filter.PageFilter(700)))).size());
    }
  }

  @Test
  void splitsUnderConcurrentWritesLoseNothing() throws Exception {
    MemVfs fs = new MemVfs();
    ConcurrentHashMap<String, String> acked = new ConcurrentHashMap<>();
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.builder(fs).flushSize(8 * 1024).build())) {
      s.admin().createTable(TableDescriptor.of("t", "f"));
      Table t = s.table("t");
      AtomicBoolean stop = new AtomicBoolean();
      AtomicLong counter = new AtomicLong();
      ExecutorService pool = Executors.newFixedThreadPool(4);
      List<Future<?>> writers = new ArrayList<>();
      for (int w = 0; w < 3; w++) {
        writers.add(pool.submit(() -> {
          while (!stop.get()) {
            long i = counter.incrementAndGet();
            String row = String.format("%08x", Long.reverse(i) >>> 32);
            String v = "v" + i;
            t.put(new Put(row).addColumn("f", "q", v));
            acked.put(row, v);
          }
          return null;
        }));
      }
      for (int i = 0; i < 6; i++) {
        Thread.sleep(60);
        s.admin().split("t");
        // A scan that runs across the split sees every row acknowledged before it opened.
        int before = acked.size();
        assertTrue(rows(t, new Scan()).size() >= before);
      }
      stop.set(true);
      for (Future<?> f : writers) {
        f.get();
      }
      pool.shutdown();
      assertTrue(s.admin().regions("t").size() >= 4, "regions: " + s.admin().regions("t").size());
      assertAllPresent(t, acked);
      s.admin().majorCompact("t");
      assertAllPresent(t, acked);
    }
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.builder(fs).build())) {
      assertAllPresent(s.table("t"), acked);
      assertTrue(s.admin().regions("t").size() >= 4, "regions survive a reopen");
    }
  }

  private static void assertAllPresent(Table t, java.util.Map<String, String> acked) {
    int n = 0;
    try (ResultScanner sc = t.scanner(new Scan())) {
      String prev = "";
      for (Result r : sc) {
        String row = Bytes.toString(r.row());
        assertTrue(row.compareTo(prev) > 0, "rows in order across regions");
        prev = row;
        assertEquals(acked.get(row), r.valueAsString("f", "q"), row);
        n++;
      }
    }
    assertEquals(acked.size(), n);
  }

  @Test
  void automaticSplitAtTheConfiguredSize() throws Exception {
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.inMemory().flushSize(16 * 1024).regionSplitSize(64 * 1024)
        .build())) {
      s.admin().createTable(TableDescriptor.of("t", "f"));
      Table t = s.table("t");
      byte[] v = new byte[100];
      for (int i = 0; i < 5000; i++) {
        t.put(new Put(Bytes.toBytes(String.format("k%06d", i))).addColumn(F, Q, v));
      }
      s.admin().flush("t");
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (s.admin().regions("t").size() < 2 && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertTrue(s.admin().regions("t").size() >= 2);
      assertEquals(5000, rows(t, new Scan()).size());
    }
  }

  @Test
  void daughtersDoNotSplitAgainUntilTheirHalfIsRewritten() throws Exception {
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.inMemory().regionSplitSize(64 << 10).build())) {
      s.admin().createTable(TableDescriptor.of("t", "f"));
      Table t = s.table("t");
      for (int i = 0; i < 100; i++) {
        t.put(new Put(String.format("r%03d", i)).addColumn("f", "q", new byte[1000]));
      }
      s.admin().flush("t");
      awaitQuiet(s);
      for (int round = 1; round <= 5; round++) {
        for (int i = 0; i < 100; i++) {
          t.put(new Put(String.format("r%03d", i)).addColumn("f", "x", new byte[10]));
        }
        s.admin().flush("t");
        awaitQuiet(s);
      }
      // About 100 KB of data at a 64 KB split size: a few regions, not one per row.
      int regions = s.admin().regions("t").size();
      assertTrue(regions >= 2 && regions <= 4, "regions: " + s.admin().regions("t"));
      for (RegionInfo r : s.admin().regions("t")) {
        assertTrue(r.storeFiles() <= 3, "daughters were compacted: " + r);
      }
      assertEquals(100, rows(t, new Scan()).size());
    }
  }

  /** Waits until background compactions and splits stop changing the region layout. */
  private static void awaitQuiet(EmbeddedStore s) throws InterruptedException {
    String before = "";
    for (int i = 0; i < 100; i++) {
      Thread.sleep(50);
      String now = s.admin().regions("t").toString().replaceAll("READS => \\d+, WRITES => \\d+", "");
      if (now.equals(before)) {
        return;
      }
      before = now;
    }
  }

  @Test
  @org.junit.jupiter.api.Timeout(120) // a hang here is a lock-order deadlock
  void altersSplitsAndWritesRunTogether() throws Exception {
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.inMemory().flushSize(8 * 1024).build())) {
      s.admin().createTable(TableDescriptor.of("t", "f"));
      Table t = s.table("t");
      AtomicBoolean stop = new AtomicBoolean();
      ExecutorService pool = Executors.newFixedThreadPool(3);
      Future<?> writer = pool.submit(() -> {
        for (int i = 0; !stop.get(); i++) {
          t.put(new Put(String.format("%08x", Long.reverse(i) >>> 32)).addColumn("f", "q", "v" + i));
        }
        return null;
      });
      Future<?> splitter = pool.submit(() -> {
        for (int i = 0; i < 8 && !stop.get(); i++) {
          s.admin().split("t");
          Thread.sleep(20);
        }
        return null;
      });
      Future<?> alterer = pool.submit(() -> {
        for (int i = 0; i < 40 && !stop.get(); i++) {
          s.admin().modifyFamily("t", ColumnFamilyDescriptor.newBuilder("f").maxVersions(1 + i % 3).build());
        }
        return null;
      });
      splitter.get();
      alterer.get();
      stop.set(true);
      writer.get();
      pool.shutdown();
      int versions = s.admin().describe("t").family("f").maxVersions();
      assertEquals(versions, 1 + 39 % 3);
      assertTrue(s.admin().regions("t").size() > 1);
      assertTrue(rows(t, new Scan()).size() > 0);
    }
  }

  @Test
  void alterDisableEnableTruncate() {
    try (CellarStore s = EmbeddedStore.inMemory()) {
      s.admin().createTable(TableDescriptor.of("t", "f"), new byte[][] {Bytes.toBytes("m")});
      Table t = s.table("t");
      t.put(new Put("a").addColumn("f", "q", "1"));
      s.admin().addFamily("t", ColumnFamilyDescriptor.newBuilder("g").maxVersions(1).build());
      t.put(new Put("a").addColumn("g", "q", "2"));
      assertEquals("2", t.get(new Get("a")).valueAsString("g", "q"));
      s.admin().deleteFamily("t", "g");
      assertThrows(NoSuchFamilyException.class, () -> t.put(new Put("a").addColumn("g", "q", "3")));
      assertNull(t.get(new Get("a")).valueAsString("g", "q"));
      assertThrows(IllegalArgumentException.class, () -> s.admin().deleteFamily("t", "f"));

      s.admin().disableTable("t");
      assertTrue(!s.admin().isTableEnabled("t"));
      assertThrows(TableNotEnabledException.class, () -> t.get(new Get("a")));
      s.admin().enableTable("t");
      assertEquals("1", t.get(new Get("a")).valueAsString("f", "q"));

      s.admin().truncateTable("t", true);
      assertEquals(2, s.admin().regions("t").size(), "splits preserved");
      assertTrue(s.table("t").get(new Get("a")).isEmpty());
    }
  }
}
