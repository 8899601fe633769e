package dev.cellar.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaParameter;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.jdbc.CalcitePreparedStatementAccess;

/**
 * What a prepared statement checks of how it is used, with SQLStates ({@link ClientErrors},
 * {@link StatementChecks}): 55000 once closed, 22023 for options out of range, 07009 for a
 * parameter index that {@code ParameterMetaData} does not have, and 0A000 for the methods that
 * take SQL text, which belong to {@code Statement}.
 */
abstract class PreparedStatementChecks extends CalcitePreparedStatementAccess {
  PreparedStatementChecks(AvaticaConnection connection, Meta.StatementHandle h, Meta.Signature signature,
      int resultSetType, int resultSetConcurrency, int resultSetHoldability) throws SQLException {
    super(connection, h, signature, resultSetType, resultSetConcurrency, resultSetHoldability);
  }

  @Override
  protected void checkOpen() throws SQLException {
    if (isClosed()) {
      throw StatementChecks.closed();
    }
    if (connection.isClosed()) {
      throw JdbcErrors.of(dev.cellar.sql.SqlState.CONNECTION_DOES_NOT_EXIST.code(), "the connection is closed", null);
    }
  }

  @Override
  public void setLargeMaxRows(long max) throws SQLException {
    ClientErrors.run(() -> super.setLargeMaxRows(max));
  }

  @Override
  public void setQueryTimeout(int seconds) throws SQLException {
    ClientErrors.run(() -> super.setQueryTimeout(seconds));
  }

  @Override
  public void setFetchSize(int rows) throws SQLException {
    checkOpen();
    StatementChecks.fetchSize(rows);
    super.setFetchSize(rows);
  }

  @Override
  public void setFetchDirection(int direction) throws SQLException {
    checkOpen();
    StatementChecks.fetchDirection(direction);
    super.setFetchDirection(direction);
  }

  @Override
  public boolean getMoreResults(int current) throws SQLException {
    return ClientErrors.call(() -> super.getMoreResults(current));
  }

  @Override
  public void setEscapeProcessing(boolean enable) throws SQLException {
    checkOpen();
    StatementChecks.escapeProcessing(enable);
  }

  @Override
  public void setMaxFieldSize(int max) throws SQLException {
    checkOpen();
    StatementChecks.maxFieldSize(max);
  }

  @Override
  public void setCursorName(String name) throws SQLException {
    checkOpen();
    throw StatementChecks.noCursorName();
  }

  /** A hint only: statements are not pooled by the driver. */
  @Override
  public void setPoolable(boolean poolable) throws SQLException {
    checkOpen();
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    return ClientErrors.call(() -> super.unwrap(iface));
  }

  @Override
  public boolean execute(String sql) throws SQLException {
    return ClientErrors.call(() -> super.execute(sql));
  }

  @Override
  public ResultSet executeQuery(String sql) throws SQLException {
    return ClientErrors.call(() -> super.executeQuery(sql));
  }

  @Override
  public long executeLargeUpdate(String sql) throws SQLException {
    return ClientErrors.call(() -> super.executeLargeUpdate(sql));
  }

  @Override
  public void addBatch(String sql) throws SQLException {
    ClientErrors.run(() -> super.addBatch(sql));
  }

  /** Parameter {@code index} of the statement; 07009 naming the index if it has no such parameter. */
  @Override
  protected AvaticaParameter getParameter(int index) throws SQLException {
    int count = getParameterCount();
    if (index < 1 || index > count) {
      throw JdbcErrors.of(dev.cellar.sql.SqlState.INVALID_DESCRIPTOR_INDEX.code(), "parameter " + index
          + " does not exist: the statement has " + count + " parameter" + (count == 1 ? "" : "s"), null);
    }
    return super.getParameter(index);
  }

  @Override
  public int isNullable(int index) throws SQLException {
    getParameter(index);
    return super.isNullable(index);
  }
}
