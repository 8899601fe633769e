package dev.cellar.jdbc;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlErrors;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.BatchUpdateException;
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
import org.apache.calcite.avatica.AvaticaSqlException;

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
    for (Throwable c = e; c != null; c = c.getCause()) {
      if (c instanceof ExceptionInInitializerError || c instanceof NoClassDefFoundError) {
        // a compiled class whose initialization failed: the cache must not hand it out again
        dev.cellar.sql.prepare.CellarPrepare.forgetCompiledCode();
        break;
      }
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

  /** What precedes the statement at the end of an error's message. */
  static final String STATEMENT = "; SQL statement: ";

  /**
   * {@code e} as the caller of a statement execution or preparation sees it: its message starts
   * with what is wrong, without the prefixes Avatica adds ({@code Error 0 (23505) : },
   * {@code Error while executing SQL "...": }, {@code exception while executing query: }), and
   * ends with the statement, shortened; the SQLState and error code are kept, and the exception
   * is the {@code SQLException} subclass of its state's class. A batch's exception is left as
   * it is.
   */
  static SQLException clean(SQLException e, String sql) {
    if (e instanceof BatchUpdateException) {
      return e;
    }
    if (e.getSQLState() == null) {
      e = ClientErrors.stated(e);
    }
    String m = e instanceof AvaticaSqlException a ? a.getErrorMessage() : e.getMessage();
    if (m == null) {
      return e;
    }
    String executing = "Error while executing SQL \"" + sql + "\": ";
    for (boolean stripped = true; stripped;) {
      stripped = true;
      if (m.startsWith(executing)) {
        m = m.substring(executing.length());
      } else if (m.startsWith("exception while executing query: ")) {
        m = m.substring("exception while executing query: ".length());
      } else if (m.matches("(?s)Error -?\\d+ \\([^)]*\\) : .*")) {
        m = m.substring(m.indexOf(" : ") + 3);
      } else {
        stripped = false;
      }
    }
    if (sql != null && !sql.isBlank() && !m.contains(STATEMENT)) {
      m = m + STATEMENT + shorten(sql);
    }
    SQLException s = of(e.getSQLState(), m, e.getErrorCode(), e);
    s.setStackTrace(e.getStackTrace());
    return s;
  }

  /** {@code sql} on one line, cut after 120 characters. */
  private static String shorten(String sql) {
    String line = sql.strip().replaceAll("\\s+", " ");
    return line.length() <= 120 ? line : line.substring(0, 117) + "...";
  }

  static SQLException of(String state, String message, Throwable cause) {
    return of(state, message, 0, cause);
  }

  static SQLException of(String state, String message, int errorCode, Throwable cause) {
    SQLException s;
    String cls = state == null ? "" : state.substring(0, 2);
    switch (cls) {
      case "08":
        s = new SQLNonTransientConnectionException(message, state, errorCode);
        break;
      case "0A":
        s = new SQLFeatureNotSupportedException(message, state, errorCode);
        break;
      case "22":
        s = new SQLDataException(message, state, errorCode);
        break;
      case "23":
        s = new SQLIntegrityConstraintViolationException(message, state, errorCode);
        break;
      case "42":
      case "3F":
        s = new SQLSyntaxErrorException(message, state, errorCode);
        break;
      case "HY":
        s = state.equals("HYT00") ? new SQLTimeoutException(message, state, errorCode)
            : new SQLTransientException(message, state, errorCode);
        break;
      default:
        s = new SQLException(message, state, errorCode);
    }
    s.initCause(cause);
    return s;
  }
}
