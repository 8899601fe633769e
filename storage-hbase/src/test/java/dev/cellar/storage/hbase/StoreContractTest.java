package dev.cellar.storage.hbase;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellView;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.CheckAndMutate;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.CompactionInfo;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Get;
import dev.cellar.storage.Increment;
import dev.cellar.storage.Put;
import dev.cellar.storage.RegionInfo;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.ScanVisitor;
import dev.cellar.storage.StoreFileStats;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.TableNotFoundException;
import dev.cellar.storage.WriteBatch;
import dev.cellar.storage.embedded.EmbeddedStore;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The storage API's behaviours, written once and checked on the embedded engine and on HBase
 * (a minicluster): versions, deletes of each kind, TTL and MIN_VERSIONS, time ranges, reversed
 * scans, limits and batches, check-and-mutate, increments, pre-splits, region statistics, admin
 * operations. The filters have their own class ({@link FilterContractTest}).
 */
class StoreContractTest {
  static final byte[] F = Bytes.toBytes("f");
  static final byte[] G = Bytes.toBytes("g");

  private static CellarStore embedded;
  private static CellarStore hbase;

  static synchronized Stream<Named<CellarStore>> stores() {
    if (embedded == null) {
      hbase = HBaseStore.over(MiniHBase.connection(), "contract");
      embedded = EmbeddedStore.inMemory();
    }
    return Stream.of(Named.of("embedded", embedded), Named.of("hbase", hbase));
  }

  @AfterAll
  static synchronized void closeStores() {
    if (embedded != null) {
      embedded.close();
      hbase.close();
      embedded = null;
      hbase = null;
    }
  }

  static boolean isHBase(CellarStore s) {
    return s instanceof HBaseStore;
  }

  static Table create(CellarStore s, TableDescriptor d, byte[]... splits) {
    s.admin().createTable(d, splits);
    return s.table(d.name());
  }

  static Table table(CellarStore s, String prefix, int versions, byte[]... splits) {
    String name = MiniHBase.uniqueName(prefix);
    return create(s, TableDescriptor.newBuilder(name)
        .family(ColumnFamilyDescriptor.newBuilder("f").maxVersions(versions).build())
        .family(ColumnFamilyDescriptor.newBuilder("g").maxVersions(versions).build()).build(), splits);
  }

  static byte[] b(String s) {
    return Bytes.toBytes(s);
  }

  /** Values of one column, newest first. */
  static List<String> values(Result r, byte[] family, String qualifier) {
    List<String> out = new ArrayList<>();
    for (Cell c : r.columnCells(family, b(qualifier))) {
      out.add(Bytes.toString(c.value()));
    }
    return out;
  }

  static List<String> rows(Table t, Scan scan) {
    List<String> out = new ArrayList<>();
    try (ResultScanner sc = t.scanner(scan)) {
      for (Result r : sc) {
        out.add(Bytes.toString(r.row()) + "=" + r.size());
      }
    }
    return out;
  }

  @ParameterizedTest
  @MethodSource("stores")
  void capabilities(CellarStore s) {
    assertEquals(!isHBase(s), s.atomicMultiRowBatches());
    assertEquals(!isHBase(s), s.snapshotReads());
    assertEquals(!isHBase(s), s.bulkLoads());
    assertEquals(!isHBase(s), s.exactRegionStatistics());
  }

  @ParameterizedTest
  @MethodSource("stores")
  void versionsAreCappedByTheFamilyAndTheRead(CellarStore s) {
    Table t = table(s, "versions", 2);
    for (int ts = 1; ts <= 3; ts++) {
      t.put(new Put(b("r")).addColumn(F, b("q"), ts, b("v" + ts)));
    }
    assertEquals(List.of("v3"), values(t.get(new Get(b("r"))), F, "q"));
    assertEquals(List.of("v3", "v2"), values(t.get(new Get(b("r")).readAllVersions()), F, "q"));
    assertEquals(List.of("v3", "v2"), values(t.get(new Get(b("r")).readVersions(5)), F, "q"));
    // same timestamp: the later write wins
    t.put(new Put(b("r")).addColumn(F, b("q"), 3, b("v3b")));
    assertEquals(List.of("v3b"), values(t.get(new Get(b("r"))), F, "q"));
    // server-assigned timestamps
    t.put(new Put(b("s")).addColumn(F, b("q"), b("x")));
    Cell c = t.get(new Get(b("s"))).latestCell(F, b("q"));
    assertTrue(Math.abs(c.timestamp() - System.currentTimeMillis()) < 60_000, c.toString());
  }

