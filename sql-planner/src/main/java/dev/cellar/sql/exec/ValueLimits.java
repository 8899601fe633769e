package dev.cellar.sql.exec;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.ColumnType;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.codec.KeyType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.calcite.avatica.util.ByteString;

/**
 * What the types of a table's columns let them hold, applied to every value a statement writes
 * before it is encoded, so that storing never truncates or rounds a value silently
 * ({@code sql-planner/docs/sql.md}, "Names and types"):
 * <ul>
 *   <li>{@code CHAR(n)} and {@code VARCHAR(n)}: at most n characters (UTF-16 units, as the key
 *       codec counts them); spaces past the n-th are dropped, as SQL's store assignment does; a
 *       shorter CHAR is padded with spaces to n;</li>
 *   <li>{@code BINARY(n)} and {@code VARBINARY(n)}: at most n bytes; a shorter BINARY is padded
 *       with {@code 00} to n;</li>
 *   <li>{@code DECIMAL(p, s)}: a number, or text that is one, rounded half away from zero to s
 *       fraction digits, with at most p - s digits before the point;</li>
 *   <li>{@code TINYINT} .. {@code BIGINT}: a number rounded half away from zero to an integer, as
 *       a {@code DECIMAL(p, 0)} would be, within the type's range.</li>
 * </ul>
 * A value past its limit is refused with SQLState 22001 (text and bytes) or 22003 (numbers),
 * text that is no number with 22018, each naming the column, the table and the limit. Values of
 * other types pass unchanged. Immutable and thread-safe.
 */
public final class ValueLimits {
  private final TableDef def;
  private final String owner;
  /** Per field, the type its values are checked against, or null for none (a MAP's values are checked one by one). */
  private final ColumnType[] types;
  /** The fields with a limit, in order. */
  private final int[] limited;
  /**
   * Per field of {@link #limited}, the class of the values that need no check (an integer
   * column's own: a {@code Long} for a BIGINT), or null when every value is checked.
   */
  private final Class<?>[] unchecked;

  /**
   * The limits of {@code def}'s columns whose fields {@code checked} marks (null: all).
   *
   * @param owner how messages name where the values go: {@code table T}, {@code index I of table T}
   */
  ValueLimits(TableDef def, String owner, boolean[] checked) {
    this.def = def;
    this.owner = owner;
    List<ColumnDef> cols = def.columns();
    this.types = new ColumnType[cols.size()];
    List<Integer> fields = new ArrayList<>();
    for (int f = 0; f < cols.size(); f++) {
      ColumnType t = cols.get(f).type();
      ColumnType scalar = t.isMap() ? t.mapValue() : t;
      if ((checked == null || checked[f]) && limits(scalar)) {
        types[f] = scalar;
        if (!t.isMap()) {
          fields.add(f);
        }
      }
    }
    this.limited = fields.stream().mapToInt(Integer::intValue).toArray();
    this.unchecked = new Class<?>[limited.length];
    for (int i = 0; i < limited.length; i++) {
      KeyType t = types[limited[i]].type();
      boolean integer = t == KeyType.TINYINT || t == KeyType.SMALLINT || t == KeyType.INTEGER || t == KeyType.BIGINT;
      unchecked[i] = integer ? integerClass(t) : null;
    }
  }

  /** The limits of every column of {@code def}, whose values go to table {@code def.name()}. */
  public static ValueLimits of(TableDef def) {
    return new ValueLimits(def, "table " + def.name(), null);
  }

  private static boolean limits(ColumnType t) {
    switch (t.type()) {
      case CHAR:
      case BINARY:
      case DECIMAL:
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT:
        return true;
      case VARCHAR:
      case VARBINARY:
        return t.precision() != ColumnType.UNSPECIFIED;
      default:
        return false;
    }
  }

  /** {@link #row} of each of {@code rows}, in place of it. */
  List<Object[]> rows(List<Object[]> rows) {
    if (limited.length > 0) {
      rows.replaceAll(this::row);
    }
    return rows;
  }

