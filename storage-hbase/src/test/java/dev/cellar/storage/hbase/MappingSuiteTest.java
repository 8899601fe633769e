package dev.cellar.storage.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cellar.jdbc.MappingSeeds;
import dev.cellar.jdbc.Sql;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The mapping suite on both backends ({@link Backends}): store tables written as the HBase shell
 * writes them (the seed schemas: files, category, shop/item, user/fans) mapped with
 * {@code CREATE VIEW}, dynamic families, MAP columns, and time and versions (ROW_TIMESTAMP,
 * FOR SYSTEM_TIME AS OF, READ_VERSIONS, the VERSIONS hint, {@code currentScn}). Rows, access
 * paths and the cells written are compared between the embedded engine and HBase.
 */
@Tag("jdbc")
class MappingSuiteTest {
  private static Backends db;

  @BeforeAll
  static void open() throws Exception {
    db = Backends.open();
  }

  @AfterAll
  static void close() throws Exception {
    db.close();
  }

  /** SEEDS §5: key userID(6) + time(8) + fileID(6), values as text. */
  @Test
  void filesSeedFixedWidthKeys() throws Exception {
    db.rawTable("files", "f");
    for (String[] r : MappingSeeds.files()) {
      db.shellPut("files", r[0] + r[1] + r[2], "f:name", r[3], "f:category", r[4], "f:size", r[5]);
    }
    db.run("CREATE VIEW \"files\" (user_id CHAR(6) NOT NULL, ctime CHAR(8) NOT NULL, file_id CHAR(6) NOT NULL,"
        + " \"f\".\"name\" VARCHAR, \"f\".\"category\" VARCHAR, \"f\".\"size\" INTEGER"
        + " CONSTRAINT pk PRIMARY KEY (user_id, ctime, file_id)) KEY_FORMAT='FIXED', VALUE_FORMAT='STRING'");
    db.query("SELECT file_id FROM \"files\" WHERE user_id = '000001' AND ctime BETWEEN '20120901' AND '20121001'"
        + " AND \"name\" LIKE '中国好声音%' AND \"category\" LIKE '综艺%' AND \"category\" LIKE '%浙江卫视'"
        + " ORDER BY file_id").path("RANGE SCAN (USER_ID = '000001', CTIME >= '20120901' AND CTIME <= '20121001')")
        .returns("000001", "000002", "000003", "000004", "000005", "000007");
    db.query("SELECT ctime, \"name\", \"size\" + 1 FROM \"files\" WHERE user_id = '000001' AND ctime = '20120909'"
        + " AND file_id = '000002'").path("GET").returns("20120909, 中国好声音第2期, 2049");
    db.query("SELECT COUNT(*), SUM(\"size\") FROM \"files\" WHERE user_id = '000002'").path("PREFIX SCAN")
        .returns("1, 2048");
    db.query("SELECT file_id FROM \"files\" WHERE \"size\" >= 4096").path("FULL SCAN")
        .returns("000003", "000007");
    // writes are what the shell writes, the same cells on both backends
    db.update(1, "INSERT INTO \"files\" VALUES ('000003', '20121101', '000012', '中国好声音第7期', '综艺-浙江卫视', 42)");
    db.update(1, "UPSERT INTO \"files\" (user_id, ctime, file_id, \"size\") VALUES ('000001', '20120902', '000001', -5)");
    assertEquals(List.of("f:category=综艺-浙江卫视", "f:name=中国好声音第7期", "f:size=42"),
        db.cells("files", "00000320121101000012".getBytes(), false));
    assertEquals(List.of("f:category=综艺-浙江卫视", "f:name=中国好声音第1期", "f:size=-5", "f:size=1024"),
        db.cells("files", "00000120120902000001".getBytes(), false));
    db.update(1, "UPDATE \"files\" SET \"category\" = NULL WHERE user_id = '000003'");
    assertEquals(List.of("f:name=中国好声音第7期", "f:size=42"),
        db.cells("files", "00000320121101000012".getBytes(), false));
    db.update(1, "DELETE FROM \"files\" WHERE user_id = '000003'");
    assertEquals(List.of(), db.cells("files", "00000320121101000012".getBytes(), false));
    db.fails("22000", "INSERT INTO \"files\" VALUES ('中国人', '20121101', '000012', 'x', 'y', 1)", "USER_ID",
        "files", "9 bytes");
    db.fails("23505", "INSERT INTO \"files\" VALUES ('000001', '20120902', '000001', 'x', 'y', 1)", "duplicate key");
    db.shellPut("files", "00000420121101000013", "f:name", "n", "f:size", "12kB");
    db.fails("22018", "SELECT \"size\" FROM \"files\" WHERE user_id = '000004'", "size", "files",
        "00000420121101000013", "12kB");
    db.query("SELECT \"name\" FROM \"files\" WHERE user_id = '000004'").returns("n");
  }

