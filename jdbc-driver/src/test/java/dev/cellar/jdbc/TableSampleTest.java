package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import org.junit.jupiter.api.Test;

/** TABLESAMPLE: the standard BERNOULLI and SYSTEM forms with REPEATABLE, and Phoenix's TABLESAMPLE(p). */
class TableSampleTest {
  private static final int ROWS = 4000;

  @Test
  void aPlausibleFractionAndRepeatableRows() throws Exception {
    try (Connection c = Sql.connect(Sql.freshMem())) {
      run(c, "CREATE TABLE t (k INTEGER PRIMARY KEY, v VARCHAR)");
      try (PreparedStatement p = c.prepareStatement("UPSERT INTO t VALUES (?, 'x')")) {
        for (int i = 0; i < ROWS; i++) {
          p.setInt(1, i);
          p.addBatch();
        }
        p.executeBatch();
      }
      for (String sample : List.of("BERNOULLI(10)", "SYSTEM(10)", "(10)", "BERNOULLI(10) REPEATABLE(7)")) {
        long n = count(c, "SELECT COUNT(*) FROM t TABLESAMPLE " + sample);
        // 10% of 4,000: 400, with a standard deviation of 19
        assertTrue(n > 300 && n < 500, sample + ": " + n + " rows");
      }
      assertEquals(ROWS, count(c, "SELECT COUNT(*) FROM t TABLESAMPLE BERNOULLI(100)"));
      assertEquals(0, count(c, "SELECT COUNT(*) FROM t TABLESAMPLE BERNOULLI(0)"));
      String repeatable = "SELECT k FROM t TABLESAMPLE BERNOULLI(5) REPEATABLE(42) ORDER BY k";
      List<String> once = Sql.strings(c, repeatable);
      assertEquals(once, Sql.strings(c, repeatable));
      assertNotEquals(once, Sql.strings(c, "SELECT k FROM t TABLESAMPLE BERNOULLI(5) REPEATABLE(43) ORDER BY k"));
      assertNotEquals(Sql.strings(c, "SELECT k FROM t TABLESAMPLE(5) ORDER BY k"),
          Sql.strings(c, "SELECT k FROM t TABLESAMPLE(5) ORDER BY k"));
      // a sample joined and filtered like any table
      long filtered = count(c, "SELECT COUNT(*) FROM t TABLESAMPLE BERNOULLI(50) WHERE k < 1000");
      assertTrue(filtered > 400 && filtered < 600, filtered + " rows");
    }
  }

  private static long count(Connection c, String sql) throws Exception {
    return Long.parseLong(Sql.strings(c, sql).get(0));
  }
}
