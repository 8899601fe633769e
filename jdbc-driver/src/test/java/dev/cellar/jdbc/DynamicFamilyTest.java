package dev.cellar.jdbc;

import static dev.cellar.jdbc.RawTables.shellPut;
import static dev.cellar.jdbc.Sql.assertFails;
import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.Table;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Views with {@code DYNAMIC_FAMILY} ({@code sql-planner/docs/mapping.md}): the seed schemas' wide
 * rows (SEEDS §6, {@code shop} with {@code item:<item_id>=<type>}, {@code user} with
 * {@code fans:<user_id>=<type>}) read and written as relations of one row per cell.
 */
class DynamicFamilyTest extends FreshStoreTest {
  /** {@code family:qualifier=value} of every cell of a raw row. */
  private static List<String> cells(Table t, String row) {
    Result r = t.get(new Get(Bytes.toBytes(row)));
    List<String> out = new ArrayList<>();
    for (Cell cell : r.cells()) {
      out.add(Bytes.toString(cell.family()) + ":" + Bytes.toString(cell.qualifier()) + "="
          + new String(cell.value(), StandardCharsets.UTF_8));
    }
    return out;
  }

  private Table shop() throws Exception {
    Table t = raw("shop", "info", "item");
    shellPut(t, "S1", "info:name", "Corner", "info:address", "1 Main St", "item:I1", "old", "item:I42", "sale",
        "item:I7", "new");
    shellPut(t, "S2", "info:name", "Market", "item:I1", "new");
    shellPut(t, "S3", "info:name", "Empty");
    run(c, "CREATE VIEW shop_item (shop_id VARCHAR NOT NULL, item_id VARCHAR NOT NULL, type VARCHAR,"
        + " CONSTRAINT pk PRIMARY KEY (shop_id, item_id))"
        + " STORE_TABLE='shop', DYNAMIC_FAMILY='item', VALUE_FORMAT='STRING'");
    return t;
  }

  @Test
  void everyCellOfTheFamilyIsARow() throws Exception {
    shop();
    Check.check(c, "SELECT * FROM shop_item").explainContains("FULL SCAN")
        .returns("S1, I1, old", "S1, I42, sale", "S1, I7, new", "S2, I1, new");
    assertRows(c, "SELECT COUNT(*), COUNT(DISTINCT shop_id) FROM shop_item", "4, 2");
    assertRows(c, "SELECT shop_id, COUNT(*) FROM shop_item GROUP BY shop_id ORDER BY shop_id", "S1, 3", "S2, 1");
    assertRows(c, "SELECT item_id FROM shop_item WHERE type = 'new' ORDER BY item_id", "I1", "I7");
    assertRows(c, "SELECT * FROM shop_item ORDER BY shop_id DESC, item_id DESC",
        "S2, I1, new", "S1, I7, new", "S1, I42, sale", "S1, I1, old");
  }

  @Test
  void aLimitCountsRowsNotStoreRows() throws Exception {
    shop();
    assertRows(c, "SELECT item_id FROM shop_item LIMIT 2", "I1", "I42");
    assertRows(c, "SELECT item_id FROM shop_item ORDER BY shop_id LIMIT 2", "I1", "I42");
    assertRows(c, "SELECT shop_id, item_id FROM shop_item LIMIT 2 OFFSET 2", "S1, I7", "S2, I1");
    assertRows(c, "SELECT COUNT(*) FROM (SELECT * FROM shop_item LIMIT 3)", "3");
  }

