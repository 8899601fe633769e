package dev.cellar.jdbc;

import dev.cellar.sql.codec.KeyType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.HexFormat;
import java.util.Locale;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.remote.TypedValue;
import org.apache.calcite.avatica.util.ByteString;

/**
 * A non-null value of one of Cellar's column types, as a statement parameter carries it: a
 * BOOLEAN is a {@code Boolean}, a number its wrapper ({@code Byte} for TINYINT, ...,
 * {@code BigDecimal} for DECIMAL), a CHAR or VARCHAR a {@code String}, a BINARY or VARBINARY a
 * {@code byte[]}, a DATE the {@code Integer} days since 1970-01-01, a TIME the {@code Integer}
 * milliseconds since midnight and a TIMESTAMP the {@code Long} milliseconds since 1970-01-01
 * 00:00 of a wall clock ({@link Temporals}).
 *
 * <p>{@link #castTo} converts between them as a database converts the JDBC type a setter sends
 * into the type of the parameter (JDBC 4.3, table B-5, read for the Java class of each JDBC
 * type): numbers and booleans into each other and into text, text into anything, binary into
 * binary, a DATE into a TIMESTAMP, a TIMESTAMP into a DATE or a TIME, any date or time into text.
 * A number with a fraction is no value of an integer type (22003): dropping or rounding it
 * would store another number, or compare another one ({@code id = ?} with 6.9 would find row 6);
 * a value beyond the target's range is an error (22003) too, text that does not read as the target type
 * too (22018, 22007 for dates and times), and a conversion outside the table 07006.
 *
 * @param type the value's type
 * @param value the value, in the form above
 */
record SqlValue(KeyType type, Object value) {
  private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
  private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

  /** This value as a value of {@code target}, for parameter {@code position}. */
  SqlValue castTo(KeyType target, int position) throws SQLException {
    if (target == type || sameForm(target)) {
      return new SqlValue(target, value);
    }
    if (!castable(type, target)) {
      throw ParameterConversion.notConvertible(position, "a " + type, target);
    }
    return new SqlValue(target, convert(target, position));
  }

  /** Whether JDBC's table allows a value of {@code from} where {@code to} is expected. */
  static boolean castable(KeyType from, KeyType to) {
    if (isText(from)) {
      return true;
    }
    if (isText(to)) {
      return from != KeyType.BINARY && from != KeyType.VARBINARY;
    }
    switch (from) {
      case BINARY:
      case VARBINARY:
        return to == KeyType.BINARY || to == KeyType.VARBINARY;
      case DATE:
        return to == KeyType.DATE || to == KeyType.TIMESTAMP;
      case TIME:
        return to == KeyType.TIME;
      case TIMESTAMP:
        return to == KeyType.DATE || to == KeyType.TIME || to == KeyType.TIMESTAMP;
      default:
        return isNumeric(to);
    }
  }

  static boolean isText(KeyType t) {
    return t == KeyType.CHAR || t == KeyType.VARCHAR;
  }

