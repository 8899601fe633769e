package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.sql.prepare.CellarSession;
import dev.cellar.sql.schema.CellarSchema;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import org.apache.calcite.jdbc.CalciteConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What Calcite's engine offers, over Cellar tables: the seed schemas of shops, items and sales. */
class QueryTest {
  private static Connection c;

  @BeforeAll
  static void load() throws Exception {
    c = Sql.connect(Sql.freshMem());
    run(c, "CREATE TABLE shop (shop_id VARCHAR PRIMARY KEY, info.name VARCHAR, info.address VARCHAR, info.regdate DATE)",
        "CREATE TABLE item (item_id INTEGER PRIMARY KEY, info.name VARCHAR, info.price DECIMAL(8,2), info.title VARCHAR)",
        "CREATE TABLE shop_item (shop_id VARCHAR NOT NULL, item_id INTEGER NOT NULL, type VARCHAR, "
            + "CONSTRAINT pk PRIMARY KEY (shop_id, item_id))",
        "CREATE TABLE sale (user_id INTEGER NOT NULL, ts TIMESTAMP NOT NULL, product_id INTEGER NOT NULL, "
            + "name.qty INTEGER, CONSTRAINT pk PRIMARY KEY (user_id, ts DESC, product_id))",
        "INSERT INTO shop VALUES ('s1', 'north', 'a st', DATE '2020-01-01'), ('s2', 'south', 'b st', DATE '2021-06-01'),"
            + " ('s3', 'empty', NULL, NULL)",
        "INSERT INTO item VALUES (1, 'pen', 1.50, 'Pen'), (2, 'ink', 4.00, 'Ink'), (3, 'pad', 2.25, 'Pad'), "
            + "(4, 'bag', 30.00, 'Bag')",
        "INSERT INTO shop_item VALUES ('s1', 1, 'new'), ('s1', 2, 'old'), ('s2', 1, 'new'), ('s2', 3, 'new'), "
            + "('s2', 4, 'sale')",
        "INSERT INTO sale VALUES (1, TIMESTAMP '2024-01-01 10:00:00', 1, 2), (1, TIMESTAMP '2024-01-03 09:00:00', 3, 1), "
            + "(1, TIMESTAMP '2024-01-02 08:00:00', 2, 5), (2, TIMESTAMP '2024-01-01 12:00:00', 4, 1)");
  }

  @AfterAll
  static void close() throws Exception {
    c.close();
  }

  @Test
  void joinsAndAggregates() throws Exception {
    assertRows(c, "SELECT s.name, COUNT(*), SUM(i.price) FROM shop s JOIN shop_item si ON s.shop_id = si.shop_id "
        + "JOIN item i ON i.item_id = si.item_id GROUP BY s.name ORDER BY s.name", "north, 2, 5.50", "south, 3, 33.75");
    assertRows(c, "SELECT s.shop_id, COUNT(si.item_id) FROM shop s LEFT JOIN shop_item si ON s.shop_id = si.shop_id "
        + "GROUP BY s.shop_id HAVING COUNT(si.item_id) < 3 ORDER BY 1", "s1, 2", "s3, 0");
    assertRows(c, "SELECT type, COUNT(DISTINCT shop_id), MAX(item_id) FROM shop_item GROUP BY type ORDER BY type",
        "new, 2, 3", "old, 1, 2", "sale, 1, 4");
  }

  @Test
  void subqueriesAndSetOperations() throws Exception {
    assertRows(c, "SELECT name FROM item WHERE item_id IN (SELECT item_id FROM shop_item WHERE shop_id = 's2') "
        + "AND price > (SELECT AVG(price) FROM item WHERE item_id < 4) ORDER BY name", "bag");
    assertRows(c, "SELECT name FROM shop s WHERE NOT EXISTS (SELECT 1 FROM shop_item si WHERE si.shop_id = s.shop_id)",
        "empty");
    assertRows(c, "SELECT item_id FROM shop_item WHERE shop_id = 's1' UNION SELECT item_id FROM shop_item "
        + "WHERE shop_id = 's2' ORDER BY 1", "1", "2", "3", "4");
    assertRows(c, "SELECT item_id FROM shop_item WHERE shop_id = 's1' INTERSECT SELECT item_id FROM shop_item "
        + "WHERE shop_id = 's2'", "1");
    assertRows(c, "SELECT item_id FROM item EXCEPT SELECT item_id FROM shop_item ORDER BY 1");
    assertRows(c, "SELECT COUNT(*) FROM (SELECT shop_id FROM shop_item UNION ALL SELECT shop_id FROM shop)", "8");
  }

