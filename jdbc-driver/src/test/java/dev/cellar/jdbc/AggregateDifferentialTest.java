package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Aggregates computed in the store ({@code CellarAggregate}) equal Calcite's own over the same
 * rows: random rows of every numeric type (NULLs, negative values, DECIMALs past a {@code long}
 * and sums that overflow one, updated and deleted rows) in a table of several regions, each
 * column folded by COUNT, SUM, MIN and MAX over random key ranges, against the same calls over
 * {@code col + k - k}, which the store does not compute.
 */
class AggregateDifferentialTest {
  private static final String[] COLUMNS = {"ti", "si", "i", "b", "r", "d", "dm", "big", "wide"};
  private static Connection c;

  @BeforeAll
  static void load() throws Exception {
    c = Sql.connect(Sql.freshMem());
    run(c, "CREATE TABLE num (k INTEGER NOT NULL PRIMARY KEY, ti TINYINT, si SMALLINT, i INTEGER, b BIGINT, "
        + "r REAL, d DOUBLE, dm DECIMAL(10,2), big DECIMAL(18,0), wide DECIMAL(30,3)) SPLIT ON (100, 200, 300)");
    Random rnd = new Random(5);
    // SUM has its argument's type: small TINYINT, SMALLINT and INTEGER values keep every sum in range
    for (int batch = 0; batch < 4; batch++) {
      StringJoiner rows = new StringJoiner(", ");
      for (int n = 0; n < 100; n++) {
        int k = rnd.nextInt(400);
        rows.add("(" + k + ", " + value(rnd, "CAST(" + (rnd.nextInt(3) - 1) + " AS TINYINT)") + ", "
            + value(rnd, "CAST(" + (rnd.nextInt(101) - 50) + " AS SMALLINT)") + ", "
            + value(rnd, String.valueOf(rnd.nextInt(2_000_001) - 1_000_000)) + ", "
            + value(rnd, String.valueOf(rnd.nextLong() >> 8)) + ", "
            // small halves: float and double sums are exact whatever the order
            + value(rnd, "CAST(" + (rnd.nextInt(2001) - 1000) / 2.0 + " AS REAL)") + ", "
            + value(rnd, "CAST(" + (rnd.nextInt(200001) - 100000) / 4.0 + " AS DOUBLE)") + ", "
            + value(rnd, (rnd.nextInt(2_000_001) - 1_000_000) / 100.0 + "") + ", "
            + value(rnd, (rnd.nextBoolean() ? "" : "-") + "9" + String.format("%017d", rnd.nextInt(1000))) + ", "
            + value(rnd, (rnd.nextBoolean() ? "" : "-") + (1 + rnd.nextInt(9)) + "0".repeat(rnd.nextInt(26)) + ".125")
            + ")");
      }
      run(c, "UPSERT INTO num VALUES " + rows);
      run(c, "DELETE FROM num WHERE k BETWEEN " + rnd.nextInt(400) + " AND " + rnd.nextInt(400),
          "UPDATE num SET i = NULL, dm = 1.5 WHERE MOD(k, 7) = " + batch);
    }
    // rows the mixed queries below read one by one, with a value in every column
    for (int k : new int[] {1, 2, 3, 5, 8, 13, 150}) {
      run(c, "UPSERT INTO num VALUES (" + k + ", CAST(1 AS TINYINT), CAST(-" + k + " AS SMALLINT), " + k + ", -" + k
          + ", CAST(" + k + ".5 AS REAL), " + k + ".25, " + k + ".75, " + k + ", -" + k + ".125)");
    }
  }

  private static String value(Random rnd, String v) {
    return rnd.nextInt(6) == 0 ? "NULL" : v;
  }

  @AfterAll
  static void close() throws Exception {
    c.close();
  }

