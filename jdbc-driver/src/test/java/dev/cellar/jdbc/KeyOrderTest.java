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
}
