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

  @Test
  void joinsWithInListsBesideTheKeyCompileAndAnswerAsH2Does() throws Exception {
    String ck = "INSERT INTO ck VALUES "
          + "(4, 'b', 7, 7, 'a b', 0.5), (8, 'c', 0, 5, '', 2.5), (-4, 'ba', 42, 8, 'abc', 6.5), (3, 'a', 0, -5, 'abc', 6.5), "
          + "(-1, 'ab', 42, 4, 'ab', 8.5), (4, 'zz', 42, -3, 'ab', 0.5), (8, '', 0, 7, 'abc', 2.5), (8, 'ab', 7, 0, 'abc', 8.5), "
          + "(5, 'abc', 0, 6, 'abc', 6.5), (-1, '', 7, 1, 'ab', 2.5), (-1, 'a', 7, -1, 'zz', 9.5), (-5, 'zz', 7, -4, 'b', 5.5), "
          + "(8, 'b', 42, 6, 'ba', 2.5), (2, 'c', 0, -5, 'b', 0.5), (6, 'ba', 42, -5, 'a b', 6.5), (0, 'bb', -5, 2, '', 2.5), "
          + "(4, 'abc', -5, 7, 'abc', 7.5), (0, 'a b', 7, 3, 'b', 7.5), (-4, 'zz', 7, 8, 'b', 0.5), (1, 'a', 0, 0, 'a b', 9.5), "
          + "(0, 'ab', 7, -1, 'a b', 1.5), (-1, 'ba', 7, -3, 'a', 2.5), (6, 'b', 42, -3, '', 1.5), (4, 'a b', 42, -5, 'abc', 9.5), "
          + "(0, 'b', 42, -1, 'a b', 5.5), (-5, '', 42, 0, 'abc', 2.5), (6, 'zz', 0, 5, 'bb', 1.5), (-3, 'bb', 7, -3, '', 6.5), "
          + "(2, 'c', 7, 2, 'b', 4.5), (2, 'bb', 0, -4, 'bb', 8.5), (-3, 'c', 7, -3, 'a', 7.5), (-1, 'a b', 7, -4, 'ba', 9.5), "
          + "(5, '', 7, 0, 'a b', 4.5), (8, 'c', 7, 7, 'b', 5.5), (5, 'ab', -5, 2, 'a b', 4.5), (0, 'b', 7, 6, 'bb', 5.5), "
          + "(8, 'ab', 42, 0, 'ba', 8.5), (-3, 'a b', 0, -2, 'ba', 7.5)";
    String sl = "INSERT INTO sl VALUES "
          + "(0, -1, 'a', 42), (1, -3, 'zz', 42), (2, -1, 'zz', 7), (3, 6, '', 0), "
          + "(4, -3, 'zz', 42), (5, 4, 'ab', 0), (6, 7, 'ab', -5), (7, 2, 'abc', 0), "
          + "(8, -5, 'ab', -5), (9, 0, 'ab', 42), (10, -2, 'a b', -5), (11, 1, 'c', 7), "
          + "(12, 1, 'zz', -5), (13, 4, 'abc', 0), (14, 6, 'ba', -5), (15, 0, 'bb', 7), "
          + "(16, 8, 'bb', -5), (17, 6, 'a b', 7), (18, -5, 'a b', 7), (19, -4, 'b', 7), "
          + "(20, 4, 'b', 7), (21, 8, 'ab', 42), (22, 1, 'zz', 7), (23, 2, 'ab', 0), "
          + "(24, 4, 'bb', 42), (25, -2, 'ab', -5), (26, 0, '', 42), (27, -4, 'ba', 0), "
          + "(28, 0, 'zz', 42), (29, 1, 'bb', 0), (30, 2, 'b', 42), (31, 6, 'bb', 42), "
          + "(32, 8, 'ab', 7), (33, 6, 'b', 42), (34, -1, 'bb', -5), (35, 0, 'b', 42), "
          + "(36, -1, 'ab', 42), (37, -5, 'a', 42), (38, -2, 'b', -5), (39, 7, 'ab', 42)";
    String[] queries = {
        "SELECT x.b, y.id FROM ck x INNER JOIN sl y ON x.a = y.grp WHERE (x.b = x.s) OR (((x.a = 5 AND x.b = 'zz') "
            + "OR (x.a = 1) OR (x.a = -1) OR (x.a = 0 AND x.b = 'zz' AND x.c = -1000000000000))) "
            + "AND y.name IN ('abc', '', 'bb', 'zz', 'zz')",
        "SELECT x.a, y.v, x.d, y.d FROM ck x INNER JOIN ck y ON x.v = y.a WHERE (x.s IN ('a', 'a b', 'a', 'c', 'b')) "
            + "OR (x.s IS NULL) AND y.s LIKE 'a_'",
        "SELECT x.amt, y.s FROM sl x INNER JOIN ck y ON x.id = y.v WHERE (x.id BETWEEN 1 AND 4) OR (x.amt = x.grp) "
            + "AND y.c IN (-1000000000000, -5, 1000000000000, 42, 42, -5)",
        "SELECT x.s, MAX(y.s), COUNT(*) FROM ck x JOIN ck y ON x.a = y.a AND y.c IN (1000000000000, 7, NULL) "
            + "GROUP BY x.s"};
    run(c, "CREATE TABLE ck (a INTEGER NOT NULL, b VARCHAR(12) NOT NULL, c BIGINT NOT NULL, v INTEGER, s VARCHAR(12), "
        + "d DECIMAL(8, 2), CONSTRAINT pk_ck PRIMARY KEY (a, b DESC, c)) SALT_BUCKETS=2",
        "CREATE INDEX ck_v ON ck (v) INCLUDE (s)",
        "CREATE TABLE sl (id INTEGER NOT NULL, grp INTEGER, name VARCHAR(12), amt BIGINT, CONSTRAINT pk_sl PRIMARY KEY (id)) "
        + "SALT_BUCKETS=3", "CREATE INDEX sl_name ON sl (name)", "CREATE INDEX sl_grp ON sl (grp, amt DESC)", ck, sl);
    try (Connection h2 = DriverManager.getConnection("jdbc:h2:mem:plannererrorsjoin")) {
      run(h2, "CREATE TABLE ck (a INTEGER NOT NULL, b VARCHAR(12) NOT NULL, c BIGINT NOT NULL, v INTEGER, s VARCHAR(12), "
          + "d DECIMAL(8, 2), PRIMARY KEY (a, b, c))",
          "CREATE TABLE sl (id INTEGER NOT NULL PRIMARY KEY, grp INTEGER, name VARCHAR(12), amt BIGINT)", ck, sl);
      for (String q : queries) {
        assertEquals(sorted(Sql.strings(h2, q)), sorted(Sql.strings(c, q)), q);
      }
    }
  }

  @Test
  void phoenixFunctionsTakingADoubleTakeADecimal() throws SQLException {
    assertRows(c, "SELECT LOG(d * 40), LOG(d * 40, 10), LOG(n * 5, d * 4) FROM kv WHERE k = 2", "2.0, 2.0, 2.0");
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
