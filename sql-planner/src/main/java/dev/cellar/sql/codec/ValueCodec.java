package dev.cellar.sql.codec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * The bytes of non-key cell values. These need not sort; they follow the conventions of HBase's
 * {@code Bytes} so that tables written by HBase clients read back as SQL values: big-endian
 * two's complement integers at the type's width, raw IEEE 754 bits, UTF-8 text, and a DECIMAL as
 * its scale (4 bytes) followed by its unscaled value's two's complement bytes. BOOLEAN is one
 * byte, {@code ff} true and {@code 00} false; any non-zero byte decodes as true. Specified in
 * {@code sql-planner/docs/key-encoding.md}, "Value encodings".
 *
 * <p>SQL NULL has no encoding: a NULL is an absent cell, so {@link #encode} rejects null and
 * {@link #decode} of null returns null.
 */
public final class ValueCodec {
  private static final String[] WHAT = new String[KeyType.values().length];

  static {
    for (KeyType t : KeyType.values()) {
      WHAT[t.ordinal()] = t + " value";
    }
  }

  private ValueCodec() {}

  /**
   * The cell bytes of {@code value}, of the class {@link KeyType} names for {@code type} (or an
   * exact widening of it).
   *
   * @throws IllegalArgumentException if the value is null, of the wrong class or out of range
   */
  public static byte[] encode(KeyType type, Object value) {
    String what = WHAT[type.ordinal()];
    if (value == null) {
      throw new IllegalArgumentException(what + ": NULL has no cell bytes (a NULL is written as a delete)");
    }
    Object v = Values.coerce(type, value, what);
    switch (type) {
      case BOOLEAN:
        return new byte[] {(Boolean) v ? (byte) 0xff : 0x00};
      case TINYINT:
        return new byte[] {(Byte) v};
      case SMALLINT:
        return bigEndian((Short) v, 2);
      case INTEGER:
      case DATE:
      case TIME:
        return bigEndian((Integer) v, 4);
      case BIGINT:
      case TIMESTAMP:
        return bigEndian((Long) v, 8);
      case REAL:
        return bigEndian(Float.floatToRawIntBits((Float) v), 4);
      case DOUBLE:
        return bigEndian(Double.doubleToRawLongBits((Double) v), 8);
      case DECIMAL: {
        BigDecimal d = (BigDecimal) v;
        byte[] unscaled = d.unscaledValue().toByteArray();
        byte[] out = new byte[4 + unscaled.length];
        System.arraycopy(bigEndian(d.scale(), 4), 0, out, 0, 4);
        System.arraycopy(unscaled, 0, out, 4, unscaled.length);
        return out;
      }
      case CHAR:
      case VARCHAR:
        return Values.utf8((String) v, what);
      case BINARY:
      case VARBINARY:
        return ((byte[]) v).clone();
      default:
        throw new AssertionError(type);
    }
  }

  /**
   * The value of cell bytes written by {@link #encode} (or by HBase's {@code Bytes.toBytes}).
   * Null bytes (an absent cell) decode to null.
   *
   * @throws IllegalArgumentException if the bytes have the wrong length for the type, or are
   *     not UTF-8 for CHAR and VARCHAR
   */
  public static Object decode(KeyType type, byte[] bytes) {
    if (bytes == null) {
      return null;
    }
    switch (type) {
      case BOOLEAN:
        checkLength(type, bytes, 1);
        return bytes[0] != 0;
      case TINYINT:
        checkLength(type, bytes, 1);
        return bytes[0];
      case SMALLINT:
        checkLength(type, bytes, 2);
        return (short) bigEndian(bytes, 0, 2);
      case INTEGER:
      case DATE:
      case TIME:
        checkLength(type, bytes, 4);
        return (int) bigEndian(bytes, 0, 4);
      case BIGINT:
      case TIMESTAMP:
        checkLength(type, bytes, 8);
        return bigEndian(bytes, 0, 8);
      case REAL:
        checkLength(type, bytes, 4);
        return Float.intBitsToFloat((int) bigEndian(bytes, 0, 4));
      case DOUBLE:
        checkLength(type, bytes, 8);
        return Double.longBitsToDouble(bigEndian(bytes, 0, 8));
      case DECIMAL:
        if (bytes.length < 5) {
          throw new IllegalArgumentException("DECIMAL cell value needs at least 5 bytes (scale and unscaled value), has "
              + bytes.length);
        }
        return new BigDecimal(new BigInteger(Arrays.copyOfRange(bytes, 4, bytes.length)), (int) bigEndian(bytes, 0, 4));
      case CHAR:
      case VARCHAR: {
        String s = Values.fromUtf8(bytes, 0, bytes.length);
        if (s == null) {
          throw new IllegalArgumentException(type + " cell value of " + bytes.length + " bytes is not well-formed UTF-8");
        }
        return s;
      }
      case BINARY:
      case VARBINARY:
        return bytes.clone();
      default:
        throw new AssertionError(type);
    }
  }

  private static void checkLength(KeyType type, byte[] bytes, int n) {
    if (bytes.length != n) {
      throw new IllegalArgumentException(type + " cell value must have " + n + " byte" + (n == 1 ? "" : "s")
          + ", has " + bytes.length);
    }
  }

  private static byte[] bigEndian(long v, int width) {
    byte[] b = new byte[width];
    for (int i = width - 1; i >= 0; i--) {
      b[i] = (byte) v;
      v >>>= 8;
    }
    return b;
  }

  private static long bigEndian(byte[] b, int offset, int width) {
    long v = 0;
    for (int i = 0; i < width; i++) {
      v = (v << 8) | (b[offset + i] & 0xff);
    }
    return (v << (64 - 8 * width)) >> (64 - 8 * width);
  }
}
