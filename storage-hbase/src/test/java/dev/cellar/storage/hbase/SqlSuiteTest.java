package dev.cellar.storage.hbase;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The SQL behaviour suite on both backends ({@link Backends}): queries, aggregates and joins over
 * the seed schemas (shop/item, sale, files) and a salted table, each with its access path, which
 * must be the same on the embedded engine and on HBase; DML and its errors. The tables are
 * pre-split so that HBase's scans cross regions.
 */
@Tag("jdbc")
class SqlSuiteTest {
  private static Backends db;

  @BeforeAll
  static void load() throws Exception {
    db = Backends.open();
    db.run("CREATE TABLE item (item_id INTEGER PRIMARY KEY, info.name VARCHAR, info.price DECIMAL(8,2))"
            + " SPLIT ON (0, 50, 100)",
        "CREATE TABLE shop_item (shop_id VARCHAR NOT NULL, item_id INTEGER NOT NULL, type VARCHAR, "
            + "CONSTRAINT pk PRIMARY KEY (shop_id, item_id)) SPLIT ON ('s3')",
        "CREATE TABLE sale (user_id INTEGER NOT NULL, ts TIMESTAMP NOT NULL, product_id INTEGER NOT NULL, "
            + "name.qty INTEGER, CONSTRAINT pk PRIMARY KEY (user_id, ts DESC, product_id)) SPLIT ON (5)",
        "CREATE TABLE files (id VARCHAR NOT NULL, dt VARCHAR NOT NULL, name VARCHAR, category VARCHAR, "
            + "CONSTRAINT pk PRIMARY KEY (id, dt))",
        "CREATE TABLE salted (k INTEGER PRIMARY KEY, v VARCHAR) SALT_BUCKETS=4");
    StringJoiner items = new StringJoiner(", ");
    for (int i = -50; i <= 150; i++) {
      items.add("(" + i + ", 'item" + i + "', " + Math.abs(i % 7) + ".25)");
    }
    db.run("INSERT INTO item VALUES " + items);
    StringJoiner shopItems = new StringJoiner(", ");
    for (int s = 1; s <= 5; s++) {
      for (int i = 1; i <= 20; i++) {
        shopItems.add("('s" + s + "', " + i + ", '" + (i % 3 == 0 ? "old" : "new") + "')");
      }
    }
    db.run("INSERT INTO shop_item VALUES " + shopItems);
    StringJoiner sales = new StringJoiner(", ");
    for (int u = 1; u <= 10; u++) {
      for (int d = 1; d <= 28; d++) {
        sales.add("(" + u + ", TIMESTAMP '2024-02-" + (d < 10 ? "0" : "") + d + " 10:00:00', " + (u * 100 + d) + ", "
            + d + ")");
      }
    }
    db.run("INSERT INTO sale VALUES " + sales);
    db.run("UPSERT INTO files VALUES ('000001', '20120901', 'a.txt', 'doc'), ('000001', '20120902', 'b.txt', 'img'), "
        + "('000001', '20121001', 'c.txt', 'doc'), ('000002', '20120901', 'd.txt', 'doc')");
    StringJoiner salted = new StringJoiner(", ");
    for (int k = 0; k < 100; k++) {
      salted.add("(" + k + ", 'v" + k + "')");
    }
    db.run("INSERT INTO salted VALUES " + salted);
  }

  @AfterAll
  static void close() throws Exception {
    db.close();
  }