  @ParameterizedTest
  @MethodSource("stores")
  void deletesOfEachKind(CellarStore s) {
    Table t = table(s, "deletes", 5);
    for (String row : List.of("a", "b", "c", "d", "e", "f")) {
      for (int ts = 1; ts <= 3; ts++) {
        t.put(new Put(b(row)).addColumn(F, b("q"), ts, b("q" + ts)).addColumn(F, b("p"), ts, b("p" + ts))
            .addColumn(G, b("q"), ts, b("g" + ts)));
      }
    }
    t.delete(new Delete(b("a")).addColumn(F, b("q")));
    assertEquals(List.of("q2", "q1"), values(t.get(new Get(b("a")).readAllVersions()), F, "q"));
    t.delete(new Delete(b("b")).addColumn(F, b("q"), 2));
    assertEquals(List.of("q3", "q1"), values(t.get(new Get(b("b")).readAllVersions()), F, "q"));
    t.delete(new Delete(b("c")).addColumns(F, b("q"), 2));
    assertEquals(List.of("q3"), values(t.get(new Get(b("c")).readAllVersions()), F, "q"));
    assertEquals(List.of("p3", "p2", "p1"), values(t.get(new Get(b("c")).readAllVersions()), F, "p"));
    t.delete(new Delete(b("d")).addFamily(F, 2));
    Result d = t.get(new Get(b("d")).readAllVersions());
    assertEquals(List.of("q3"), values(d, F, "q"));
    assertEquals(List.of("p3"), values(d, F, "p"));
    assertEquals(List.of("g3", "g2", "g1"), values(d, G, "q"));
    t.delete(new Delete(b("e")).addFamilyVersion(F, 2));
    Result e = t.get(new Get(b("e")).readAllVersions());
    assertEquals(List.of("q3", "q1"), values(e, F, "q"));
    assertEquals(List.of("p3", "p1"), values(e, F, "p"));
    t.delete(new Delete(b("f")));
    assertTrue(t.get(new Get(b("f"))).isEmpty());
    // a put older than a marker stays masked
    t.put(new Put(b("f")).addColumn(F, b("q"), 2, b("late")));
    assertTrue(t.get(new Get(b("f"))).isEmpty());
    t.delete(List.of(new Delete(b("a")), new Delete(b("b"))));
    assertTrue(t.get(new Get(b("a"))).isEmpty());
    assertFalse(t.exists(new Get(b("b"))));
  }

  @ParameterizedTest
  @MethodSource("stores")
  void ttlHidesOldCellsButMinVersionsKeepsSome(CellarStore s) {
    String name = MiniHBase.uniqueName("ttl");
    Table t = create(s, TableDescriptor.newBuilder(name)
        .family(ColumnFamilyDescriptor.newBuilder("f").ttlSeconds(3600).build())
        .family(ColumnFamilyDescriptor.newBuilder("g").ttlSeconds(3600).maxVersions(3).minVersions(1).build()).build());
    long now = System.currentTimeMillis();
    long old = now - 7_200_000;
    t.put(new Put(b("r")).addColumn(F, b("old"), old, b("x")).addColumn(F, b("new"), now, b("y"))
        .addColumn(G, b("q"), old - 1, b("g1")).addColumn(G, b("q"), old, b("g2")));
    Result r = t.get(new Get(b("r")).readAllVersions());
    assertNull(r.value(F, b("old")));
    assertEquals("y", Bytes.toString(r.value(F, b("new"))));
    assertEquals(List.of("g2"), values(r, G, "q"));
  }

