package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Put;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code FAMILY_ROW_SKEW}: {@code UPDATE STATISTICS} counts the rows of each family of a table of
 * several, {@code CELLAR.ADVICE} and DDL warnings report families whose counts differ by orders of
 * magnitude, and the counts are kept in the catalog's statistics record (format 2, format 1 still
 * read).
 */
class FamilyRowSkewTest extends FreshStoreTest {
  /** Upserts rows {@code from} to {@code to} of a table {@code (k, x, y)}, with {@code y} on every {@code yEvery}-th row (0: none). */
  private static void load(Connection c, String table, int from, int to, int yEvery) throws Exception {
    try (PreparedStatement p = c.prepareStatement("UPSERT INTO " + table + " (k, x, y) VALUES (?, ?, ?)")) {
      for (int i = from; i < to; i++) {
        p.setInt(1, i);
        p.setString(2, "x" + i);
        p.setString(3, yEvery > 0 && i % yEvery == 0 ? "y" + i : null);
        p.addBatch();
      }
      p.executeBatch();
    }
  }

  private static List<String> advice(Connection c, String table) throws Exception {
    return Sql.strings(c, "SELECT RULE, SUBJECT, PROBLEM, FIX FROM CELLAR.ADVICE WHERE TABLE_NAME = 'PUBLIC." + table
        + "'", " | ");
  }

  private List<String> warnings(String sql) throws Exception {
    try (Statement s = c.createStatement()) {
      s.execute(sql);
      List<String> out = new ArrayList<>();
      for (SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) {
        out.add(w.getMessage());
      }
      return out;
    }
  }

  @Test
  void familiesWhoseRowsDifferByOrdersOfMagnitudeAreReported() throws Exception {
    run(c, "CREATE TABLE t (k INTEGER PRIMARY KEY, a.x VARCHAR, b.y VARCHAR)");
    load(c, "t", 0, 20_000, 200);
    assertEquals(List.of(), advice(c, "T"), "nothing counts the families' rows before UPDATE STATISTICS");
    assertEquals(20_000, Sql.update(c, "UPDATE STATISTICS t"));
    List<String> got = advice(c, "T");
    assertEquals(1, got.size(), got.toString());
    String[] a = got.get(0).split(" \\| ");
    assertEquals("FAMILY_ROW_SKEW", a[0]);
    assertEquals("families A (20,000 rows), B (100 rows)", a[1]);
    assertTrue(a[2].startsWith("family B has cells in 100 rows and A in 20,000 rows (200 times as many; counted by "
        + "UPDATE STATISTICS at "), a[2]);
    assertTrue(a[2].contains("B's few cells are spread thin over every region and store file"), a[2]);
    assertEquals("move Y to a table of their own keyed the same way, e.g. CREATE TABLE T_B (K INTEGER NOT NULL, "
        + "Y VARCHAR CONSTRAINT pk PRIMARY KEY (K)), and join it on K where both are read", a[3]);
    // the counts are those of the last UPDATE STATISTICS: B on every row evens the families
    run(c, "UPDATE t SET y = 'y'");
    assertEquals(1, advice(c, "T").size());
    Sql.update(c, "UPDATE STATISTICS t");
    assertEquals(List.of(), advice(c, "T"));
  }

  @Test
  void aFamilyWithoutRowsAgainstALargeOneIsSkewed() throws Exception {
    run(c, "CREATE TABLE t (k INTEGER PRIMARY KEY, a.x VARCHAR, b.y VARCHAR, c.z VARCHAR) SALT_BUCKETS=2");
    load(c, "t", 0, 12_000, 0);
    run(c, "UPSERT INTO t (k, z) VALUES (1, 'z')");
    Sql.update(c, "UPDATE STATISTICS t");
    List<String> got = advice(c, "T");
    assertEquals(1, got.size(), got.toString());
    String[] a = got.get(0).split(" \\| ");
    assertEquals("families A (12,000 rows), B (0 rows), C (1 row)", a[1]);
    assertTrue(a[2].startsWith("family B has cells in 0 rows, C in 1 row and A in 12,000 rows (at least 12,000 times "
        + "as many; "), a[2]);
    assertTrue(a[3].startsWith("move Y to a table of their own keyed the same way, e.g. CREATE TABLE T_B (K INTEGER "
        + "NOT NULL, Y VARCHAR CONSTRAINT pk PRIMARY KEY (K)) SALT_BUCKETS=2, and join it on K where both are read; "
        + "move Z to "), a[3]);
  }

