package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.assertFails;
import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.Table;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Time and versions in SQL ({@code sql-planner/docs/sql.md}, "Time and versions"): the
 * {@code ROW_TIMESTAMP} column, {@code FOR SYSTEM_TIME AS OF}, the {@code currentScn} connection
 * property, views with {@code READ_VERSIONS} and writes at an explicit timestamp, checked against
 * cells written and read back through the storage API.
 */
class VersionsTest extends FreshStoreTest {
  /** {@code put 't', row, 'f:q', value, ts} in the HBase shell. */
  private static void putAt(Table t, String row, long ts, String... familyQualifierValue) {
    Put p = new Put(Bytes.toBytes(row), ts);
    for (int i = 0; i < familyQualifierValue.length; i += 2) {
      String[] fq = familyQualifierValue[i].split(":");
      p.addColumn(Bytes.toBytes(fq[0]), Bytes.toBytes(fq[1]), familyQualifierValue[i + 1].getBytes(StandardCharsets.UTF_8));
    }
    t.put(p);
  }

  /** {@code family:qualifier@ts=value} of every version of every cell of a raw row. */
  private static List<String> versions(Table t, String row) {
    List<String> out = new ArrayList<>();
    for (Cell cell : t.get(new Get(Bytes.toBytes(row)).readAllVersions()).cells()) {
      out.add(Bytes.toString(cell.family()) + ":" + Bytes.toString(cell.qualifier()) + "@" + cell.timestamp() + "="
          + Bytes.toStringBinary(cell.value()));
    }
    return out;
  }

  /**
   * Store table {@code prices} (family {@code f}, 3 versions kept) as a shell writes it over time:
   * p1's price 10 at 1000 ms, 11 at 2000, 12 at 3000, its name at 1000; p2 at 2500 only.
   */
  private Table prices() throws Exception {
    Table t = RawTables.create(store, "prices", "f");
    putAt(t, "p1", 1000, "f:price", "10", "f:name", "pen");
    putAt(t, "p1", 2000, "f:price", "11");
    putAt(t, "p1", 3000, "f:price", "12");
    putAt(t, "p2", 2500, "f:price", "20", "f:name", "ink");
    run(c, "CREATE VIEW prices (id VARCHAR PRIMARY KEY, \"f\".\"price\" INTEGER, \"f\".\"name\" VARCHAR,"
        + " ts TIMESTAMP ROW_TIMESTAMP) STORE_TABLE='prices', VALUE_FORMAT='STRING'");
    return t;
  }

  @Test
  void theRowTimestampIsItsNewestCellsTime() throws Exception {
    prices();
    assertRows(c, "SELECT id, \"price\", ts FROM prices", "p1, 12, 1970-01-01 00:00:03.000", "p2, 20, 1970-01-01 00:00:02.500");
    assertRows(c, "SELECT id FROM prices WHERE ts > TIMESTAMP '1970-01-01 00:00:02.75'", "p1");
    assertRows(c, "SELECT ts FROM prices WHERE id = 'p2'", "1970-01-01 00:00:02.500");
    run(c, "CREATE VIEW price_versions (id VARCHAR PRIMARY KEY, \"f\".\"price\" INTEGER, v BIGINT ROW_TIMESTAMP)"
        + " STORE_TABLE='prices', VALUE_FORMAT='STRING'");
    assertRows(c, "SELECT id, v FROM price_versions ORDER BY v", "p2, 2500", "p1, 3000");
  }

