package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Plans the reliability suites once got wrong: an order claimed for an expression of a key column
 * that is ordered only among rows of equal leading columns; key-lookup joins whose inner side, a
 * MULTI-GET of the outer rows' values, was taken below a hash join that hands it none; and
 * planning failures that left the driver as something other than an SQLException.
 */
class JoinPlansTest {
  private Connection c;

  @BeforeEach
  void open() throws Exception {
    c = Sql.connect(Sql.freshMem());
  }

  @AfterEach
  void close() throws Exception {
    c.close();
  }

  /** Rows of DK come in the order (K DESC, N): N is in order only among rows of one K. */
  private void keyDescThenN() throws SQLException {
    run(c, "CREATE TABLE dk (k VARCHAR NOT NULL, n INTEGER NOT NULL, t VARCHAR, x INTEGER, "
            + "CONSTRAINT pk PRIMARY KEY (k DESC, n))",
        "INSERT INTO dk VALUES ('b', 3, 'x', 30), ('a', -1, 'y', 10), ('a', 6, 'z', 20), ('c', 7, 'w', 5), "
            + "('c', 1, NULL, 40)");
  }

  /**
   * The NULLS FIRST or LAST of each ORDER BY is the one Calcite gives an ordered expression by
   * default: the order it claimed for the expression was taken for the one asked.
   */
  @Test
  void anExpressionOfAKeyColumnAfterTheFirstIsSorted() throws Exception {
    keyDescThenN();
    // the scan's order is c 1, c 7, b 3, a -1, a 6: -N in it is -1, -7, -3, 1, -6
    assertRows(c, "SELECT -n AS c1 FROM dk WHERE t IS NOT NULL ORDER BY c1 DESC NULLS FIRST", "1", "-3", "-6", "-7");
    assertRows(c, "SELECT -n AS c1 FROM dk ORDER BY c1 DESC NULLS FIRST", "1", "-1", "-3", "-6", "-7");
    assertRows(c, "SELECT -n AS c1 FROM dk ORDER BY c1 NULLS LAST", "-7", "-6", "-3", "-1", "1");
    assertRows(c, "SELECT n + 1 AS c1 FROM dk ORDER BY c1 NULLS LAST", "0", "2", "4", "7", "8");
    assertRows(c, "SELECT n - 1 AS c1 FROM dk WHERE t IS NOT NULL ORDER BY c1 DESC NULLS FIRST", "6", "5", "2", "-2");
    assertRows(c, "SELECT CAST(n AS BIGINT) AS c1 FROM dk ORDER BY c1 DESC NULLS FIRST", "7", "6", "3", "1", "-1");
    assertRows(c, "SELECT FLOOR(n) AS c1 FROM dk ORDER BY c1 NULLS LAST", "-1", "1", "3", "6", "7");
    assertRows(c, "SELECT -n AS c1, k FROM dk ORDER BY c1", "-7, c", "-6, a", "-3, b", "-1, c", "1, a");
    // within one K, N is in order: the answer is the same either way
    assertRows(c, "SELECT -n AS c1 FROM dk WHERE k = 'a' ORDER BY c1", "-6", "1");
    // the key's own order still needs no sort
    assertFalse(plan("SELECT k, n FROM dk ORDER BY k DESC, n").contains("Sort"));
    assertRows(c, "SELECT k, n FROM dk ORDER BY k DESC, n", "c, 1", "c, 7", "b, 3", "a, -1", "a, 6");
  }

