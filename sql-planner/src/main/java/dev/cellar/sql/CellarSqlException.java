package dev.cellar.sql;

import java.util.Objects;

/**
 * A user-facing error of the SQL layer: a message that names the table, column, family or
 * position at fault, and the {@link SqlState} the JDBC driver reports. Unchecked, so that it can
 * cross Calcite's generated code and streaming enumerators; the driver turns it into a
 * {@code java.sql.SQLException} of the matching subclass.
 */
public class CellarSqlException extends RuntimeException {
  private final SqlState state;

  public CellarSqlException(SqlState state, String message) {
    super(message);
    this.state = Objects.requireNonNull(state, "state");
  }

  public CellarSqlException(SqlState state, String message, Throwable cause) {
    super(message, cause);
    this.state = Objects.requireNonNull(state, "state");
  }

  public SqlState state() {
    return state;
  }

  /** The five-character SQLState. */
  public String sqlState() {
    return state.code();
  }

  /** A syntax error or misuse of SQL. */
  public static CellarSqlException syntax(String message) {
    return new CellarSqlException(SqlState.SYNTAX_ERROR, message);
  }

  /** A feature Cellar does not offer. */
  public static CellarSqlException unsupported(String message) {
    return new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, message);
  }
}