  @ParameterizedTest
  @MethodSource("stores")
  void timeRanges(CellarStore s) {
    Table t = table(s, "times", 5);
    for (int ts = 10; ts <= 50; ts += 10) {
      t.put(new Put(b("r")).addColumn(F, b("q"), ts, b("v" + ts)));
    }
    assertEquals(List.of("v30", "v20"), values(t.get(new Get(b("r")).setTimeRange(20, 40).readAllVersions()), F, "q"));
    assertEquals(List.of("v30"), values(t.get(new Get(b("r")).setTimeRange(20, 40)), F, "q"));
    assertEquals(List.of("v40"), values(t.get(new Get(b("r")).setTimestamp(40)), F, "q"));
    assertTrue(t.get(new Get(b("r")).setTimestamp(41)).isEmpty());
    List<String> scanned = new ArrayList<>();
    try (ResultScanner sc = t.scanner(new Scan().setTimeRange(0, 25).readAllVersions())) {
      for (Result r : sc) {
        scanned.addAll(values(r, F, "q"));
      }
    }
    assertEquals(List.of("v20", "v10"), scanned);
  }

  private static Table rowsTable(CellarStore s, String prefix, byte[]... splits) {
    Table t = table(s, prefix, 1, splits);
    List<Put> puts = new ArrayList<>();
    for (char c = 'a'; c <= 'z'; c++) {
      puts.add(new Put(b("row-" + c)).addColumn(F, b("q1"), b("1" + c)).addColumn(F, b("q2"), b("2" + c))
          .addColumn(G, b("q3"), b("3" + c)));
    }
    t.put(puts);
    return t;
  }

  @ParameterizedTest
  @MethodSource("stores")
  void forwardAndReversedScansWithBoundsLimitsAndBatches(CellarStore s) {
    Table t = rowsTable(s, "scans", b("row-h"), b("row-q"));
    assertEquals(26, rows(t, new Scan()).size());
    assertEquals(List.of("row-c=3", "row-d=3"), rows(t, new Scan().withStartRow(b("row-c")).withStopRow(b("row-e"))));
    assertEquals(List.of("row-d=3", "row-e=3"),
        rows(t, new Scan().withStartRow(b("row-c"), false).withStopRow(b("row-e"), true)));
    assertEquals(List.of("row-e=3", "row-d=3", "row-c=3"),
        rows(t, new Scan().setReversed(true).withStartRow(b("row-e")).withStopRow(b("row-b"))));
    assertEquals(List.of("row-z=3", "row-y=3"), rows(t, new Scan().setReversed(true).setLimit(2)));
    // a limit across regions
    assertEquals(List.of("row-g=3", "row-h=3", "row-i=3"), rows(t, new Scan().withStartRow(b("row-g")).setLimit(3)));
    assertEquals(List.of("row-i=3", "row-h=3", "row-g=3"),
        rows(t, new Scan().setReversed(true).withStartRow(b("row-i")).setLimit(3)));
    assertEquals(List.of("row-m=3"), rows(t, new Scan().setRowPrefix(b("row-m"))));
    assertEquals(List.of("row-m=3"), rows(t, new Scan().setReversed(true).setRowPrefix(b("row-m"))));
    // columns and families
    assertEquals(List.of("row-a=1", "row-b=1"), rows(t, new Scan().addColumn(F, b("q2")).setLimit(2)));
    assertEquals(List.of("row-a=2"), rows(t, new Scan().addFamily(F).setLimit(1)));
    // a batch splits rows
    assertEquals(List.of("row-a=2", "row-a=1", "row-b=2", "row-b=1"),
        rows(t, new Scan().setBatch(2).withStopRow(b("row-c")).setCaching(1)));
    assertEquals(List.of("row-a=3"), rows(t, new Scan().setCaching(1).setLimit(1)));
  }

  /** The cells a visitor receives, as cells, with "|" before each row's first. */
  private static List<String> visited(Table t, Scan scan, boolean[] inPlace) {
    List<String> out = new ArrayList<>();
    t.scan(scan, new ScanVisitor() {
      @Override
      public void startRow(CellView first) {
        out.add("|");
      }

      @Override
      public void cell(CellView c) {
        inPlace[0] |= !(c instanceof Cell);
        out.add(c.toCell() + "=" + Bytes.toStringBinary(c.value()));
      }
    });
    return out;
  }

