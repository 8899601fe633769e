package dev.cellar.sql.codec;

import java.math.BigDecimal;
import java.util.Arrays;

/**
 * SQL order and canonical values of key columns, written independently of the codecs: what the
 * property tests hold the encodings to.
 */
final class SqlOrder {
  private SqlOrder() {}

  /**
   * Compares two values of {@code c} in the column's direction. CHAR and BINARY values compare
   * padded to the column's length, as SQL stores them.
   */
  static int compare(KeyColumn c, Object a, Object b) {
    int r = compareAscending(c.type(), canonical(c, a), canonical(c, b));
    return c.descending() ? -r : r;
  }

  /** Compares two rows of key values column by column. */
  static int compareRows(java.util.List<KeyColumn> columns, Object[] a, Object[] b) {
    for (int i = 0; i < columns.size(); i++) {
      int r = compare(columns.get(i), a[i], b[i]);
      if (r != 0) {
        return r;
      }
    }
    return 0;
  }

  static int compareAscending(KeyType t, Object a, Object b) {
    switch (t) {
      case BOOLEAN:
        return Boolean.compare((Boolean) a, (Boolean) b);
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT:
      case DATE:
      case TIME:
      case TIMESTAMP:
        return Long.compare(((Number) a).longValue(), ((Number) b).longValue());
      case DECIMAL:
        return ((BigDecimal) a).compareTo((BigDecimal) b);
      case REAL:
      case DOUBLE: {
        double x = ((Number) a).doubleValue();
        double y = ((Number) b).doubleValue();
        if (Double.isNaN(x) || Double.isNaN(y)) {
          return Boolean.compare(Double.isNaN(x), Double.isNaN(y)); // NaN after everything, equal to itself
        }
        return x < y ? -1 : x > y ? 1 : 0; // -0.0 == 0.0
      }
      case CHAR:
      case VARCHAR:
        return Arrays.compare(((String) a).codePoints().toArray(), ((String) b).codePoints().toArray());
      case BINARY:
      case VARBINARY:
        return Arrays.compareUnsigned((byte[]) a, (byte[]) b);
      default:
        throw new AssertionError(t);
    }
  }

  /** What decoding the encoding of {@code v} gives back. */
  static Object canonical(KeyColumn c, Object v) {
    switch (c.type()) {
      case DECIMAL: {
        BigDecimal d = (BigDecimal) v;
        if (d.signum() == 0) {
          return BigDecimal.ZERO;
        }
        d = d.stripTrailingZeros();
        return d.scale() < 0 ? d.setScale(0) : d;
      }
      case REAL:
        return (Float) v == 0.0f ? 0.0f : v;
      case DOUBLE:
        return (Double) v == 0.0 ? 0.0 : v;
      case CHAR: {
        StringBuilder s = new StringBuilder((String) v);
        while (s.length() < c.length()) {
          s.append(' ');
        }
        return s.toString();
      }
      case BINARY:
        return Arrays.copyOf((byte[]) v, c.length());
      default:
        return v;
    }
  }

  /** Equality of decoded values: exact, scale of decimals and sign of zero included. */
  static boolean same(Object a, Object b) {
    if (a instanceof byte[] && b instanceof byte[]) {
      return Arrays.equals((byte[]) a, (byte[]) b);
    }
    return a.equals(b) && a.getClass() == b.getClass();
  }

  static String show(Object v) {
    if (v instanceof byte[]) {
      return "X'" + java.util.HexFormat.of().formatHex((byte[]) v) + "'";
    }
    if (v instanceof String) {
      StringBuilder s = new StringBuilder("'");
      ((String) v).codePoints().forEach(cp -> {
        if (cp < 0x20 || cp > 0x7e) {
          s.append(String.format("\\u{%x}", cp));
        } else {
          s.appendCodePoint(cp);
        }
      });
      return s.append("'").toString();
    }
    if (v instanceof Object[]) {
      StringBuilder s = new StringBuilder("(");
      for (Object o : (Object[]) v) {
        s.append(s.length() > 1 ? ", " : "").append(show(o));
      }
      return s.append(")").toString();
    }
    return v + (v == null ? "" : " (" + v.getClass().getSimpleName() + ")");
  }
}
