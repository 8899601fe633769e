package org.apache.calcite.avatica;

import java.sql.SQLException;

/**
 * A remote statement: Avatica's, whose {@link #cancel} also stops the statement on the server.
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
}
