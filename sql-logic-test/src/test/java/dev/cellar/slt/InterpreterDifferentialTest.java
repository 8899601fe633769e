package dev.cellar.slt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.sql.interp.PlanInterpreter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The plans the interpreter runs ({@code dev.cellar.sql.interp.PlanInterpreter}) give the rows
 * and the SQLStates of the same plans compiled: every statement runs on two databases of the
 * same content, one with system property {@code cellar.interpreter=false} (every plan
 * compiled), the other with the interpreter on, and the answers are compared. The statements
 * are queries of SQL Logic Test's {@code random/} files and expressions over the boundary values
 * of each integer type.
 */
class InterpreterDifferentialTest {
  /** Queries taken from the start of each {@code random/} file below. */
  private static final int QUERIES_PER_FILE = 700;

  private static final List<String> FILES = List.of("random/expr/slt_good_0.test", "random/expr/slt_good_1.test",
      "random/select/slt_good_0.test", "random/aggregates/slt_good_0.test", "random/groupby/slt_good_0.test");

  private int compared;

  @AfterEach
  void restore() {
    System.clearProperty(PlanInterpreter.PROPERTY);
  }

  @Test
  void randomQueriesAnswerAsCompiled() throws SQLException {
    long interpretedBefore = PlanInterpreter.interpreted();
    List<String> differences = new ArrayList<>();
    for (String file : FILES) {
      SltScript script = SltCorpus.load(file);
      try (Connection compiled = open(); Connection interpreted = open()) {
        int queries = 0;
        for (SltScript.Record record : script.records) {
          if (record.skipped() || record instanceof SltScript.Halt) {
            continue;
          }
          if (record instanceof SltScript.Statement s) {
            run(compiled, interpreted, s.sql(), differences, file + ":" + s.line());
          } else if (record instanceof SltScript.Query q && queries++ < QUERIES_PER_FILE) {
            run(compiled, interpreted, q.sql(), differences, file + ":" + q.line());
          }
        }
      }
    }
    assertEquals(List.of(), differences.subList(0, Math.min(20, differences.size())));
    long interpreted = PlanInterpreter.interpreted() - interpretedBefore;
    assertTrue(interpreted > compared / 4, "interpreted " + interpreted + " of " + compared + " queries");
  }