  /**
   * {@code row} with each value as its column holds it (a copy if one changes).
   *
   * @throws CellarSqlException 22001, 22003 or 22018 for the first value its column cannot hold
   */
  Object[] row(Object[] row) {
    Object[] out = row;
    for (int i = 0; i < limited.length; i++) {
      int f = limited[i];
      if (f >= row.length || row[f] == null || row[f].getClass() == unchecked[i]) {
        continue;
      }
      Object v = value(f, row[f]);
      if (v != row[f]) {
        if (out == row) {
          out = row.clone();
        }
        out[f] = v;
      }
    }
    return out;
  }

  /**
   * Value {@code v} of field {@code f} as its column holds it: padded, rounded, or as it is. For a
   * MAP column, {@code v} is one of its values.
   *
   * @throws CellarSqlException 22001, 22003 or 22018 if the column cannot hold it
   */
  public Object value(int f, Object v) {
    ColumnType t = f < types.length ? types[f] : null;
    if (v == null || t == null || v instanceof Map) {
      return v;
    }
    switch (t.type()) {
      case CHAR:
      case VARCHAR:
        return text(f, t, v);
      case BINARY:
      case VARBINARY:
        return bytes(f, t, v);
      case DECIMAL:
        return decimal(f, t, v);
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT:
        return integer(f, t, v);
      default:
        return v;
    }
  }

  /** The Java class of the values of integer type {@code t}. */
  private static Class<?> integerClass(KeyType t) {
    return t == KeyType.TINYINT ? Byte.class : t == KeyType.SMALLINT ? Short.class
        : t == KeyType.INTEGER ? Integer.class : Long.class;
  }

  /** The least value of integer type {@code t}. */
  private static long least(KeyType t) {
    return t == KeyType.TINYINT ? Byte.MIN_VALUE : t == KeyType.SMALLINT ? Short.MIN_VALUE
        : t == KeyType.INTEGER ? Integer.MIN_VALUE : Long.MIN_VALUE;
  }

  /** The greatest value of integer type {@code t}. */
  private static long greatest(KeyType t) {
    return t == KeyType.TINYINT ? Byte.MAX_VALUE : t == KeyType.SMALLINT ? Short.MAX_VALUE
        : t == KeyType.INTEGER ? Integer.MAX_VALUE : Long.MAX_VALUE;
  }

