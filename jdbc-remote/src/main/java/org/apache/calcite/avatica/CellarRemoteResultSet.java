package org.apache.calcite.avatica;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;

/**
 * A remote result set: Avatica's, whose failures while fetching are the server's errors as the
 * embedded driver raises them (Avatica's lets them escape unchecked), and whose
 * {@code getString} gives what the embedded driver gives: TIME and TIMESTAMP values with the
 * fraction of their type (the server's column precision is the JDBC display size), binary
 * values in hexadecimal; and {@code getObject} with {@code java.time} classes. It lives in
 * Avatica's package beside the factory that makes it.
 */
public class CellarRemoteResultSet extends AvaticaResultSet {
  private static final long MILLIS_PER_DAY = 86_400_000L;

  /** A result set of {@code statement}; the driver's factory makes it. */
  protected CellarRemoteResultSet(AvaticaStatement statement, QueryState state, Meta.Signature signature,
      ResultSetMetaData metaData, TimeZone timeZone, Meta.Frame firstFrame) throws SQLException {
    super(statement, state, withFractions(signature), metaData, timeZone, firstFrame);
  }

  /**
   * {@code signature} with the precision of its TIME and TIMESTAMP columns as the digits of
   * their fraction, which Avatica's accessors format with, rather than JDBC's display size
   * ({@code TIMESTAMP(3)}: 23, {@code TIME(3)}: 12), which the server sends.
   */
  private static Meta.Signature withFractions(Meta.Signature signature) {
    if (signature == null || signature.columns == null) {
      return signature;
    }
    List<ColumnMetaData> columns = new ArrayList<>(signature.columns.size());
    boolean changed = false;
    for (ColumnMetaData c : signature.columns) {
      int fraction = c.type.id == Types.TIMESTAMP && c.precision >= 19 ? Math.max(0, c.precision - 20)
          : c.type.id == Types.TIME && c.precision >= 8 ? Math.max(0, c.precision - 9) : -1;
      if (fraction < 0) {
        columns.add(c);
      } else {
        changed = true;
        columns.add(new ColumnMetaData(c.ordinal, c.autoIncrement, c.caseSensitive, c.searchable, c.currency,
            c.nullable, c.signed, c.displaySize, c.label, c.columnName, c.schemaName, fraction, c.scale, c.tableName,
            c.catalogName, c.type, c.readOnly, c.writable, c.definitelyWritable, c.columnClassName));
      }
    }
    return !changed ? signature : new Meta.Signature(columns, signature.sql, signature.parameters,
        signature.internalParameters, signature.cursorFactory, signature.statementType);
  }

  @Override
  public boolean next() throws SQLException {
    return CellarRemoteConnection.clean(super::next);
  }

  @Override
  public String getString(int columnIndex) throws SQLException {
    int type = columnIndex >= 1 && columnIndex <= columnMetaDataList.size()
        ? columnMetaDataList.get(columnIndex - 1).type.id : Types.NULL;
    if (type == Types.BINARY || type == Types.VARBINARY) {
      byte[] b = getBytes(columnIndex);
      return b == null ? null : HexFormat.of().formatHex(b);
    }
    return super.getString(columnIndex);
  }

  /**
   * {@code getObject} with the {@code java.time} classes too, as the embedded driver gives them:
   * a DATE, TIME or TIMESTAMP as its wall clock ({@code LocalDate}, {@code LocalTime},
   * {@code LocalDateTime}), or a TIMESTAMP as the point in time of that wall clock in the
   * connection's time zone ({@code Instant}, {@code OffsetDateTime}, {@code ZonedDateTime}).
   */
  @Override
  public <T> T getObject(int columnIndex, Class<T> type) throws SQLException {
    Calendar utc = Calendar.getInstance(TimeZone.getTimeZone("UTC"), Locale.ROOT);
    Object v;
    if (type == LocalDate.class) {
      java.sql.Date d = getDate(columnIndex, utc);
      v = d == null ? null : LocalDate.ofEpochDay(Math.floorDiv(d.getTime(), MILLIS_PER_DAY));
    } else if (type == LocalTime.class) {
      java.sql.Time t = getTime(columnIndex, utc);
      v = t == null ? null : LocalTime.ofNanoOfDay(Math.floorMod(t.getTime(), MILLIS_PER_DAY) * 1_000_000L);
    } else if (type == LocalDateTime.class) {
      java.sql.Timestamp t = getTimestamp(columnIndex, utc);
      v = t == null ? null : LocalDateTime.ofEpochSecond(Math.floorDiv(t.getTime(), 1000L),
          (int) Math.floorMod(t.getTime(), 1000L) * 1_000_000, ZoneOffset.UTC);
    } else if (type == Instant.class || type == OffsetDateTime.class || type == ZonedDateTime.class) {
      java.sql.Timestamp t = getTimestamp(columnIndex);
      ZoneId zone = statement.connection.getTimeZone().toZoneId();
      v = t == null ? null : type == Instant.class ? t.toInstant()
          : type == OffsetDateTime.class ? t.toInstant().atZone(zone).toOffsetDateTime() : t.toInstant().atZone(zone);
    } else if (type == java.sql.Timestamp.class) {
      v = getTimestamp(columnIndex);
    } else if (type == java.sql.Date.class) {
      v = getDate(columnIndex);
    } else if (type == java.sql.Time.class) {
      v = getTime(columnIndex);
    } else if (type == String.class) {
      v = getString(columnIndex);
    } else if (type == java.math.BigDecimal.class) {
      v = getBigDecimal(columnIndex);
    } else if (type == byte[].class) {
      v = getBytes(columnIndex);
    } else if (type == Boolean.class) {
      boolean b = getBoolean(columnIndex);
      v = wasNull() ? null : b;
    } else if (type == Long.class) {
      long l = getLong(columnIndex);
      v = wasNull() ? null : l;
    } else if (type == Integer.class) {
      int i = getInt(columnIndex);
      v = wasNull() ? null : i;
    } else if (type == Double.class) {
      double d = getDouble(columnIndex);
      v = wasNull() ? null : d;
    } else {
      try {
        return super.getObject(columnIndex, type);
      } catch (SQLException | RuntimeException e) {
        if (e instanceof SQLException s && s.getSQLState() != null || columnIndex < 1
            || columnIndex > columnMetaDataList.size()) {
          throw e;
        }
        throw new java.sql.SQLDataException("column " + columnIndex + " (" + getMetaData().getColumnLabel(columnIndex)
            + ") cannot be read as a " + type.getSimpleName(), "22018", e);
      }
    }
    return type.cast(v);
  }

  @Override
  public <T> T getObject(String columnLabel, Class<T> type) throws SQLException {
    return getObject(findColumn(columnLabel), type);
  }

  @Override
  public String getString(String columnLabel) throws SQLException {
    return getString(findColumn(columnLabel));
  }
}
