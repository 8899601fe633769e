package dev.cellar.storage.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.Scan;
import dev.cellar.storage.filter.FilterFixture.Layout;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * How the region scanner runs filters: rows and cells that fail never come back, seek hints
 * skip what a filter excludes (measured by a recording member of an AND list, which sees every
 * row and cell the list is asked about), PageFilter and filterAllRemaining end the scan early,
 * hints never undo the read rules, and the contract's row-level steps run in order.
 */
class FilterScanEngineTest extends FilterFixtureTest {
  /** Lets everything through and records the rows and cells it is asked about. */
  static final class Recording extends Filter {
    final List<String> rows = new ArrayList<>();
    final List<String> cells = new ArrayList<>();

    @Override
    public boolean filterRowKey(Cell firstRowCell) {
      rows.add(Bytes.toString(firstRowCell.row()));
      return false;
    }

    @Override
    public ReturnCode filterCell(Cell c) {
      cells.add(Bytes.toString(c.row()) + "/" + Bytes.toString(c.family()) + ":" + Bytes.toString(c.qualifier()));
      return ReturnCode.INCLUDE;
    }
  }

  private static String row(int i) {
    return String.format("r%03d", i);
  }

  /** Rows r000…r099, one cell each, in one region. */
  private void hundredRows(Layout layout) {
    fx = new FilterFixture(layout, List.of());
    for (int i = 0; i < 100; i++) {
      fx.write(new Put(row(i)).addColumn("a", "x", "v" + i));
    }
    fx.settle();
  }

  private static List<String> rows(int... is) {
    List<String> out = new ArrayList<>();
    for (int i : is) {
      out.add(row(i));
    }
    return out;
  }

  @ParameterizedTest
  @EnumSource(value = Layout.class, names = {"MEMSTORE", "FLUSHED", "MIXED"})
  void multiRowRangeSeeksOverTheGaps(Layout layout) {
    hundredRows(layout);
    Recording seen = new Recording();
    Scan scan = new Scan().setFilter(new FilterList(new MultiRowRangeFilter(List.of(
        new MultiRowRangeFilter.RowRange(row(10), row(13)),
        new MultiRowRangeFilter.RowRange(Bytes.toBytes(row(50)), true, Bytes.toBytes(row(52)), true))), seen));
    assertEquals(rows(10, 11, 12, 50, 51, 52), fx.rows(scan));
    // r000 leads to r010; r013 (the exclusive stop) leads to r050; r053 ends the scan.
    assertEquals(rows(0, 10, 11, 12, 13, 50, 51, 52, 53), seen.rows);

    Recording back = new Recording();
    Scan reversed = new Scan().setReversed(true).setFilter(new FilterList(new MultiRowRangeFilter(List.of(
        new MultiRowRangeFilter.RowRange(row(10), row(13)),
        new MultiRowRangeFilter.RowRange(Bytes.toBytes(row(50)), true, Bytes.toBytes(row(52)), true))), back));
    assertEquals(rows(52, 51, 50, 12, 11, 10), fx.rows(reversed));
    // r099 leads to r052; r049 to r013 (outside: the stop is exclusive), then r012; r009 ends the scan.
    assertEquals(rows(99, 52, 51, 50, 49, 13, 12, 11, 10, 9), back.rows);
  }

  @ParameterizedTest
  @EnumSource(value = Layout.class, names = {"MEMSTORE", "FLUSHED", "MIXED"})
  void prefixFilterSeeksToThePrefixAndEndsAfterIt(Layout layout) {
    hundredRows(layout);
    Recording seen = new Recording();
    assertEquals(rows(20, 21, 22, 23, 24, 25, 26, 27, 28, 29),
        fx.rows(new Scan().setFilter(new FilterList(new PrefixFilter(Bytes.toBytes("r02")), seen))));
    assertEquals(rows(0, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30), seen.rows);
    Recording back = new Recording();
    assertEquals(rows(29, 28, 27, 26, 25, 24, 23, 22, 21, 20), fx.rows(new Scan().setReversed(true)
        .setFilter(new FilterList(new PrefixFilter(Bytes.toBytes("r02")), back))));
    // r099 leads to the largest row not above "r03" (the end of the prefix), r029; r019 ends the scan.
    assertEquals(rows(99, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19), back.rows);
  }