  /**
   * An integer column's value: the value itself when of the column's class; another integer, or a
   * number rounded half away from zero (a DOUBLE or REAL as its shortest decimal form), within
   * the type's range. Other values (text the planner has cast already) pass as they are.
   */
  private Object integer(int f, ColumnType t, Object v) {
    KeyType type = t.type();
    if (v.getClass() == integerClass(type)) {
      return v;
    }
    long n;
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      n = ((Number) v).longValue();
    } else {
      BigDecimal d = decimalOf(f, t, v);
      if (d == null) {
        return v;
      }
      BigDecimal r = d.setScale(0, RoundingMode.HALF_UP);
      if (r.compareTo(BigDecimal.valueOf(least(type))) < 0 || r.compareTo(BigDecimal.valueOf(greatest(type))) > 0) {
        throw outOfRange(f, t, d.toPlainString());
      }
      n = r.longValueExact();
    }
    if (n < least(type) || n > greatest(type)) {
      throw outOfRange(f, t, Long.toString(n));
    }
    switch (type) {
      case TINYINT:
        return (byte) n;
      case SMALLINT:
        return (short) n;
      case INTEGER:
        return (int) n;
      default:
        return n;
    }
  }

  private Object text(int f, ColumnType t, Object v) {
    String s = v instanceof String x ? x : v instanceof Character c ? c.toString() : null;
    if (s == null) {
      return v;
    }
    int n = t.precision();
    if (s.length() > n) {
      for (int i = n; i < s.length(); i++) {
        if (s.charAt(i) != ' ') {
          throw tooLong(f, t, s.length() + " characters");
        }
      }
      s = s.substring(0, n);
    }
    if (t.type() == KeyType.CHAR && s.length() < n) {
      StringBuilder b = new StringBuilder(n).append(s);
      while (b.length() < n) {
        b.append(' ');
      }
      s = b.toString();
    }
    return s.equals(v) ? v : s;
  }

  private Object bytes(int f, ColumnType t, Object v) {
    byte[] b = v instanceof ByteString bs ? bs.getBytes() : v instanceof byte[] raw ? raw : null;
    if (b == null) {
      return v;
    }
    int n = t.precision();
    if (b.length > n) {
      throw tooLong(f, t, b.length + (b.length == 1 ? " byte" : " bytes"));
    }
    if (t.type() == KeyType.VARBINARY || b.length == n) {
      return v;
    }
    byte[] padded = Arrays.copyOf(b, n);
    return v instanceof ByteString ? new ByteString(padded) : padded;
  }

  /**
   * Number {@code v} as a decimal: an integer or a {@code BigDecimal} exactly, a DOUBLE or REAL as
   * the shortest decimal that reads back as it ({@code 0.15}, not {@code 0.1499999...}); null
   * when {@code v} is no number.
   *
   * @throws CellarSqlException 22003 for NaN and the infinities, which column {@code f} cannot hold
   */
  private BigDecimal decimalOf(int f, ColumnType t, Object v) {
    if (v instanceof BigDecimal x) {
      return x;
    } else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      return BigDecimal.valueOf(((Number) v).longValue());
    } else if (v instanceof BigInteger i) {
      return new BigDecimal(i);
    } else if (v instanceof Double || v instanceof Float) {
      double x = ((Number) v).doubleValue();
      if (Double.isNaN(x) || Double.isInfinite(x)) {
        throw outOfRange(f, t, v.toString());
      }
      return new BigDecimal(v.toString());
    }
    return null;
  }

  private Object decimal(int f, ColumnType t, Object v) {
    BigDecimal d = decimalOf(f, t, v);
    if (d == null && v instanceof String s) {
      try {
        d = new BigDecimal(s.trim());
      } catch (NumberFormatException e) {
        throw new CellarSqlException(SqlState.INVALID_CHARACTER_VALUE_FOR_CAST, "value '" + s + "' for column "
            + name(f) + " of " + owner + " is not a number, which " + t.sql() + " needs", e);
      }
    }
    if (d == null) {
      return v;
    }
    BigDecimal r = d.scale() == t.scale() ? d : d.setScale(t.scale(), RoundingMode.HALF_UP);
    if (r.signum() != 0 && r.precision() - r.scale() > t.precision() - t.scale()) {
      throw outOfRange(f, t, d.toPlainString());
    }
    return r;
  }

  private CellarSqlException tooLong(int f, ColumnType t, String length) {
    return new CellarSqlException(SqlState.STRING_TRUNCATION, "value too long for column " + name(f) + " of "
        + owner + ": " + length + ", the limit is " + t.sql());
  }

  /** 22003 for a number column {@code f} cannot hold: its integer type's range, its DECIMAL's digits. */
  private CellarSqlException outOfRange(int f, ColumnType t, String value) {
    String holds;
    if (t.type() == KeyType.DECIMAL) {
      int digits = t.precision() - t.scale();
      holds = (digits == 0 ? "no digit" : digits == 1 ? "one digit" : digits + " digits") + " before the decimal point";
    } else {
      holds = least(t.type()) + " to " + greatest(t.type());
    }
    return new CellarSqlException(SqlState.NUMERIC_OUT_OF_RANGE, "value " + value + " out of range for column "
        + name(f) + " of " + owner + ": " + t.sql() + " holds " + holds);
  }

  private String name(int f) {
    return def.columns().get(f).name();
  }
}