  /** SEEDS §6.1: {@code parent:<id>=<name>} lists all ancestors, {@code child:<id>=<name>} the children. */
  @Test
  void categorySeedDynamicFamilies() throws Exception {
    db.rawTable("category", "name", "parent", "child");
    db.shellPut("category", "1", "name:n", "animal", "child:2", "pig", "child:3", "cat", "child:4", "monkey",
        "child:5", "dog", "child:6", "tiger");
    db.shellPut("category", "2", "name:n", "pig", "parent:1", "animal");
    db.shellPut("category", "5", "name:n", "dog", "parent:1", "animal", "child:7", "red dog", "child:8", "black dog");
    db.shellPut("category", "6", "name:n", "tiger", "parent:1", "animal", "child:9", "tiger of northeast");
    db.shellPut("category", "7", "name:n", "red dog", "parent:1", "animal", "parent:5", "dog");
    db.shellPut("category", "9", "name:n", "tiger of northeast", "parent:1", "animal", "parent:6", "tiger");
    db.run("CREATE VIEW category (id VARCHAR PRIMARY KEY, \"name\".\"n\" VARCHAR) STORE_TABLE='category',"
            + " VALUE_FORMAT='STRING'",
        "CREATE VIEW category_child (id VARCHAR NOT NULL, child_id VARCHAR NOT NULL, child_name VARCHAR,"
            + " CONSTRAINT pk PRIMARY KEY (id, child_id)) STORE_TABLE='category', DYNAMIC_FAMILY='child',"
            + " VALUE_FORMAT='STRING'",
        "CREATE VIEW category_parent (id VARCHAR NOT NULL, parent_id VARCHAR NOT NULL, parent_name VARCHAR,"
            + " CONSTRAINT pk PRIMARY KEY (id, parent_id)) STORE_TABLE='category', DYNAMIC_FAMILY='parent',"
            + " VALUE_FORMAT='STRING'");
    db.query("SELECT child_name FROM category_child WHERE id = '1'").path("GET (ID = '1')")
        .returns("pig", "cat", "monkey", "dog", "tiger");
    db.query("SELECT id, child_id FROM category_child WHERE child_id >= '7'").path("FULL SCAN")
        .returns("5, 7", "5, 8", "6, 9");
    db.query("SELECT c.\"n\", p.parent_name FROM category c JOIN category_parent p ON p.id = c.id"
        + " WHERE c.id = '9' ORDER BY p.parent_id").returns("tiger of northeast, animal", "tiger of northeast, tiger");
    db.query("SELECT COUNT(*) FROM category_child").returns("8");
    db.query("SELECT id, COUNT(*) FROM category_parent GROUP BY id ORDER BY id")
        .returns("2, 1", "5, 1", "6, 1", "7, 2", "9, 2");
    // a new child: one cell in the family, written the same way on both
    db.update(1, "INSERT INTO category_child VALUES ('5', '10', 'white dog')");
    db.update(1, "UPDATE category_child SET child_name = 'dark dog' WHERE id = '5' AND child_id = '8'");
    db.update(1, "DELETE FROM category_child WHERE id = '5' AND child_id = '7'");
    assertEquals(List.of("child:10=white dog", "child:8=dark dog", "child:8=black dog", "name:n=dog",
        "parent:1=animal"),
        db.cells("category", "5".getBytes(), false));
  }

