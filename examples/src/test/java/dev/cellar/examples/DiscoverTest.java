package dev.cellar.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code CELLAR.DISCOVER} over the raw tables the examples' writers fill: the views it proposes,
 * created, return the rows of the examples' hand-written views.
 */
class DiscoverTest {
  private static Connection c;

  @BeforeAll
  static void load() throws SQLException {
    c = DriverManager.getConnection("jdbc:cellar:mem:");
    for (WideRowSchema s : WideRows.schemas()) {
      WideRows.load(c, s, 200);
    }
  }

  @AfterAll
  static void close() throws SQLException {
    c.close();
  }

  /** The findings of {@code table}: one string per row, its columns joined by " | ". */
  private static List<String> findings(String table, int rows) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT * FROM TABLE(CELLAR.DISCOVER('" + table + "', " + rows + "))")) {
      int n = r.getMetaData().getColumnCount();
      while (r.next()) {
        List<String> row = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
          row.add(r.getString(i));
        }
        out.add(String.join(" | ", row));
      }
    }
    return out;
  }

  /** Creates the views DISCOVER proposes for {@code table}, each named with the prefix D_. */
  private static List<String> createProposed(String table, int rows) throws SQLException {
    List<String> created = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT column_name, ddl FROM TABLE(CELLAR.DISCOVER('" + table + "', " + rows
            + ")) WHERE kind = 'VIEW'")) {
      List<String[]> views = new ArrayList<>();
      while (r.next()) {
        views.add(new String[] {r.getString(1), r.getString(2)});
      }
      for (String[] v : views) {
        assertTrue(v[1].startsWith("CREATE VIEW " + v[0] + " ("), v[1]);
        String name = "D_" + v[0].replace("\"", "");
        try (Statement create = c.createStatement()) {
          create.execute("CREATE VIEW " + name + v[1].substring(("CREATE VIEW " + v[0]).length()));
        }
        created.add(name);
      }
    }
    return created;
  }

  @Test
  void proposedViewsReturnTheRowsOfTheHandWrittenOnes() throws SQLException {
    assertEquals(List.of("D_CATEGORY", "D_CATEGORY_CHILD", "D_CATEGORY_PARENT"), createProposed("category", 1000));
    assertEquals(List.of("D_SHOP", "D_SHOP_ITEM"), createProposed("shop", 1000));
    assertEquals(List.of("D_ITEM", "D_ITEM_SHOP"), createProposed("item", 1000));
    // USER is a word of SQL: the proposal quotes it
    assertEquals(List.of("D_USER", "D_USER_FANS"), createProposed("user", 1000));
    assertEquals(List.of("D_FILES"), createProposed("files", 1000));
    assertEquals(List.of("D_SALE"), createProposed("sale", 1000));
    assertEquals(List.of("D_HISTORY"), createProposed("history", 1000));
    assertEquals(List.of("D_HISTORY_BY_TIME"), createProposed("history_by_time", 1000));
    String[][] pairs = {{"category", "D_CATEGORY"}, {"category_parent", "D_CATEGORY_PARENT"},
        {"category_child", "D_CATEGORY_CHILD"}, {"shop", "D_SHOP"}, {"shop_item", "D_SHOP_ITEM"}, {"item", "D_ITEM"},
        {"item_shop", "D_ITEM_SHOP"}, {"users", "D_USER"}, {"user_fans", "D_USER_FANS"}, {"\"files\"", "D_FILES"},
        {"sale", "D_SALE"}, {"history", "D_HISTORY"}, {"history_by_time", "D_HISTORY_BY_TIME"}};
    for (String[] p : pairs) {
      List<String> hand = rows("SELECT * FROM " + p[0], null);
      List<String> found = rows("SELECT * FROM " + p[1], columnsOf("SELECT * FROM " + p[0]));
      assertTrue(hand.size() > 3, p[0] + ": " + hand);
      assertEquals(hand, found, p[0] + " against " + p[1]);
    }
  }

  @Test
  void findingsNameTheLayoutTypesAndDynamicFamilies() throws SQLException {
    List<String> sale = findings("sale", 1000);
    assertTrue(sale.get(0).startsWith("KEY | null | null | K1 | "), sale.toString());
    assertTrue(sale.get(0).contains("CHAR(7) | FIXED: text, 7 bytes"), sale.toString());
    assertTrue(sale.get(1).contains("| RTIME | ") && sale.get(1).contains("BIGINT | FIXED: 8-byte big-endian, "
        + "Long.MAX_VALUE - milliseconds since 1970"), sale.toString());
    assertTrue(sale.stream().anyMatch(l -> l.startsWith("COLUMN | name | time | time | 200 | 1.0 | 19 | 19 | "
        + "TIMESTAMP | text | ")), sale.toString());
    List<String> history = findings("history", 1000);
    assertTrue(history.get(0).contains("FIXED") || history.get(0).contains("DELIMITED by '_'"), history.toString());
    assertTrue(history.get(0).contains("DELIMITED by '_'"), history.toString());
    List<String> shop = findings("shop", 1000);
    assertTrue(shop.stream().anyMatch(l -> l.startsWith("DYNAMIC FAMILY | item | ")), shop.toString());
    assertTrue(shop.stream().anyMatch(l -> l.startsWith("COLUMN | info | regdate | regdate | ")
        && l.contains("| DATE | text | ")), shop.toString());
    List<String> files = findings("files", 1000);
    assertTrue(files.get(1).contains("| DAY | ") && files.get(1).contains("CHAR(8) | FIXED: 8 digits, a date yyyyMMdd"),
        files.toString());
    // a small sample proposes the same key layout
    assertEquals(files.subList(0, 3).toString().replaceAll("\\| \\d+ \\| 1\\.0", ""),
        findings("files", 20).subList(0, 3).toString().replaceAll("\\| \\d+ \\| 1\\.0", ""));
  }

  @Test
  void callReturnsTheSameRowsAsTheTableFunction() throws SQLException {
    List<String> call = new ArrayList<>();
    try (Statement s = c.createStatement()) {
      assertTrue(s.execute("call cellar.discover('files', 50)"));
      try (ResultSet r = s.getResultSet()) {
        while (r.next()) {
          call.add(r.getString("KIND") + " " + r.getString("COLUMN_NAME") + " " + r.getString("LIKELY_TYPE"));
        }
      }
    }
    List<String> select = new ArrayList<>();
    for (String f : findings("files", 50)) {
      String[] parts = f.split(" \\| ");
      select.add(parts[0] + " " + parts[3] + " " + parts[8]);
    }
    assertEquals(select, call);
    assertEquals("VIEW FILES null", call.get(call.size() - 1));
    assertTrue(findings("user", 10).stream().anyMatch(l -> l.contains("CREATE VIEW \"USER\" (ID VARCHAR NOT NULL,")));
  }

  @Test
  void errorsNameTheTableOrTheSampleSize() throws SQLException {
    SQLException missing = assertThrows(() -> findings("no_such_table", 10));
    assertEquals("42S02", missing.getSQLState(), missing.getMessage());
    assertTrue(missing.getMessage().contains("no_such_table"), missing.getMessage());
    SQLException zero = assertThrows(() -> findings("sale", 0));
    assertEquals("22023", zero.getSQLState(), zero.getMessage());
  }

  private interface Call {
    void run() throws SQLException;
  }

  private static SQLException assertThrows(Call call) {
    try {
      call.run();
    } catch (SQLException e) {
      return e;
    }
    throw new AssertionError("no SQLException");
  }

  private static List<String> columnsOf(String sql) throws SQLException {
    List<String> names = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql + " LIMIT 0")) {
      ResultSetMetaData md = r.getMetaData();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        names.add(md.getColumnLabel(i).toUpperCase(Locale.ROOT));
      }
    }
    return names;
  }

  /**
   * The rows of {@code sql} as strings, sorted; with {@code order}, its columns put in the order
   * of those names: a column of the same name where there is one, the others in turn.
   */
  private static List<String> rows(String sql, List<String> order) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
      ResultSetMetaData md = r.getMetaData();
      int n = md.getColumnCount();
      int[] at = new int[n];
      if (order == null) {
        for (int i = 0; i < n; i++) {
          at[i] = i + 1;
        }
      } else {
        assertEquals(order.size(), n, sql);
        List<String> mine = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
          mine.add(md.getColumnLabel(i).toUpperCase(Locale.ROOT));
        }
        boolean[] used = new boolean[n];
        for (int i = 0; i < n; i++) {
          int same = mine.indexOf(order.get(i));
          if (same >= 0) {
            at[i] = same + 1;
            used[same] = true;
          }
        }
        int next = 0;
        for (int i = 0; i < n; i++) {
          if (at[i] == 0) {
            while (used[next] || order.contains(mine.get(next))) {
              next++;
            }
            at[i] = next + 1;
            used[next] = true;
          }
        }
      }
      while (r.next()) {
        List<String> row = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          row.add(r.getString(at[i]));
        }
        out.add(String.join(", ", row));
      }
    }
    out.sort(null);
    return out;
  }
}