  /** The same from a scanner. */
  private static List<String> scanned(Table t, Scan scan) {
    List<String> out = new ArrayList<>();
    try (ResultScanner sc = t.scanner(scan)) {
      byte[] row = null;
      for (Result r : sc) {
        if (row == null || !java.util.Arrays.equals(row, r.row())) {
          out.add("|");
        }
        row = r.row();
        r.cells().forEach(c -> out.add(c + "=" + Bytes.toStringBinary(c.value())));
      }
    }
    return out;
  }

  @ParameterizedTest
  @MethodSource("stores")
  void visitorsSeeTheScannersCells(CellarStore s) {
    Table t = rowsTable(s, "visits", b("row-h"), b("row-q"));
    List<Scan> scans = List.of(new Scan(), new Scan().withStartRow(b("row-c")).withStopRow(b("row-k")),
        new Scan().setReversed(true).withStartRow(b("row-e")).withStopRow(b("row-b")),
        new Scan().addColumn(F, b("q2")).addFamily(G), new Scan().addFamily(G).withStartRow(b("row-x")),
        new Scan().setFilter(new dev.cellar.storage.filter.QualifierFilter(dev.cellar.storage.filter.CompareOperator.EQUAL,
            new dev.cellar.storage.filter.BinaryComparator(b("q3")))),
        new Scan().setFilter(new dev.cellar.storage.filter.ColumnCountGetFilter(1)),
        new Scan().setLimit(3).withStartRow(b("row-g")));
    boolean[] inPlace = {false};
    for (Scan scan : scans) {
      List<String> want = scanned(t, scan);
      assertFalse(want.isEmpty(), scan::toString);
      assertEquals(want, visited(t, scan, inPlace), scan::toString);
    }
    // HBase's cells are shown where they are, not copied into cells
    assertEquals(isHBase(s), inPlace[0]);
    // a visitor wanting only the rows sees each row once, on HBase only its first cell without a value
    List<String> firsts = new ArrayList<>();
    int[] starts = {0};
    t.scan(new Scan().withStartRow(b("row-f")), new ScanVisitor() {
      @Override
      public void startRow(CellView first) {
        starts[0]++;
      }

      @Override
      public void cell(CellView c) {
        firsts.add(c.toCell() + "=" + Bytes.toStringBinary(c.value()));
      }

      @Override
      public boolean rowsOnly() {
        return true;
      }
    });
    assertEquals(21, starts[0]);
    if (isHBase(s)) {
      assertEquals(21, firsts.size());
      assertTrue(firsts.get(0).startsWith("row-f/f:q1/") && firsts.get(0).endsWith("vlen=0/seqid=0="), firsts.get(0));
    } else {
      assertEquals(63, firsts.size());
    }
    IllegalStateException stop = new IllegalStateException("enough");
    assertSame(stop, assertThrows(IllegalStateException.class, () -> t.scan(new Scan(), c -> {
      throw stop;
    })));
  }

  @ParameterizedTest
  @MethodSource("stores")
  void multiGetsAndBatches(CellarStore s) {
    Table t = rowsTable(s, "gets");
    List<Result> rs = t.get(List.of(new Get(b("row-c")), new Get(b("nope")), new Get(b("row-a")).addColumn(G, b("q3"))));
    assertEquals("row-c", Bytes.toString(rs.get(0).row()));
    assertTrue(rs.get(1).isEmpty());
    assertEquals(List.of("3a"), values(rs.get(2), G, "q3"));
    assertEquals(1, rs.get(2).size());
    t.batch(List.of(new Put(b("row-a")).addColumn(F, b("q9"), b("9")), new Delete(b("row-b"))));
    assertEquals("9", Bytes.toString(t.get(new Get(b("row-a"))).value(F, b("q9"))));
    assertTrue(t.get(new Get(b("row-b"))).isEmpty());
    // past the row delete's marker (its timestamp is the clock's)
    s.write(new WriteBatch().add(t.name(), new Put(b("row-b"), System.currentTimeMillis() + 60_000)
        .addColumn(F, b("q1"), b("back"))));
    assertEquals("back", Bytes.toString(t.get(new Get(b("row-b"))).value(F, b("q1"))));
    WriteBatch bad = new WriteBatch().add(t.name(), new Put(b("row-x")).addColumn(F, b("q1"), b("no")))
        .add("no_such_table", new Put(b("r")).addColumn(F, b("q"), b("v")));
    assertThrows(TableNotFoundException.class, () -> s.write(bad));
    assertEquals("1x", Bytes.toString(t.get(new Get(b("row-x"))).value(F, b("q1"))));
  }

