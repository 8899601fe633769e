package org.apache.calcite.avatica;

import dev.cellar.jdbc.remote.RemoteErrors;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;

/**
 * A remote connection: Avatica's, with the server's errors raised as {@link SQLException}s (with
 * their SQLStates) by the calls whose errors Avatica lets escape unchecked. It lives in
 * Avatica's package, whose JDBC 4.1 connection class is private.
 */
public class CellarRemoteConnection extends AvaticaConnection {
  /** A connection to the server of {@code url}; the driver's factory makes it. */
  protected CellarRemoteConnection(UnregisteredDriver driver, AvaticaFactory factory, String url, Properties info) {
    super(driver, factory, url, info);
  }

  @Override
  public AvaticaStatement createStatement(int resultSetType, int resultSetConcurrency, int resultSetHoldability)
      throws SQLException {
    try {
      return super.createStatement(resultSetType, resultSetConcurrency, resultSetHoldability);
    } catch (RuntimeException e) {
      throw RemoteErrors.toSql(e);
    }
  }

  /**
   * Sets auto-commit on the server at once (Avatica's client would wait for the next statement):
   * turning it on commits the open transaction, as JDBC asks.
   */
  @Override
  public void setAutoCommit(boolean autoCommit) throws SQLException {
    try {
      super.setAutoCommit(autoCommit);
      meta.connectionSync(handle, new ConnectionPropertiesImpl());
    } catch (RuntimeException e) {
      throw RemoteErrors.toSql(e);
    }
  }

  @Override
  public boolean getAutoCommit() throws SQLException {
    try {
      return super.getAutoCommit();
    } catch (RuntimeException e) {
      throw RemoteErrors.toSql(e);
    }
  }

  @Override
  public void commit() throws SQLException {
    try {
      super.commit();
    } catch (RuntimeException e) {
      throw RemoteErrors.toSql(e);
    }
  }

  @Override
  public void rollback() throws SQLException {
    try {
      super.rollback();
    } catch (RuntimeException e) {
      throw RemoteErrors.toSql(e);
    }
  }

  /** Sets the isolation level on the server at once, so that a level it does not serve fails here. */
  @Override
  public void setTransactionIsolation(int level) throws SQLException {
    try {
      super.setTransactionIsolation(level);
      meta.connectionSync(handle, new ConnectionPropertiesImpl());
    } catch (RuntimeException e) {
      throw RemoteErrors.toSql(e);
    }
  }

  @Override
  protected Meta.ExecuteBatchResult prepareAndUpdateBatch(AvaticaStatement statement, List<String> queries)
      throws NoSuchStatementException, SQLException {
    try {
      return super.prepareAndUpdateBatch(statement, queries);
    } catch (RuntimeException e) {
      throw RemoteErrors.toSql(e);
    }
  }
}
