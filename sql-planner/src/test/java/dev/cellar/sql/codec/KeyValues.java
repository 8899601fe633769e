package dev.cellar.sql.codec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random key columns and values for the property tests, biased towards the values that break
 * encodings: extremes, zeros, equal values of different forms, shared prefixes, 00 and ff bytes.
 */
final class KeyValues {
  private static final String[] PIECES = {
    "", "a", "b", "ab", "abc", " ", "\0", "\u0001", "\u0002", "\u007f", "\u0080", "é", "中", "\uD83D\uDE00",
    "\uE000", "\uFFFF", "\u00FF", "z"
  };
  private static final byte[] BYTES = {0x00, 0x01, 0x02, 0x61, 0x7f, (byte) 0x80, (byte) 0xfe, (byte) 0xff};
  private static final String[] DECIMALS = {
    "0", "0.00", "0E+5", "1", "1.0", "1.5", "1.50", "-1.5", "-1.50", "-0.001", "0.001", "-0.0010", "100", "1E+2",
    "99.99", "0.01", "0.1", "0.10", "10", "-1", "-10", "-100", "12345678901234567890.123456789", "1E-256",
    "-1E-256", "9.99E-255", "1E+251", "-9.999999E+251", "99999999999999999999999999999999999999",
    "0.000000000000000000000000000000000000001", "-123.456", "123.456", "123.4560", "-5", "5", "50", "0.5"
  };

  private final Random random;

  KeyValues(Random random) {
    this.random = random;
  }

  /** Every type once, with a random length for CHAR and BINARY. */
  KeyColumn column(String name, KeyType type, boolean descending) {
    int length = type.hasFixedLength() ? 1 + random.nextInt(6) : -1;
    return new KeyColumn(name, type, descending, length);
  }

  KeyColumn randomColumn(String name) {
    KeyType[] types = KeyType.values();
    return column(name, types[random.nextInt(types.length)], random.nextBoolean());
  }

  List<KeyColumn> randomSchema() {
    int n = 1 + random.nextInt(4);
    List<KeyColumn> cols = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      cols.add(randomColumn("c" + i));
    }
    return cols;
  }

  Object[] row(List<KeyColumn> columns) {
    Object[] row = new Object[columns.size()];
    for (int i = 0; i < row.length; i++) {
      row[i] = value(columns.get(i));
    }
    return row;
  }

  /** A random value of the column's type. */
  Object value(KeyColumn c) {
    switch (c.type()) {
      case BOOLEAN:
        return random.nextBoolean();
      case TINYINT:
        return (byte) integer(Byte.MIN_VALUE, Byte.MAX_VALUE);
      case SMALLINT:
        return (short) integer(Short.MIN_VALUE, Short.MAX_VALUE);
      case INTEGER:
      case DATE:
      case TIME:
        return (int) integer(Integer.MIN_VALUE, Integer.MAX_VALUE);
      case BIGINT:
      case TIMESTAMP:
        return integer(Long.MIN_VALUE, Long.MAX_VALUE);
      case DECIMAL:
        return decimal();
      case REAL:
        return real();
      case DOUBLE:
        return dbl();
      case VARCHAR:
        return string(Integer.MAX_VALUE);
      case CHAR:
        return string(c.length());
      case VARBINARY:
        return bytes(random.nextInt(7));
      case BINARY:
        return bytes(random.nextInt(c.length() + 1));
      default:
        throw new AssertionError(c.type());
    }
  }

  private long integer(long min, long max) {
    switch (random.nextInt(5)) {
      case 0: {
        long[] edges = {min, max, min + 1, max - 1, -1, 0, 1};
        return edges[random.nextInt(edges.length)];
      }
      case 1:
        return random.nextInt(7) - 3;
      case 2:
        return Math.max(min, Math.min(max, (long) random.nextInt(2001) - 1000));
      default: {
        long v = random.nextLong();
        if (min == Long.MIN_VALUE) {
          return v;
        }
        return min + Math.floorMod(v, max - min + 1);
      }
    }
  }

  private BigDecimal decimal() {
    switch (random.nextInt(4)) {
      case 0:
        return new BigDecimal(DECIMALS[random.nextInt(DECIMALS.length)]);
      case 1:
        return BigDecimal.valueOf(random.nextInt(2001) - 1000, random.nextInt(4));
      default: {
        BigInteger unscaled = new BigInteger(1 + random.nextInt(130), random);
        if (random.nextBoolean()) {
          unscaled = unscaled.negate();
        }
        return new BigDecimal(unscaled, random.nextInt(81) - 30);
      }
    }
  }

  private float real() {
    float[] edges = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 0.0f, -0.0f, Float.MIN_VALUE,
        -Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE, Float.MIN_NORMAL, 1f, -1f, 1.5f, -1.5f};
    switch (random.nextInt(4)) {
      case 0:
        return edges[random.nextInt(edges.length)];
      case 1:
        return random.nextInt(21) - 10;
      case 2:
        return Float.intBitsToFloat(random.nextInt()); // NaN payloads included
      default:
        return (float) (random.nextGaussian() * 1000);
    }
  }

  private double dbl() {
    double[] edges = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, -0.0, Double.MIN_VALUE,
        -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_NORMAL, 1, -1, 0.1, -0.1};
    switch (random.nextInt(4)) {
      case 0:
        return edges[random.nextInt(edges.length)];
      case 1:
        return random.nextInt(21) - 10;
      case 2:
        return Double.longBitsToDouble(random.nextLong());
      default:
        return random.nextGaussian() * 1e6;
    }
  }

  /** A string of at most {@code maxUnits} UTF-16 units, built from pieces that share prefixes. */
  private String string(int maxUnits) {
    StringBuilder s = new StringBuilder();
    int pieces = random.nextInt(5);
    for (int i = 0; i < pieces; i++) {
      String p = random.nextInt(8) == 0 ? String.valueOf((char) (0x20 + random.nextInt(0x5f)))
          : PIECES[random.nextInt(PIECES.length)];
      if (s.length() + p.length() <= maxUnits) {
        s.append(p);
      }
    }
    return s.toString();
  }

  private byte[] bytes(int n) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = random.nextInt(3) == 0 ? (byte) random.nextInt(256) : BYTES[random.nextInt(BYTES.length)];
    }
    return b;
  }
}
