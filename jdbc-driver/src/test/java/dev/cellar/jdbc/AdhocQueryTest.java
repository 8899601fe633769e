package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.sql.prepare.CellarPrepare;
import dev.cellar.sql.rel.CellarTable;
import dev.cellar.sql.runtime.ReadStats;
import dev.cellar.sql.schema.CellarSchema;
import dev.cellar.sql.session.CellarSession;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.Map;
import org.apache.calcite.jdbc.CalciteConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Ad-hoc queries: statements that differ only in their literals share one plan (the literals
 * become parameters bound at execution) and compiled code is shared between connections, with
 * results, labels and EXPLAIN as the literals say.
 */
class AdhocQueryTest {
  private static String url;
  private static Connection c;
  private static CellarSession session;

  @BeforeAll
  static void load() throws Exception {
    url = Sql.freshMem().replace(";shutdown=true", "");
    c = Sql.connect(url);
    run(c, "CREATE TABLE sale (user_id VARCHAR NOT NULL, ts INTEGER NOT NULL, product VARCHAR, price DECIMAL(8,2), "
            + "qty INTEGER, ratio DOUBLE, code CHAR(3), CONSTRAINT pk PRIMARY KEY (user_id, ts))",
        "INSERT INTO sale VALUES ('u1', 1, 'pen', 1.50, 2, 0.5, 'ab'), ('u1', 2, 'ink', 4.00, 1, 1.5, 'cd'), "
            + "('u2', 3, 'pad', 2.25, 5, 2.5, 'ab'), ('u2', 4, 'pen', 1.50, 3, 3.5, 'ef'), "
            + "('u3', 5, 'bag', 30.00, 1, 4.5, 'gh')");
    session = c.unwrap(CalciteConnection.class).getRootSchema().getSubSchema("PUBLIC").unwrap(CellarSchema.class)
        .session();
  }

  @AfterAll
  static void close() throws Exception {
    c.close();
  }

  @Test
  void queriesDifferingInLiteralsShareOnePlan() throws Exception {
    long misses = session.planCacheMisses();
    assertRows(c, "SELECT ts, product FROM sale WHERE user_id = 'u1' AND price > 1 ORDER BY ts", "1, pen", "2, ink");
    long first = session.planCacheMisses();
    assertRows(c, "SELECT ts, product FROM sale WHERE user_id = 'u2' AND price > 2 ORDER BY ts", "3, pad");
    assertRows(c, "SELECT ts, product FROM sale WHERE user_id = 'u2' AND price > 1.5 ORDER BY ts", "3, pad");
    assertRows(c, "SELECT ts, product FROM sale WHERE user_id = 'u9' AND price > 0 ORDER BY ts");
    assertRows(c, "SELECT ts, product FROM sale WHERE user_id = 'u3' AND price > 29.99 ORDER BY ts", "5, bag");
    // the first statement missed its text and the shared text; the others only their own text
    assertEquals(2, first - misses);
    assertEquals(first + 4, session.planCacheMisses());
  }

  @Test
  void joinsGroupsHavingAndLikeShareTheirPlans() throws Exception {
    String shape = "SELECT a.user_id, COUNT(*), SUM(b.qty) FROM sale a JOIN sale b ON a.user_id = b.user_id "
        + "WHERE a.price >= %s AND b.product LIKE '%s' GROUP BY a.user_id HAVING SUM(b.qty) > %s ORDER BY 1";
    assertRows(c, String.format(shape, 1, "p%", 0), "u1, 2, 4", "u2, 4, 16");
    long misses = session.planCacheMisses();
    assertRows(c, String.format(shape, 2, "p%", 0), "u1, 1, 2", "u2, 2, 8");
    assertRows(c, String.format(shape, 1.5, "pe%", 0), "u1, 2, 4", "u2, 2, 6");
    assertRows(c, String.format(shape, 1, "%a%", 5), "u2, 2, 10");
    assertEquals(misses + 3, session.planCacheMisses(), "each new text misses once, its shape hits");
  }