  @Test
  void forSystemTimeAsOfReadsTheTableAsItWas() throws Exception {
    prices();
    Check.check(c, "SELECT id, \"price\", \"name\", ts FROM prices FOR SYSTEM_TIME AS OF TIMESTAMP '1970-01-01 00:00:02'")
        .explainContains("FULL SCAN AS OF TIMESTAMP '1970-01-01 00:00:02'")
        .returns("p1, 11, pen, 1970-01-01 00:00:02.000");
    assertRows(c, "SELECT id, \"price\" FROM prices FOR SYSTEM_TIME AS OF TIMESTAMP '1970-01-01 00:00:02.5'",
        "p1, 11", "p2, 20");
    assertRows(c, "SELECT id FROM prices FOR SYSTEM_TIME AS OF TIMESTAMP '1970-01-01 00:00:00.999'");
    Check.check(c, "SELECT \"price\" FROM prices FOR SYSTEM_TIME AS OF TIMESTAMP '1970-01-01 00:00:01' WHERE id = 'p1'")
        .explainContains("GET (ID = 'p1') AS OF TIMESTAMP '1970-01-01 00:00:01'").returns("10");
    // the present and the past in one query
    assertRows(c, "SELECT n.id, o.\"price\", n.\"price\" FROM prices n JOIN prices FOR SYSTEM_TIME AS OF"
        + " TIMESTAMP '1970-01-01 00:00:01' o ON n.id = o.id", "p1, 10, 12");
    try (PreparedStatement ps = c.prepareStatement(
        "SELECT \"price\" FROM prices FOR SYSTEM_TIME AS OF CAST(? AS TIMESTAMP) WHERE id = 'p1'")) {
      ps.setTimestamp(1, java.sql.Timestamp.valueOf("1970-01-01 00:00:02.200"));
      assertEquals(List.of(List.of(11)), Sql.rows(ps.executeQuery()));
      ps.setTimestamp(1, java.sql.Timestamp.valueOf("1970-01-01 00:00:03"));
      assertEquals(List.of(List.of(12)), Sql.rows(ps.executeQuery()));
    }
    assertFails(c, "0A000", "SELECT id FROM prices FOR SYSTEM_TIME AS OF CURRENT_TIMESTAMP - INTERVAL '1' HOUR",
        "FOR SYSTEM_TIME AS OF", "PRICES", "literal");
  }

  @Test
  void aDeleteHidesTheVersionsItCoversAtEveryPointInTime() throws Exception {
    Table t = prices();
    // as in HBase: a delete marker hides the puts at or before its time from every read
    t.delete(new Delete(Bytes.toBytes("p2"), 2600));
    t.delete(new Delete(Bytes.toBytes("p1")).addColumn(Bytes.toBytes("f"), Bytes.toBytes("price"), 2000));
    assertRows(c, "SELECT id, \"price\" FROM prices", "p1, 12");
    assertRows(c, "SELECT id, \"price\" FROM prices FOR SYSTEM_TIME AS OF TIMESTAMP '1970-01-01 00:00:02.55'",
        "p1, 10");
    run(c, "CREATE VIEW price_history (id VARCHAR PRIMARY KEY, \"f\".\"price\" INTEGER, ts BIGINT ROW_TIMESTAMP)"
        + " STORE_TABLE='prices', VALUE_FORMAT='STRING', READ_VERSIONS='ALL'");
    assertRows(c, "SELECT id, \"price\", ts FROM price_history", "p1, 12, 3000", "p1, 10, 1000");
  }

  @Test
  void readVersionsGivesARowPerVersion() throws Exception {
    prices();
    run(c, "CREATE VIEW price_history (id VARCHAR NOT NULL, \"f\".\"price\" INTEGER, \"f\".\"name\" VARCHAR,"
        + " ts TIMESTAMP ROW_TIMESTAMP, CONSTRAINT pk PRIMARY KEY (id))"
        + " STORE_TABLE='prices', VALUE_FORMAT='STRING', READ_VERSIONS='ALL'");
    // each row as it was at each time one of its cells was written, newest first
    assertRows(c, "SELECT id, \"price\", \"name\", ts FROM price_history",
        "p1, 12, pen, 1970-01-01 00:00:03.000", "p1, 11, pen, 1970-01-01 00:00:02.000", "p1, 10, pen, 1970-01-01 00:00:01.000",
        "p2, 20, ink, 1970-01-01 00:00:02.500");
    assertRows(c, "SELECT \"price\" FROM price_history WHERE id = 'p1' AND ts BETWEEN TIMESTAMP '1970-01-01 00:00:01.5'"
        + " AND TIMESTAMP '1970-01-01 00:00:03'", "12", "11");
    assertRows(c, "SELECT COUNT(*), MIN(\"price\"), MAX(ts) FROM price_history", "4, 10, 1970-01-01 00:00:03.000");
    assertRows(c, "SELECT id, \"price\" FROM price_history FOR SYSTEM_TIME AS OF TIMESTAMP '1970-01-01 00:00:02'",
        "p1, 11", "p1, 10");
    assertRows(c, "SELECT id, \"price\" FROM price_history LIMIT 2", "p1, 12", "p1, 11");
    run(c, "CREATE VIEW price_last2 (id VARCHAR PRIMARY KEY, \"f\".\"price\" INTEGER, ts BIGINT ROW_TIMESTAMP)"
        + " STORE_TABLE='prices', VALUE_FORMAT='STRING', READ_VERSIONS=2");
    assertRows(c, "SELECT id, \"price\", ts FROM price_last2", "p1, 12, 3000", "p1, 11, 2000", "p2, 20, 2500");
    assertFails(c, "0A000", "DELETE FROM price_history WHERE id = 'p1'", "PRICE_HISTORY", "READ_VERSIONS");
    assertFails(c, "0A000", "UPDATE price_history SET \"price\" = 1", "PRICE_HISTORY", "READ_VERSIONS");
  }