  @ParameterizedTest
  @EnumSource(value = Layout.class, names = {"MEMSTORE", "FLUSHED", "MIXED", "REGIONS"})
  void pageFilterStopsReadingRows(Layout layout) {
    hundredRows(layout);
    Recording seen = new Recording();
    assertEquals(rows(0, 1, 2), fx.rows(new Scan().setFilter(new FilterList(seen, new PageFilter(3)))));
    assertEquals(rows(0, 1, 2), seen.rows, "no row is read after the page is full");
    // Rows that fail do not count towards the page, and are not returned.
    Recording evens = new Recording();
    FilterList f = new FilterList(evens, new RowFilter(CompareOperator.EQUAL, new RegexStringComparator("[02468]$")),
        new PageFilter(4));
    assertEquals(rows(0, 2, 4, 6), fx.rows(new Scan().setFilter(f)));
    assertEquals(rows(0, 1, 2, 3, 4, 5, 6), evens.rows);
  }

  @Test
  void filterAllRemainingEndsTheScanInEveryRegion() {
    fx = new FilterFixture(Layout.REGIONS, List.of(row(30), row(60)));
    for (int i = 0; i < 100; i++) {
      fx.write(new Put(row(i)).addColumn("a", "x", "v" + i));
    }
    fx.settle();
    assertEquals(3, fx.regions().size());
    Recording seen = new Recording();
    // The row that made the filter done is finished; no later row is read, in this region or the next.
    assertEquals(rows(0, 1, 2, 3, 4, 5), fx.rows(new Scan().setFilter(new FilterList(seen, doneAt(5)))));
    assertEquals(rows(0, 1, 2, 3, 4, 5), seen.rows);
    assertEquals(rows(0, 1, 2, 3, 4, 5), fx.rows(new Scan().setFilter(doneAt(5))));
    assertEquals(rows(99, 98, 97), fx.rows(new Scan().setReversed(true).setFilter(new Filter() {
      private int rows;

      @Override
      public boolean filterRowKey(Cell firstRowCell) {
        rows++;
        return false;
      }

      @Override
      public boolean filterAllRemaining() {
        return rows >= 3;
      }
    })));
    // A page spans regions: the count is per scan, not per region.
    assertEquals(rows(25, 26, 27, 28, 29, 30, 31, 32), fx.rows(new Scan().withStartRow(Bytes.toBytes(row(25)))
        .setFilter(new PageFilter(8))));
  }

  /** A filter that is done once it has seen row {@code i} or a later one. */
  private static Filter doneAt(int i) {
    return new Filter() {
      private boolean done;

      @Override
      public boolean filterRowKey(Cell firstRowCell) {
        done = Bytes.compare(firstRowCell.row(), Bytes.toBytes(row(i))) >= 0;
        return false;
      }

      @Override
      public boolean filterAllRemaining() {
        return done;
      }
    };
  }

  @Test
  void columnFiltersSeekWithinAWideRow() {
    fx = new FilterFixture(Layout.FLUSHED, List.of());
    Put wide = new Put("w");
    for (int i = 0; i < 200; i++) {
      wide.addColumn("a", String.format("c%03d", i), "v" + i);
    }
    wide.addColumn("b", "d0", "x").addColumn("b", "d1", "y").addColumn("b", "d2", "z");
    fx.write(wide);
    fx.settle();
    Recording seen = new Recording();
    List<String> got = fx.cells(new Scan().setFilter(new FilterList(new ColumnPrefixFilter("c15"), seen)));
    assertEquals(10, got.size());
    assertTrue(got.get(0).startsWith("w/a:c150@") && got.get(9).startsWith("w/a:c159@"), got.toString());
    // c000 leads to c150; c160 leads to family b, whose d0 leads past the row: 13 cells looked at, not 203.
    List<String> expected = new ArrayList<>(List.of("w/a:c000"));
    for (int i = 150; i <= 160; i++) {
      expected.add("w/a:c" + i);
    }
    expected.add("w/b:d0");
    assertEquals(expected, seen.cells);

    Recording range = new Recording();
    assertEquals(4, fx.cells(new Scan().setFilter(new FilterList(range,
        new ColumnRangeFilter(Bytes.toBytes("c197"), true, Bytes.toBytes("d1"), false)))).size());
    assertEquals(List.of("w/a:c000", "w/a:c197", "w/a:c198", "w/a:c199", "w/b:d0", "w/b:d1"), range.cells);

    // In batches of four: 4 + 4 + 2 cells.
    List<Integer> sizes = new ArrayList<>();
    fx.scan(new Scan().setBatch(4).setFilter(new ColumnPrefixFilter("c15"))).forEach(r -> sizes.add(r.size()));
    assertEquals(List.of(4, 4, 2), sizes);
  }

