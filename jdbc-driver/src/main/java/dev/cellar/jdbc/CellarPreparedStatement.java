package dev.cellar.jdbc;

import dev.cellar.sql.SqlState;
import dev.cellar.sql.codec.KeyType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.List;
import java.util.TimeZone;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * Calcite's prepared statement, with every setter converting its value to the type of its
 * parameter when it is set ({@link ParameterConversion}, {@link SqlValue}): a {@code Long} for
 * an INTEGER column, a {@code String} for a DATE, a {@code java.time} value for a TIMESTAMP, as
 * JDBC's conversion tables allow, each value checked against its type's range, and an error
 * naming the parameter's position otherwise. Also: streams and readers read into the value,
 * executing with a parameter unset is an error (07001), and generated keys are returned when
 * prepared with {@code RETURN_GENERATED_KEYS} ({@link KeyCapture}). A parameter of a type Cellar
 * has no column of (a MAP, an untyped expression) takes its value as Calcite does.
 */
class CellarPreparedStatement extends PreparedStatementChecks {
  private final KeyCapture keys = new KeyCapture();
  private final WarningCapture warnings = new WarningCapture();
  private boolean returnGeneratedKeys;

  CellarPreparedStatement(AvaticaConnection connection, Meta.StatementHandle h, Meta.Signature signature,
      int resultSetType, int resultSetConcurrency, int resultSetHoldability) throws SQLException {
    super(connection, h, signature, resultSetType, resultSetConcurrency, resultSetHoldability);
  }

  /** Keep the rowkeys that executions generate, for {@link #getGeneratedKeys}. */
  void returnGeneratedKeys() {
    returnGeneratedKeys = true;
  }

  @Override
  public boolean execute() throws SQLException {
    return run(returnGeneratedKeys, super::execute);
  }

  @Override
  public ResultSet executeQuery() throws SQLException {
    return run(false, super::executeQuery);
  }

  @Override
  public long executeLargeUpdate() throws SQLException {
    return run(returnGeneratedKeys, super::executeLargeUpdate);
  }

  /** Runs an execution once every parameter is set, its error's message starting with what is wrong. */
  private <T> T run(boolean captureKeys, KeyCapture.Execution<T> execution) throws SQLException {
    checkBound();
    try {
      return warnings.run(() -> keys.run(captureKeys, execution));
    } catch (SQLException e) {
      throw JdbcErrors.clean(e, getSignature().sql);
    }
  }

  @Override
  public void addBatch() throws SQLException {
    checkBound();
    super.addBatch();
  }

  /** Runs the batch; with {@code RETURN_GENERATED_KEYS}, the keys of all its statements are kept. */
  @Override
  public long[] executeLargeBatch() throws SQLException {
    checkOpen();
    return warnings.run(() -> keys.run(returnGeneratedKeys, super::executeLargeBatch));
  }

  /** The schema advice of the last execution ({@link WarningCapture}), or null. */
  @Override
  public SQLWarning getWarnings() throws SQLException {
    checkOpen();
    return warnings.get();
  }

  @Override
  public void clearWarnings() throws SQLException {
    checkOpen();
    warnings.clear();
  }

  /**
   * The rowkeys the last execution generated, if the statement was prepared with
   * {@code RETURN_GENERATED_KEYS}; an empty result otherwise.
   */
  @Override
  public ResultSet getGeneratedKeys() throws SQLException {
    checkOpen();
    return keys.resultSet(connection);
  }

  /** The parameter sets added by {@code addBatch}. */
  List<List<TypedValue>> parameterBatch() {
    return getParameterValueBatch();
  }

  /** The class of the values a parameter takes, as {@code ResultSet.getObject} returns them. */
  @Override
  public String getParameterClassName(int index) throws SQLException {
    KeyType type = parameterType(index);
    return type == null ? super.getParameterClassName(index) : SqlValue.javaClass(type).getName();
  }

  private void checkBound() throws SQLException {
    checkOpen();
    for (int i = 0; i < slots.length; i++) {
      if (slots[i] == null) {
        throw JdbcErrors.of(SqlState.PARAMETER_NOT_SET.code(), "parameter " + (i + 1) + " has no value (setNull "
            + "sets NULL)", null);
      }
    }
  }

  // ---- setters --------------------------------------------------------------------------------

