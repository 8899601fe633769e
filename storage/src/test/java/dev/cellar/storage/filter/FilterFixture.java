package dev.cellar.storage.filter;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Get;
import dev.cellar.storage.Mutation;
import dev.cellar.storage.RegionInfo;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.embedded.EmbeddedStore;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * A real embedded store with one table, laid out in one of several ways, for filter tests.
 * Writes go through {@link #write}; {@link #settle()} moves them to where the layout wants them.
 */
final class FilterFixture implements AutoCloseable {
  /** Where the data lives when it is read. */
  enum Layout {
    /** Every cell in the memstore. */
    MEMSTORE,
    /** Every cell in store files. */
    FLUSHED,
    /** The first half of the writes in a store file, the rest in the memstore. */
    MIXED,
    /** Pre-split into three regions, flushed: scans cross region boundaries. */
    REGIONS
  }

  static final String TABLE = "t";

  private final Layout layout;
  private final EmbeddedStore store = EmbeddedStore.inMemory();
  private final Table table;
  private final List<Mutation> pending = new ArrayList<>();

  /**
   * @param splitKeys region boundaries used by {@link Layout#REGIONS}
   * @param families the table's families (default settings if none given: a, b with VERSIONS 3)
   */
  FilterFixture(Layout layout, List<String> splitKeys, ColumnFamilyDescriptor... families) {
    this.layout = layout;
    TableDescriptor.Builder b = TableDescriptor.newBuilder(TABLE);
    if (families.length == 0) {
      b.family(ColumnFamilyDescriptor.of("a"));
      b.family(ColumnFamilyDescriptor.of("b"));
    }
    for (ColumnFamilyDescriptor f : families) {
      b.family(f);
    }
    if (layout == Layout.REGIONS && !splitKeys.isEmpty()) {
      byte[][] keys = splitKeys.stream().map(Bytes::toBytes).toArray(byte[][]::new);
      store.admin().createTable(b.build(), keys);
    } else {
      store.admin().createTable(b.build());
    }
    this.table = store.table(TABLE);
  }

  /** Every layout with both directions, for parameterized tests. */
  static Stream<Arguments> layoutsAndDirections() {
    List<Arguments> out = new ArrayList<>();
    for (Layout l : Layout.values()) {
      out.add(Arguments.of(l, false));
      out.add(Arguments.of(l, true));
    }
    return out.stream();
  }

  Table table() {
    return table;
  }

  /** The table's regions. */
  List<RegionInfo> regions() {
    return store.admin().regions(TABLE);
  }

  /** Queues a write; it is applied by {@link #settle()}. */
  void write(Mutation m) {
    pending.add(m);
  }

  /** Applies the queued writes as the layout wants, one mutation at a time (so that each has its own sequence). */
  void settle() {
    int half = pending.size() / 2;
    for (int i = 0; i < pending.size(); i++) {
      table.batch(List.of(pending.get(i)));
      if (layout == Layout.MIXED && i == half - 1) {
        store.admin().flush(TABLE);
      }
    }
    pending.clear();
    if (layout == Layout.FLUSHED || layout == Layout.REGIONS) {
      store.admin().flush(TABLE);
    }
  }

  /** Every result of a scan. */
  List<Result> scan(Scan scan) {
    List<Result> out = new ArrayList<>();
    try (ResultScanner s = table.scanner(scan)) {
      for (Result r : s) {
        out.add(r);
      }
    }
    return out;
  }

  /** The row keys of a scan's results, in the order returned (one per result). */
  List<String> rows(Scan scan) {
    List<String> out = new ArrayList<>();
    for (Result r : scan(scan)) {
      out.add(Bytes.toString(r.row()));
    }
    return out;
  }

  /** Every returned cell as {@code row/family:qualifier@ts=value}, in order. */
  List<String> cells(Scan scan) {
    List<String> out = new ArrayList<>();
    for (Result r : scan(scan)) {
      for (Cell c : r.cells()) {
        out.add(format(c));
      }
    }
    return out;
  }

  /** The cells of a get, formatted as {@link #cells(Scan)}. */
  List<String> cells(Get get) {
    List<String> out = new ArrayList<>();
    for (Cell c : table.get(get).cells()) {
      out.add(format(c));
    }
    return out;
  }

  static String format(Cell c) {
    return Bytes.toString(c.row()) + "/" + Bytes.toString(c.family()) + ":" + Bytes.toString(c.qualifier()) + "@"
        + c.timestamp() + "=" + Bytes.toStringBinary(c.value());
  }

  /** {@code rows} in the scan's order: reversed scans return them last first. */
  static List<String> inOrder(boolean reversed, List<String> rows) {
    List<String> out = new ArrayList<>(rows);
    if (reversed) {
      Collections.reverse(out);
    }
    return out;
  }

  /**
   * Formatted cells (forward order) rearranged as a scan in the given direction returns them:
   * rows last first when reversed, each row's cells still in order.
   */
  static List<String> cellsInOrder(boolean reversed, List<String> cells) {
    if (!reversed) {
      return cells;
    }
    List<List<String>> groups = new ArrayList<>();
    String lastRow = null;
    for (String c : cells) {
      String row = c.substring(0, c.indexOf('/'));
      if (!row.equals(lastRow)) {
        groups.add(new ArrayList<>());
        lastRow = row;
      }
      groups.get(groups.size() - 1).add(c);
    }
    Collections.reverse(groups);
    List<String> out = new ArrayList<>();
    groups.forEach(out::addAll);
    return out;
  }

  /** A scan of the whole table in the given direction. */
  static Scan scan(boolean reversed) {
    return new Scan().setReversed(reversed);
  }

  @Override
  public void close() {
    store.close();
  }
}