  /** SEEDS §6.2 and §6.4: shop/item (N:M) and user/fans (1:N) as wide rows. */
  @Test
  void shopItemAndUserFansSeeds() throws Exception {
    db.rawTable("shop", "info", "item");
    db.shellPut("shop", "S1", "info:name", "Corner", "info:address", "1 Main St", "item:I1", "old", "item:I42", "sale",
        "item:I7", "new");
    db.shellPut("shop", "S2", "info:name", "Market", "item:I1", "new");
    db.shellPut("shop", "S3", "info:name", "Empty");
    db.rawTable("item", "info", "shop");
    db.shellPut("item", "I1", "info:name", "Pen", "info:price", "3", "shop:S1", "old", "shop:S2", "new");
    db.shellPut("item", "I42", "info:name", "Cup", "info:price", "8", "shop:S1", "sale");
    db.shellPut("item", "I7", "info:name", "Hat", "info:price", "12", "shop:S1", "new");
    db.run("CREATE VIEW shop_item (shop_id VARCHAR NOT NULL, item_id VARCHAR NOT NULL, type VARCHAR,"
            + " CONSTRAINT pk PRIMARY KEY (shop_id, item_id)) STORE_TABLE='shop', DYNAMIC_FAMILY='item',"
            + " VALUE_FORMAT='STRING'",
        "CREATE VIEW item (item_id VARCHAR PRIMARY KEY, \"info\".\"name\" VARCHAR, \"info\".\"price\" INTEGER)"
            + " STORE_TABLE='item', VALUE_FORMAT='STRING'",
        "CREATE VIEW item_shop (item_id VARCHAR NOT NULL, shop_id VARCHAR NOT NULL, type VARCHAR,"
            + " CONSTRAINT pk PRIMARY KEY (item_id, shop_id)) STORE_TABLE='item', DYNAMIC_FAMILY='shop',"
            + " VALUE_FORMAT='STRING'",
        "CREATE VIEW shops (shop_id VARCHAR PRIMARY KEY, \"info\".name VARCHAR, \"item\".items MAP<VARCHAR, VARCHAR>)"
            + " STORE_TABLE='shop', VALUE_FORMAT='STRING'");
    db.query("SELECT * FROM shop_item").path("FULL SCAN").returns("S1, I1, old", "S1, I42, sale", "S1, I7, new",
        "S2, I1, new");
    db.query("SELECT item_id FROM shop_item LIMIT 2 OFFSET 1").returns("I42", "I7");
    db.query("SELECT shop_id, item_id FROM shop_item WHERE item_id >= 'I4' AND item_id < 'I5'")
        .path("ITEM_ID >= 'I4'").returns("S1, I42");
    db.query("SELECT item_id FROM shop_item WHERE shop_id = 'S1' AND item_id BETWEEN 'I1' AND 'I5'").path("GET")
        .returns("I1", "I42");
    db.query("SELECT i.\"name\", i.\"price\", si.type FROM shop_item si JOIN item i ON i.item_id = si.item_id"
        + " WHERE si.shop_id = 'S1' ORDER BY i.\"price\"").returns("Pen, 3, old", "Cup, 8, sale", "Hat, 12, new");
    db.query("SELECT COUNT(*) FROM shop_item si JOIN item_shop x"
        + " ON x.item_id = si.item_id AND x.shop_id = si.shop_id AND x.type = si.type").returns("4");
    // the same family as one MAP column
    db.query("SELECT items['I42'], CARDINALITY(items) FROM shops WHERE shop_id = 'S1'").path("GET")
        .returns("sale, 3");
    db.query("SELECT shop_id FROM shops WHERE items['I1'] = 'new'").returns("S2");
    db.query("SELECT shop_id FROM shops WHERE items IS NULL").returns("S3");
    db.update(1, "UPSERT INTO shops (shop_id, items) VALUES ('S2', MAP['I5', 'sale'])");
    db.update(1, "INSERT INTO shop_item VALUES ('S3', 'I9', 'x')");
    db.update(1, "UPDATE shop_item SET item_id = 'I70' WHERE shop_id = 'S1' AND item_id = 'I7'");
    assertEquals(List.of("info:name=Market", "item:I5=sale"), db.cells("shop", "S2".getBytes(), false));
    assertEquals(List.of("info:address=1 Main St", "info:name=Corner", "item:I1=old", "item:I42=sale",
        "item:I70=new"), db.cells("shop", "S1".getBytes(), false));
    db.fails("23505", "UPDATE shop_item SET item_id = 'I1' WHERE shop_id = 'S1' AND item_id = 'I70'", "SHOP_ITEM");

    db.rawTable("user", "info", "fans");
    db.shellPut("user", "u1", "info:nickname", "ann", "fans:u2", "close", "fans:u3", "casual");
    db.shellPut("user", "u2", "info:nickname", "bob", "fans:u1", "close");
    db.shellPut("user", "u3", "info:nickname", "cid", "fans:u4", "casual");
    db.shellPut("user", "u4", "info:nickname", "dee", "fans:u3", "close", "fans:u1", "casual");
    db.run("CREATE VIEW \"user\" (id VARCHAR PRIMARY KEY, \"info\".\"nickname\" VARCHAR) VALUE_FORMAT='STRING'",
        "CREATE VIEW user_fans (user_id VARCHAR NOT NULL, fans_id VARCHAR NOT NULL, type VARCHAR,"
            + " CONSTRAINT pk PRIMARY KEY (user_id, fans_id)) STORE_TABLE='user', DYNAMIC_FAMILY='fans',"
            + " VALUE_FORMAT='STRING'");
    db.query("SELECT a.user_id, a.fans_id FROM user_fans a JOIN user_fans b"
        + " ON a.user_id = b.fans_id AND a.fans_id = b.user_id WHERE a.user_id < a.fans_id ORDER BY a.user_id")
        .returns("u1, u2", "u3, u4");
    db.query("SELECT u.\"nickname\" FROM user_fans f JOIN \"user\" u ON u.id = f.fans_id WHERE f.user_id = 'u1'"
        + " ORDER BY u.\"nickname\"").returns("bob", "cid");
    db.query("SELECT user_id FROM user_fans WHERE fans_id = 'u1' ORDER BY user_id").returns("u2", "u4");
  }