  @Test
  void aRowkeyBoundReadsOneStoreRow() throws Exception {
    shop();
    Check.check(c, "SELECT item_id, type FROM shop_item WHERE shop_id = 'S1'").explainContains("GET")
        .returns("I1, old", "I42, sale", "I7, new");
    Check.check(c, "SELECT type FROM shop_item WHERE shop_id = 'S1' AND item_id = 'I42'").explainContains("GET")
        .returns("sale");
    Check.check(c, "SELECT item_id FROM shop_item WHERE shop_id = 'S1' AND item_id BETWEEN 'I1' AND 'I5'")
        .explainContains("GET").returns("I1", "I42");
    assertRows(c, "SELECT item_id FROM shop_item WHERE shop_id = 'S3'");
    assertRows(c, "SELECT item_id FROM shop_item WHERE shop_id = 'S1' AND item_id = 'I9'");
    assertRows(c, "SELECT item_id FROM shop_item WHERE shop_id = 'S1' AND item_id = 'I1'", "I1");
    assertRows(c, "SELECT item_id FROM shop_item WHERE shop_id = 'S1' AND item_id > 'I1' AND item_id <= 'I7'",
        "I42", "I7");
    assertRows(c, "SELECT item_id FROM shop_item WHERE shop_id = 'S1' AND 'I42' > item_id", "I1");
    assertRows(c, "SELECT shop_id FROM shop_item WHERE item_id = 'I1'", "S1", "S2");
  }

  @Test
  void aQualifierRangeReadsOnlyItsCells() throws Exception {
    shop();
    Check.check(c, "SELECT shop_id, item_id FROM shop_item WHERE item_id >= 'I4' AND item_id < 'I5'")
        .explainContains("ITEM_ID >= 'I4'", "ITEM_ID < 'I5'").returns("S1, I42");
    Check.check(c, "SELECT shop_id, type FROM shop_item WHERE item_id = 'I1'").explainContains("ITEM_ID = 'I1'")
        .returns("S1, old", "S2, new");
    assertRows(c, "SELECT shop_id, item_id FROM shop_item WHERE item_id > 'I1' ORDER BY shop_id DESC",
        "S1, I42", "S1, I7");
    assertRows(c, "SELECT shop_id FROM shop_item WHERE item_id < 'I0'");
    try (java.sql.PreparedStatement ps = c.prepareStatement(
        "SELECT shop_id, item_id FROM shop_item WHERE item_id BETWEEN ? AND ?")) {
      ps.setString(1, "I2");
      ps.setString(2, "I8");
      try (java.sql.ResultSet rs = ps.executeQuery()) {
        List<String> got = new ArrayList<>();
        while (rs.next()) {
          got.add(rs.getString(1) + ", " + rs.getString(2));
        }
        assertEquals(List.of("S1, I42", "S1, I7"), got);
      }
    }
    run(c, "INSERT INTO shop_item VALUES ('S2', '\uE000', 'a'), ('S2', '\uD83D\uDE00', 'b')");
    // Java strings sort U+1F600 (a surrogate pair) before U+E000, UTF-8 after it: SQL's order decides
    assertRows(c, "SELECT type FROM shop_item WHERE shop_id = 'S2' AND item_id < '\uE000' ORDER BY type", "b", "new");
    assertRows(c, "SELECT type FROM shop_item WHERE shop_id = 'S2' AND item_id > '\uD83D\uDE00'", "a");
  }

  @Test
  void insertWritesExactlyOneCell() throws Exception {
    Table t = shop();
    run(c, "INSERT INTO shop_item VALUES ('S1', 'I43', 'new')");
    assertEquals(List.of("info:address=1 Main St", "info:name=Corner", "item:I1=old", "item:I42=sale",
        "item:I43=new", "item:I7=new"), cells(t, "S1"));
    run(c, "INSERT INTO shop_item VALUES ('S3', 'I9', 'x'), ('S3', 'I8', 'y')");
    assertEquals(List.of("info:name=Empty", "item:I8=y", "item:I9=x"), cells(t, "S3"));
    run(c, "INSERT INTO shop_item VALUES ('S4', 'I1', 'z')");
    assertEquals(List.of("item:I1=z"), cells(t, "S4"));
    assertFails(c, "23505", "INSERT INTO shop_item VALUES ('S1', 'I42', 'again')");
    assertFails(c, "23505", "INSERT INTO shop_item VALUES ('S5', 'I1', 'a'), ('S5', 'I1', 'b')");
    assertFails(c, "23502", "INSERT INTO shop_item (shop_id, item_id) VALUES ('S5', 'I1')");
    assertEquals(List.of(), cells(t, "S5"));
    run(c, "UPSERT INTO shop_item VALUES ('S1', 'I42', 'clearance')");
    assertRows(c, "SELECT type FROM shop_item WHERE shop_id = 'S1' AND item_id = 'I42'", "clearance");
  }

