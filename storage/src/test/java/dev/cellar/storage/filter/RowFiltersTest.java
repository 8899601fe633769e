package dev.cellar.storage.filter;

import static dev.cellar.storage.filter.FilterFixture.inOrder;
import static dev.cellar.storage.filter.FilterFixture.scan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.filter.FilterFixture.Layout;
import dev.cellar.storage.filter.MultiRowRangeFilter.RowRange;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Filters that decide whole rows, over rows {@code r00}…{@code r19} (column {@code a:x} =
 * {@code v<i>}, {@code b:y} = {@code i mod 3}), in every layout, forwards and reversed.
 */
class RowFiltersTest extends FilterFixtureTest {
  private void load(Layout layout) {
    fx = new FilterFixture(layout, List.of("r07", "r14"));
    for (int i = 0; i < 20; i++) {
      fx.write(new Put(row(i)).addColumn("a", "x", "v" + i).addColumn("b", "y", Integer.toString(i % 3)));
    }
    fx.settle();
  }

  private static String row(int i) {
    return String.format("r%02d", i);
  }

  private static List<String> rows(int... is) {
    List<String> out = new ArrayList<>();
    for (int i : is) {
      out.add(row(i));
    }
    return out;
  }

  private static List<String> range(int from, int to) {
    List<String> out = new ArrayList<>();
    for (int i = from; i < to; i++) {
      out.add(row(i));
    }
    return out;
  }

  @ParameterizedTest
  @MethodSource("dev.cellar.storage.filter.FilterFixture#layoutsAndDirections")
  void rowFilterComparesTheKey(Layout layout, boolean reversed) {
    load(layout);
    assertEquals(inOrder(reversed, rows(0, 1, 2)),
        fx.rows(scan(reversed).setFilter(new RowFilter(CompareOperator.LESS, new BinaryComparator("r03")))));
    assertEquals(inOrder(reversed, rows(17, 18, 19)), fx.rows(scan(reversed)
        .setFilter(new RowFilter(CompareOperator.GREATER_OR_EQUAL, new BinaryComparator("r17")))));
    assertEquals(inOrder(reversed, rows(10, 15)), fx.rows(scan(reversed)
        .setFilter(new RowFilter(CompareOperator.EQUAL, new RegexStringComparator("r1[05]")))));
    // Rows without a '1': r00 and r02..r09.
    assertEquals(inOrder(reversed, rows(0, 2, 3, 4, 5, 6, 7, 8, 9)), fx.rows(scan(reversed)
        .setFilter(new RowFilter(CompareOperator.NOT_EQUAL, new SubstringComparator("1")))));
    assertEquals(List.of(), fx.rows(scan(reversed)
        .setFilter(new RowFilter(CompareOperator.NO_OP, new BinaryComparator("r03")))));
    // The whole row comes back: both columns.
    List<Result> r05 = fx.scan(scan(reversed).setFilter(new RowFilter(CompareOperator.EQUAL, new BinaryComparator("r05"))));
    assertEquals(1, r05.size());
    assertEquals(2, r05.get(0).size());
    assertEquals("v5", r05.get(0).valueAsString("a", "x"));
    assertEquals("2", r05.get(0).valueAsString("b", "y"));
  }

  @ParameterizedTest
  @MethodSource("dev.cellar.storage.filter.FilterFixture#layoutsAndDirections")
  void prefixFilterKeepsThePrefixOnly(Layout layout, boolean reversed) {
    load(layout);
    assertEquals(inOrder(reversed, range(10, 20)), fx.rows(scan(reversed).setFilter(new PrefixFilter("r1"))));
    assertEquals(inOrder(reversed, range(0, 10)), fx.rows(scan(reversed).setFilter(new PrefixFilter("r0"))));
    assertEquals(inOrder(reversed, rows(7)), fx.rows(scan(reversed).setFilter(new PrefixFilter("r07"))));
    assertEquals(List.of(), fx.rows(scan(reversed).setFilter(new PrefixFilter("q"))));
    assertEquals(List.of(), fx.rows(scan(reversed).setFilter(new PrefixFilter("s"))));
    assertEquals(inOrder(reversed, range(0, 20)), fx.rows(scan(reversed).setFilter(new PrefixFilter(""))));
  }