  @Test
  void mapColumnsOfATable() throws Exception {
    db.run("CREATE TABLE stock (shop_id VARCHAR PRIMARY KEY, info.name VARCHAR, qty MAP<VARCHAR, INTEGER>,"
        + " price MAP<VARCHAR, DECIMAL(8,2)>)");
    db.update(3, "INSERT INTO stock VALUES ('S1', 'Corner', MAP['I1', 3, 'I2', 40], MAP['I1', 1.5]),"
        + " ('S2', 'Market', MAP['I1', 7], NULL), ('S3', 'Empty', NULL, NULL)");
    db.query("SELECT shop_id, qty['I1'] * 2, qty['I2'], price['I1'] FROM stock ORDER BY shop_id")
        .returns("S1, 6, 40, 1.50", "S2, 14, null, null", "S3, null, null, null");
    db.query("SELECT SUM(qty['I1']), COUNT(qty), COUNT(*) FROM stock").returns("10, 2, 3");
    db.query("SELECT shop_id FROM stock WHERE qty['I2'] > 10").returns("S1");
    db.update(1, "UPSERT INTO stock (shop_id, qty) VALUES ('S1', MAP['I9', 1])");
    db.update(1, "UPDATE stock SET qty = NULL, price = MAP['I3', 2] WHERE shop_id = 'S2'");
    db.query("SELECT shop_id, name, qty['I9'], qty['I1'], price['I3'] FROM stock ORDER BY shop_id")
        .returns("S1, Corner, 1, null, null", "S2, Market, null, null, 2.00", "S3, Empty, null, null, null");
    db.fails("0A000", "CREATE TABLE bad (id INTEGER PRIMARY KEY, m MAP<INTEGER, INTEGER>)", "M", "VARCHAR");
  }