  @Test
  void storeAggregatesEqualCalcitesOverTheSameRows() throws Exception {
    Random rnd = new Random(9);
    for (int q = 0; q < 8 * COLUMNS.length; q++) {
      String where = switch (rnd.nextInt(4)) {
        case 0 -> "";
        case 1 -> " WHERE k >= " + rnd.nextInt(400);
        case 2 -> " WHERE k BETWEEN " + rnd.nextInt(200) + " AND " + (200 + rnd.nextInt(200));
        default -> " WHERE k IN (" + rnd.nextInt(400) + ", " + rnd.nextInt(400) + ", 150)";
      };
      check(COLUMNS[q % COLUMNS.length], where);
    }
    for (String col : COLUMNS) {
      // single rows (read by gets) and ranges (scanned) in one query: their partial results merge
      check(col, " WHERE k IN (1, 2, 3, 5, 8, 13, 150) OR k >= 250");
    }
  }

  private static void check(String col, String where) throws Exception {
    String pushed = "SELECT COUNT(*), COUNT(" + col + "), SUM(" + col + "), MIN(" + col + "), MAX(" + col
        + ") FROM num" + where;
    String e = "(" + col + " + k - k)";
    String computed = "SELECT COUNT(*), COUNT(" + e + "), SUM(" + e + "), MIN(" + e + "), MAX(" + e + ") FROM num"
        + where;
    assertTrue(Check.check(c, pushed).plan().contains("CellarAggregate"), pushed);
    assertFalse(Check.check(c, computed).plan().contains("CellarAggregate"), computed);
    assertEquals(Sql.strings(c, computed), Sql.strings(c, pushed), pushed);
  }

  @Test
  void aLargeRegionIsAggregatedInPartsThatAddUp() throws Exception {
    // one region of many small blocks: the store cuts it at its block index, and each part is
    // scanned on its own (requests > 1); the parts' sums and extremes merge into the whole's
    try (Connection d = Sql.connect(Sql.freshMem())) {
      run(d, "CREATE TABLE big (k INTEGER NOT NULL PRIMARY KEY, v BIGINT, w INTEGER) BLOCKSIZE = 1024");
      long sum = 0;
      for (int batch = 0; batch < 10; batch++) {
        StringJoiner rows = new StringJoiner(", ");
        for (int k = batch * 500; k < (batch + 1) * 500; k++) {
          rows.add("(" + k + ", " + (k * 7L - 1000) + ", " + (k % 3 == 0 ? "NULL" : String.valueOf(k)) + ")");
          sum += k * 7L - 1000;
        }
        run(d, "UPSERT INTO big VALUES " + rows);
      }
      run(d, "ALTER TABLE big FLUSH");
      String q = "SELECT COUNT(*), COUNT(w), SUM(v), MIN(v), MAX(w) FROM big";
      String analyzed = String.join("\n", Sql.strings(d, "EXPLAIN ANALYZE " + q));
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("requests (\\d+)").matcher(analyzed);
      assertTrue(m.find() && Integer.parseInt(m.group(1)) > 1, analyzed);
      assertEquals(List.of("5000, 3333, " + sum + ", -1000, 4999"), Sql.strings(d, q));
      assertEquals(Sql.strings(d, "SELECT COUNT(*), COUNT(w + k - k), SUM(v + k - k), MIN(v + k - k), MAX(w + k - k) "
          + "FROM big WHERE k >= 1234"), Sql.strings(d, "SELECT COUNT(*), COUNT(w), SUM(v), MIN(v), MAX(w) FROM big "
          + "WHERE k >= 1234"));
    }
  }

  @Test
  void aSumPastALongIsExact() throws Exception {
    Connection d = Sql.connect(Sql.freshMem());
    try {
      // one region: a single range sums past a long before partial results are merged
      run(d, "CREATE TABLE t (k INTEGER NOT NULL PRIMARY KEY, v DECIMAL(18,0), w DECIMAL(10,2))");
      for (int k = 0; k < 10; k++) {
        run(d, "INSERT INTO t VALUES (" + k + ", 999999999999999999, -0.01)");
      }
      Sql.assertRows(d, "SELECT SUM(v), MIN(w), MAX(v), COUNT(*) FROM t",
          "9999999999999999990, -0.01, 999999999999999999, 10");
    } finally {
      d.close();
    }
  }
}
