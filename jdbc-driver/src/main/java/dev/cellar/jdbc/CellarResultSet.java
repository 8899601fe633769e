package dev.cellar.jdbc;

import dev.cellar.sql.SqlState;
import java.math.BigDecimal;
import java.sql.Date;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.TimeZone;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.QueryState;

/**
 * Avatica's result set, except that a failure while fetching a row (a storage error, a data
 * error in an expression, a cancelled or timed-out statement) is a {@code SQLException} with
 * a SQLState instead of an unchecked exception, its message ending with the statement as an
 * execution's errors do ({@link JdbcErrors#clean}; a misuse, such as a closed result set, does
 * not name it), and that {@code getObject(column, type)} answers
 * the JDBC 4.2 types: {@code java.time} values ({@link Temporals}), the wrappers of primitives,
 * {@code String}, {@code BigDecimal}, {@code byte[]} and the {@code java.sql} datetime classes.
 */
final class CellarResultSet extends ResultSetScrolling {
  CellarResultSet(AvaticaStatement statement, QueryState state, Meta.Signature signature,
      ResultSetMetaData metaData, TimeZone timeZone, Meta.Frame firstFrame) throws SQLException {
    super(statement, state, signature, metaData, timeZone, firstFrame);
  }

  @Override
  public boolean next() throws SQLException {
    if (scrolls()) {
      return scrollNext();
    }
    try {
      return super.next();
    } catch (RuntimeException | AssertionError | StackOverflowError | LinkageError e) {
      throw fetchError(e);
    } catch (SQLException e) {
      throw ClientErrors.stated(e);
    }
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    return ClientErrors.call(() -> super.unwrap(iface));
  }

  @Override
  public String getCursorName() throws SQLException {
    checkOpen();
    throw ClientErrors.refused("getCursorName is not supported: Cellar has no positioned UPDATE or DELETE");
  }

  @Override
  public <T> T getObject(String columnLabel, Class<T> type) throws SQLException {
    return getObject(findColumn(columnLabel), type);
  }

  @Override
  public <T> T getObject(int columnIndex, Class<T> type) throws SQLException {
    if (type == null) {
      throw JdbcErrors.of(SqlState.INVALID_PARAMETER_VALUE.code(), "getObject: the type is null", null);
    }
    Object v;
    try {
      v = value(columnIndex, type);
    } catch (java.time.format.DateTimeParseException e) {
      throw JdbcErrors.of(SqlState.INVALID_DATETIME.code(), "column " + columnIndex + " ("
          + getMetaData().getColumnTypeName(columnIndex) + ") cannot be read as " + type.getSimpleName() + ": '"
          + e.getParsedString() + "' is not a date or time", e);
    }
    if (v == null || wasNull()) {
      return null;
    }
    if (!type.isInstance(v)) {
      throw JdbcErrors.of(SqlState.INVALID_CHARACTER_VALUE_FOR_CAST.code(), "column " + columnIndex + " ("
          + getMetaData().getColumnTypeName(columnIndex) + ") cannot be read as " + type.getName(), null);
    }
    return type.cast(v);
  }

  private Object value(int i, Class<?> type) throws SQLException {
    if (type == LocalDate.class) {
      String s = getString(i);
      return s == null ? null : LocalDate.parse(s);
    } else if (type == LocalTime.class) {
      String s = getString(i);
      return s == null ? null : LocalTime.parse(s);
    } else if (type == LocalDateTime.class) {
      String s = getString(i);
      return s == null ? null : LocalDateTime.parse(s.replace(' ', 'T'));
    } else if (type == Instant.class || type == OffsetDateTime.class || type == ZonedDateTime.class) {
      Timestamp t = getTimestamp(i);
      if (t == null) {
        return null;
      }
      ZonedDateTime z = t.toInstant().atZone(localCalendar.getTimeZone().toZoneId());
      return type == Instant.class ? z.toInstant() : type == OffsetDateTime.class ? z.toOffsetDateTime() : z;
    } else if (type == String.class) {
      return getString(i);
    } else if (type == BigDecimal.class) {
      return getBigDecimal(i);
    } else if (type == Boolean.class) {
      return getBoolean(i);
    } else if (type == Byte.class) {
      return getByte(i);
    } else if (type == Short.class) {
      return getShort(i);
    } else if (type == Integer.class) {
      return getInt(i);
    } else if (type == Long.class) {
      return getLong(i);
    } else if (type == Float.class) {
      return getFloat(i);
    } else if (type == Double.class) {
      return getDouble(i);
    } else if (type == byte[].class) {
      return getBytes(i);
    } else if (type == Date.class) {
      return getDate(i);
    } else if (type == Time.class) {
      return getTime(i);
    } else if (type == Timestamp.class) {
      return getTimestamp(i);
    }
    return getObject(i);
  }
}
