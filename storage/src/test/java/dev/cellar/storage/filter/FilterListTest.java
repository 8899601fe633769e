package dev.cellar.storage.filter;

import static dev.cellar.storage.filter.FilterFixture.cellsInOrder;
import static dev.cellar.storage.filter.FilterFixture.inOrder;
import static dev.cellar.storage.filter.FilterFixture.scan;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Put;
import dev.cellar.storage.filter.FilterFixture.Layout;
import dev.cellar.storage.filter.FilterList.Operator;
import dev.cellar.storage.filter.MultiRowRangeFilter.RowRange;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * AND and OR lists, nested, mixing row filters, cell filters with seek hints and row-level
 * filters, over rows {@code r00}…{@code r09}: {@code a:x} = {@code v<i>}, {@code a:y} =
 * {@code i mod 3}, {@code b:alpha} = {@code A<i>}, {@code b:gamma} = {@code G<i>}.
 */
class FilterListTest extends FilterFixtureTest {
  private static final byte[] A = Bytes.toBytes("a");
  private static final byte[] Y = Bytes.toBytes("y");

  private void load(Layout layout) {
    fx = new FilterFixture(layout, List.of("r03", "r06"));
    for (int i = 0; i < 10; i++) {
      fx.write(new Put(Bytes.toBytes(row(i)), 1).addColumn("a", "x", "v" + i).addColumn("a", "y", Integer.toString(i % 3))
          .addColumn("b", "alpha", "A" + i).addColumn("b", "gamma", "G" + i));
    }
    fx.settle();
  }

  private static String row(int i) {
    return "r0" + i;
  }

  private static RowFilter rowIs(int i) {
    return new RowFilter(CompareOperator.EQUAL, new BinaryComparator(row(i)));
  }

  private static SingleColumnValueFilter yIs(int v) {
    return new SingleColumnValueFilter(A, Y, CompareOperator.EQUAL, Bytes.toBytes(Integer.toString(v)));
  }

  @ParameterizedTest
  @MethodSource("dev.cellar.storage.filter.FilterFixture#layoutsAndDirections")
  void andKeepsWhatEveryMemberKeeps(Layout layout, boolean reversed) {
    load(layout);
    FilterList and = new FilterList(Operator.MUST_PASS_ALL,
        new RowFilter(CompareOperator.GREATER_OR_EQUAL, new BinaryComparator("r04")), yIs(1));
    assertEquals(inOrder(reversed, List.of("r04", "r07")), fx.rows(scan(reversed).setFilter(and)));
    // Two column filters with hints: the farthest hint wins, only b:gamma remains.
    FilterList cols = new FilterList(new ColumnRangeFilter(Bytes.toBytes("b"), true, null, true),
        new ColumnPrefixFilter("g"), new PrefixFilter("r05"));
    assertEquals(List.of("r05/b:gamma@1=G5"), fx.cells(scan(reversed).setFilter(cols)));
    FilterList keys = new FilterList(new FirstKeyOnlyFilter(), new KeyOnlyFilter());
    assertEquals(cellsInOrder(reversed, List.of("r00/a:x@1=", "r01/a:x@1=", "r02/a:x@1=", "r03/a:x@1=", "r04/a:x@1=",
        "r05/a:x@1=", "r06/a:x@1=", "r07/a:x@1=", "r08/a:x@1=", "r09/a:x@1=")), fx.cells(scan(reversed).setFilter(keys)));
    assertEquals(List.of(), fx.rows(scan(reversed).setFilter(new FilterList(rowIs(2), rowIs(3)))));
  }