  @Test
  void evenFamiliesSmallTablesAndOneFamilyGiveNoAdvice() throws Exception {
    run(c, "CREATE TABLE even (k INTEGER PRIMARY KEY, a.x VARCHAR, b.y VARCHAR)",
        "CREATE TABLE small (k INTEGER PRIMARY KEY, a.x VARCHAR, b.y VARCHAR)",
        "CREATE TABLE single (k INTEGER PRIMARY KEY, x VARCHAR, y VARCHAR)");
    load(c, "even", 0, 20_000, 1);
    load(c, "small", 0, 9_999, 1_000); // 10 rows against 9,999: under the minimum
    load(c, "single", 0, 20_000, 200);
    for (String t : List.of("even", "small", "single")) {
      Sql.update(c, "UPDATE STATISTICS " + t);
    }
    Sql.assertRows(c, "SELECT table_name, rule FROM CELLAR.ADVICE");
  }

  @Test
  void localIndexEntriesAreNotCountedAsRows() throws Exception {
    run(c, "CREATE TABLE l (k INTEGER PRIMARY KEY, x VARCHAR, y VARCHAR)", "CREATE LOCAL INDEX lx ON l (x)",
        "CREATE TABLE m (k INTEGER PRIMARY KEY, a.x VARCHAR, b.y VARCHAR)", "CREATE LOCAL INDEX mx ON m (x)");
    load(c, "l", 0, 500, 0);
    load(c, "m", 0, 20_000, 0);
    assertEquals(500, Sql.update(c, "UPDATE STATISTICS l"));
    assertEquals(20_000, Sql.update(c, "UPDATE STATISTICS m"));
    Sql.assertRows(c, "SELECT rule, subject FROM CELLAR.ADVICE", "FAMILY_ROW_SKEW, families A (20,000 rows), B (0 rows)");
  }

  @Test
  void viewsOfAStoreTableCountTheirOwnFamilies() throws Exception {
    dev.cellar.storage.Table shop = raw("shop", "info", "item");
    for (int i = 0; i < 12_000; i++) {
      RawTables.shellPut(shop, String.format("S%05d", i), "info:name", "shop " + i);
    }
    RawTables.shellPut(shop, "S00001", "item:I1", "old", "item:I2", "new");
    RawTables.shellPut(shop, "S00002", "item:I1", "new");
    run(c, "CREATE VIEW shop_item (shop_id VARCHAR NOT NULL, item_id VARCHAR NOT NULL, type VARCHAR,"
        + " CONSTRAINT pk PRIMARY KEY (shop_id, item_id)) STORE_TABLE='shop', DYNAMIC_FAMILY='item', VALUE_FORMAT='STRING'",
        "CREATE VIEW shop_v (shop_id VARCHAR PRIMARY KEY, \"info\".\"name\" VARCHAR, \"item\".\"I1\" VARCHAR)"
            + " STORE_TABLE='shop', VALUE_FORMAT='STRING'");
    // one row per cell of the dynamic family, and nothing of the other family
    assertEquals(3, Sql.update(c, "UPDATE STATISTICS shop_item"));
    assertEquals(12_000, Sql.update(c, "UPDATE STATISTICS shop_v"));
    Sql.assertRows(c, "SELECT table_name, rule, subject, fix FROM CELLAR.ADVICE", "PUBLIC.SHOP_V, FAMILY_ROW_SKEW, "
        + "families info (12,000 rows), item (2 rows), move family item's cells to a store table of their own with the "
        + "same rowkeys, mapped by a view of its own");
  }

  @Test
  void ddlOnASkewedTableWarns() throws Exception {
    run(c, "CREATE TABLE t (k INTEGER PRIMARY KEY, a.x VARCHAR, b.y VARCHAR)");
    load(c, "t", 0, 20_000, 200);
    assertEquals(List.of(), warnings("ALTER TABLE t ADD a.w INTEGER"), "no statistics, no warning");
    Sql.update(c, "UPDATE STATISTICS t");
    List<String> w = warnings("ALTER TABLE t ADD c.z VARCHAR");
    assertEquals(1, w.size(), w.toString());
    assertTrue(w.get(0).startsWith("FAMILY_ROW_SKEW on PUBLIC.T (families A (20,000 rows), B (100 rows)): family B "
        + "has cells in 100 rows"), w.get(0));
    assertTrue(w.get(0).contains("; fix: move Y to a table of their own"), w.get(0));
    w = warnings("CREATE INDEX ix ON t (x)");
    assertEquals(1, w.size(), w.toString());
    assertTrue(w.get(0).startsWith("FAMILY_ROW_SKEW on PUBLIC.T "), w.get(0));
    // a statement on another table does not warn of this one
    assertEquals(List.of(), warnings("CREATE TABLE u (k INTEGER PRIMARY KEY, v VARCHAR)"));
  }

