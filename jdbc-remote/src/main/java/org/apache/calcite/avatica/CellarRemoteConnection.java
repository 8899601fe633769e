package org.apache.calcite.avatica;

import dev.cellar.jdbc.remote.RemoteErrors;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A remote connection: Avatica's, with the server's errors raised as {@link SQLException}s (with
 * their SQLStates) by the calls whose errors Avatica lets escape unchecked, and statements
 * cancelled on the server by {@code Statement.cancel} and past their query timeout. It lives in
 * Avatica's package, whose JDBC 4.1 connection class is private.
 */
public class CellarRemoteConnection extends AvaticaConnection {
  /**
   * The catalog that asks the server, in a connection sync, to cancel a statement (followed by
   * its id): Avatica's protocol has no cancel request. The server's {@code ServerMeta.CANCEL}.
   */
  static final String CANCEL = "cellar.cancel:";

  private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "cellar-remote-query-timeout");
    t.setDaemon(true);
    return t;
  });

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

  /** Prepares {@code sql} on the server; its errors are the server's, as the embedded driver raises them. */
  @Override
  public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency,
      int resultSetHoldability) throws SQLException {
    checkOpen();
    try {
      Meta.StatementHandle h = meta.prepare(handle, sql, -1);
      return factory.newPreparedStatement(this, h, h.signature, resultSetType, resultSetConcurrency,
          resultSetHoldability);
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

  /**
   * Sets the schema on the server at once, so that a name the database has no schema of fails
   * here (3F000), as in the embedded driver; the connection then keeps its schema.
   */
  @Override
  public void setSchema(String schema) throws SQLException {
    String before = getSchema();
    try {
      super.setSchema(schema);
      meta.connectionSync(handle, new ConnectionPropertiesImpl());
    } catch (RuntimeException e) {
      SQLException refused = RemoteErrors.toSql(e);
      try {
        super.setSchema(before);
        meta.connectionSync(handle, new ConnectionPropertiesImpl());
      } catch (RuntimeException again) {
        refused.addSuppressed(again);
      }
      throw refused;
    }
  }

  /** A call to the server through Avatica's client. */
  interface Call<T> {
    T run() throws SQLException;
  }

  /** Runs {@code call}; its failures are the server's errors as the embedded driver raises them. */
  static <T> T clean(Call<T> call) throws SQLException {
    try {
      return call.run();
    } catch (SQLException e) {
      throw RemoteErrors.clean(e);
    } catch (AvaticaClientRuntimeException e) {
      throw RemoteErrors.toSql(e);
    }
  }

  /** Asks the server to stop {@code statement}'s execution, if one runs; it then fails with HY008. */
  void cancelOnServer(AvaticaStatement statement) {
    try {
      meta.connectionSync(handle, new ConnectionPropertiesImpl().setCatalog(CANCEL + statement.handle.id));
      meta.connectionSync(handle, new ConnectionPropertiesImpl());
    } catch (RuntimeException e) {
      // the connection is gone: so is the statement
    }
  }

  /** Runs {@code statement}'s SQL on the server, cancelled there past its query timeout (HYT00). */
  @Override
  protected Meta.ExecuteResult prepareAndExecuteInternal(AvaticaStatement statement, String sql, long maxRowCount)
      throws SQLException, NoSuchStatementException {
    return withTimeout(statement, () -> super.prepareAndExecuteInternal(statement, sql, maxRowCount));
  }

  /** Executes a prepared statement on the server, cancelled there past its query timeout (HYT00). */
  @Override
  protected ResultSet executeQueryInternal(AvaticaStatement statement, Meta.Signature signature,
      Meta.Frame firstFrame, QueryState state, boolean isUpdate) throws SQLException {
    try {
      return withTimeout(statement, () -> super.executeQueryInternal(statement, signature, firstFrame, state,
          isUpdate));
    } catch (NoSuchStatementException e) {
      throw RemoteErrors.toSql(new RuntimeException(e));
    }
  }

  /** An execution on the server. */
  private interface Execution<T> {
    T run() throws SQLException, NoSuchStatementException;
  }

  private <T> T withTimeout(AvaticaStatement statement, Execution<T> execution)
      throws SQLException, NoSuchStatementException {
    // a cancel stops the execution it meets; a new one starts uncancelled
    statement.cancelFlag.set(false);
    int millis = statement.getQueryTimeoutMillis();
    if (millis <= 0) {
      return execution.run();
    }
    AtomicBoolean fired = new AtomicBoolean();
    ScheduledFuture<?> timer = TIMER.schedule(() -> {
      fired.set(true);
      cancelOnServer(statement);
    }, millis, TimeUnit.MILLISECONDS);
    try {
      return execution.run();
    } catch (SQLException | RuntimeException e) {
      if (fired.get()) {
        throw new SQLTimeoutException("statement cancelled: it ran past its query timeout of "
            + statement.getQueryTimeout() + " s", "HYT00", e);
      }
      throw e;
    } finally {
      timer.cancel(false);
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
