package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What tools read from the driver beyond queries: mapping views listed as views, the family of
 * each column, generated keys asked for by column, result set kinds, and a quiet standard error
 * without an SLF4J binding.
 */
class DriverDetailsTest extends FreshDatabaseTest {
  @Test
  void mappingViewsAreViews() throws Exception {
    RawTables.shellPut(RawTables.create(CellarDriver.database(c).store(), "raw", "f"), "r1", "f:q", "v");
    run(c, "CREATE VIEW mapped (k VARCHAR PRIMARY KEY, \"f\".\"q\" VARCHAR) STORE_TABLE='raw', VALUE_FORMAT='STRING'",
        "CREATE TABLE plain (id INTEGER PRIMARY KEY, v VARCHAR)");
    assertEquals(List.of("v"), Sql.strings(c, "SELECT \"q\" FROM mapped"));
    DatabaseMetaData md = c.getMetaData();
    assertEquals(List.of("TABLE PLAIN", "VIEW MAPPED"), tables(md.getTables(null, "PUBLIC", "%", null)));
    assertEquals(List.of("VIEW MAPPED"), tables(md.getTables(null, "PUBLIC", "%", new String[] {"VIEW"})));
    assertEquals(List.of("TABLE PLAIN"), tables(md.getTables(null, "PUBLIC", "%", new String[] {"TABLE"})));
  }

  private static List<String> tables(ResultSet rs) throws SQLException {
    List<String> out = new ArrayList<>();
    try (rs) {
      while (rs.next()) {
        out.add(rs.getString("TABLE_TYPE") + " " + rs.getString("TABLE_NAME"));
      }
    }
    return out;
  }

  @Test
  void columnsNameTheirFamily() throws Exception {
    run(c, "CREATE TABLE fam (id INTEGER PRIMARY KEY, info.name VARCHAR, info.dob DATE, fans.n INTEGER, plain INTEGER)",
        "CREATE VIEW over_query AS SELECT id, name FROM fam");
    List<String> rows = new ArrayList<>();
    try (ResultSet rs = c.getMetaData().getColumns(null, "PUBLIC", "%", "%")) {
      assertEquals("COLUMN_FAMILY", rs.getMetaData().getColumnName(25));
      assertEquals(25, rs.getMetaData().getColumnCount());
      while (rs.next()) {
        assertEquals(rs.getString(25), rs.getString("COLUMN_FAMILY"));
        rows.add(rs.getString("TABLE_NAME") + "." + rs.getString("COLUMN_NAME") + " " + rs.getString("COLUMN_FAMILY"));
      }
    }
    String defaultFamily = rows.stream().filter(r -> r.startsWith("FAM.PLAIN ")).findFirst().orElseThrow().substring(10);
    assertFalse(defaultFamily.equals("null"), rows.toString());
    assertEquals(List.of("FAM.ID null", "FAM.NAME INFO", "FAM.DOB INFO", "FAM.N FANS", "FAM.PLAIN " + defaultFamily,
        "OVER_QUERY.ID null", "OVER_QUERY.NAME null"), rows);
  }

  @Test
  void generatedKeysAskedForByColumnNameOrIndex() throws Exception {
    run(c, "CREATE TABLE log (msg VARCHAR)");
    try (PreparedStatement p = c.prepareStatement("INSERT INTO log VALUES (?)", new String[] {"ROWKEY"})) {
      p.setString(1, "a");
      assertEquals(1, p.executeUpdate());
      assertEquals(1, keys(p.getGeneratedKeys()));
    }
    try (PreparedStatement p = c.prepareStatement("INSERT INTO log VALUES ('b'), ('c')", new int[] {1})) {
      assertEquals(2, p.executeUpdate());
      assertEquals(2, keys(p.getGeneratedKeys()));
    }
    try (PreparedStatement p = c.prepareStatement("INSERT INTO log VALUES ('d')", new String[0])) {
      p.executeUpdate();
      assertEquals(0, keys(p.getGeneratedKeys()), "no columns named: no keys");
    }
    try (Statement s = c.createStatement()) {
      assertEquals(1, s.executeUpdate("INSERT INTO log VALUES ('e')", new String[] {"ROWKEY"}));
      assertEquals(1, keys(s.getGeneratedKeys()));
      assertFalse(s.execute("INSERT INTO log VALUES ('f')", new int[] {1}));
      assertEquals(1, keys(s.getGeneratedKeys()));
    }
    assertEquals(List.of("6"), Sql.strings(c, "SELECT COUNT(*) FROM log"));
  }