  @ParameterizedTest
  @MethodSource("dev.cellar.storage.filter.FilterFixture#layoutsAndDirections")
  void multiRowRangeFilterKeepsRowsInAnyRange(Layout layout, boolean reversed) {
    load(layout);
    MultiRowRangeFilter f = new MultiRowRangeFilter(List.of(
        new RowRange(Bytes.toBytes("r15"), false, Bytes.toBytes("r17"), true),
        new RowRange("r02", "r04"),
        new RowRange(Bytes.toBytes("r08"), true, Bytes.toBytes("r08"), true)));
    assertEquals(inOrder(reversed, rows(2, 3, 8, 16, 17)), fx.rows(scan(reversed).setFilter(f)));
    // Overlapping and touching ranges merge; an open end runs to the end of the table.
    MultiRowRangeFilter merged = new MultiRowRangeFilter(List.of(new RowRange("r02", "r05"),
        new RowRange("r01", "r03"), new RowRange(Bytes.toBytes("r18"), true, Bytes.EMPTY, false)));
    assertEquals(2, merged.getRowRanges().size());
    assertEquals(inOrder(reversed, rows(1, 2, 3, 4, 18, 19)), fx.rows(scan(reversed).setFilter(merged)));
    MultiRowRangeFilter exclusiveStops = new MultiRowRangeFilter(List.of(new RowRange("r05", "r07"),
        new RowRange("r10", "r12")));
    assertEquals(inOrder(reversed, rows(5, 6, 10, 11)), fx.rows(scan(reversed).setFilter(exclusiveStops)));
    assertEquals(List.of(), fx.rows(scan(reversed).setFilter(new MultiRowRangeFilter(List.of(new RowRange("s", "t"))))));
  }

  @ParameterizedTest
  @MethodSource("dev.cellar.storage.filter.FilterFixture#layoutsAndDirections")
  void randomRowFilterSamples(Layout layout, boolean reversed) {
    load(layout);
    assertEquals(List.of(), fx.rows(scan(reversed).setFilter(new RandomRowFilter(0f))));
    assertEquals(List.of(), fx.rows(scan(reversed).setFilter(new RandomRowFilter(-1f))));
    assertEquals(inOrder(reversed, range(0, 20)), fx.rows(scan(reversed).setFilter(new RandomRowFilter(1f))));
    assertEquals(inOrder(reversed, range(0, 20)), fx.rows(scan(reversed).setFilter(new RandomRowFilter(2f))));
    List<String> sample = fx.rows(scan(reversed).setFilter(new RandomRowFilter(0.5f, 42)));
    assertEquals(sample, fx.rows(scan(reversed).setFilter(new RandomRowFilter(0.5f, 42))), "same seed, same rows");
    assertTrue(!sample.isEmpty() && sample.size() < 20, "a proper sample: " + sample);
    List<String> expectedOrder = new ArrayList<>(inOrder(reversed, range(0, 20)));
    expectedOrder.retainAll(sample);
    assertEquals(expectedOrder, sample, "rows of the table, in scan order, each once");
  }

  @ParameterizedTest
  @MethodSource("dev.cellar.storage.filter.FilterFixture#layoutsAndDirections")
  void pageFilterReturnsOnePage(Layout layout, boolean reversed) {
    load(layout);
    List<String> all = inOrder(reversed, range(0, 20));
    assertEquals(all.subList(0, 5), fx.rows(scan(reversed).setFilter(new PageFilter(5))));
    assertEquals(all.subList(0, 9), fx.rows(scan(reversed).setFilter(new PageFilter(9))), "a page across regions");
    assertEquals(List.of(), fx.rows(scan(reversed).setFilter(new PageFilter(0))));
    assertEquals(all, fx.rows(scan(reversed).setFilter(new PageFilter(100))));
    // The next page starts after the last row of this one.
    String last = all.get(4);
    assertEquals(all.subList(5, 10), fx.rows(scan(reversed).withStartRow(Bytes.toBytes(last), false)
        .setFilter(new PageFilter(5))));
    // Last in an AND list, it counts only the rows the other members keep: b:y = 1 in rows 1, 4, 7, ...
    FilterList ones = new FilterList(new SingleColumnValueFilter(Bytes.toBytes("b"), Bytes.toBytes("y"),
        CompareOperator.EQUAL, Bytes.toBytes("1")), new PageFilter(3));
    assertEquals(reversed ? rows(19, 16, 13) : rows(1, 4, 7), fx.rows(scan(reversed).setFilter(ones)));
  }
}
