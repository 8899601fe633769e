package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.sql.rel.CellarTable;
import dev.cellar.sql.runtime.ReadStats;
import dev.cellar.sql.schema.CellarSchema;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import org.apache.calcite.jdbc.CalciteConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Access paths over the seed schemas: for each query, the path {@code EXPLAIN} shows, the rows
 * it returns and the rows it read from the store (at most the rows returned plus one per range).
 */
class AccessPathTest {
  private static Connection c;
  private static ReadStats stats;

  @BeforeAll
  static void load() throws Exception {
    c = Sql.connect(Sql.freshMem());
    run(c, "CREATE TABLE item (item_id INTEGER PRIMARY KEY, info.name VARCHAR, info.price DECIMAL(8,2))",
        "CREATE TABLE shop_item (shop_id VARCHAR NOT NULL, item_id INTEGER NOT NULL, type VARCHAR, "
            + "CONSTRAINT pk PRIMARY KEY (shop_id, item_id))",
        "CREATE TABLE sale (user_id INTEGER NOT NULL, ts TIMESTAMP NOT NULL, product_id INTEGER NOT NULL, "
            + "name.qty INTEGER, CONSTRAINT pk PRIMARY KEY (user_id, ts DESC, product_id))",
        "CREATE TABLE files (id VARCHAR NOT NULL, dt VARCHAR NOT NULL, name VARCHAR, category VARCHAR, "
            + "CONSTRAINT pk PRIMARY KEY (id, dt))",
        "CREATE TABLE salted (k INTEGER PRIMARY KEY, v VARCHAR) SALT_BUCKETS=4");
    StringJoiner items = new StringJoiner(", ");
    for (int i = -50; i <= 150; i++) {
      items.add("(" + i + ", 'item" + i + "', " + (i % 7) + ".25)");
    }
    run(c, "INSERT INTO item VALUES " + items);
    StringJoiner shopItems = new StringJoiner(", ");
    for (int s = 1; s <= 5; s++) {
      for (int i = 1; i <= 20; i++) {
        shopItems.add("('s" + s + "', " + i + ", '" + (i % 3 == 0 ? "old" : "new") + "')");
      }
    }
    run(c, "INSERT INTO shop_item VALUES " + shopItems);
    StringJoiner sales = new StringJoiner(", ");
    for (int u = 1; u <= 10; u++) {
      for (int d = 1; d <= 28; d++) {
        sales.add("(" + u + ", TIMESTAMP '2024-02-" + (d < 10 ? "0" : "") + d + " 10:00:00', " + (u * 100 + d) + ", "
            + d + ")");
      }
    }
    run(c, "INSERT INTO sale VALUES " + sales);
    StringJoiner salted = new StringJoiner(", ");
    for (int k = 0; k < 100; k++) {
      salted.add("(" + k + ", 'v" + k + "')");
    }
    run(c, "INSERT INTO salted VALUES " + salted);
    stats = CellarTable.readStats(c.unwrap(CalciteConnection.class).getRootSchema().getSubSchema("PUBLIC")
        .unwrap(CellarSchema.class).session().database());
  }

  @AfterAll
  static void close() throws Exception {
    c.close();
  }

  /** Runs {@code sql}, checks its plan shows {@code path} and that it read {@code rowsRead} rows. */
  private static List<String> query(String sql, String path, long rowsRead) throws Exception {
    Check.check(c, sql).explainContains("path=[" + path + "]");
    long before = stats.rowsRead();
    List<String> rows = Sql.strings(c, sql);
    long read = stats.rowsRead() - before;
    if (read != rowsRead) {
      throw new AssertionError("rows read by " + sql + ": expected " + rowsRead + " but was " + read + "; plan now:\n"
          + Check.check(c, sql).plan());
    }
    return rows;
  }

