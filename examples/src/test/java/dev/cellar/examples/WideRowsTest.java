package dev.cellar.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.jdbc.CellarDriver;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.Get;
import dev.cellar.storage.Result;
import dev.cellar.storage.Table;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The worked schemas of SEEDS.md §6 over small generated data: the queries' rows and plans. */
class WideRowsTest {
  private static Connection c;

  @BeforeAll
  static void load() throws SQLException {
    c = DriverManager.getConnection("jdbc:cellar:mem:");
    for (WideRowSchema s : WideRows.schemas()) {
      WideRows.load(c, s, 60);
    }
  }

  @AfterAll
  static void close() throws SQLException {
    c.close();
  }

  private static String plan(String sql) throws SQLException {
    return String.join("\n", WideRows.rows(c, "EXPLAIN PLAN FOR " + sql, Integer.MAX_VALUE));
  }

  /** Runs the query of {@code schema} whose title starts with {@code title}; checks its plan and rows. */
  private static void check(String schema, String title, String planPart, String... rows) throws SQLException {
    WideRowSchema s = WideRows.schemas().stream().filter(x -> x.name().equals(schema)).findFirst().orElseThrow();
    WideRowSchema.Query q = s.queries().stream().filter(x -> x.title().startsWith(title)).findFirst().orElseThrow();
    String plan = plan(q.sql());
    assertTrue(plan.contains(planPart), () -> "plan of " + q.sql() + " lacks " + planPart + ":\n" + plan);
    assertEquals(Arrays.asList(rows), WideRows.rows(c, q.sql(), Integer.MAX_VALUE), q.sql());
  }

  @Test
  void everyAncestorOfRedDogIsOneRow() throws SQLException {
    check("category", "Every ancestor", "path=[GET (ID = 7)]", "1, animal", "5, dog");
  }

  @Test
  void allItemsOfAShopWithTheirDetails() throws SQLException {
    check("shop", "All items of shop S1", "path=[GET (SHOP_ID = 'S1')]",
        "I42, new, kettle, 19.90, Steel kettle, 1.7 l, 2200 W", "I43, sale, teapot, 12.50, Clay teapot, 0.8 l");
    check("shop", "The shops that sell item I42", "path=[GET (ITEM_ID = 'I42')]",
        "S1, Corner Shop, new", "S2, Market Hall, used");
    check("shop", "The type of item I42 in each shop", "MULTI-GET (ID IN ('S1', 'S2'))",
        "S1, Corner Shop, new, 2", "S2, Market Hall, used, 1");
  }

  @Test
  void latestPurchasesOfAUserNewestFirst() throws SQLException {
    check("sale", "The latest 3 purchases", "PREFIX SCAN (USER_ID = 'u000001')",
        "kettle, 2012-09-12 00:00:00.000", "tray, 2012-09-11 00:00:00.000", "spoons, 2012-09-10 00:00:00.000");
    check("sale", "What user u000002 bought", "PREFIX SCAN (USER_ID = 'u000002')",
        "cups, 1", "kettle, 1", "spoons, 1", "teapot, 1", "tray, 1");
  }

  @Test
  void mutualFansOfTwoUsers() throws SQLException {
    check("fans", "Mutual fans", "path=[GET (USER_ID = 'U2')]", "U3, cy, follower, friend", "U4, dee, friend, follower");
    check("fans", "The fans of user U1", "path=[GET (USER_ID = 'U1')]", "U2, bob, friend", "U3, cy, follower",
        "U4, dee, friend");
  }

  @Test
  void viewingHistoryNewestFirstThroughTheTimeIndex() throws SQLException {
    check("history", "User 000001's viewing history", "HISTORY_BY_TIME",
        "v0004, Finale, 2012-09-05 22:00:00.000", "v0003, Third episode, 2012-09-03 19:00:00.000",
        "v0002, Second episode, 2012-09-02 21:00:00.000", "v0001, Pilot, 2012-09-01 20:00:00.000");
    List<String> page = WideRows.rows(c, "SELECT ruser, \"time\" FROM history_by_time ORDER BY rtime LIMIT 5", 5);
    assertEquals(5, page.size());
    List<String> sorted = new ArrayList<>(page);
    sorted.sort((a, b) -> b.substring(8).compareTo(a.substring(8)));
    assertEquals(sorted, page, "newest first");
    assertTrue(plan("SELECT ruser, video_id, \"title\", \"time\" FROM history_by_time ORDER BY rtime LIMIT 5")
        .contains("FULL SCAN LIMIT 5"));
  }

  @Test
  void filesQueryOfTheSeedIsOneKeyRange() throws SQLException {
    check("files", "find(", "RANGE SCAN (USER_ID = '000001', CTIME >= '20120901' AND CTIME <= '20121001')",
        "000001, 20120902, 中国好声音第1期, 综艺", "000002, 20120904, 中国好声音第2期, 综艺",
        "000003, 20120906, 中国好声音外卡赛, 综艺", "000004, 20120908, 中国好声音第3期, 综艺",
        "000005, 20120910, 中国好声音第4期, 综艺", "000007, 20120914, 中国好声音第5期, 综艺");
  }