  @Test
  void whichShopsSellAnItemThroughAnIndexNotAReverseTable() throws Exception {
    Table t = shop();
    assertEquals(4, c.createStatement().executeLargeUpdate("CREATE INDEX shops_by_item ON shop_item (item_id)"));
    Check.check(c, "SELECT shop_id, type FROM shop_item WHERE item_id = 'I1'")
        .explainContains("INDEX SHOPS_BY_ITEM PREFIX SCAN (ITEM_ID = 'I1')", "then rows of SHOP_ITEM by key")
        .returns("S1, old", "S2, new");
    Check.check(c, "SELECT shop_id FROM shop_item WHERE item_id = 'I42'").explainContains("covers the query")
        .returns("S1");
    // writes through the view keep the index: a new cell, a changed value, a moved qualifier, a deleted cell
    run(c, "INSERT INTO shop_item VALUES ('S3', 'I42', 'new')",
        "UPSERT INTO shop_item VALUES ('S2', 'I1', 'sale')",
        "UPDATE shop_item SET item_id = 'I99' WHERE shop_id = 'S1' AND item_id = 'I7'");
    assertFails(c, "23505", "INSERT INTO shop_item VALUES ('S3', 'I42', 'dup')");
    run(c, "DELETE FROM shop_item WHERE shop_id = 'S1' AND item_id = 'I1'");
    Check.check(c, "SELECT shop_id, type FROM shop_item WHERE item_id = 'I42'").returns("S1, sale", "S3, new");
    Check.check(c, "SELECT shop_id, type FROM shop_item WHERE item_id = 'I1'").returns("S2, sale");
    Check.check(c, "SELECT shop_id FROM shop_item WHERE item_id = 'I99'").returns("S1");
    Check.check(c, "SELECT shop_id FROM shop_item WHERE item_id = 'I7'").returns();
    assertEquals(List.of("info:address=1 Main St", "info:name=Corner", "item:I42=sale", "item:I99=new"),
        cells(t, "S1"));
    run(c, "CREATE INDEX items_by_type ON shop_item (type)");
    Check.check(c, "SELECT shop_id, item_id FROM shop_item WHERE type = 'sale'").explainContains("ITEMS_BY_TYPE")
        .returns("S1, I42", "S2, I1");
    assertEquals(0, c.createStatement().executeLargeUpdate("ALTER INDEX shops_by_item ON shop_item VERIFY"));
    assertEquals(0, c.createStatement().executeLargeUpdate("ALTER INDEX items_by_type ON shop_item VERIFY"));
  }

  @Test
  void deleteAndUpdateTouchOnlyTheirCells() throws Exception {
    Table t = shop();
    run(c, "DELETE FROM shop_item WHERE shop_id = 'S1' AND item_id = 'I42'");
    assertEquals(List.of("info:address=1 Main St", "info:name=Corner", "item:I1=old", "item:I7=new"),
        cells(t, "S1"));
    run(c, "UPDATE shop_item SET type = 'gone' WHERE item_id = 'I1'");
    assertEquals(List.of("info:address=1 Main St", "info:name=Corner", "item:I1=gone", "item:I7=new"),
        cells(t, "S1"));
    assertEquals(List.of("info:name=Market", "item:I1=gone"), cells(t, "S2"));
    run(c, "UPDATE shop_item SET item_id = 'I70' WHERE shop_id = 'S1' AND item_id = 'I7'");
    assertEquals(List.of("info:address=1 Main St", "info:name=Corner", "item:I1=gone", "item:I70=new"),
        cells(t, "S1"));
    assertFails(c, "23505", "UPDATE shop_item SET item_id = 'I1' WHERE shop_id = 'S1' AND item_id = 'I70'");
    run(c, "DELETE FROM shop_item WHERE shop_id = 'S2'");
    assertEquals(List.of("info:name=Market"), cells(t, "S2"));
    assertRows(c, "SELECT * FROM shop_item", "S1, I1, gone", "S1, I70, new");
  }

