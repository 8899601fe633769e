package dev.cellar.jdbc.remote;

import java.sql.SQLException;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.apache.calcite.avatica.remote.Service.ErrorResponse;

/**
 * The server's errors as {@link SQLException}s where Avatica's client lets them escape as
 * unchecked exceptions (creating a statement, auto-commit, commit, rollback, a statement batch):
 * the server's SQLState and message.
 */
public final class RemoteErrors {
  private static final String PREFIX = "Remote driver error: ";

  private RemoteErrors() {}

  /** {@code e} as an SQLException: the server's SQLState and message if it carries them, else 08006. */
  public static SQLException toSql(RuntimeException e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof AvaticaClientRuntimeException a && a.getSqlState() != null
          && !a.getSqlState().equals(ErrorResponse.UNKNOWN_SQL_STATE)) {
        String m = a.getMessage() == null ? "" : a.getMessage();
        return new SQLException(m.startsWith(PREFIX) ? m.substring(PREFIX.length()) : m, a.getSqlState(),
            a.getErrorCode(), e);
      }
    }
    return new SQLException("the Cellar server failed to answer: " + e.getMessage(), "08006", e);
  }
}