  /** Comparisons of non-key columns run in the store: only matching rows are read. */
  @Test
  void valueComparisonsAreStoreFilters() throws Exception {
    run(c, "CREATE TABLE temps (id INTEGER PRIMARY KEY, v.t INTEGER, v.big BIGINT, v.d DATE, v.s VARCHAR, "
        + "v.tiny TINYINT)");
    try {
      StringJoiner rows = new StringJoiner(", ");
      for (int i = 0; i < 20; i++) {
        rows.add("(" + i + ", " + (i - 10) + ", " + (i - 10) * 1_000_000_000L + ", DATE '2024-01-" + (10 + i) + "', 's"
            + (char) ('a' + i) + "', " + (i * 10 - 100) + ")");
      }
      run(c, "INSERT INTO temps VALUES " + rows + ", (20, NULL, NULL, NULL, NULL, NULL)");
      assertEquals(List.of("0", "1", "2"), query("SELECT id FROM temps WHERE t < -7", "FULL SCAN FILTER (T < -7)", 3));
      assertEquals(List.of("18", "19"), query("SELECT id FROM temps WHERE 8 <= t", "FULL SCAN FILTER (T >= 8)", 2));
      assertEquals(List.of("9", "10", "11"), query("SELECT id FROM temps WHERE t BETWEEN -1 AND 1",
          "FULL SCAN FILTER (T >= -1 AND T <= 1)", 3));
      assertEquals(List.of("0", "1"), query("SELECT id FROM temps WHERE big < -8000000000",
          "FULL SCAN FILTER (BIG < -8000000000)", 2));
      assertEquals(List.of("18", "19"), query("SELECT id FROM temps WHERE d > DATE '2024-01-27'",
          "FULL SCAN FILTER (D > DATE '2024-01-27')", 2));
      assertEquals(List.of("17", "18", "19"), query("SELECT id FROM temps WHERE s >= 'sr'",
          "FULL SCAN FILTER (S >= 'sr')", 3));
      assertEquals(List.of("0"), query("SELECT id FROM temps WHERE tiny < CAST(-90 AS TINYINT)",
          "FULL SCAN FILTER (TINY < -90)", 1));
      try (java.sql.PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM temps WHERE t > ? AND s < ?")) {
        ps.setInt(1, -3);
        ps.setString(2, "sm");
        try (java.sql.ResultSet rs = ps.executeQuery()) {
          assertTrue(rs.next());
          assertEquals(4, rs.getInt(1));
        }
      }
    } finally {
      run(c, "DROP TABLE temps");
    }
  }

  @Test
  void wholeKeyIsOneGet() throws Exception {
    assertEquals(List.of("item7, 0.25"), query("SELECT name, price FROM item WHERE item_id = 7", "GET (ITEM_ID = 7)", 1));
    assertEquals(List.of(), query("SELECT name FROM item WHERE item_id = 1000", "GET (ITEM_ID = 1000)", 0));
    assertEquals(List.of("new"), query("SELECT type FROM shop_item WHERE shop_id = 's2' AND item_id = 4",
        "GET (SHOP_ID = 's2', ITEM_ID = 4)", 1));
  }

  @Test
  void parametersBindTheKeyWhenTheStatementRuns() throws Exception {
    Check.check(c, "SELECT name FROM item WHERE item_id = ?");
    try (PreparedStatement p = c.prepareStatement("SELECT name FROM item WHERE item_id = ?")) {
      for (int id : new int[] {-50, 0, 42, 150, 151}) {
        p.setInt(1, id);
        long before = stats.rowsRead();
        List<String> names = new ArrayList<>();
        try (ResultSet rs = p.executeQuery()) {
          while (rs.next()) {
            names.add(rs.getString(1));
          }
        }
        assertEquals(id <= 150 ? List.of("item" + id) : List.of(), names);
        assertEquals(names.size(), stats.rowsRead() - before);
      }
    }
    assertTrue(String.join("\n", Sql.strings(c, "EXPLAIN PLAN FOR SELECT name FROM item WHERE item_id = ?"))
        .contains("path=[GET (ITEM_ID = ?1)]"));
  }

  @Test
  void inListOfFiftyKeysIsOneBatchedMultiGet() throws Exception {
    StringJoiner in = new StringJoiner(", ");
    for (int i = 0; i < 50; i++) {
      in.add(String.valueOf(i * 3));
    }
    String sql = "SELECT item_id FROM item WHERE item_id IN (" + in + ")";
    long requests = stats.requests();
    List<String> rows = query(sql, "MULTI-GET (ITEM_ID IN (" + in + "))", 50);
    assertEquals(50, rows.size());
    assertEquals("0", rows.get(0));
    assertEquals(1, stats.requests() - requests, "one batched get");
  }

