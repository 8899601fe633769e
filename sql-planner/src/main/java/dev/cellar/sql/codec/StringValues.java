package dev.cellar.sql.codec;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;

/**
 * Values as text, the {@link ValueFormat#STRING} format: what the HBase shell stores when it is
 * given the value's usual text. The text is exact, with no spaces around it.
 *
 * <table>
 *   <caption>Text of each type</caption>
 *   <tr><th>type</th><th>written</th><th>read</th></tr>
 *   <tr><td>BOOLEAN</td><td>{@code true}, {@code false}</td><td>the same, any case</td></tr>
 *   <tr><td>TINYINT .. BIGINT</td><td>decimal digits, {@code -} if negative</td><td>as
 *       {@link Long#parseLong} (an optional sign), within the type's range</td></tr>
 *   <tr><td>DECIMAL</td><td>{@link BigDecimal#toPlainString}</td><td>as {@link BigDecimal#BigDecimal(String)}</td></tr>
 *   <tr><td>REAL, DOUBLE</td><td>{@link Float#toString}, {@link Double#toString}</td><td>as
 *       {@link Double#parseDouble}</td></tr>
 *   <tr><td>DATE</td><td>{@code 2012-09-01}</td><td>the same</td></tr>
 *   <tr><td>TIME</td><td>{@code 12:30:00}, {@code 12:30:00.250}</td><td>the same, 0 to 3 fraction digits</td></tr>
 *   <tr><td>TIMESTAMP</td><td>{@code 2012-09-01 12:30:00[.250]}</td><td>the same, or with {@code T}</td></tr>
 *   <tr><td>CHAR, VARCHAR</td><td>the text</td><td>UTF-8</td></tr>
 *   <tr><td>BINARY, VARBINARY</td><td>the bytes</td><td>the bytes</td></tr>
 * </table>
 */
final class StringValues {
  private static final DateTimeFormatter TIME = new DateTimeFormatterBuilder()
      .appendPattern("HH:mm:ss")
      .optionalStart().appendFraction(ChronoField.MILLI_OF_SECOND, 0, 3, true).optionalEnd()
      .toFormatter();
  private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
      .append(DateTimeFormatter.ISO_LOCAL_DATE)
      .optionalStart().appendLiteral(' ').optionalEnd()
      .optionalStart().appendLiteral('T').optionalEnd()
      .append(TIME)
      .toFormatter();

  private StringValues() {}

  /** The UTF-8 text of {@code value}. */
  static byte[] encode(KeyType type, Object value) {
    String what = type + " value";
    if (value == null) {
      throw new IllegalArgumentException(what + ": NULL has no cell bytes (a NULL is written as a delete)");
    }
    Object v = Values.coerce(type, value, what);
    if (type == KeyType.BINARY || type == KeyType.VARBINARY) {
      return ((byte[]) v).clone();
    }
    return Values.utf8(text(type, v), what);
  }

  /** The text of a value of the class of {@code type} (not BINARY or VARBINARY). */
  static String text(KeyType type, Object v) {
    switch (type) {
      case BOOLEAN:
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT:
      case REAL:
      case DOUBLE:
      case CHAR:
      case VARCHAR:
        return v.toString();
      case DECIMAL:
        return ((BigDecimal) v).toPlainString();
      case DATE:
        return LocalDate.ofEpochDay((Integer) v).toString();
      case TIME:
        return time(LocalTime.ofNanoOfDay(Math.floorMod((Integer) v, 86_400_000) * 1_000_000L));
      case TIMESTAMP: {
        LocalDateTime t = LocalDateTime.ofEpochSecond(Math.floorDiv((Long) v, 1000L),
            (int) Math.floorMod((Long) v, 1000L) * 1_000_000, ZoneOffset.UTC);
        return t.toLocalDate() + " " + time(t.toLocalTime());
      }
      default:
        throw new AssertionError(type);
    }
  }

  private static String time(LocalTime t) {
    String s = String.format(java.util.Locale.ROOT, "%02d:%02d:%02d", t.getHour(), t.getMinute(), t.getSecond());
    int ms = t.getNano() / 1_000_000;
    return ms == 0 ? s : s + String.format(java.util.Locale.ROOT, ".%03d", ms);
  }

