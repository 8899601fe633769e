package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.assertFails;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** UPDATE STATISTICS: the row count it collects is the planner's estimate of the table's size. */
class StatisticsTest {
  @Test
  void theCountedRowsAreTheEstimate() throws Exception {
    try (Connection c = Sql.connect(Sql.freshMem()); Statement s = c.createStatement()) {
      run(c, "CREATE TABLE t (k INTEGER PRIMARY KEY, a VARCHAR, b VARCHAR, d VARCHAR, e VARCHAR)");
      try (PreparedStatement p = c.prepareStatement("UPSERT INTO t (k, a) VALUES (?, 'x')")) {
        for (int i = 0; i < 1234; i++) {
          p.setInt(1, i);
          p.addBatch();
        }
        p.executeBatch();
      }
      // before: an estimate from the store's cell counts, which takes half the columns as set
      String before = Sql.strings(c, "EXPLAIN SELECT * FROM t").get(0);
      assertTrue(before.startsWith("FULL SCAN OVER T, est. ") && !before.endsWith("est. 1234 rows"), before);
      assertEquals(1234, s.executeUpdate("UPDATE STATISTICS t"));
      assertEquals("FULL SCAN OVER T, est. 1234 rows", Sql.strings(c, "EXPLAIN SELECT * FROM t").get(0));
      run(c, "DELETE FROM t WHERE k >= 1000");
      assertEquals(1000, s.executeUpdate("UPDATE STATISTICS t ALL"));
      assertEquals("FULL SCAN OVER T, est. 1000 rows", Sql.strings(c, "EXPLAIN SELECT * FROM t").get(0));
      // a table created again under the name starts without statistics
      run(c, "DROP TABLE t", "CREATE TABLE t (k INTEGER PRIMARY KEY, a VARCHAR)", "UPSERT INTO t VALUES (1, 'x')");
      String fresh = Sql.strings(c, "EXPLAIN SELECT * FROM t").get(0);
      assertTrue(!fresh.endsWith("est. 1000 rows"), fresh);
      assertFails(c, "42S02", "UPDATE STATISTICS nope", "NOPE");
      assertFails(c, "42000", "UPDATE STATISTICS t SOMETHING", "line 1, column 21");
    }
  }
}
