package org.apache.calcite.avatica;

import dev.cellar.jdbc.remote.RemoteErrors;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A remote statement: Avatica's, whose {@link #cancel} also stops the statement on the server,
 * and whose failures are the server's errors as the embedded driver raises them
 * ({@link RemoteErrors#clean}: the server's message without Avatica's prefix, the
 * {@code SQLException} subclass of the SQLState, a {@code BatchUpdateException} with counts).
 * It lives in Avatica's package, whose JDBC 4.1 statement class is private.
 */
public class CellarRemoteStatement extends AvaticaStatement {
  /** A statement of {@code connection}; the driver's factory makes it. */
  protected CellarRemoteStatement(AvaticaConnection connection, Meta.StatementHandle h, int resultSetType,
      int resultSetConcurrency, int resultSetHoldability) {
    super(connection, h, resultSetType, resultSetConcurrency, resultSetHoldability);
  }

  /**
   * Asks the server to stop this statement (its execution fails with SQLState HY008), then
   * cancels it as Avatica does, once its execution has returned.
   */
  @Override
  public void cancel() throws SQLException {
    checkOpen();
    ((CellarRemoteConnection) connection).cancelOnServer(this);
    super.cancel();
  }

  @Override
  public boolean execute(String sql) throws SQLException {
    return CellarRemoteConnection.clean(() -> super.execute(sql));
  }

  @Override
  public ResultSet executeQuery(String sql) throws SQLException {
    return CellarRemoteConnection.clean(() -> super.executeQuery(sql));
  }

  @Override
  public long executeLargeUpdate(String sql) throws SQLException {
    return CellarRemoteConnection.clean(() -> super.executeLargeUpdate(sql));
  }

  @Override
  public long[] executeLargeBatch() throws SQLException {
    return CellarRemoteConnection.clean(super::executeLargeBatch);
  }
}