  @Test
  void keyAccessPaths() throws Exception {
    db.query("SELECT name, price FROM item WHERE item_id = 7").path("GET (ITEM_ID = 7)").returns("item7, 0.25");
    db.query("SELECT name FROM item WHERE item_id = 1000").path("GET (ITEM_ID = 1000)").returns();
    db.query("SELECT type FROM shop_item WHERE shop_id = 's2' AND item_id = 4")
        .path("GET (SHOP_ID = 's2', ITEM_ID = 4)").returns("new");
    db.query("SELECT shop_id, item_id FROM shop_item WHERE (shop_id = 's1' AND item_id = 2) "
        + "OR (shop_id = 's3' AND item_id = 9) OR (shop_id = 's9' AND item_id = 1)").path("MULTI-GET").returns(
        "s1, 2", "s3, 9");
    db.query("SELECT item_id FROM shop_item WHERE shop_id = 's4' AND type = 'old'")
        .path("PREFIX SCAN (SHOP_ID = 's4') FILTER (TYPE = 'old')").returns("3", "6", "9", "12", "15", "18");
    db.query("SELECT product_id FROM sale WHERE user_id = 3 AND ts BETWEEN TIMESTAMP '2024-02-03 00:00:00'"
        + " AND TIMESTAMP '2024-02-05 23:00:00'").path("RANGE SCAN (USER_ID = 3, TS >= ").returns("305", "304", "303");
    db.query("SELECT item_id FROM item WHERE item_id < -47").path("RANGE SCAN (ITEM_ID < -47)").returns(
        "-50", "-49", "-48");
    db.query("SELECT item_id FROM item WHERE item_id > 48 AND item_id <= 52")
        .path("RANGE SCAN (ITEM_ID > 48 AND ITEM_ID <= 52)").returns("49", "50", "51", "52");
    db.query("SELECT name FROM files WHERE id = '000001' AND dt LIKE '201209%'")
        .path("RANGE SCAN (ID = '000001', DT LIKE '201209' || '%')").returns("a.txt", "b.txt");
    db.query("SELECT shop_id, item_id FROM shop_item WHERE shop_id IN ('s1', 's3', 's5') AND item_id = 7")
        .path("MULTI-GET (SHOP_ID IN ('s1', 's3', 's5'), ITEM_ID = 7)").returns("s1, 7", "s3, 7", "s5, 7");
    db.query("SELECT shop_id, item_id FROM shop_item WHERE shop_id IN ('s2', 's4') AND item_id >= 19")
        .path("SKIP SCAN (SHOP_ID IN ('s2', 's4'), ITEM_ID >= 19)").returns("s2, 19", "s2, 20", "s4, 19", "s4, 20");
    db.query("SELECT v FROM salted WHERE k = 42").path("GET (K = 42)").returns("v42");
    db.query("SELECT k FROM salted WHERE k BETWEEN 10 AND 13").path("RANGE SCAN (K >= 10 AND K <= 13) in 4 buckets")
        .returns("10", "11", "12", "13");
    db.query("SELECT k FROM salted ORDER BY k").path("FULL SCAN").same(100);
  }

  @Test
  void orderLimitsAndReversedScans() throws Exception {
    db.query("SELECT product_id FROM sale WHERE user_id = 4 ORDER BY ts DESC LIMIT 3")
        .path("PREFIX SCAN (USER_ID = 4) LIMIT 3").returns("428", "427", "426");
    db.query("SELECT product_id FROM sale WHERE user_id = 4 ORDER BY ts LIMIT 3")
        .path("PREFIX SCAN (USER_ID = 4) REVERSED LIMIT 3").returns("401", "402", "403");
    db.query("SELECT item_id FROM item WHERE item_id >= 140 ORDER BY item_id LIMIT 3")
        .path("RANGE SCAN (ITEM_ID >= 140) LIMIT 3").returns("140", "141", "142");
    db.query("SELECT item_id FROM item LIMIT 2").path("FULL SCAN LIMIT 2").returns("-50", "-49");
    db.query("SELECT item_id FROM item ORDER BY item_id LIMIT 2 OFFSET 2").path("FULL SCAN LIMIT 4")
        .returns("-48", "-47");
    db.query("SELECT item_id FROM item ORDER BY item_id DESC LIMIT 2").path("FULL SCAN REVERSED LIMIT 2")
        .returns("150", "149");
    db.query("SELECT item_id FROM item WHERE item_id < 0 ORDER BY item_id DESC LIMIT 2")
        .path("RANGE SCAN (ITEM_ID < 0) REVERSED LIMIT 2").returns("-1", "-2");
    db.query("SELECT item_id FROM item WHERE item_id IN (3, 101, 51) ORDER BY item_id DESC")
        .path("MULTI-GET (ITEM_ID IN (3, 51, 101)) REVERSED").returns("101", "51", "3");
    db.query("SELECT shop_id, item_id FROM shop_item WHERE shop_id IN ('s2', 's3') AND item_id > 18"
        + " ORDER BY shop_id DESC, item_id DESC").path("SKIP SCAN (SHOP_ID IN ('s2', 's3'), ITEM_ID > 18) REVERSED")
        .returns("s3, 20", "s3, 19", "s2, 20", "s2, 19");
    db.query("SELECT k FROM salted WHERE k > 50 ORDER BY k DESC LIMIT 2")
        .path("RANGE SCAN (K > 50) in 4 buckets REVERSED LIMIT 2").returns("99", "98");
    db.query("SELECT shop_id, item_id FROM shop_item WHERE type = 'old' LIMIT 1")
        .path("FULL SCAN FILTER (TYPE = 'old')").returns("s1, 3");
  }

