package dev.cellar.storage.filter;

import static dev.cellar.storage.filter.FilterFixture.cellsInOrder;
import static dev.cellar.storage.filter.FilterFixture.inOrder;
import static dev.cellar.storage.filter.FilterFixture.scan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.Scan;
import dev.cellar.storage.filter.FilterFixture.Layout;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link SingleColumnValueFilter} over users {@code u1}…{@code u4} with columns
 * {@code info:name} and {@code info:cat}: u1 alice/x; u2 bob then carol/y; u3 no name/x;
 * u4 alice then dave/z.
 */
class SingleColumnValueFilterTest extends FilterFixtureTest {
  private static final byte[] INFO = Bytes.toBytes("info");
  private static final byte[] NAME = Bytes.toBytes("name");
  private static final byte[] CAT = Bytes.toBytes("cat");

  private void load(Layout layout) {
    fx = new FilterFixture(layout, List.of("u2", "u4"), ColumnFamilyDescriptor.newBuilder("info").maxVersions(3).build());
    fx.write(new Put(Bytes.toBytes("u1"), 1).addColumn("info", "name", "alice").addColumn("info", "cat", "x"));
    fx.write(new Put(Bytes.toBytes("u2"), 1).addColumn("info", "name", "bob").addColumn("info", "cat", "y"));
    fx.write(new Put(Bytes.toBytes("u3"), 1).addColumn("info", "cat", "x"));
    fx.write(new Put(Bytes.toBytes("u4"), 1).addColumn("info", "name", "alice").addColumn("info", "cat", "z"));
    fx.write(new Put(Bytes.toBytes("u2"), 2).addColumn("info", "name", "carol"));
    fx.write(new Put(Bytes.toBytes("u4"), 2).addColumn("info", "name", "dave"));
    fx.settle();
  }

  private static SingleColumnValueFilter nameIs(String name) {
    return new SingleColumnValueFilter(INFO, NAME, CompareOperator.EQUAL, Bytes.toBytes(name));
  }

  @ParameterizedTest
  @MethodSource("dev.cellar.storage.filter.FilterFixture#layoutsAndDirections")
  void testsTheNewestVersionAndKeepsRowsWithoutTheColumn(Layout layout, boolean reversed) {
    load(layout);
    assertEquals(cellsInOrder(reversed, List.of("u1/info:cat@1=x", "u1/info:name@1=alice", "u3/info:cat@1=x")),
        fx.cells(scan(reversed).setFilter(nameIs("alice"))));
    assertEquals(inOrder(reversed, List.of("u1")), fx.rows(scan(reversed).setFilter(nameIs("alice").setFilterIfMissing(true))));
    assertEquals(inOrder(reversed, List.of("u2", "u3")), fx.rows(scan(reversed).setFilter(nameIs("carol"))));
    assertEquals(inOrder(reversed, List.of("u2", "u3", "u4")), fx.rows(scan(reversed).setFilter(
        new SingleColumnValueFilter(INFO, NAME, CompareOperator.GREATER, new BinaryComparator("alice")))));
    // A prefix comparator: names starting with "d" (u4's newest, dave); u3 has no name and passes.
    assertEquals(inOrder(reversed, List.of("u3", "u4")), fx.rows(scan(reversed).setFilter(
        new SingleColumnValueFilter(INFO, NAME, CompareOperator.EQUAL, new BinaryPrefixComparator("d")))));
    assertEquals(inOrder(reversed, List.of("u2", "u4")), fx.rows(scan(reversed).setFilter(
        new SingleColumnValueFilter(INFO, CAT, CompareOperator.NOT_EQUAL, new BinaryComparator("x")))));
  }

