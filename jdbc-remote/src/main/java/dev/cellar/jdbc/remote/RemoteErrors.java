package dev.cellar.jdbc.remote;

import java.sql.BatchUpdateException;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLInvalidAuthorizationSpecException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTransactionRollbackException;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.apache.calcite.avatica.AvaticaSqlException;
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
        return fromServer(a.getMessage(), a.getSqlState(), a.getErrorCode(), e);
      }
    }
    return of("the Cellar server failed to answer: " + e.getMessage(), "08006", 0, e);
  }

  /**
   * {@code e} as the embedded driver would raise it: an error of the server (Avatica's
   * {@code AvaticaSqlException}, whose message starts with Avatica's prefix, "Error 0 (23505) :
   * Error while executing SQL ...: Remote driver error: ") becomes the {@code SQLException}
   * subclass of its SQLState with the server's message; a failed batch a
   * {@code BatchUpdateException} with the update counts before the failing statement. Any
   * other exception is returned as it is.
   */
  public static SQLException clean(SQLException e) {
    if (!(e instanceof AvaticaSqlException a) || a.getSQLState() == null
        || a.getSQLState().equals(ErrorResponse.UNKNOWN_SQL_STATE)) {
      return e;
    }
    return fromServer(a.getErrorMessage(), a.getSQLState(), a.getErrorCode(), e);
  }

  /** The server's error: its message after Avatica's prefix, a batch's counts taken from its end. */
  private static SQLException fromServer(String message, String state, int code, Throwable e) {
    String m = message == null ? "" : message;
    int at = m.indexOf(PREFIX);
    if (at >= 0) {
      m = m.substring(at + PREFIX.length());
    }
    Matcher counts = BATCH_COUNTS.matcher(m);
    if (counts.find()) {
      String text = m.substring(0, counts.start());
      SQLException cause = of(text, state, code, e);
      long[] done = counts.group(1).isEmpty() ? new long[0]
          : Arrays.stream(counts.group(1).split(",")).mapToLong(Long::parseLong).toArray();
      return new BatchUpdateException(text, state, code, done, cause);
    }
    return of(m, state, code, e);
  }

  /**
   * How the server appends, to the message of a failed batch, the update counts of the
   * statements before the failing one (the server's {@code ServerErrors.BATCH_COUNTS}).
   */
  private static final Pattern BATCH_COUNTS = Pattern.compile(" \\[update counts before the failure: ([0-9,-]*)]$");

  /** The {@code SQLException} subclass of {@code state}'s class, as the embedded driver raises it. */
  public static SQLException of(String message, String state, int code, Throwable cause) {
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