  @Test
  void boundaryValuesAnswerAsCompiled() throws SQLException {
    long interpretedBefore = PlanInterpreter.interpreted();
    List<String> differences = new ArrayList<>();
    try (Connection compiled = open(); Connection interpreted = open()) {
      String ddl = "CREATE TABLE b (id INTEGER PRIMARY KEY, t TINYINT, s SMALLINT, i INTEGER, l BIGINT, "
          + "d DECIMAL(10, 2), f BOOLEAN)";
      run(compiled, interpreted, ddl, differences, ddl);
      String[] rows = {
        "1, 127, 32767, 2147483647, 9223372036854775807, 99999999.99, TRUE",
        "2, -128, -32768, -2147483648, -9223372036854775808, -99999999.99, FALSE",
        "3, 0, 0, 0, 0, 0, NULL",
        "4, NULL, NULL, NULL, NULL, NULL, NULL",
        "5, 1, -1, 7, -3, 1.50, TRUE",
        "6, -1, 2, -7, 3, -0.25, FALSE"};
      for (String r : rows) {
        String insert = "INSERT INTO b VALUES (" + r + ")";
        run(compiled, interpreted, insert, differences, insert);
      }
      String[] columns = {"t", "s", "i", "l", "id", "0", "1", "-1", "NULL", "2147483647", "-2147483648",
          "CAST(127 AS TINYINT)", "CAST(-32768 AS SMALLINT)", "9223372036854775807"};
      String[] binary = {"+", "-", "*", "/"};
      List<String> expressions = new ArrayList<>();
      for (String a : columns) {
        expressions.add("- " + a);
        expressions.add("ABS(" + a + ")");
        expressions.add("CAST(" + a + " AS BIGINT)");
        for (String b : columns) {
          for (String op : binary) {
            expressions.add(a + " " + op + " " + b);
          }
          expressions.add("CASE WHEN " + a + " > " + b + " THEN " + a + " ELSE " + b + " END");
          expressions.add("COALESCE(" + a + ", " + b + ")");
          expressions.add("NULLIF(" + a + ", " + b + ")");
        }
      }
      for (String e : expressions) {
        String q = "SELECT id, " + e + " FROM b ORDER BY id";
        run(compiled, interpreted, q, differences, q);
      }
      String[] predicates = {"i > l", "t = s OR f", "NOT f", "f IS NULL", "f IS NOT TRUE", "i IN (0, 7, -7)",
          "l NOT IN (3, -3) AND d > 0", "s BETWEEN -1 AND 2", "i IS DISTINCT FROM t", "d < i",
          "i / t > 0", "CASE WHEN t <> 0 THEN i / t END > 0", "t = 0 OR i / t > 1", "t <> 0 AND i / t > 0",
          "f OR i / t > 0", "NOT f AND l * 2 > 0", "i * i > 0 OR TRUE"};
      for (String p : predicates) {
        for (String tail : new String[] {" ORDER BY id", " ORDER BY i DESC NULLS FIRST, id LIMIT 3",
            " ORDER BY l, id OFFSET 1 ROWS FETCH NEXT 2 ROWS ONLY"}) {
          String q = "SELECT id, i, l FROM b WHERE " + p + tail;
          run(compiled, interpreted, q, differences, q);
        }
      }
      for (String c : new String[] {"SELECT 1 + 2", "SELECT 2147483647 + 1", "SELECT 1 / 0",
          "SELECT CASE WHEN 1 > 2 THEN 1 / 0 ELSE 3 END", "SELECT - (-2147483647 - 1)",
          "SELECT * FROM (VALUES (1, 2), (3, NULL)) AS v(a, b) WHERE a + b > 0",
          "SELECT ABS(-9223372036854775807 - 1)", "SELECT 5 / 2, -5 / 2, 7 * -3",
          "SELECT t, COUNT(*), SUM(i), MIN(l), MAX(s), COUNT(f), SUM(t) FROM b GROUP BY t",
          "SELECT SUM(l) FROM b", "SELECT SUM(l) FROM b WHERE l > 0", "SELECT SUM(i) + 1 FROM b WHERE i > 0",
          "SELECT COUNT(*), MAX(f), MIN(f), SUM(s) FROM b WHERE id > 100",
          "SELECT f, MIN(i), MAX(i) FROM b GROUP BY f HAVING COUNT(*) > 1",
          "SELECT t, s, COUNT(i) FROM b GROUP BY t, s ORDER BY t DESC, s LIMIT 4",
          "SELECT COUNT(*) * 2147483647 FROM b", "SELECT - MAX(l) FROM b", "SELECT MIN(l) - 1 FROM b",
          "SELECT COUNT(*) + 83", "SELECT SUM(-5), MIN(7), MAX(NULL) FROM b",
          "SELECT SUM(d), MIN(d), MAX(d) FROM b", "SELECT f, SUM(d), MAX(d) FROM b GROUP BY f",
          "SELECT SUM(d) FROM b WHERE id > 100", "SELECT id, d FROM b WHERE d > 1.2 ORDER BY id",
          "SELECT AVG(b.d), AVG(c.t) FROM b JOIN b AS c ON b.id = c.id + 1",
          "SELECT b.f, AVG(c.d), COUNT(DISTINCT c.t) FROM b JOIN b AS c ON b.id = c.id GROUP BY b.f"}) {
        run(compiled, interpreted, c, differences, c);
      }
      // COUNT(DISTINCT ...) beside other aggregates (grouping sets, FILTER, a DECIMAL $SUM0), AVG
      // of DECIMAL (a division and casts), grouping sets written out: every one interpreted
      String[] sets = {"SELECT COUNT(DISTINCT t), AVG(d) FROM b WHERE id > 1",
          "SELECT COUNT(DISTINCT f), SUM(d), MAX(i) FROM b", "SELECT f, COUNT(DISTINCT t), AVG(d), MIN(d) FROM b GROUP BY f",
          "SELECT COUNT(DISTINCT t), AVG(d) FROM b WHERE id > 100", "SELECT COUNT(DISTINCT s), AVG(i) FROM b",
          "SELECT COUNT(*), COUNT(DISTINCT t) FROM b WHERE id > 100",
          "SELECT SUM(l), COUNT(i), COUNT(DISTINCT id), COUNT(i) FROM b WHERE i < i",
          "SELECT f, t, COUNT(*), SUM(d), GROUPING(f), GROUPING(f, t) FROM b GROUP BY GROUPING SETS ((f), (f, t), ())",
          "SELECT t, SUM(l) FROM b GROUP BY ROLLUP (t)", "SELECT f, s, MAX(d) FROM b GROUP BY CUBE (f, s)",
          "SELECT COUNT(*) FILTER (WHERE i > 0), SUM(d) FILTER (WHERE f), MIN(l) FILTER (WHERE t < 0) FROM b",
          "SELECT id, CAST(d AS DECIMAL(12, 4)), CAST(d AS DECIMAL(10, 1)), CAST(i AS DECIMAL(15, 3)) FROM b",
          "SELECT id, CAST(d AS DECIMAL(3, 1)) FROM b", "SELECT id, CAST(i AS DECIMAL(4, 2)) FROM b",
          "SELECT f, AVG(d), COUNT(DISTINCT t), COUNT(DISTINCT s) FROM b GROUP BY f",
          "SELECT AVG(d), SUM(DISTINCT t) FROM b"};
      // hash joins: INNER, LEFT and SEMI, keys of several types with NULLs among them, conditions
      // beyond the keys, a failing expression in a condition, LIMIT without ORDER BY
      String[] joins = {"SELECT b.id, c.id FROM b JOIN b AS c ON b.t = c.t ORDER BY 1, 2",
          "SELECT b.id, c.id, c.l FROM b LEFT JOIN b AS c ON b.f = c.f ORDER BY 1, 2",
          "SELECT b.id, c.id FROM b JOIN b AS c ON b.d = c.d AND b.i = c.i ORDER BY 1",
          "SELECT b.id, c.id FROM b LEFT JOIN b AS c ON b.s = c.s AND c.id > b.id ORDER BY 1, 2",
          "SELECT b.id, c.i FROM b JOIN b AS c ON b.id = c.id AND b.l < c.l + 1 ORDER BY 1",
          "SELECT id FROM b WHERE t IN (SELECT s FROM b WHERE s IS NOT NULL) ORDER BY id",
          "SELECT id FROM b WHERE i = (SELECT MAX(i) FROM b WHERE id < 6)",
          "SELECT id FROM b WHERE d IN (SELECT d FROM b AS c WHERE c.id <> b.id) ORDER BY id",
          "SELECT id FROM b WHERE EXISTS (SELECT 1 FROM b AS c WHERE c.t = b.t AND c.id > b.id) ORDER BY id",
          "SELECT b.id, c.id FROM b JOIN b AS c ON b.id = c.id AND c.i / c.t > 0 ORDER BY 1",
          "SELECT b.id FROM b JOIN b AS c ON b.id = c.id WHERE c.i > 0 LIMIT 2",
          "SELECT b.t, COUNT(*), SUM(c.d) FROM b JOIN b AS c ON b.t = c.t GROUP BY b.t ORDER BY 1"};
      long joinsBefore = PlanInterpreter.interpreted();
      for (String q : joins) {
        run(compiled, interpreted, q, differences, q);
      }
      assertTrue(PlanInterpreter.interpreted() - joinsBefore >= joins.length / 2, "joins interpreted");
      long setsBefore = PlanInterpreter.interpreted();
      for (String q : sets) {
        run(compiled, interpreted, q, differences, q);
      }
      assertEquals(sets.length, PlanInterpreter.interpreted() - setsBefore, "grouping sets and decimals interpreted");
    }
    assertEquals(List.of(), differences.subList(0, Math.min(20, differences.size())));
    long interpreted = PlanInterpreter.interpreted() - interpretedBefore;
    assertTrue(interpreted > compared / 2, "interpreted " + interpreted + " of " + compared + " queries");
  }