  /** The numbers and BOOLEAN, which convert into each other. */
  private static boolean isNumeric(KeyType t) {
    switch (t) {
      case BOOLEAN:
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

  /** Whether the value already has the form {@code target} takes (CHAR and VARCHAR, BINARY and VARBINARY). */
  private boolean sameForm(KeyType target) {
    return isText(type) && isText(target)
        || (type == KeyType.BINARY || type == KeyType.VARBINARY)
        && (target == KeyType.BINARY || target == KeyType.VARBINARY);
  }

  private Object convert(KeyType target, int position) throws SQLException {
    switch (target) {
      case BOOLEAN:
        return toBoolean(position);
      case TINYINT:
        return (byte) toLong(target, Byte.MIN_VALUE, Byte.MAX_VALUE, position);
      case SMALLINT:
        return (short) toLong(target, Short.MIN_VALUE, Short.MAX_VALUE, position);
      case INTEGER:
        return (int) toLong(target, Integer.MIN_VALUE, Integer.MAX_VALUE, position);
      case BIGINT:
        return toLong(target, Long.MIN_VALUE, Long.MAX_VALUE, position);
      case DECIMAL:
        return toDecimal(position);
      case REAL: {
        double d = toDouble(target, position);
        float f = (float) d;
        if (Float.isInfinite(f) && !Double.isInfinite(d)) {
          throw ParameterConversion.outOfRange(position, text(), target);
        }
        return f;
      }
      case DOUBLE:
        return toDouble(target, position);
      case CHAR:
      case VARCHAR:
        return text();
      case BINARY:
      case VARBINARY:
        return hex(position, target);
      case DATE:
        return toDate(position);
      case TIME:
        return toTime(position);
      case TIMESTAMP:
        return toTimestamp(position);
      default:
        throw new AssertionError(target);
    }
  }

  private boolean toBoolean(int position) throws SQLException {
    switch (type) {
      case CHAR:
      case VARCHAR: {
        String s = ((String) value).trim().toUpperCase(Locale.ROOT);
        if (s.equals("TRUE") || s.equals("1")) {
          return true;
        }
        if (s.equals("FALSE") || s.equals("0")) {
          return false;
        }
        throw ParameterConversion.badText(position, (String) value, KeyType.BOOLEAN, "TRUE or FALSE");
      }
      case DECIMAL:
        return ((BigDecimal) value).signum() != 0;
      case REAL:
      case DOUBLE:
        return ((Number) value).doubleValue() != 0;
      default:
        return ((Number) value).longValue() != 0;
    }
  }

  /** The value as a whole number in {@code [min, max]}; a number with a fraction is refused. */
  private long toLong(KeyType target, long min, long max, int position) throws SQLException {
    long l;
    switch (type) {
      case BOOLEAN:
        l = (Boolean) value ? 1 : 0;
        break;
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT:
        l = ((Number) value).longValue();
        break;
      case REAL:
      case DOUBLE: {
        double d = ((Number) value).doubleValue();
        if (!(d > -9.223372036854775809E18 && d < 9.223372036854775807E18)) {
          throw ParameterConversion.outOfRange(position, text(), target);
        }
        if (d != Math.floor(d)) {
          throw ParameterConversion.notWhole(position, text(), target);
        }
        l = (long) d;
        break;
      }
      case DECIMAL:
        l = wholeNumber((BigDecimal) value, target, position);
        break;
      default: {
        String s = ((String) value).trim();
        try {
          l = Long.parseLong(s);
        } catch (NumberFormatException e) {
          l = wholeNumber(parseDecimal(s, target, position), target, position);
        }
      }
    }
    if (l < min || l > max) {
      throw ParameterConversion.outOfRange(position, text(), target);
    }
    return l;
  }

  private long wholeNumber(BigDecimal d, KeyType target, int position) throws SQLException {
    if (d.signum() != 0 && d.stripTrailingZeros().scale() > 0) {
      throw ParameterConversion.notWhole(position, text(), target);
    }
    BigDecimal whole = d.setScale(0, RoundingMode.DOWN);
    if (whole.compareTo(LONG_MIN) < 0 || whole.compareTo(LONG_MAX) > 0) {
      throw ParameterConversion.outOfRange(position, text(), target);
    }
    return whole.longValueExact();
  }

  private BigDecimal toDecimal(int position) throws SQLException {
    switch (type) {
      case BOOLEAN:
        return (Boolean) value ? BigDecimal.ONE : BigDecimal.ZERO;
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT:
        return BigDecimal.valueOf(((Number) value).longValue());
      case REAL:
      case DOUBLE: {
        double d = ((Number) value).doubleValue();
        if (!Double.isFinite(d)) {
          throw ParameterConversion.outOfRange(position, text(), KeyType.DECIMAL);
        }
        // the decimal the float or double is written as: 0.1f is 0.1, not 0.100000001490116...
        return new BigDecimal(text());
      }
      default:
        return parseDecimal(((String) value).trim(), KeyType.DECIMAL, position);
    }
  }

  private double toDouble(KeyType target, int position) throws SQLException {
    switch (type) {
      case BOOLEAN:
        return (Boolean) value ? 1 : 0;
      case REAL:
        // 0.1f is 0.1, not 0.10000000149011612
        return Double.parseDouble(text());
      case DECIMAL: {
        double d = ((BigDecimal) value).doubleValue();
        if (Double.isInfinite(d)) {
          throw ParameterConversion.outOfRange(position, text(), target);
        }
        return d;
      }
      case CHAR:
      case VARCHAR: {
        String s = ((String) value).trim();
        try {
          return Double.parseDouble(s);
        } catch (NumberFormatException e) {
          throw ParameterConversion.badText(position, (String) value, target, "a number");
        }
      }
      default:
        return ((Number) value).doubleValue();
    }
  }

  private static BigDecimal parseDecimal(String s, KeyType target, int position) throws SQLException {
    try {
      return new BigDecimal(s);
    } catch (NumberFormatException e) {
      throw ParameterConversion.badText(position, s, target, "a number");
    }
  }

  private byte[] hex(int position, KeyType target) throws SQLException {
    String s = ((String) value).trim();
    try {
      return HexFormat.of().parseHex(s);
    } catch (IllegalArgumentException e) {
      throw ParameterConversion.badText(position, s, target, "hexadecimal digits, two a byte");
    }
  }

  private int toDate(int position) throws SQLException {
    if (type == KeyType.TIMESTAMP) {
      return Math.toIntExact(Math.floorDiv((Long) value, Temporals.MILLIS_PER_DAY));
    }
    try {
      return Math.toIntExact(LocalDate.parse(((String) value).trim()).toEpochDay());
    } catch (DateTimeParseException e) {
      throw ParameterConversion.badDatetime(position, (String) value, KeyType.DATE, "yyyy-mm-dd");
    }
  }

  private int toTime(int position) throws SQLException {
    if (type == KeyType.TIMESTAMP) {
      return (int) Math.floorMod((Long) value, Temporals.MILLIS_PER_DAY);
    }
    try {
      return (int) (LocalTime.parse(((String) value).trim()).toNanoOfDay() / 1_000_000L);
    } catch (DateTimeParseException e) {
      throw ParameterConversion.badDatetime(position, (String) value, KeyType.TIME, "hh:mm:ss[.fff]");
    }
  }

  private long toTimestamp(int position) throws SQLException {
    if (type == KeyType.DATE) {
      return (Integer) value * Temporals.MILLIS_PER_DAY;
    }
    String s = ((String) value).trim();
    try {
      if (s.length() <= 10) {
        return LocalDate.parse(s).toEpochDay() * Temporals.MILLIS_PER_DAY;
      }
      return Temporals.wallClockMillis(LocalDateTime.parse(s.replaceFirst(" ", "T")), null);
    } catch (DateTimeParseException | ArithmeticException e) {
      throw ParameterConversion.badDatetime(position, (String) value, KeyType.TIMESTAMP,
          "yyyy-mm-dd hh:mm:ss[.fff]");
    }
  }

  /** The value as text, as {@code CAST(value AS VARCHAR)} writes it. */
  String text() {
    switch (type) {
      case BOOLEAN:
        return (Boolean) value ? "TRUE" : "FALSE";
      case DECIMAL:
        return ((BigDecimal) value).toPlainString();
      case CHAR:
      case VARCHAR:
        return (String) value;
      case BINARY:
      case VARBINARY:
        return HexFormat.of().formatHex((byte[]) value);
      case DATE:
        return LocalDate.ofEpochDay((Integer) value).toString();
      case TIME:
        return timeText((Integer) value);
      case TIMESTAMP: {
        long ms = (Long) value;
        return LocalDate.ofEpochDay(Math.floorDiv(ms, Temporals.MILLIS_PER_DAY)) + " "
            + timeText((int) Math.floorMod(ms, Temporals.MILLIS_PER_DAY));
      }
      default:
        return value.toString();
    }
  }

  private static String timeText(int ms) {
    String t = String.format(Locale.ROOT, "%02d:%02d:%02d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60);
    return ms % 1000 == 0 ? t : t + String.format(Locale.ROOT, ".%03d", ms % 1000);
  }

  /** The class of the values of {@code type} that {@code ResultSet.getObject} returns. */
  static Class<?> javaClass(KeyType type) {
    switch (type) {
      case BOOLEAN:
        return Boolean.class;
      case TINYINT:
        return Byte.class;
      case SMALLINT:
        return Short.class;
      case INTEGER:
        return Integer.class;
      case BIGINT:
        return Long.class;
      case DECIMAL:
        return BigDecimal.class;
      case REAL:
        return Float.class;
      case DOUBLE:
        return Double.class;
      case CHAR:
      case VARCHAR:
        return String.class;
      case BINARY:
      case VARBINARY:
        return byte[].class;
      case DATE:
        return java.sql.Date.class;
      case TIME:
        return java.sql.Time.class;
      default:
        return java.sql.Timestamp.class;
    }
  }

  /** The value as Calcite reads a parameter of its type. */
  TypedValue typedValue() {
    switch (type) {
      case BOOLEAN:
        return TypedValue.ofLocal(ColumnMetaData.Rep.BOOLEAN, value);
      case TINYINT:
        return TypedValue.ofLocal(ColumnMetaData.Rep.BYTE, value);
      case SMALLINT:
        return TypedValue.ofLocal(ColumnMetaData.Rep.SHORT, value);
      case INTEGER:
        return TypedValue.ofLocal(ColumnMetaData.Rep.INTEGER, value);
      case BIGINT:
        return TypedValue.ofLocal(ColumnMetaData.Rep.LONG, value);
      case DECIMAL:
        return TypedValue.ofLocal(ColumnMetaData.Rep.NUMBER, value);
      case REAL:
        return TypedValue.ofLocal(ColumnMetaData.Rep.FLOAT, value);
      case DOUBLE:
        return TypedValue.ofLocal(ColumnMetaData.Rep.DOUBLE, value);
      case CHAR:
      case VARCHAR:
        return TypedValue.ofLocal(ColumnMetaData.Rep.STRING, value);
      case BINARY:
      case VARBINARY:
        return TypedValue.ofLocal(ColumnMetaData.Rep.BYTE_STRING, new ByteString((byte[]) value));
      case DATE:
        return TypedValue.ofSerial(ColumnMetaData.Rep.JAVA_SQL_DATE, value);
      case TIME:
        return TypedValue.ofSerial(ColumnMetaData.Rep.JAVA_SQL_TIME, value);
      case TIMESTAMP:
        return TypedValue.ofSerial(ColumnMetaData.Rep.JAVA_SQL_TIMESTAMP, value);
      default:
        throw new AssertionError(type);
    }
  }
}