  @Test
  void orOfWholeKeysIsAMultiGet() throws Exception {
    List<String> rows = query("SELECT shop_id, item_id FROM shop_item WHERE (shop_id = 's1' AND item_id = 2) "
        + "OR (shop_id = 's3' AND item_id = 9) OR (shop_id = 's9' AND item_id = 1)", "MULTI-GET ((SHOP_ID = 's1', "
        + "ITEM_ID = 2) OR (SHOP_ID = 's3', ITEM_ID = 9) OR (SHOP_ID = 's9', ITEM_ID = 1))", 2);
    assertEquals(List.of("s1, 2", "s3, 9"), rows);
  }

  @Test
  void leadingKeyColumnIsAPrefixScan() throws Exception {
    List<String> rows = query("SELECT item_id FROM shop_item WHERE shop_id = 's4'", "PREFIX SCAN (SHOP_ID = 's4')", 20);
    assertEquals(20, rows.size());
    // a residual predicate runs over the prefix's rows
    assertEquals(6, query("SELECT item_id FROM shop_item WHERE shop_id = 's4' AND type = 'old'",
        "PREFIX SCAN (SHOP_ID = 's4') FILTER (TYPE = 'old')", 6).size());
  }

  @Test
  void latestPurchasesOfOneUserReadOnlyThatUser() throws Exception {
    List<String> rows = query("SELECT product_id FROM sale WHERE user_id = 3", "PREFIX SCAN (USER_ID = 3)", 28);
    assertEquals("328", rows.get(0), "newest first: ts is DESC in the key");
    assertEquals("301", rows.get(27));
  }

  @Test
  void latestTenPurchasesNeedNoSortAndReadTenRows() throws Exception {
    String sql = "SELECT product_id, ts FROM sale WHERE user_id = 4 ORDER BY ts DESC LIMIT 10";
    String plan = Check.check(c, sql).plan();
    assertTrue(!plan.contains("Sort(") || plan.contains("EnumerableLimit"), plan);
    assertTrue(!plan.contains("EnumerableSort"), () -> "no sort:\n" + plan);
    assertTrue(!plan.contains("EnumerableCalc") || !plan.contains("$condition"), () -> "no filter left:\n" + plan);
    List<String> rows = query(sql, "PREFIX SCAN (USER_ID = 4) LIMIT 10", 10);
    assertEquals(10, rows.size());
    assertTrue(rows.get(0).startsWith("428, 2024-02-28"), rows.get(0));
    assertTrue(rows.get(9).startsWith("419, 2024-02-19"), rows.get(9));
    // the same through a reused prepared statement
    try (PreparedStatement p = c.prepareStatement(
        "SELECT product_id FROM sale WHERE user_id = ? ORDER BY ts DESC LIMIT 10")) {
      for (int u = 1; u <= 10; u++) {
        p.setInt(1, u);
        long before = stats.rowsRead();
        List<String> ids = new ArrayList<>();
        try (ResultSet rs = p.executeQuery()) {
          while (rs.next()) {
            ids.add(rs.getString(1));
          }
        }
        assertEquals(10, ids.size());
        assertEquals(String.valueOf(u * 100 + 28), ids.get(0));
        assertEquals(10, stats.rowsRead() - before);
      }
    }
  }

  @Test
  void keyOrderOrLimitWithoutOrderNeedsNoSort() throws Exception {
    String plan = Check.check(c, "SELECT item_id FROM item WHERE item_id >= 140 ORDER BY item_id").plan();
    assertTrue(!plan.contains("EnumerableSort"), plan);
    assertEquals(List.of("140", "141", "142"), query("SELECT item_id FROM item WHERE item_id >= 140 ORDER BY item_id "
        + "LIMIT 3", "RANGE SCAN (ITEM_ID >= 140) LIMIT 3", 3));
    assertEquals(List.of("-50", "-49"), query("SELECT item_id FROM item LIMIT 2", "FULL SCAN LIMIT 2", 2));
    assertEquals(List.of("-48", "-47"), query("SELECT item_id FROM item ORDER BY item_id LIMIT 2 OFFSET 2",
        "FULL SCAN LIMIT 4", 4));
    // the filter stays above the scan too, which keeps the limit out of the scan: the query stops
    // pulling rows at the first match
    Check.check(c, "SELECT shop_id, item_id FROM shop_item WHERE type = 'old' LIMIT 1")
        .explainContains("path=[FULL SCAN FILTER (TYPE = 'old')]").returns("s1, 3");
  }

