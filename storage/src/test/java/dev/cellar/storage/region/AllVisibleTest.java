package dev.cellar.storage.region;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellType;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.TimeRange;
import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.embedded.StoreOptions;
import dev.cellar.storage.fs.MemVfs;
import dev.cellar.storage.sst.StoreFileInfo;
import dev.cellar.storage.sst.StoreFileWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A store file says how many of its cells repeat the column of the cell before them; a read
 * whose only source is a file without repeats and delete markers returns its cells without the
 * read rules, and only when no rule could hide one of them.
 */
class AllVisibleTest {
  private static final byte[] F = Bytes.toBytes("f");

  private static StoreFileInfo write(List<Cell> cells) throws Exception {
    MemVfs vfs = new MemVfs();
    try (StoreFileWriter w = new StoreFileWriter(vfs.create("f.sst"), "f.sst", StoreFileWriter.Options.of(F))) {
      for (Cell c : cells) {
        w.append(c);
      }
      return w.finish();
    }
  }

  private static Cell put(String row, String q, long ts, long seq) {
    return new Cell(Bytes.toBytes(row), F, Bytes.toBytes(q), ts, CellType.PUT, Bytes.toBytes("v"), seq);
  }

  private static Map<byte[], FamilyReadSpec> spec(ColumnFamilyDescriptor d, int queryVersions, long nowMs) {
    Map<byte[], FamilyReadSpec> m = new TreeMap<>(Bytes::compare);
    m.put(F, FamilyReadSpec.of(d, null, queryVersions, nowMs));
    return m;
  }

  @Test
  void filesCountTheirRepeatedColumns() throws Exception {
    assertEquals(0, write(List.of(put("a", "p", 5, 1), put("a", "q", 5, 1), put("b", "p", 5, 2))).repeatCount());
    assertEquals(2, write(List.of(put("a", "p", 7, 3), put("a", "p", 5, 1), put("a", "p", 4, 1), put("b", "p", 5, 2)))
        .repeatCount());
    Cell marker = new Cell(Bytes.toBytes("a"), F, Bytes.toBytes("p"), 9, CellType.DELETE_COLUMN, Bytes.EMPTY, 4);
    StoreFileInfo masked = write(List.of(marker, put("a", "p", 5, 1)));
    assertEquals(1, masked.repeatCount());
    assertEquals(1, masked.deleteCount());
    assertEquals(0, write(List.of()).repeatCount());
  }

  @Test
  void everyRuleThatCouldHideACellTurnsTheShortcutOff() throws Exception {
    ColumnFamilyDescriptor plain = ColumnFamilyDescriptor.of("f");
    StoreFileInfo single = write(List.of(put("a", "p", 1000, 3), put("a", "q", 2000, 4), put("b", "p", 1500, 5)));
    long now = 1_000_000;
    assertTrue(RowCellReader.allVisible(single, spec(plain, 1, now), TimeRange.ALL, 5));
    assertFalse(RowCellReader.allVisible(single, spec(plain, 1, now), TimeRange.ALL, 4), "a cell after the read point");
    assertFalse(RowCellReader.allVisible(single, spec(plain, 1, now), TimeRange.between(1001, 5000), 9),
        "a cell before the time range");
    assertFalse(RowCellReader.allVisible(single, spec(plain, 1, now), TimeRange.between(0, 2000), 9),
        "a cell at the time range's end");
    assertTrue(RowCellReader.allVisible(single, spec(plain, 1, now), TimeRange.between(1000, 2001), 9));
    ColumnFamilyDescriptor ttl = ColumnFamilyDescriptor.newBuilder("f").ttlSeconds(1).build();
    assertFalse(RowCellReader.allVisible(single, spec(ttl, 1, 2500), TimeRange.ALL, 9), "expired cells");
    assertTrue(RowCellReader.allVisible(single, spec(ttl, 1, 1900), TimeRange.ALL, 9), "none expired yet");
    ColumnFamilyDescriptor kept = ColumnFamilyDescriptor.newBuilder("f").ttlSeconds(1).minVersions(1).build();
    assertTrue(RowCellReader.allVisible(single, spec(kept, 1, 2500), TimeRange.ALL, 9),
        "each column's only version kept by MIN_VERSIONS");
    StoreFileInfo versions = write(List.of(put("a", "p", 7, 3), put("a", "p", 5, 1)));
    assertFalse(RowCellReader.allVisible(versions, spec(plain, 1, now), TimeRange.ALL, 9), "two versions");
    StoreFileInfo deletes = write(List.of(new Cell(Bytes.toBytes("a"), F, Bytes.EMPTY, 9, CellType.DELETE_FAMILY,
        Bytes.EMPTY, 4), put("a", "p", 5, 1)));
    assertFalse(RowCellReader.allVisible(deletes, spec(plain, 1, now), TimeRange.ALL, 9), "a delete marker");
  }

