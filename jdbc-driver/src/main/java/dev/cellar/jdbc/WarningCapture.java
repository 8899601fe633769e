package dev.cellar.jdbc;

import dev.cellar.sql.advice.Advice;
import dev.cellar.sql.advice.StatementWarnings;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.util.List;

/**
 * The warnings of a statement's last execution, for {@code getWarnings}: the schema advice a
 * {@code CREATE TABLE}, {@code CREATE INDEX} or {@code CREATE VIEW} gives
 * ({@link dev.cellar.sql.advice.SchemaReview}), one {@link SQLWarning} each, SQLState 01000.
 */
final class WarningCapture {
  /** The SQLState of schema advice: a warning without a subclass. */
  static final String ADVICE_STATE = "01000";

  private SQLWarning warnings;

  /** Runs {@code execution}, keeping the warnings it gives in place of the last execution's. */
  <T> T run(KeyCapture.Execution<T> execution) throws SQLException {
    warnings = null;
    StatementWarnings.capture();
    try {
      return execution.run();
    } finally {
      warnings = chain(StatementWarnings.release());
    }
  }

  private static SQLWarning chain(List<Advice> advice) {
    SQLWarning first = null;
    for (Advice a : advice) {
      SQLWarning w = new SQLWarning(a.message(), ADVICE_STATE);
      if (first == null) {
        first = w;
      } else {
        first.setNextWarning(w);
      }
    }
    return first;
  }

  SQLWarning get() {
    return warnings;
  }

  void clear() {
    warnings = null;
  }
}