  @Test
  void reverseOfTheKeyOrderIsAReversedScan() throws Exception {
    assertEquals(List.of("401", "402", "403"), query("SELECT product_id FROM sale WHERE user_id = 4 ORDER BY ts "
        + "LIMIT 3", "PREFIX SCAN (USER_ID = 4) REVERSED LIMIT 3", 3));
    assertEquals(List.of("150", "149"), query("SELECT item_id FROM item ORDER BY item_id DESC LIMIT 2",
        "FULL SCAN REVERSED LIMIT 2", 2));
    assertEquals(List.of("-1", "-2"), query("SELECT item_id FROM item WHERE item_id < 0 ORDER BY item_id DESC LIMIT 2",
        "RANGE SCAN (ITEM_ID < 0) REVERSED LIMIT 2", 2));
    assertEquals(List.of("3", "2", "1"), query("SELECT item_id FROM item WHERE item_id IN (3, 1, 2) "
        + "ORDER BY item_id DESC", "MULTI-GET (ITEM_ID IN (1, 2, 3)) REVERSED", 3));
    assertEquals(List.of("s3, 20", "s3, 19", "s2, 20", "s2, 19"), query("SELECT shop_id, item_id FROM shop_item "
        + "WHERE shop_id IN ('s2', 's3') AND item_id > 18 ORDER BY shop_id DESC, item_id DESC",
        "SKIP SCAN (SHOP_ID IN ('s2', 's3'), ITEM_ID > 18) REVERSED", 4));
    // a residual filter between the sort and the scan: the scan's order (either way) is the order
    for (String dir : new String[] {"", " DESC"}) {
      String sql = "SELECT product_id FROM sale WHERE user_id = 4 AND qty > 25 ORDER BY ts" + dir;
      Check r = Check.check(c, sql).explainContains("PREFIX SCAN (USER_ID = 4)")
          .returns(dir.isEmpty() ? new String[] {"426", "427", "428"} : new String[] {"428", "427", "426"});
      assertTrue(!r.plan().contains("EnumerableSort"), r.plan());
      Check limited = Check.check(c, sql + " LIMIT 2").explainContains("PREFIX SCAN (USER_ID = 4)")
          .returns(dir.isEmpty() ? new String[] {"426", "427"} : new String[] {"428", "427"});
      assertTrue(!limited.plan().contains("EnumerableSort"), limited.plan());
    }
    Check whole = Check.check(c, "SELECT shop_id, item_id FROM shop_item WHERE type = 'new' "
        + "ORDER BY shop_id DESC, item_id DESC LIMIT 2").explainContains("FULL SCAN FILTER (TYPE = 'new') REVERSED")
        .returns("s5, 20", "s5, 19");
    assertTrue(!whole.plan().contains("EnumerableSort"), whole.plan());
  }

  @Test
  void rangeOfTheNextKeyColumnIsARangeScan() throws Exception {
    assertEquals(List.of("305", "304", "303"), query("SELECT product_id FROM sale WHERE user_id = 3 AND "
        + "ts BETWEEN TIMESTAMP '2024-02-03 00:00:00' AND TIMESTAMP '2024-02-05 23:00:00'", "RANGE SCAN (USER_ID = 3, "
        + "TS >= TIMESTAMP '2024-02-03 00:00:00' AND TS <= TIMESTAMP '2024-02-05 23:00:00')", 3));
    assertEquals(List.of("326", "327", "328"), sorted(query("SELECT product_id FROM sale WHERE user_id = 3 AND "
        + "ts > TIMESTAMP '2024-02-25 10:00:00'", "RANGE SCAN (USER_ID = 3, TS > TIMESTAMP '2024-02-25 10:00:00')", 3)));
    assertEquals(List.of("-50", "-49", "-48"), query("SELECT item_id FROM item WHERE item_id < -47",
        "RANGE SCAN (ITEM_ID < -47)", 3));
    assertEquals(5, query("SELECT item_id FROM item WHERE item_id > 10 AND item_id <= 15",
        "RANGE SCAN (ITEM_ID > 10 AND ITEM_ID <= 15)", 5).size());
  }

  @Test
  void likePrefixOfAKeyColumnIsARange() throws Exception {
    run(c, "UPSERT INTO files VALUES ('000001', '20120901', 'a.txt', 'doc'), ('000001', '20120902', 'b.txt', 'img'), "
        + "('000001', '20121001', 'c.txt', 'doc'), ('000002', '20120901', 'd.txt', 'doc')");
    assertEquals(List.of("a.txt", "b.txt"), query("SELECT name FROM files WHERE id = '000001' AND dt LIKE '201209%'",
        "RANGE SCAN (ID = '000001', DT LIKE '201209' || '%')", 2));
  }

