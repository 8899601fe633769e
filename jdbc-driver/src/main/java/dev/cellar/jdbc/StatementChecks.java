package dev.cellar.jdbc;

import dev.cellar.sql.SqlState;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The checks of a statement's options that {@link CellarStatement} and
 * {@link CellarPreparedStatement} share (they extend different classes): values out of range
 * (22023) and options Cellar has no use for. Each returns normally when the value is accepted.
 */
final class StatementChecks {
  private StatementChecks() {}

  /** The statement's state when it is used after {@code close()}. */
  static SQLException closed() {
    return JdbcErrors.of(SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.code(), "the statement is closed", null);
  }

  static void fetchSize(int rows) throws SQLException {
    if (rows < 0) {
      throw JdbcErrors.of(SqlState.INVALID_PARAMETER_VALUE.code(), "setFetchSize: the fetch size " + rows
          + " is negative", null);
    }
  }

  static void fetchDirection(int direction) throws SQLException {
    if (direction != ResultSet.FETCH_FORWARD && direction != ResultSet.FETCH_REVERSE
        && direction != ResultSet.FETCH_UNKNOWN) {
      throw JdbcErrors.of(SqlState.INVALID_PARAMETER_VALUE.code(), "setFetchDirection: " + direction
          + " is not FETCH_FORWARD, FETCH_REVERSE or FETCH_UNKNOWN", null);
    }
  }

  /** Escape processing is always on: the parser reads JDBC escapes itself. */
  static void escapeProcessing(boolean enable) throws SQLException {
    if (!enable) {
      throw ClientErrors.refused("setEscapeProcessing(false) is not supported: the parser always reads JDBC "
          + "escapes such as {fn NOW()}");
    }
  }

  /** Values are never cut: only 0 (no limit) is accepted. */
  static void maxFieldSize(int max) throws SQLException {
    if (max < 0) {
      throw JdbcErrors.of(SqlState.INVALID_PARAMETER_VALUE.code(), "setMaxFieldSize: " + max + " is negative", null);
    }
    if (max != 0) {
      throw ClientErrors.refused("setMaxFieldSize(" + max + ") is not supported: Cellar never cuts a value short");
    }
  }

  static SQLException noCursorName() {
    return ClientErrors.refused("setCursorName is not supported: Cellar has no positioned UPDATE or DELETE");
  }
}
