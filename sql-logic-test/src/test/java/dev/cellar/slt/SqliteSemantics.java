package dev.cellar.slt;

import java.sql.SQLException;
import java.util.Locale;

/**
 * The ways a query may answer differently from SQLite, whose results the corpus records, and
 * still be right by the SQL standard, as PostgreSQL and H2 answer it. Each is recognised from
 * what the query did, never from its text alone; a query that differs in any other way is a
 * failure. The kinds ({@code sql-logic-test/README.md}, "The random/ directory"):
 *
 * <ul>
 *   <li>a division by zero: SQLite's {@code x / 0} is NULL; here it fails with 22012;
 *   <li>an INTEGER result past 32 bits: SQLite's integers have 64; here INTEGER arithmetic that
 *       overflows fails with 22003;
 *   <li>the type of a {@code COALESCE}, {@code CASE} or {@code NULLIF} holding an {@code AVG}:
 *       SQLite types a value by the argument taken, so {@code COALESCE(-81, AVG(x)) / 14} divides
 *       integers; the standard types the expression by all its arguments, a DECIMAL. The query's
 *       column, declared an integer, comes out DECIMAL or DOUBLE and its value differs;
 *   <li>a column neither grouped nor aggregated, in the select list or HAVING of a grouped query
 *       ({@code GROUP BY col0 HAVING NOT NULL <= col1}): SQLite takes a value of some row of the
 *       group; the standard, PostgreSQL and H2 refuse the query, and so does Cellar (42000), unless
 *       the column sits in a part of a {@code COALESCE} or {@code CASE} never evaluated.
 * </ul>
 */
final class SqliteSemantics {
  private SqliteSemantics() {}

  static final String DIVISION_BY_ZERO = "division by zero: NULL in SQLite, 22012 here (as PostgreSQL and H2)";
  static final String INTEGER_OVERFLOW = "INTEGER past 32 bits: 64-bit in SQLite, 22003 here (as PostgreSQL)";
  static final String UNGROUPED_COLUMN = "a column neither grouped nor aggregated: a row's value in SQLite, "
      + "42000 here (as PostgreSQL and H2)";
  static final String DYNAMIC_TYPING = "COALESCE/CASE/NULLIF over AVG typed DECIMAL by the standard, by the "
      + "argument taken in SQLite";

  /** The kind of difference {@code f} is, or null if it is a failure. */
  static String of(SltRunner.Failure f) {
    if (f.cascade() != null || !f.kind().equals("query error") && !f.kind().equals("wrong result")) {
      return null;
    }
    if (f.error() != null) {
      if (!(f.error() instanceof SQLException e)) {
        return null;
      }
      String message = e.getMessage() == null ? "" : e.getMessage().toLowerCase(Locale.ROOT);
      if ("22012".equals(e.getSQLState()) && message.contains("division by zero")) {
        return DIVISION_BY_ZERO;
      }
      if ("22003".equals(e.getSQLState()) && message.contains("does not fit in integer")) {
        return INTEGER_OVERFLOW;
      }
      if ("42000".equals(e.getSQLState()) && message.matches("(?s).*expression '[^']*' is not being grouped.*")) {
        return UNGROUPED_COLUMN;
      }
      return null;
    }
    String sql = f.sql().toUpperCase(Locale.ROOT);
    if (!sql.contains("AVG") || !(sql.contains("COALESCE") || sql.contains("CASE") || sql.contains("NULLIF"))
        || f.declaredTypes() == null || f.actualTypes() == null) {
      return null;
    }
    String[] actual = f.actualTypes().split(",");
    for (int i = 0; i < f.declaredTypes().length() && i < actual.length; i++) {
      if (f.declaredTypes().charAt(i) == 'I' && (actual[i].equals("DECIMAL") || actual[i].equals("DOUBLE"))) {
        return DYNAMIC_TYPING;
      }
    }
    return null;
  }
}
