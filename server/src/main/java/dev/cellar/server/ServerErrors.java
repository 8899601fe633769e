package dev.cellar.server;

import dev.cellar.sql.SqlState;
import java.sql.BatchUpdateException;
import java.sql.SQLException;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.NoSuchConnectionException;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.apache.calcite.avatica.remote.AvaticaRuntimeException;

/**
 * Errors as the server sends them: Avatica's handler passes a SQLState to the client only from
 * an {@link AvaticaRuntimeException}, so every failure becomes one, with the SQLState and
 * message of the {@link SQLException} that caused it.
 */
final class ServerErrors {
  /** insufficient_privilege: a read-only user's write. */
  static final String INSUFFICIENT_PRIVILEGE = SqlState.INSUFFICIENT_PRIVILEGE.code();
  /** too_many_connections: a user's connection limit. */
  static final String TOO_MANY_CONNECTIONS = SqlState.TOO_MANY_CONNECTIONS.code();
  /** program_limit_exceeded: a user's statement limit. */
  static final String LIMIT_EXCEEDED = SqlState.PROGRAM_LIMIT_EXCEEDED.code();
  /** connection_does_not_exist: closed, expired or another user's. */
  static final String NO_CONNECTION = SqlState.CONNECTION_DOES_NOT_EXIST.code();
  /** invalid_cursor_state: a statement that is closed, expired or another user's. */
  static final String NO_STATEMENT = "24000";
  /** internal_error: a fault of the server, not of the request. */
  static final String INTERNAL = SqlState.INTERNAL_ERROR.code();

  private ServerErrors() {}

  /** An error for the client with {@code state} and {@code message}. */
  static AvaticaRuntimeException of(String state, String message) {
    return new AvaticaRuntimeException(message, 0, state, AvaticaSeverity.ERROR);
  }

  /**
   * The end of a failed batch's message: the update counts of the statements before the
   * failing one, which the thin driver gives back as a {@code BatchUpdateException}'s.
   */
  static String batchCounts(long[] counts) {
    StringBuilder b = new StringBuilder(" [update counts before the failure: ");
    for (int i = 0; counts != null && i < counts.length; i++) {
      b.append(i > 0 ? "," : "").append(counts[i]);
    }
    return b.append(']').toString();
  }

  /** {@code e} as the client gets it: the SQLState and message of the SQLException in its causes. */
  static AvaticaRuntimeException toClient(Throwable e) {
    if (e instanceof AvaticaRuntimeException a) {
      return a;
    }
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof BatchUpdateException b && b.getSQLState() != null) {
        return new AvaticaRuntimeException(b.getMessage() + batchCounts(b.getLargeUpdateCounts()), b.getErrorCode(),
            b.getSQLState(), AvaticaSeverity.ERROR);
      }
      if (t instanceof SQLException s && s.getSQLState() != null) {
        return new AvaticaRuntimeException(s.getMessage(), s.getErrorCode(), s.getSQLState(), AvaticaSeverity.ERROR);
      }
      if (t instanceof NoSuchConnectionException) {
        return of(NO_CONNECTION, "the connection does not exist on the server: it was closed, or it expired after "
            + "being idle");
      }
      if (t instanceof NoSuchStatementException) {
        return of(NO_STATEMENT, "the statement does not exist on the server: it was closed, or it expired after "
            + "being idle");
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return of(INTERNAL, "internal error of the Cellar server: " + (e.getMessage() == null ? "no message"
        : e.getMessage()));
  }
}
