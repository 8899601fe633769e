package dev.cellar.sql.keyrange;

import dev.cellar.sql.codec.KeyColumn;
import dev.cellar.sql.codec.RowKeyCodec;
import dev.cellar.sql.exec.TableMapping;
import dev.cellar.storage.Bytes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.calcite.DataContext;

/**
 * How a query reaches a table's rows: the kind of storage request and the key conditions that
 * bound it. An immutable value, planned once; {@link #ranges} turns it into rowkeys and rowkey
 * ranges when the statement runs, with its parameters bound. {@link #toString()} is what
 * {@code EXPLAIN} prints.
 */
public final class AccessPath {
  /** The kinds of storage request, as {@code EXPLAIN} names them. */
  public enum Kind {
    /** One row by its whole key. */
    GET("GET"),
    /** Several rows by their whole keys, read in batches. */
    MULTI_GET("MULTI-GET"),
    /** The rows whose leading key columns have given values. */
    PREFIX_SCAN("PREFIX SCAN"),
    /** The rows whose leading key columns have given values and the next one a range. */
    RANGE_SCAN("RANGE SCAN"),
    /** Several narrow key ranges, in key order. */
    SKIP_SCAN("SKIP SCAN"),
    /** Every row of the table, in rowkey order. */
    FULL_SCAN("FULL SCAN");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    /** The name {@code EXPLAIN} prints. */
    String label() {
      return label;
    }
  }

  /**
   * One storage request of a path: the row {@code start} alone when {@code point}, else the rows
   * from {@code start} (inclusive) to {@code stop} (exclusive; empty for the end of the table).
   * In a salted table, a range is read in every bucket: the ranges of one unsalted range share a
   * {@code group} (0, 1, ... in key order), and their rows are merged by unsalted key; -1 for a
   * range read alone.
   */
  public record KeyRange(byte[] start, byte[] stop, boolean point, int group) {
    /** A key or range of an unsalted table, or read alone. */
    public KeyRange(byte[] start, byte[] stop, boolean point) {
      this(start, stop, point, -1);
    }

    @Override
    public String toString() {
      return point ? Bytes.toStringBinary(start)
          : "[" + Bytes.toStringBinary(start) + ", " + Bytes.toStringBinary(stop) + ")";
    }
  }

  /** Ranges or keys one statement may read; beyond, trailing key columns stop bounding. */
  static final int MAX_RANGES = 100_000;

  private final Kind kind;
  private final String table;
  private final List<KeyBox> boxes;
  private final List<String> keyNames;
  private final int buckets;
  private final long limit;
  private final boolean reversed;
  private final List<ValuePredicate> filters;
  private final TimeBound time;
  /** The index whose entries the path reads (its boxes bound the entries' keys), or null for the table's rows. */
  private final String index;

  private AccessPath(Kind kind, String table, List<KeyBox> boxes, List<String> keyNames, int buckets, long limit,
      boolean reversed, List<ValuePredicate> filters) {
    this(kind, table, boxes, keyNames, buckets, limit, reversed, filters, TimeBound.NONE, null);
  }

  private AccessPath(Kind kind, String table, List<KeyBox> boxes, List<String> keyNames, int buckets, long limit,
      boolean reversed, List<ValuePredicate> filters, TimeBound time, String index) {
    this.index = index;
    this.kind = Objects.requireNonNull(kind, "kind");
    this.table = Objects.requireNonNull(table, "table");
    this.boxes = boxes;
    this.keyNames = keyNames;
    this.buckets = buckets;
    this.limit = limit;
    this.reversed = reversed;
    this.filters = filters;
    this.time = Objects.requireNonNull(time, "time");
  }

  /** A scan of every row of {@code table}. */
  public static AccessPath fullScan(String table) {
    return new AccessPath(Kind.FULL_SCAN, table, null, List.of(), 0, -1, false, List.of());
  }

  /** This path, reading at most {@code rows} rows. */
  public AccessPath withLimit(long rows) {
    return new AccessPath(kind, table, boxes, keyNames, buckets, rows, reversed, filters, time, index);
  }

  /** This path, read from its last row to its first. */
  public AccessPath reversed() {
    return new AccessPath(kind, table, boxes, keyNames, buckets, limit, !reversed, filters, time, index);
  }

