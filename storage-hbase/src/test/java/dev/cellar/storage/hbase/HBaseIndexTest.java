package dev.cellar.storage.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Secondary indexes over HBase, whose batches are atomic per row only: the entries are written
 * unverified before their rows and verified after ({@code sql-planner/docs/indexes.md} §3.1).
 */
@Tag("jdbc")
class HBaseIndexTest {
  private static final String NAMESPACE = "idxtest";

  private static String url() {
    return MiniHBase.jdbcUrl() + ";hbaseNamespace=" + NAMESPACE;
  }

  static List<String> rows(Connection c, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder row = new StringBuilder();
        for (int i = 1; i <= n; i++) {
          row.append(i > 1 ? "," : "").append(rs.getString(i));
        }
        out.add(row.toString());
      }
    }
    return out;
  }

  static long update(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      return s.executeLargeUpdate(sql);
    }
  }

  @Test
  void indexesAreBuiltMaintainedAndReadOnHBase() throws Exception {
    try (Connection c = DriverManager.getConnection(url())) {
      update(c, "CREATE TABLE sale (id INTEGER PRIMARY KEY, product VARCHAR, price DECIMAL(8,2), qty INTEGER)");
      update(c, "INSERT INTO sale VALUES (1, 'p1', 1.50, 5), (2, 'p2', 2.50, 6), (3, 'p3', 3.50, 7), (4, 'p1', 4.50, 8)");
      assertEquals(4, update(c, "CREATE INDEX sale_product ON sale (product) INCLUDE (price)"));
      update(c, "CREATE UNIQUE INDEX sale_qty ON sale (qty)");
      update(c, "CREATE LOCAL INDEX sale_price ON sale (price DESC)");
      String plan = String.join("\n", rows(c, "EXPLAIN PLAN FOR SELECT id, price FROM sale WHERE product = 'p1'"));
      assertTrue(plan.contains("SALE_PRODUCT") && plan.contains("covers the query"), plan);
      assertEquals(List.of("1,1.50", "4,4.50"), sortedRows(c, "SELECT id, price FROM sale WHERE product = 'p1'"));
      assertEquals(List.of("3,p3"), rows(c, "SELECT id, product FROM sale WHERE qty = 7"));
      assertEquals(List.of("4.50", "3.50"), rows(c, "SELECT price FROM sale /*+ INDEX(sale_price) */ "
          + "ORDER BY price DESC LIMIT 2"));

      update(c, "UPDATE sale SET product = 'p9', price = 9.00 WHERE id = 1");
      update(c, "DELETE FROM sale WHERE id = 2");
      update(c, "UPSERT INTO sale (id, qty) VALUES (3, 70)");
      SQLException e = assertThrows(SQLException.class, () -> update(c, "INSERT INTO sale VALUES (5, 'p5', 5, 8)"));
      assertEquals("23505", e.getSQLState());
      assertTrue(e.getMessage().contains("SALE_QTY"), e.getMessage());
      assertEquals(List.of("4,4.50"), rows(c, "SELECT id, price FROM sale WHERE product = 'p1'"));
      assertEquals(List.of("1,9.00"), rows(c, "SELECT id, price FROM sale WHERE product = 'p9'"));
      assertEquals(List.of("3,p3"), rows(c, "SELECT id, product FROM sale WHERE qty = 70"));
      assertEquals(List.of(), rows(c, "SELECT id FROM sale WHERE qty = 7"));
      for (String ix : List.of("sale_product", "sale_qty", "sale_price")) {
        assertEquals(0, update(c, "ALTER INDEX " + ix + " ON sale VERIFY"), ix);
      }
    }
  }

  private static List<String> sortedRows(Connection c, String sql) throws SQLException {
    List<String> out = rows(c, sql);
    Collections.sort(out);
    return out;
  }
}
