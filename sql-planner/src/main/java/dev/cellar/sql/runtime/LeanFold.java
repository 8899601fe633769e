package dev.cellar.sql.runtime;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.codec.KeyType;
import dev.cellar.sql.codec.ValueCodec;
import dev.cellar.sql.codec.ValueFormat;
import dev.cellar.sql.exec.Cancellation;
import dev.cellar.sql.exec.TableMapping;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.CellView;
import dev.cellar.storage.ScanVisitor;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;

/**
 * Folds the cells of one scanned range into the calls of a {@link ScanAggregator}, reading the
 * values where the store shows them ({@link CellView}): integers and floating-point values as
 * primitives (an integer sum past a {@code long} then as a {@link BigDecimal}), a DECIMAL as its
 * unscaled {@code long} while it fits and its scale stays the same (then as a {@link BigDecimal}). {@code COUNT(*)} counts the rows the scan visits. Values are
 * in the {@link ValueFormat#BYTES} encoding of {@link ValueCodec}; one that is not (a wrong
 * length) fails the query as the row decoder does, with SQLState XX001.
 *
 * <p>Results ({@link #value}) are of the classes the row-by-row fold of {@link ScanAggregator}
 * produces, so that partial results of both merge. Not thread-safe: one per range.
 */
final class LeanFold implements ScanVisitor {
  /** Reads a BIGINT's or INTEGER's 8 or 4 bytes (big-endian, two's complement) in one load. */
  private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

  private final TableMapping mapping;
  private final ScanAggregator.Kind[] kinds;
  private final KeyType[] types;
  private final int[] fields;
  private final byte[][] families;
  private final byte[][] qualifiers;
  private final Cancellation cancel;
  /** The family array of the last cell seen, and whether it is each call's family. */
  private byte[] lastFamily;
  private final boolean[] familyMatches;
  private long rows;
  private long cellCount;
  /** The calls that read a column, and how many of them the current row's cells gave a value. */
  private final int valueCalls;
  private int valuesInRow;
  private final long[] counts;
  /** Per call, the running integer sum, minimum or maximum, or a DECIMAL's unscaled one. */
  private final long[] longs;
  private final double[] doubles;
  /** Per DECIMAL call, the scale of {@link #longs}; set with the first value. */
  private final int[] scales;
  /**
   * Per DECIMAL call, the running value once it no longer fits a {@code long} at one scale; per
   * integer SUM, once it no longer fits a {@code long}; else null.
   */
  private final BigDecimal[] bigs;

  LeanFold(TableMapping mapping, List<ScanAggregator.Spec> specs, Cancellation cancel) {
    int n = specs.size();
    this.mapping = mapping;
    this.cancel = cancel;
    this.kinds = new ScanAggregator.Kind[n];
    this.types = new KeyType[n];
    this.fields = new int[n];
    this.families = new byte[n][];
    this.qualifiers = new byte[n][];
    for (int i = 0; i < n; i++) {
      ScanAggregator.Spec s = specs.get(i);
      kinds[i] = s.kind();
      fields[i] = s.field();
      if (s.field() >= 0) {
        types[i] = mapping.type(s.field());
        families[i] = mapping.family(s.field());
        qualifiers[i] = mapping.qualifier(s.field());
      }
    }
    this.counts = new long[n];
    this.longs = new long[n];
    this.doubles = new double[n];
    this.scales = new int[n];
    this.bigs = new BigDecimal[n];
    this.familyMatches = new boolean[n];
    int calls = 0;
    for (int f : fields) {
      calls += f >= 0 ? 1 : 0;
    }
    this.valueCalls = calls;
  }

  /**
   * Whether the calls can be folded from cell views: a Cellar table (not a mapped or
   * dynamic-family one) and only numeric value columns in the {@code BYTES} format.
   */
  static boolean supports(TableMapping mapping, List<ScanAggregator.Spec> specs) {
    if (mapping.isMapped() || mapping.isDynamic()) {
      return false;
    }
    for (ScanAggregator.Spec s : specs) {
      int f = s.field();
      if (f < 0) {
        continue;
      }
      ValueFormat format = mapping.def().columns().get(f).format();
      if (mapping.isKey(f) || mapping.isMap(f) || (format != null && format != ValueFormat.BYTES)) {
        return false;
      }
      switch (mapping.type(f)) {
        case TINYINT:
        case SMALLINT:
        case INTEGER:
        case BIGINT:
        case REAL:
        case DOUBLE:
        case DECIMAL:
          break;
        default:
          return false;
      }
    }
    return true;
  }