  /** Time and versions: cells written at chosen times, read as of a time, each version a row. */
  @Test
  void versionsAndTimeRanges() throws Exception {
    db.rawTable("prices", "f");
    db.shellPut("prices", "p1", 1000, "f:price", "10", "f:name", "pen");
    db.shellPut("prices", "p1", 2000, "f:price", "11");
    db.shellPut("prices", "p1", 3000, "f:price", "12");
    db.shellPut("prices", "p2", 2500, "f:price", "20", "f:name", "ink");
    db.run("CREATE VIEW prices (id VARCHAR PRIMARY KEY, \"f\".\"price\" INTEGER, \"f\".\"name\" VARCHAR,"
            + " ts TIMESTAMP ROW_TIMESTAMP) STORE_TABLE='prices', VALUE_FORMAT='STRING'",
        "CREATE VIEW price_history (id VARCHAR NOT NULL, \"f\".\"price\" INTEGER, \"f\".\"name\" VARCHAR,"
            + " ts TIMESTAMP ROW_TIMESTAMP, CONSTRAINT pk PRIMARY KEY (id))"
            + " STORE_TABLE='prices', VALUE_FORMAT='STRING', READ_VERSIONS='ALL'",
        "CREATE VIEW price_last2 (id VARCHAR PRIMARY KEY, \"f\".\"price\" INTEGER, ts BIGINT ROW_TIMESTAMP)"
            + " STORE_TABLE='prices', VALUE_FORMAT='STRING', READ_VERSIONS=2");
    db.query("SELECT id, \"price\", ts FROM prices").path("FULL SCAN")
        .returns("p1, 12, 1970-01-01 00:00:03.000", "p2, 20, 1970-01-01 00:00:02.500");
    db.query("SELECT id FROM prices WHERE ts > TIMESTAMP '1970-01-01 00:00:02.75'").returns("p1");
    db.query("SELECT id, \"price\", \"name\", ts FROM prices FOR SYSTEM_TIME AS OF TIMESTAMP '1970-01-01 00:00:02'")
        .path("FULL SCAN AS OF TIMESTAMP '1970-01-01 00:00:02'").returns("p1, 11, pen, 1970-01-01 00:00:02.000");
    db.query("SELECT \"price\" FROM prices FOR SYSTEM_TIME AS OF TIMESTAMP '1970-01-01 00:00:01' WHERE id = 'p1'")
        .path("GET (ID = 'p1') AS OF TIMESTAMP '1970-01-01 00:00:01'").returns("10");
    db.query("SELECT n.id, o.\"price\", n.\"price\" FROM prices n JOIN prices FOR SYSTEM_TIME AS OF"
        + " TIMESTAMP '1970-01-01 00:00:01' o ON n.id = o.id").returns("p1, 10, 12");
    db.query("SELECT id, \"price\", \"name\", ts FROM price_history").returns("p1, 12, pen, 1970-01-01 00:00:03.000",
        "p1, 11, pen, 1970-01-01 00:00:02.000", "p1, 10, pen, 1970-01-01 00:00:01.000",
        "p2, 20, ink, 1970-01-01 00:00:02.500");
    db.query("SELECT \"price\" FROM price_history WHERE id = 'p1' AND ts BETWEEN TIMESTAMP '1970-01-01 00:00:01.5'"
        + " AND TIMESTAMP '1970-01-01 00:00:03'").returns("12", "11");
    db.query("SELECT COUNT(*), MIN(\"price\"), MAX(ts) FROM price_history").returns("4, 10, 1970-01-01 00:00:03.000");
    db.query("SELECT id, \"price\", ts FROM price_last2").returns("p1, 12, 3000", "p1, 11, 2000", "p2, 20, 2500");
    db.fails("0A000", "DELETE FROM price_history WHERE id = 'p1'", "PRICE_HISTORY", "READ_VERSIONS");
    // writes at a chosen time: one new version of the cell
    db.update(1, "UPSERT INTO prices (id, \"price\", ts) VALUES ('p3', 30, TIMESTAMP '1970-01-01 00:00:04')");
    assertEquals(List.of("f:price@4000=30"), db.cells("prices", "p3"));
    db.update(1, "UPSERT INTO prices (id, \"price\", ts) VALUES ('p2', 21, TIMESTAMP '1970-01-01 00:00:05')");
    assertEquals(List.of("f:name@2500=ink", "f:price@5000=21", "f:price@2500=20"), db.cells("prices", "p2"));
    // a connection at an SCN reads the past
    List<String> urls = List.of(db.memUrl, db.hbaseUrl);
    List<List<String>> past = new java.util.ArrayList<>();
    for (String url : urls) {
      try (Connection c = DriverManager.getConnection(url + ";currentScn=2001")) {
        past.add(Sql.strings(c, "SELECT id, \"price\" FROM prices"));
      }
    }
    assertEquals(List.of(List.of("p1, 11"), List.of("p1, 11")), past);

    // a SQL table keeping versions, read through the VERSIONS hint
    db.run("CREATE TABLE price (id VARCHAR PRIMARY KEY, p.amount INTEGER, p.note VARCHAR,"
        + " wtime TIMESTAMP ROW_TIMESTAMP) VERSIONS=5");
    db.run("UPSERT INTO price (id, amount, note, wtime) VALUES ('a', 1, 'x', TIMESTAMP '2020-01-01 00:00:00')",
        "UPSERT INTO price (id, amount, wtime) VALUES ('a', 2, TIMESTAMP '2021-01-01 00:00:00')",
        "UPSERT INTO price (id, amount, wtime) VALUES ('a', 3, TIMESTAMP '2022-01-01 00:00:00')",
        "UPSERT INTO price (id, amount, wtime) VALUES ('b', 7, TIMESTAMP '2021-06-01 00:00:00')");
    db.query("SELECT id, amount, note, wtime FROM price /*+ VERSIONS */").path("FULL SCAN")
        .returns("a, 3, x, 2022-01-01 00:00:00.000", "a, 2, x, 2021-01-01 00:00:00.000",
            "a, 1, x, 2020-01-01 00:00:00.000", "b, 7, null, 2021-06-01 00:00:00.000");
    db.query("SELECT amount FROM price /*+ VERSIONS(2) */ WHERE id = 'a'").returns("3", "2");
    db.query("SELECT amount FROM price /*+ VERSIONS */ FOR SYSTEM_TIME AS OF TIMESTAMP '2021-06-01 00:00:00'"
        + " WHERE id = 'a'").returns("2", "1");
    db.query("SELECT id, amount FROM price").returns("a, 3", "b, 7");
    db.update(1, "UPDATE price SET amount = 0, wtime = TIMESTAMP '2019-01-01 00:00:00' WHERE id = 'b'");
    db.query("SELECT amount FROM price FOR SYSTEM_TIME AS OF TIMESTAMP '2019-06-01 00:00:00'").returns("0");
    db.query("SELECT amount FROM price WHERE id = 'b'").returns("7");
  }
}
