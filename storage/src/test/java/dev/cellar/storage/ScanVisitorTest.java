package dev.cellar.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.embedded.StoreOptions;
import dev.cellar.storage.filter.PrefixFilter;
import dev.cellar.storage.fs.MemVfs;
import dev.cellar.storage.model.ManualClock;
import dev.cellar.storage.model.ResultDiff;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Table#scan(Scan, ScanVisitor)} against {@link Table#scanner(Scan)}: random data in a
 * table of several regions (versions, every kind of delete, TTL, cells in memstores and in
 * several store files) read by random scans both ways; the visited cells, grouped by row,
 * must equal the scanner's results.
 */
class ScanVisitorTest {
  private static final long T0 = 1_700_000_000_000L;
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] G = Bytes.toBytes("g");
  private static final byte[][] QUALIFIERS = {Bytes.EMPTY, Bytes.toBytes("a"), Bytes.toBytes("b"),
      Bytes.toBytes("bb"), Bytes.toBytes("c"), Bytes.toBytes("q".repeat(80))};
  private static final byte[][] SPLITS = {Bytes.toBytes("r10"), Bytes.toBytes("r25"), Bytes.toBytes("r40")};

  private final ManualClock clock = new ManualClock(T0);
  private EmbeddedStore store;
  private Table table;

  @AfterEach
  void close() {
    if (store != null) {
      store.close();
    }
  }

  /**
   * A store that compacts only when the test says: a time-range read may see a version that a
   * major compaction then removes (as in HBase), so the two reads compared must see the same files.
   */
  private void open() {
    open(StoreOptions.builder(new MemVfs("visitor")).clock(clock).compactionThreshold(1_000).build());
  }

  private void open(StoreOptions options) {
    store = EmbeddedStore.open(options);
    store.admin().createTable(TableDescriptor.newBuilder("t")
        .family(ColumnFamilyDescriptor.newBuilder("f").maxVersions(3).minVersions(1).ttlSeconds(50).build())
        .family(ColumnFamilyDescriptor.newBuilder("g").maxVersions(1).blockSize(1024).build())
        .build(), SPLITS);
    table = store.table("t");
  }

  private static byte[] row(int i) {
    return Bytes.toBytes(String.format("r%02d", i));
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4})
  void visitedCellsEqualTheScannersResults(long seed) {
    open();
    Random rnd = new Random(seed);
    for (int round = 0; round < 6; round++) {
      write(rnd, 300);
      if (rnd.nextInt(3) > 0) {
        store.admin().flush("t");
      }
      if (round == 3) {
        store.admin().compact("t");
      }
      clock.advance(rnd.nextInt(20_000));
      for (int i = 0; i < 40; i++) {
        Scan s = randomScan(rnd);
        String d = ResultDiff.diff(scanned(s), visited(s));
        int r = round;
        assertTrue(d == null, () -> "seed " + seed + ", round " + r + ", scan " + s + ": " + d);
      }
    }
    // the whole table, every version, with the data in files only
    store.admin().flush("t");
    Scan all = new Scan().readAllVersions();
    assertEquals(null, ResultDiff.diff(scanned(all), visited(all)));
    assertTrue(scanned(all).size() > 10, "the table has rows");
  }

  private void write(Random rnd, int n) {
    for (int i = 0; i < n; i++) {
      byte[] r = row(rnd.nextInt(50));
      byte[] fam = rnd.nextInt(3) == 0 ? G : F;
      byte[] q = QUALIFIERS[rnd.nextInt(QUALIFIERS.length)];
      long ts = clock.now() - rnd.nextInt(5) * 1000L;
      int k = rnd.nextInt(20);
      if (k < 14) {
        byte[] v = new byte[rnd.nextInt(4) == 0 ? 0 : 1 + rnd.nextInt(40)];
        rnd.nextBytes(v);
        table.put(new Put(r).addColumn(fam, q, ts, v));
      } else if (k == 14) {
        table.delete(new Delete(r).addColumn(fam, q, ts));
      } else if (k == 15) {
        table.delete(new Delete(r).addColumns(fam, q, ts));
      } else if (k == 16) {
        table.delete(new Delete(r).addFamily(fam, ts));
      } else if (k == 17) {
        table.delete(new Delete(r).addFamilyVersion(fam, ts));
      } else if (k == 18) {
        table.delete(new Delete(r, ts));
      } else {
        table.put(new Put(r).addColumn(fam, q, ts, Bytes.toBytes("x")).addColumn(G, QUALIFIERS[1], ts, Bytes.EMPTY));
      }
    }
  }

  private Scan randomScan(Random rnd) {
    Scan s = new Scan();
    int a = rnd.nextInt(55);
    int b = a + rnd.nextInt(55 - a);
    switch (rnd.nextInt(4)) {
      case 0 -> { }
      case 1 -> s.withStartRow(row(a), rnd.nextBoolean()).withStopRow(row(b), rnd.nextBoolean());
      case 2 -> s.withStartRow(Bytes.toBytes("r" + a));
      default -> s.setRowPrefix(Bytes.toBytes("r" + rnd.nextInt(6)));
    }
    switch (rnd.nextInt(4)) {
      case 0 -> s.addFamily(F);
      case 1 -> s.addColumn(F, QUALIFIERS[rnd.nextInt(QUALIFIERS.length)])
          .addColumn(F, QUALIFIERS[rnd.nextInt(QUALIFIERS.length)]).addColumn(G, QUALIFIERS[2]);
      case 2 -> s.addFamily(G).addColumn(F, QUALIFIERS[3]);
      default -> { }
    }
    if (rnd.nextBoolean()) {
      s.readVersions(1 + rnd.nextInt(3));
    }
    if (rnd.nextInt(4) == 0) {
      s.setTimeRange(clock.now() - 30_000, clock.now() - rnd.nextInt(3) * 1000L);
    }
    if (rnd.nextInt(4) == 0) {
      s.setLimit(1 + rnd.nextInt(20));
    }
    return s;
  }

  private List<Result> scanned(Scan s) {
    List<Result> out = new ArrayList<>();
    try (ResultScanner rs = table.scanner(s)) {
      for (Result r; (r = rs.next()) != null;) {
        out.add(r);
      }
    }
    return out;
  }

  private List<Result> visited(Scan s) {
    return VisitedRows.of(table, s);
  }

  /**
   * A visitor that has what it needs of a row after its first {@code k} cells
   * ({@link ScanVisitor#rowDone}) is shown exactly those cells of every row the scanner returns,
   * whatever versions and deletes follow them in the row: the rest is stepped over.
   */
  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3})
  void aVisitorDoneWithARowIsShownItsFirstCellsOfEveryRow(int k) {
    open();
    Random rnd = new Random(10 + k);
    for (int round = 0; round < 5; round++) {
      write(rnd, 300);
      if (round % 2 == 0) {
        store.admin().flush("t");
      }
      if (round == 3) {
        store.admin().compact("t");
      }
      for (int i = 0; i < 30; i++) {
        Scan s = randomScan(rnd);
        List<Result> expected = new ArrayList<>();
        for (Result r : scanned(s)) {
          expected.add(Result.of(new ArrayList<>(r.cells().subList(0, Math.min(k, r.cells().size())))));
        }
        String d = ResultDiff.diff(expected, VisitedRows.of(table, s, k));
        int r = round;
        assertTrue(d == null, () -> "k " + k + ", round " + r + ", scan " + s + ": " + d);
      }
    }
  }

  @Test
  void aScanWithAFilterOrReversedVisitsWhatTheScannerReturns() {
    open();
    for (int i = 0; i < 50; i++) {
      table.put(new Put(row(i)).addColumn(F, QUALIFIERS[1], Bytes.toBytes(i)).addColumn(G, QUALIFIERS[2], Bytes.toBytes(i)));
    }
    store.admin().flush("t");
    Scan filtered = new Scan().setFilter(new PrefixFilter(Bytes.toBytes("r2")));
    assertEquals(null, ResultDiff.diff(scanned(filtered), visited(filtered)));
    assertEquals(10, visited(filtered).size());
    Scan reversed = new Scan().setReversed(true).withStartRow(row(30));
    assertEquals(null, ResultDiff.diff(scanned(reversed), visited(reversed)));
    assertEquals(31, visited(reversed).size());
  }

  @Test
  void aVisitorsExceptionEndsTheScanAndReachesTheCaller() {
    open();
    for (int i = 0; i < 50; i++) {
      table.put(new Put(row(i)).addColumn(F, QUALIFIERS[1], Bytes.toBytes(i)));
    }
    store.admin().flush("t");
    IllegalStateException stop = new IllegalStateException("enough");
    int[] seen = {0};
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> table.scan(new Scan(), c -> {
      if (++seen[0] == 20) {
        throw stop;
      }
    }));
    assertSame(stop, e);
    assertEquals(20, seen[0]);
    // the files the scan held were released: a major compaction replaces them and reads still work
    store.admin().majorCompact("t");
    assertEquals(50, visited(new Scan()).size());
  }
}