  @Override
  public void startRow(CellView first) {
    valuesInRow = 0;
    if ((++rows & 1023) == 0) {
      cancel.check();
    }
  }

  /**
   * True once every call that reads a column has its value from the row (each column has one
   * visible cell a row, and a COUNT(*) needs only the row's first cell): the row's later cells
   * change nothing.
   */
  @Override
  public boolean rowDone() {
    return valuesInRow >= valueCalls;
  }

  @Override
  public void cell(CellView c) {
    cellCount++;
    byte[] family = null;
    for (int i = 0; i < kinds.length; i++) {
      if (fields[i] < 0) {
        continue;
      }
      if (family == null) {
        family = c.family();
        if (family != lastFamily) {
          // a store file's cells share one family array: compared once, not once a cell
          lastFamily = family;
          for (int k = 0; k < kinds.length; k++) {
            familyMatches[k] = fields[k] >= 0 && Arrays.equals(family, families[k]);
          }
        }
      }
      if (familyMatches[i] && c.qualifierEquals(qualifiers[i])) {
        add(i, c);
        valuesInRow++;
      }
    }
  }

  /** True when every call is {@code COUNT(*)}: the rows are all it needs. */
  @Override
  public boolean rowsOnly() {
    for (int f : fields) {
      if (f >= 0) {
        return false;
      }
    }
    return true;
  }

  /** Rows visited. */
  long rows() {
    return rows;
  }

  /** Cells visited. */
  long cells() {
    return cellCount;
  }

  /** Call {@code i}'s count: rows for {@code COUNT(*)}, else the non-null values seen. */
  long count(int i) {
    return kinds[i] == ScanAggregator.Kind.COUNT_STAR ? rows : counts[i];
  }

  /** Call {@code i}'s running value (null for the counts, or when no value was seen). */
  Object value(int i) {
    ScanAggregator.Kind k = kinds[i];
    if (k == ScanAggregator.Kind.COUNT || k == ScanAggregator.Kind.COUNT_STAR || counts[i] == 0) {
      return null;
    }
    switch (types[i]) {
      case REAL:
        return k == ScanAggregator.Kind.SUM ? (Object) doubles[i] : (Object) (float) doubles[i];
      case DOUBLE:
        return doubles[i];
      case DECIMAL:
        return bigs[i] != null ? bigs[i] : BigDecimal.valueOf(longs[i], scales[i]);
      default:
        return bigs[i] != null ? bigs[i] : longs[i];
    }
  }

  private void add(int i, CellView c) {
    byte[] b = c.valueArray();
    int off = c.valueOffset();
    int len = c.valueLength();
    KeyType type = types[i];
    ScanAggregator.Kind kind = kinds[i];
    boolean first = counts[i] == 0;
    switch (type) {
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT: {
        if (len != width(type)) {
          throw bad(i, c);
        }
        long v = signed(b, off, len);
        counts[i]++;
        if (first) {
          longs[i] = v;
        } else if (bigs[i] != null) {
          bigs[i] = kind == ScanAggregator.Kind.SUM ? bigs[i].add(BigDecimal.valueOf(v)) : bigs[i];
        } else if (kind == ScanAggregator.Kind.SUM) {
          long r = longs[i] + v;
          if (((longs[i] ^ r) & (v ^ r)) < 0) {
            // a sum past a long goes on as a BigDecimal (a BIGINT's SUM is a DECIMAL)
            bigs[i] = BigDecimal.valueOf(longs[i]).add(BigDecimal.valueOf(v));
          } else {
            longs[i] = r;
          }
        } else {
          longs[i] = kind == ScanAggregator.Kind.MIN ? Math.min(longs[i], v) : Math.max(longs[i], v);
        }
        return;
      }
      case REAL:
      case DOUBLE: {
        if (len != width(type)) {
          throw bad(i, c);
        }
        double v = type == KeyType.REAL ? Float.intBitsToFloat((int) signed(b, off, 4))
            : Double.longBitsToDouble(signed(b, off, 8));
        counts[i]++;
        if (first || kind == ScanAggregator.Kind.COUNT) {
          doubles[i] = v;
        } else if (kind == ScanAggregator.Kind.SUM) {
          doubles[i] += v;
        } else {
          int cmp = Double.compare(doubles[i], v);
          doubles[i] = kind == ScanAggregator.Kind.MIN ? (cmp <= 0 ? doubles[i] : v) : (cmp >= 0 ? doubles[i] : v);
        }
        return;
      }
      case DECIMAL:
        addDecimal(i, c, b, off, len, first);
        return;
      default:
        throw new IllegalStateException("not a folded type: " + type);
    }
  }

