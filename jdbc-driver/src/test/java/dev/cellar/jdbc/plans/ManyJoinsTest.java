package dev.cellar.jdbc.plans;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Queries joining many tables, whose join order is chosen heuristically (left-deep by estimated
 * size from four joins on, greedily by pairs from fifteen): each answers as H2 does on the same
 * rows, including where outer joins and decorrelated sub-queries take part.
 */
class ManyJoinsTest {
  private static final int TABLES = 24;
  private static final int ROWS = 12;
  private static Connection cellar;
  private static Connection h2;

  @BeforeAll
  static void load() throws SQLException {
    cellar = DriverManager.getConnection("jdbc:cellar:mem:manyjoins;shutdown=true");
    h2 = DriverManager.getConnection("jdbc:h2:mem:manyjoins");
    Random r = new Random(20261127L);
    for (int t = 1; t <= TABLES; t++) {
      StringJoiner rows = new StringJoiner(", ");
      for (int k = 0; k < ROWS; k++) {
        rows.add("(" + k + ", " + r.nextInt(ROWS) + ", " + r.nextInt(5) + ")");
      }
      for (Connection c : List.of(cellar, h2)) {
        try (Statement s = c.createStatement()) {
          s.execute("CREATE TABLE t" + t + " (k INTEGER PRIMARY KEY, v INTEGER, n INTEGER)");
          s.execute("INSERT INTO t" + t + " VALUES " + rows);
        }
      }
    }
  }

  @AfterAll
  static void close() throws SQLException {
    cellar.close();
    h2.close();
  }

  /** {@code tables} tables joined in a chain, {@code ti.v = t(i+1).k}, listed in a shuffled order. */
  private static String chain(int tables, String extraWhere) {
    List<String> from = new ArrayList<>();
    StringJoiner where = new StringJoiner(" AND ");
    for (int t = 1; t <= tables; t++) {
      from.add("t" + t);
      if (t < tables) {
        where.add("t" + t + ".v = t" + (t + 1) + ".k");
      }
    }
    java.util.Collections.shuffle(from, new Random(tables));
    return "SELECT t1.k, t" + tables + ".n, t" + (tables / 2) + ".v FROM " + String.join(", ", from) + " WHERE "
        + where + extraWhere + " ORDER BY 1, 2, 3";
  }

  private static List<String> rows(Connection c, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringJoiner row = new StringJoiner("|");
        for (int i = 1; i <= n; i++) {
          row.add(String.valueOf(rs.getObject(i)));
        }
        out.add(row.toString());
      }
    }
    return out;
  }

  private static void sameAsH2(String sql) throws SQLException {
    List<String> expected = rows(h2, sql);
    assertEquals(expected, rows(cellar, sql), sql);
  }

  @Test
  void chainsOfInnerJoinsAnswerAsH2() throws SQLException {
    for (int tables : new int[] {5, 12, 16, 24}) {
      sameAsH2(chain(tables, ""));
      sameAsH2(chain(tables, " AND t3.n < 3"));
    }
    assertFalse(rows(h2, chain(24, "")).isEmpty(), "the chain of 24 joins finds rows");
  }

  @Test
  void manyJoinsBesideAnOuterJoinAnswerAsH2() throws SQLException {
    String inner = chain(18, "");
    String sql = "SELECT c.k, x.n FROM (" + inner.substring(0, inner.indexOf(" ORDER BY")) + ") c(k, n, v) "
        + "LEFT JOIN t20 x ON x.k = c.v + 3 ORDER BY 1, 2";
    sameAsH2(sql);
  }

  @Test
  void manyJoinsWithCorrelatedSubQueriesAnswerAsH2() throws SQLException {
    String sql = "SELECT t1.k, (SELECT COUNT(*) FROM t2 x WHERE x.v < t1.v), "
        + "CASE WHEN t1.n > (SELECT AVG(n) FROM t3) THEN t1.k * 2 ELSE t1.v * 10 END, "
        + "(SELECT COUNT(*) FROM t4 x WHERE x.n > t1.n AND x.v < t1.v) FROM t1 "
        + "WHERE t1.k > t1.v OR t1.n >= 2 ORDER BY 1, 2, 3, 4";
    sameAsH2(sql);
  }
}