  @Test
  void anExpressionOfASecondKeyColumnIsSortedOverDescendingSaltedAndIndexReads() throws Exception {
    run(c, "CREATE TABLE dd (k INTEGER NOT NULL, n INTEGER NOT NULL, v INTEGER, CONSTRAINT pk PRIMARY KEY (k DESC, n DESC))",
        "INSERT INTO dd VALUES (1, 5, 1), (1, 2, 2), (2, 9, 3), (3, 1, 4)",
        "CREATE TABLE st (k INTEGER NOT NULL, n INTEGER NOT NULL, v INTEGER, CONSTRAINT pk PRIMARY KEY (k, n)) "
            + "SALT_BUCKETS=3",
        "INSERT INTO st VALUES (1, 5, 1), (1, 2, 2), (2, 9, 3), (3, 1, 4), (4, 7, 5)",
        "CREATE TABLE ix (id INTEGER NOT NULL PRIMARY KEY, g INTEGER, w INTEGER)",
        "CREATE INDEX ix_gw ON ix (g, w)",
        "INSERT INTO ix VALUES (1, 1, 8), (2, 1, 3), (3, 2, 5), (4, 2, 1), (5, 3, 4)");
    assertRows(c, "SELECT -n AS c1 FROM dd ORDER BY c1 NULLS LAST", "-9", "-5", "-2", "-1");
    assertRows(c, "SELECT n + 1 AS c1 FROM dd ORDER BY c1 DESC NULLS FIRST", "10", "6", "3", "2");
    assertRows(c, "SELECT -n AS c1 FROM st ORDER BY c1 DESC NULLS FIRST", "-1", "-2", "-5", "-7", "-9");
    assertRows(c, "SELECT CAST(n AS BIGINT) AS c1 FROM st ORDER BY c1 NULLS LAST", "1", "2", "5", "7", "9");
    // the index (g, w) read in its order: w is in order only among entries of one g
    assertRows(c, "SELECT -w AS c1 FROM ix WHERE g > 0 ORDER BY c1 DESC NULLS FIRST", "-1", "-3", "-4", "-5", "-8");
    assertRows(c, "SELECT w + 1 AS c1 FROM ix WHERE g > 0 ORDER BY c1 NULLS LAST", "2", "4", "5", "6", "9");
  }

  /** Who is whose fan: U1 and U2 are each other's. */
  private void fans() throws SQLException {
    run(c, "CREATE TABLE user_fans (user_id VARCHAR NOT NULL, fans_id VARCHAR NOT NULL, fans.type VARCHAR, "
            + "CONSTRAINT pk PRIMARY KEY (user_id, fans_id))",
        "INSERT INTO user_fans VALUES ('U1', 'U2', 'friend'), ('U1', 'U3', 'follower'), ('U2', 'U1', 'friend'), "
            + "('U3', 'U4', 'friend')");
  }

  @Test
  void aSelfJoinOnTheKeySwappedKeepsItsLookupsBelowTheLookupJoin() throws Exception {
    fans();
    String mutual = "FROM user_fans a JOIN user_fans b ON a.user_id = b.fans_id AND a.fans_id = b.user_id";
    // only a's columns: b unique on the join keys makes the join a semi-join
    assertRows(c, "SELECT a.user_id, a.fans_id " + mutual + " WHERE a.user_id = 'U1'", "U1, U2");
    assertRows(c, "SELECT a.fans_id " + mutual + " WHERE a.user_id = 'U2'", "U1");
    assertRows(c, "SELECT a.user_id, a.fans_id " + mutual + " WHERE a.user_id < a.fans_id ORDER BY a.user_id",
        "U1, U2");
    assertRows(c, "SELECT a.user_id, b.type " + mutual + " WHERE a.type = 'friend' ORDER BY a.user_id",
        "U1, friend", "U2, friend");
    // the lookup join itself still reads b by key
    String plan = plan("SELECT * " + mutual + " WHERE a.type = 'friend'");
    assertTrue(plan.contains("EnumerableBatchNestedLoopJoin") && plan.contains("MULTI-GET"), plan);
  }