  @Test
  void valueFiltersAggregatesAndJoins() throws Exception {
    db.query("SELECT item_id FROM item WHERE price > 5 AND item_id < 30").path("RANGE SCAN (ITEM_ID < 30)")
        .returns("-48", "-47", "-41", "-40", "-34", "-33", "-27", "-26", "-20", "-19", "-13", "-12", "-6", "-5", "5",
            "6", "12", "13", "19", "20", "26", "27");
    db.query("SELECT COUNT(*), SUM(price), MIN(name), MAX(item_id) FROM item").path("FULL SCAN")
        .returns("201, 645.25, item-1, 150");
    db.query("SELECT type, COUNT(*) FROM shop_item GROUP BY type ORDER BY type").path("FULL SCAN")
        .returns("new, 70", "old, 30");
    db.query("SELECT user_id, SUM(qty) FROM sale WHERE user_id BETWEEN 4 AND 6 GROUP BY user_id ORDER BY user_id")
        .path("RANGE SCAN (USER_ID >= 4 AND USER_ID <= 6)").returns("4, 406", "5, 406", "6, 406");
    db.query("SELECT si.shop_id, COUNT(*), SUM(i.price) FROM shop_item si JOIN item i ON i.item_id = si.item_id"
        + " WHERE si.type = 'old' GROUP BY si.shop_id HAVING COUNT(*) > 1 ORDER BY si.shop_id DESC LIMIT 2")
        .returns("s5, 6, 22.50", "s4, 6, 22.50");
    db.query("SELECT COUNT(DISTINCT type), AVG(item_id) FROM shop_item WHERE shop_id < 's3'").returns("2, 10.500000");
    db.query("SELECT name FROM item WHERE name LIKE 'item14_' ORDER BY name DESC").returns("item149", "item148",
        "item147", "item146", "item145", "item144", "item143", "item142", "item141", "item140");
    db.query("SELECT s, COUNT(*) FROM (SELECT CASE WHEN item_id < 0 THEN 'neg' ELSE 'pos' END AS s FROM item) GROUP BY s ORDER BY s")
        .returns("neg, 50", "pos, 151");
    db.query("SELECT u.user_id, x.n FROM (SELECT DISTINCT user_id FROM sale) u"
        + " LEFT JOIN (SELECT user_id, COUNT(*) AS n FROM sale WHERE qty > 26 GROUP BY user_id) x"
        + " ON x.user_id = u.user_id WHERE u.user_id IN (1, 10)").returns("1, 2", "10, 2");
    // prepared, parameters bound per execution, the same on both
    for (var c : db.both()) {
      List<String> names = new ArrayList<>();
      try (PreparedStatement p = c.prepareStatement("SELECT name FROM item WHERE item_id = ?")) {
        for (int id : new int[] {-50, 0, 49, 50, 150, 151}) {
          p.setInt(1, id);
          try (ResultSet rs = p.executeQuery()) {
            while (rs.next()) {
              names.add(rs.getString(1));
            }
          }
        }
      }
      assertEquals(List.of("item-50", "item0", "item49", "item50", "item150"), names);
    }
  }

  /**
   * A key deleted and written again, a column set to NULL and set again, many times within one
   * millisecond: HBase hides a put behind a delete marker of the same or a later timestamp, so the
   * statements' timestamps must keep each write after the delete before it.
   */
  @Test
  void rewritesOfOneKeyInQuickSuccession() throws Exception {
    db.run("CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER, note VARCHAR)");
    for (int i = 0; i < 5; i++) {
      db.update(1, "INSERT INTO counter VALUES (1, " + i + ", 'x" + i + "')");
      db.update(1, "UPDATE counter SET note = NULL WHERE id = 1");
      db.update(1, "UPDATE counter SET note = 'y" + i + "', n = n + 1 WHERE id = 1");
      db.update(1, "UPDATE counter SET id = 2 WHERE id = 1");
      db.update(1, "UPDATE counter SET id = 1 WHERE id = 2");
      db.query("SELECT id, n, note FROM counter").returns("1, " + (i + 1) + ", y" + i);
      db.update(1, "DELETE FROM counter WHERE id = 1");
      db.query("SELECT COUNT(*) FROM counter").returns("0");
    }
    db.update(1, "UPSERT INTO counter VALUES (3, 1, 'a')");
    db.update(1, "UPSERT INTO counter (id, note) VALUES (3, NULL)");
    db.update(1, "UPSERT INTO counter (id, note) VALUES (3, 'b')");
    db.query("SELECT id, n, note FROM counter").returns("3, 1, b");
  }

