package dev.cellar.storage.filter;

import static dev.cellar.storage.filter.FilterFixture.cellsInOrder;
import static dev.cellar.storage.filter.FilterFixture.inOrder;
import static dev.cellar.storage.filter.FilterFixture.scan;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Put;
import dev.cellar.storage.filter.FilterFixture.Layout;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Filters that decide cells and columns, over three rows with two families and several
 * versions, in every layout, forwards and reversed. Expected cells are written out in forward
 * order as {@code row/family:qualifier@ts=value}.
 */
class CellFiltersTest extends FilterFixtureTest {
  /**
   * r1: a:alpha@1=1, a:alpha@2=2, a:beta@1=bb, a:gamma@1=ccc, b:alpha@1=x, b:delta@1=yy;
   * r2: a:alpha@5=hello, a:beta@5=world, b:beta@5=!; r3: b:zeta@1=z.
   */
  private void load(Layout layout) {
    fx = new FilterFixture(layout, List.of("r2"));
    fx.write(new Put(Bytes.toBytes("r1"), 1).addColumn("a", "alpha", "1").addColumn("a", "beta", "bb")
        .addColumn("a", "gamma", "ccc").addColumn("b", "alpha", "x").addColumn("b", "delta", "yy"));
    fx.write(new Put(Bytes.toBytes("r3"), 1).addColumn("b", "zeta", "z"));
    fx.write(new Put(Bytes.toBytes("r2"), 5).addColumn("a", "alpha", "hello").addColumn("a", "beta", "world")
        .addColumn("b", "beta", "!"));
    fx.write(new Put(Bytes.toBytes("r1"), 2).addColumn("a", "alpha", "2"));
    fx.settle();
  }

  private void check(boolean reversed, List<String> expectedForward, dev.cellar.storage.Scan scan) {
    assertEquals(cellsInOrder(reversed, expectedForward), fx.cells(scan));
  }

  @ParameterizedTest
  @MethodSource("dev.cellar.storage.filter.FilterFixture#layoutsAndDirections")
  void keyOnlyFilterEmptiesValues(Layout layout, boolean reversed) {
    load(layout);
    check(reversed, List.of("r1/a:alpha@2=", "r1/a:beta@1=", "r1/a:gamma@1=", "r1/b:alpha@1=", "r1/b:delta@1=",
        "r2/a:alpha@5=", "r2/a:beta@5=", "r2/b:beta@5=", "r3/b:zeta@1="), scan(reversed).setFilter(new KeyOnlyFilter()));
    check(reversed, List.of("r2/a:alpha@5=\\x00\\x00\\x00\\x05", "r2/a:beta@5=\\x00\\x00\\x00\\x05",
        "r2/b:beta@5=\\x00\\x00\\x00\\x01"), scan(reversed).withStartRow(Bytes.toBytes("r2")).withStopRow(
        Bytes.toBytes("r2"), true).setFilter(new KeyOnlyFilter(true)));
  }

  @ParameterizedTest
  @MethodSource("dev.cellar.storage.filter.FilterFixture#layoutsAndDirections")
  void valueFilterSeesTheVersionsTheReadRulesReturn(Layout layout, boolean reversed) {
    load(layout);
    check(reversed, List.of("r2/a:alpha@5=hello", "r2/a:beta@5=world"),
        scan(reversed).setFilter(new ValueFilter(CompareOperator.EQUAL, new SubstringComparator("O"))));
    // One version read: r1's newest a:alpha is "2", so the older "1" is not a candidate (HBase would return it).
    check(reversed, List.of(), scan(reversed).setFilter(new ValueFilter(CompareOperator.EQUAL, new BinaryComparator("1"))));
    check(reversed, List.of("r1/a:alpha@1=1"), scan(reversed).readVersions(3)
        .setFilter(new ValueFilter(CompareOperator.EQUAL, new BinaryComparator("1"))));
    check(reversed, List.of("r1/a:gamma@1=ccc", "r1/b:alpha@1=x", "r1/b:delta@1=yy", "r2/a:alpha@5=hello",
        "r2/a:beta@5=world", "r3/b:zeta@1=z"),
        scan(reversed).setFilter(new ValueFilter(CompareOperator.GREATER, new BinaryComparator("bb"))));
  }

  @ParameterizedTest
  @MethodSource("dev.cellar.storage.filter.FilterFixture#layoutsAndDirections")
  void qualifierAndFamilyFilters(Layout layout, boolean reversed) {
    load(layout);
    check(reversed, List.of("r1/a:alpha@2=2", "r1/b:alpha@1=x", "r2/a:alpha@5=hello"),
        scan(reversed).setFilter(new QualifierFilter(CompareOperator.EQUAL, new BinaryComparator("alpha"))));
    check(reversed, List.of("r1/a:alpha@2=2", "r1/a:alpha@1=1", "r1/b:alpha@1=x", "r2/a:alpha@5=hello"),
        scan(reversed).readAllVersions()
            .setFilter(new QualifierFilter(CompareOperator.LESS, new BinaryComparator("beta"))));
    check(reversed, List.of("r1/b:alpha@1=x", "r1/b:delta@1=yy", "r2/b:beta@5=!", "r3/b:zeta@1=z"),
        scan(reversed).setFilter(new FamilyFilter(CompareOperator.EQUAL, new BinaryComparator("b"))));
    check(reversed, List.of("r1/a:alpha@2=2", "r1/a:beta@1=bb", "r1/a:gamma@1=ccc", "r2/a:alpha@5=hello",
        "r2/a:beta@5=world"),
        scan(reversed).setFilter(new FamilyFilter(CompareOperator.NOT_EQUAL, new BinaryComparator("b"))));
  }

