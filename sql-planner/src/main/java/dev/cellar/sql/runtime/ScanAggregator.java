package dev.cellar.sql.runtime;

import dev.cellar.sql.SqlErrors;
import dev.cellar.sql.exec.Cancellation;
import dev.cellar.sql.exec.TableMapping;
import dev.cellar.sql.keyrange.AccessPath;
import dev.cellar.sql.profile.QueryProfile;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.RegionInfo;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.ScanVisitor;
import dev.cellar.storage.Table;
import dev.cellar.storage.filter.Filter;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Computes an aggregate without grouping while scanning ({@code CellarAggregate}): each key
 * range is cut at region boundaries, the pieces are scanned in parallel by the calling thread and
 * helper threads of a {@link PieceRunner} ({@link #scanAll}), each folding the rows it reads into partial results
 * that are merged at the end. Only the cells of the aggregated columns are decoded.
 *
 * <p>When every aggregated column is a numeric value cell of a Cellar table (not a mapped one)
 * and no filter is pushed, a piece is read through {@link Table#scan(Scan, ScanVisitor)}: rows
 * are counted and values folded straight from the store's cell views ({@link LeanFold}),
 * without a result, a row array or a boxed value per row.
 */
public final class ScanAggregator {
  /** The functions the store computes. */
  enum Kind {
    COUNT_STAR, COUNT, SUM, MIN, MAX
  }

  /**
   * One aggregate call: its function, the table field it reads (-1 for {@code COUNT(*)}) and
   * the SQL type of its result.
   */
  public record Spec(Kind kind, int field, SqlTypeName resultType, int resultScale) {}

  /** The function of {@code call}, or null if the store cannot compute it. */
  public static Kind kindOf(AggregateCall call) {
    if (call.isDistinct() || call.filterArg >= 0 || call.getArgList().size() > 1 || call.isApproximate()
        || !call.collation.getFieldCollations().isEmpty()) {
      return null;
    }
    SqlKind k = call.getAggregation().getKind();
    if (k == SqlKind.COUNT) {
      return call.getArgList().isEmpty() ? Kind.COUNT_STAR : Kind.COUNT;
    }
    if (call.getArgList().size() != 1 || !numeric(call.getType().getSqlTypeName())) {
      return null;
    }
    switch (k) {
      case SUM:
      case SUM0:
        return k == SqlKind.SUM0 ? null : Kind.SUM;
      case MIN:
        return Kind.MIN;
      case MAX:
        return Kind.MAX;
      default:
        return null;
    }
  }

  private static boolean numeric(SqlTypeName t) {
    switch (t) {
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT:
      case DECIMAL:
      case REAL:
      case DOUBLE:
        return true;
      default:
        return false;
    }
  }

  /** Partial results of one piece: per spec, a count and a running value. */
  private static final class Partial {
    final long[] counts;
    final Object[] values;

    Partial(int n) {
      counts = new long[n];
      values = new Object[n];
    }
  }

  /** Pieces a scanning thread takes, at least, when the table can cut its ranges: the last ones even out. */
  static final int PIECES_PER_THREAD = 2;

  private final Table table;
  private final TableMapping mapping;
  private final List<Spec> specs;
  private final int[] fields;
  private final Cancellation cancel;
  private final ReadStats stats;
  /** Cells the pieces read, for {@code EXPLAIN ANALYZE}. */
  private final java.util.concurrent.atomic.LongAdder cells = new java.util.concurrent.atomic.LongAdder();

  public ScanAggregator(Table table, TableMapping mapping, List<Spec> specs, int[] fields, Cancellation cancel,
      ReadStats stats) {
    this.table = table;
    this.mapping = mapping;
    this.specs = specs;
    this.fields = fields;
    this.cancel = cancel;
    this.stats = stats;
  }

  /** The aggregate's one row over {@code ranges} (sorted, not overlapping), filtered by {@code filter}. */
  public Object[] run(AccessPath path, List<AccessPath.KeyRange> ranges, Filter filter, List<RegionInfo> regions) {
    QueryProfile profile = QueryProfile.current();
    long start = System.nanoTime();
    long before = stats.rowsRead();
    List<AccessPath.KeyRange> pieces = new ArrayList<>();
    for (AccessPath.KeyRange r : ranges) {
      if (r.point()) {
        pieces.add(r);
      } else {
        cut(r, regions, pieces);
      }
    }
    pieces = spread(pieces);
    Partial total = new Partial(specs.size());
    for (Partial part : scanAll(pieces, filter)) {
      merge(total, part);
    }
    if (profile != null) {
      QueryProfile.ScanStats ps = profile.scan(path.table(), path);
      synchronized (profile) {
        ps.rows += stats.rowsRead() - before;
        ps.requests += pieces.size();
        ps.cells += cells.sum();
        ps.nanos += System.nanoTime() - start;
      }
    }
    Object[] row = new Object[specs.size()];
    for (int i = 0; i < row.length; i++) {
      row[i] = result(specs.get(i), total.counts[i], total.values[i]);
    }
    return row;
  }

  /**
   * The partial results of {@code pieces}, scanned by the calling thread and the helpers of a
   * {@link PieceRunner} (but no more threads than pieces).
   */
  private Partial[] scanAll(List<AccessPath.KeyRange> pieces, Filter filter) {
    Partial[] parts = new Partial[pieces.size()];
    PieceRunner.run(pieces.size(), i -> parts[i] = scan(pieces.get(i), filter),
        () -> "aggregating table " + mapping.def().name());
    return parts;
  }

  /**
   * {@code pieces} cut further where they are fewer than {@value #PIECES_PER_THREAD} per thread
   * that scans them: a large region (a table made without split points is one region until it
   * grows past the split size) is cut at the rows the table gives ({@link Table#splitRows}, the
   * block indexes of its files on the embedded engine), so that every core reads a part of it.
   */
  private List<AccessPath.KeyRange> spread(List<AccessPath.KeyRange> pieces) {
    int wanted = PIECES_PER_THREAD * (PieceRunner.helpers() + 1);
    int ranges = 0;
    for (AccessPath.KeyRange piece : pieces) {
      ranges += piece.point() ? 0 : 1;
    }
    if (ranges == 0 || pieces.size() >= wanted) {
      return pieces;
    }
    int each = (wanted + ranges - 1) / ranges;
    List<AccessPath.KeyRange> out = new ArrayList<>(wanted + pieces.size());
    for (AccessPath.KeyRange piece : pieces) {
      if (piece.point()) {
        out.add(piece);
        continue;
      }
      byte[] start = piece.start();
      for (byte[] row : table.splitRows(piece.start(), piece.stop(), each)) {
        out.add(new AccessPath.KeyRange(start, row, false, piece.group()));
        start = row;
      }
      out.add(new AccessPath.KeyRange(start, piece.stop(), false, piece.group()));
    }
    return out;
  }

  /** Adds the parts of {@code r} that lie in each region. */
  private static void cut(AccessPath.KeyRange r, List<RegionInfo> regions, List<AccessPath.KeyRange> out) {
    for (RegionInfo region : regions) {
      byte[] start = max(r.start(), region.startRow());
      byte[] stop = minStop(r.stop(), region.endRow());
      if (stop.length == 0 || Arrays.compareUnsigned(start, stop) < 0) {
        out.add(new AccessPath.KeyRange(start, stop, false));
      }
    }
  }

  private static byte[] max(byte[] a, byte[] b) {
    return Arrays.compareUnsigned(a, b) >= 0 ? a : b;
  }

  /** The lower of two stop rows, the empty row standing for the end. */
  private static byte[] minStop(byte[] a, byte[] b) {
    if (a.length == 0) {
      return b;
    }
    if (b.length == 0) {
      return a;
    }
    return Arrays.compareUnsigned(a, b) <= 0 ? a : b;
  }

  private Partial scan(AccessPath.KeyRange piece, Filter filter) {
    if (!piece.point() && filter == null && LeanFold.supports(mapping, specs)) {
      return leanScan(piece);
    }
    Partial p = new Partial(specs.size());
    Object[] full = new Object[mapping.fieldCount()];
    boolean[] wanted = new boolean[mapping.fieldCount()];
    for (Spec s : specs) {
      if (s.field >= 0) {
        wanted[s.field] = true;
      }
    }
    long rows = 0;
    if (piece.point()) {
      dev.cellar.storage.Get g = new dev.cellar.storage.Get(piece.start());
      mapping.addColumns(g, fields);
      if (filter != null) {
        g.setFilter(filter.copy());
      }
      Result r = table.get(g);
      if (!r.isEmpty()) {
        fold(p, r, full, wanted);
        rows++;
      }
    } else {
      Scan scan = new Scan().withStartRow(piece.start()).withStopRow(piece.stop()).setCaching(1000);
      mapping.addColumns(scan, fields);
      if (filter != null) {
        scan.setFilter(filter.copy());
      }
      try (ResultScanner scanner = table.scanner(scan)) {
        for (Result r; (r = scanner.next()) != null;) {
          if ((++rows & 1023) == 0) {
            cancel.check();
          }
          fold(p, r, full, wanted);
        }
      }
    }
    stats.rowsRead.add(rows);
    stats.requests.increment();
    return p;
  }

  /** A range read through the store's visitor, folding cell views ({@link LeanFold}). */
  private Partial leanScan(AccessPath.KeyRange piece) {
    // rows per round trip where the store has them (HBase): the embedded engine's visitor ignores it
    Scan scan = new Scan().withStartRow(piece.start()).withStopRow(piece.stop()).setCaching(10_000);
    mapping.addColumns(scan, fields);
    LeanFold fold = new LeanFold(mapping, specs, cancel);
    table.scan(scan, fold);
    stats.rowsRead.add(fold.rows());
    stats.requests.increment();
    cells.add(fold.cells());
    Partial p = new Partial(specs.size());
    for (int i = 0; i < specs.size(); i++) {
      p.counts[i] = fold.count(i);
      p.values[i] = fold.value(i);
    }
    return p;
  }

  private void fold(Partial p, Result r, Object[] full, boolean[] wanted) {
    cells.add(r.size());
    for (Spec s : specs) {
      if (s.field >= 0) {
        full[s.field] = null;
      }
    }
    mapping.decodeInto(r, full, wanted);
    for (int i = 0; i < specs.size(); i++) {
      Spec s = specs.get(i);
      if (s.kind == Kind.COUNT_STAR) {
        p.counts[i]++;
        continue;
      }
      Object v = full[s.field];
      if (v == null) {
        continue;
      }
      p.counts[i]++;
      if (s.kind != Kind.COUNT) {
        p.values[i] = combine(s.kind, p.values[i], v);
      }
    }
  }

  /** {@code acc} and {@code v} folded by {@code kind}: sums exact for integers and decimals. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object combine(Kind kind, Object acc, Object v) {
    if (acc == null) {
      return v instanceof Byte || v instanceof Short || v instanceof Integer ? (Object) ((Number) v).longValue()
          : v instanceof Float && kind == Kind.SUM ? (Object) ((Float) v).doubleValue() : v;
    }
    switch (kind) {
      case SUM:
        if (acc instanceof Long a && !(v instanceof BigDecimal)) {
          long w = ((Number) v).longValue();
          long r = a + w;
          // past a long, an integer sum goes on as a BigDecimal (a BIGINT's SUM is a DECIMAL)
          return ((a ^ r) & (w ^ r)) < 0 ? BigDecimal.valueOf(a).add(BigDecimal.valueOf(w)) : (Object) r;
        }
        if (acc instanceof BigDecimal || v instanceof BigDecimal) {
          return decimal(acc).add(decimal(v));
        }
        return ((Number) acc).doubleValue() + ((Number) v).doubleValue();
      case MIN:
      case MAX: {
        if (acc instanceof BigDecimal != v instanceof BigDecimal && acc instanceof Number && v instanceof Number) {
          int c = decimal(acc).compareTo(decimal(v));
          return kind == Kind.MIN ? (c <= 0 ? acc : v) : (c >= 0 ? acc : v);
        }
        Comparable a = (Comparable) acc;
        Object w = acc instanceof Long && !(v instanceof Long) ? (Object) ((Number) v).longValue() : v;
        int c = a.compareTo(w);
        return kind == Kind.MIN ? (c <= 0 ? acc : w) : (c >= 0 ? acc : w);
      }
      default:
        throw new IllegalStateException(kind.toString());
    }
  }

  /** An exact number as a BigDecimal. */
  private static BigDecimal decimal(Object n) {
    return n instanceof BigDecimal b ? b : BigDecimal.valueOf(((Number) n).longValue());
  }

  /** Folds one piece's partial results into the total. */
  private void merge(Partial total, Partial p) {
    for (int i = 0; i < total.counts.length; i++) {
      total.counts[i] += p.counts[i];
      Kind kind = specs.get(i).kind;
      if (p.values[i] != null && kind != Kind.COUNT && kind != Kind.COUNT_STAR) {
        total.values[i] = total.values[i] == null ? p.values[i] : combine(kind, total.values[i], p.values[i]);
      }
    }
  }

  /** The SQL value of a spec's result, as Calcite's runtime holds its type. */
  private static Object result(Spec s, long count, Object value) {
    if (s.kind == Kind.COUNT_STAR || s.kind == Kind.COUNT) {
      return count;
    }
    if (value == null) {
      return null;
    }
    switch (s.resultType) {
      case TINYINT:
        return (byte) exact(s, value, Byte.MIN_VALUE, Byte.MAX_VALUE);
      case SMALLINT:
        return (short) exact(s, value, Short.MIN_VALUE, Short.MAX_VALUE);
      case INTEGER:
        return (int) exact(s, value, Integer.MIN_VALUE, Integer.MAX_VALUE);
      case BIGINT:
        return exact(s, value, Long.MIN_VALUE, Long.MAX_VALUE);
      case REAL:
        return ((Number) value).floatValue();
      case DOUBLE:
        return ((Number) value).doubleValue();
      case DECIMAL:
        BigDecimal d = value instanceof BigDecimal b ? b : new BigDecimal(value.toString());
        return d.setScale(s.resultScale, RoundingMode.DOWN);
      default:
        return value;
    }
  }

  /** The integer {@code value} of a spec's result, which must lie in {@code [min, max]}. */
  private static long exact(Spec s, Object value, long min, long max) {
    BigDecimal v = decimal(value);
    if (v.compareTo(BigDecimal.valueOf(min)) < 0 || v.compareTo(BigDecimal.valueOf(max)) > 0) {
      throw SqlErrors.outOfRange(s.kind.name(), s.resultType.getName());
    }
    return v.longValue();
  }
}