  @Test
  void joinsWithAnItemTableMappedOverAnotherStoreTable() throws Exception {
    shop();
    Table item = raw("item", "info", "shop");
    shellPut(item, "I1", "info:name", "Pen", "info:price", "3", "shop:S1", "old", "shop:S2", "new");
    shellPut(item, "I42", "info:name", "Cup", "info:price", "8", "shop:S1", "sale");
    shellPut(item, "I7", "info:name", "Hat", "info:price", "12", "shop:S1", "new");
    run(c, "CREATE VIEW item (item_id VARCHAR PRIMARY KEY, \"info\".\"name\" VARCHAR, \"info\".\"price\" INTEGER)"
        + " STORE_TABLE='item', VALUE_FORMAT='STRING'");
    assertRows(c, "SELECT i.\"name\", i.\"price\", si.type FROM shop_item si JOIN item i ON i.item_id = si.item_id"
        + " WHERE si.shop_id = 'S1' ORDER BY i.\"price\"", "Pen, 3, old", "Cup, 8, sale", "Hat, 12, new");
    assertRows(c, "SELECT si.shop_id, SUM(i.\"price\") FROM shop_item si JOIN item i ON i.item_id = si.item_id"
        + " GROUP BY si.shop_id ORDER BY si.shop_id", "S1, 23", "S2, 3");
    run(c, "CREATE VIEW item_shop (item_id VARCHAR NOT NULL, shop_id VARCHAR NOT NULL, type VARCHAR,"
        + " CONSTRAINT pk PRIMARY KEY (item_id, shop_id)) STORE_TABLE='item', DYNAMIC_FAMILY='shop',"
        + " VALUE_FORMAT='STRING'");
    // both sides of the N:M relation agree
    assertRows(c, "SELECT COUNT(*) FROM shop_item si JOIN item_shop x"
        + " ON x.item_id = si.item_id AND x.shop_id = si.shop_id AND x.type = si.type", "4");
  }

  @Test
  void userFansAndMutualFans() throws Exception {
    Table t = raw("user", "info", "fans");
    shellPut(t, "u1", "info:nickname", "ann", "fans:u2", "close", "fans:u3", "casual");
    shellPut(t, "u2", "info:nickname", "bob", "fans:u1", "close");
    shellPut(t, "u3", "info:nickname", "cid", "fans:u4", "casual");
    shellPut(t, "u4", "info:nickname", "dee", "fans:u3", "close", "fans:u1", "casual");
    run(c, "CREATE VIEW \"user\" (id VARCHAR PRIMARY KEY, \"info\".\"nickname\" VARCHAR) VALUE_FORMAT='STRING'");
    run(c, "CREATE VIEW user_fans (user_id VARCHAR NOT NULL, fans_id VARCHAR NOT NULL, type VARCHAR,"
        + " CONSTRAINT pk PRIMARY KEY (user_id, fans_id)) STORE_TABLE='user', DYNAMIC_FAMILY='fans',"
        + " VALUE_FORMAT='STRING'");
    assertRows(c, "SELECT a.user_id, a.fans_id FROM user_fans a JOIN user_fans b"
        + " ON a.user_id = b.fans_id AND a.fans_id = b.user_id WHERE a.user_id < a.fans_id"
        + " ORDER BY a.user_id", "u1, u2", "u3, u4");
    assertRows(c, "SELECT u.\"nickname\" FROM user_fans f JOIN \"user\" u ON u.id = f.fans_id"
        + " WHERE f.user_id = 'u1' ORDER BY 1", "bob", "cid");
    assertRows(c, "SELECT user_id FROM user_fans WHERE fans_id = 'u1' ORDER BY 1", "u2", "u4");
  }