  @Test
  void aDynamicFamilyWithVersionsHasARowPerCellVersion() throws Exception {
    Table t = RawTables.create(store, "shop", "info", "item");
    putAt(t, "S1", 1000, "item:I1", "new", "item:I2", "new");
    putAt(t, "S1", 2000, "item:I1", "sale");
    run(c, "CREATE VIEW shop_item_history (shop_id VARCHAR NOT NULL, item_id VARCHAR NOT NULL, type VARCHAR,"
        + " changed TIMESTAMP ROW_TIMESTAMP, CONSTRAINT pk PRIMARY KEY (shop_id, item_id))"
        + " STORE_TABLE='shop', DYNAMIC_FAMILY='item', VALUE_FORMAT='STRING', READ_VERSIONS='ALL'");
    assertRows(c, "SELECT item_id, type, changed FROM shop_item_history WHERE shop_id = 'S1'",
        "I1, sale, 1970-01-01 00:00:02.000", "I1, new, 1970-01-01 00:00:01.000", "I2, new, 1970-01-01 00:00:01.000");
    assertRows(c, "SELECT item_id, type FROM shop_item_history WHERE item_id = 'I1'"
        + " AND changed < TIMESTAMP '1970-01-01 00:00:02'", "I1, new");
    // a new version of a cell, at its time
    assertFails(c, "23505", "INSERT INTO shop_item_history VALUES ('S1', 'I2', 'gone', TIMESTAMP '1970-01-01 00:00:05')",
        "SHOP_ITEM_HISTORY", "exists");
    run(c, "UPSERT INTO shop_item_history VALUES ('S1', 'I2', 'gone', TIMESTAMP '1970-01-01 00:00:05')");
    assertEquals(List.of("item:I1@2000=sale", "item:I1@1000=new", "item:I2@5000=gone", "item:I2@1000=new"),
        versions(t, "S1"));
  }

  /** The VERSIONS hint reads any table as READ_VERSIONS does: each version a row. */
  @Test
  void versionsHintGivesARowPerVersionOfATable() throws Exception {
    run(c, "CREATE TABLE price (id VARCHAR PRIMARY KEY, p.amount INTEGER, p.note VARCHAR, wtime TIMESTAMP ROW_TIMESTAMP)"
        + " VERSIONS=5");
    run(c, "UPSERT INTO price (id, amount, note, wtime) VALUES ('a', 1, 'x', TIMESTAMP '2020-01-01 00:00:00')",
        "UPSERT INTO price (id, amount, wtime) VALUES ('a', 2, TIMESTAMP '2021-01-01 00:00:00')",
        "UPSERT INTO price (id, amount, wtime) VALUES ('a', 3, TIMESTAMP '2022-01-01 00:00:00')",
        "UPSERT INTO price (id, amount, wtime) VALUES ('b', 7, TIMESTAMP '2021-06-01 00:00:00')");
    // each version is the row as it was after that write, newest first, in key order
    Check.check(c, "SELECT id, amount, note, wtime FROM price /*+ VERSIONS */").explainContains("versions=[ALL]")
        .returns("a, 3, x, 2022-01-01 00:00:00.000", "a, 2, x, 2021-01-01 00:00:00.000",
            "a, 1, x, 2020-01-01 00:00:00.000", "b, 7, null, 2021-06-01 00:00:00.000");
    assertRows(c, "SELECT amount FROM price /*+ VERSIONS(2) */ WHERE id = 'a'", "3", "2");
    assertRows(c, "SELECT id, amount FROM price /*+ VERSIONS('ALL') */ WHERE wtime BETWEEN TIMESTAMP '2020-06-01 00:00:00'"
        + " AND TIMESTAMP '2021-12-31 00:00:00'", "a, 2", "b, 7");
    assertRows(c, "SELECT COUNT(*) FROM price /*+ VERSIONS */", "4");
    // the history beside the present row
    assertRows(c, "SELECT n.amount, o.amount FROM price n JOIN price /*+ VERSIONS */ o ON n.id = o.id WHERE n.id = 'a'",
        "3, 3", "3, 2", "3, 1");
    assertRows(c, "SELECT amount FROM price /*+ VERSIONS */ FOR SYSTEM_TIME AS OF TIMESTAMP '2021-06-01 00:00:00' "
        + "WHERE id = 'a'", "2", "1");
    assertRows(c, "SELECT id, amount FROM price", "a, 3", "b, 7");
    assertFails(c, "42000", "SELECT * FROM price /*+ VERSIONS(0) */", "VERSIONS", "PRICE");
  }