  /** A secondary index on both backends: the same index path, kept by DML, VERIFY finds nothing amiss. */
  @Test
  void secondaryIndexesAndVerify() throws Exception {
    db.run("CREATE TABLE purchase (id INTEGER PRIMARY KEY, user_id VARCHAR, product VARCHAR, qty INTEGER)");
    StringJoiner rows = new StringJoiner(", ");
    for (int i = 0; i < 200; i++) {
      rows.add("(" + i + ", 'u" + (i % 10) + "', 'p" + (i % 40) + "', " + (i % 7) + ")");
    }
    db.run("INSERT INTO purchase VALUES " + rows);
    db.run("CREATE INDEX i_product ON purchase (product) INCLUDE (qty)");
    db.query("SELECT id, qty FROM purchase WHERE product = 'p3'").path("INDEX I_PRODUCT PREFIX SCAN (PRODUCT = 'p3')")
        .returns("3, 3", "43, 1", "83, 6", "123, 4", "163, 2");
    db.query("SELECT id, user_id FROM purchase WHERE product = 'p3' ORDER BY id").path("INDEX I_PRODUCT")
        .returns("3, u3", "43, u3", "83, u3", "123, u3", "163, u3");
    db.update(1, "UPDATE purchase SET product = 'p3', qty = 0 WHERE id = 4");
    db.update(1, "DELETE FROM purchase WHERE id = 43");
    db.update(1, "UPSERT INTO purchase VALUES (500, 'u9', 'p3', 9)");
    db.query("SELECT id, qty FROM purchase WHERE product = 'p3'").path("INDEX I_PRODUCT")
        .returns("3, 3", "4, 0", "83, 6", "123, 4", "163, 2", "500, 9");
    db.query("SELECT COUNT(*) FROM purchase WHERE product = 'p4'").returns("4");
    db.update(0, "ALTER INDEX i_product ON purchase VERIFY");
  }

  /** {@code EXPLAIN} says where the store runs a path's filter: HBase runs some in its client. */
  @Test
  void explainSaysWhereTheFilterRuns() throws Exception {
    String text = "SELECT item_id FROM shop_item WHERE shop_id = 's4' AND type = 'old'";
    db.query(text).path("PREFIX SCAN (SHOP_ID = 's4') FILTER (TYPE = 'old')");
    assertContains(Backends.plan(db.mem, text), "filter=[runs in the region scanners]");
    assertContains(Backends.plan(db.hbase, text), "filter=[runs on the region servers as HBase's "
        + "SingleColumnValueFilter]");
    // integers compare as signed numbers: on HBase's servers as unsigned ranges of each sign
    String number = "SELECT product_id FROM sale WHERE user_id = 4 AND qty > 25";
    db.query(number).path("PREFIX SCAN (USER_ID = 4) FILTER (QTY > 25)").returns("428", "427", "426");
    assertContains(Backends.plan(db.mem, number), "filter=[runs in the region scanners]");
    assertContains(Backends.plan(db.hbase, number), "filter=[runs on the region servers as HBase's FilterList "
        + "(signed integers compared as unsigned byte ranges, one for each sign)]");
    // no filter, no words; a filter on a parameter is built when the statement runs
    assertFalse(Backends.plan(db.hbase, "SELECT item_id FROM shop_item WHERE shop_id = 's4'").contains("filter="));
    assertFalse(Backends.plan(db.hbase, "SELECT item_id FROM shop_item WHERE type = ?").contains("filter="));
  }

  private static void assertContains(String plan, String part) {
    assertTrue(plan.contains(part), () -> "plan lacks " + part + ":\n" + plan);
  }

