package dev.cellar.sql.codec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Checks and converts the Java values handed to the codecs into the one class each
 * {@link KeyType} decodes to. Only exact conversions are made: an {@link Integer} is accepted for
 * a BIGINT column, a {@link Long} for an INTEGER column only if it fits, never a String for a number.
 */
final class Values {
  private Values() {}

  /**
   * {@code value} as the class of {@code type}.
   *
   * @param what how error messages name the column or value
   * @throws IllegalArgumentException naming {@code what} if the value is null, of another class
   *     or out of range
   */
  static Object coerce(KeyType type, Object value, String what) {
    if (value == null) {
      throw new IllegalArgumentException(what + ": value is null");
    }
    switch (type) {
      case BOOLEAN:
        if (value instanceof Boolean) {
          return value;
        }
        break;
      case TINYINT:
        if (isIntegral(value)) {
          return (byte) integral(value, Byte.MIN_VALUE, Byte.MAX_VALUE, what);
        }
        break;
      case SMALLINT:
        if (isIntegral(value)) {
          return (short) integral(value, Short.MIN_VALUE, Short.MAX_VALUE, what);
        }
        break;
      case INTEGER:
      case DATE:
      case TIME:
        if (isIntegral(value)) {
          return (int) integral(value, Integer.MIN_VALUE, Integer.MAX_VALUE, what);
        }
        break;
      case BIGINT:
      case TIMESTAMP:
        if (isIntegral(value)) {
          return integral(value, Long.MIN_VALUE, Long.MAX_VALUE, what);
        }
        break;
      case DECIMAL:
        if (value instanceof BigDecimal) {
          return value;
        }
        if (value instanceof BigInteger) {
          return new BigDecimal((BigInteger) value);
        }
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
          return BigDecimal.valueOf(((Number) value).longValue());
        }
        break;
      case REAL:
        if (value instanceof Float) {
          return value;
        }
        if (value instanceof Double) {
          double d = (Double) value;
          if ((double) (float) d == d || Double.isNaN(d)) {
            return (float) d;
          }
          throw new IllegalArgumentException(what + ": " + d + " is not exactly representable as REAL");
        }
        if (isIntegral(value)) {
          long v = integral(value, Long.MIN_VALUE, Long.MAX_VALUE, what);
          if ((long) (float) v == v && v != Long.MAX_VALUE) {
            return (float) v;
          }
          throw new IllegalArgumentException(what + ": " + v + " is not exactly representable as REAL");
        }
        break;
      case DOUBLE:
        if (value instanceof Double) {
          return value;
        }
        if (value instanceof Float) {
          return (double) (Float) value;
        }
        if (isIntegral(value)) {
          long v = integral(value, Long.MIN_VALUE, Long.MAX_VALUE, what);
          if ((long) (double) v == v && v != Long.MAX_VALUE) {
            return (double) v;
          }
          throw new IllegalArgumentException(what + ": " + v + " is not exactly representable as DOUBLE");
        }
        break;
      case CHAR:
      case VARCHAR:
        if (value instanceof String) {
          return value;
        }
        if (value instanceof CharSequence || value instanceof Character) {
          return value.toString();
        }
        break;
      case BINARY:
      case VARBINARY:
        if (value instanceof byte[]) {
          return value;
        }
        break;
      default:
        throw new AssertionError(type);
    }
    throw new WrongValueType(what + ": expected " + javaClass(type) + ", got "
        + value.getClass().getName() + " " + show(value));
  }

  private static boolean isIntegral(Object v) {
    return v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte
        || v instanceof BigInteger || (v instanceof BigDecimal && isWhole((BigDecimal) v));
  }

  private static boolean isWhole(BigDecimal d) {
    return d.signum() == 0 || d.scale() <= 0 || d.stripTrailingZeros().scale() <= 0;
  }

  private static long integral(Object v, long min, long max, String what) {
    long x;
    if (v instanceof BigInteger || v instanceof BigDecimal) {
      if (v instanceof BigDecimal && ((BigDecimal) v).precision() - (long) ((BigDecimal) v).scale() > 19) {
        throw new IllegalArgumentException(what + ": " + v + " is out of range [" + min + ", " + max + "]");
      }
      BigInteger b = v instanceof BigInteger ? (BigInteger) v : ((BigDecimal) v).toBigIntegerExact();
      if (b.bitLength() > 63) {
        throw new IllegalArgumentException(what + ": " + v + " is out of range [" + min + ", " + max + "]");
      }
      x = b.longValue();
    } else {
      x = ((Number) v).longValue();
    }
    if (x < min || x > max) {
      throw new IllegalArgumentException(what + ": " + x + " is out of range [" + min + ", " + max + "]");
    }
    return x;
  }

  /** The class a value of {@code type} decodes to, as messages name it. */
  static String javaClass(KeyType type) {
    switch (type) {
      case BOOLEAN:
        return "Boolean";
      case TINYINT:
        return "Byte";
      case SMALLINT:
        return "Short";
      case INTEGER:
        return "Integer";
      case DATE:
        return "Integer (days since 1970-01-01)";
      case TIME:
        return "Integer (milliseconds of the day)";
      case BIGINT:
        return "Long";
      case TIMESTAMP:
        return "Long (milliseconds since 1970-01-01 UTC)";
      case DECIMAL:
        return "BigDecimal";
      case REAL:
        return "Float";
      case DOUBLE:
        return "Double";
      case CHAR:
      case VARCHAR:
        return "String";
      case BINARY:
      case VARBINARY:
        return "byte[]";
      default:
        throw new AssertionError(type);
    }
  }

  /** A short rendering of a value for messages. */
  static String show(Object value) {
    String s = value instanceof byte[] ? "byte[" + ((byte[]) value).length + "]" : String.valueOf(value);
    if (value instanceof CharSequence) {
      s = "\"" + s + "\"";
    }
    return s.length() > 60 ? s.substring(0, 57) + "..." : s;
  }

  /** UTF-8 of {@code s}; a string with an unpaired surrogate has none and is rejected. */
  static byte[] utf8(String s, String what) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) >= 0x80) {
        return utf8Strict(s, what);
      }
    }
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  private static byte[] utf8Strict(String s, String what) {
    try {
      ByteBuffer b = StandardCharsets.UTF_8.newEncoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .encode(CharBuffer.wrap(s));
      byte[] out = new byte[b.remaining()];
      b.get(out);
      return out;
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException(what + ": string has an unpaired surrogate and no UTF-8 form", e);
    }
  }

  /** The string whose UTF-8 is {@code b[offset, offset + length)}, or null if that is not well-formed UTF-8. */
  static String fromUtf8(byte[] b, int offset, int length) {
    boolean ascii = true;
    for (int i = offset; i < offset + length && ascii; i++) {
      ascii = b[i] >= 0;
    }
    if (ascii) {
      return new String(b, offset, length, StandardCharsets.ISO_8859_1);
    }
    try {
      return StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(b, offset, length))
          .toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }
}