  @Test
  void fewValuesOfALeadingColumnAndARangeOfTheNextIsASkipScan() throws Exception {
    List<String> rows = query("SELECT shop_id, item_id FROM shop_item WHERE shop_id IN ('s1', 's3', 's5') "
        + "AND item_id = 7", "MULTI-GET (SHOP_ID IN ('s1', 's3', 's5'), ITEM_ID = 7)", 3);
    assertEquals(List.of("s1, 7", "s3, 7", "s5, 7"), rows);
    assertEquals(List.of("s2, 19", "s2, 20", "s4, 19", "s4, 20"), query("SELECT shop_id, item_id FROM shop_item "
        + "WHERE shop_id IN ('s2', 's4') AND item_id >= 19", "SKIP SCAN (SHOP_ID IN ('s2', 's4'), ITEM_ID >= 19)", 4));
  }

  @Test
  void saltedTableReadsTheRangeInEveryBucketAndAKeyInOne() throws Exception {
    assertEquals(List.of("v42"), query("SELECT v FROM salted WHERE k = 42", "GET (K = 42)", 1));
    // the buckets' scans are merged by key: rows come in key order
    assertEquals(List.of("10", "11", "12", "13"), query("SELECT k FROM salted WHERE k BETWEEN 10 AND 13",
        "RANGE SCAN (K >= 10 AND K <= 13) in 4 buckets", 4));
    String plan = Check.check(c, "SELECT k FROM salted ORDER BY k").plan();
    assertTrue(!plan.contains("EnumerableSort"), plan);
    List<String> all = Sql.strings(c, "SELECT k FROM salted ORDER BY k");
    assertEquals(100, all.size());
    assertEquals(sortedNumerically(all), all);
    assertEquals(List.of("0", "1", "2"), query("SELECT k FROM salted ORDER BY k LIMIT 3", "FULL SCAN LIMIT 3", 3));
    assertEquals(List.of("99", "98"), query("SELECT k FROM salted WHERE k > 50 ORDER BY k DESC LIMIT 2",
        "RANGE SCAN (K > 50) in 4 buckets REVERSED LIMIT 2", 2));
    assertEquals(List.of("7", "42", "64"), query("SELECT k FROM salted WHERE k IN (64, 7, 42) ORDER BY k",
        "MULTI-GET (K IN (7, 42, 64))", 3));
  }

  @Test
  void onlyTheColumnsAQueryUsesAreRead() throws Exception {
    Check.check(c, "SELECT COUNT(*) FROM item").explainContains("columns=[key only]").returns("201");
    Check.check(c, "SELECT name FROM item WHERE item_id = 7").explainContains("path=[GET (ITEM_ID = 7)], "
        + "columns=[INFO.NAME]").returns("item7");
    String latest = Check.check(c, "SELECT product_id FROM sale WHERE user_id = 4 ORDER BY ts DESC LIMIT 2").plan();
    assertTrue(!latest.contains("EnumerableSort") && latest.contains("LIMIT 2"), latest);
    Check.check(c, "SELECT product_id FROM sale WHERE user_id = 4 ORDER BY ts DESC LIMIT 2").returns("428", "427");
    Check.check(c, "SELECT COUNT(*), SUM(qty) FROM sale WHERE user_id = 2").explainContains("columns=[NAME.QTY]")
        .returns("28, 406");
  }