  /**
   * An IN of a nullable column over a sub-query without rows is false, so the other side of an
   * OR still selects.
   */
  @Test
  void inSubqueryWithoutRowsUnderOr() throws Exception {
    assertRows(c, "SELECT name FROM item WHERE price > 3 OR name IN (SELECT type FROM shop_item WHERE 1 = 0) "
        + "ORDER BY name", "bag", "ink");
    assertRows(c, "SELECT name FROM item WHERE price > 3 OR price IN (SELECT price FROM item "
        + "WHERE title IS NULL AND title = 'Pen') ORDER BY name", "bag", "ink");
    assertRows(c, "SELECT name FROM item WHERE price > 3 OR (price < 2 AND name IN (SELECT type FROM shop_item "
        + "WHERE type = 'none')) ORDER BY name", "bag", "ink");
    assertRows(c, "SELECT name FROM item WHERE price > 3 OR name NOT IN (SELECT type FROM shop_item WHERE 1 = 0) "
        + "ORDER BY name", "bag", "ink", "pad", "pen");
    assertRows(c, "SELECT name FROM item WHERE price > 3 OR price IN (SELECT price FROM item WHERE item_id = 3) "
        + "ORDER BY name", "bag", "ink", "pad");
    assertRows(c, "SELECT name FROM item WHERE price IN (SELECT price FROM item WHERE 1 = 0)");
    assertRows(c, "SELECT COUNT(*) FROM item i CROSS JOIN (SELECT COUNT(*) AS n FROM shop_item WHERE 1 = 0) t", "4");
  }

  /**
   * SUM of TINYINT, SMALLINT and INTEGER is a BIGINT: the sums of small columns do not overflow;
   * their AVG is a DECIMAL with 6 decimal places, computed from that sum.
   */
  @Test
  void sumsOfSmallIntegersAreBigints() throws Exception {
    run(c, "CREATE TABLE small (id INTEGER PRIMARY KEY, v.a TINYINT, v.b SMALLINT, v.c INTEGER)",
        "INSERT INTO small VALUES (1, 100, 30000, 2000000000), (2, 101, 30001, 2000000001), (3, NULL, NULL, NULL)");
    try {
      // the store's aggregate, Calcite's grouped one and a window agree
      assertRows(c, "SELECT SUM(a), SUM(b), SUM(c), AVG(a), AVG(b), AVG(c) FROM small",
          "201, 60001, 4000000001, 100.500000, 30000.500000, 2000000000.500000");
      assertRows(c, "SELECT SUM(a), SUM(c), AVG(c), COUNT(*) FROM small GROUP BY id > 1 ORDER BY 1",
          "100, 2000000000, 2000000000.000000, 1", "101, 2000000001, 2000000001.000000, 2");
      assertRows(c, "SELECT SUM(c) FROM small GROUP BY a IS NULL ORDER BY 1", "null", "4000000001");
      assertRows(c, "SELECT SUM(a) OVER (ORDER BY id), AVG(c) OVER () FROM small WHERE id < 3",
          "100, 2000000000.500000", "201, 2000000000.500000");
      assertRows(c, "SELECT AVG(a - 201) FROM small", "-100.500000");
      try (ResultSet rs = c.createStatement().executeQuery("SELECT SUM(a), AVG(b) FROM small")) {
        assertEquals(java.sql.Types.BIGINT, rs.getMetaData().getColumnType(1));
        assertEquals(java.sql.Types.DECIMAL, rs.getMetaData().getColumnType(2));
      }
    } finally {
      run(c, "DROP TABLE small");
    }
  }

  /**
   * Expressions that are NULL whatever the row ({@code 39 + -CAST(NULL AS INTEGER)},
   * {@code i / CAST(NULL AS INTEGER)}) and comparisons with them are NULL, under DISTINCT, grouping,
   * ordering and in sub-queries too.
   */
  @Test
  void expressionsThatAreAlwaysNull() throws Exception {
    run(c, "CREATE TABLE nums (id INTEGER PRIMARY KEY, v.d DOUBLE, v.i INTEGER)",
        "INSERT INTO nums VALUES (1, 2.5, 1), (2, 4.0, 2), (3, NULL, 3)");
    try {
      assertRows(c, "SELECT DISTINCT + i FROM nums WHERE NOT + 39 + - CAST(NULL AS INTEGER) NOT IN (+ d / - i)");
      assertRows(c, "SELECT DISTINCT i FROM nums WHERE 39 + - CAST(NULL AS INTEGER) <> d / - i");
      assertRows(c, "SELECT DISTINCT i FROM nums WHERE (39 + - CAST(NULL AS INTEGER) = d / - i) IS NULL ORDER BY i",
          "1", "2", "3");
      assertRows(c, "SELECT i, COUNT(*) FROM nums WHERE CAST(NULL AS INTEGER) + 1 < d * 2 OR i > 1 GROUP BY i ORDER BY i",
          "2, 1", "3, 1");
      assertRows(c, "SELECT id FROM nums WHERE id IN (SELECT DISTINCT i FROM nums "
          + "WHERE NOT 39 + - CAST(NULL AS INTEGER) >= d / - i OR d > 3) ORDER BY id", "2");
      assertRows(c, "SELECT id, CAST(NULL AS INTEGER) - 1 > d FROM nums WHERE id = 1", "1, null");
      assertRows(c, "SELECT id, - 3 / + i / + CAST(NULL AS INTEGER) * d AS x FROM nums WHERE - i + - d >= -7 ORDER BY id",
          "1, null", "2, null");
      assertRows(c, "SELECT id FROM nums ORDER BY i / CAST(NULL AS INTEGER) * d, id DESC", "3", "2", "1");
      assertRows(c, "SELECT COALESCE(i / CAST(NULL AS INTEGER), NULL + 1, id * 10) FROM nums ORDER BY 1", "10", "20", "30");
    } finally {
      run(c, "DROP TABLE nums");
    }
  }