  @Test
  void textDatesAndDecimalsPassThroughAndSortAsCompiled() throws SQLException {
    long interpretedBefore = PlanInterpreter.interpreted();
    List<String> differences = new ArrayList<>();
    try (Connection compiled = open(); Connection interpreted = open()) {
      for (String s : new String[] {
          "CREATE TABLE s (id INTEGER PRIMARY KEY, v VARCHAR(10), c CHAR(3), d DATE, ts TIMESTAMP, p DECIMAL(6, 2))",
          "INSERT INTO s VALUES (1, 'b', 'x', DATE '2024-02-29', TIMESTAMP '2024-01-01 10:00:00', 1.50)",
          "INSERT INTO s VALUES (2, 'a', 'xy', DATE '1999-12-31', TIMESTAMP '1970-01-01 00:00:00', -2.25)",
          "INSERT INTO s VALUES (3, NULL, NULL, NULL, NULL, NULL)",
          "INSERT INTO s VALUES (4, 'ab', 'xyz', DATE '2024-03-01', TIMESTAMP '2030-12-31 23:59:59', 0)",
          "INSERT INTO s VALUES (5, 'B', 'x', DATE '2024-02-29', TIMESTAMP '2024-01-01 10:00:00', 1.5)",
          "SELECT * FROM s ORDER BY v, id", "SELECT * FROM s ORDER BY v DESC NULLS FIRST, id",
          "SELECT c, v FROM s ORDER BY c DESC, id", "SELECT id, d FROM s ORDER BY d, id LIMIT 3",
          "SELECT id, ts FROM s ORDER BY ts DESC, id", "SELECT id, p FROM s ORDER BY p, id",
          "SELECT v, COUNT(*), MAX(p), MIN(id) FROM s GROUP BY v ORDER BY 1",
          "SELECT c, SUM(p) FROM s GROUP BY c HAVING COUNT(*) > 1 ORDER BY c",
          "SELECT id, v, c FROM s WHERE id > 1 AND p < 1 ORDER BY id", "SELECT d, COUNT(*) FROM s GROUP BY d",
          "SELECT id, v FROM s WHERE v = 'a' OR id = 4", "SELECT id FROM s WHERE c = 'x'"}) {
        run(compiled, interpreted, s, differences, s);
      }
    }
    assertEquals(List.of(), differences);
    assertTrue(PlanInterpreter.interpreted() - interpretedBefore > 8, "plans interpreted");
  }