  @Test
  void writingTheRowTimestampSetsTheCellsTime() throws Exception {
    run(c, "CREATE TABLE price (id VARCHAR PRIMARY KEY, p.amount INTEGER, p.note VARCHAR, wtime TIMESTAMP ROW_TIMESTAMP)"
        + " VERSIONS=5");
    run(c, "INSERT INTO price (id, amount, wtime) VALUES ('a', 1, TIMESTAMP '2020-01-01 00:00:00')");
    run(c, "UPSERT INTO price (id, amount, wtime) VALUES ('a', 2, TIMESTAMP '2021-01-01 00:00:00')");
    long y2020 = java.time.Instant.parse("2020-01-01T00:00:00Z").toEpochMilli();
    long y2021 = java.time.Instant.parse("2021-01-01T00:00:00Z").toEpochMilli();
    Table raw = store.table("PRICE");
    String key;
    try (var scanner = raw.scanner(new dev.cellar.storage.Scan())) {
      key = Bytes.toString(scanner.next().row());
    }
    assertEquals(List.of("P:AMOUNT@" + y2021 + "=\\x00\\x00\\x00\\x02", "P:AMOUNT@" + y2020 + "=\\x00\\x00\\x00\\x01",
        "P:_0@" + y2021 + "=", "P:_0@" + y2020 + "="), versions(raw, key));
    assertRows(c, "SELECT amount, wtime FROM price", "2, 2021-01-01 00:00:00.000");
    assertRows(c, "SELECT amount FROM price FOR SYSTEM_TIME AS OF TIMESTAMP '2020-06-01 00:00:00'", "1");
    // a write without the column is at the statement's time, now
    long before = System.currentTimeMillis();
    run(c, "UPDATE price SET note = 'x'");
    List<List<Object>> rows = Sql.rows(c, "SELECT wtime FROM price");
    long at = ((java.sql.Timestamp) rows.get(0).get(0)).getTime();
    assertEquals(true, at >= before && at <= System.currentTimeMillis() + 1000, "at " + at + " before " + before);
    // an update that sets it writes the changed cells at that time
    run(c, "UPDATE price SET amount = 3, wtime = TIMESTAMP '2019-01-01 00:00:00'");
    assertRows(c, "SELECT amount FROM price", "2");
    assertRows(c, "SELECT amount FROM price FOR SYSTEM_TIME AS OF TIMESTAMP '2019-06-01 00:00:00'", "3");
  }

  @Test
  void writingTheRowTimestampOfAMapping() throws Exception {
    Table t = prices();
    run(c, "UPSERT INTO prices (id, \"price\", ts) VALUES ('p3', 30, TIMESTAMP '1970-01-01 00:00:04')");
    assertEquals(List.of("f:price@4000=30"), versions(t, "p3"));
    assertFails(c, "22003", "UPSERT INTO prices (id, \"price\", ts) VALUES ('p4', 1, TIMESTAMP '1969-12-31 00:00:00')",
        "TS", "PRICES");
  }

