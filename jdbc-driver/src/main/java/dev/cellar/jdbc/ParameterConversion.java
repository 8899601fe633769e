package dev.cellar.jdbc;

import dev.cellar.sql.SqlState;
import dev.cellar.sql.codec.KeyType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.JDBCType;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZonedDateTime;
import java.util.Calendar;
import java.util.TimeZone;
import org.apache.calcite.avatica.util.DateTimeUtils;

/**
 * The Java values given to {@code PreparedStatement} setters as {@link SqlValue}s, and the
 * errors of parameters that cannot take them.
 *
 * <p>A value is first what JDBC sends it as: the JDBC type of its class (JDBC 4.3, table B-4:
 * a {@code Long} is a BIGINT, a {@code LocalDate} a DATE), or the target type given to
 * {@code setObject}, if table B-5 allows that conversion from its class; then
 * {@link SqlValue#castTo} makes it the parameter's type. Cellar has no zoned types: an
 * {@code Instant}, {@code OffsetDateTime} or {@code ZonedDateTime} is the wall clock of the
 * connection's time zone at that instant ({@link Temporals}), and {@code TIME_WITH_TIMEZONE}
 * and {@code TIMESTAMP_WITH_TIMEZONE} targets are TIME and TIMESTAMP.
 */
final class ParameterConversion {
  private ParameterConversion() {}

  /** Cellar's type for a JDBC type code, or null if no column of Cellar has it. */
  static KeyType keyType(int jdbcType) {
    switch (jdbcType) {
      case Types.BIT:
      case Types.BOOLEAN:
        return KeyType.BOOLEAN;
      case Types.TINYINT:
        return KeyType.TINYINT;
      case Types.SMALLINT:
        return KeyType.SMALLINT;
      case Types.INTEGER:
        return KeyType.INTEGER;
      case Types.BIGINT:
        return KeyType.BIGINT;
      case Types.DECIMAL:
      case Types.NUMERIC:
        return KeyType.DECIMAL;
      case Types.REAL:
        return KeyType.REAL;
      case Types.FLOAT:
      case Types.DOUBLE:
        return KeyType.DOUBLE;
      case Types.CHAR:
      case Types.NCHAR:
        return KeyType.CHAR;
      case Types.VARCHAR:
      case Types.LONGVARCHAR:
      case Types.NVARCHAR:
      case Types.LONGNVARCHAR:
        return KeyType.VARCHAR;
      case Types.BINARY:
        return KeyType.BINARY;
      case Types.VARBINARY:
      case Types.LONGVARBINARY:
        return KeyType.VARBINARY;
      case Types.DATE:
        return KeyType.DATE;
      case Types.TIME:
        return KeyType.TIME;
      case Types.TIMESTAMP:
        return KeyType.TIMESTAMP;
      default:
        return null;
    }
  }