  @Test
  void textComparisonsAndLikeAnswerAsCompiled() throws SQLException {
    long interpretedBefore = PlanInterpreter.interpreted();
    List<String> differences = new ArrayList<>();
    String[] texts = {"''", "'a'", "'A'", "'ab'", "'a_b'", "'a%b'", "'a.b'", "'a\\b'", "'line\nbreak'",
        "'\u00e9'", "'\ud83d\ude00'", "'zz'", "NULL", "'[x]'", "' a'", "'a '", "'aXb'", "'abc'"};
    try (Connection compiled = open(); Connection interpreted = open()) {
      List<String> statements = new ArrayList<>();
      statements.add("CREATE TABLE t (id INTEGER PRIMARY KEY, v VARCHAR(20), w VARCHAR(20))");
      for (int i = 0; i < texts.length; i++) {
        statements.add("INSERT INTO t VALUES (" + i + ", " + texts[i] + ", " + texts[(i * 7 + 3) % texts.length] + ")");
      }
      for (String lit : new String[] {"''", "'a'", "'a '", "'ab'", "'b'", "'\u00e9'", "'\ud83d\ude00'", "'A'"}) {
        for (String op : new String[] {"=", "<>", "<", "<=", ">", ">="}) {
          statements.add("SELECT id, v FROM t WHERE v " + op + " " + lit + " ORDER BY id");
        }
        statements.add("SELECT id FROM t WHERE v IS DISTINCT FROM " + lit + " ORDER BY id");
        statements.add("SELECT id FROM t WHERE v IS NOT DISTINCT FROM " + lit + " ORDER BY id");
      }
      for (String pattern : new String[] {"'a%'", "'%b'", "'a_b'", "'%.%'", "'[x]%'", "'%'", "''", "'_'", "'line%'",
          "'%\ud83d\ude00%'", "'% '", "'A%'", "'a\\%'", "'%b%'", "'__'"}) {
        statements.add("SELECT id, v FROM t WHERE v LIKE " + pattern + " ORDER BY id");
        statements.add("SELECT id FROM t WHERE v NOT LIKE " + pattern + " ORDER BY id");
      }
      statements.add("SELECT id, v, w FROM t WHERE v < w ORDER BY id");
      statements.add("SELECT id FROM t WHERE v = w OR v LIKE w ORDER BY id");
      statements.add("SELECT v, COUNT(*) FROM t WHERE v LIKE 'a%' OR v >= 'z' GROUP BY v ORDER BY v");
      for (String sql : statements) {
        run(compiled, interpreted, sql, differences, sql);
      }
      // IN and NOT IN lists and ranges of text (a SEARCH over VARCHAR), NULL in the list or not
      List<String> searches = new ArrayList<>();
      for (String list : new String[] {"'a', 'ab'", "'', 'a ', '\u00e9', 'nope'", "'a', NULL", "'zz', 'A', 'aXb', '[x]'"}) {
        searches.add("SELECT id, v FROM t WHERE v IN (" + list + ") ORDER BY id");
        searches.add("SELECT id FROM t WHERE v NOT IN (" + list + ") ORDER BY id");
        searches.add("SELECT id, (v IN (" + list + ")) IS NULL FROM t ORDER BY id");
      }
      searches.add("SELECT id FROM t WHERE v BETWEEN 'a' AND 'b' OR v IN ('zz', '') ORDER BY id");
      searches.add("SELECT id FROM t WHERE (v > 'a' AND v < 'abc') OR v < 'A' OR v >= '\ud83d\ude00' ORDER BY id");
      long searchesBefore = PlanInterpreter.interpreted();
      for (String sql : searches) {
        run(compiled, interpreted, sql, differences, sql);
      }
      assertEquals(searches.size(), PlanInterpreter.interpreted() - searchesBefore, "text searches interpreted");
    }
    assertEquals(List.of(), differences);
    assertTrue(PlanInterpreter.interpreted() - interpretedBefore > 8, "plans interpreted");
  }