  private void addDecimal(int i, CellView c, byte[] b, int off, int len, boolean first) {
    if (len < 5) {
      throw bad(i, c);
    }
    ScanAggregator.Kind kind = kinds[i];
    int scale = (int) signed(b, off, 4);
    counts[i]++;
    if (kind == ScanAggregator.Kind.COUNT) {
      return;
    }
    if (bigs[i] == null && len <= 12 && (first || scale == scales[i])) {
      long v = signed(b, off + 4, len - 4);
      if (first) {
        longs[i] = v;
        scales[i] = scale;
        return;
      }
      long a = longs[i];
      if (kind != ScanAggregator.Kind.SUM) {
        longs[i] = kind == ScanAggregator.Kind.MIN ? Math.min(a, v) : Math.max(a, v);
        return;
      }
      long r = a + v;
      if (((a ^ r) & (v ^ r)) >= 0) {
        longs[i] = r;
        return;
      }
    }
    // leaves the long form: another scale, more than 8 unscaled bytes, or a sum past a long
    BigDecimal v = new BigDecimal(new BigInteger(b, off + 4, len - 4), scale);
    BigDecimal acc = bigs[i] != null ? bigs[i] : first ? null : BigDecimal.valueOf(longs[i], scales[i]);
    if (acc == null) {
      bigs[i] = v;
    } else if (kind == ScanAggregator.Kind.SUM) {
      bigs[i] = acc.add(v);
    } else {
      int cmp = acc.compareTo(v);
      bigs[i] = kind == ScanAggregator.Kind.MIN ? (cmp <= 0 ? acc : v) : (cmp >= 0 ? acc : v);
    }
  }

  private static int width(KeyType t) {
    switch (t) {
      case TINYINT:
        return 1;
      case SMALLINT:
        return 2;
      case INTEGER:
      case REAL:
        return 4;
      default:
        return 8;
    }
  }

  /** The big-endian two's complement integer {@code b[off, off+len)}, {@code 1 <= len <= 8}. */
  private static long signed(byte[] b, int off, int len) {
    if (len == 8) {
      return (long) LONG_BE.get(b, off);
    }
    if (len == 4) {
      return (int) INT_BE.get(b, off);
    }
    long v = b[off];
    for (int k = 1; k < len; k++) {
      v = (v << 8) | (b[off + k] & 0xff);
    }
    return v;
  }

  /** The row decoder's error for a value of call {@code i} that is not of its column's type. */
  private RuntimeException bad(int i, CellView c) {
    String why;
    try {
      ValueCodec.decode(types[i], c.value());
      why = "bad " + types[i] + " cell value";
    } catch (IllegalArgumentException e) {
      why = e.getMessage();
    }
    int r = c.rowOffset();
    byte[] row = Arrays.copyOfRange(c.rowArray(), r, r + c.rowLength());
    return new CellarSqlException(SqlState.DATA_CORRUPTED, "cannot decode column "
        + mapping.def().columns().get(fields[i]).name() + " of table " + mapping.def().name() + " in row '"
        + Bytes.toStringBinary(row) + "': " + why);
  }
}