  @ParameterizedTest
  @MethodSource("dev.cellar.storage.filter.FilterFixture#layoutsAndDirections")
  void anyVersionWhenNotLatestOnly(Layout layout, boolean reversed) {
    load(layout);
    // u4's older name is alice: it passes when every returned version is tested.
    assertEquals(cellsInOrder(reversed, List.of("u1/info:cat@1=x", "u1/info:name@1=alice", "u4/info:cat@1=z",
        "u4/info:name@2=dave", "u4/info:name@1=alice")), fx.cells(scan(reversed).readVersions(3)
        .setFilter(nameIs("alice").setLatestVersionOnly(false).setFilterIfMissing(true))));
    // With one version read, the older version is not among the cells the filter sees.
    assertEquals(inOrder(reversed, List.of("u1")), fx.rows(scan(reversed)
        .setFilter(nameIs("alice").setLatestVersionOnly(false).setFilterIfMissing(true))));
    // Latest only, all versions read: u4's newest is dave, so it fails even though alice is returned.
    assertEquals(inOrder(reversed, List.of("u1")), fx.rows(scan(reversed).readVersions(3)
        .setFilter(nameIs("alice").setFilterIfMissing(true))));
  }

  @ParameterizedTest
  @MethodSource("dev.cellar.storage.filter.FilterFixture#layoutsAndDirections")
  void theTestedColumnMustBeSelected(Layout layout, boolean reversed) {
    load(layout);
    Scan catOnly = scan(reversed).addColumn(INFO, CAT);
    // As in HBase: the filter never sees info:name, so every row counts as missing it.
    assertEquals(inOrder(reversed, List.of("u1", "u2", "u3", "u4")), fx.rows(catOnly.setFilter(nameIs("alice"))));
    assertEquals(List.of(), fx.rows(scan(reversed).addColumn(INFO, CAT)
        .setFilter(nameIs("alice").setFilterIfMissing(true))));
    // Selecting the tested column as well gives the intended answer.
    assertEquals(List.of("u1/info:cat@1=x", "u1/info:name@1=alice"), fx.cells(scan(reversed).addColumn(INFO, CAT)
        .addColumn(INFO, NAME).setFilter(nameIs("alice").setFilterIfMissing(true))));
  }

  @ParameterizedTest
  @MethodSource("dev.cellar.storage.filter.FilterFixture#layoutsAndDirections")
  void batchesAndGets(Layout layout, boolean reversed) {
    load(layout);
    // The row is collected before the decision, then split into batches of one cell.
    assertEquals(cellsInOrder(reversed, List.of("u1/info:cat@1=x", "u1/info:name@1=alice", "u3/info:cat@1=x")),
        fx.cells(scan(reversed).setBatch(1).setFilter(nameIs("alice"))));
    assertEquals(inOrder(reversed, List.of("u1", "u1", "u3")), fx.rows(scan(reversed).setBatch(1)
        .setFilter(nameIs("alice"))));
    assertEquals(List.of("u1/info:cat@1=x", "u1/info:name@1=alice"),
        fx.cells(new Get("u1").setFilter(nameIs("alice"))));
    assertTrue(fx.table().get(new Get("u2").setFilter(nameIs("alice"))).isEmpty());
    assertTrue(fx.table().get(new Get("u3").setFilter(nameIs("alice").setFilterIfMissing(true))).isEmpty());
    assertEquals(2, fx.table().get(List.of(new Get("u1").setFilter(nameIs("alice")),
        new Get("u4").setFilter(nameIs("dave")))).stream().filter(r -> !r.isEmpty()).count());
  }

  /** The filter run on built cells: the wrapped filter's answers, without its views. */
  static final class OnBuiltCells extends Filter {
    private final Filter f;

    OnBuiltCells(Filter f) {
      this.f = f;
    }

    @Override
    public void reset() {
      f.reset();
    }

    @Override
    public boolean filterAllRemaining() {
      return f.filterAllRemaining();
    }

    @Override
    public boolean filterRowKey(dev.cellar.storage.Cell first) {
      return f.filterRowKey(first);
    }

    @Override
    public ReturnCode filterCell(dev.cellar.storage.Cell c) {
      return f.filterCell(c);
    }

    @Override
    public dev.cellar.storage.Cell transformCell(dev.cellar.storage.Cell c) {
      return f.transformCell(c);
    }

    @Override
    public dev.cellar.storage.Cell getNextCellHint(dev.cellar.storage.Cell current) {
      return f.getNextCellHint(current);
    }