  @Test
  void dmlAndItsErrors() throws Exception {
    db.run("CREATE TABLE account (id BIGINT PRIMARY KEY, owner VARCHAR NOT NULL, balance DECIMAL(12,2),"
        + " opened DATE, flags TINYINT) SPLIT ON (100)");
    db.update(3, "INSERT INTO account VALUES (1, 'ann', 10.50, DATE '2020-01-02', 1), (150, 'bob', 0, NULL, 0),"
        + " (99, 'cy', -3.25, DATE '2021-12-31', NULL)");
    db.update(1, "UPSERT INTO account (id, owner, balance) VALUES (150, 'bob', 7)");
    db.update(2, "UPDATE account SET balance = balance * 2 WHERE balance > 0");
    db.update(1, "UPDATE account SET flags = 5 WHERE id = 99");
    db.update(2, "INSERT INTO account (id, owner) SELECT item_id + 1000, name FROM item WHERE item_id BETWEEN 49 AND 50");
    db.query("SELECT id, owner, balance, opened, flags FROM account ORDER BY id").returns(
        "1, ann, 21.00, 2020-01-02, 1", "99, cy, -3.25, 2021-12-31, 5", "150, bob, 14.00, null, 0",
        "1049, item49, null, null, null", "1050, item50, null, null, null");
    db.update(2, "DELETE FROM account WHERE id > 1000");
    db.update(0, "DELETE FROM account WHERE id = 12345");
    db.update(1, "DELETE FROM account WHERE owner = 'cy'");
    db.query("SELECT COUNT(*), SUM(balance) FROM account").returns("2, 35.00");
    db.fails("23505", "INSERT INTO account VALUES (1, 'dup', 0, NULL, NULL)", "ACCOUNT");
    db.fails("23502", "INSERT INTO account (id, balance) VALUES (5, 1)", "OWNER");
    db.fails("22003", "INSERT INTO account VALUES (6, 'x', 12345678901, NULL, NULL)", "BALANCE");
    db.fails("42S02", "SELECT * FROM nosuch", "NOSUCH");
    db.fails("42S22", "SELECT nosuch FROM account", "NOSUCH");
    // batches through a prepared statement
    for (var c : db.both()) {
      try (PreparedStatement p = c.prepareStatement("UPSERT INTO account (id, owner, flags) VALUES (?, ?, ?)")) {
        for (int i = 0; i < 20; i++) {
          p.setLong(1, 200 + i * 7L);
          p.setString(2, "o" + i);
          p.setByte(3, (byte) i);
          p.addBatch();
        }
        assertEquals(20, p.executeBatch().length);
      }
    }
    db.query("SELECT COUNT(*), SUM(flags), MIN(id), MAX(owner) FROM account").returns("22, 191, 1, o9");
    db.query("SELECT id FROM account WHERE id BETWEEN 210 AND 230").path("RANGE SCAN").returns("214", "221", "228");
  }

  @Test
  void sequencesAndOnDuplicateKey() throws Exception {
    db.run("CREATE SEQUENCE seq START WITH 10 INCREMENT BY 5 CACHE 2",
        "CREATE TABLE hits (id VARCHAR PRIMARY KEY, n BIGINT, tag VARCHAR)");
    db.query("SELECT NEXT VALUE FOR seq").returns("10");
    db.query("SELECT NEXT VALUE FOR seq, CURRENT VALUE FOR seq").returns("15, 15");
    db.query("SELECT NEXT VALUE FOR seq").returns("20");
    db.query("SELECT SEQUENCE_NAME, NEXT_RESERVED FROM CELLAR.SEQUENCES").returns("SEQ, 30");
    db.update(1, "UPSERT INTO hits VALUES ('a', 25, 'x') ON DUPLICATE KEY UPDATE n = n + 1");
    db.update(1, "UPSERT INTO hits VALUES ('a', 25, 'y') ON DUPLICATE KEY UPDATE n = n + 1");
    db.update(1, "UPSERT INTO hits (id, n) VALUES ('c', NEXT VALUE FOR seq)");
    db.update(0, "UPSERT INTO hits VALUES ('a', 0, 'z') ON DUPLICATE KEY IGNORE");
    db.update(1, "UPSERT INTO hits VALUES ('b', 0, 'z') ON DUPLICATE KEY IGNORE");
    db.query("SELECT id, n, tag FROM hits ORDER BY id").returns("a, 26, x", "b, 0, z", "c, 25, null");
    db.fails("42S02", "SELECT NEXT VALUE FOR nosuch", "NOSUCH");
    db.run("DROP SEQUENCE seq");
    db.fails("42S02", "SELECT NEXT VALUE FOR seq", "SEQ");
  }
}