  /**
   * Row r: a:""@30 (a put with the empty qualifier), a family delete at 20, a:m1@10 (hidden by
   * it) and a:m2@25. A filter that seeks from the empty qualifier towards "m" must still read
   * the family marker that hides a:m1.
   */
  @ParameterizedTest
  @EnumSource(Layout.class)
  void hintsNeverSkipDeleteMarkers(Layout layout) {
    fx = new FilterFixture(layout, List.of("q"));
    fx.write(new Put(Bytes.toBytes("r"), 10).addColumn("a", "m1", "hidden"));
    fx.write(new Put(Bytes.toBytes("r"), 25).addColumn("a", "m2", "shown"));
    fx.write(new Put(Bytes.toBytes("r"), 30).addColumn("a", "", "empty"));
    fx.write(new Delete(Bytes.toBytes("r")).addFamily(Bytes.toBytes("a"), 20));
    fx.write(new Put(Bytes.toBytes("r"), 10).addColumn("b", "m1", "kept"));
    fx.settle();
    assertEquals(List.of("r/a:@30=empty", "r/a:m2@25=shown", "r/b:m1@10=kept"), fx.cells(new Scan()));
    assertEquals(List.of("r/a:m2@25=shown", "r/b:m1@10=kept"),
        fx.cells(new Scan().setFilter(new ColumnRangeFilter(Bytes.toBytes("m"), true, null, true))));
    assertEquals(List.of("r/a:m2@25=shown", "r/b:m1@10=kept"),
        fx.cells(new Scan().setFilter(new ColumnPrefixFilter("m"))));
    assertEquals(List.of("r/a:m2@25=shown", "r/b:m1@10=kept"), fx.cells(new Scan().setFilter(
        new QualifierFilter(CompareOperator.NOT_EQUAL, new BinaryComparator(Bytes.EMPTY)))));
    assertEquals(List.of("r/a:m2@25=shown"), fx.cells(new Scan().readAllVersions().setFilter(
        new FilterList(new FamilyFilter(CompareOperator.EQUAL, new BinaryComparator("a")), new ColumnPrefixFilter("m")))));
    // A hint from family a into family b lands on b's first column, whatever it holds.
    assertEquals(List.of("r/b:m1@10=kept"), fx.cells(new Scan().setFilter(
        new FamilyFilter(CompareOperator.GREATER, new BinaryComparator("a")))));
  }

  /**
   * Row s: a:z, then in family b a family delete at 15 hiding b:k@10 and b:m@10, and b:n@20.
   * A hint from family a straight to b:m must read b's marker on the way.
   */
  @ParameterizedTest
  @EnumSource(Layout.class)
  void hintsIntoAnotherFamilyReadItsMarkers(Layout layout) {
    fx = new FilterFixture(layout, List.of("q"));
    fx.write(new Put(Bytes.toBytes("s"), 10).addColumn("a", "z", "z").addColumn("b", "k", "hidden")
        .addColumn("b", "m", "hidden"));
    fx.write(new Delete(Bytes.toBytes("s")).addFamily(Bytes.toBytes("b"), 15));
    fx.write(new Put(Bytes.toBytes("s"), 20).addColumn("b", "n", "shown"));
    fx.settle();
    Filter toBm = new Filter() {
      @Override
      public ReturnCode filterCell(Cell c) {
        return Bytes.toString(c.family()).equals("a") ? ReturnCode.SEEK_NEXT_USING_HINT : ReturnCode.INCLUDE;
      }

      @Override
      public Cell getNextCellHint(Cell current) {
        return Cell.firstOnColumn(current.row(), Bytes.toBytes("b"), Bytes.toBytes("m"));
      }
    };
    assertEquals(List.of("s/b:n@20=shown"), fx.cells(new Scan().readAllVersions().setFilter(toBm)));
    assertEquals(List.of("s/b:n@20=shown"), fx.cells(new Get("s").readAllVersions().setFilter(toBm)));
  }