  /** This path, with the store evaluating {@code predicates} on the rows it reads. */
  AccessPath withFilters(List<ValuePredicate> predicates) {
    return new AccessPath(kind, table, boxes, keyNames, buckets, limit, reversed, List.copyOf(predicates), time,
        index);
  }

  /** This path, reading the table as of {@code bound} ({@link TimeBound}). */
  public AccessPath withTime(TimeBound bound) {
    return new AccessPath(kind, table, boxes, keyNames, buckets, limit, reversed, filters, bound, index);
  }

  /** The point in time the path reads the table as of; {@link TimeBound#NONE} for the latest data. */
  public TimeBound time() {
    return time;
  }

  /**
   * This path as a read of index {@code name}'s entries: its boxes (made over the index's entry
   * table, {@code IndexMapping#entries}) bound entry keys.
   */
  public AccessPath onIndex(String name) {
    return new AccessPath(kind, table, boxes, keyNames, buckets, limit, reversed, filters, time, name);
  }

  /** The index whose entries the path reads, or null when it reads the table's rows. */
  public String index() {
    return index;
  }

  /** Whether the store filters the rows this path reads. */
  public boolean hasFilters() {
    return !filters.isEmpty();
  }

  /** The store's filter of the rows read, parameters bound; null if none. */
  public dev.cellar.storage.filter.Filter storageFilter(DataContext context, TableMapping mapping) {
    List<dev.cellar.storage.filter.Filter> fs = ValuePredicate.filters(filters, context, mapping);
    if (fs.isEmpty()) {
      return null;
    }
    return fs.size() == 1 ? fs.get(0) : new dev.cellar.storage.filter.FilterList(fs.toArray(
        new dev.cellar.storage.filter.Filter[0]));
  }

  /** Whether rows come in reverse key order. */
  public boolean isReversed() {
    return reversed;
  }

  /** Whether the path stops after a number of rows ({@link #limit()}). */
  public boolean hasLimit() {
    return limit >= 0;
  }

  /** The most rows the path reads, or -1 for no limit. */
  public long limit() {
    return limit;
  }

  /**
   * The path that reads the rows of {@code boxes} ({@link KeyConditions}); a full scan when
   * {@code boxes} is null.
   */
  public static AccessPath of(String table, TableMapping mapping, List<KeyBox> boxes) {
    RowKeyCodec codec = mapping.keyCodec();
    if (boxes == null || codec == null) {
      return fullScan(table);
    }
    List<String> names = new ArrayList<>();
    for (KeyColumn c : codec.columns()) {
      names.add(c.name());
    }
    boolean allKeys = true;
    long ranges = 0;
    boolean lastIsPoints = true;
    for (KeyBox b : boxes) {
      allKeys &= b.allKeysBound();
      ranges += b.rangeCount();
      lastIsPoints &= KeyBox.allPoints(b.column(b.usefulColumns() - 1));
    }
    Kind kind;
    if (allKeys) {
      kind = ranges == 1 ? Kind.GET : Kind.MULTI_GET;
    } else if (ranges > 1) {
      kind = Kind.SKIP_SCAN;
    } else {
      kind = lastIsPoints ? Kind.PREFIX_SCAN : Kind.RANGE_SCAN;
    }
    return new AccessPath(kind, table, List.copyOf(boxes), List.copyOf(names), codec.buckets(), -1, false, List.of());
  }

  public Kind kind() {
    return kind;
  }

  /** The keys or ranges the path reads: 1 for a GET, the keys of a MULTI-GET; 0 for a full scan. */
  public long rangeCount() {
    long n = 0;
    if (boxes != null) {
      for (KeyBox b : boxes) {
        n += b.rangeCount();
      }
    }
    return n;
  }

  /** What {@link #toString} says after the kind (and the index): the keys, filters, time and limit. */
  public String details() {
    String all = toString();
    String head = (index == null ? "" : "INDEX " + index + " ") + kind.label();
    return all.startsWith(head) ? all.substring(head.length()).strip() : all;
  }

  /**
   * The data context names of the correlated fields (outer-row columns of a key-lookup join)
   * the path's bounds read, in a fixed order: the generated code hands their values to the scan
   * in this order.
   */
  public List<String> correlKeys() {
    if (boxes == null) {
      return List.of();
    }
    java.util.Set<String> keys = new java.util.LinkedHashSet<>();
    for (KeyBox b : boxes) {
      b.collectCorrelKeys(keys);
    }
    return List.copyOf(keys);
  }

