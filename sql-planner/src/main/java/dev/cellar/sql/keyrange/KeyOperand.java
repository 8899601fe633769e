package dev.cellar.sql.keyrange;

import dev.cellar.sql.codec.KeyType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Objects;
import org.apache.calcite.DataContext;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.runtime.SqlFunctions;
import org.apache.calcite.util.NlsString;

/**
 * A value that bounds a key column: a constant known when the statement is planned, or a
 * statement parameter ({@code ?}) read when it runs. {@link #toString()} is how {@code EXPLAIN}
 * shows it: a SQL literal, or {@code ?1} for the first parameter.
 */
public final class KeyOperand {
  private final Object constant;
  private final int param;
  private final String display;
  /** For a field of a correlated row (a key-lookup join's outer row): where its value is found. */
  private final String correlKey;

  private KeyOperand(Object constant, int param, String display) {
    this(constant, param, display, null);
  }

  private KeyOperand(Object constant, int param, String display, String correlKey) {
    this.constant = constant;
    this.param = param;
    this.display = display;
    this.correlKey = correlKey;
  }

  /**
   * Field {@code field} of the correlated row {@code variable}: in a key-lookup join, a column
   * of the outer row whose value is looked up. Its value is read from the data context under
   * {@link #correlKey()}, where the scan puts the values the generated code hands it.
   */
  static KeyOperand correl(String variable, int field, String display) {
    return new KeyOperand(null, -1, display, variable + "." + field);
  }

  /** The data context name of a correlated field's value; null for other operands. */
  String correlKey() {
    return correlKey;
  }

  /**
   * A constant; {@code value} is a value of any class {@link #toKey} accepts, {@code display}
   * how {@code EXPLAIN} shows it.
   */
  public static KeyOperand constant(Object value, String display) {
    return new KeyOperand(value, -1, display);
  }

  /** The statement parameter of index {@code index} (0-based). */
  public static KeyOperand param(int index) {
    return new KeyOperand(null, index, "?" + (index + 1));
  }

  boolean isParam() {
    return param >= 0;
  }

  /** The value when the statement runs: the constant, or the parameter's bound value. */
  Object value(DataContext context) {
    if (correlKey != null) {
      return context.get(correlKey);
    }
    return param < 0 ? constant : context.get("?" + param);
  }

  /**
   * {@code v} as the key codecs take a value of a {@code type} column, or {@code null} if
   * {@code v} is null or no value of the column equals it exactly (a fraction for an integer
   * column, a number beyond the column's range, a string too long for a CHAR).
   */
  static Object toKey(KeyType type, Object v) {
    if (v == null) {
      return null;
    }
    switch (type) {
      case BOOLEAN:
        return v instanceof Boolean ? v : null;
      case TINYINT:
        return narrow(integral(v, Byte.MIN_VALUE, Byte.MAX_VALUE), Byte.class);
      case SMALLINT:
        return narrow(integral(v, Short.MIN_VALUE, Short.MAX_VALUE), Short.class);
      case INTEGER:
        return narrow(integral(v, Integer.MIN_VALUE, Integer.MAX_VALUE), Integer.class);
      case BIGINT:
        return integral(v, Long.MIN_VALUE, Long.MAX_VALUE);
      case DECIMAL:
        return decimal(v);
      case REAL: {
        if (v instanceof Float) {
          return v;
        }
        BigDecimal d = decimal(v);
        if (d == null) {
          return null;
        }
        float f = d.floatValue();
        return Float.isFinite(f) && new BigDecimal(f).compareTo(d) == 0 ? (Object) f : null;
      }
      case DOUBLE: {
        if (v instanceof Double || v instanceof Float) {
          return ((Number) v).doubleValue();
        }
        BigDecimal d = decimal(v);
        if (d == null) {
          return null;
        }
        double x = d.doubleValue();
        return Double.isFinite(x) && new BigDecimal(x).compareTo(d) == 0 ? (Object) x : null;
      }
      case CHAR:
      case VARCHAR:
        if (v instanceof NlsString s) {
          return s.getValue();
        }
        return v instanceof String || v instanceof Character ? v.toString() : null;
      case BINARY:
      case VARBINARY:
        if (v instanceof ByteString b) {
          return b.getBytes();
        }
        return v instanceof byte[] ? v : null;
      case DATE:
        if (v instanceof java.sql.Date d) {
          return SqlFunctions.toInt(d);
        }
        if (v instanceof LocalDate d) {
          return (int) d.toEpochDay();
        }
        return narrow(integral(v, Integer.MIN_VALUE, Integer.MAX_VALUE), Integer.class);
      case TIME:
        if (v instanceof java.sql.Time t) {
          return SqlFunctions.toInt(t);
        }
        if (v instanceof LocalTime t) {
          return (int) (t.toNanoOfDay() / 1_000_000);
        }
        return narrow(integral(v, 0, 86_400_000 - 1), Integer.class);
      case TIMESTAMP:
        if (v instanceof java.sql.Timestamp t) {
          return SqlFunctions.toLong(t);
        }
        if (v instanceof LocalDateTime t) {
          return t.toInstant(java.time.ZoneOffset.UTC).toEpochMilli();
        }
        return integral(v, Long.MIN_VALUE, Long.MAX_VALUE);
      default:
        return null;
    }
  }

  /** {@code l}, already in range, as a {@code to}, or null. */
  private static Object narrow(Long l, Class<?> to) {
    if (l == null) {
      return null;
    }
    if (to == Byte.class) {
      return l.byteValue();
    }
    return to == Short.class ? (Object) l.shortValue() : (Object) l.intValue();
  }

  private static Long integral(Object v, long min, long max) {
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      long l = ((Number) v).longValue();
      return l >= min && l <= max ? l : null;
    }
    BigDecimal d = decimal(v);
    if (d == null) {
      return null;
    }
    try {
      BigInteger i = d.toBigIntegerExact();
      return i.bitLength() < 64 && i.longValue() >= min && i.longValue() <= max ? i.longValue() : null;
    } catch (ArithmeticException e) {
      return null;
    }
  }

  private static BigDecimal decimal(Object v) {
    if (v instanceof BigDecimal d) {
      return d;
    }
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      return BigDecimal.valueOf(((Number) v).longValue());
    }
    if (v instanceof Double || v instanceof Float) {
      double x = ((Number) v).doubleValue();
      return Double.isFinite(x) ? new BigDecimal(x) : null;
    }
    return null;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof KeyOperand k && k.param == param && Objects.deepEquals(k.constant, constant)
        && Objects.equals(k.correlKey, correlKey);
  }

  @Override
  public int hashCode() {
    return correlKey != null ? correlKey.hashCode() : param < 0 ? Objects.hashCode(constant) : param;
  }

  @Override
  public String toString() {
    return display;
  }
}
