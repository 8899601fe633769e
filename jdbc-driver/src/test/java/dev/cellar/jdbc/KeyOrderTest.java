package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Rows come back in primary-key order (the rowkey's byte order) with no ORDER BY. */
class KeyOrderTest {
  @Test
  void compositeKeysWithDescendingColumns() throws Exception {
    try (Connection c = Sql.connect(Sql.freshMem())) {
      run(c, "CREATE TABLE sale (user_id VARCHAR NOT NULL, ts BIGINT NOT NULL, product_id INTEGER NOT NULL, "
          + "name.product VARCHAR, CONSTRAINT pk PRIMARY KEY (user_id, ts DESC, product_id))");
      Random r = new Random(42);
      String[] users = {"", "a", "ab", "abc", "b", "\u00e9", "a\u0000b"};
      try (PreparedStatement p = c.prepareStatement("UPSERT INTO sale VALUES (?, ?, ?, ?)")) {
        for (int i = 0; i < 300; i++) {
          p.setString(1, users[r.nextInt(users.length)]);
          p.setLong(2, r.nextInt(21) - 10L);
          p.setInt(3, r.nextInt(11) - 5);
          p.setString(4, "p" + i);
          p.addBatch();
        }
        p.executeBatch();
      }
      List<String> sorted = Sql.strings(c, "SELECT * FROM sale ORDER BY user_id, ts DESC, product_id");
      List<String> natural = Sql.strings(c, "SELECT * FROM sale");
      assertEquals(sorted, natural);
      assertEquals(new ArrayList<>(new java.util.LinkedHashSet<>(natural)), natural, "keys are unique");
    }
  }

  @Test
  void saltedTablesHoldEveryRow() throws Exception {
    try (Connection c = Sql.connect(Sql.freshMem())) {
      run(c, "CREATE TABLE ev (id BIGINT PRIMARY KEY, v VARCHAR) SALT_BUCKETS=4");
      try (PreparedStatement p = c.prepareStatement("INSERT INTO ev VALUES (?, ?)")) {
        for (int i = 0; i < 100; i++) {
          p.setLong(1, i);
          p.setString(2, "v" + i);
          p.addBatch();
        }
        int[] counts = p.executeBatch();
        assertEquals(100, counts.length);
      }
      Sql.assertRows(c, "SELECT COUNT(*), MIN(id), MAX(id), SUM(id) FROM ev", "100, 0, 99, 4950");
      Sql.assertRows(c, "SELECT v FROM ev WHERE id = 42", "v42");
      assertEquals(4, CellarDriver.database(c).store().admin().regions("EV").size());
    }
  }
  /**
   * A salted table's buckets merged into key order (each bucket read ahead, more buckets than
   * the store has read-ahead threads, thousands of rows each) and two such queries read in
   * turns: every row comes back, in order (the merge waited for ever once the buckets read
   * ahead filled their queues and held every thread).
   */
  @Test
  void aSaltedTableMergedInKeyOrderReturnsEveryRow() throws Exception {
    try (Connection c = Sql.connect(Sql.freshMem())) {
      int buckets = Runtime.getRuntime().availableProcessors() + 4;
      run(c, "CREATE TABLE ev (id BIGINT PRIMARY KEY, v VARCHAR) SALT_BUCKETS=" + buckets);
      int rows = 1_500 * buckets;
      try (PreparedStatement p = c.prepareStatement("UPSERT INTO ev VALUES (?, ?)")) {
        for (int i = 0; i < rows; i++) {
          p.setLong(1, i);
          p.setString(2, "v" + i);
          p.addBatch();
        }
        p.executeBatch();
      }
      try (java.sql.Statement s1 = c.createStatement(); java.sql.Statement s2 = c.createStatement();
          java.sql.ResultSet a = s1.executeQuery("SELECT id FROM ev ORDER BY id");
          java.sql.ResultSet b = s2.executeQuery("SELECT id FROM ev ORDER BY id DESC")) {
        for (int i = 0; i < rows; i++) {
          org.junit.jupiter.api.Assertions.assertTrue(a.next() && b.next(), "row " + i);
          assertEquals(i, a.getLong(1));
          assertEquals(rows - 1 - i, b.getLong(1));
        }
        org.junit.jupiter.api.Assertions.assertFalse(a.next() || b.next());
      }
    }
  }
}
