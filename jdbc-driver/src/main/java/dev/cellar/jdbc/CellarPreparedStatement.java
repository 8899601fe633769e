package dev.cellar.jdbc;

import dev.cellar.sql.SqlState;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.Types;
import java.util.List;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.remote.TypedValue;
import org.apache.calcite.jdbc.CalcitePreparedStatementAccess;

/**
 * Calcite's prepared statement, plus {@code setObject} of {@code java.time} values
 * ({@link Temporals} says how they map to DATE, TIME and TIMESTAMP), {@code setObject} with a
 * scale or a {@link SQLType}, failed conversions reported as SQLState 22018, and generated keys
 * when prepared with {@code RETURN_GENERATED_KEYS} ({@link KeyCapture}).
 */
class CellarPreparedStatement extends CalcitePreparedStatementAccess {
  private final KeyCapture keys = new KeyCapture();
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
    return keys.run(returnGeneratedKeys, super::execute);
  }

  @Override
  public ResultSet executeQuery() throws SQLException {
    return keys.run(false, super::executeQuery);
  }

  @Override
  public long executeLargeUpdate() throws SQLException {
    return keys.run(returnGeneratedKeys, super::executeLargeUpdate);
  }

  /** Runs the batch; with {@code RETURN_GENERATED_KEYS}, the keys of all its statements are kept. */
  @Override
  public long[] executeLargeBatch() throws SQLException {
    return keys.run(returnGeneratedKeys, super::executeLargeBatch);
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

  @Override
  public void setObject(int parameterIndex, Object x) throws SQLException {
    if (Temporals.isTemporal(x)) {
      setTemporal(parameterIndex, x, Temporals.naturalType(x));
    } else {
      super.setObject(parameterIndex, x);
    }
  }

  @Override
  public void setObject(int parameterIndex, Object x, int targetSqlType) throws SQLException {
    if (Temporals.isTemporal(x)) {
      setTemporal(parameterIndex, x, targetSqlType);
      return;
    }
    try {
      super.setObject(parameterIndex, x, targetSqlType);
    } catch (RuntimeException e) {
      throw JdbcErrors.of(SqlState.INVALID_CHARACTER_VALUE_FOR_CAST.code(), "parameter " + parameterIndex + ": cannot "
          + "convert " + x.getClass().getName() + " to JDBC type " + targetSqlType + ": " + e.getMessage(), e);
    }
  }

  /** {@code x} as {@code targetSqlType}; a DECIMAL or NUMERIC is first rounded to {@code scaleOrLength} places. */
  @Override
  public void setObject(int parameterIndex, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
    if (x instanceof BigDecimal d && (targetSqlType == Types.DECIMAL || targetSqlType == Types.NUMERIC)) {
      x = d.setScale(scaleOrLength, RoundingMode.HALF_UP);
    }
    setObject(parameterIndex, x, targetSqlType);
  }

  @Override
  public void setObject(int parameterIndex, Object x, SQLType targetSqlType) throws SQLException {
    setObject(parameterIndex, x, jdbcType(targetSqlType));
  }

  @Override
  public void setObject(int parameterIndex, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
    setObject(parameterIndex, x, jdbcType(targetSqlType), scaleOrLength);
  }

  private static int jdbcType(SQLType type) throws SQLException {
    Integer n = type == null ? null : type.getVendorTypeNumber();
    if (n == null) {
      throw JdbcErrors.of(SqlState.FEATURE_NOT_SUPPORTED.code(), "SQL type " + type + " is not a JDBC type", null);
    }
    return n;
  }

  /** A DATE, TIME or TIMESTAMP parameter (or a string) from a {@code java.time} value. */
  private void setTemporal(int parameterIndex, Object x, int targetSqlType) throws SQLException {
    getSite(parameterIndex); // checks the index
    long ms = Temporals.wallClockMillis(x, getCalendar().getTimeZone());
    TypedValue v;
    switch (targetSqlType) {
      case Types.DATE:
        v = TypedValue.ofSerial(ColumnMetaData.Rep.JAVA_SQL_DATE,
            Math.toIntExact(Math.floorDiv(ms, Temporals.MILLIS_PER_DAY)));
        break;
      case Types.TIME:
      case Types.TIME_WITH_TIMEZONE:
        v = TypedValue.ofSerial(ColumnMetaData.Rep.JAVA_SQL_TIME, (int) Math.floorMod(ms, Temporals.MILLIS_PER_DAY));
        break;
      case Types.TIMESTAMP:
      case Types.TIMESTAMP_WITH_TIMEZONE:
        v = TypedValue.ofSerial(ColumnMetaData.Rep.JAVA_SQL_TIMESTAMP, ms);
        break;
      case Types.CHAR:
      case Types.VARCHAR:
      case Types.LONGVARCHAR:
      case Types.NCHAR:
      case Types.NVARCHAR:
        setString(parameterIndex, x.toString());
        return;
      default:
        throw JdbcErrors.of(SqlState.INVALID_CHARACTER_VALUE_FOR_CAST.code(), "parameter " + parameterIndex
            + ": cannot convert " + x.getClass().getName() + " to JDBC type " + targetSqlType, null);
    }
    slots[parameterIndex - 1] = v;
  }
}
