package dev.cellar.storage.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.jdbc.Sql;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * SQL over HBase through the JDBC driver: {@code jdbc:cellar:hbase:...} to the minicluster, Phoenix
 * DDL, inserts, updates, deletes and queries, seen by other connections, including one that opens
 * the database afresh over its own HBase connection. Runs in a JVM of its own (see the pom):
 * the driver needs protobuf 3, the minicluster's region splits protobuf 2.5.
 */
@Tag("jdbc")
class HBaseSqlTest {
  private static final String NAMESPACE = "sqltest";

  private static String url() {
    return MiniHBase.jdbcUrl() + ";hbaseNamespace=" + NAMESPACE;
  }

  private static List<String> rows(Connection c, String sql) throws SQLException {
    return Sql.strings(c, sql, ",");
  }

  private static SQLException fails(Connection c, String sql) {
    return assertThrows(SQLException.class, () -> {
      try (Statement s = c.createStatement()) {
        s.execute(sql);
      }
    });
  }

  @Test
  void tablesRowsAndQueriesOverHBase() throws Exception {
    try (Connection c = DriverManager.getConnection(url())) {
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, info.name VARCHAR, info.qty BIGINT, info.price "
            + "DECIMAL(8,2)) SPLIT ON (30, 60)");
        assertEquals(3, s.executeUpdate("INSERT INTO items VALUES (10, 'bolt', 100, 0.25), (40, 'nut', 250, 0.10), "
            + "(70, 'gear', 5, 12.50)"));
        s.executeUpdate("UPSERT INTO items VALUES (50, 'washer', 80, 0.05)");
      }
      try (PreparedStatement p = c.prepareStatement("INSERT INTO items VALUES (?, ?, ?, ?)")) {
        for (int i = 0; i < 5; i++) {
          p.setInt(1, 80 + i);
          p.setString(2, "spring" + i);
          p.setLong(3, i);
          p.setBigDecimal(4, new java.math.BigDecimal("1.00"));
          p.addBatch();
        }
        assertEquals(5, p.executeBatch().length);
      }
      try (Statement s = c.createStatement()) {
        assertEquals(1, s.executeUpdate("UPDATE items SET qty = qty + 1 WHERE id = 70"));
        assertEquals(2, s.executeUpdate("DELETE FROM items WHERE id >= 83"));
      }
      assertEquals(List.of("gear,6"), rows(c, "SELECT name, qty FROM items WHERE id = 70"));
      assertEquals(List.of("40,nut", "50,washer", "70,gear"),
          rows(c, "SELECT id, name FROM items WHERE id BETWEEN 30 AND 75 ORDER BY id"));
      assertEquals(List.of("7,439,15.90"), rows(c, "SELECT COUNT(*), SUM(qty), SUM(price) FROM items"));
      assertEquals(List.of("spring2"), rows(c, "SELECT name FROM items WHERE name LIKE 'spring%' ORDER BY id DESC "
          + "LIMIT 1"));
      // a second connection to the same URL shares the database
      try (Connection c2 = DriverManager.getConnection(url())) {
        assertEquals(List.of("7"), rows(c2, "SELECT COUNT(*) FROM items"));
        try (Statement s = c2.createStatement()) {
          s.executeUpdate("UPDATE items SET name = 'cog' WHERE id = 70");
        }
        assertEquals(List.of("cog"), rows(c, "SELECT name FROM items WHERE id = 70"));
      }
    }
    // a database opened afresh, over its own HBase connection, reads the catalog and rows from HBase
    String other = "jdbc:cellar:hbase:127.0.0.1:" + MiniHBase.zkPort() + ";hbaseNamespace=" + NAMESPACE;
    try (Connection c3 = DriverManager.getConnection(other)) {
      assertEquals(List.of("10,bolt,100", "40,nut,250"), rows(c3, "SELECT id, name, qty FROM items WHERE id < 45"));
    }
    // the rows are in HBase: namespace sqltest, the catalog's table and the data table
    try (Admin admin = MiniHBase.connection().getAdmin()) {
      List<String> tables = new ArrayList<>();
      for (TableName t : admin.listTableNamesByNamespace(NAMESPACE)) {
        tables.add(t.getQualifierAsString());
      }
      assertTrue(tables.contains("_cellar_catalog"), tables.toString());
      assertTrue(tables.size() >= 2, tables.toString());
      assertTrue(admin.getRegions(TableName.valueOf(NAMESPACE, tables.stream()
          .filter(t -> !t.startsWith("_")).findFirst().orElseThrow())).size() >= 3);
    }
  }

  @Test
  void transactionsAreRefusedWithReasonsWhileIndexesWork() throws Exception {
    try (Connection c = DriverManager.getConnection(url())) {
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TABLE people (id BIGINT PRIMARY KEY, name VARCHAR)");
        s.executeUpdate("INSERT INTO people VALUES (1, 'ann')");
        // indexes keep to their protocol for stores that write one row at a time (HBaseIndexTest)
        s.execute("CREATE INDEX people_name ON people (name)");
      }
      assertEquals(List.of("1,ann"), rows(c, "SELECT id, name FROM people WHERE name = 'ann'"));
      c.setAutoCommit(false);
      SQLException e = assertThrows(SQLException.class, () -> rows(c, "SELECT * FROM people"));
      assertEquals("0A000", e.getSQLState());
      assertTrue(e.getMessage().contains("transactions"), e.getMessage());
      c.setAutoCommit(true);
      assertEquals(List.of("1,ann"), rows(c, "SELECT * FROM people"));
    }
  }

  @Test
  void urlsAndPropertiesOfTheHBaseScheme() throws Exception {
    SQLException e = assertThrows(SQLException.class,
        () -> DriverManager.getConnection(MiniHBase.jdbcUrl() + ";flushSize=1000000"));
    assertEquals("08001", e.getSQLState());
    assertTrue(e.getMessage().contains("flushSize") && e.getMessage().contains("hbase"), e.getMessage());
    e = assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:cellar:hbase:"));
    assertEquals("08001", e.getSQLState());
    assertTrue(e.getMessage().contains("ZooKeeper host"), e.getMessage());
    e = assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:cellar:hbase:zk:99999"));
    assertTrue(e.getMessage().contains("99999"), e.getMessage());
    e = assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:cellar:nosuch:x"));
    assertTrue(e.getMessage().contains("file, hbase, mem"), e.getMessage());
    DriverPropertyInfo[] infos = DriverManager.getDriver(MiniHBase.jdbcUrl())
        .getPropertyInfo(MiniHBase.jdbcUrl() + ";hbaseNamespace=x", new Properties());
    DriverPropertyInfo ns = Arrays.stream(infos).filter(i -> i.name.equals("hbaseNamespace")).findFirst().orElseThrow();
    assertEquals("x", ns.value);
    assertTrue(ns.description.contains("default default"), ns.description);
    // hbase.* properties reach the client's configuration
    Properties props = new Properties();
    props.setProperty("hbase.client.retries.number", "3");
    props.setProperty("hbaseNamespace", "props");
    try (Connection c = DriverManager.getConnection(MiniHBase.jdbcUrl(), props)) {
      HBaseStore store = (HBaseStore) dev.cellar.jdbc.CellarDriver.database(c).store();
      assertEquals("props", store.namespace());
      assertEquals(3, store.connection().getConfiguration().getInt("hbase.client.retries.number", 0));
      assertEquals(List.of("1"), rows(c, "SELECT 1"));
    }
  }

  /**
   * The administration tables and verbs over HBase: {@code CELLAR.REGIONS} says what the store's
   * {@code regions} says (HBase's metrics, in whole megabytes, no cell counts), {@code FLUSH} and
   * {@code COMPACT MAJOR} change it, {@code FAMILIES} lists the descriptor, and {@code STORE_FILES}
   * is empty (HBase's client lists no files). SPLIT is not run here: this JVM's protobuf cannot
   * split a minicluster region (see the pom).
   */
  @Test
  void adminTablesAndVerbsOverHBase() throws Exception {
    try (Connection c = DriverManager.getConnection(url()); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE adm (k INTEGER PRIMARY KEY, v VARCHAR) SPLIT ON (50)");
      for (int i = 0; i < 100; i += 7) {
        s.executeUpdate("UPSERT INTO adm VALUES (" + i + ", 'v" + i + "')");
      }
      HBaseStore store = (HBaseStore) dev.cellar.jdbc.CellarDriver.database(c).store();
      String q = "SELECT START_KEY, END_KEY, STORE_FILES, CELLS, STORE_FILE_BYTES, WRITE_REQUESTS FROM CELLAR.REGIONS"
          + " WHERE TABLE_NAME = 'ADM'";
      assertEquals(List.of("null,(50),0,null,0,8", "(50),null,0,null,0,7"), rows(c, q));
      s.execute("ALTER TABLE adm FLUSH");
      List<dev.cellar.storage.RegionInfo> regions = store.admin().regions("ADM");
      assertEquals(List.of("null,(50)," + regions.get(0).storeFiles() + ",null," + regions.get(0).storeFileBytes() + ",8",
          "(50),null," + regions.get(1).storeFiles() + ",null," + regions.get(1).storeFileBytes() + ",7"), rows(c, q));
      assertEquals(1, regions.get(0).storeFiles());
      s.executeUpdate("UPSERT INTO adm VALUES (1, 'again')");
      s.execute("ALTER TABLE adm FLUSH");
      assertEquals(List.of("2"), rows(c, "SELECT STORE_FILES FROM CELLAR.REGIONS WHERE TABLE_NAME = 'ADM'"
          + " AND START_KEY IS NULL"));
      s.execute("ALTER TABLE adm COMPACT MAJOR");
      assertEquals(List.of("1"), rows(c, "SELECT STORE_FILES FROM CELLAR.REGIONS WHERE TABLE_NAME = 'ADM'"
          + " AND START_KEY IS NULL"));
      assertEquals(List.of("0,1,null"), rows(c, "SELECT FAMILY, VERSIONS, TTL FROM CELLAR.FAMILIES"
          + " WHERE TABLE_NAME = 'ADM'"));
      assertEquals(List.of("0"), rows(c, "SELECT COUNT(*) FROM CELLAR.STORE_FILES WHERE TABLE_NAME = 'ADM'"));
      assertEquals(List.of("0"), rows(c, "SELECT COUNT(*) FROM CELLAR.COMPACTIONS WHERE TABLE_NAME = 'ADM'"
          + " AND STATE <> 'RUNNING'"));
      assertEquals(List.of("16"), rows(c, "SELECT COUNT(*) FROM adm"));
    }
  }

  /** UPDATE STATISTICS counts the rows of each family over HBase too, and the advice reads them. */
  @Test
  void familyRowCountsOverHBase() throws Exception {
    try (Connection c = DriverManager.getConnection(url()); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE fam (k INTEGER PRIMARY KEY, a.x VARCHAR, b.y VARCHAR)");
      try (PreparedStatement p = c.prepareStatement("UPSERT INTO fam (k, x, y) VALUES (?, 'x', ?)")) {
        for (int i = 0; i < 10_000; i++) {
          p.setInt(1, i);
          p.setString(2, i % 1_000 == 0 ? "y" : null);
          p.addBatch();
        }
        p.executeBatch();
      }
      assertEquals(10_000, s.executeUpdate("UPDATE STATISTICS fam"));
      assertEquals(List.of("FAMILY_ROW_SKEW,families A (10,000 rows), B (10 rows)"),
          rows(c, "SELECT RULE, SUBJECT FROM CELLAR.ADVICE WHERE TABLE_NAME = 'PUBLIC.FAM'"));
    }
  }
}