  /** Reads through a store, where one flushed file is often a region's only source. */
  @Test
  void readsOfOneFileGiveWhatTheRulesGive() throws Exception {
    AtomicLong clock = new AtomicLong(1_000_000);
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.inMemory().clock(clock::get).build())) {
      s.admin().createTable(TableDescriptor.newBuilder("t")
          .family(ColumnFamilyDescriptor.newBuilder("f").maxVersions(3).build())
          .family(ColumnFamilyDescriptor.newBuilder("e").ttlSeconds(10).build())
          .build());
      Table t = s.table("t");
      for (int i = 0; i < 50; i++) {
        t.put(new Put(Bytes.toBytes(String.format("r%02d", i))).addColumn(F, Bytes.toBytes("a"), 100 + i, Bytes.toBytes("a" + i))
            .addColumn(F, Bytes.toBytes("b"), 200 + i, Bytes.toBytes("b" + i))
            .addColumn(Bytes.toBytes("e"), Bytes.toBytes("x"), Bytes.toBytes("x" + i)));
      }
      s.admin().flush("t");
      // whole rows, selected columns, a time range that hides some cells
      assertEquals(50, count(t, new Scan(), 150));
      assertEquals(50, count(t, new Scan().addColumn(F, Bytes.toBytes("b")), 50));
      assertEquals(25, count(t, new Scan().addFamily(F).setTimeRange(125, 200), 25));
      Result r = t.get(new Get(Bytes.toBytes("r07")));
      assertEquals(3, r.size());
      assertEquals("b7", Bytes.toString(r.value(F, Bytes.toBytes("b"))));
      assertEquals(1, t.get(new Get(Bytes.toBytes("r07")).setTimeRange(0, 150)).size());
      // the TTL family's cells expire: a read after that hides them although the file holds them
      assertEquals(50, count(t, new Scan().addFamily(Bytes.toBytes("e")), 50));
      clock.addAndGet(20_000);
      assertEquals(0, count(t, new Scan().addFamily(Bytes.toBytes("e")), 0));
      assertEquals(2, t.get(new Get(Bytes.toBytes("r07"))).size());
      // a second version and a delete, flushed into a file of their own, then compacted with the first
      t.put(new Put(Bytes.toBytes("r07")).addColumn(F, Bytes.toBytes("a"), 999, Bytes.toBytes("newer")));
      t.delete(new Delete(Bytes.toBytes("r08")).addColumns(F, Bytes.toBytes("b")));
      s.admin().flush("t");
      s.admin().majorCompact("t");
      assertEquals("newer", Bytes.toString(t.get(new Get(Bytes.toBytes("r07"))).value(F, Bytes.toBytes("a"))));
      assertEquals(2, t.get(new Get(Bytes.toBytes("r07")).readVersions(3).addFamily(F)).size() - 1,
          "two versions of a, one of b");
      assertEquals(1, t.get(new Get(Bytes.toBytes("r08")).addFamily(F)).size());
      assertEquals(50, count(t, new Scan().addFamily(F), 99));
    }
  }

  /** A filter that only includes or asks for the next row reads a file's cells as they come too. */
  @Test
  void aValueFilterOverOneFileGivesWhatTheRulesGive() throws Exception {
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.inMemory().build())) {
      s.admin().createTable(TableDescriptor.newBuilder("t")
          .family(ColumnFamilyDescriptor.newBuilder("f").maxVersions(2).build()).build());
      Table t = s.table("t");
      for (int i = 0; i < 300; i++) {
        t.put(new Put(Bytes.toBytes(String.format("r%03d", i))).addColumn(F, Bytes.toBytes("a"), 100, Bytes.toBytes("x" + i))
            .addColumn(F, Bytes.toBytes("p"), 100, Bytes.toBytes("product " + (i % 7)))
            .addColumn(F, Bytes.toBytes("z"), 100, Bytes.toBytes("z" + i)));
      }
      s.admin().flush("t");
      java.util.function.Supplier<dev.cellar.storage.filter.Filter> product3 = () ->
          new dev.cellar.storage.filter.SingleColumnValueFilter(F, Bytes.toBytes("p"),
              dev.cellar.storage.filter.CompareOperator.EQUAL, Bytes.toBytes("product 3"));
      // the filter is read on views over the file's cells, alone and in an AND list (WHERE p = ? AND a = ?)
      assertEquals(43, count(t, new Scan().setFilter(product3.get()), 129));
      assertEquals(43, count(t, new Scan().setFilter(new dev.cellar.storage.filter.FilterList(product3.get())), 129));
      java.util.function.Supplier<dev.cellar.storage.filter.Filter> a10 = () ->
          new dev.cellar.storage.filter.SingleColumnValueFilter(F, Bytes.toBytes("a"),
              dev.cellar.storage.filter.CompareOperator.EQUAL, Bytes.toBytes("x10"));
      assertEquals(1, count(t, new Scan().setFilter(new dev.cellar.storage.filter.FilterList(product3.get(), a10.get())), 3));
      assertEquals(0, count(t, new Scan().setFilter(new dev.cellar.storage.filter.FilterList(a10.get(),
          new dev.cellar.storage.filter.SingleColumnValueFilter(F, Bytes.toBytes("p"),
              dev.cellar.storage.filter.CompareOperator.EQUAL, Bytes.toBytes("product 4")))), 0));
      // an older version of p in a file of its own, then compacted: the newest version decides
      for (int i = 0; i < 300; i += 10) {
        t.put(new Put(Bytes.toBytes(String.format("r%03d", i))).addColumn(F, Bytes.toBytes("p"), 50,
            Bytes.toBytes("product 3")));
      }
      s.admin().flush("t");
      s.admin().majorCompact("t");
      assertEquals(43, count(t, new Scan().setFilter(product3.get()), 129));
      assertEquals(1, count(t, new Scan().setFilter(new dev.cellar.storage.filter.FilterList(a10.get(), product3.get())), 3));
      // with two versions read, the newest p still decides; 5 of the 43 rows also show their older p
      assertEquals(43, count(t, new Scan().readVersions(2).setFilter(
          new dev.cellar.storage.filter.SingleColumnValueFilter(F, Bytes.toBytes("p"),
              dev.cellar.storage.filter.CompareOperator.EQUAL, Bytes.toBytes("product 3"))), 129 + 5));
    }
  }

  /**
   * Rows of random widths in one file (small blocks, so that rows span blocks and restart
   * points): scans between random rows, with a value filter that keeps few or most rows and
   * with a visitor done after some cells, give what a model of the rows gives.
   */
  @Test
  void rowsOfOneFileShownAsTheyComeMatchAModel() throws Exception {
    java.util.Random rnd = new java.util.Random(20261128);
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.inMemory().build())) {
      s.admin().createTable(TableDescriptor.newBuilder("t")
          .family(ColumnFamilyDescriptor.newBuilder("f").blockSize(1024).build()).build());
      Table t = s.table("t");
      TreeMap<String, TreeMap<String, String>> model = new TreeMap<>();
      for (int i = 0; i < 600; i++) {
        String row = String.format("r%04d", rnd.nextInt(5000));
        TreeMap<String, String> cells = model.computeIfAbsent(row, k -> new TreeMap<>());
        Put p = new Put(Bytes.toBytes(row));
        int width = rnd.nextInt(8) == 0 ? 20 + rnd.nextInt(40) : 1 + rnd.nextInt(4);
        for (int c = 0; c < width; c++) {
          String q = c == 0 ? "p" : String.format("q%02d", rnd.nextInt(60));
          String v = c == 0 ? "v" + rnd.nextInt(rnd.nextBoolean() ? 2 : 20) : "x".repeat(rnd.nextInt(30));
          if (!cells.containsKey(q)) {
            cells.put(q, v);
            p.addColumn(F, Bytes.toBytes(q), 100, Bytes.toBytes(v));
          }
        }
        if (!p.isEmpty()) {
          t.put(p);
        }
      }
      s.admin().flush("t");
      s.admin().majorCompact("t");
      List<String> rows = new ArrayList<>(model.keySet());
      for (int k = 0; k < 200; k++) {
        String from = rnd.nextInt(4) == 0 ? "" : rows.get(rnd.nextInt(rows.size()));
        String to = rnd.nextInt(4) == 0 ? "" : rows.get(rnd.nextInt(rows.size()));
        if (!to.isEmpty() && to.compareTo(from) <= 0) {
          to = "";
        }
        Scan scan = new Scan().withStartRow(Bytes.toBytes(from)).withStopRow(Bytes.toBytes(to));
        java.util.SortedMap<String, TreeMap<String, String>> range = to.isEmpty() ? model.tailMap(from)
            : model.subMap(from, to);
        // the filter: rows whose p is the value (each row has its p)
        String value = "v" + rnd.nextInt(3);
        scan.setFilter(new dev.cellar.storage.filter.SingleColumnValueFilter(F, Bytes.toBytes("p"),
            dev.cellar.storage.filter.CompareOperator.EQUAL, Bytes.toBytes(value)));
        StringBuilder expected = new StringBuilder();
        for (Map.Entry<String, TreeMap<String, String>> e : range.entrySet()) {
          if (value.equals(e.getValue().get("p"))) {
            expected.append(e.getKey()).append(e.getValue()).append('\n');
          }
        }
        StringBuilder actual = new StringBuilder();
        try (ResultScanner rs = t.scanner(scan)) {
          for (Result r; (r = rs.next()) != null;) {
            TreeMap<String, String> cells = new TreeMap<>();
            for (Cell c : r.cells()) {
              cells.put(Bytes.toString(c.qualifier()), Bytes.toString(c.value()));
            }
            actual.append(Bytes.toString(r.row())).append(cells).append('\n');
          }
        }
        assertEquals(expected.toString(), actual.toString(), "rows " + from + " to " + to + " where p = " + value);
        // a visitor done with each row after its first n cells
        int n = 1 + rnd.nextInt(3);
        List<String> visitedExpected = new ArrayList<>();
        for (Map.Entry<String, TreeMap<String, String>> e : range.entrySet()) {
          for (String q : new ArrayList<>(e.getValue().keySet()).subList(0, Math.min(n, e.getValue().size()))) {
            visitedExpected.add(e.getKey() + "/" + q);
          }
        }
        List<String> visited = new ArrayList<>();
        t.scan(new Scan().withStartRow(Bytes.toBytes(from)).withStopRow(Bytes.toBytes(to)),
            new dev.cellar.storage.ScanVisitor() {
              private String row;
              private int cells;

              @Override
              public void startRow(dev.cellar.storage.CellView first) {
                row = Bytes.toString(java.util.Arrays.copyOfRange(first.rowArray(), first.rowOffset(),
                    first.rowOffset() + first.rowLength()));
                cells = 0;
              }

              @Override
              public void cell(dev.cellar.storage.CellView c) {
                cells++;
                visited.add(row + "/" + Bytes.toString(java.util.Arrays.copyOfRange(c.qualifierArray(),
                    c.qualifierOffset(), c.qualifierOffset() + c.qualifierLength())));
              }

              @Override
              public boolean rowDone() {
                return cells == n;
              }
            });
        assertEquals(visitedExpected, visited, "rows visited " + from + " to " + to + ", " + n + " cells each");
      }
    }
  }

  /** Rows the scan returns; asserts the cells it returns. */
  private static int count(Table t, Scan scan, int cells) throws Exception {
    int rows = 0;
    int n = 0;
    List<Result> all = new ArrayList<>();
    try (ResultScanner rs = t.scanner(scan)) {
      for (Result r; (r = rs.next()) != null;) {
        all.add(r);
        rows++;
        n += r.size();
      }
    }
    assertEquals(cells, n, "cells of " + scan);
    return rows;
  }
}