  @Test
  void generatedRowsAreThere() throws SQLException {
    assertEquals(List.of("60"), WideRows.rows(c, "SELECT COUNT(*) FROM category", 1));
    assertEquals(List.of("60"), WideRows.rows(c, "SELECT COUNT(*) FROM sale", 1));
    assertEquals(List.of("60"), WideRows.rows(c, "SELECT COUNT(*) FROM \"files\"", 1));
    assertEquals(List.of("60"), WideRows.rows(c, "SELECT COUNT(*) FROM history_by_time", 1));
    assertEquals(List.of("60, 60"), WideRows.rows(c, "SELECT COUNT(*), COUNT(DISTINCT id) FROM users", 1));
    // every ancestor list is complete: a category's parents are its parent's parents and its parent
    assertEquals(List.of("0"), WideRows.rows(c, "SELECT COUNT(*) FROM category_parent p JOIN category_parent q"
        + " ON q.id = p.parent_id LEFT JOIN category_parent r ON r.id = p.id AND r.parent_id = q.parent_id"
        + " WHERE r.id IS NULL", 1));
    // the shop and item rows list each other: item_shop is shop_item reversed
    assertEquals(WideRows.rows(c, "SELECT shop_id, item_id, type FROM shop_item ORDER BY 1, 2", 10_000),
        WideRows.rows(c, "SELECT shop_id, item_id, type FROM item_shop ORDER BY 1, 2", 10_000));
  }

  @Test
  void printsEveryQueryWithItsPlan() throws SQLException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (Connection other = DriverManager.getConnection("jdbc:cellar:mem:");
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      for (WideRowSchema s : WideRows.schemas()) {
        WideRows.run(other, s, 20, out);
      }
    }
    String printed = bytes.toString(StandardCharsets.UTF_8);
    for (WideRowSchema s : WideRows.schemas()) {
      for (WideRowSchema.Query q : s.queries()) {
        assertTrue(printed.contains(q.sql()), q.title());
      }
    }
    assertTrue(printed.contains("CellarTableScan(table=[[PUBLIC, CATEGORY_PARENT]], path=[GET (ID = 7)]"), printed);
    assertTrue(printed.contains("$cor100, ..., $cor199"), "long variable lists are shortened");
  }

  @Test
  void writingThroughTheViewsPutsTheSeedLayout() throws SQLException {
    try (Connection w = DriverManager.getConnection("jdbc:cellar:mem:")) {
      WideRows.load(w, new ShopItemSchema(), 5);
      try (Statement st = w.createStatement()) {
        st.executeUpdate("DELETE FROM shop_item WHERE shop_id = 'S1' AND item_id = 'I42'");
        st.executeUpdate("DELETE FROM item_shop WHERE item_id = 'I42' AND shop_id = 'S1'");
        Table shop = CellarDriver.database(w).store().table("shop");
        assertEquals(List.of("info:address=1 Main St", "info:name=Corner Shop", "info:regdate=2012-09-01",
            "item:I43=sale"), cells(shop, "S1"));
        st.executeUpdate("INSERT INTO shop_item VALUES ('S1', 'I42', 'new')");
        st.executeUpdate("INSERT INTO item_shop VALUES ('I42', 'S1', 'new')");
        assertEquals(List.of("info:address=1 Main St", "info:name=Corner Shop", "info:regdate=2012-09-01",
            "item:I42=new", "item:I43=sale"), cells(shop, "S1"));
        st.executeUpdate("INSERT INTO shop VALUES ('S0', 'Kiosk', '2 Station Sq', DATE '2024-02-29')");
        st.executeUpdate("INSERT INTO shop_item VALUES ('S0', 'I43', 'used')");
        assertEquals(List.of("info:address=2 Station Sq", "info:name=Kiosk", "info:regdate=2024-02-29",
            "item:I43=used"), cells(shop, "S0"));
        assertEquals(List.of("S0, I43, used"), WideRows.rows(w, "SELECT * FROM shop_item WHERE shop_id = 'S0'", 5));
        Table item = CellarDriver.database(w).store().table("item");
        assertTrue(cells(item, "I42").contains("shop:S1=new"));
      }
    }
  }

  /** {@code family:qualifier=value} of every cell of a raw row, in the store's order. */
  private static List<String> cells(Table t, String row) {
    Result r = t.get(new Get(row));
    List<String> out = new ArrayList<>();
    for (Cell cell : r.cells()) {
      out.add(Bytes.toString(cell.family()) + ":" + Bytes.toString(cell.qualifier()) + "="
          + new String(cell.value(), StandardCharsets.UTF_8));
    }
    return out;
  }
}
