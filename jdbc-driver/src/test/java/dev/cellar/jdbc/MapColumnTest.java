package dev.cellar.jdbc;

import static dev.cellar.jdbc.RawTables.shellPut;
import static dev.cellar.jdbc.Sql.assertFails;
import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code MAP<VARCHAR, V>} columns ({@code sql-planner/docs/sql.md}, "MAP columns"): a whole family
 * as one column, each cell an entry whose qualifier is the key, read with {@code item['I42']}.
 */
class MapColumnTest extends FreshStoreTest {
  /**
   * {@code family:qualifier=value} of every cell of {@code family} in the rows whose key starts
   * with {@code row} (a SQL table's VARCHAR key may carry a terminator), values as text.
   */
  private List<String> cells(String table, byte[] row, String family) {
    List<String> out = new ArrayList<>();
    try (ResultScanner rs = store.table(table).scanner(new Scan().setRowPrefix(row).addFamily(Bytes.toBytes(family)))) {
      for (Result r : rs) {
        for (Cell cell : r.cells()) {
          out.add(Bytes.toString(cell.family()) + ":" + Bytes.toString(cell.qualifier()) + "="
              + new String(cell.value(), StandardCharsets.UTF_8));
        }
      }
    }
    return out;
  }

  private void shop() throws Exception {
    run(c, "CREATE TABLE shop (shop_id VARCHAR PRIMARY KEY, info.name VARCHAR, item MAP<VARCHAR, VARCHAR>)",
        "INSERT INTO shop VALUES ('S1', 'Corner', MAP['I42', 'sale', 'I7', 'new', 'I1', 'old']), "
            + "('S2', 'Market', MAP['I1', 'new']), ('S3', 'Empty', NULL)");
  }

  @Test
  void aMapIsAFamilyAndEachEntryACell() throws Exception {
    shop();
    assertRows(c, "SELECT shop_id, item['I42'], item['I1'], item['nope'] FROM shop ORDER BY shop_id",
        "S1, sale, old, null", "S2, null, new, null", "S3, null, null, null");
    // the entries are the cells of family ITEM, qualifier = key, value = the value
    assertEquals(List.of("ITEM:I1=old", "ITEM:I42=sale", "ITEM:I7=new"),
        cells("SHOP", new byte[] {'S', '1'}, "ITEM"));
    assertEquals(List.of(), cells("SHOP", new byte[] {'S', '3'}, "ITEM"));
    try (ResultSet rs = c.createStatement().executeQuery("SELECT item FROM shop WHERE shop_id = 'S1'")) {
      assertTrue(rs.next());
      Map<?, ?> m = assertInstanceOf(Map.class, rs.getObject(1));
      assertEquals(Map.of("I1", "old", "I42", "sale", "I7", "new"), m);
      // entries come in key (qualifier) order
      assertEquals(List.of("I1", "I42", "I7"), new ArrayList<>(m.keySet()));
    }
    // a row without entries has a NULL map
    assertRows(c, "SELECT shop_id FROM shop WHERE item IS NULL", "S3");
    assertRows(c, "SELECT shop_id FROM shop WHERE item['I1'] = 'new'", "S2");
    assertRows(c, "SELECT COUNT(item), COUNT(*) FROM shop", "2, 3");
    assertRows(c, "SELECT CARDINALITY(item) FROM shop WHERE shop_id = 'S1'", "3");
  }

