package dev.cellar.storage.hbase;

import static dev.cellar.storage.hbase.StoreContractTest.F;
import static dev.cellar.storage.hbase.StoreContractTest.G;
import static dev.cellar.storage.hbase.StoreContractTest.b;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.filter.BinaryComparator;
import dev.cellar.storage.filter.BinaryPrefixComparator;
import dev.cellar.storage.filter.ColumnCountGetFilter;
import dev.cellar.storage.filter.ColumnPrefixFilter;
import dev.cellar.storage.filter.ColumnRangeFilter;
import dev.cellar.storage.filter.CompareOperator;
import dev.cellar.storage.filter.FamilyFilter;
import dev.cellar.storage.filter.Filter;
import dev.cellar.storage.filter.FilterList;
import dev.cellar.storage.filter.FirstKeyOnlyFilter;
import dev.cellar.storage.filter.KeyOnlyFilter;
import dev.cellar.storage.filter.MultiRowRangeFilter;
import dev.cellar.storage.filter.MultipleColumnPrefixFilter;
import dev.cellar.storage.filter.PageFilter;
import dev.cellar.storage.filter.PrefixFilter;
import dev.cellar.storage.filter.QualifierFilter;
import dev.cellar.storage.filter.RandomRowFilter;
import dev.cellar.storage.filter.RegexStringComparator;
import dev.cellar.storage.filter.RowFilter;
import dev.cellar.storage.filter.SignedIntegerComparator;
import dev.cellar.storage.filter.SingleColumnValueFilter;
import dev.cellar.storage.filter.SubstringComparator;
import dev.cellar.storage.filter.TimestampsFilter;
import dev.cellar.storage.filter.ValueFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every Cellar filter, forward and reversed, on the embedded engine and on HBase: the same scan
 * of the same rows (one version per column, over three regions) gives the same cells, whether
 * the filter runs on HBase's region servers or, for those without an HBase equivalent, in the
 * client.
 */
class FilterContractTest {
  private static CellarStore embedded;
  private static CellarStore hbase;
  private static Table embeddedTable;
  private static Table hbaseTable;

  @BeforeAll
  static void load() {
    hbase = HBaseStore.over(MiniHBase.connection(), "filters");
    embedded = EmbeddedStore.inMemory();
    String name = MiniHBase.uniqueName("filters");
    embeddedTable = fill(embedded, name);
    hbaseTable = fill(hbase, name);
  }

  @AfterAll
  static void close() {
    embedded.close();
    hbase.close();
  }