  @Test
  void aMillionFansInOneRowAreReadPageByPage() throws Exception {
    Table t = raw("user", "info", "fans");
    for (int page = 0; page < 100; page++) {
      Put p = new Put(Bytes.toBytes("star"));
      for (int i = 0; i < 10_000; i++) {
        p.addColumn(Bytes.toBytes("fans"), Bytes.toBytes(String.format("f%07d", page * 10_000 + i)),
            Bytes.toBytes("casual"));
      }
      t.put(p);
    }
    run(c, "CREATE VIEW user_fans (user_id VARCHAR NOT NULL, fans_id VARCHAR NOT NULL, type VARCHAR,"
        + " CONSTRAINT pk PRIMARY KEY (user_id, fans_id)) STORE_TABLE='user', DYNAMIC_FAMILY='fans',"
        + " VALUE_FORMAT='STRING'");
    // the first page of a user's fans comes from the first page of cells, not from the whole row
    String first = String.join("\n", Sql.strings(c, "EXPLAIN ANALYZE SELECT fans_id FROM user_fans "
        + "WHERE user_id = 'star' LIMIT 5"));
    assertTrue(first.contains("rows read 1, cells read 1024,"), first);
    assertRows(c, "SELECT fans_id FROM user_fans WHERE user_id = 'star' LIMIT 3", "f0000000", "f0000001", "f0000002");
    // all of them stream through, a page of 1,024 cells at a time
    String all = String.join("\n", Sql.strings(c, "EXPLAIN ANALYZE SELECT COUNT(*) FROM user_fans "
        + "WHERE user_id = 'star'"));
    assertTrue(all.contains("rows read 1, cells read 1000000,"), all);
    assertRows(c, "SELECT COUNT(*), MAX(fans_id) FROM user_fans WHERE user_id = 'star'", "1000000, f0999999");
  }

  @Test
  void theDdlSaysWhichColumnIsTheQualifier() throws Exception {
    raw("shop", "info", "item");
    assertFails(c, "42000", "CREATE VIEW v (shop_id VARCHAR PRIMARY KEY, type VARCHAR) STORE_TABLE='shop',"
        + " DYNAMIC_FAMILY='item'");
    assertFails(c, "42000", "CREATE VIEW v (s VARCHAR NOT NULL, i VARCHAR NOT NULL, a VARCHAR, b VARCHAR,"
        + " CONSTRAINT pk PRIMARY KEY (s, i)) STORE_TABLE='shop', DYNAMIC_FAMILY='item'");
    assertFails(c, "42000", "CREATE VIEW v (s VARCHAR NOT NULL, i VARCHAR NOT NULL, \"info\".a VARCHAR,"
        + " CONSTRAINT pk PRIMARY KEY (s, i)) STORE_TABLE='shop', DYNAMIC_FAMILY='item'");
    assertFails(c, "42S23", "CREATE VIEW v (s VARCHAR NOT NULL, i VARCHAR NOT NULL, a VARCHAR,"
        + " CONSTRAINT pk PRIMARY KEY (s, i)) STORE_TABLE='shop', DYNAMIC_FAMILY='nope'");
    run(c, "CREATE VIEW v (s VARCHAR NOT NULL, i VARCHAR NOT NULL, a VARCHAR,"
        + " CONSTRAINT pk PRIMARY KEY (s, i)) STORE_TABLE='shop', DYNAMIC_FAMILY='item'");
    assertFails(c, "0A000", "ALTER TABLE v ADD b VARCHAR");
  }
}