  /**
   * {@code x} (not null) as the JDBC type of its class, or null if JDBC maps its class to no type
   * Cellar has. Dates and times of {@code java.sql} and {@code java.util} are read in
   * {@code zone}, as {@code setTimestamp(i, x, calendar)} reads them in the calendar's zone.
   */
  static SqlValue natural(Object x, int position, TimeZone zone) throws SQLException {
    if (x instanceof String s) {
      return new SqlValue(KeyType.VARCHAR, s);
    } else if (x instanceof Character ch) {
      return new SqlValue(KeyType.VARCHAR, ch.toString());
    } else if (x instanceof Boolean) {
      return new SqlValue(KeyType.BOOLEAN, x);
    } else if (x instanceof Byte) {
      return new SqlValue(KeyType.TINYINT, x);
    } else if (x instanceof Short) {
      return new SqlValue(KeyType.SMALLINT, x);
    } else if (x instanceof Integer) {
      return new SqlValue(KeyType.INTEGER, x);
    } else if (x instanceof Long) {
      return new SqlValue(KeyType.BIGINT, x);
    } else if (x instanceof BigInteger b) {
      if (b.bitLength() > 63) {
        throw outOfRange(position, b.toString(), KeyType.BIGINT);
      }
      return new SqlValue(KeyType.BIGINT, b.longValue());
    } else if (x instanceof BigDecimal) {
      return new SqlValue(KeyType.DECIMAL, x);
    } else if (x instanceof Float) {
      return new SqlValue(KeyType.REAL, x);
    } else if (x instanceof Double) {
      return new SqlValue(KeyType.DOUBLE, x);
    } else if (x instanceof byte[]) {
      return new SqlValue(KeyType.VARBINARY, x);
    } else if (x instanceof java.sql.Date d) {
      return new SqlValue(KeyType.DATE, DateTimeUtils.sqlDateToUnixDate(d, zone));
    } else if (x instanceof Time t) {
      return new SqlValue(KeyType.TIME, DateTimeUtils.sqlTimeToUnixTime(t, zone));
    } else if (x instanceof Timestamp t) {
      return new SqlValue(KeyType.TIMESTAMP, DateTimeUtils.sqlTimestampToUnixTimestamp(t, zone));
    } else if (x instanceof java.util.Date d) {
      return new SqlValue(KeyType.TIMESTAMP, DateTimeUtils.utilDateToUnixTimestamp(d, zone));
    } else if (x instanceof Calendar c) {
      return new SqlValue(KeyType.TIMESTAMP, DateTimeUtils.utilDateToUnixTimestamp(c.getTime(), c.getTimeZone()));
    } else if (x instanceof LocalDate d) {
      return new SqlValue(KeyType.DATE, Math.toIntExact(d.toEpochDay()));
    } else if (x instanceof LocalTime t) {
      return new SqlValue(KeyType.TIME, (int) (t.toNanoOfDay() / 1_000_000L));
    } else if (x instanceof LocalDateTime || x instanceof Instant || x instanceof OffsetDateTime
        || x instanceof ZonedDateTime) {
      try {
        return new SqlValue(KeyType.TIMESTAMP, Temporals.wallClockMillis(x, zone));
      } catch (ArithmeticException e) {
        throw outOfRange(position, x.toString(), KeyType.TIMESTAMP);
      }
    }
    return null;
  }

  /**
   * {@code x} (not null) as {@code setObject(position, x, targetSqlType)} sends it: converted to
   * the target type if table B-5 allows it for the class of {@code x}; null for target
   * {@code NULL}.
   */
  static SqlValue as(Object x, int targetSqlType, int position, TimeZone zone) throws SQLException {
    switch (targetSqlType) {
      case Types.NULL:
        return null;
      case Types.JAVA_OBJECT:
      case Types.OTHER:
        return naturalOrFail(x, position, null, zone);
      case Types.TIME_WITH_TIMEZONE:
        if (x instanceof OffsetTime t) {
          return new SqlValue(KeyType.TIME, (int) Math.floorMod(
              Temporals.wallClockMillis(t.atDate(LocalDate.EPOCH).toInstant(), zone), Temporals.MILLIS_PER_DAY));
        }
        return zoned(x, KeyType.TIME, targetSqlType, position, zone);
      case Types.TIMESTAMP_WITH_TIMEZONE:
        return zoned(x, KeyType.TIMESTAMP, targetSqlType, position, zone);
      default:
        break;
    }
    KeyType target = keyType(targetSqlType);
    if (target == null) {
      throw JdbcErrors.of(SqlState.FEATURE_NOT_SUPPORTED.code(), "parameter " + position + ": Cellar has no "
          + jdbcTypeName(targetSqlType) + " type", null);
    }
    if (!allowed(x, target)) {
      throw notConvertible(position, "a " + x.getClass().getName(), target);
    }
    return naturalOrFail(x, position, target, zone).castTo(target, position);
  }

  /** A point in time (or its text) for a zoned target, which Cellar keeps as the connection zone's wall clock. */
  private static SqlValue zoned(Object x, KeyType as, int targetSqlType, int position, TimeZone zone)
      throws SQLException {
    if (x instanceof Instant || x instanceof OffsetDateTime || x instanceof ZonedDateTime || x instanceof String) {
      return naturalOrFail(x, position, as, zone).castTo(as, position);
    }
    throw notConvertible(position, "a " + x.getClass().getName(), jdbcTypeName(targetSqlType));
  }