  @Test
  void theCountsAreKeptWhenTheDatabaseIsOpenedAgain(@TempDir Path dir) throws Exception {
    String url = "jdbc:cellar:file:" + dir.resolve("db");
    try (Connection f = DriverManager.getConnection(url)) {
      run(f, "CREATE TABLE t (k INTEGER PRIMARY KEY, a.x VARCHAR, b.y VARCHAR)");
      load(f, "t", 0, 20_000, 200);
      Sql.update(f, "UPDATE STATISTICS t");
    }
    try (Connection f = DriverManager.getConnection(url)) {
      List<String> got = advice(f, "T");
      assertEquals(1, got.size(), got.toString());
      assertTrue(got.get(0).startsWith("FAMILY_ROW_SKEW | families A (20,000 rows), B (100 rows) | "), got.get(0));
      assertEquals("FULL SCAN OVER T, est. 20000 rows", Sql.strings(f, "EXPLAIN SELECT * FROM t").get(0));
    }
  }

  /** Writes {@code record} as the statistics of table {@code table}, as {@code catalog-format.md} §7 lays them out. */
  private static void putStatistics(Connection c, String table, byte[] record) throws Exception {
    byte[] key = Bytes.concat(new byte[] {'x', 0}, "PUBLIC".getBytes(StandardCharsets.UTF_8), new byte[] {0},
        table.getBytes(StandardCharsets.UTF_8));
    CellarDriver.database(c).store().table("_cellar_catalog").put(new Put(key).addColumn(Bytes.toBytes("c"),
        Bytes.toBytes("stats"), record));
  }

  @Test
  void aFormatOneRecordIsStillReadAndAnUnknownFormatRefused(@TempDir Path dir) throws Exception {
    String url = "jdbc:cellar:file:" + dir.resolve("db");
    try (Connection f = DriverManager.getConnection(url)) {
      run(f, "CREATE TABLE t (k INTEGER PRIMARY KEY, a.x VARCHAR, b.y VARCHAR)",
          "CREATE TABLE u (k INTEGER PRIMARY KEY, a.x VARCHAR, b.y VARCHAR)");
      load(f, "t", 0, 20_000, 200);
    }
    // records as an earlier version wrote them, read by a database opened afresh
    try (Connection f = DriverManager.getConnection(url)) {
      // format 1: CST, 1, the row count, the time; no family counts
      putStatistics(f, "T", ByteBuffer.allocate(20).put(new byte[] {'C', 'S', 'T', 1}).putLong(777)
          .putLong(1_700_000_000_000L).array());
      // a format this code does not know
      putStatistics(f, "U", ByteBuffer.allocate(22).put(new byte[] {'C', 'S', 'T', 3}).putLong(5).putLong(6)
          .putShort((short) 0).array());
    }
    try (Connection f = DriverManager.getConnection(url)) {
      assertEquals("FULL SCAN OVER T, est. 777 rows", Sql.strings(f, "EXPLAIN SELECT * FROM t").get(0));
      Sql.assertFails(f, "XX001", "EXPLAIN SELECT * FROM u", "statistics of table U", "format 1 or 2");
      Sql.assertFails(f, "XX001", "SELECT * FROM CELLAR.ADVICE", "statistics of table U");
      // a statement on the table is done, and its warnings are left out
      try (Statement s = f.createStatement()) {
        s.execute("ALTER TABLE u ADD a.w INTEGER");
        assertEquals(null, s.getWarnings());
      }
      // counting again writes a record of the current format
      Sql.update(f, "UPDATE STATISTICS u");
      assertEquals("FULL SCAN OVER U, est. 1 row", Sql.strings(f, "EXPLAIN SELECT * FROM u").get(0));
      assertEquals(List.of(), advice(f, "T"), "a format 1 record has no family counts");
    }
  }
}