  @ParameterizedTest
  @MethodSource("dev.cellar.storage.filter.FilterFixture#layoutsAndDirections")
  void orKeepsWhatAnyMemberKeeps(Layout layout, boolean reversed) {
    load(layout);
    assertEquals(inOrder(reversed, List.of("r02", "r05")),
        fx.rows(scan(reversed).setFilter(new FilterList(Operator.MUST_PASS_ONE, rowIs(2), rowIs(5)))));
    // r02 whole (its row filter passes); elsewhere only cells whose value is v7.
    FilterList mixed = new FilterList(Operator.MUST_PASS_ONE, rowIs(2),
        new ValueFilter(CompareOperator.EQUAL, new BinaryComparator("v7")));
    assertEquals(cellsInOrder(reversed, List.of("r02/a:x@1=v2", "r02/a:y@1=2", "r02/b:alpha@1=A2", "r02/b:gamma@1=G2",
        "r07/a:x@1=v7")), fx.cells(scan(reversed).setFilter(mixed)));
    // Two column prefixes: the nearest hint wins, so neither prefix is skipped over.
    FilterList prefixes = new FilterList(Operator.MUST_PASS_ONE, new ColumnPrefixFilter("y"),
        new ColumnPrefixFilter("ga"));
    assertEquals(List.of("r03/a:y@1=0", "r03/b:gamma@1=G3"),
        fx.cells(scan(reversed).withStartRow(Bytes.toBytes("r03")).withStopRow(Bytes.toBytes("r03"), true)
            .setFilter(prefixes)));
    // Row-level members: a row is dropped only if every member drops it.
    FilterList either = new FilterList(Operator.MUST_PASS_ONE, yIs(0), new SingleColumnValueFilter(Bytes.toBytes("b"),
        Bytes.toBytes("alpha"), CompareOperator.EQUAL, Bytes.toBytes("A4")));
    assertEquals(inOrder(reversed, List.of("r00", "r03", "r04", "r06", "r09")), fx.rows(scan(reversed).setFilter(either)));
    assertEquals(inOrder(reversed, List.of("r00", "r01", "r02", "r03", "r04", "r05", "r06", "r07", "r08", "r09")),
        fx.rows(scan(reversed).setFilter(new FilterList(Operator.MUST_PASS_ONE))));
  }

  @ParameterizedTest
  @MethodSource("dev.cellar.storage.filter.FilterFixture#layoutsAndDirections")
  void listsNest(Layout layout, boolean reversed) {
    load(layout);
    // (row in [r01, r05) AND y = 1) OR row = r08 OR row in (r08, ...] with v9.
    FilterList nested = new FilterList(Operator.MUST_PASS_ONE,
        new FilterList(new MultiRowRangeFilter(List.of(new RowRange("r01", "r05"))), yIs(1)),
        rowIs(8),
        new FilterList(Operator.MUST_PASS_ALL, new RowFilter(CompareOperator.GREATER, new BinaryComparator("r08")),
            new ValueFilter(CompareOperator.EQUAL, new BinaryComparator("v9"))));
    assertEquals(inOrder(reversed, List.of("r01", "r04", "r08", "r09")), fx.rows(scan(reversed).setFilter(nested)));
    assertEquals(List.of("r09/a:x@1=v9"), fx.cells(scan(reversed).withStartRow(Bytes.toBytes("r09"))
        .withStopRow(Bytes.toBytes("r09"), true).setFilter(new FilterList(Operator.MUST_PASS_ONE,
            new FilterList(new MultiRowRangeFilter(List.of(new RowRange("r01", "r05"))), yIs(1)),
            new FilterList(new PrefixFilter("r09"), new ValueFilter(CompareOperator.EQUAL, new BinaryComparator("v9")))))));
    // A page of the rows an inner OR keeps.
    FilterList paged = new FilterList(new FilterList(Operator.MUST_PASS_ONE, yIs(2), rowIs(0)), new PageFilter(2));
    assertEquals(reversed ? List.of("r08", "r05") : List.of("r00", "r02"), fx.rows(scan(reversed).setFilter(paged)));
  }

  /** Rows before r02 without column y: a:x, b:alpha and b:gamma of r00 and r01. */
  private static FilterList firstTwoRowsWithoutY() {
    return new FilterList(new PrefixFilter("r0"), new QualifierFilter(CompareOperator.NOT_EQUAL, new BinaryComparator("y")),
        new RowFilter(CompareOperator.LESS, new BinaryComparator("r02")));
  }

  @ParameterizedTest
  @MethodSource("dev.cellar.storage.filter.FilterFixture#layoutsAndDirections")
  void listsWithBatch(Layout layout, boolean reversed) {
    load(layout);
    // Three cells per row in batches of two: two results per row.
    List<String> first = inOrder(reversed, List.of("r00", "r01"));
    assertEquals(List.of(first.get(0), first.get(0), first.get(1), first.get(1)),
        fx.rows(scan(reversed).setBatch(2).setFilter(firstTwoRowsWithoutY())));
    assertEquals(cellsInOrder(reversed, List.of("r00/a:x@1=v0", "r00/b:alpha@1=A0", "r00/b:gamma@1=G0",
        "r01/a:x@1=v1", "r01/b:alpha@1=A1", "r01/b:gamma@1=G1")),
        fx.cells(scan(reversed).setBatch(2).setFilter(firstTwoRowsWithoutY())));
    // With a row-level member the rows are collected, then split the same way.
    FilterList collected = firstTwoRowsWithoutY().addFilter(new PageFilter(1));
    assertEquals(List.of(first.get(0), first.get(0)), fx.rows(scan(reversed).setBatch(2).setFilter(collected)));
  }
}