  /** {@link #natural}, failing for a class JDBC maps to no type of Cellar's. */
  static SqlValue naturalOrFail(Object x, int position, KeyType target, TimeZone zone) throws SQLException {
    SqlValue v = natural(x, position, zone);
    if (v == null) {
      throw notConvertible(position, "a " + x.getClass().getName(), target == null ? "any type of Cellar's"
          : target.toString());
    }
    return v;
  }

  /**
   * Whether table B-5 allows {@code x} as a {@code target}: a {@code LocalDate} only as a DATE,
   * a {@code LocalTime} only as a TIME, a {@code BigInteger} only as a BIGINT, an
   * {@code OffsetTime} as none of Cellar's types (each also as text); any other class as the JDBC
   * type of its class converts ({@link SqlValue#castable}).
   */
  static boolean allowed(Object x, KeyType target) {
    if (SqlValue.isText(target) && (x instanceof OffsetTime || x instanceof Character)) {
      return true;
    }
    if (x instanceof LocalDate) {
      return SqlValue.isText(target) || target == KeyType.DATE;
    }
    if (x instanceof LocalTime) {
      return SqlValue.isText(target) || target == KeyType.TIME;
    }
    if (x instanceof BigInteger) {
      return SqlValue.isText(target) || target == KeyType.BIGINT;
    }
    KeyType from = naturalType(x);
    return from != null && SqlValue.castable(from, target);
  }

  private static KeyType naturalType(Object x) {
    try {
      SqlValue v = natural(x, 0, TimeZone.getDefault());
      return v == null ? null : v.type();
    } catch (SQLException e) {
      // out of range, but of a type: the conversion is allowed, the value is checked later
      return x instanceof BigInteger ? KeyType.BIGINT : KeyType.TIMESTAMP;
    }
  }

  private static String jdbcTypeName(int jdbcType) {
    try {
      return JDBCType.valueOf(jdbcType).getName();
    } catch (IllegalArgumentException e) {
      return "JDBC type " + jdbcType;
    }
  }

  // ---- errors ---------------------------------------------------------------------------------

  /** 07006: JDBC allows no conversion of {@code what} into {@code target}. */
  static SQLException notConvertible(int position, String what, Object target) {
    return JdbcErrors.of(SqlState.RESTRICTED_DATA_TYPE_ATTRIBUTE_VIOLATION.code(), "parameter " + position
        + ": cannot convert " + what + " to " + target, null);
  }

  /** 22003: {@code value} is beyond the range of {@code target}. */
  static SQLException outOfRange(int position, String value, KeyType target) {
    return JdbcErrors.of(SqlState.NUMERIC_OUT_OF_RANGE.code(), "parameter " + position + ": " + shorten(value)
        + " is out of range for " + target, null);
  }

  /** 22003: a number with a fraction for an integer parameter. */
  static SQLException notWhole(int position, String value, KeyType target) {
    return JdbcErrors.of(SqlState.NUMERIC_OUT_OF_RANGE.code(), "parameter " + position + ": " + shorten(value)
        + " is not a whole number, which " + target + " needs (its place in the statement makes the parameter "
        + target + "): round it first, or write CAST(? AS DECIMAL(p, s)) where a fraction is meant", null);
  }

  /** 22018: {@code text} does not read as a {@code target}. */
  static SQLException badText(int position, String text, KeyType target, String expected) {
    return JdbcErrors.of(SqlState.INVALID_CHARACTER_VALUE_FOR_CAST.code(), "parameter " + position + ": '"
        + shorten(text) + "' is not a valid " + target + " (expected " + expected + ")", null);
  }

  /** 22007: {@code text} does not read as a date or time of {@code target}. */
  static SQLException badDatetime(int position, String text, KeyType target, String format) {
    return JdbcErrors.of(SqlState.INVALID_DATETIME.code(), "parameter " + position + ": '" + shorten(text)
        + "' is not a valid " + target + " (expected " + format + ")", null);
  }

  private static String shorten(String s) {
    return s.length() <= 60 ? s : s.substring(0, 57) + "...";
  }
}