  private static int keys(ResultSet rs) throws SQLException {
    int n = 0;
    try (rs) {
      assertEquals("ROWKEY", rs.getMetaData().getColumnName(1));
      while (rs.next()) {
        assertEquals(8, rs.getBytes(1).length);
        n++;
      }
    }
    return n;
  }

  @Test
  void scrollSensitiveAndUpdatableResultSetsAreRefused() throws Exception {
    DatabaseMetaData md = c.getMetaData();
    assertTrue(md.supportsResultSetType(ResultSet.TYPE_FORWARD_ONLY));
    assertTrue(md.supportsResultSetType(ResultSet.TYPE_SCROLL_INSENSITIVE));
    assertFalse(md.supportsResultSetType(ResultSet.TYPE_SCROLL_SENSITIVE));
    assertTrue(md.supportsResultSetConcurrency(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_READ_ONLY));
    assertFalse(md.supportsResultSetConcurrency(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_UPDATABLE));
    assertFalse(md.supportsResultSetConcurrency(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_UPDATABLE));
    SQLException e = assertThrows(SQLException.class,
        () -> c.createStatement(ResultSet.TYPE_SCROLL_SENSITIVE, ResultSet.CONCUR_READ_ONLY));
    assertEquals("0A000", e.getSQLState());
    assertTrue(e.getMessage().contains("TYPE_SCROLL_SENSITIVE is not supported"), e.getMessage());
    e = assertThrows(SQLException.class, () -> c.prepareStatement("SELECT 1 FROM (VALUES (1))",
        ResultSet.TYPE_SCROLL_SENSITIVE, ResultSet.CONCUR_READ_ONLY));
    assertEquals("0A000", e.getSQLState());
    assertTrue(e.getMessage().contains("TYPE_SCROLL_SENSITIVE is not supported"), e.getMessage());
    e = assertThrows(SQLException.class,
        () -> c.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_UPDATABLE, ResultSet.HOLD_CURSORS_OVER_COMMIT));
    assertEquals("0A000", e.getSQLState());
    assertTrue(e.getMessage().contains("CONCUR_UPDATABLE is not supported"), e.getMessage());
    try (Statement s = c.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
        ResultSet rs = s.executeQuery("SELECT 1 FROM (VALUES (1))")) {
      assertEquals(ResultSet.TYPE_FORWARD_ONLY, rs.getType());
      assertTrue(rs.next());
    }
  }

  @Test
  void explainIsOneRowPerPlanLine() throws Exception {
    run(c, "CREATE TABLE t (id INTEGER PRIMARY KEY, v VARCHAR)", "INSERT INTO t VALUES (1, 'a'), (2, 'b')");
    for (String explain : List.of("EXPLAIN PLAN FOR ", "EXPLAIN ", "EXPLAIN ANALYZE ")) {
      String sql = explain + "SELECT v, COUNT(*) FROM t WHERE id > 0 GROUP BY v ORDER BY v";
      List<String> lines = Sql.strings(c, sql);
      assertTrue(lines.size() >= 3, sql + ": " + lines);
      for (String line : lines) {
        assertFalse(line.isEmpty() || line.contains("\n"), sql + ": " + lines);
      }
      assertTrue(String.join("\n", lines).contains("CellarTableScan(table=[[PUBLIC, T]]"), sql + ": " + lines);
      // a one-line summary first (not for EXPLAIN ANALYZE), then the tree: its later lines indented under its first
      int tree = explain.equals("EXPLAIN ANALYZE ") ? 0 : 1;
      assertTrue(tree == 0 || lines.get(0).startsWith("RANGE SCAN OVER T (ID > 0)"), sql + ": " + lines);
      assertTrue(lines.get(tree + 1).startsWith("  "), sql + ": " + lines);
    }
    try (PreparedStatement p = c.prepareStatement("EXPLAIN PLAN FOR SELECT v FROM t WHERE id = 1")) {
      try (ResultSet rs = p.executeQuery()) {
        assertEquals("PLAN", rs.getMetaData().getColumnName(1));
        int n = 0;
        while (rs.next()) {
          n++;
        }
        assertTrue(n >= 2, "rows: " + n);
      }
    }
  }

  @Test
  void showTablesAndShowCreateTable() throws Exception {
    RawTables.shellPut(RawTables.create(CellarDriver.database(c).store(), "raw", "f"), "r1", "f:q", "v");
    run(c, "CREATE TABLE sale (user_id VARCHAR NOT NULL, sold_at TIMESTAMP NOT NULL, product VARCHAR NOT NULL,"
        + " name.quantity INTEGER, info.\"note\" VARCHAR(20), plain DECIMAL(10,2)"
        + " CONSTRAINT pk PRIMARY KEY (user_id, sold_at DESC, product))"
        + " name.COMPRESSION='GZ', name.VERSIONS=1, info.VERSIONS=5, info.TTL=3600, IMMUTABLE_ROWS=true",
        "CREATE TABLE log (msg VARCHAR)",
        "CREATE VIEW recent AS SELECT user_id, product FROM sale WHERE sold_at > TIMESTAMP '2024-01-01 00:00:00'",
        "CREATE VIEW mapped (k VARCHAR PRIMARY KEY, \"f\".\"q\" VARCHAR) STORE_TABLE='raw', VALUE_FORMAT='STRING'");
    assertEquals(List.of("LOG, TABLE", "MAPPED, VIEW", "RECENT, VIEW", "SALE, TABLE"), Sql.strings(c, "SHOW TABLES"));
    assertEquals(Sql.strings(c, "SHOW TABLES"), Sql.strings(c, "show tables"));

    List<String> ddl = Sql.strings(c, "SHOW CREATE TABLE sale");
    String text = String.join("\n", ddl);
    assertEquals("CREATE TABLE SALE (", ddl.get(0), text);
    assertTrue(text.contains("\n  USER_ID VARCHAR NOT NULL,\n"), text);
    assertTrue(text.contains("\n  NAME.QUANTITY INTEGER,\n"), text);
    assertTrue(text.contains("\n  INFO.\"note\" VARCHAR(20),\n  PLAIN DECIMAL(10,2),\n"), text);
    assertTrue(text.contains("\n  CONSTRAINT PK PRIMARY KEY (USER_ID, SOLD_AT DESC, PRODUCT))\n"), text);
    assertTrue(text.contains("NAME.VERSIONS=1") && text.contains("NAME.COMPRESSION='GZIP'"), text);
    assertTrue(text.contains("INFO.VERSIONS=5") && text.contains("INFO.TTL='3600 SECONDS'") && text.contains("INFO.BLOCKSIZE="),
        text);
    assertTrue(text.endsWith("\nIMMUTABLE_ROWS=TRUE"), text);
    // the DDL creates the same table again
    try (Connection other = Sql.connect(Sql.freshMem())) {
      run(other, text);
      assertEquals(ddl, Sql.strings(other, "SHOW CREATE TABLE sale"));
    }
    assertEquals(List.of("CREATE TABLE LOG (", "  MSG VARCHAR)", "\"0\".BLOOMFILTER='ROW', \"0\".IN_MEMORY=false,"
        + " \"0\".VERSIONS=1, \"0\".COMPRESSION='SNAPPY', \"0\".TTL='FOREVER', \"0\".MIN_VERSIONS=0,"
        + " \"0\".BLOCKCACHE=true, \"0\".BLOCKSIZE=32768"), Sql.strings(c, "SHOW CREATE TABLE log"));
    String view = String.join("\n", Sql.strings(c, "SHOW CREATE VIEW recent"));
    assertTrue(view.startsWith("CREATE VIEW RECENT") && view.contains("FROM sale WHERE"), view);
    assertEquals(view, String.join("\n", Sql.strings(c, "SHOW CREATE TABLE \"RECENT\"")));
    String mapped = String.join("\n", Sql.strings(c, "SHOW CREATE TABLE mapped"));
    assertTrue(mapped.startsWith("CREATE VIEW MAPPED (\n  K VARCHAR NOT NULL,\n  \"f\".\"q\" VARCHAR,\n") && mapped.contains(
        "STORE_TABLE='raw'") && mapped.contains("VALUE_FORMAT='STRING'"), mapped);
    Sql.assertFails(c, "42S02", "SHOW CREATE TABLE nosuch", "NOSUCH");
    Sql.assertFails(c, "42000", "SHOW DATABASES", "SHOW takes TABLES");
  }

  /** Opens a database and runs a query; run in a JVM without an SLF4J binding. */
  public static void main(String[] args) throws Exception {
    try (Connection c = java.sql.DriverManager.getConnection("jdbc:cellar:mem:")) {
      System.out.println(Sql.strings(c, "SELECT 40 + 2 FROM (VALUES (1))"));
    }
  }

  @Test
  void noSlf4jLinesOnStandardErrorWithoutABinding() throws Exception {
    List<String> classPath = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!Path.of(entry).getFileName().toString().startsWith("slf4j-simple")) {
        classPath.add(entry);
      }
    }
    assertTrue(classPath.stream().anyMatch(p -> p.contains("slf4j-api")), classPath.toString());
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        String.join(File.pathSeparator, classPath), DriverDetailsTest.class.getName()).start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), err);
    assertEquals("[42]\n", out);
    assertEquals("", err);
  }
}