  /** How Calcite sets a parameter whose type Cellar has no conversion for. */
  private interface CalciteSetter {
    void set() throws SQLException;
  }

  /**
   * Sets parameter {@code index} to {@code x} as the JDBC type of its class; the connection's
   * time zone is looked up only for a date or time, the only values read in it.
   */
  private void bind(int index, Object x, CalciteSetter calcite) throws SQLException {
    if (!bindTyped(index, x)) {
      calcite.set();
    }
  }

  /**
   * As {@link #bind(int, Object, CalciteSetter)}, false (nothing set) when the parameter has no
   * Cellar type and Calcite must set it: the common setters' path, which makes no setter object.
   */
  private boolean bindTyped(int index, Object x) throws SQLException {
    KeyType type = parameterType(index);
    if (type == null) {
      return false;
    }
    boolean zoned = x instanceof java.util.Date || x instanceof java.time.temporal.Temporal;
    bindAs(index, type, x, null, -1, zoned ? zone(null) : null);
    return true;
  }

  /**
   * Sets parameter {@code index} to {@code x}, sent as {@code target} (or the JDBC type of its
   * class if null), a DECIMAL rounded to {@code scale} places if that is not negative, and dates
   * and times read in {@code zone}.
   */
  private void bind(int index, Object x, Integer target, int scale, TimeZone zone, CalciteSetter calcite)
      throws SQLException {
    KeyType type = parameterType(index);
    if (type == null) {
      calcite.set();
      return;
    }
    bindAs(index, type, x, target, scale, zone);
  }

  /** {@link #bind(int, Object, Integer, int, TimeZone, CalciteSetter)} of a parameter of Cellar type {@code type}. */
  private void bindAs(int index, KeyType type, Object x, Integer target, int scale, TimeZone zone)
      throws SQLException {
    SqlValue v = x == null ? null : target == null ? ParameterConversion.naturalOrFail(x, index, type, zone)
        : ParameterConversion.as(x, target, index, zone);
    if (v == null) {
      slots[index - 1] = TypedValue.EXPLICIT_NULL;
      return;
    }
    if (scale >= 0 && v.type() == KeyType.DECIMAL) {
      v = new SqlValue(KeyType.DECIMAL, ((BigDecimal) v.value()).setScale(scale, RoundingMode.HALF_UP));
    }
    slots[index - 1] = v.castTo(type, index).typedValue();
  }

  /** The Cellar type of parameter {@code index}, null if it has none; checks the index. */
  private KeyType parameterType(int index) throws SQLException {
    checkOpen();
    if (index < 1 || index > slots.length) {
      throw JdbcErrors.of(SqlState.INVALID_DESCRIPTOR_INDEX.code(), "parameter " + index + " does not exist: the "
          + "statement has " + slots.length + " parameter" + (slots.length == 1 ? "" : "s"), null);
    }
    return ParameterConversion.keyType(getParameter(index).parameterType);
  }

  private TimeZone zone(Calendar calendar) {
    return calendar != null ? calendar.getTimeZone() : getCalendar().getTimeZone();
  }

  @Override
  public void setNull(int index, int sqlType) throws SQLException {
    parameterType(index);
    slots[index - 1] = TypedValue.EXPLICIT_NULL;
  }

  @Override
  public void setNull(int index, int sqlType, String typeName) throws SQLException {
    setNull(index, sqlType);
  }

  @Override
  public void setBoolean(int index, boolean x) throws SQLException {
    if (!bindTyped(index, x)) {
      super.setBoolean(index, x);
    }
  }

  @Override
  public void setByte(int index, byte x) throws SQLException {
    if (!bindTyped(index, x)) {
      super.setByte(index, x);
    }
  }

  @Override
  public void setShort(int index, short x) throws SQLException {
    if (!bindTyped(index, x)) {
      super.setShort(index, x);
    }
  }

  @Override
  public void setInt(int index, int x) throws SQLException {
    if (!bindTyped(index, x)) {
      super.setInt(index, x);
    }
  }

  @Override
  public void setLong(int index, long x) throws SQLException {
    if (!bindTyped(index, x)) {
      super.setLong(index, x);
    }
  }

  @Override
  public void setFloat(int index, float x) throws SQLException {
    if (!bindTyped(index, x)) {
      super.setFloat(index, x);
    }
  }

