package dev.cellar.storage.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.BulkLoad;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.CellType;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Get;
import dev.cellar.storage.Mutation;
import dev.cellar.storage.NoSuchFamilyException;
import dev.cellar.storage.Put;
import dev.cellar.storage.RegionInfo;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.TableNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BulkLoadTest {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] G = Bytes.toBytes("g");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final byte[][] SPLITS = {Bytes.toBytes("r20"), Bytes.toBytes("r50"), Bytes.toBytes("r80")};

  private static TableDescriptor descriptor(String name) {
    return TableDescriptor.newBuilder(name)
        .family(ColumnFamilyDescriptor.newBuilder("f").maxVersions(3).build())
        .family(ColumnFamilyDescriptor.newBuilder("g").maxVersions(1).build())
        .build();
  }

  private static Cell put(String row, byte[] family, String q, long ts, String value) {
    return new Cell(Bytes.toBytes(row), family, Bytes.toBytes(q), ts, CellType.PUT, Bytes.toBytes(value));
  }

  /** The cell written as a normal mutation, as a writer without bulk loads would. */
  private static Mutation mutation(Cell c) {
    switch (c.type()) {
      case PUT:
        return new Put(c.row()).addColumn(c.family(), c.qualifier(), c.timestamp(), c.value());
      case DELETE:
        return new Delete(c.row()).addColumn(c.family(), c.qualifier(), c.timestamp());
      case DELETE_COLUMN:
        return new Delete(c.row()).addColumns(c.family(), c.qualifier(), c.timestamp());
      case DELETE_FAMILY:
        return new Delete(c.row()).addFamily(c.family(), c.timestamp());
      case DELETE_FAMILY_VERSION:
        return new Delete(c.row()).addFamilyVersion(c.family(), c.timestamp());
      default:
        throw new IllegalArgumentException(c.toString());
    }
  }

  /** Everything a scan returns, as text without sequence numbers. */
  private static List<String> scan(Table t, Scan s) {
    List<String> out = new ArrayList<>();
    try (ResultScanner sc = t.scanner(s)) {
      for (Result r : sc) {
        out.add(text(r));
      }
    }
    return out;
  }

  private static String text(Result r) {
    StringBuilder b = new StringBuilder();
    for (Cell c : r.cells()) {
      b.append(Bytes.toStringBinary(c.row())).append('/').append(Bytes.toStringBinary(c.family())).append(':')
          .append(Bytes.toStringBinary(c.qualifier())).append('/').append(c.timestamp()).append('=')
          .append(Bytes.toStringBinary(c.value())).append(' ');
    }
    return b.toString();
  }

  /** Compares the two tables through scans (several shapes) and gets. */
  private static void assertSame(Table expected, Table actual, Random rnd, String when) {
    List<Scan> scans = List.of(new Scan(), new Scan().readAllVersions(), new Scan().readVersions(2),
        new Scan().setReversed(true).readAllVersions(), new Scan().addFamily(F).readAllVersions(),
        new Scan().withStartRow(Bytes.toBytes("r3")).withStopRow(Bytes.toBytes("r7")).readAllVersions(),
        new Scan().readAllVersions().setTimeRange(3, 7), new Scan().addColumn(G, Bytes.toBytes("q1")));
    for (Scan s : scans) {
      assertEquals(scan(expected, s), scan(actual, s), when + ": " + s);
    }
    for (int i = 0; i < 30; i++) {
      String row = String.format("r%02d", rnd.nextInt(100));
      Get g = new Get(Bytes.toBytes(row)).readAllVersions();
      assertEquals(text(expected.get(g)), text(actual.get(g)), when + ": get " + row);
      Get one = new Get(Bytes.toBytes(row)).addColumn(F, Bytes.toBytes("q" + rnd.nextInt(3)));
      assertEquals(text(expected.get(one)), text(actual.get(one)), when + ": get " + one);
    }
  }

  private static Cell randomCell(Random rnd) {
    byte[] row = Bytes.toBytes(String.format("r%02d", rnd.nextInt(100)));
    byte[] family = rnd.nextInt(3) == 0 ? G : F;
    long ts = 1 + rnd.nextInt(9);
    int kind = rnd.nextInt(20);
    if (kind == 0) {
      return new Cell(row, family, Bytes.EMPTY, ts, CellType.DELETE_FAMILY, Bytes.EMPTY);
    }
    if (kind == 1) {
      return new Cell(row, family, Bytes.EMPTY, ts, CellType.DELETE_FAMILY_VERSION, Bytes.EMPTY);
    }
    byte[] q = Bytes.toBytes("q" + rnd.nextInt(3));
    if (kind == 2) {
      return new Cell(row, family, q, ts, CellType.DELETE, Bytes.EMPTY);
    }
    if (kind == 3) {
      return new Cell(row, family, q, ts, CellType.DELETE_COLUMN, Bytes.EMPTY);
    }
    return new Cell(row, family, q, ts, CellType.PUT, Bytes.toBytes("v" + rnd.nextInt(1000)));
  }

  /** A sorted run without repeated coordinates. */
  private static List<Cell> randomRun(Random rnd, int n) {
    TreeSet<Cell> run = new TreeSet<>(CellComparator.INSTANCE);
    while (run.size() < n) {
      run.add(randomCell(rnd));
    }
    return new ArrayList<>(run);
  }

  @Test
  void loadedCellsReadAsTheSameCellsWrittenNormally() {
    for (long seed = 1; seed <= 6; seed++) {
      Random rnd = new Random(seed);
      // Minor compactions only (after a split too), as the test asks for them: a major one would drop
      // versions of one table that reads of older time ranges still find in the other.
      try (EmbeddedStore s = EmbeddedStore.open(
          StoreOptions.inMemory().compactionThreshold(100).majorAtThreshold(false).build())) {
        s.admin().createTable(descriptor("normal"), SPLITS);
        s.admin().createTable(descriptor("loaded"), SPLITS);
        Table normal = s.table("normal");
        Table loaded = s.table("loaded");
        // writes before the load, some flushed
        for (int i = 0; i < 150; i++) {
          Mutation m = mutation(randomCell(rnd));
          normal.batch(List.of(m));
          loaded.batch(List.of(m));
          if (i == 70) {
            s.admin().flush("normal");
            s.admin().flush("loaded");
          }
        }
        // the load: several runs; written normally run after run
        try (BulkLoad load = loaded.startBulkLoad()) {
          int runs = 1 + rnd.nextInt(4);
          for (int r = 0; r < runs; r++) {
            List<Cell> run = randomRun(rnd, 50 + rnd.nextInt(300));
            load.addSortedRun(run.iterator());
            for (Cell c : run) {
              normal.batch(List.of(mutation(c)));
            }
          }
          load.commit();
        }
        assertSame(normal, loaded, rnd, "seed " + seed + " after the load");
        // writes after the load, at the same timestamps: they win ties
        for (int i = 0; i < 150; i++) {
          Mutation m = mutation(randomCell(rnd));
          normal.batch(List.of(m));
          loaded.batch(List.of(m));
        }
        assertSame(normal, loaded, rnd, "seed " + seed + " after later writes");
        s.admin().flush("normal");
        s.admin().flush("loaded");
        s.admin().compact("normal");
        s.admin().compact("loaded");
        assertSame(normal, loaded, rnd, "seed " + seed + " after a minor compaction");
        s.admin().split("normal", Bytes.toBytes("r35"));
        s.admin().split("loaded", Bytes.toBytes("r35"));
        assertSame(normal, loaded, rnd, "seed " + seed + " after a split");
        s.admin().majorCompact("normal");
        s.admin().majorCompact("loaded");
        assertSame(normal, loaded, rnd, "seed " + seed + " after a major compaction");
      }
    }
  }

  @Test
  void aRunSpanningRegionsBecomesOneFilePerRegionAndFamily() {
    try (EmbeddedStore s = EmbeddedStore.inMemory()) {
      s.admin().createTable(descriptor("t"), SPLITS);
      Table t = s.table("t");
      List<Cell> run = new ArrayList<>();
      for (int i = 0; i < 100; i++) {
        String row = String.format("r%02d", i);
        run.add(put(row, F, "a", 5, "f" + i));
        run.add(put(row, G, "a", 5, "g" + i));
      }
      try (BulkLoad load = t.startBulkLoad()) {
        load.addSortedRun(run.iterator());
        assertEquals(8, load.fileCount());
        assertEquals(200, load.cellCount());
        load.commit();
      }
      List<RegionInfo> regions = s.admin().regions("t");
      assertEquals(4, regions.size());
      for (RegionInfo r : regions) {
        assertEquals(2, r.storeFiles(), r.toString());
        assertEquals(0, r.memstoreBytes(), r.toString());
      }
      assertEquals(100, scan(t, new Scan()).size());
      assertEquals("r42/f:a/5=f42 r42/g:a/5=g42 ", text(t.get(new Get(Bytes.toBytes("r42")))));
    }
  }

  @Test
  void compactionsHeldByALoadWaitForItsEnd() throws Exception {
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.inMemory().compactionThreshold(3).build())) {
      s.admin().createTable(TableDescriptor.newBuilder("h")
          .family(ColumnFamilyDescriptor.newBuilder("f").build()).build());
      Table t = s.table("h");
      Table.CompactionHold load = t.holdCompactions();
      Table.CompactionHold other = t.holdCompactions();
      for (int k = 0; k < 5; k++) {
        t.bulkLoad(List.of(put("k" + k, F, "a", 5, "v" + k)).iterator());
      }
      // past the threshold of 3, and no compaction queued while held
      assertEquals(5, storeFiles(s, "h"));
      load.close();
      load.close();
      assertEquals(5, storeFiles(s, "h"), "still held by the other hold");
      other.close();
      awaitStoreFiles(s, "h", 1);
      // a family that gathers the cap's number of files is compacted even while held
      try (Table.CompactionHold held = t.holdCompactions()) {
        for (int k = 5; k < 5 + Table.HELD_FILES_CAP * 3 - 1; k++) {
          t.bulkLoad(List.of(put("k" + k, F, "a", 5, "v" + k)).iterator());
        }
        awaitStoreFiles(s, "h", 1);
      }
      assertEquals(5 + Table.HELD_FILES_CAP * 3 - 1, scan(t, new Scan()).size());
    }
  }

  @Test
  void aLoadOfSeveralRunsIntoAFamilyHasThemMergedInTheBackgroundBelowTheThreshold() throws Exception {
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.inMemory().compactionThreshold(5).build())) {
      s.admin().createTable(TableDescriptor.newBuilder("m")
          .family(ColumnFamilyDescriptor.newBuilder("f").build()).build());
      Table t = s.table("m");
      // one run a load: files gather up to the threshold as usual
      t.bulkLoad(List.of(put("a", F, "q", 5, "a")).iterator());
      t.bulkLoad(List.of(put("b", F, "q", 5, "b")).iterator());
      Thread.sleep(200);
      assertEquals(2, storeFiles(s, "m"), "two loads of one run each: below the threshold, not compacted");
      try (BulkLoad load = t.startBulkLoad()) {
        load.addSortedRun(List.of(put("c", F, "q", 5, "c")).iterator());
        load.addSortedRun(List.of(put("d", F, "q", 5, "d")).iterator());
        load.commit();
      }
      // four files, below the threshold of 5, of which two from one load: merged
      awaitStoreFiles(s, "m", 1);
      t.put(new Put(Bytes.toBytes("e")).addColumn(F, Q, Bytes.toBytes("e")));
      s.admin().flush("m");
      try (BulkLoad load = t.startBulkLoad()) {
        load.addSortedRun(List.of(put("f", F, "q", 5, "f")).iterator());
        load.addSortedRun(List.of(put("g", F, "q", 5, "g")).iterator());
        load.commit();
      }
      awaitStoreFiles(s, "m", 1);
      assertEquals(7, scan(t, new Scan()).size());
    }
  }

  private static int storeFiles(EmbeddedStore s, String table) {
    int n = 0;
    for (RegionInfo r : s.admin().regions(table)) {
      n += r.storeFiles();
    }
    return n;
  }

  /** Waits for the background compaction to leave {@code files} store files (at most a minute). */
  private static void awaitStoreFiles(EmbeddedStore s, String table, int files) throws InterruptedException {
    for (int i = 0; i < 6000 && storeFiles(s, table) != files; i++) {
      Thread.sleep(10);
    }
    assertEquals(files, storeFiles(s, table));
  }

  @Test
  void nothingIsVisibleBeforeCommitAndOpenScannersKeepTheirView() {
    try (EmbeddedStore s = EmbeddedStore.inMemory()) {
      s.admin().createTable(descriptor("t"), SPLITS);
      Table t = s.table("t");
      t.put(new Put(Bytes.toBytes("r00")).addColumn(F, Q, 1, Bytes.toBytes("old")));
      try (BulkLoad load = t.startBulkLoad()) {
        List<Cell> run = new ArrayList<>();
        for (int i = 1; i < 100; i++) {
          run.add(put(String.format("r%02d", i), F, "q", 1, "x"));
        }
        load.addSortedRun(run.iterator());
        assertEquals(1, scan(t, new Scan()).size());
        assertTrue(t.get(new Get(Bytes.toBytes("r50"))).isEmpty());
        try (ResultScanner before = t.scanner(new Scan().setCaching(1))) {
          load.commit();
          int n = 0;
          for (Result r : before) {
            n++;
          }
          assertEquals(1, n);
        }
      }
      assertEquals(100, scan(t, new Scan()).size());
    }
  }

  @Test
  void readersSeeAllOfALoadAcrossRegionsOrNoneWhileWritersCarryOn() throws Exception {
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.inMemory().flushSize(64 * 1024).build())) {
      s.admin().createTable(descriptor("t"), SPLITS);
      Table t = s.table("t");
      java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
      java.util.concurrent.atomic.AtomicReference<String> bad = new java.util.concurrent.atomic.AtomicReference<>();
      java.util.concurrent.atomic.AtomicLong written = new java.util.concurrent.atomic.AtomicLong();
      Thread reader = new Thread(() -> {
        while (!stop.get()) {
          long loaded = 0;
          try (ResultScanner sc = t.scanner(new Scan().addFamily(G))) {
            for (Result r : sc) {
              loaded += r.size();
            }
          }
          if (loaded % 100 != 0) {
            bad.set("a scan saw " + loaded + " loaded cells: part of a load");
          }
        }
      });
      Thread writer = new Thread(() -> {
        for (int i = 0; !stop.get(); i++) {
          t.put(new Put(Bytes.toBytes(String.format("r%02d", i % 100))).addColumn(F, Q, i, Bytes.toBytes("w" + i)));
          written.incrementAndGet();
        }
      });
      reader.start();
      writer.start();
      // the loads run while the writer writes: wait for its first write (a busy machine may start it late)
      long deadline = System.nanoTime() + 30_000_000_000L;
      while (written.get() == 0 && System.nanoTime() < deadline) {
        Thread.sleep(1);
      }
      for (int load = 0; load < 20; load++) {
        List<Cell> run = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
          run.add(put(String.format("r%02d", i), G, "l" + load, 1, "x"));
        }
        t.bulkLoad(run.iterator());
        if (load == 10) {
          s.admin().split("t", Bytes.toBytes("r65"));
        }
      }
      stop.set(true);
      reader.join();
      writer.join();
      assertEquals(null, bad.get());
      assertTrue(written.get() > 0);
      long loaded = 0;
      try (ResultScanner sc = t.scanner(new Scan().addFamily(G))) {
        for (Result r : sc) {
          loaded += r.size();
        }
      }
      assertEquals(2000, loaded);
    }
  }

  @Test
  void tiesGoToTheLaterWriteAndDeletesMaskByTimestamp() {
    try (EmbeddedStore s = EmbeddedStore.inMemory()) {
      s.admin().createTable(descriptor("t"));
      Table t = s.table("t");
      t.put(new Put(Bytes.toBytes("a")).addColumn(F, Q, 5, Bytes.toBytes("before")));
      t.put(new Put(Bytes.toBytes("b")).addColumn(F, Q, 5, Bytes.toBytes("before")));
      t.put(new Put(Bytes.toBytes("c")).addColumn(F, Q, 9, Bytes.toBytes("newer")));
      t.delete(new Delete(Bytes.toBytes("d")).addColumns(F, Q, 7));
      t.bulkLoad(List.of(put("a", F, "q", 5, "loaded"), put("b", F, "q", 5, "loaded"), put("c", F, "q", 6, "loaded"),
          put("d", F, "q", 6, "loaded"), put("e", F, "q", 6, "loaded")).iterator());
      assertEquals("loaded", t.get(new Get(Bytes.toBytes("a"))).valueAsString("f", "q"));
      assertEquals("newer", t.get(new Get(Bytes.toBytes("c"))).valueAsString("f", "q"));
      assertTrue(t.get(new Get(Bytes.toBytes("d"))).isEmpty(), "masked by an earlier marker with a later timestamp");
      t.put(new Put(Bytes.toBytes("b")).addColumn(F, Q, 5, Bytes.toBytes("after")));
      t.delete(new Delete(Bytes.toBytes("e")).addColumn(F, Q, 6));
      assertEquals("after", t.get(new Get(Bytes.toBytes("b"))).valueAsString("f", "q"));
      assertTrue(t.get(new Get(Bytes.toBytes("e"))).isEmpty());
      s.admin().majorCompact("t");
      assertEquals("loaded", t.get(new Get(Bytes.toBytes("a"))).valueAsString("f", "q"));
      assertEquals("after", t.get(new Get(Bytes.toBytes("b"))).valueAsString("f", "q"));
      assertTrue(t.get(new Get(Bytes.toBytes("e"))).isEmpty());
    }
  }

  @Test
  void aLaterRunWinsTiesWithAnEarlierOne() {
    try (EmbeddedStore s = EmbeddedStore.inMemory()) {
      s.admin().createTable(descriptor("t"));
      Table t = s.table("t");
      try (BulkLoad load = t.startBulkLoad()) {
        load.addSortedRun(List.of(put("a", F, "q", 5, "first")).iterator());
        load.addSortedRun(List.of(put("a", F, "q", 5, "second")).iterator());
        load.commit();
      }
      assertEquals("second", t.get(new Get(Bytes.toBytes("a"))).valueAsString("f", "q"));
      s.admin().majorCompact("t");
      assertEquals("second", t.get(new Get(Bytes.toBytes("a"))).valueAsString("f", "q"));
    }
  }

  @Test
  void aRegionSplitDuringTheLoadGetsTheFileInBothDaughters() {
    try (EmbeddedStore s = EmbeddedStore.inMemory()) {
      s.admin().createTable(descriptor("t"));
      Table t = s.table("t");
      t.put(new Put(Bytes.toBytes("r10")).addColumn(F, Q, 1, Bytes.toBytes("x")));
      t.put(new Put(Bytes.toBytes("r90")).addColumn(F, Q, 1, Bytes.toBytes("x")));
      try (BulkLoad load = t.startBulkLoad()) {
        List<Cell> run = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
          run.add(put(String.format("r%02d", i), F, "q", 2, "v" + i));
        }
        load.addSortedRun(run.iterator());
        s.admin().split("t", Bytes.toBytes("r50"));
        load.commit();
      }
      assertEquals(2, s.admin().regions("t").size());
      assertEquals(100, scan(t, new Scan()).size());
      assertEquals("v49", t.get(new Get(Bytes.toBytes("r49"))).valueAsString("f", "q"));
      assertEquals("v50", t.get(new Get(Bytes.toBytes("r50"))).valueAsString("f", "q"));
      s.admin().majorCompact("t");
      assertEquals(100, scan(t, new Scan()).size());
      assertEquals("v99", t.get(new Get(Bytes.toBytes("r99"))).valueAsString("f", "q"));
    }
  }

  private static long storeFiles(Path dir) throws IOException {
    Path data = dir.resolve("data");
    if (!Files.exists(data)) {
      return 0;
    }
    try (Stream<Path> files = Files.list(data)) {
      return files.count();
    }
  }

  @Test
  void badInputIsRejectedNamingTheTableAndFamilyAndTheLoadLeavesNothing(@TempDir Path dir) throws IOException {
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.builder(dir).maxCellSize(1000).build())) {
      s.admin().createTable(descriptor("t"), SPLITS);
      Table t = s.table("t");
      List<List<Cell>> bad = List.of(
          List.of(put("r01", F, "q", 1, "a"), put("r90", F, "q", 1, "b"), put("r05", F, "q", 1, "c")),
          List.of(put("r01", F, "q", 1, "a"), put("r01", F, "q", 1, "b")),
          List.of(put("r01", F, "q", 1, "a"), put("r02", Bytes.toBytes("nope"), "q", 1, "b")),
          List.of(new Cell(Bytes.EMPTY, F, Q, 1, CellType.PUT, Bytes.toBytes("a"))),
          List.of(put("r01", F, "q", Mutation.LATEST_TIMESTAMP, "a")),
          List.of(put("r01", F, "q", 1, "x".repeat(2000))));
      List<String> messages = new ArrayList<>();
      for (List<Cell> run : bad) {
        BulkLoad load = t.startBulkLoad();
        load.addSortedRun(List.of(put("r00", G, "q", 1, "fine")).iterator());
        RuntimeException e = assertThrows(RuntimeException.class, () -> load.addSortedRun(run.iterator()));
        messages.add(e.getMessage());
        assertTrue(e.getMessage().contains("table 't'"), e.getMessage());
        assertThrows(IllegalStateException.class, load::commit);
        load.close();
        assertEquals(0, storeFiles(dir), "files of the abandoned load are deleted");
      }
      assertTrue(messages.get(0).contains("strictly ascending") && messages.get(0).contains("family 'f'"), messages.get(0));
      assertTrue(messages.get(1).contains("repeats"), messages.get(1));
      assertTrue(messages.get(2).contains("'nope'"), messages.get(2));
      assertTrue(messages.get(3).contains("empty row"), messages.get(3));
      assertTrue(messages.get(4).contains("explicit"), messages.get(4));
      assertTrue(messages.get(5).contains("maximum cell size"), messages.get(5));
      assertThrows(NoSuchFamilyException.class,
          () -> t.bulkLoad(List.of(put("r01", Bytes.toBytes("nope"), "q", 1, "b")).iterator()));
      assertTrue(scan(t, new Scan()).isEmpty());
      // a load left open is abandoned by close
      try (BulkLoad load = t.startBulkLoad()) {
        load.addSortedRun(List.of(put("r01", F, "q", 1, "a")).iterator());
      }
      assertEquals(0, storeFiles(dir));
      assertTrue(scan(t, new Scan()).isEmpty());
      // the table dropped under a load
      BulkLoad load = t.startBulkLoad();
      load.addSortedRun(List.of(put("r01", F, "q", 1, "a")).iterator());
      s.admin().disableTable("t");
      s.admin().deleteTable("t");
      assertThrows(TableNotFoundException.class, load::commit);
      load.close();
      assertEquals(0, storeFiles(dir));
    }
  }

  private static void copyStore(Path from, Path to) throws IOException {
    try (Stream<Path> all = Files.walk(from)) {
      for (Path p : (Iterable<Path>) all::iterator) {
        Path rel = from.relativize(p);
        if (rel.toString().equals(EmbeddedStore.LOCK_FILE)) {
          continue;
        }
        Path d = to.resolve(rel.toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(d);
        } else {
          Files.copy(p, d);
        }
      }
    }
  }

  @Test
  void aCommittedLoadSurvivesReopenAndAnUncommittedOneLeavesNoTrace(@TempDir Path dir) throws IOException {
    Path mid = dir.resolve("mid");
    Path store = dir.resolve("store");
    List<String> expected;
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.builder(store).flushOnClose(false).build())) {
      s.admin().createTable(descriptor("t"), SPLITS);
      Table t = s.table("t");
      t.put(new Put(Bytes.toBytes("r07")).addColumn(F, Q, 5, Bytes.toBytes("logged")));
      try (BulkLoad load = t.startBulkLoad()) {
        List<Cell> run = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
          run.add(put(String.format("r%02d", i), F, "q", 5, "v" + i));
        }
        load.addSortedRun(run.iterator());
        copyStore(store, mid); // as if the process died before the commit
        load.commit();
      }
      t.put(new Put(Bytes.toBytes("r08")).addColumn(F, Q, 5, Bytes.toBytes("logged")));
      expected = scan(t, new Scan().readAllVersions());
      assertEquals(100, expected.size());
    }
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.builder(store).build())) {
      Table t = s.table("t");
      assertEquals(expected, scan(t, new Scan().readAllVersions()));
      assertEquals("v7", t.get(new Get(Bytes.toBytes("r07"))).valueAsString("f", "q"));
      assertEquals("logged", t.get(new Get(Bytes.toBytes("r08"))).valueAsString("f", "q"));
      // sequence numbers continue above the load's: a new write still wins a tie
      t.put(new Put(Bytes.toBytes("r09")).addColumn(F, Q, 5, Bytes.toBytes("later")));
      assertEquals("later", t.get(new Get(Bytes.toBytes("r09"))).valueAsString("f", "q"));
    }
    long orphans = storeFiles(mid);
    assertTrue(orphans > 0);
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.builder(mid).build())) {
      assertEquals(0, storeFiles(mid), "the uncommitted load's files are deleted on open");
      Table t = s.table("t");
      assertEquals(List.of("r07/f:q/5=logged "), scan(t, new Scan().readAllVersions()));
    }
  }
}