  /** Decimal literals in a VALUES column of DOUBLE, FLOAT or REAL that also holds a NULL. */
  @Test
  void decimalLiteralsBesideNullsInApproximateColumns() throws Exception {
    run(c, "CREATE TABLE approx (id INTEGER PRIMARY KEY, v.d DOUBLE, v.f FLOAT, v.r REAL)",
        "INSERT INTO approx (id, d, f) VALUES (1, 2.5, 0.1), (2, NULL, NULL)",
        "INSERT INTO approx (id, r) VALUES (3, 1.25), (4, NULL)",
        "INSERT INTO approx VALUES (5, 3, -7.75, 1E3), (6, NULL, -0.5, NULL)");
    try {
      assertRows(c, "SELECT id, d, f, r FROM approx ORDER BY id",
          "1, 2.5, 0.1, null", "2, null, null, null", "3, null, null, 1.25", "4, null, null, null",
          "5, 3.0, -7.75, 1000.0", "6, null, -0.5, null");
      assertRows(c, "SELECT x, y FROM (VALUES (0.5, 1), (NULL, 2), (CAST(1.5 AS DOUBLE), 3)) AS t (x, y) ORDER BY y",
          "0.5, 1", "null, 2", "1.5, 3");
    } finally {
      run(c, "DROP TABLE approx");
    }
  }

  /** A unary plus is its operand, text included (as in SQLite and MySQL), not a cast to a number. */
  @Test
  void unaryPlusIsItsOperand() throws Exception {
    assertRows(c, "SELECT + name FROM item WHERE + price > 3 ORDER BY + + name", "bag", "ink");
    assertRows(c, "SELECT - + price, + title IS NULL FROM item WHERE item_id = 2", "-4.00, false");
    assertRows(c, "SELECT COUNT(*) FROM shop WHERE NOT + address IS NULL", "2");
    try (java.sql.ResultSet rs = c.createStatement().executeQuery("SELECT + name, + price FROM item WHERE item_id = 2")) {
      assertEquals(java.sql.Types.VARCHAR, rs.getMetaData().getColumnType(1));
      assertEquals(java.sql.Types.DECIMAL, rs.getMetaData().getColumnType(2));
    }
  }

  @Test
  void windowsOrderLimitOffsetAndFunctions() throws Exception {
    assertRows(c, "SELECT user_id, product_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY ts DESC) FROM sale "
        + "ORDER BY user_id, 3", "1, 3, 1", "1, 2, 2", "1, 1, 3", "2, 4, 1");
    assertRows(c, "SELECT item_id, SUM(price) OVER (ORDER BY item_id ROWS UNBOUNDED PRECEDING) FROM item",
        "1, 1.50", "2, 5.50", "3, 7.75", "4, 37.75");
    assertRows(c, "SELECT name FROM item ORDER BY price DESC LIMIT 2", "bag", "ink");
    assertRows(c, "SELECT name FROM item ORDER BY item_id LIMIT 2 OFFSET 1", "ink", "pad");
    assertRows(c, "SELECT name FROM item ORDER BY item_id OFFSET 3 ROWS FETCH NEXT 5 ROWS ONLY", "bag");
    assertRows(c, "SELECT UPPER(name) || '-' || CAST(item_id AS VARCHAR), CHAR_LENGTH(title), ROUND(price * 1.1, 1), "
        + "COALESCE(NULL, title), CASE WHEN price > 3 THEN 'dear' ELSE 'cheap' END FROM item WHERE item_id = 2",
        "INK-2, 3, 4.4, Ink, dear");
    assertRows(c, "SELECT EXTRACT(YEAR FROM regdate), regdate + INTERVAL '1' DAY FROM shop WHERE shop_id = 's2'",
        "2021, 2021-06-02");
    assertRows(c, "SELECT SUBSTRING(address FROM 1 FOR 1), address LIKE '%st', address IS NULL FROM shop",
        "a, true, false", "b, true, false", "null, null, true");
    // NULLs sort first in ascending order (Phoenix, SQLite, H2)
    assertRows(c, "SELECT address FROM shop ORDER BY address", "null", "a st", "b st");
    assertRows(c, "SELECT address FROM shop ORDER BY address DESC", "b st", "a st", "null");
  }

