package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.assertFails;
import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Statements Calcite's planner once failed on with an internal error or an assertion: nested
 * scalar sub-queries, number literals too long for a DECIMAL, row counts past what a plan holds.
 * Each now gives H2's answer or an SQLException with a proper SQLState naming the place at fault.
 */
class PlannerErrorsTest {
  private Connection c;

  @BeforeEach
  void open() throws Exception {
    c = Sql.connect(Sql.freshMem());
    run(c, "CREATE TABLE kv (k INTEGER PRIMARY KEY, v VARCHAR(10), n INTEGER, d DECIMAL(10,2))",
        "INSERT INTO kv VALUES (1, 'a', 10, 1.5), (2, 'b', 20, 2.5), (3, 's6', 30, 3.5)");
  }

  @AfterEach
  void close() throws Exception {
    c.close();
  }

  @Test
  void nestedScalarSubQueriesAnswerAsH2Does() throws Exception {
    String[] queries = {
        "SELECT k, (SELECT (SELECT v)) FROM kv",
        "SELECT k, (SELECT (SELECT (SELECT v))) AS x FROM kv",
        "SELECT k, (SELECT (SELECT v) || 'x') FROM kv",
        "SELECT (SELECT (SELECT v FROM kv WHERE k = 1))",
        "SELECT k, (SELECT (SELECT v FROM kv i WHERE i.k = o.k)) FROM kv o",
        "SELECT k, (SELECT (SELECT MAX(n) FROM kv i WHERE i.k < o.k)) FROM kv o",
        "SELECT k, (SELECT (SELECT v) FROM kv WHERE k = 1) FROM kv",
        "SELECT k FROM kv WHERE v = (SELECT (SELECT 's6'))",
        "SELECT k FROM kv o WHERE n = (SELECT (SELECT MAX(n) FROM kv i WHERE i.k <= o.k))",
        "SELECT SUM((SELECT (SELECT n))) FROM kv",
        "SELECT k FROM kv WHERE EXISTS (SELECT (SELECT v))",
        "SELECT * FROM (SELECT (SELECT 1) AS x1) t"};
    try (Connection h2 = DriverManager.getConnection("jdbc:h2:mem:plannererrors")) {
      run(h2, "CREATE TABLE kv (k INTEGER PRIMARY KEY, v VARCHAR(10), n INTEGER, d DECIMAL(10,2))",
          "INSERT INTO kv VALUES (1, 'a', 10, 1.5), (2, 'b', 20, 2.5), (3, 's6', 30, 3.5)");
      for (String q : queries) {
        assertEquals(sorted(Sql.strings(h2, q)), sorted(Sql.strings(c, q)), q);
      }
      String[] writes = {
          "UPDATE kv SET n = (SELECT (SELECT n + 1)) WHERE k = 1",
          "DELETE FROM kv WHERE v = (SELECT (SELECT 'b'))",
          "DELETE FROM kv WHERE v = (SELECT (SELECT 'zz'))"};
      for (String w : writes) {
        assertEquals(update(h2, w), update(c, w), w);
      }
      assertEquals(Sql.strings(h2, "SELECT k, v, n FROM kv ORDER BY k"), Sql.strings(c, "SELECT k, v, n FROM kv ORDER BY k"));
    }
    assertRows(c, "SELECT k, n FROM kv ORDER BY k", "1, 11", "3, 30");
  }

  @Test
  void decimalLiteralsTooLongAreOutOfRange() {
    String tiny = "0." + "0".repeat(300) + "1";
    assertFails(c, "22003", "SELECT d + " + tiny + " FROM kv", "literal 0.0000", "line 1, column 12");
    assertFails(c, "22003", "UPDATE kv SET d = d + " + tiny + " WHERE k = 1", "line 1, column 23");
    assertFails(c, "22003", "UPDATE kv SET d = " + tiny + " + 1 WHERE k = 1", "line 1, column 19");
    assertFails(c, "22003", "INSERT INTO kv (k, d) VALUES (9, 1 + " + tiny + ")", "line 1, column 38");
    assertFails(c, "22003", "SELECT d * " + "9".repeat(300) + " FROM kv", "line 1, column 12");
  }

  @Test
  void rowCountsPastWhatAPlanHoldsAreOutOfRange() throws SQLException {
    String huge = "9".repeat(300);
    assertFails(c, "22003", "SELECT * FROM kv LIMIT " + huge, "LIMIT", "line 1, column 24");
    assertFails(c, "22003", "SELECT * FROM kv OFFSET " + huge + " ROWS", "OFFSET", "line 1, column 25");
    assertFails(c, "22003", "SELECT * FROM kv ORDER BY k FETCH NEXT " + huge + " ROWS ONLY", "FETCH", "line 1, column 40");
    assertFails(c, "22003", "SELECT * FROM kv LIMIT 2147483648", "2147483648", "LIMIT", "line 1, column 24");
    assertFails(c, "22003", "SELECT * FROM kv LIMIT 1 OFFSET 2147483648", "OFFSET", "line 1, column 33");
    assertFails(c, "22003", "SELECT * FROM (SELECT * FROM kv LIMIT 2147483648) t", "line 1, column 39");
    assertRows(c, "SELECT k FROM kv ORDER BY k LIMIT 2147483647", "1", "2", "3");
    assertRows(c, "SELECT k FROM kv ORDER BY k LIMIT 2147483647 OFFSET 2", "3");
  }

  private static List<String> sorted(List<String> rows) {
    List<String> s = new ArrayList<>(rows);
    Collections.sort(s);
    return s;
  }

  private static int update(Connection conn, String sql) throws SQLException {
    try (Statement s = conn.createStatement()) {
      return s.executeUpdate(sql);
    }
  }
}