    @Override
    public boolean hasFilterRow() {
      return f.hasFilterRow();
    }

    @Override
    public void filterRowCells(List<dev.cellar.storage.Cell> cells) {
      f.filterRowCells(cells);
    }

    @Override
    public boolean filterRow() {
      return f.filterRow();
    }

    @Override
    public void setReversed(boolean reversed) {
      super.setReversed(reversed);
      if (f != null) {
        f.setReversed(reversed);
      }
    }

    @Override
    public Filter copy() {
      Filter c = f.copy();
      return c == null ? null : new OnBuiltCells(c);
    }
  }

  /** Random rows with versions, deletes, two families and missing columns, over three regions. */
  private void loadRandom(Layout layout, boolean reversed) {
    fx = new FilterFixture(layout, List.of("r20", "r40"));
    java.util.Random rnd = new java.util.Random(layout.ordinal() * 2 + (reversed ? 1 : 0));
    String[][] columns = {{"a", "x"}, {"a", "y"}, {"a", "z"}, {"b", "y"}};
    for (int i = 0; i < 60; i++) {
      String row = String.format("r%02d", i);
      for (int k = 0; k < 1 + rnd.nextInt(6); k++) {
        String[] c = columns[rnd.nextInt(columns.length)];
        fx.write(new Put(Bytes.toBytes(row), 1 + rnd.nextInt(3)).addColumn(c[0], c[1], Integer.toString(rnd.nextInt(4))));
      }
      if (rnd.nextInt(5) == 0) {
        String[] c = columns[rnd.nextInt(columns.length)];
        dev.cellar.storage.Delete d = new dev.cellar.storage.Delete(Bytes.toBytes(row));
        switch (rnd.nextInt(3)) {
          case 0 -> d.addColumn(Bytes.toBytes(c[0]), Bytes.toBytes(c[1]), 1 + rnd.nextInt(3));
          case 1 -> d.addColumns(Bytes.toBytes(c[0]), Bytes.toBytes(c[1]), 2);
          default -> d.addFamily(Bytes.toBytes(c[0]), 1);
        }
        fx.write(d);
      }
    }
    fx.settle();
  }

  private static java.util.function.Supplier<Scan> base(boolean reversed, boolean latest, boolean selected) {
    return () -> {
      Scan s = scan(reversed).readVersions(latest ? 1 : 3);
      if (selected) {
        s.addColumn(Bytes.toBytes("a"), Bytes.toBytes("y")).addColumn(Bytes.toBytes("a"), Bytes.toBytes("z"));
      }
      return s;
    };
  }

  /**
   * The scanner decides a row of this filter on its cells in place before building any, and
   * reads a row it keeps again; the same filter run on built cells gives the same rows and cells
   * over random rows with versions, deletes, two families, missing columns, region boundaries,
   * selected columns and batches.
   */
  @ParameterizedTest
  @MethodSource("dev.cellar.storage.filter.FilterFixture#layoutsAndDirections")
  void decidingOnViewsGivesWhatBuiltCellsGive(Layout layout, boolean reversed) {
    loadRandom(layout, reversed);
    int scans = 0;
    for (String value : new String[] {"0", "2"}) {
      for (CompareOperator op : new CompareOperator[] {CompareOperator.EQUAL, CompareOperator.GREATER}) {
        for (int variant = 0; variant < 8; variant++) {
          boolean missing = (variant & 1) != 0;
          boolean latest = (variant & 2) != 0;
          boolean selected = (variant & 4) != 0;
          java.util.function.Supplier<Scan> base = base(reversed, latest, selected);
          java.util.function.Supplier<SingleColumnValueFilter> filter = () -> new SingleColumnValueFilter(
              Bytes.toBytes("a"), Bytes.toBytes("y"), op, Bytes.toBytes(value)).setFilterIfMissing(missing)
              .setLatestVersionOnly(latest);
          String what = value + " " + op + " missing=" + missing + " latest=" + latest + " selected=" + selected;
          List<String> expected = fx.cells(base.get().setFilter(new OnBuiltCells(filter.get())));
          assertEquals(expected, fx.cells(base.get().setFilter(filter.get())), what);
          assertEquals(expected, fx.cells(base.get().setBatch(2).setFilter(filter.get())), what + " batch 2");
          scans += expected.isEmpty() ? 0 : 1;
        }
      }
    }
    assertTrue(scans > 20, "most scans return cells: " + scans);
  }