  /**
   * {@code IN (SELECT key ...)} and joins reading one side's columns only: semi-joins, or joins
   * whose key side is read by the outer rows' values; the same rows as H2 gives.
   */
  @Test
  void anInSubQueryOrAJoinOverAKeyAnswersAsH2Does() throws Exception {
    List<String> schema = List.of(
        "CREATE TABLE ck (a INTEGER NOT NULL, b VARCHAR(12) NOT NULL, v INTEGER, s VARCHAR(12), "
            + "CONSTRAINT pk_ck PRIMARY KEY (a, b))",
        "CREATE INDEX ck_v ON ck (v)",
        "CREATE TABLE sl (id INTEGER NOT NULL, grp INTEGER, amt BIGINT, CONSTRAINT pk_sl PRIMARY KEY (id))",
        "CREATE TABLE dk (k VARCHAR(12) NOT NULL, n INTEGER NOT NULL, x INTEGER, CONSTRAINT pk_dk PRIMARY KEY (k, n))",
        "INSERT INTO ck VALUES (1, 'a', 1, 'x'), (2, 'b', 2, 'y'), (3, 'c', 3, NULL), (-1, 'a', 4, 'a'), "
            + "(7, 'd', NULL, 'q')",
        "INSERT INTO sl VALUES (0, 1, 5), (1, 2, 6), (2, 1, 7), (3, 3, -5), (4, NULL, 0)",
        "INSERT INTO dk VALUES ('a', 1, 1), ('b', 2, 3), ('c', 3, 5), ('c', 4, NULL)");
    List<String> cellarDdl = List.of(
        schema.get(0), schema.get(1), schema.get(2) + " SALT_BUCKETS=3",
        schema.get(3).replace("PRIMARY KEY (k, n)", "PRIMARY KEY (k DESC, n)"), schema.get(4), schema.get(5),
        schema.get(6));
    List<String> queries = List.of(
        "SELECT ck.a, ck.s FROM ck WHERE ck.a IN (SELECT sl.id FROM sl) AND ck.v > 1 ORDER BY ck.a",
        "SELECT ck.a, ck.s FROM ck WHERE ck.v IN (SELECT sl.id FROM sl) AND ck.a > 1 ORDER BY ck.a",
        "SELECT dk.n FROM dk WHERE dk.n IN (SELECT sl.id FROM sl) AND dk.k = 'a' ORDER BY dk.n",
        "SELECT dk.n, dk.x FROM dk WHERE dk.x IN (SELECT sl.id FROM sl) AND dk.k > 'a' ORDER BY dk.n",
        "SELECT sl.id FROM sl WHERE sl.grp IN (SELECT sl.id FROM sl) AND sl.amt > 0 ORDER BY sl.id",
        "SELECT ck.a FROM ck WHERE ck.a IN (SELECT sl.id FROM sl WHERE sl.amt > 0) OR ck.v = 4 ORDER BY ck.a",
        "SELECT ck.a FROM ck WHERE ck.v NOT IN (SELECT sl.id FROM sl WHERE sl.grp = 1) ORDER BY ck.a",
        // a join reading only one side's columns, the other side unique on the join key: a semi-join
        "SELECT x.a, COUNT(*) FROM ck x JOIN sl y ON x.v = y.id WHERE x.v <> -4 GROUP BY x.a ORDER BY x.a",
        "SELECT x.n FROM dk x JOIN sl y ON x.x = y.id ORDER BY x.n");
    try (Connection h2 = DriverManager.getConnection("jdbc:h2:mem:joinplans")) {
      run(h2, schema.toArray(String[]::new));
      run(c, cellarDdl.toArray(String[]::new));
      for (String q : queries) {
        assertEquals(Sql.strings(h2, q), Sql.strings(c, q), q);
      }
    }
  }

  /**
   * A planning failure of Calcite's that ends in an assertion (scalar sub-queries nested in
   * each other, inside an aggregate) is an SQLException like any other, not an {@code Error}
   * out of {@code executeQuery}.
   */
  @Test
  void aPlanningAssertionIsAnSqlException() throws Exception {
    fans();
    String sql = "SELECT type, COUNT(DISTINCT (SELECT (SELECT (SELECT fans_id)))), MAX(user_id) FROM user_fans "
        + "GROUP BY type";
    try (Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery(sql)) {
        while (rs.next()) {
          assertTrue(rs.getInt(2) > 0);
        }
      } catch (SQLException e) {
        assertEquals(5, e.getSQLState().length(), e::getMessage);
      }
    }
    // the connection is still usable
    assertRows(c, "SELECT COUNT(*) FROM user_fans", "4");
  }

  private String plan(String sql) throws SQLException {
    return String.join("\n", Sql.strings(c, "EXPLAIN " + sql));
  }
}