  @Override
  public void setDouble(int index, double x) throws SQLException {
    if (!bindTyped(index, x)) {
      super.setDouble(index, x);
    }
  }

  @Override
  public void setBigDecimal(int index, BigDecimal x) throws SQLException {
    if (!bindTyped(index, x)) {
      super.setBigDecimal(index, x);
    }
  }

  @Override
  public void setString(int index, String x) throws SQLException {
    if (!bindTyped(index, x)) {
      super.setString(index, x);
    }
  }

  @Override
  public void setNString(int index, String x) throws SQLException {
    bind(index, x, () -> super.setNString(index, x));
  }

  @Override
  public void setBytes(int index, byte[] x) throws SQLException {
    if (!bindTyped(index, x)) {
      super.setBytes(index, x);
    }
  }

  @Override
  public void setDate(int index, Date x) throws SQLException {
    setDate(index, x, null);
  }

  @Override
  public void setDate(int index, Date x, Calendar calendar) throws SQLException {
    bind(index, x, null, -1, zone(calendar),
        () -> super.setDate(index, x, calendar == null ? getCalendar() : calendar));
  }

  @Override
  public void setTime(int index, Time x) throws SQLException {
    setTime(index, x, null);
  }

  @Override
  public void setTime(int index, Time x, Calendar calendar) throws SQLException {
    bind(index, x, null, -1, zone(calendar),
        () -> super.setTime(index, x, calendar == null ? getCalendar() : calendar));
  }

  @Override
  public void setTimestamp(int index, Timestamp x) throws SQLException {
    setTimestamp(index, x, null);
  }

  @Override
  public void setTimestamp(int index, Timestamp x, Calendar calendar) throws SQLException {
    bind(index, x, null, -1, zone(calendar),
        () -> super.setTimestamp(index, x, calendar == null ? getCalendar() : calendar));
  }

  @Override
  public void setObject(int index, Object x) throws SQLException {
    bind(index, x, () -> super.setObject(index, x));
  }

  @Override
  public void setObject(int index, Object x, int targetSqlType) throws SQLException {
    setObject(index, x, targetSqlType, -1);
  }

  /** {@code x} as {@code targetSqlType}; a DECIMAL or NUMERIC is first rounded to {@code scaleOrLength} places. */
  @Override
  public void setObject(int index, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
    Object value = x instanceof Reader || x instanceof InputStream ? read(index, x, scaleOrLength) : x;
    bind(index, value, targetSqlType, scaleOrLength, zone(null), () -> {
      try {
        super.setObject(index, value, targetSqlType);
      } catch (RuntimeException e) {
        throw ParameterConversion.notConvertible(index, "a " + (value == null ? "NULL" : value.getClass().getName()),
            "JDBC type " + targetSqlType);
      }
    });
  }

  @Override
  public void setObject(int index, Object x, SQLType targetSqlType) throws SQLException {
    setObject(index, x, jdbcType(targetSqlType));
  }

  @Override
  public void setObject(int index, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
    setObject(index, x, jdbcType(targetSqlType), scaleOrLength);
  }

  private static int jdbcType(SQLType type) throws SQLException {
    Integer n = type == null ? null : type.getVendorTypeNumber();
    if (n == null) {
      throw JdbcErrors.of(SqlState.FEATURE_NOT_SUPPORTED.code(), "SQL type " + type + " is not a JDBC type", null);
    }
    return n;
  }

  // ---- streams: read into the value ---------------------------------------------------------

  @Override
  public void setCharacterStream(int index, Reader x) throws SQLException {
    setCharacterStream(index, x, -1L);
  }

  @Override
  public void setCharacterStream(int index, Reader x, int length) throws SQLException {
    setCharacterStream(index, x, (long) length);
  }

  @Override
  public void setCharacterStream(int index, Reader x, long length) throws SQLException {
    Object value = read(index, x, length);
    bind(index, value, () -> super.setString(index, (String) value));
  }

  @Override
  public void setNCharacterStream(int index, Reader x) throws SQLException {
    setCharacterStream(index, x, -1L);
  }

  @Override
  public void setNCharacterStream(int index, Reader x, long length) throws SQLException {
    setCharacterStream(index, x, length);
  }

  @Override
  public void setAsciiStream(int index, InputStream x) throws SQLException {
    setAsciiStream(index, x, -1L);
  }