  @Test
  void aConnectionAtAnScnReadsThePast() throws Exception {
    prices();
    try (Connection past = DriverManager.getConnection(url + ";currentScn=2001")) {
      Check.check(past, "SELECT id, \"price\" FROM prices").explainContains("BEFORE SCN 2001").returns("p1, 11");
      assertRows(past, "SELECT id, \"price\" FROM prices FOR SYSTEM_TIME AS OF TIMESTAMP '1970-01-01 00:00:01'",
          "p1, 10");
      assertFails(past, "0A000", "UPSERT INTO prices (id, \"price\") VALUES ('p9', 1)", "currentScn", "PRICES");
    }
    assertRows(c, "SELECT id, \"price\" FROM prices", "p1, 12", "p2, 20");
  }

  @Test
  void rowTimestampDeclarationsAreChecked() throws Exception {
    assertFails(c, "42000", "CREATE TABLE t1 (id VARCHAR PRIMARY KEY, ts VARCHAR ROW_TIMESTAMP)", "TS", "TIMESTAMP",
        "BIGINT");
    assertFails(c, "42000", "CREATE TABLE t1 (id VARCHAR NOT NULL, ts TIMESTAMP ROW_TIMESTAMP,"
        + " CONSTRAINT pk PRIMARY KEY (id, ts))", "TS", "primary key");
    assertFails(c, "42000", "CREATE TABLE t1 (id VARCHAR PRIMARY KEY, f.ts TIMESTAMP ROW_TIMESTAMP)", "TS", "family");
    assertFails(c, "42000", "CREATE TABLE t1 (id VARCHAR PRIMARY KEY, a TIMESTAMP ROW_TIMESTAMP,"
        + " b BIGINT ROW_TIMESTAMP)", "B", "has one already, A");
    prices();
    assertFails(c, "22023", "CREATE VIEW v2 (id VARCHAR PRIMARY KEY, \"f\".\"price\" INTEGER) STORE_TABLE='prices',"
        + " READ_VERSIONS='some'", "READ_VERSIONS", "V2");
    run(c, "CREATE TABLE t2 (id VARCHAR PRIMARY KEY, v INTEGER)");
    run(c, "ALTER TABLE t2 ADD changed TIMESTAMP ROW_TIMESTAMP");
    run(c, "INSERT INTO t2 (id, v, changed) VALUES ('x', 1, TIMESTAMP '2001-01-01 00:00:00')");
    assertRows(c, "SELECT * FROM t2", "x, 1, 2001-01-01 00:00:00.000");
    run(c, "ALTER TABLE t2 DROP COLUMN changed");
    assertRows(c, "SELECT * FROM t2", "x, 1");
  }

  @Test
  void theCatalogKeepsTimeColumnsAcrossARestart(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    String file = "jdbc:cellar:file:" + dir.resolve("db");
    try (Connection f = DriverManager.getConnection(file)) {
      run(f, "CREATE TABLE t (id VARCHAR PRIMARY KEY, v INTEGER, wtime BIGINT ROW_TIMESTAMP)");
      run(f, "INSERT INTO t VALUES ('x', 1, 42)");
      CellarStore s = CellarDriver.database(f).store();
      RawTables.create(s, "raw", "f");
      putAt(s.table("raw"), "r", 7, "f:q", "a");
      putAt(s.table("raw"), "r", 8, "f:q", "b");
      run(f, "CREATE VIEW h (k VARCHAR PRIMARY KEY, \"f\".\"q\" VARCHAR, wtime BIGINT ROW_TIMESTAMP) STORE_TABLE='raw',"
          + " VALUE_FORMAT='STRING', READ_VERSIONS=5");
    }
    try (Connection f = DriverManager.getConnection(file)) {
      assertRows(f, "SELECT * FROM t", "x, 1, 42");
      assertRows(f, "SELECT * FROM h", "r, b, 8", "r, a, 7");
      try (ResultSet rs = f.getMetaData().getColumns(null, "PUBLIC", "H", null)) {
        int n = 0;
        while (rs.next()) {
          n++;
        }
        assertEquals(3, n);
      }
    }
  }
}
