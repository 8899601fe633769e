package dev.cellar.jdbc;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlErrors;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientException;
import java.util.List;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.apache.calcite.avatica.AvaticaSeverity;

/**
 * Turns failures into JDBC exceptions with SQLStates ({@link SqlErrors} decides the state).
 * One {@code SQLException} subclass per SQLState class: 08 connection, 0A unsupported,
 * 22 data, 23 constraint, 42 syntax or unknown object, HYT00 timeout.
 */
final class JdbcErrors {
  private JdbcErrors() {}

  /**
   * The form that crosses Avatica's statement layer: Avatica turns an
   * {@link AvaticaClientRuntimeException} into an {@code SQLException} that keeps its SQLState
   * and error code.
   */
  static RuntimeException toClient(Throwable e) {
    if (e instanceof AvaticaClientRuntimeException a) {
      return a;
    }
    CellarSqlException c = SqlErrors.translate(e);
    StringWriter trace = new StringWriter();
    e.printStackTrace(new PrintWriter(trace));
    return new AvaticaClientRuntimeException(c.getMessage(), 0, c.sqlState(), AvaticaSeverity.ERROR,
        List.of(trace.toString()), null);
  }

  /** The SQLState and message of {@code e}, from Cellar's error or the Avatica error carrying it. */
  static CellarSqlException translate(Throwable e) {
    for (Throwable c = e; c != null; c = c.getCause()) {
      if (c instanceof AvaticaClientRuntimeException a && a.getSqlState() != null) {
        return new CellarSqlException(stateOf(a.getSqlState()), a.getMessage(), a);
      }
      if (c instanceof CellarSqlException cs) {
        return cs;
      }
    }
    return SqlErrors.translate(e);
  }

  private static dev.cellar.sql.SqlState stateOf(String code) {
    for (dev.cellar.sql.SqlState s : dev.cellar.sql.SqlState.values()) {
      if (s.code().equals(code)) {
        return s;
      }
    }
    return dev.cellar.sql.SqlState.INTERNAL_ERROR;
  }

  /** The {@code SQLException} of {@code e}. */
  static SQLException toSql(Throwable e) {
    if (e instanceof SQLException s) {
      return s;
    }
    if (e instanceof AvaticaClientRuntimeException a) {
      return of(a.getSqlState(), a.getMessage(), e);
    }
    return toSql(SqlErrors.translate(e), "");
  }

  static SQLException toSql(CellarSqlException c, String prefix) {
    return of(c.sqlState(), prefix + c.getMessage(), c);
  }

  static SQLException of(String state, String message, Throwable cause) {
    SQLException s;
    String cls = state == null ? "" : state.substring(0, 2);
    switch (cls) {
      case "08":
        s = new SQLNonTransientConnectionException(message, state);
        break;
      case "0A":
        s = new SQLFeatureNotSupportedException(message, state);
        break;
      case "22":
        s = new SQLDataException(message, state);
        break;
      case "23":
        s = new SQLIntegrityConstraintViolationException(message, state);
        break;
      case "42":
      case "3F":
        s = new SQLSyntaxErrorException(message, state);
        break;
      case "HY":
        s = state.equals("HYT00") ? new SQLTimeoutException(message, state) : new SQLTransientException(message, state);
        break;
      default:
        s = new SQLException(message, state);
    }
    s.initCause(cause);
    return s;
  }
}