  @Test
  void writingAMapReplacesItsEntries() throws Exception {
    shop();
    run(c, "UPSERT INTO shop (shop_id, item) VALUES ('S1', MAP['I9', 'hot'])");
    assertEquals(List.of("ITEM:I9=hot"), cells("SHOP", new byte[] {'S', '1'}, "ITEM"));
    assertRows(c, "SELECT name, item['I9'], item['I42'] FROM shop WHERE shop_id = 'S1'", "Corner, hot, null");
    // an UPSERT that leaves the map out keeps it
    run(c, "UPSERT INTO shop (shop_id, name) VALUES ('S1', 'Corner 2')");
    assertRows(c, "SELECT name, item['I9'] FROM shop WHERE shop_id = 'S1'", "Corner 2, hot");
    run(c, "UPDATE shop SET item = MAP['A', 'x', 'B', 'y'] WHERE shop_id = 'S2'");
    assertEquals(List.of("ITEM:A=x", "ITEM:B=y"), cells("SHOP", new byte[] {'S', '2'}, "ITEM"));
    run(c, "UPDATE shop SET item = NULL WHERE shop_id = 'S2'");
    assertEquals(List.of(), cells("SHOP", new byte[] {'S', '2'}, "ITEM"));
    assertRows(c, "SELECT shop_id, name FROM shop WHERE shop_id = 'S2'", "S2, Market");
    run(c, "DELETE FROM shop WHERE shop_id = 'S1'");
    assertEquals(List.of(), cells("SHOP", new byte[] {'S', '1'}, "ITEM"));
    // a changed key moves the entries with the row
    run(c, "UPSERT INTO shop VALUES ('S4', 'New', MAP['K', 'v'])", "UPDATE shop SET shop_id = 'S5' WHERE shop_id = 'S4'");
    assertRows(c, "SELECT shop_id, item['K'] FROM shop WHERE shop_id >= 'S4'", "S5, v");
  }

  @Test
  void typedValuesAndParameters() throws Exception {
    run(c, "CREATE TABLE stock (shop_id VARCHAR PRIMARY KEY, qty MAP<VARCHAR, INTEGER>, price MAP<VARCHAR, DECIMAL(8,2)>)");
    run(c, "INSERT INTO stock VALUES ('S1', MAP['I1', 3, 'I2', 40], MAP['I1', 1.5])");
    try (PreparedStatement ps = c.prepareStatement("UPSERT INTO stock (shop_id, qty) VALUES (?, ?)")) {
      ps.setString(1, "S2");
      ps.setObject(2, Map.of("I1", 7));
      assertEquals(1, ps.executeUpdate());
    }
    assertRows(c, "SELECT shop_id, qty['I1'] * 2, qty['I2'], price['I1'] FROM stock ORDER BY shop_id",
        "S1, 6, 40, 1.50", "S2, 14, null, null");
    assertRows(c, "SELECT SUM(qty['I1']) FROM stock", "10");
    try (PreparedStatement ps = c.prepareStatement("SELECT shop_id FROM stock WHERE qty[CAST(? AS VARCHAR)] > ?")) {
      ps.setString(1, "I2");
      ps.setInt(2, 10);
      try (ResultSet rs = ps.executeQuery()) {
        assertTrue(rs.next());
        assertEquals("S1", rs.getString(1));
      }
    }
  }

  /** The seed's shop row ({@code item:<item_id>=<type>}, written as the shell writes) mapped without copying. */
  @Test
  void mapsAFamilyOfAStoreTable() throws Exception {
    Table t = RawTables.create(store, "shop", "info", "item");
    shellPut(t, "S1", "info:name", "Corner", "item:I1", "old", "item:I42", "sale");
    shellPut(t, "S2", "info:name", "Market", "item:I1", "new");
    run(c, "CREATE VIEW shops (shop_id VARCHAR PRIMARY KEY, \"info\".name VARCHAR, \"item\".items MAP<VARCHAR, VARCHAR>)"
        + " STORE_TABLE='shop', VALUE_FORMAT='STRING'");
    Check.check(c, "SELECT items['I42'] FROM shops WHERE shop_id = 'S1'").explainContains("GET", "item")
        .returns("sale");
    assertRows(c, "SELECT shop_id FROM shops WHERE items['I1'] = 'new'", "S2");
    run(c, "UPSERT INTO shops (shop_id, items) VALUES ('S2', MAP['I5', 'sale'])");
    assertEquals(List.of("item:I5=sale"), cells("shop", new byte[] {'S', '2'}, "item"));
    assertEquals(List.of("info:name=Market"), cells("shop", new byte[] {'S', '2'}, "info"));
    // a family named as the column needs no family prefix
    run(c, "CREATE VIEW shops2 (shop_id VARCHAR PRIMARY KEY, \"item\" MAP<VARCHAR, VARCHAR>) STORE_TABLE='shop',"
        + " VALUE_FORMAT='STRING', READ_ONLY=TRUE");
    assertRows(c, "SELECT shop_id, \"item\"['I5'] FROM shops2 ORDER BY shop_id", "S1, null", "S2, sale");
  }