  @Test
  void latestPurchasesFirstByTheKey() throws Exception {
    // the key (user_id, ts DESC, ...) returns a user's newest purchase first, no ORDER BY needed
    Check.check(c, "SELECT product_id, ts FROM sale WHERE user_id = 1")
        .explainContains("CellarTableScan(table=[[PUBLIC, SALE]], path=[PREFIX SCAN (USER_ID = 1)]")
        .returns("3, 2024-01-03 09:00:00.000", "2, 2024-01-02 08:00:00.000", "1, 2024-01-01 10:00:00.000");
  }

  @Test
  void preparedPlansAreCachedAndExplainShowsTheAccessPath() throws Exception {
    CellarSession session = c.unwrap(CalciteConnection.class).getRootSchema().getSubSchema("PUBLIC")
        .unwrap(CellarSchema.class).session();
    String sql = "SELECT name FROM item WHERE item_id = ?";
    long misses = session.planCacheMisses();
    for (int i = 1; i <= 4; i++) {
      try (PreparedStatement p = c.prepareStatement(sql)) {
        p.setInt(1, i);
        try (ResultSet rs = p.executeQuery()) {
          assertTrue(rs.next());
        }
      }
    }
    assertEquals(misses + 1, session.planCacheMisses());
    assertTrue(session.planCacheHits() >= 3);
    String plan = Sql.strings(c, "EXPLAIN PLAN FOR SELECT * FROM item").get(0);
    assertTrue(plan.contains("CellarTableScan(table=[[PUBLIC, ITEM]], path=[FULL SCAN])"),
        plan);
  }

  private static String labels(String sql) throws Exception {
    StringBuilder sb = new StringBuilder();
    try (ResultSet rs = c.createStatement().executeQuery(sql)) {
      java.sql.ResultSetMetaData m = rs.getMetaData();
      for (int i = 1; i <= m.getColumnCount(); i++) {
        sb.append(i > 1 ? " | " : "").append(m.getColumnLabel(i));
      }
    }
    return sb.toString();
  }

  /** An expression without an alias is labelled with its SQL text, as H2 does; aliases and names are unchanged. */
  @Test
  void expressionsAreLabelledWithTheirText() throws Exception {
    assertEquals("COUNT(*) | SUM(PRICE) | MAX(I.NAME) | COUNT(DISTINCT TITLE)",
        labels("SELECT count(*), sum(price), max(i.name), Count(Distinct title) FROM item i"));
    assertEquals("PRICE + 1 | UPPER(NAME) | N | NAME | ITEM_ID | 'x' | CAST(ITEM_ID AS VARCHAR(5))",
        labels("SELECT price+1, upper(name), name AS n, name, i.item_id, 'x', cast(item_id as varchar(5)) "
            + "FROM item i ORDER BY 1 LIMIT 1"));
    assertEquals("COUNT(*) | COUNT(*)", labels("SELECT COUNT(*), COUNT(*) FROM item"));
    try (ResultSet rs = c.createStatement().executeQuery("SELECT SUM(price) FROM item")) {
      assertEquals("SUM(PRICE)", rs.getMetaData().getColumnName(1));
    }
    assertEquals("ITEM_ID * 2", labels("SELECT item_id * 2 FROM item UNION SELECT item_id FROM item"));
    assertEquals("ROW_NUMBER() OVER (ORDER BY ITEM_ID)",
        labels("SELECT row_number() OVER (ORDER BY item_id) FROM item"));
    try (PreparedStatement p = c.prepareStatement("SELECT COUNT(*) + ? FROM item")) {
      p.setInt(1, 1);
      try (ResultSet rs = p.executeQuery()) {
        assertEquals("COUNT(*) + ?", rs.getMetaData().getColumnLabel(1));
        assertTrue(rs.next());
        assertEquals(5, rs.getLong("COUNT(*) + ?"));
      }
    }
    // inner names stay Calcite's: a sub-query's columns are read by them
    assertEquals("EXPR$0", labels("SELECT * FROM (SELECT COUNT(*) FROM item)"));
    assertRows(c, "SELECT \"EXPR$0\" * 2 FROM (SELECT COUNT(*) FROM item)", "8");
  }
}