  @Test
  void literalsThatDoNotFitTheParameterTypeAreKept() throws Exception {
    assertRows(c, "SELECT ts FROM sale WHERE qty = 2 ORDER BY ts", "1");
    assertRows(c, "SELECT ts FROM sale WHERE qty = 2.5 ORDER BY ts");
    assertRows(c, "SELECT ts FROM sale WHERE qty > 2.5 ORDER BY ts", "3", "4");
    assertRows(c, "SELECT ts FROM sale WHERE qty < 3000000000 ORDER BY ts", "1", "2", "3", "4", "5");
    assertRows(c, "SELECT ts FROM sale WHERE price = 1.5 ORDER BY ts", "1", "4");
    assertRows(c, "SELECT ts FROM sale WHERE price = 1.505 ORDER BY ts");
    assertRows(c, "SELECT ts FROM sale WHERE price > 1.505 ORDER BY ts", "2", "3", "5");
    assertRows(c, "SELECT ts FROM sale WHERE ratio > 2 ORDER BY ts", "3", "4", "5");
    assertRows(c, "SELECT ts FROM sale WHERE ratio > 2.5e0 ORDER BY ts", "4", "5");
    assertRows(c, "SELECT ts FROM sale WHERE product = 'pen' ORDER BY ts", "1", "4");
    assertRows(c, "SELECT ts FROM sale WHERE product = 'pen ' ORDER BY ts");
    assertRows(c, "SELECT ts FROM sale WHERE product = 'it''s' ORDER BY ts");
    assertRows(c, "SELECT ts FROM sale WHERE code = 'ab' ORDER BY ts", "1", "3");
    assertRows(c, "SELECT ts FROM sale WHERE code = 'ab ' ORDER BY ts", "1", "3");
    assertRows(c, "SELECT ts FROM sale WHERE ts BETWEEN 2 AND 4 AND 'u2' <= user_id ORDER BY ts", "3", "4");
    assertRows(c, "SELECT ts FROM sale WHERE ts BETWEEN -1 AND 1 ORDER BY ts", "1");
  }

  @Test
  void literalsOnSeveralLinesAndInSubQueriesAreShared() throws Exception {
    String shape = "SELECT ts\nFROM sale\r\nWHERE\tqty >\t%s AND user_id IN (SELECT user_id FROM sale WHERE price > %s)"
        + "\nORDER BY ts";
    assertRows(c, String.format(shape, -1, 29), "5");
    long misses = session.planCacheMisses();
    assertRows(c, String.format(shape, -1, 4), "5");
    assertRows(c, String.format(shape, 2, 2), "3", "4");
    assertEquals(misses + 2, session.planCacheMisses());
  }

  /**
   * Statements of one shape with ever new literals answer as on a connection without plan cache
   * (which parses every statement): the literals found by the shape's scan, not by the parser, are
   * the ones the parser takes out, in quotes, comments, quoted names, beside a minus sign or
   * statement parameters, and those that stay in the text (LIMIT, IN lists, DATE) stay.
   */
  @Test
  void literalsFoundByTheStatementsShapeAnswerAsParsedOnes() throws Exception {
    String[] shapes = {
        "SELECT ts, product FROM sale WHERE user_id = {S} AND price > {N} ORDER BY ts",
        "SELECT /* 'u1' 5 */ ts FROM sale WHERE qty = {N} -- AND user_id = 'x'\n AND price < {N} ORDER BY ts",
        "SELECT \"TS\", 'label''s' AS l FROM sale WHERE \"QTY\" > {N} AND product <> {S} ORDER BY 1",
        "SELECT ts FROM sale WHERE qty >= {N} AND product LIKE {S} ORDER BY ts LIMIT 2",
        "SELECT ts FROM sale WHERE ratio > {N} AND ts IN (1, 3, 5) AND code <> {S} ORDER BY ts",
        "SELECT COUNT(*) FROM sale WHERE price BETWEEN {N} AND {N} AND product > {S}",
        "SELECT ts FROM sale WHERE qty - {N} > {N} AND DATE '2024-01-01' < CURRENT_DATE ORDER BY ts",
        "SELECT a.ts FROM sale a JOIN sale b ON a.user_id = b.user_id WHERE b.product = {S} AND a.qty < -{N} ORDER BY 1",
    };
    String[] strings = {"'u1'", "'pen'", "'o''brien'", "''", "'u3'", "'u1 '", "'p%'", "'ab'", "'ink'", "'é€'"};
    String[] numbers = {"1", "-1", "- 2.5", "1e0", ".5", "29.99", "-0.001", "123456789012345678901234567890", "2", "3"};
    long found = CellarPrepare.literalShapeHits();
    try (Connection reference = Sql.connect(url + ";planCacheSize=0")) {
      for (String shape : shapes) {
        for (int v = 0; v < strings.length; v++) {
          String sql = shape.replaceFirst("\\{S}", java.util.regex.Matcher.quoteReplacement(strings[v]));
          for (int k = 0; sql.contains("{N}"); k++) {
            sql = sql.replaceFirst("\\{N}", numbers[(v + k) % numbers.length]);
          }
          assertEquals(answer(reference, sql), answer(c, sql), sql);
        }
      }
    }
    long hits = CellarPrepare.literalShapeHits() - found;
    // the first statement of each shape, and those whose minus sign makes another shape, are parsed
    assertTrue(hits >= shapes.length * 4L, "statements of a known shape skip the parse: " + hits);
  }

