package dev.cellar.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Random;

/**
 * Random DML over one table with several indexes, for the index consistency and crash tests:
 * inserts, partial upserts, updates of indexed, included and key columns, deletes by key and by
 * indexed value, and INSERT ... SELECT, with values drawn from small domains so that statements
 * collide. Statements that fail on a constraint (a duplicate key or unique value) are expected
 * and skipped.
 */
final class IndexWorkload {
  /** The table and its indexes. */
  static final List<String> SCHEMA = List.of(
      "CREATE TABLE t (k INTEGER PRIMARY KEY, a VARCHAR, b INTEGER, c DECIMAL(6,2), d VARCHAR)",
      "CREATE INDEX t_a ON t (a)",
      "CREATE INDEX t_b_desc ON t (b DESC, a) INCLUDE (c)",
      "CREATE UNIQUE INDEX t_d ON t (d)");
  /** The indexes {@link #SCHEMA} creates. */
  static final List<String> INDEXES = List.of("t_a", "t_b_desc", "t_d");

  private IndexWorkload() {}

  private static String a(Random rnd) {
    return rnd.nextInt(6) == 0 ? "NULL" : "'a" + rnd.nextInt(20) + "'";
  }

  private static String b(Random rnd) {
    return rnd.nextInt(6) == 0 ? "NULL" : Integer.toString(rnd.nextInt(50) - 25);
  }

  private static String c(Random rnd) {
    return rnd.nextInt(4) == 0 ? "NULL" : rnd.nextInt(1000) + "." + rnd.nextInt(100);
  }

  private static String d(Random rnd) {
    return rnd.nextInt(3) == 0 ? "NULL" : "'d" + rnd.nextInt(400) + "'";
  }

  /** One random statement. */
  static String next(Random rnd) {
    int k = rnd.nextInt(300);
    switch (rnd.nextInt(10)) {
      case 0:
      case 1:
        return "INSERT INTO t VALUES (" + k + ", " + a(rnd) + ", " + b(rnd) + ", " + c(rnd) + ", " + d(rnd) + ")";
      case 2:
        return "UPSERT INTO t VALUES (" + k + ", " + a(rnd) + ", " + b(rnd) + ", " + c(rnd) + ", " + d(rnd) + ")";
      case 3:
        return "UPSERT INTO t (k, b) VALUES (" + k + ", " + b(rnd) + ")";
      case 4:
        return "UPDATE t SET a = " + a(rnd) + ", c = " + c(rnd) + " WHERE k BETWEEN " + k + " AND " + (k + 5);
      case 5:
        return "UPDATE t SET b = " + b(rnd) + " WHERE a = " + a(rnd);
      case 6:
        return "UPDATE t SET k = k + 300 WHERE k = " + k;
      case 7:
        return "DELETE FROM t WHERE k BETWEEN " + k + " AND " + (k + 3);
      case 8:
        return "DELETE FROM t WHERE b = " + b(rnd);
      default:
        return "INSERT INTO t SELECT k + 1000 + " + rnd.nextInt(1000) + ", a, b, c, NULL FROM t WHERE k BETWEEN " + k
            + " AND " + (k + 2);
    }
  }

  /** Runs {@code sql}, ignoring a constraint violation (SQLState class 23). */
  static void run(Statement s, String sql) throws SQLException {
    try {
      s.executeUpdate(sql);
    } catch (SQLException e) {
      if (e.getSQLState() == null || !e.getSQLState().startsWith("23")) {
        throw new SQLException(sql + ": " + e.getMessage(), e.getSQLState(), e);
      }
    }
  }

  /** Creates the table and its indexes. */
  static void create(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      for (String ddl : SCHEMA) {
        s.execute(ddl);
      }
    }
  }
}
