package dev.cellar.jdbc.remote;

import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLInvalidAuthorizationSpecException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTransactionRollbackException;
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
        return of(m.startsWith(PREFIX) ? m.substring(PREFIX.length()) : m, a.getSqlState(), a.getErrorCode(), e);
      }
    }
    return of("the Cellar server failed to answer: " + e.getMessage(), "08006", 0, e);
  }

  /** The {@code SQLException} subclass of {@code state}'s class, as the embedded driver raises it. */
  static SQLException of(String message, String state, int code, Throwable cause) {
    String c = state == null || state.length() < 2 ? "" : state.substring(0, 2);
    return switch (c) {
      case "0A" -> new SQLFeatureNotSupportedException(message, state, code, cause);
      case "08" -> new SQLNonTransientConnectionException(message, state, code, cause);
      case "22" -> new SQLDataException(message, state, code, cause);
      case "23" -> new SQLIntegrityConstraintViolationException(message, state, code, cause);
      case "28" -> new SQLInvalidAuthorizationSpecException(message, state, code, cause);
      case "40" -> new SQLTransactionRollbackException(message, state, code, cause);
      case "42" -> new SQLSyntaxErrorException(message, state, code, cause);
      default -> new SQLException(message, state, code, cause);
    };
  }
}