  @Test
  void failingRowsAreNotReturnedAndLimitsCountReturnedRows() {
    hundredRows(Layout.MIXED);
    ValueFilter sevens = new ValueFilter(CompareOperator.EQUAL, new RegexStringComparator("7"));
    List<String> got = fx.rows(new Scan().setFilter(sevens));
    assertEquals(19, got.size(), got.toString());
    for (String r : got) {
      assertTrue(r.contains("7"), r);
    }
    assertEquals(rows(7, 17, 27), fx.rows(new Scan().setLimit(3)
        .setFilter(new ValueFilter(CompareOperator.EQUAL, new RegexStringComparator("7")))));
    assertEquals(rows(97, 87), fx.rows(new Scan().setReversed(true).setLimit(2)
        .setFilter(new ValueFilter(CompareOperator.EQUAL, new RegexStringComparator("7")))));
    // A get through a filter.
    assertTrue(fx.table().get(new Get(row(3)).setFilter(new ValueFilter(CompareOperator.EQUAL,
        new BinaryComparator("v4")))).isEmpty());
    assertEquals("v4", fx.table().get(new Get(row(4)).setFilter(new ValueFilter(CompareOperator.EQUAL,
        new BinaryComparator("v4")))).valueAsString("a", "x"));
  }

  @Test
  void rowStepsRunInOrderAndTransformsApply() {
    fx = new FilterFixture(Layout.MIXED, List.of());
    for (int i = 0; i < 4; i++) {
      fx.write(new Put(Bytes.toBytes("k" + i), 1).addColumn("a", "p", "v" + i).addColumn("a", "q", "w" + i)
          .addColumn("b", "r", "x" + i));
    }
    fx.settle();
    List<String> calls = new ArrayList<>();
    Filter upperLastTwo = new Filter() {
      @Override
      public void reset() {
        calls.add("reset");
      }

      @Override
      public boolean filterRowKey(Cell firstRowCell) {
        calls.add("key " + Bytes.toString(firstRowCell.row()));
        return Bytes.toString(firstRowCell.row()).equals("k1");
      }

      @Override
      public ReturnCode filterCell(Cell c) {
        calls.add("cell " + Bytes.toString(c.qualifier()));
        return ReturnCode.INCLUDE;
      }

      @Override
      public Cell transformCell(Cell c) {
        byte[] v = Bytes.toBytes(Bytes.toString(c.value()).toUpperCase(Locale.ROOT));
        return new Cell(c.row(), c.family(), c.qualifier(), c.timestamp(), c.type(), v, c.sequenceId());
      }

      @Override
      public boolean hasFilterRow() {
        return true;
      }

      @Override
      public void filterRowCells(List<Cell> cells) {
        calls.add("rowCells " + cells.size());
        cells.remove(0);
      }

      @Override
      public boolean filterRow() {
        calls.add("row");
        return false;
      }
    };
    assertEquals(List.of("k0/a:q@1=W0", "k0/b:r@1=X0"), fx.cells(new Scan().withStopRow(Bytes.toBytes("k2"))
        .setFilter(upperLastTwo)));
    assertEquals(List.of("reset", "key k0", "cell p", "cell q", "cell r", "rowCells 3", "row", "reset", "key k1"), calls);
  }

  @Test
  void hintsThatDoNotMoveForwardAreIgnored() {
    hundredRows(Layout.FLUSHED);
    Filter backwards = new Filter() {
      @Override
      public ReturnCode filterCell(Cell c) {
        return ReturnCode.SEEK_NEXT_USING_HINT;
      }

      @Override
      public Cell getNextCellHint(Cell current) {
        return Cell.firstOnRow(Bytes.toBytes("r000"));
      }
    };
    assertEquals(List.of(), fx.rows(new Scan().setFilter(backwards)));
    assertEquals(List.of(), fx.rows(new Scan().setReversed(true).setFilter(backwards)));
  }
}
