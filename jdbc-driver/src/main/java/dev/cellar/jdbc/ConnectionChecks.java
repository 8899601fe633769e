package dev.cellar.jdbc;

import dev.cellar.sql.SqlState;
import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.ClientInfoStatus;
import java.sql.Clob;
import java.sql.NClob;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Savepoint;
import java.sql.Struct;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Executor;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.avatica.AvaticaFactory;
import org.apache.calcite.jdbc.CalciteConnectionAccess;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.Driver;

/**
 * The parts of {@code java.sql.Connection} that concern how it is used rather than what it runs:
 * every failure with an SQLState ({@link ClientErrors}; 08003 once closed), client info kept
 * (the standard names {@code ApplicationName}, {@code ClientUser}, {@code ClientHostname}; another
 * name is ignored with a warning, as JDBC asks), {@code nativeSQL} answering the statement
 * itself (the parser reads JDBC escapes such as <code>{fn NOW()}</code>), {@code abort} closing the
 * connection, and refusals that say what to do instead: savepoints, stored procedures and LOB
 * objects.
 */
abstract class ConnectionChecks extends CalciteConnectionAccess {
  private static final Set<String> CLIENT_INFO = Set.of("ApplicationName", "ClientUser", "ClientHostname");

  private final Properties clientInfo = new Properties();
  private SQLWarning warnings;

  ConnectionChecks(Driver driver, AvaticaFactory factory, String url, Properties info, CalciteSchema rootSchema,
      JavaTypeFactory typeFactory) {
    super(driver, factory, url, info, rootSchema, typeFactory);
  }

  @Override
  protected void checkOpen() throws SQLException {
    if (isClosed()) {
      throw JdbcErrors.of(SqlState.CONNECTION_DOES_NOT_EXIST.code(), "the connection is closed", null);
    }
  }

  @Override
  public String nativeSQL(String sql) throws SQLException {
    checkOpen();
    if (sql == null) {
      throw JdbcErrors.of(SqlState.INVALID_PARAMETER_VALUE.code(), "nativeSQL: the statement is null", null);
    }
    return sql;
  }

  /** Closes the connection, rolling back what it has not committed. */
  @Override
  public void abort(Executor executor) throws SQLException {
    if (executor == null) {
      throw JdbcErrors.of(SqlState.INVALID_PARAMETER_VALUE.code(), "abort: the executor is null", null);
    }
    close();
  }

  @Override
  public boolean isValid(int timeout) throws SQLException {
    return ClientErrors.call(() -> super.isValid(timeout));
  }

  @Override
  public void setHoldability(int holdability) throws SQLException {
    ClientErrors.run(() -> super.setHoldability(holdability));
  }

  @Override
  public Array createArrayOf(String typeName, Object[] elements) throws SQLException {
    return ClientErrors.call(() -> super.createArrayOf(typeName, elements));
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    return ClientErrors.call(() -> super.unwrap(iface));
  }

  @Override
  public void setClientInfo(String name, String value) throws SQLClientInfoException {
    boolean closed;
    try {
      closed = isClosed();
    } catch (SQLException e) {
      closed = true;
    }
    if (closed || name == null) {
      throw new SQLClientInfoException(closed ? "the connection is closed" : "setClientInfo: the name is null",
          closed ? SqlState.CONNECTION_DOES_NOT_EXIST.code() : SqlState.INVALID_PARAMETER_VALUE.code(), 0,
          Map.of(String.valueOf(name), ClientInfoStatus.REASON_UNKNOWN));
    }
    if (!CLIENT_INFO.contains(name)) {
      warn(new SQLWarning("client info " + name + " is not one Cellar keeps (" + String.join(", ", CLIENT_INFO)
          + "): ignored", "01000"));
    } else if (value == null) {
      clientInfo.remove(name);
    } else {
      clientInfo.setProperty(name, value);
    }
  }

  @Override
  public void setClientInfo(Properties properties) throws SQLClientInfoException {
    clientInfo.clear();
    if (properties != null) {
      for (String name : properties.stringPropertyNames()) {
        setClientInfo(name, properties.getProperty(name));
      }
    }
  }

  @Override
  public Properties getClientInfo() throws SQLException {
    checkOpen();
    Properties copy = new Properties();
    copy.putAll(clientInfo);
    return copy;
  }

  @Override
  public SQLWarning getWarnings() throws SQLException {
    checkOpen();
    return warnings;
  }

  @Override
  public void clearWarnings() throws SQLException {
    checkOpen();
    warnings = null;
  }

  private void warn(SQLWarning w) {
    if (warnings == null) {
      warnings = w;
    } else {
      warnings.setNextWarning(w);
    }
  }

  @Override
  public Savepoint setSavepoint() throws SQLException {
    throw noSavepoints();
  }

  @Override
  public Savepoint setSavepoint(String name) throws SQLException {
    throw noSavepoints();
  }

  @Override
  public void rollback(Savepoint savepoint) throws SQLException {
    throw noSavepoints();
  }

  @Override
  public void releaseSavepoint(Savepoint savepoint) throws SQLException {
    throw noSavepoints();
  }

  private SQLException noSavepoints() throws SQLException {
    checkOpen();
    return ClientErrors.refused("savepoints are not supported: a transaction commits or rolls back whole");
  }

  @Override
  public CallableStatement prepareCall(String sql) throws SQLException {
    throw noProcedures();
  }

  @Override
  public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency) throws SQLException {
    throw noProcedures();
  }

  @Override
  public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency,
      int resultSetHoldability) throws SQLException {
    throw noProcedures();
  }

  private SQLException noProcedures() throws SQLException {
    checkOpen();
    return ClientErrors.refused("prepareCall is not supported: Cellar has no stored procedures");
  }

  @Override
  public Clob createClob() throws SQLException {
    throw noLobs("createClob");
  }

  @Override
  public NClob createNClob() throws SQLException {
    throw noLobs("createNClob");
  }

  @Override
  public Blob createBlob() throws SQLException {
    throw noLobs("createBlob");
  }

  @Override
  public SQLXML createSQLXML() throws SQLException {
    throw noLobs("createSQLXML");
  }

  @Override
  public Struct createStruct(String typeName, Object[] attributes) throws SQLException {
    throw noLobs("createStruct");
  }

  private SQLException noLobs(String method) throws SQLException {
    checkOpen();
    return ClientErrors.refused(method + " is not supported: set text with setString or setCharacterStream, bytes with"
        + " setBytes or setBinaryStream");
  }
}