  private static Connection open() throws SQLException {
    return DriverManager.getConnection("jdbc:cellar:mem:interp" + System.nanoTime() + ";shutdown=true");
  }

  /** Runs {@code sql} compiled on one connection, interpreted on the other; records a difference. */
  private void run(Connection compiled, Connection interpreted, String sql, List<String> differences, String where) {
    System.setProperty(PlanInterpreter.PROPERTY, "false");
    String expected = answer(compiled, sql);
    System.clearProperty(PlanInterpreter.PROPERTY);
    String actual = answer(interpreted, sql);
    compared++;
    if (!expected.equals(actual)) {
      differences.add(where + ": " + sql + "\n  compiled:    " + expected + "\n  interpreted: " + actual);
    }
  }

  /** The rows (sorted unless the query orders them) or the SQLState of {@code sql}. */
  private static String answer(Connection c, String sql) {
    try (Statement st = c.createStatement()) {
      if (!st.execute(sql)) {
        return "updated " + st.getUpdateCount();
      }
      List<String> rows = new ArrayList<>();
      try (ResultSet rs = st.getResultSet()) {
        int n = rs.getMetaData().getColumnCount();
        StringBuilder types = new StringBuilder();
        for (int i = 1; i <= n; i++) {
          types.append(rs.getMetaData().getColumnTypeName(i)).append(' ');
        }
        while (rs.next()) {
          StringBuilder row = new StringBuilder();
          for (int i = 1; i <= n; i++) {
            Object v = rs.getObject(i);
            row.append(v == null ? "NULL" : v + ":" + v.getClass().getSimpleName()).append('|');
          }
          rows.add(row.toString());
        }
        if (!sql.toUpperCase(Locale.ROOT).contains("ORDER BY")) {
          Collections.sort(rows);
        }
        return types + rows.toString();
      }
    } catch (SQLException e) {
      return "SQLState " + e.getSQLState() + (e.getSQLState().equals("XX000") ? " " + e.getMessage().replaceAll("id = \\d+", "") : "");
    }
  }
}