  @Test
  void columnsAndMetadata() throws Exception {
    shop();
    try (ResultSet rs = c.getMetaData().getColumns(null, null, "SHOP", "ITEM")) {
      assertTrue(rs.next());
      assertEquals(Types.OTHER, rs.getInt("DATA_TYPE"));
      assertEquals("MAP", rs.getString("TYPE_NAME"));
    }
    run(c, "ALTER TABLE shop ADD tags MAP<VARCHAR, BOOLEAN>", "UPSERT INTO shop (shop_id, tags) VALUES ('S2', MAP['x', TRUE])");
    assertRows(c, "SELECT tags['x'] FROM shop WHERE shop_id = 'S2'", "true");
    run(c, "ALTER TABLE shop DROP COLUMN tags", "ALTER TABLE shop ADD tags MAP<VARCHAR, BOOLEAN>");
    assertRows(c, "SELECT COUNT(*) FROM shop WHERE tags IS NOT NULL", "0");
  }

  @Test
  void survivesAReopen(@TempDir Path dir) throws Exception {
    String url = "jdbc:cellar:file:" + dir;
    try (Connection f = Sql.connect(url)) {
      run(f, "CREATE TABLE stock (shop_id VARCHAR PRIMARY KEY, qty MAP<VARCHAR, DECIMAL(6,1)>)",
          "INSERT INTO stock VALUES ('S1', MAP['a', 1.5, 'b', 20])");
    }
    try (Connection f = Sql.connect(url)) {
      assertRows(f, "SELECT qty['a'], qty['b'] FROM stock", "1.5, 20.0");
      try (ResultSet rs = f.getMetaData().getColumns(null, null, "STOCK", "QTY")) {
        assertTrue(rs.next());
        assertEquals("MAP", rs.getString("TYPE_NAME"));
      }
    }
  }

  /** Indexes of a table with a MAP column follow its other columns, and may key on an entry. */
  @Test
  void indexesBesideAMap() throws Exception {
    shop();
    run(c, "CREATE INDEX by_name ON shop (name) INCLUDE (shop_id)", "CREATE INDEX by_i1 ON shop (item['I1'])");
    Check.check(c, "SELECT shop_id, item['I42'] FROM shop WHERE name = 'Corner'").explainContains("BY_NAME")
        .returns("S1, sale");
    Check.check(c, "SELECT shop_id FROM shop WHERE item['I1'] = 'new'").explainContains("BY_I1").returns("S2");
    run(c, "UPSERT INTO shop (shop_id, item) VALUES ('S1', MAP['I1', 'new'])", "UPDATE shop SET item = NULL "
        + "WHERE shop_id = 'S2'");
    Check.check(c, "SELECT shop_id FROM shop WHERE item['I1'] = 'new'").explainContains("BY_I1").returns("S1");
    try (java.sql.Statement st = c.createStatement()) {
      assertEquals(0, st.executeUpdate("ALTER INDEX by_name ON shop VERIFY"));
      assertEquals(0, st.executeUpdate("ALTER INDEX by_i1 ON shop VERIFY"));
    }
  }

  @Test
  void refusedDeclarations() throws Exception {
    assertFails(c, "42000", "CREATE TABLE t1 (m MAP<VARCHAR, INTEGER> PRIMARY KEY, v INTEGER)", "M", "primary key");
    assertFails(c, "0A000", "CREATE TABLE t2 (id INTEGER PRIMARY KEY, m MAP<INTEGER, INTEGER>)", "M", "VARCHAR");
    assertFails(c, "42000", "CREATE TABLE t3 (id INTEGER PRIMARY KEY, m MAP<VARCHAR, INTEGER>, m.x INTEGER)",
        "X", "family M");
    assertFails(c, "42000", "CREATE TABLE t4 (id INTEGER PRIMARY KEY, \"0\".m MAP<VARCHAR, INTEGER>)",
        "M", "marker");
    shop();
    assertFails(c, "0A000", "CREATE INDEX by_item ON shop (item)", "ITEM", "MAP");
    assertFails(c, "22004", "UPSERT INTO shop (shop_id, item) VALUES ('S9', MAP[CAST(NULL AS VARCHAR), 'x'])",
        "NULL key", "ITEM", "SHOP");
  }
}