  private static Table fill(CellarStore s, String name) {
    Table t = StoreContractTest.table(s, name, 1, b("r05"), b("r12"));
    List<Put> puts = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      String row = String.format("r%02d", i);
      Put p = new Put(b(row), 1000 + i).addColumn(F, b("a"), b("va" + i)).addColumn(F, b("b" + (i % 3)), Bytes.toBytes((long) i - 10));
      if (i % 4 != 0) {
        p.addColumn(G, b("c"), b(i % 2 == 0 ? "Even" : "odd"));
      }
      if (i % 5 == 0) {
        p.addColumn(G, b("d"), 2000 + i, b("x"));
      }
      puts.add(p);
    }
    t.put(puts);
    return t;
  }

  static Stream<Arguments> filters() {
    List<Arguments> out = new ArrayList<>();
    add(out, "RowFilter LESS", () -> new RowFilter(CompareOperator.LESS, new BinaryComparator(b("r03"))));
    add(out, "RowFilter regex", () -> new RowFilter(CompareOperator.EQUAL, new RegexStringComparator("r1[3-5]")));
    add(out, "RowFilter prefix comparator",
        () -> new RowFilter(CompareOperator.NOT_EQUAL, new BinaryPrefixComparator(b("r1"))));
    add(out, "FamilyFilter", () -> new FamilyFilter(CompareOperator.EQUAL, new BinaryComparator(b("g"))));
    add(out, "QualifierFilter", () -> new QualifierFilter(CompareOperator.GREATER_OR_EQUAL, new BinaryComparator(b("b1"))));
    add(out, "ValueFilter substring", () -> new ValueFilter(CompareOperator.EQUAL, new SubstringComparator("EVEN")));
    for (Supplier<Filter> f : signedComparisons()) {
      add(out, f.get().toString(), f);
    }
    add(out, "SingleColumnValueFilter", () -> new SingleColumnValueFilter(G, b("c"), CompareOperator.EQUAL, b("odd")));
    add(out, "SingleColumnValueFilter if missing",
        () -> new SingleColumnValueFilter(G, b("c"), CompareOperator.EQUAL, b("odd")).setFilterIfMissing(true));
    add(out, "PrefixFilter", () -> new PrefixFilter(b("r1")));
    add(out, "ColumnPrefixFilter", () -> new ColumnPrefixFilter(b("b")));
    add(out, "MultipleColumnPrefixFilter", () -> new MultipleColumnPrefixFilter(b("a"), b("d")));
    add(out, "ColumnRangeFilter", () -> new ColumnRangeFilter(b("b0"), false, b("c"), true));
    add(out, "FirstKeyOnlyFilter", FirstKeyOnlyFilter::new);
    add(out, "KeyOnlyFilter", KeyOnlyFilter::new);
    add(out, "KeyOnlyFilter lenAsVal", () -> new KeyOnlyFilter(true));
    add(out, "TimestampsFilter", () -> new TimestampsFilter(List.of(1003L, 1011L, 2010L)));
    add(out, "MultiRowRangeFilter", () -> new MultiRowRangeFilter(List.of(
        new MultiRowRangeFilter.RowRange("r02", "r04"), new MultiRowRangeFilter.RowRange("r10", "r13"),
        new MultiRowRangeFilter.RowRange(b("r17"), true, b("r18"), true))));
    add(out, "PageFilter across regions", () -> new PageFilter(7));
    add(out, "RandomRowFilter none", () -> new RandomRowFilter(0f));
    add(out, "RandomRowFilter all", () -> new RandomRowFilter(1f));
    add(out, "RandomRowFilter seeded (client)", () -> new RandomRowFilter(1f, 42));
    add(out, "ColumnCountGetFilter in a scan (client)", () -> new ColumnCountGetFilter(2));
    add(out, "AND list", () -> new FilterList(new FamilyFilter(CompareOperator.EQUAL, new BinaryComparator(b("f"))),
        new QualifierFilter(CompareOperator.EQUAL, new BinaryComparator(b("a"))), new PageFilter(4)));
    add(out, "OR list", () -> new FilterList(FilterList.Operator.MUST_PASS_ONE, new PrefixFilter(b("r0")),
        new ValueFilter(CompareOperator.EQUAL, new BinaryComparator(b("x")))));
    add(out, "OR list with a page (client)", () -> new FilterList(FilterList.Operator.MUST_PASS_ONE,
        new RowFilter(CompareOperator.GREATER, new BinaryComparator(b("r15"))), new PageFilter(3)));
    return out.stream();
  }

  /**
   * Comparisons of signed integers, of every order, against bounds of each sign and of 8 and 4
   * bytes (the table's longs are -10 to 9; its strings of 3 and 4 bytes are 4-byte integers or
   * values of another width), on values, single columns and rows.
   */
  static List<Supplier<Filter>> signedComparisons() {
    List<Supplier<Filter>> out = new ArrayList<>();
    for (CompareOperator op : List.of(CompareOperator.LESS, CompareOperator.LESS_OR_EQUAL, CompareOperator.GREATER,
        CompareOperator.GREATER_OR_EQUAL, CompareOperator.EQUAL, CompareOperator.NOT_EQUAL)) {
      for (byte[] bound : List.of(Bytes.toBytes(-5L), Bytes.toBytes(0L), Bytes.toBytes(3L), Bytes.toBytes(-3),
          Bytes.toBytes(0x4576656e))) {
        out.add(() -> new ValueFilter(op, new SignedIntegerComparator(bound)));
      }
      out.add(() -> new SingleColumnValueFilter(F, b("b1"), op, new SignedIntegerComparator(Bytes.toBytes(-4L)))
          .setFilterIfMissing(true));
      out.add(() -> new SingleColumnValueFilter(F, b("b2"), op, new SignedIntegerComparator(Bytes.toBytes(2L))));
      out.add(() -> new RowFilter(op, new SignedIntegerComparator(b("r1"))));
    }
    return out;
  }

  @org.junit.jupiter.api.Test
  void signedComparisonsRunOnTheRegionServers() {
    for (Supplier<Filter> f : signedComparisons()) {
      String where = hbaseTable.describeFilter(f.get());
      assertTrue(where.contains("on the region servers") && where.contains("signed integers"), where);
    }
    // of every version of a column, one must pass the whole comparison: that stays in the client
    String client = hbaseTable.describeFilter(new SingleColumnValueFilter(F, b("b1"), CompareOperator.LESS,
        new SignedIntegerComparator(Bytes.toBytes(-4L))).setLatestVersionOnly(false));
    assertTrue(client.contains("in the client") && client.contains("SignedIntegerComparator"), client);
  }

  private static void add(List<Arguments> out, String name, Supplier<Filter> filter) {
    out.add(Arguments.of(Named.of(name, filter), false));
    out.add(Arguments.of(Named.of(name + " reversed", filter), true));
  }

  private static List<String> scan(Table t, Filter f, boolean reversed) {
    List<String> out = new ArrayList<>();
    try (ResultScanner sc = t.scanner(new Scan().setReversed(reversed).setFilter(f))) {
      for (Result r : sc) {
        out.addAll(cells(r));
      }
    }
    return out;
  }

  /** The cells without their sequence numbers (HBase's client never shows them). */
  static List<String> cells(Result r) {
    List<String> out = new ArrayList<>();
    for (Cell c : r.cells()) {
      out.add(Bytes.toString(c.row()) + "/" + Bytes.toString(c.family()) + ":" + Bytes.toString(c.qualifier()) + "/"
          + c.timestamp() + "/" + c.type() + "=" + Bytes.toStringBinary(c.value()));
    }
    return out;
  }

  @ParameterizedTest
  @MethodSource("filters")
  void sameCellsOnBothStores(Supplier<Filter> filter, boolean reversed) {
    List<String> expected = scan(embeddedTable, filter.get(), reversed);
    List<String> actual = scan(hbaseTable, filter.get(), reversed);
    assertEquals(expected, actual);
  }

  @ParameterizedTest
  @MethodSource("filters")
  void sameCellsOnGets(Supplier<Filter> filter, boolean reversed) {
    String row = reversed ? "r10" : "r03";
    Result e = embeddedTable.get(new Get(b(row)).setFilter(filter.get()));
    Result h = hbaseTable.get(new Get(b(row)).setFilter(filter.get()));
    assertEquals(cells(e), cells(h));
  }

  @org.junit.jupiter.api.Test
  void columnCountGetFilterInAGetAndTheFilterDescriptions() {
    Result e = embeddedTable.get(new Get(b("r07")).setFilter(new ColumnCountGetFilter(2)));
    assertEquals(2, e.size());
    assertEquals(cells(e), cells(hbaseTable.get(new Get(b("r07")).setFilter(new ColumnCountGetFilter(2)))));
    String server = hbaseTable.describeFilter(new PrefixFilter(b("r1")));
    assertTrue(server.contains("region servers"), server);
    String client = hbaseTable.describeFilter(
        new FamilyFilter(CompareOperator.LESS, new SignedIntegerComparator(Bytes.toBytes(-5L))));
    assertTrue(client.contains("in the client") && client.contains("SignedIntegerComparator"), client);
    assertTrue(embeddedTable.describeFilter(new PrefixFilter(b("r1"))).contains("region scanners"));
  }
}