  @Test
  void predicatesOnValuesAreTestedInTheStore() throws Exception {
    // 6 of shop s4's 20 items are old: only they leave the store
    assertEquals(6, query("SELECT item_id FROM shop_item WHERE shop_id = 's4' AND type = 'old'",
        "PREFIX SCAN (SHOP_ID = 's4') FILTER (TYPE = 'old')", 6).size());
    assertEquals(List.of("s1, 3"), query("SELECT shop_id, item_id FROM shop_item WHERE type = 'old' "
        + "AND item_id = 3 AND shop_id < 's2'", "RANGE SCAN (SHOP_ID < 's2') FILTER (TYPE = 'old')", 6));
    assertEquals(14, query("SELECT item_id FROM shop_item WHERE shop_id = 's4' AND type <> 'old'",
        "PREFIX SCAN (SHOP_ID = 's4') FILTER (TYPE <> 'old')", 14).size());
    try (PreparedStatement p = c.prepareStatement("SELECT COUNT(*) FROM sale WHERE qty = ?")) {
      p.setInt(1, 5);
      long before = stats.rowsRead();
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertEquals(10, rs.getInt(1));
      }
      assertEquals(10, stats.rowsRead() - before, "one sale per user has qty 5");
    }
    Check.check(c, "SELECT COUNT(*) FROM sale WHERE qty = ?").explainContains("FULL SCAN FILTER (QTY = ?1)");
  }

  @Test
  void filesQueryOfTheSeedsIsARangeScanWithFiltersPushed() throws Exception {
    run(c, "CREATE TABLE file (user_id CHAR(6) NOT NULL, ctime CHAR(8) NOT NULL, file_id CHAR(6) NOT NULL, "
        + "f.name VARCHAR, f.category VARCHAR, CONSTRAINT pk PRIMARY KEY (user_id, ctime, file_id))",
        "UPSERT INTO file VALUES ('000001', '20120815', '000009', '中国好声音 0', '综艺'), "
            + "('000001', '20120901', '000001', '中国好声音 1', '综艺'), "
            + "('000001', '20120905', '000002', '中国好声音 2', '综艺'), "
            + "('000001', '20120910', '000003', '中国好声音 3', '综艺'), "
            + "('000001', '20120912', '000004', '中国好声音 4', '综艺'), "
            + "('000001', '20120920', '000005', '中国好声音 5', '综艺'), "
            + "('000001', '20120921', '000006', '快乐大本营', '综艺'), "
            + "('000001', '20120925', '000007', '中国好声音 7', '综艺'), "
            + "('000001', '20120926', '000008', '中国好声音 8', '电影'), "
            + "('000001', '20121001', '000010', '中国好声音 10', '综艺'), "
            + "('000002', '20120902', '000011', '中国好声音 11', '综艺')");
    List<String> files = query("SELECT file_id FROM file WHERE user_id = '000001' AND ctime >= '20120901' "
        + "AND ctime < '20121001' AND name LIKE '中国好声音%' AND category = '综艺'",
        "RANGE SCAN (USER_ID = '000001', CTIME >= '20120901' AND CTIME < '20121001') FILTER (NAME LIKE "
            + "'中国好声音%' AND CATEGORY = '综艺')", 6);
    assertEquals(List.of("000001", "000002", "000003", "000004", "000005", "000007"), files);
  }

  @Test
  void itemsOfAShopAreLookedUpByKey() throws Exception {
    String sql = "SELECT si.item_id, i.name, si.type FROM shop_item si JOIN item i ON i.item_id = si.item_id "
        + "WHERE si.shop_id = 's2' ORDER BY si.item_id";
    String plan = Check.check(c, sql).plan();
    assertTrue(plan.contains("EnumerableBatchNestedLoopJoin") && plan.contains("path=[MULTI-GET (ITEM_ID IN ($cor"),
        plan);
    long before = stats.rowsRead();
    List<String> rows = Sql.strings(c, sql);
    assertEquals(20, rows.size());
    assertEquals("1, item1, new", rows.get(0));
    assertEquals("3, item3, old", rows.get(2));
    assertEquals(40, stats.rowsRead() - before, "20 rows of the shop, 20 items looked up");
    // a left join keeps outer rows without a match
    run(c, "UPSERT INTO shop_item VALUES ('s6', 1, 'new'), ('s6', 999, 'gone')");
    Check.check(c, "SELECT si.item_id, i.name FROM shop_item si LEFT JOIN item i ON i.item_id = si.item_id "
        + "WHERE si.shop_id = 's6' ORDER BY si.item_id").returns("1, item1", "999, null");
    run(c, "DELETE FROM shop_item WHERE shop_id = 's6'");
  }

  @Test
  void explainAnalyzeShowsWhatEachScanRead() throws Exception {
    String out = String.join("\n", Sql.strings(c, "EXPLAIN ANALYZE SELECT product_id FROM sale WHERE user_id = 4 "
        + "ORDER BY ts DESC LIMIT 10"));
    assertTrue(out.contains("path=[PREFIX SCAN (USER_ID = 4) LIMIT 10]"), out);
    assertTrue(out.contains(": rows read 10, cells read ") && out.contains(", requests 1, time "), out);
    assertTrue(out.contains("rows returned 10, total time "), out);
    String join = String.join("\n", Sql.strings(c, "explain analyze SELECT si.item_id, i.name FROM shop_item si "
        + "JOIN item i ON i.item_id = si.item_id WHERE si.shop_id = 's2'"));
    assertTrue(join.contains("PREFIX SCAN (SHOP_ID = 's2')") && join.contains(": rows read 20, "), join);
    assertTrue(join.contains("rows returned 20"), join);
    // a read of key columns only reads one cell of each row, without its value
    String distinct = String.join("\n", Sql.strings(c, "EXPLAIN ANALYZE SELECT DISTINCT user_id FROM sale"));
    assertTrue(distinct.contains("columns=[key only]): rows read 280, cells read 280, requests "), distinct);
    assertTrue(distinct.contains("rows returned 10"), distinct);
    assertEquals(List.of("1", "2", "3"), Sql.strings(c, "SELECT DISTINCT user_id FROM sale ORDER BY user_id LIMIT 3"));
    // every operator shows the rows it gave and its time, its inputs' included and its own
    assertTrue(out.contains("CellarToEnumerableConverter: rows 10, time "), out);
    String agg = String.join("\n", Sql.strings(c, "EXPLAIN ANALYZE SELECT type, COUNT(*) FROM shop_item GROUP BY type "
        + "ORDER BY type"));
    assertTrue(agg.matches("(?s).*Enumerable\\w*Aggregate\\(.*\\): rows 2, time [0-9.]+ ms \\(own [0-9.]+ ms\\).*"), agg);
    assertTrue(agg.matches("(?s).*EnumerableSort\\(.*\\): rows 2, time .*"), agg);
    assertTrue(agg.contains("CellarToEnumerableConverter: rows 100, time "), agg);
    assertTrue(agg.contains("rows read 100"), agg);
    // an input started once per batch of the outer rows says so
    String lookup = String.join("\n", Sql.strings(c, "EXPLAIN ANALYZE SELECT i.name, (SELECT MAX(qty) FROM sale s "
        + "WHERE s.user_id = i.item_id) FROM item i WHERE i.item_id BETWEEN 1 AND 5"));
    assertTrue(lookup.contains("rows returned 5"), lookup);
    assertTrue(lookup.matches("(?s).*: rows 5, time [0-9.]+ ms \\(own [0-9.]+ ms\\).*"), lookup);
  }

  @Test
  void aggregatesWithoutGroupingAreComputedInTheStore() throws Exception {
    Check.check(c, "SELECT COUNT(*), SUM(qty), MIN(qty), MAX(qty), COUNT(qty) FROM sale")
        .explainContains("CellarAggregate").returns("280, 4060, 1, 28, 280");
    Check.check(c, "SELECT COUNT(*), SUM(qty) FROM sale WHERE user_id = 2").explainContains("CellarAggregate",
        "PREFIX SCAN (USER_ID = 2)").returns("28, 406");
    Check.check(c, "SELECT COUNT(*), SUM(qty), MAX(qty) FROM sale WHERE user_id = 99").returns("0, null, null");
    // the same sums as Calcite computes them over rows
    assertEquals(Sql.strings(c, "SELECT SUM(price + 0), MIN(price * 1), MAX(price * 1), COUNT(*) FROM item"),
        Check.check(c, "SELECT SUM(price), MIN(price), MAX(price), COUNT(*) FROM item")
            .explainContains("CellarAggregate").plan().isEmpty() ? List.of()
            : Sql.strings(c, "SELECT SUM(price), MIN(price), MAX(price), COUNT(*) FROM item"));
  }

  @Test
  void unboundFirstKeyColumnIsAFullScan() throws Exception {
    assertEquals(5, query("SELECT shop_id FROM shop_item WHERE item_id = 3", "FULL SCAN", 100).size());
  }

  private static List<String> sortedNumerically(List<String> rows) {
    List<String> s = new ArrayList<>(rows);
    s.sort((a, b) -> Integer.compare(Integer.parseInt(a), Integer.parseInt(b)));
    return s;
  }

  private static List<String> sorted(List<String> rows) {
    List<String> s = new ArrayList<>(rows);
    s.sort(null);
    return s;
  }
}