  @ParameterizedTest
  @MethodSource("dev.cellar.storage.filter.FilterFixture#layoutsAndDirections")
  void columnPrefixAndRangeFilters(Layout layout, boolean reversed) {
    load(layout);
    check(reversed, List.of("r1/a:beta@1=bb", "r2/a:beta@5=world", "r2/b:beta@5=!"),
        scan(reversed).setFilter(new ColumnPrefixFilter("be")));
    check(reversed, List.of("r1/a:beta@1=bb", "r1/b:delta@1=yy", "r2/a:beta@5=world", "r2/b:beta@5=!"),
        scan(reversed).setFilter(new ColumnRangeFilter(Bytes.toBytes("beta"), true, Bytes.toBytes("delta"), true)));
    check(reversed, List.of("r1/a:beta@1=bb", "r2/a:beta@5=world", "r2/b:beta@5=!"),
        scan(reversed).setFilter(new ColumnRangeFilter(Bytes.toBytes("alpha"), false, Bytes.toBytes("delta"), false)));
    check(reversed, List.of("r1/a:alpha@2=2", "r1/b:alpha@1=x", "r2/a:alpha@5=hello"),
        scan(reversed).setFilter(new ColumnRangeFilter(null, true, Bytes.toBytes("b"), false)));
    check(reversed, List.of("r1/a:gamma@1=ccc", "r1/b:delta@1=yy", "r3/b:zeta@1=z"),
        scan(reversed).setFilter(new ColumnRangeFilter(Bytes.toBytes("d"), true, null, true)));
    check(reversed, List.of("r1/a:alpha@2=2", "r1/a:gamma@1=ccc", "r1/b:alpha@1=x", "r2/a:alpha@5=hello",
        "r3/b:zeta@1=z"), scan(reversed).setFilter(new MultipleColumnPrefixFilter(Bytes.toBytes("z"),
        Bytes.toBytes("al"), Bytes.toBytes("ga"))));
    check(reversed, List.of("r1/a:beta@1=bb", "r2/a:beta@5=world", "r2/b:beta@5=!"),
        scan(reversed).setFilter(new MultipleColumnPrefixFilter(Bytes.toBytes("b"), Bytes.toBytes("be"))));
  }

  @ParameterizedTest
  @MethodSource("dev.cellar.storage.filter.FilterFixture#layoutsAndDirections")
  void firstKeyTimestampsAndColumnCount(Layout layout, boolean reversed) {
    load(layout);
    check(reversed, List.of("r1/a:alpha@2=2", "r2/a:alpha@5=hello", "r3/b:zeta@1=z"),
        scan(reversed).setFilter(new FirstKeyOnlyFilter()));
    check(reversed, List.of("r1/a:alpha@1=1", "r1/a:beta@1=bb", "r1/a:gamma@1=ccc", "r1/b:alpha@1=x",
        "r1/b:delta@1=yy", "r2/a:alpha@5=hello", "r2/a:beta@5=world", "r2/b:beta@5=!", "r3/b:zeta@1=z"),
        scan(reversed).readVersions(3).setFilter(new TimestampsFilter(List.of(5L, 1L))));
    // One version read: a:alpha@1 is hidden behind @2 before the filter sees anything.
    check(reversed, List.of("r1/a:beta@1=bb", "r1/a:gamma@1=ccc", "r1/b:alpha@1=x", "r1/b:delta@1=yy",
        "r3/b:zeta@1=z"), scan(reversed).setFilter(new TimestampsFilter(List.of(1L))));
    check(reversed, List.of("r1/a:alpha@2=2"), scan(reversed).readVersions(3).setFilter(new TimestampsFilter(List.of(2L))));
    check(reversed, List.of(), scan(reversed).setFilter(new TimestampsFilter(List.of())));
    check(reversed, List.of("r1/a:alpha@2=2", "r1/a:beta@1=bb", "r2/a:alpha@5=hello", "r2/a:beta@5=world",
        "r3/b:zeta@1=z"), scan(reversed).readVersions(3).setFilter(new ColumnCountGetFilter(2)));
  }

  @ParameterizedTest
  @MethodSource("dev.cellar.storage.filter.FilterFixture#layoutsAndDirections")
  void filtersWithColumnSelectionAndBatch(Layout layout, boolean reversed) {
    load(layout);
    check(reversed, List.of("r1/a:gamma@1=ccc"), scan(reversed).addFamily("a")
        .setFilter(new ColumnRangeFilter(Bytes.toBytes("d"), true, null, true)));
    check(reversed, List.of("r1/a:alpha@2=2", "r2/a:alpha@5=hello"), scan(reversed).addColumn("a", "alpha")
        .addColumn("b", "delta").setFilter(new ColumnPrefixFilter("al")));
    // Batches of two cells: r1 has three matching cells, so it comes back in two results.
    MultipleColumnPrefixFilter f = new MultipleColumnPrefixFilter(Bytes.toBytes("al"), Bytes.toBytes("ga"),
        Bytes.toBytes("z"));
    assertEquals(reversed ? List.of("r3", "r2", "r1", "r1") : List.of("r1", "r1", "r2", "r3"),
        fx.rows(scan(reversed).setBatch(2).setFilter(f)));
    check(reversed, List.of("r1/a:alpha@2=2", "r1/a:gamma@1=ccc", "r1/b:alpha@1=x", "r2/a:alpha@5=hello",
        "r3/b:zeta@1=z"), scan(reversed).setBatch(2).setFilter(f));
    // Batches of one: r2 has two "be" columns, one per result.
    assertEquals(inOrder(reversed, List.of("r1", "r2", "r2")), fx.rows(scan(reversed).setBatch(1)
        .setFilter(new ColumnPrefixFilter("be"))));
  }
}