  /** The rows of {@code sql} as text, or its SQLState. */
  private static List<String> answer(Connection conn, String sql) {
    try (java.sql.Statement s = conn.createStatement(); java.sql.ResultSet rs = s.executeQuery(sql)) {
      List<String> rows = new java.util.ArrayList<>();
      while (rs.next()) {
        StringBuilder b = new StringBuilder();
        for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
          b.append(rs.getString(i)).append('|');
        }
        rows.add(b.toString());
      }
      return rows;
    } catch (java.sql.SQLException e) {
      return List.of("error " + e.getSQLState());
    }
  }

  @Test
  void statementParametersKeepTheirPositionsBesideLiterals() throws Exception {
    String sql = "SELECT ts FROM sale WHERE price > %s AND user_id = ? AND qty < %s AND ts > ? ORDER BY ts";
    for (int round = 0; round < 2; round++) {
      try (PreparedStatement p = c.prepareStatement(String.format(sql, "1." + round, 5 + round))) {
        assertEquals(2, p.getParameterMetaData().getParameterCount());
        p.setString(1, "u2");
        p.setInt(2, 3);
        assertEquals(List.of(List.of(4)), Sql.rows(p.executeQuery()));
        p.setString(1, "u1");
        p.setInt(2, 0);
        assertEquals(List.of(List.of(1), List.of(2)), Sql.rows(p.executeQuery()));
      }
    }
  }

  @Test
  void explainAndLabelsShowTheLiterals() throws Exception {
    assertRows(c, "SELECT COUNT(*) FROM sale WHERE user_id = 'u1'", "2");
    Check.check(c, "SELECT COUNT(*) FROM sale WHERE user_id = 'u2'").explainContains("USER_ID = 'u2'")
        .returns("2");
    try (var rs = c.createStatement().executeQuery("SELECT qty > 1, COUNT(*) FROM sale WHERE qty > 1 GROUP BY qty > 1")) {
      assertEquals("QTY > 1", rs.getMetaData().getColumnLabel(1));
    }
  }

  /** A key column's literal still bounds the read: the shared plan binds it as a key range at execution. */
  @Test
  void keyLiteralsStillBoundTheRead() throws Exception {
    ReadStats stats = CellarTable.readStats(session.database());
    Map<String, List<String>> expected = Map.of("u1", List.of("2"), "u2", List.of("3", "4"), "u3", List.of("5"));
    for (var e : expected.entrySet()) {
      long before = stats.rowsRead();
      assertEquals(e.getValue(), Sql.strings(c, "SELECT ts FROM sale WHERE user_id = '" + e.getKey() + "' AND ts >= 2"));
      assertEquals(e.getValue().size(), stats.rowsRead() - before, "rows read for " + e.getKey());
    }
  }

  @Test
  void compiledCodeIsSharedBetweenConnections() throws Exception {
    String sql = "SELECT product, SUM(qty) FROM sale GROUP BY product HAVING MAX(ratio) < 100 ORDER BY 2 DESC, 1";
    assertRows(c, sql, "pad, 5", "pen, 5", "bag, 1", "ink, 1");
    long compiled = CellarPrepare.compiledClasses();
    long reused = CellarPrepare.compiledClassReuses();
    try (Connection other = Sql.connect(url)) {
      assertRows(other, sql, "pad, 5", "pen, 5", "bag, 1", "ink, 1");
    }
    assertTrue(CellarPrepare.compiledClassReuses() > reused, "the second connection's plan reused the class: compiled "
        + compiled + " -> " + CellarPrepare.compiledClasses() + ", reused " + reused + " -> "
        + CellarPrepare.compiledClassReuses());
    assertEquals(compiled, CellarPrepare.compiledClasses());
  }

  @Test
  void insertsDifferingInValuesShareOnePlan() throws Exception {
    run(c, "CREATE TABLE note (id INTEGER PRIMARY KEY, title VARCHAR(5), amount DECIMAL(6,2), n BIGINT)");
    run(c, "INSERT INTO note VALUES (1, 'ab', 1.25, 10)");
    long misses = session.planCacheMisses();
    long compiled = CellarPrepare.compiledClasses();
    run(c, "INSERT INTO note VALUES (2, 'cd', 2.5, -20)", "INSERT INTO note VALUES (3, 'it''s', 0, 30)",
        "INSERT INTO note VALUES (4, '', 9999.99, 40)");
    assertEquals(misses + 3, session.planCacheMisses(), "each new text misses once, its shape hits");
    assertEquals(compiled, CellarPrepare.compiledClasses(), "no class compiled for a known shape");
    // values that do not hold exactly in their column keep their literals, and their errors
    Sql.assertFails(c, "22001", "INSERT INTO note VALUES (5, 'abcdef', 1, 1)", "column TITLE", "VARCHAR(5)");
    Sql.assertFails(c, "22003", "INSERT INTO note VALUES (6, 'x', 12345.5, 1)");
    run(c, "INSERT INTO note VALUES (7, 'pad ', 1.005, 2.0)", "INSERT INTO note VALUES (8, NULL, NULL, NULL)");
    assertRows(c, "SELECT id, title, amount, n FROM note ORDER BY id", "1, ab, 1.25, 10", "2, cd, 2.50, -20",
        "3, it's, 0.00, 30", "4, , 9999.99, 40", "7, pad , 1.01, 2", "8, null, null, null");
  }
}