  /** The value whose text is {@code bytes}; null for null. */
  static Object decode(KeyType type, byte[] bytes) {
    if (bytes == null) {
      return null;
    }
    if (type == KeyType.BINARY || type == KeyType.VARBINARY) {
      return bytes.clone();
    }
    String s = Values.fromUtf8(bytes, 0, bytes.length);
    if (s == null) {
      throw new IllegalArgumentException(type + " text of " + bytes.length + " bytes is not well-formed UTF-8");
    }
    return parse(type, s);
  }

  /**
   * The value of {@code type} written as {@code s}.
   *
   * @throws IllegalArgumentException naming the text and the type, caused by a
   *     {@link NumberFormatException} or {@link DateTimeParseException} when the text is not one;
   *     a {@link ValueOutOfRange} for an integer its type cannot hold
   */
  static Object parse(KeyType type, String s) {
    try {
      switch (type) {
        case BOOLEAN:
          if (s.equalsIgnoreCase("true")) {
            return Boolean.TRUE;
          }
          if (s.equalsIgnoreCase("false")) {
            return Boolean.FALSE;
          }
          throw new NumberFormatException("not true or false");
        case TINYINT:
          return (byte) integer(type, s, Byte.MIN_VALUE, Byte.MAX_VALUE);
        case SMALLINT:
          return (short) integer(type, s, Short.MIN_VALUE, Short.MAX_VALUE);
        case INTEGER:
          return (int) integer(type, s, Integer.MIN_VALUE, Integer.MAX_VALUE);
        case BIGINT:
          return integer(type, s, Long.MIN_VALUE, Long.MAX_VALUE);
        case DECIMAL:
          return new BigDecimal(s);
        case REAL:
          return Float.parseFloat(strict(s));
        case DOUBLE:
          return Double.parseDouble(strict(s));
        case DATE:
          return (int) LocalDate.parse(s, DateTimeFormatter.ISO_LOCAL_DATE).toEpochDay();
        case TIME:
          return (int) (LocalTime.parse(s, TIME).toNanoOfDay() / 1_000_000);
        case TIMESTAMP: {
          LocalDateTime t = LocalDateTime.parse(s, TIMESTAMP);
          return t.toEpochSecond(ZoneOffset.UTC) * 1000 + t.getNano() / 1_000_000;
        }
        case CHAR:
        case VARCHAR:
          return s;
        default:
          throw new AssertionError(type);
      }
    } catch (NumberFormatException | DateTimeParseException e) {
      throw new IllegalArgumentException(Values.show(s) + " is not " + article(type) + " " + type + " as text", e);
    }
  }

  /**
   * The integer {@code s} in {@code [min, max]}.
   *
   * @throws NumberFormatException when {@code s} is no integer
   * @throws ValueOutOfRange when it is one outside the range
   */
  private static long integer(KeyType type, String s, long min, long max) {
    long v;
    try {
      v = Long.parseLong(s);
    } catch (NumberFormatException e) {
      if (s.matches("[+-]?[0-9]+")) {
        throw new ValueOutOfRange(Values.show(s) + " is out of range for " + type);
      }
      throw e;
    }
    if (v < min || v > max) {
      throw new ValueOutOfRange(Values.show(s) + " is out of range for " + type);
    }
    return v;
  }

  /** Java's float parsing skips spaces and takes suffixes ({@code 1d}, {@code 0x1p3}); text must not. */
  private static String strict(String s) {
    if (s.isEmpty() || s.trim().length() != s.length()) {
      throw new NumberFormatException("spaces around the number");
    }
    char last = s.charAt(s.length() - 1);
    if (Character.isLetter(last) && !s.endsWith("Infinity") && !s.equals("NaN")) {
      throw new NumberFormatException("a type suffix");
    }
    if (s.contains("x") || s.contains("X")) {
      throw new NumberFormatException("hexadecimal");
    }
    return s;
  }

  private static String article(KeyType type) {
    return type == KeyType.INTEGER ? "an" : "a";
  }

  /** The text of {@code value} (of the class of {@code type}) as UTF-8; BINARY and VARBINARY as they are. */
  static byte[] utf8(KeyType type, Object value, String what) {
    if (type == KeyType.BINARY || type == KeyType.VARBINARY) {
      return (byte[]) value;
    }
    String s = text(type, value);
    if (type == KeyType.CHAR) {
      s = s.stripTrailing();
    }
    return Values.utf8(s, what);
  }
}