  @Override
  public void setAsciiStream(int index, InputStream x, int length) throws SQLException {
    setAsciiStream(index, x, (long) length);
  }

  @Override
  public void setAsciiStream(int index, InputStream x, long length) throws SQLException {
    byte[] bytes = (byte[]) read(index, x, length);
    String value = bytes == null ? null : new String(bytes, StandardCharsets.US_ASCII);
    bind(index, value, () -> super.setString(index, value));
  }

  @Override
  @SuppressWarnings("deprecation")
  public void setUnicodeStream(int index, InputStream x, int length) throws SQLException {
    byte[] bytes = (byte[]) read(index, x, length);
    String value = bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    bind(index, value, () -> super.setString(index, value));
  }

  @Override
  public void setBinaryStream(int index, InputStream x) throws SQLException {
    setBinaryStream(index, x, -1L);
  }

  @Override
  public void setBinaryStream(int index, InputStream x, int length) throws SQLException {
    setBinaryStream(index, x, (long) length);
  }

  @Override
  public void setBinaryStream(int index, InputStream x, long length) throws SQLException {
    Object value = read(index, x, length);
    bind(index, value, () -> super.setBytes(index, (byte[]) value));
  }

  /** The characters of a reader or the bytes of a stream, at most {@code length} of them if that is not negative. */
  private static Object read(int index, Object source, long length) throws SQLException {
    long max = length < 0 ? Long.MAX_VALUE : length;
    try {
      if (source instanceof Reader r) {
        StringBuilder sb = new StringBuilder();
        char[] buf = new char[8192];
        for (int n; sb.length() < max && (n = r.read(buf, 0, (int) Math.min(buf.length, max - sb.length()))) > 0;) {
          sb.append(buf, 0, n);
        }
        return sb.toString();
      }
      if (source instanceof InputStream in) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        for (int n; out.size() < max && (n = in.read(buf, 0, (int) Math.min(buf.length, max - out.size()))) > 0;) {
          out.write(buf, 0, n);
        }
        return out.toByteArray();
      }
      return source;
    } catch (IOException e) {
      throw JdbcErrors.of(SqlState.DATA_EXCEPTION.code(), "parameter " + index + ": reading its stream failed: "
          + e.getMessage(), e);
    }
  }

  // ---- types Cellar has no column of: converted only where JDBC allows --------------------------

  @Override
  public void setClob(int index, Clob x) throws SQLException {
    bind(index, x, () -> super.setClob(index, x));
  }

  @Override
  public void setClob(int index, Reader x) throws SQLException {
    bind(index, x, () -> super.setClob(index, x));
  }

  @Override
  public void setClob(int index, Reader x, long length) throws SQLException {
    bind(index, x, () -> super.setClob(index, x, length));
  }

  @Override
  public void setNClob(int index, NClob x) throws SQLException {
    bind(index, x, () -> super.setNClob(index, x));
  }

  @Override
  public void setNClob(int index, Reader x) throws SQLException {
    bind(index, x, () -> super.setNClob(index, x));
  }

  @Override
  public void setNClob(int index, Reader x, long length) throws SQLException {
    bind(index, x, () -> super.setNClob(index, x, length));
  }

  @Override
  public void setBlob(int index, Blob x) throws SQLException {
    bind(index, x, () -> super.setBlob(index, x));
  }

  @Override
  public void setBlob(int index, InputStream x) throws SQLException {
    bind(index, x, () -> super.setBlob(index, x));
  }

  @Override
  public void setBlob(int index, InputStream x, long length) throws SQLException {
    bind(index, x, () -> super.setBlob(index, x, length));
  }

  @Override
  public void setArray(int index, Array x) throws SQLException {
    bind(index, x, () -> super.setArray(index, x));
  }

  @Override
  public void setRef(int index, Ref x) throws SQLException {
    bind(index, x, () -> super.setRef(index, x));
  }

  @Override
  public void setRowId(int index, RowId x) throws SQLException {
    bind(index, x, () -> super.setRowId(index, x));
  }

  @Override
  public void setURL(int index, URL x) throws SQLException {
    bind(index, x, () -> super.setURL(index, x));
  }

  @Override
  public void setSQLXML(int index, SQLXML x) throws SQLException {
    bind(index, x, () -> super.setSQLXML(index, x));
  }
}