  /** The number of leading key columns this path binds to a single value each. */
  public int boundPrefix() {
    if (boxes == null || boxes.size() != 1) {
      return 0;
    }
    KeyBox b = boxes.get(0);
    int n = 0;
    while (n < b.keyCount() && b.column(n) != null && b.column(n).size() == 1 && b.column(n).get(0).isPoint()) {
      n++;
    }
    return n;
  }

  /** The SQL name of the table read. */
  public String table() {
    return table;
  }

  /**
   * Rows this path reads, estimated from the table's {@code rows}: one per key; for a range, a
   * tenth of the table per leading column given by value and a third for a range of the next.
   */
  public double estimateRows(double rows) {
    double r = estimateRangeRows(rows);
    return limit >= 0 ? Math.min(r, limit) : r;
  }

  private double estimateRangeRows(double rows) {
    if (boxes == null) {
      return rows;
    }
    double total = 0;
    for (KeyBox b : boxes) {
      if (b.allKeysBound()) {
        total += b.rangeCount();
        continue;
      }
      double r = rows;
      for (int i = 0, u = b.usefulColumns(); i < u; i++) {
        r *= KeyBox.allPoints(b.column(i)) ? Math.min(1.0, 0.1 * b.column(i).size()) : 0.33 * b.column(i).size();
      }
      total += Math.max(1, r);
    }
    return Math.min(rows, total);
  }

  /**
   * The keys and ranges to read with the statement's parameters bound, sorted by start key and
   * not overlapping: for an unsalted table, rowkey order is the order of the rows read.
   */
  public List<KeyRange> ranges(DataContext context, TableMapping mapping) {
    if (boxes == null) {
      RowKeyCodec codec = mapping.keyCodec();
      if (codec == null || !codec.isSalted()) {
        return List.of(new KeyRange(Bytes.EMPTY, Bytes.EMPTY, false));
      }
      // every bucket, merged by key
      List<KeyRange> buckets = new ArrayList<>(codec.buckets());
      for (int b = 0; b < codec.buckets(); b++) {
        byte[] salt = {(byte) b};
        buckets.add(new KeyRange(salt, Bytes.prefixEnd(salt), false, 0));
      }
      if (reversed) {
        java.util.Collections.reverse(buckets);
      }
      return buckets;
    }
    KeyRanges out = new KeyRanges(mapping.keyCodec(), context);
    for (KeyBox b : boxes) {
      out.add(b);
    }
    List<KeyRange> ranges = out.result();
    if (reversed) {
      java.util.Collections.reverse(ranges);
    }
    return ranges;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof AccessPath p && p.kind == kind && p.table.equals(table) && Objects.equals(p.boxes, boxes)
        && p.limit == limit && p.reversed == reversed && p.filters.equals(filters) && p.time.equals(time)
        && Objects.equals(p.index, index);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, table, boxes, limit, reversed, filters, time, index);
  }

  /** {@code RANGE SCAN (USER_ID = 'u1', RTIME > 5)}, with the buckets of a salted table. */
  @Override
  public String toString() {
    StringBuilder b = new StringBuilder(describe());
    if (!filters.isEmpty()) {
      List<String> fs = new ArrayList<>();
      filters.forEach(f -> fs.add(f.toString()));
      b.append(" FILTER (").append(String.join(" AND ", fs)).append(')');
    }
    b.append(time.isBounded() ? " " + time : "");
    return b.append(reversed ? " REVERSED" : "").append(limit >= 0 ? " LIMIT " + limit : "").toString();
  }

  private String describe() {
    return index == null ? describeRanges() : "INDEX " + index + " " + describeRanges();
  }

  private String describeRanges() {
    if (boxes == null) {
      return kind.label();
    }
    String in = KeyBox.describeAsInList(boxes, keyNames);
    if (in != null) {
      return kind.label() + " (" + in + ")" + (buckets > 0 && kind != Kind.GET && kind != Kind.MULTI_GET
          ? " in " + buckets + " buckets" : "");
    }
    List<String> parts = new ArrayList<>();
    for (KeyBox b : boxes) {
      parts.add(b.describe(keyNames));
    }
    String keys = boxes.size() == 1 ? parts.get(0) : "(" + String.join(") OR (", parts) + ")";
    return kind.label() + " (" + keys + ")" + (buckets > 0 && kind != Kind.GET && kind != Kind.MULTI_GET
        ? " in " + buckets + " buckets" : "");
  }
}
