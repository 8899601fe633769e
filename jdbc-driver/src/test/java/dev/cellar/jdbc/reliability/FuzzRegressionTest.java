package dev.cellar.jdbc.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.StringJoiner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Statements the reliability suites found ending in XX000, a Java class name or no answer: each
 * now answers, or fails with the SQLState of its error and a message saying what is wrong.
 */
class FuzzRegressionTest {
  private Connection c;

  @BeforeEach
  void open() throws Exception {
    c = DriverManager.getConnection("jdbc:cellar:mem:fuzzregression;shutdown=true");
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER, s VARCHAR)");
      s.execute("INSERT INTO t VALUES (1, 10, 'a'), (2, 20, 'b'), (3, 30, NULL)");
    }
  }

  @AfterEach
  void close() throws Exception {
    c.close();
  }

  private static String values(int n) {
    StringJoiner j = new StringJoiner(", ");
    for (int i = 0; i < n; i++) {
      j.add(Integer.toString(i * 10));
    }
    return j.toString();
  }

  private static String keys(int n) {
    StringJoiner j = new StringJoiner(", ");
    for (int i = 1; i <= n; i++) {
      j.add(Integer.toString(i));
    }
    return j.toString();
  }

  /** The first column of each row of {@code sql}, as strings. */
  private java.util.List<String> column(String sql) throws SQLException {
    java.util.List<String> out = new java.util.ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  @Test
  void aKeyEqualToAConstantSubQueryIsNoLookupJoin() throws Exception {
    // a join with one constant row was batched, and the planner then left the batch's
    // correlation variables in a scan outside the join: "Unable to implement" (XX000)
    assertEquals(java.util.List.of("a"), column("SELECT s FROM t WHERE id = (SELECT 1)"));
    assertEquals(java.util.List.of("a"), column("SELECT s FROM t WHERE id = (SELECT (SELECT (SELECT 1)))"));
    assertEquals(java.util.List.of("b"), column("SELECT s FROM t WHERE id IN (SELECT 2)"));
    assertEquals(java.util.List.of("b"), column("SELECT t.s FROM t JOIN (VALUES 2) v(k) ON t.id = v.k"));
    assertEquals(java.util.List.of("a", "b"),
        column("SELECT t.s FROM t JOIN (VALUES 1, 2) v(k) ON t.id = v.k ORDER BY t.id"));
    try (Statement s = c.createStatement()) {
      assertEquals(1, s.executeUpdate("UPDATE t SET s = 'z' WHERE id = (SELECT (SELECT (SELECT (SELECT 3))))"));
    }
    assertEquals(java.util.List.of("z"), column("SELECT s FROM t WHERE id = 3"));
  }

  @Test
  void aNestedScalarSubQueryInAnOrderByIsItsValue() throws Exception {
    // (SELECT (SELECT v)) in ORDER BY reached Calcite's correlate code unrewritten:
    // "Correlation variable $cor0 should be defined" (XX000)
    assertEquals(java.util.Arrays.asList(null, "b", "a"), column("SELECT s FROM t ORDER BY (SELECT (SELECT -v)), id"));
    assertEquals(java.util.List.of("b", "a"),
        column("SELECT s FROM t WHERE v < 30 ORDER BY (SELECT (SELECT (SELECT (SELECT v)))) DESC"));
  }

  @Test
  void aNestedScalarSubQueryInAGroupByIsItsValue() throws Exception {
    // (SELECT (SELECT v)) in GROUP BY: "Correlation variable $cor0 should be defined" (XX000)
    assertEquals(java.util.List.of("1", "1", "1"),
        column("SELECT COUNT(*) FROM t GROUP BY (SELECT (SELECT (SELECT v))) ORDER BY 1"));
  }

  @Test
  void aScalarSubQueryTestedByInIsItsValue() throws Exception {
    // (SELECT v) or (SELECT (SELECT v)) left of IN: "Correlation variable $cor0 should be defined"
    // with a sub-query on the right, "Required columns {1} not subset of left columns {0}" under
    // COUNT(DISTINCT ...) (XX000)
    assertEquals(java.util.List.of("a", "b"), column("SELECT s FROM t WHERE (SELECT v) IN (SELECT v FROM t WHERE v < 30) "
        + "ORDER BY id"));
    assertEquals(java.util.List.of("2"), column("SELECT COUNT(DISTINCT (SELECT (SELECT (SELECT s))) IN ('a', 'z')) "
        + "FROM t"));
    assertEquals(java.util.List.of("3"), column("SELECT id FROM t WHERE (SELECT (SELECT v)) NOT IN (SELECT v FROM t "
        + "WHERE v < 30) ORDER BY id"));
  }

  @Test
  void numericFunctionsOfAnUntypedNullAreNull() throws Exception {
    // ABS(NULL), SIGN(NULL), ROUND(NULL), ROUND(1.5, NULL): "Unable to implement"; TRUNC(NULL): an assertion (XX000)
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT ABS(NULL), SIGN(NULL), ROUND(NULL), "
        + "ROUND(1.5, NULL), TRUNC(NULL), ABS(-3) FROM t WHERE id = 1")) {
      assertTrue(rs.next());
      for (int i = 1; i <= 5; i++) {
        assertEquals(null, rs.getString(i), "column " + i);
      }
      assertEquals(3, rs.getInt(6));
    }
  }

  @Test
  void aSubQueryAsATableFunctionsArgumentIsRefused() throws Exception {
    // the argument reached code generation: "Unable to implement" (XX000)
    fails("0A000", "SELECT kind FROM TABLE(CELLAR.DISCOVER((SELECT 't'), 10))",
        "the arguments of table function DISCOVER are values, not sub-queries (line 1, column 40)");
  }

  @Test
  void floorsUnitIsALiteralOrAParameter() throws Exception {
    // FLOOR(ts, -('DAY')) reached Calcite's FLOOR, which took the expression for a time unit:
    // ClassCastException (XX000)
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE f (id INTEGER PRIMARY KEY, ts TIMESTAMP)");
      s.execute("UPSERT INTO f VALUES (1, TIMESTAMP '2024-01-02 10:11:12')");
    }
    fails("42000", "SELECT FLOOR(ts, -('DAY')) FROM f", "FLOOR takes its time unit ('DAY', 'HOUR', ...) or its number "
        + "of places as a literal or a parameter, not - 'DAY' (line 1, column 18)");
    assertEquals(java.util.List.of("2024-01-02 00:00:00.000"), column("SELECT FLOOR(ts, 'DAY') FROM f"));
    assertEquals(java.util.List.of("2.5"), column("SELECT FLOOR(2.567, 1) FROM f"));
  }

  @Test
  void existsOfAColumnIsASyntaxError() throws Exception {
    // EXISTS v reached the conversion to a plan, which took v for a query: "not a query" (XX000)
    try (Statement s = c.createStatement()) {
      SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("SELECT v FROM t ORDER BY EXISTS v"));
      assertEquals("42000", e.getSQLState(), e::getMessage);
      assertTrue(e.getMessage().contains("EXISTS needs a sub-query in parentheses, not V, at line 1, column 26"),
          e::getMessage);
    }
  }

  @Test
  void aNumberForATextColumnOfAnUpsertOnDuplicateKeyIsItsText() throws Exception {
    // the rewritten UPSERT ... SELECT typed the VALUES' number apart from the column's text:
    // "Conversion to relational algebra failed to preserve datatypes" (XX000)
    try (Statement s = c.createStatement()) {
      assertEquals(1, s.executeUpdate("UPSERT INTO t VALUES (4, 40, 7) ON DUPLICATE KEY IGNORE"));
      assertEquals(0, s.executeUpdate("UPSERT INTO t VALUES (4, 41, 8) ON DUPLICATE KEY IGNORE"));
      assertEquals(1, s.executeUpdate("UPSERT INTO t (id, s) VALUES (5, 9) ON DUPLICATE KEY UPDATE s = 'u'"));
      SQLException e = assertThrows(SQLException.class,
          () -> s.executeUpdate("UPSERT INTO t VALUES (-999999999999999999999999999, 0, 1) ON DUPLICATE KEY IGNORE"));
      assertEquals("22003", e.getSQLState(), e::getMessage);
    }
    assertEquals(java.util.List.of("7", "9"), column("SELECT s FROM t WHERE id >= 4 ORDER BY id"));
  }

  @Test
  void anUpsertOnDuplicateKeyWithoutValuesIsASyntaxError() throws Exception {
    // its rows in parentheses, no VALUES before ON DUPLICATE KEY: "no VALUES before ON DUPLICATE KEY" (XX000)
    try (Statement s = c.createStatement()) {
      SQLException e = assertThrows(SQLException.class,
          () -> s.executeUpdate("UPSERT INTO t ( VALUES 'a' = 1 ) ON DUPLICATE KEY k , 'b'"));
      assertEquals("42000", e.getSQLState(), e::getMessage);
      assertTrue(e.getMessage().contains("needs its rows as VALUES (...) before ON DUPLICATE KEY"), e.getMessage());
    }
  }

  @Test
  void aCallOfANullOperandLeftByTheSimplifierIsNull() throws Exception {
    // 52 / CASE ... END simplified to 52 / NULL, unfolded: Calcite took it for a constant when
    // ordering the projection and asked it for a literal value (an assertion)
    assertEquals(java.util.Collections.singletonList(null), column("SELECT 52 / CASE 26 WHEN CASE 14 WHEN COUNT(*) THEN NULL"
        + " WHEN 86 THEN 62 END + 77 THEN 5 END * 6 + COUNT(*) FROM t"));
    assertEquals(java.util.List.of("3"), column("SELECT COUNT(*) FROM t WHERE v > 0 OR 52 / CAST(NULL AS INTEGER) > 1"));
  }

  @Test
  void anIndexKeyPastTheStoresLimitIsAValueTooLong() throws Exception {
    try (Statement s = c.createStatement()) {
      SQLException e = assertThrows(SQLException.class,
          () -> s.execute("CREATE INDEX t_x ON t ('" + "x".repeat(40_000) + "')"));
      assertEquals("22001", e.getSQLState(), e::getMessage);
      assertTrue(e.getMessage().contains("longer than the maximum"), e::getMessage);
    }
  }

  @Test
  void anIndexExpressionNestedTooDeepIsRefusedAndTheDatabaseReopens(@org.junit.jupiter.api.io.TempDir
      java.nio.file.Path dir) throws Exception {
    String url = "jdbc:cellar:file:" + dir.resolve("db") + ";shutdown=true";
    try (Connection d = DriverManager.getConnection(url); Statement s = d.createStatement()) {
      s.execute("CREATE TABLE p (k INTEGER PRIMARY KEY, w INTEGER)");
      SQLException e = assertThrows(SQLException.class,
          () -> s.execute("CREATE INDEX p_deep ON p (" + "-(".repeat(400) + "w" + ")".repeat(400) + ")"));
      assertEquals("54001", e.getSQLState(), e::getMessage);
      assertTrue(e.getMessage().startsWith("index P_DEEP: an expression nested 400 parentheses deep"), e::getMessage);
      s.execute("CREATE INDEX p_w ON p (" + "-(".repeat(101) + "w" + ")".repeat(101) + ")");
      s.execute("UPSERT INTO p VALUES (1, 5)");
    }
    // opened again, the index compiles as it did when it was made
    try (Connection d = DriverManager.getConnection(url); Statement s = d.createStatement();
        ResultSet rs = s.executeQuery("SELECT k, w FROM p")) {
      assertTrue(rs.next());
      assertEquals(5, rs.getInt(2));
    }
  }

  @Test
  void aMapValueOfAnotherTypeIsRefusedInSqlTerms() throws Exception {
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE shop (shop_id VARCHAR PRIMARY KEY, info.name VARCHAR, item MAP<VARCHAR, VARCHAR>)");
      for (String value : new String[] {"X'" + "0f".repeat(3000) + "'", "12", "TRUE"}) {
        SQLException e = assertThrows(SQLException.class,
            () -> s.execute("UPSERT INTO shop VALUES ('S4', 'New', MAP['K', " + value + "])"));
        assertEquals("22018", e.getSQLState(), e::getMessage);
        assertTrue(e.getMessage().startsWith("cannot store a") && e.getMessage().contains("in column ITEM")
            && e.getMessage().contains("its values are VARCHAR"), e::getMessage);
        assertFalse(e.getMessage().matches("(?s).*\\b(java|org)\\.[a-z]+\\..*"), e::getMessage);
        assertTrue(e.getMessage().length() < 400, e::getMessage);
      }
      s.execute("UPSERT INTO shop VALUES ('S4', 'New', MAP['K', 'v'])");
      assertEquals(java.util.List.of("S4"), column("SELECT shop_id FROM shop"));
    }
  }

  @Test
  void anInListTooLargeForTheGeneratedCodeIsAStatementTooComplex() throws Exception {
    try (Statement s = c.createStatement()) {
      // over a column outside the key, the list is a filter: interpreted, any length
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM t WHERE v IN (" + values(1000) + ")")) {
        assertTrue(rs.next());
        assertEquals(3, rs.getInt(1));
      }
      // under an expression the interpreter leaves to Calcite's generated Java: past 64 KB it cannot
      SQLException e = assertThrows(SQLException.class,
          () -> s.executeQuery("SELECT UPPER(s) FROM t WHERE v IN (" + values(1000) + ")").next());
      assertEquals("54001", e.getSQLState(), e.getMessage());
      assertTrue(e.getMessage().startsWith("statement too complex: the code generated for its expressions is too large"),
          e.getMessage());
      // over the key, any length: the keys are read one by one
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM t WHERE id IN (" + keys(1000) + ")")) {
        assertTrue(rs.next());
        assertEquals(3, rs.getInt(1));
      }
      // and the connection goes on
      try (ResultSet rs = s.executeQuery("SELECT v FROM t WHERE v IN (10, 30) ORDER BY v")) {
        assertTrue(rs.next());
        assertEquals(10, rs.getInt(1));
      }
    }
  }

  @Test
  void rowsMixingApproximateAndExactNumbersAreOfTheApproximateType() throws Exception {
    // INSERT ... VALUES (1, 1e-3), (2, 4.0) ended in XX000 (Calcite compared a DOUBLE with a DECIMAL)
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE nums (id INTEGER PRIMARY KEY, d DOUBLE, x DECIMAL(10, 3))");
      assertEquals(3, s.executeUpdate("INSERT INTO nums VALUES (1, 1e-3, 1e0), (2, 4.0, 2.5), (3, NULL, 3)"));
    }
    assertEquals(java.util.List.of("1|0.001|1.000", "2|4.0|2.500", "3|null|3.000"), rows("SELECT id, d, x FROM nums ORDER BY id"));
    assertEquals(java.util.List.of("1.5", "2.0", "10.0"), column("SELECT * FROM (VALUES (1.5), (1e1), (2)) AS r(x) ORDER BY x"));
  }

  @Test
  void rowCountsThatAreNotWholeNumbersAreRefused() {
    fails("2201W", "SELECT id FROM t LIMIT 1e0", "1E0", "not a whole number");
    fails("2201W", "SELECT id FROM t ORDER BY id FETCH FIRST 1.5 ROWS ONLY", "1.5");
    fails("2201X", "SELECT id FROM t ORDER BY id OFFSET 1e0 ROWS", "OFFSET");
  }

  @Test
  void aFunctionThatIsNoTableIsRefusedInFrom() {
    fails("42000", "SELECT SUM(v) FROM AVG(v), t", "AVG(...)", "cannot be read FROM");
    fails("42000", "SELECT * FROM t JOIN MAX(id) AS m ON true", "MAX(...)");
  }

  @Test
  void aSubQueryInAWindowFunctionIsRefused() {
    fails("0A000", "SELECT id, SUM((SELECT (SELECT v))) OVER (ORDER BY id) FROM t ORDER BY id", "window function");
    fails("0A000", "SELECT id, SUM((SELECT MAX(v) FROM t)) OVER (ORDER BY id) FROM t ORDER BY id", "window function");
  }

  @Test
  void anInListInTheOrderByOfAGroupedQueryOrders() throws Exception {
    // Calcite met the list there as a sub-query it had not registered: NullPointerException (XX000)
    assertEquals(java.util.List.of("20|1", "10|1", "30|1"),
        rows("SELECT v, COUNT(*) FROM t GROUP BY v ORDER BY v IN (20, 40) DESC, v"));
    assertEquals(java.util.List.of("a|1", "b|1"),
        rows("SELECT s, COUNT(*) FROM t WHERE s IS NOT NULL GROUP BY s ORDER BY CASE WHEN s NOT IN ('b', 'c') THEN 0 "
            + "ELSE 1 END"));
    // an aggregate without GROUP BY, ordered by its alias in a list (the long fuzz, seed 79850116482799)
    assertEquals(java.util.List.of("3"), column("SELECT COUNT(*) name FROM t ORDER BY name IN (1, 2, 3)"));
    assertEquals(java.util.List.of("0"), column("SELECT COUNT(*) name FROM t WHERE s > 'z' ORDER BY name IN (0, 1)"));
    // the fuzzer's own: a count compared with text is a bad number, not an internal error
    fails("22018", "SELECT COUNT(*) name FROM t WHERE s > 'z' ORDER BY name IN ('v0', 'v1')", "invalid number");
    // and a query without aggregates keeps its order
    assertEquals(java.util.List.of("2", "1", "3"), column("SELECT id FROM t ORDER BY v IN (20) DESC, id"));
  }

  @Test
  void onDuplicateKeyUpdateTypesItsValueAsTheColumn() throws Exception {
    // ON DUPLICATE KEY UPDATE n = 'a' (a string for a BIGINT) ended in Calcite's "failed to preserve datatypes"
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE counters (name VARCHAR PRIMARY KEY, n BIGINT)");
      s.execute("UPSERT INTO counters VALUES ('hits', 1)");
      s.execute("UPSERT INTO counters VALUES ('hits', 1) ON DUPLICATE KEY UPDATE n = '7'");
    }
    fails("22018", "UPSERT INTO counters VALUES ('hits', 1) ON DUPLICATE KEY UPDATE n = + 'a'", "'a' is not a number");
    assertEquals(java.util.List.of("hits|7"), rows("SELECT name, n FROM counters"));
  }

  /** The rows of {@code sql}, each its values joined by {@code |}. */
  private java.util.List<String> rows(String sql) throws SQLException {
    java.util.List<String> out = new java.util.ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringJoiner j = new StringJoiner("|");
        for (int i = 1; i <= n; i++) {
          j.add(String.valueOf(rs.getString(i)));
        }
        out.add(j.toString());
      }
    }
    return out;
  }

  private SQLException fails(String state, String sql, String... words) {
    SQLException e = assertThrows(SQLException.class, () -> {
      try (Statement s = c.createStatement()) {
        if (s.execute(sql)) {
          s.getResultSet().next();
        }
      }
    }, sql);
    assertEquals(state, e.getSQLState(), e.getMessage());
    for (String w : words) {
      assertTrue(e.getMessage().contains(w), () -> "'" + w + "' missing from: " + e.getMessage());
    }
    assertFalse(e.getMessage().matches("(?s).*(Exception|org\\.apache\\.).*"), e.getMessage());
    return e;
  }

  @Test
  void anUpdateSettingAColumnToAValueOfAnotherTypeNamesTheColumn() {
    // Calcite looked for the SET expression to blame at the column's position in the table
    fails("42000", "UPDATE t SET v = 0 = 1 WHERE id = 2", "'V'", "BOOLEAN");
    fails("42000", "UPDATE t SET v = TRUE WHERE id = 1", "'V'", "BOOLEAN");
  }

  @Test
  void aStringWithoutAUtf8FormComparedWithStoredValuesIsADataError() {
    fails("22000", "SELECT id FROM t WHERE s = '\uD800'", "unpaired surrogate");
    fails("22000", "UPDATE t SET v = 1 WHERE s = 'a\uDC00'", "unpaired surrogate");
  }

  @Test
  void aStatementOfAClosedConnectionIs08003() throws Exception {
    Connection other = DriverManager.getConnection("jdbc:cellar:mem:fuzzregression;shutdown=true");
    Statement s = other.createStatement();
    other.close();
    SQLException e = assertThrows(SQLException.class, () -> s.execute("SELECT 1"));
    assertEquals("08003", e.getSQLState(), e.getMessage());
  }

  @Test
  void aNullOrEmptyStatementIsASyntaxError() throws Exception {
    try (Statement s = c.createStatement()) {
      SQLException e = assertThrows(SQLException.class, () -> s.executeQuery(null));
      assertEquals("42000", e.getSQLState(), e.getMessage());
      assertTrue(e.getMessage().contains("no SQL statement"), e.getMessage());
      e = assertThrows(SQLException.class, () -> c.prepareStatement(null));
      assertEquals("42000", e.getSQLState(), e.getMessage());
      e = assertThrows(SQLException.class, () -> s.execute("  "));
      assertEquals("42000", e.getSQLState(), e.getMessage());
      assertTrue(e.getMessage().contains("the statement is empty"), e.getMessage());
    }
  }

  @Test
  void indexExpressionErrorsNameNoJavaClass() {
    fails("42000", "CREATE INDEX bad ON t (UPPER(nope))", "Column 'NOPE' not found");
  }

  @Test
  void unsupportedStatementsNameNoJavaClass() {
    fails("0A000", "TABLE t", "not supported: TABLE");
  }

  @Test
  void existsOfAParameterIsASyntaxError() {
    fails("42000", "SELECT v FROM t WHERE id = EXISTS ?", "EXISTS needs a sub-query in parentheses, not ?");
  }

  @Test
  void foldedCaseBranchesAnswerWithAssertionsOn() throws Exception {
    boolean assertions = false;
    assert assertions = true;
    assertTrue(assertions, "this test means something only in a JVM started with -ea");
    // random/expr statements whose CASE branches fold away under an aggregate: with -ea, Calcite's
    // self-checks failed them as internal errors ("Program is not normalized", strong policy)
    assertEquals(java.util.Arrays.asList((String) null), column("SELECT - 41 * + CASE COUNT ( * ) WHEN + 2 THEN "
        + "+ - 20 WHEN + - ( 33 ) THEN NULL WHEN - CAST ( NULL AS INTEGER ) THEN NULL END * + 70 + 0"));
    assertEquals(java.util.List.of("43"), column("SELECT 43 * + COUNT ( * ) + + COALESCE ( - CASE - 28 WHEN "
        + "CAST ( + 79 AS REAL ) / + COUNT ( * ) THEN 28 WHEN + + 54 THEN NULL WHEN - - 44 THEN NULL ELSE + 0 END, "
        + "- 77, - 3 * 56 + 26 * - 55 )"));
    assertEquals(java.util.List.of("-26"), column("SELECT - 27 - + COALESCE ( - - ( - CASE 58 WHEN + NULLIF ( + 93, "
        + "87 ) THEN - COALESCE ( 42, - 93 + 64 / 15 ) + 83 WHEN + CAST ( NULL AS INTEGER ) THEN NULL ELSE "
        + "CAST ( + COUNT ( * ) AS INTEGER ) END ), - 0 * + 13 )"));
    assertEquals(java.util.Arrays.asList((String) null), column("SELECT ALL 1 * CASE 1 WHEN 93 + 65 THEN "
        + "( COUNT ( * ) ) * COUNT ( * ) WHEN MAX ( - 83 ) * - MAX ( DISTINCT - 18 ) THEN 3 WHEN 51 THEN NULL "
        + "WHEN 15 THEN NULL ELSE NULL END * + 95 AS col2"));
    assertEquals(java.util.List.of("1"), column("SELECT COALESCE(-CASE -28 WHEN CAST(79 AS REAL) / COUNT(*) "
        + "THEN 28 WHEN 54 THEN NULL ELSE -1 END, -77) FROM t WHERE v > 100"));
  }

  @Test
  void anExpressionOrderedOrPagedIsASyntaxError() {
    // the parser takes "(5 OFFSET 2)" as a query; the validator then asserted on its literal (XX000)
    fails("42000", "SELECT ('a' OFFSET 2)", "ORDER BY, OFFSET and FETCH apply to a query, not to the expression 'a'");
    fails("42000", "UPSERT INTO t (id, v) VALUES (5 OFFSET 2, 1) ON DUPLICATE KEY IGNORE", "not to the expression 5");
  }

  @Test
  void anIndexOnASubQueryIsRefused() {
    // the index expression's compiler met a sub-query it has no input for: ClassCastException (XX000)
    fails("42000", "CREATE INDEX iv ON t ((SELECT (SELECT v)))", "index IV", "(SELECT (SELECT v)) holds a sub-query");
    fails("42000", "CREATE INDEX iv ON t (EXISTS (SELECT 1))", "holds a sub-query");
  }

  @Test
  void onDuplicateKeyWithTypedColumnsIsASyntaxError() {
    // "(id v)" reads as column id of type v: the rewrite took the table for a name (ClassCastException)
    fails("42000", "UPSERT INTO t (id v) VALUES (1, 3) ON DUPLICATE KEY IGNORE", "the column list names columns");
  }

  @Test
  void aNullOrNegativeRowCountParameterIsRefused() throws Exception {
    // a NULL OFFSET or LIMIT parameter failed as a NullPointerException (XX000); a negative one
    // skipped nothing or returned no rows
    String[][] cases = {{"SELECT id FROM t ORDER BY id OFFSET ? ROWS", "2201X", "OFFSET"},
        {"SELECT id FROM t ORDER BY id FETCH FIRST ? ROWS ONLY", "2201W", "LIMIT or FETCH"},
        {"SELECT id FROM t WHERE id NOT IN (5, 6) ORDER BY id LIMIT ?", "2201W", "LIMIT or FETCH"}};
    for (String[] k : cases) {
      try (java.sql.PreparedStatement p = c.prepareStatement(k[0])) {
        p.setNull(1, java.sql.Types.INTEGER);
        SQLException e = assertThrows(SQLException.class, p::executeQuery, k[0]);
        assertEquals(k[1], e.getSQLState(), e.getMessage());
        assertTrue(e.getMessage().contains("invalid row count null for " + k[2] + ": parameter 1"), e.getMessage());
        p.setInt(1, -1);
        e = assertThrows(SQLException.class, p::executeQuery, k[0]);
        assertEquals(k[1], e.getSQLState(), e.getMessage());
        p.setInt(1, 2);
        try (ResultSet rs = p.executeQuery()) {
          assertTrue(rs.next(), k[0]);
          assertEquals(k[1].equals("2201X") ? 3 : 1, rs.getInt(1), k[0]);
        }
      }
    }
  }

  @Test
  void aBooleanComparedWithAFractionalNumberIsRefused() throws Exception {
    // BOOLEAN casts to integer types only; against a DECIMAL or DOUBLE the cast was planned anyway
    // (an assertion with -ea, generated code that did not compile without)
    fails("42000", "SELECT TRUE = CAST(1.5 AS DOUBLE)", "Cannot apply '=' to arguments of type '<BOOLEAN> = <DOUBLE>'");
    fails("42000", "SELECT id FROM t WHERE (v IN (10, 20)) <> -('U')", "<BOOLEAN> <> <DECIMAL");
    assertEquals(java.util.List.of("1", "2"), column("SELECT id FROM t WHERE (v IN (10, 20)) = 1 ORDER BY id"));
  }

  @Test
  void aCaseWhoseTakenBranchIsNullIsNullBesideASubQuery() throws Exception {
    // the CASE folded to NULL only once the projection was built; the division over it was then
    // taken for a literal ("not a literal: /(null, -68)", XX000 with or without -ea)
    assertEquals(java.util.Arrays.asList((String) null),
        column("SELECT (CASE WHEN 1 = 1 THEN NULL ELSE -(SELECT (SELECT 5)) END / -68) * 18"));
    assertEquals(java.util.Arrays.asList(null, null, "0"),
        column("SELECT (CASE WHEN v < 25 THEN NULL ELSE -(SELECT 5) END / -68) * 18 FROM t ORDER BY id"));
  }

  @Test
  void aGroupKeyKnownToBeNullIsNullInADivision() throws Exception {
    // HAVING v IS NULL let the planner put NULL for v; merging the projections then left
    // "/(null, null) * CHAR_LENGTH(s)", taken for a literal ("not a literal", XX000; SQL Logic Test random/groupby)
    try (Statement s = c.createStatement()) {
      s.execute("INSERT INTO t VALUES (4, NULL, 'd')");
    }
    assertEquals(java.util.Arrays.asList((String) null),
        column("SELECT v / v * CHAR_LENGTH(s) FROM t GROUP BY v, s HAVING v IS NULL"));
    assertEquals(java.util.Arrays.asList(null, "1", "1"),
        column("SELECT v / v * CHAR_LENGTH(s) FROM t GROUP BY v, s HAVING v IS NOT NULL ORDER BY 1 NULLS FIRST"));
  }

  @Test
  void aNegatedGroupKeyBesideANegatedAggregateIsPlannedOnce() {
    // the planner merged the two projections' negations again and again into ever longer chains
    // of -(-(...)) and never finished planning (SQL Logic Test random/groupby); a hang, so the
    // test gives up rather than wait
    assertTimeoutPreemptively(java.time.Duration.ofSeconds(120), () -> {
      assertEquals(java.util.List.of(), column("SELECT + - v AS c FROM t GROUP BY v, s HAVING - AVG(v) IS NULL"));
      assertEquals(java.util.List.of("-30", "-20", "-10"),
          column("SELECT + - v AS c FROM t GROUP BY v, s HAVING - AVG(v) IS NOT NULL ORDER BY 1"));
      assertEquals(java.util.List.of("10", "20"), column("SELECT - - v FROM t GROUP BY v HAVING - - - MIN(v) > -25 ORDER BY 1"));
    });
  }

  @Test
  void aTableFunctionArgumentHoldingASubQueryIsRefused() {
    // a sub-query under another operator reached the table function's code: "Unable to implement"
    fails("0A000", "SELECT * FROM TABLE(CELLAR.DISCOVER('raw', -(SELECT (SELECT 1))))",
        "the arguments of table function DISCOVER are values, not sub-queries");
  }

  @Test
  void textAssignedToAMapColumnIsRefused() throws Exception {
    // implicit coercion let text stand for a MAP: generated code that did not compile (XX000)
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE stock (shop_id VARCHAR PRIMARY KEY, qty MAP<VARCHAR, INTEGER>)");
    }
    fails("42000", "UPSERT INTO stock (shop_id, qty) VALUES ('s1', '')", "Cannot assign to target field 'QTY'");
    fails("42000", "INSERT INTO stock VALUES ('s1', 'abc')", "from a value of type CHAR(3)");
    try (Statement s = c.createStatement()) {
      assertEquals(1, s.executeUpdate("UPSERT INTO stock VALUES ('s1', MAP['a', 1])"));
    }
    assertEquals(java.util.List.of("1"), column("SELECT qty['a'] FROM stock"));
  }

  @Test
  void betweenWithAMisplacedOperatorIsASyntaxErrorWithoutAClassName() {
    // the parser failed combining the operators and gave no message: "Syntax error: SqlParseException"
    fails("42000", "SELECT id FROM t WHERE id BETWEEN 1 AND NOT 3", "an operator of the statement is missing an operand");
  }

  @Test
  void floorOfATimeByANumberIsRefused() {
    // Calcite took the number for a time unit: ClassCastException (XX000)
    fails("42000", "SELECT FLOOR(CURRENT_TIMESTAMP, 5)", "FLOOR of a date or time takes a time unit", "not 5");
    fails("42000", "SELECT CEIL(CURRENT_DATE, -99999999999999999999999)", "CEIL of a date or time");
  }

  @Test
  void anAggregateInValuesIsRefused() throws Exception {
    // the aggregate was planned over no input and could not be implemented (XX000)
    fails("42000", "INSERT INTO t VALUES (7, COUNT(*), 'a')", "aggregate function COUNT is not allowed in VALUES");
    fails("42000", "INSERT INTO t VALUES (7, ABS(SUM(1)), 'a')", "aggregate function SUM");
    try (Statement s = c.createStatement()) {
      assertEquals(1, s.executeUpdate("INSERT INTO t VALUES (7, (SELECT COUNT(*) FROM t), 'a')"));
    }
    assertEquals(java.util.List.of("3"), column("SELECT v FROM t WHERE id = 7"));
  }

  @Test
  void aNullSubQueryInAnOrderingExpressionIsNull() throws Exception {
    // (SELECT NULL) met after the expression around it was typed: "not a literal: /($1, null)" (XX000)
    assertEquals(java.util.List.of("3", "2", "1"),
        column("SELECT id FROM t ORDER BY v / CAST((SELECT (SELECT NULL)) AS INTEGER) * id, id DESC"));
  }

  @Test
  void invertOfANestedSubQueryOrdersByItsValue() throws Exception {
    // INVERT was rewritten after the nested sub-queries were: NullPointerException in decorrelation
    assertEquals(java.util.List.of("3", "2", "1"), column("SELECT id FROM t ORDER BY INVERT((SELECT (SELECT v)))"));
  }

  @Test
  void aJoinOnATruthValueIsNotMerged() throws Exception {
    // over the fuzzer's corpus tables, the NOT EXISTS below was decorrelated into a merge join on
    // the BOOLEAN of the NOT IN; Calcite's code for it did not compile (XX000). Now: the cast of
    // the shop's id to BOOLEAN fails as it should (22018)
    try (Connection corpus = DriverManager.getConnection("jdbc:cellar:mem:fuzzcorpus;shutdown=true");
        Statement s = corpus.createStatement()) {
      for (String sql : SqlCorpus.load()) {
        if (sql.regionMatches(true, 0, "CREATE", 0, 6) || sql.regionMatches(true, 0, "INSERT", 0, 6)
            || sql.regionMatches(true, 0, "UPSERT", 0, 6)) {
          try {
            s.execute(sql);
          } catch (SQLException e) {
            // as the fuzzer: a table made twice, a row of a table made later
          }
        }
      }
      String sql = "SELECT name FROM shop s WHERE NOT EXISTS (SELECT 1 FROM shop_item si "
          + "WHERE si.shop_id NOT IN ('v0', 'v1') = s.shop_id)";
      SQLException e = assertThrows(SQLException.class, () -> {
        try (ResultSet rs = s.executeQuery(sql)) {
          while (rs.next()) {
            rs.getString(1);
          }
        }
      });
      assertEquals("22018", e.getSQLState(), e.getMessage());
    }
  }

  @Test
  void aSplitPointLongerThanARowkeyIsRefusedAndTheDatabaseReopens(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    // the long fuzz split a region at a 40,000-character string: the MANIFEST recorded a boundary
    // longer than any rowkey, and the database no longer opened. Now refused, as a key that long is
    String url = "jdbc:cellar:file:" + dir.resolve("db");
    String big = "x".repeat(40_000);
    try (Connection f = DriverManager.getConnection(url); Statement s = f.createStatement()) {
      s.execute("CREATE TABLE k (id VARCHAR PRIMARY KEY, v INTEGER)");
      SQLException split = assertThrows(SQLException.class, () -> s.execute("ALTER TABLE k SPLIT AT ('" + big + "')"));
      assertEquals("22001", split.getSQLState(), split.getMessage());
      assertTrue(split.getMessage().contains("longer than the maximum of 32767"), split.getMessage());
      SQLException create = assertThrows(SQLException.class,
          () -> s.execute("CREATE TABLE k2 (id VARCHAR PRIMARY KEY) SPLIT ON ('a', '" + big + "')"));
      assertEquals("22001", create.getSQLState(), create.getMessage());
      SQLException insert = assertThrows(SQLException.class, () -> s.execute("INSERT INTO k VALUES ('" + big + "', 1)"));
      assertEquals("22001", insert.getSQLState(), insert.getMessage());
      s.execute("ALTER TABLE k SPLIT AT ('" + "m".repeat(32_000) + "')");
      s.execute("INSERT INTO k VALUES ('a', 1), ('z', 2)");
    }
    try (Connection f = DriverManager.getConnection(url); Statement s = f.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM k")) {
      assertTrue(rs.next());
      assertEquals(2, rs.getInt(1));
    }
  }
}