  @ParameterizedTest
  @MethodSource("stores")
  void checkAndMutate(CellarStore s) {
    Table t = table(s, "cam", 1);
    t.put(new Put(b("r")).addColumn(F, b("q"), b("one")));
    assertFalse(t.checkAndMutate(CheckAndMutate.newBuilder(b("r")).ifEquals(F, b("q"), b("two"))
        .build(new Put(b("r")).addColumn(F, b("q"), b("three")))));
    assertTrue(t.checkAndMutate(CheckAndMutate.newBuilder(b("r")).ifEquals(F, b("q"), b("one"))
        .build(new Put(b("r")).addColumn(F, b("q"), b("two")), new Delete(b("r")).addColumns(G, b("x")))));
    assertEquals("two", Bytes.toString(t.get(new Get(b("r"))).value(F, b("q"))));
    assertFalse(t.checkAndMutate(CheckAndMutate.newBuilder(b("r")).ifNotExists(F, b("q"))
        .build(new Put(b("r")).addColumn(F, b("z"), b("no")))));
    assertTrue(t.checkAndMutate(CheckAndMutate.newBuilder(b("r")).ifNotExists(F, b("p"))
        .build(new Put(b("r")).addColumn(F, b("p"), b("yes")))));
    assertEquals("yes", Bytes.toString(t.get(new Get(b("r"))).value(F, b("p"))));
    assertTrue(t.checkAndMutate(CheckAndMutate.newBuilder(b("r")).ifEquals(F, b("p"), b("yes"))
        .build(new Delete(b("r")).addColumns(F, b("p")))));
    assertNull(t.get(new Get(b("r"))).value(F, b("p")));
    CheckAndMutate rowAbsent = CheckAndMutate.newBuilder(b("new")).ifRowNotExists()
        .build(new Put(b("new")).addColumn(F, b("q"), b("v")));
    if (isHBase(s)) {
      UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
          () -> t.checkAndMutate(rowAbsent));
      assertTrue(e.getMessage().contains(t.name()), e.getMessage());
    } else {
      assertTrue(t.checkAndMutate(rowAbsent));
    }
  }

  @ParameterizedTest
  @MethodSource("stores")
  void checkAndMutatesOfSeveralRowsEachByItsOwnCondition(CellarStore s) {
    Table t = table(s, "cams", 1, b("m"));
    t.put(List.of(new Put(b("b")).addColumn(F, b("q"), b("old")), new Put(b("x")).addColumn(F, b("q"), b("old"))));
    List<CheckAndMutate> checks = new ArrayList<>();
    for (String row : List.of("a", "b", "n", "x", "z")) {
      checks.add(CheckAndMutate.newBuilder(b(row)).ifNotExists(F, b("q"))
          .build(new Put(b(row)).addColumn(F, b("q"), b("new"))));
    }
    assertArrayEquals(new boolean[] {true, false, true, false, true}, t.checkAndMutate(checks));
    assertEquals(List.of("a=new", "b=old", "n=new", "x=old", "z=new"), values(t));
    assertArrayEquals(new boolean[0], t.checkAndMutate(List.of()));
  }

  private static List<String> values(Table t) {
    List<String> out = new ArrayList<>();
    try (ResultScanner sc = t.scanner(new Scan())) {
      for (Result r : sc) {
        out.add(Bytes.toString(r.row()) + "=" + Bytes.toString(r.value(F, b("q"))));
      }
    }
    return out;
  }

  @ParameterizedTest
  @MethodSource("stores")
  void increments(CellarStore s) {
    Table t = table(s, "incr", 1);
    assertEquals(5, t.incrementColumnValue(b("r"), F, b("n"), 5));
    assertEquals(2, t.incrementColumnValue(b("r"), F, b("n"), -3));
    Result r = t.increment(new Increment(b("r")).addColumn(F, b("n"), 10).addColumn(G, b("m"), 1));
    assertEquals(12, Bytes.toLong(r.value(F, b("n"))));
    assertEquals(1, Bytes.toLong(r.value(G, b("m"))));
    assertEquals(12, Bytes.toLong(t.get(new Get(b("r"))).value(F, b("n"))));
    t.put(new Put(b("r")).addColumn(F, b("s"), b("abc")));
    assertThrows(IllegalArgumentException.class, () -> t.incrementColumnValue(b("r"), F, b("s"), 1));
  }

  @ParameterizedTest
  @MethodSource("stores")
  void preSplitsRegionsAndStatistics(CellarStore s) {
    Table t = rowsTable(s, "regions", b("row-h"), b("row-q"));
    List<RegionInfo> regions = s.admin().regions(t.name());
    assertEquals(3, regions.size());
    assertArrayEquals(Bytes.EMPTY, regions.get(0).startRow());
    assertArrayEquals(b("row-h"), regions.get(0).endRow());
    assertArrayEquals(b("row-h"), regions.get(1).startRow());
    assertArrayEquals(b("row-q"), regions.get(1).endRow());
    assertArrayEquals(Bytes.EMPTY, regions.get(2).endRow());
    rows(t, new Scan());
    s.admin().flush(t.name());
    regions = s.admin().regions(t.name());
    for (RegionInfo r : regions) {
      assertEquals(t.name(), r.table());
      assertTrue(r.storeFiles() >= 1, r.toString());
      assertTrue(r.writeRequests() > 0, r.toString());
      assertTrue(r.readRequests() > 0, r.toString());
      assertEquals(s.exactRegionStatistics(), r.cells() > 0, r.toString());
    }
    s.admin().split(t.name(), b("row-m"));
    regions = s.admin().regions(t.name());
    assertEquals(4, regions.size(), regions.toString());
    assertArrayEquals(b("row-m"), regions.get(2).startRow());
    assertEquals(26, rows(t, new Scan()).size());
    assertThrows(IllegalArgumentException.class, () -> s.admin().split(t.name(), b("row-m")));
  }

  @ParameterizedTest
  @MethodSource("stores")
  void adminDescribesAltersAndDrops(CellarStore s) {
    String name = MiniHBase.uniqueName("admin");
    ColumnFamilyDescriptor f = ColumnFamilyDescriptor.newBuilder("f").maxVersions(5).minVersions(1).ttlSeconds(86400)
        .blockSize(8192).blockCache(false).inMemory(true).set("BLOOMFILTER", "ROWCOL").set("COMPRESSION", "GZ").build();
    ColumnFamilyDescriptor g = ColumnFamilyDescriptor.newBuilder("g").set("COMPRESSION", "SNAPPY")
        .set("BLOOMFILTER", "ROW").build();
    TableDescriptor d = TableDescriptor.newBuilder(name).family(f).family(g).build();
    s.admin().createTable(d);
    assertEquals(d, s.admin().describe(name));
    assertTrue(s.admin().tableExists(name));
    assertTrue(s.admin().listTables().stream().anyMatch(x -> x.name().equals(name)));
    Table t = s.table(name);
    t.put(new Put(b("r")).addColumn(F, b("q"), b("v")).addColumn(G, b("q"), b("w")));
    ColumnFamilyDescriptor f2 = f.toBuilder().maxVersions(2).minVersions(0).ttlSeconds(ColumnFamilyDescriptor.FOREVER)
        .build();
    s.admin().modifyFamily(name, f2);
    ColumnFamilyDescriptor h = ColumnFamilyDescriptor.of("h");
    s.admin().addFamily(name, h);
    assertEquals(TableDescriptor.newBuilder(name).family(f2).family(g).family(h).build(), s.admin().describe(name));
    assertThrows(IllegalArgumentException.class, () -> s.admin().addFamily(name, h));
    s.admin().deleteFamily(name, "g");
    assertFalse(s.admin().describe(name).hasFamily("g"));
    assertNull(t.get(new Get(b("r"))).value(G, b("q")));
    assertEquals("v", Bytes.toString(t.get(new Get(b("r"))).value(F, b("q"))));
    s.admin().flush(name);
    s.admin().compact(name);
    // a major compaction drops the versions beyond VERSIONS that a time range could still find
    for (int ts = 1; ts <= 3; ts++) {
      t.put(new Put(b("m")).addColumn(F, b("q"), ts, b("v" + ts)));
    }
    s.admin().majorCompact(name);
    assertEquals(List.of("v3", "v2"), values(t.get(new Get(b("m")).readAllVersions()), F, "q"));
    assertTrue(t.get(new Get(b("m")).setTimeRange(0, 2)).isEmpty());
    s.admin().truncateTable(name, true);
    assertTrue(s.table(name).get(new Get(b("r"))).isEmpty());
    s.admin().disableTable(name);
    assertFalse(s.admin().isTableEnabled(name));
    s.admin().enableTable(name);
    assertTrue(s.admin().isTableEnabled(name));
    s.admin().deleteTable(name);
    assertFalse(s.admin().tableExists(name));
    assertThrows(TableNotFoundException.class, () -> s.table(name));
    assertThrows(TableNotFoundException.class, () -> s.admin().describe(name));
    assertThrows(TableNotFoundException.class, () -> t.get(new Get(b("r"))));
    assertThrows(TableNotFoundException.class, () -> s.admin().regions(name));
  }

  /**
   * {@code storeFiles} and {@code compactions}: the embedded engine lists each file and each
   * compaction; HBase's client lists no file and only the compactions running (none once
   * {@code majorCompact} has returned). Both refuse an unknown table.
   */
  @ParameterizedTest
  @MethodSource("stores")
  void storeFilesAndCompactions(CellarStore s) {
    Table t = table(s, "files", 1);
    t.put(new Put(b("a")).addColumn(F, b("q"), b("1")));
    s.admin().flush(t.name());
    t.put(new Put(b("b")).addColumn(F, b("q"), b("2")));
    t.put(new Put(b("c")).addColumn(F, b("q"), b("3")));
    s.admin().flush(t.name());
    List<StoreFileStats> files = s.admin().storeFiles(t.name());
    if (isHBase(s)) {
      assertEquals(List.of(), files);
    } else {
      assertEquals(2, files.size(), files.toString());
      assertEquals(List.of("b", "a"), files.stream().map(f -> Bytes.toString(f.firstRow())).toList(), "newest first");
      assertEquals(List.of("c", "a"), files.stream().map(f -> Bytes.toString(f.lastRow())).toList());
      assertEquals(List.of(2L, 1L), files.stream().map(StoreFileStats::cells).toList());
      assertEquals(s.admin().regions(t.name()).get(0).storeFileBytes(),
          files.stream().mapToLong(StoreFileStats::bytes).sum());
      assertEquals("f", files.get(0).family());
      assertTrue(files.get(0).maxSequence() > files.get(1).maxSequence(), files.toString());
    }
    s.admin().majorCompact(t.name());
    List<CompactionInfo> done = s.admin().compactions(t.name());
    if (isHBase(s)) {
      assertEquals(List.of(), done, "nothing runs after majorCompact returned, and no history is kept");
    } else {
      assertEquals(1, done.size(), done.toString());
      CompactionInfo c = done.get(0);
      assertEquals(CompactionInfo.Kind.MAJOR, c.kind());
      assertEquals(CompactionInfo.State.DONE, c.state());
      assertEquals(2, c.filesIn());
      assertEquals(1, c.filesOut());
      assertEquals(files.stream().mapToLong(StoreFileStats::bytes).sum(), c.bytesIn());
      assertEquals(s.admin().storeFiles(t.name()).get(0).bytes(), c.bytesOut());
    }
    assertThrows(TableNotFoundException.class, () -> s.admin().storeFiles("no_such_table"));
    assertThrows(TableNotFoundException.class, () -> s.admin().compactions("no_such_table"));
  }
}
