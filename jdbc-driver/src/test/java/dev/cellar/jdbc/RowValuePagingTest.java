package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Keyset paging with row values, {@code WHERE (a, b) > (?, ?) ORDER BY a, b LIMIT n}: read by key
 * ranges, not by a scan of the whole table, and the same rows as H2 gives, for ASC and DESC keys,
 * {@code >}, {@code >=}, {@code <}, {@code <=} and NULL bounds.
 */
class RowValuePagingTest {
  private static final String[] TABLES = {
      "CREATE TABLE %s (a VARCHAR(5) NOT NULL, b INTEGER NOT NULL, v INTEGER, CONSTRAINT pk PRIMARY KEY (a, b))",
      "CREATE TABLE %s (a VARCHAR(5) NOT NULL, b INTEGER NOT NULL, v INTEGER, CONSTRAINT pk PRIMARY KEY (a DESC, b))",
      "CREATE TABLE %s (a VARCHAR(5) NOT NULL, b INTEGER NOT NULL, v INTEGER, CONSTRAINT pk PRIMARY KEY (a, b DESC))"};

  @Test
  void pagesAreKeyRangesWithH2sRows() throws Exception {
    try (Connection c = Sql.connect(Sql.freshMem()); Connection h2 = DriverManager.getConnection("jdbc:h2:mem:")) {
      for (int t = 0; t < TABLES.length; t++) {
        String name = "T" + t;
        run(c, String.format(TABLES[t], name));
        run(h2, String.format(TABLES[t], name).replace(", CONSTRAINT pk PRIMARY KEY", ", PRIMARY KEY")
            .replace(" DESC", ""));
        for (String a : List.of("a", "b", "c", "d")) {
          for (int b = 0; b < 6; b++) {
            String row = "('" + a + "', " + b + ", " + (b % 3 == 0 ? "NULL" : String.valueOf(b * 10)) + ")";
            run(c, "UPSERT INTO " + name + " VALUES " + row);
            run(h2, "INSERT INTO " + name + " VALUES " + row);
          }
        }
        for (String op : List.of(">", ">=", "<", "<=")) {
          String order = op.startsWith(">") ? "a, b" : "a DESC, b DESC";
          String sql = "SELECT a, b, v FROM " + name + " WHERE (a, b) " + op + " (?, ?) ORDER BY " + order + " LIMIT 7";
          for (Object[] bound : new Object[][] {{"b", 2}, {"a", 0}, {"d", 5}, {"c", 9}, {"bb", -1}, {"b", null}}) {
            assertEquals(rows(h2, sql, bound), rows(c, sql, bound), name + ": " + sql + " with " + List.of(bound[0], String.valueOf(bound[1])));
          }
          String plan = String.join("\n", Sql.strings(c, "EXPLAIN " + sql.replace("(?, ?)", "('b', 2)")));
          assertFalse(plan.contains("path=[FULL SCAN]"), plan);
          assertTrue(plan.contains("SCAN (") && plan.contains("A = 'b', B " + op + " 2"), plan);
        }
        // pages of 5 through the whole table, each after the last row of the one before
        List<List<Object>> all = new ArrayList<>();
        Object[] after = {"", Integer.MIN_VALUE};
        while (true) {
          List<List<Object>> page = rows(c, "SELECT a, b, v FROM " + name + " WHERE (a, b) > (?, ?) ORDER BY a, b LIMIT 5",
              after);
          all.addAll(page);
          if (page.size() < 5) {
            break;
          }
          after = new Object[] {page.get(4).get(0), page.get(4).get(1)};
        }
        assertEquals(rows(h2, "SELECT a, b, v FROM " + name + " ORDER BY a, b"), all, name);
      }
    }
  }

  private static List<List<Object>> rows(Connection c, String sql, Object... params) throws Exception {
    try (PreparedStatement p = c.prepareStatement(sql)) {
      for (int i = 0; i < params.length; i++) {
        if (params[i] == null) {
          p.setNull(i + 1, java.sql.Types.INTEGER);
        } else {
          p.setObject(i + 1, params[i]);
        }
      }
      try (ResultSet rs = p.executeQuery()) {
        List<List<Object>> out = new ArrayList<>();
        while (rs.next()) {
          Object v = rs.getObject(3);
          out.add(List.of(rs.getString(1), rs.getInt(2), v == null ? "null" : ((Number) v).intValue()));
        }
        return out;
      }
    }
  }
}