  /**
   * An AND list of value filters ({@code WHERE a = ? AND b = ?}) decides rows on views too, and
   * gives what the same list run on built cells gives; an OR list, or one with a member that
   * needs built cells, does not decide on views.
   */
  @ParameterizedTest
  @MethodSource("dev.cellar.storage.filter.FilterFixture#layoutsAndDirections")
  void anAndListOfValueFiltersDecidesOnViewsAsOnBuiltCells(Layout layout, boolean reversed) {
    loadRandom(layout, reversed);
    java.util.function.BiFunction<String, CompareOperator, SingleColumnValueFilter> y = (v, op) ->
        new SingleColumnValueFilter(Bytes.toBytes("a"), Bytes.toBytes("y"), op, Bytes.toBytes(v));
    java.util.function.BiFunction<String, CompareOperator, SingleColumnValueFilter> z = (v, op) ->
        new SingleColumnValueFilter(Bytes.toBytes("a"), Bytes.toBytes("z"), op, Bytes.toBytes(v));
    FilterList views = new FilterList(y.apply("1", CompareOperator.EQUAL), z.apply("1", CompareOperator.GREATER));
    assertTrue(views.filtersViews() && views.decidesRowsOnViews());
    assertTrue(new FilterList(views, y.apply("0", CompareOperator.LESS)).decidesRowsOnViews(), "nested");
    assertTrue(!new FilterList(FilterList.Operator.MUST_PASS_ONE, y.apply("1", CompareOperator.EQUAL),
        z.apply("1", CompareOperator.EQUAL)).decidesRowsOnViews(), "OR");
    assertTrue(!new FilterList(y.apply("1", CompareOperator.EQUAL), new OnBuiltCells(z.apply("1", CompareOperator.EQUAL)))
        .filtersViews(), "a member on built cells");
    // rows of the AND list are never rejected by key: a dropped row's key is not even copied
    assertTrue(!views.filtersRowKeys() && !y.apply("1", CompareOperator.EQUAL).filtersRowKeys());
    assertTrue(new FilterList(FilterList.Operator.MUST_PASS_ONE, y.apply("1", CompareOperator.EQUAL)).filtersRowKeys(),
        "OR");
    assertTrue(new FilterList(views, new PrefixFilter(Bytes.toBytes("r1"))).filtersRowKeys(), "a member on keys");
    int scans = 0;
    for (String v : new String[] {"0", "1", "2"}) {
      for (CompareOperator op : new CompareOperator[] {CompareOperator.EQUAL, CompareOperator.GREATER_OR_EQUAL}) {
        for (int variant = 0; variant < 8; variant++) {
          boolean missing = (variant & 1) != 0;
          boolean latest = (variant & 2) != 0;
          boolean selected = (variant & 4) != 0;
          java.util.function.Supplier<Scan> base = base(reversed, latest, selected);
          java.util.function.Supplier<FilterList> list = () -> new FilterList(
              y.apply(v, op).setFilterIfMissing(missing).setLatestVersionOnly(latest),
              z.apply("1", CompareOperator.GREATER_OR_EQUAL).setFilterIfMissing(!missing).setLatestVersionOnly(latest));
          String what = v + " " + op + " missing=" + missing + " latest=" + latest + " selected=" + selected;
          List<String> expected = fx.cells(base.get().setFilter(new OnBuiltCells(list.get())));
          assertEquals(expected, fx.cells(base.get().setFilter(list.get())), what);
          assertEquals(expected, fx.cells(base.get().setBatch(2).setFilter(list.get())), what + " batch 2");
          scans += expected.isEmpty() ? 0 : 1;
        }
      }
    }
    assertTrue(scans > 20, "most scans return cells: " + scans);
  }
}
