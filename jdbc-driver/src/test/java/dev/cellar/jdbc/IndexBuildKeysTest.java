package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code CREATE INDEX} over rows already written, on tables whose keys take the entry's data
 * key columns from the row's key as they are (a CHAR, a descending BIGINT and a VARCHAR key,
 * salted or not) and on one where an indexed key column makes the build encode entry keys
 * whole: {@code ALTER INDEX ... VERIFY}, which encodes every entry's key from the row's values,
 * finds no difference, and a lookup through each index returns the rows a scan of the table
 * does.
 */
class IndexBuildKeysTest {
  private static final int ROWS = 3_000;

  @Test
  void entriesBuiltFromTheRowsKeysAreTheEntriesTheRowsCallFor() throws Exception {
    for (String salt : new String[] {"", " SALT_BUCKETS=4"}) {
      try (Connection c = Sql.connect(Sql.freshMem())) {
        run(c, "CREATE TABLE s (u CHAR(4) NOT NULL, rts BIGINT NOT NULL, p VARCHAR NOT NULL, v VARCHAR, "
            + "w DECIMAL(8,2), CONSTRAINT pk PRIMARY KEY (u, rts DESC, p))" + salt);
        Random rnd = new Random(17);
        try (PreparedStatement ins = c.prepareStatement("UPSERT INTO s VALUES (?, ?, ?, ?, ?)")) {
          for (int i = 0; i < ROWS; i++) {
            ins.setString(1, "u" + rnd.nextInt(30));
            ins.setLong(2, rnd.nextInt(5) == 0 ? -rnd.nextInt(1000) : rnd.nextLong());
            ins.setString(3, rnd.nextInt(10) == 0 ? "" : "p\u00e9" + rnd.nextInt(500));
            ins.setString(4, rnd.nextInt(6) == 0 ? null : "v" + rnd.nextInt(40));
            ins.setBigDecimal(5, rnd.nextInt(6) == 0 ? null : BigDecimal.valueOf(rnd.nextInt(100_000) - 50_000, 2));
            ins.addBatch();
          }
          ins.executeBatch();
        }
        run(c, "CREATE INDEX i_v ON s (v)", "CREATE INDEX i_vw ON s (v, w DESC)", "CREATE INDEX i_w ON s (w) INCLUDE (v)",
            "CREATE INDEX i_pv ON s (p, v)");
        for (String ix : List.of("I_V", "I_VW", "I_W", "I_PV")) {
          assertEquals(0, Sql.update(c, "ALTER INDEX " + ix + " ON s VERIFY"), ix + salt);
        }
        for (int k = 0; k < 40; k += 7) {
          String byIndex = "SELECT u, rts, p, w FROM s WHERE v = 'v" + k + "' ORDER BY u, rts, p";
          assertTrue(Sql.strings(c, "EXPLAIN PLAN FOR " + byIndex).toString().contains("INDEX"), byIndex);
          List<List<Object>> rows = Sql.rows(c, byIndex);
          assertTrue(!rows.isEmpty(), byIndex);
          assertEquals(Sql.rows(c, "SELECT u, rts, p, w FROM s WHERE v || '' = 'v" + k + "' ORDER BY u, rts, p"),
              rows, byIndex + salt);
        }
      }
    }
  }

  /**
   * Value columns of several families, some NULL, indexed and included: a build that reads the
   * cells in place (no key column, row timestamp or MAP column wanted) decodes each column from
   * its own cell.
   */
  @Test
  void aBuildReadingCellsInPlaceDecodesColumnsOfSeveralFamilies() throws Exception {
    try (Connection c = Sql.connect(Sql.freshMem())) {
      run(c, "CREATE TABLE f (k INTEGER NOT NULL PRIMARY KEY, a.x VARCHAR, b.y INTEGER, a.z DATE, b.w DOUBLE)");
      Random rnd = new Random(5);
      try (PreparedStatement ins = c.prepareStatement("UPSERT INTO f VALUES (?, ?, ?, ?, ?)")) {
        for (int i = 0; i < ROWS; i++) {
          ins.setInt(1, i);
          ins.setString(2, rnd.nextInt(5) == 0 ? null : "x" + rnd.nextInt(50));
          if (rnd.nextInt(7) == 0) {
            ins.setNull(3, java.sql.Types.INTEGER);
          } else {
            ins.setInt(3, rnd.nextInt(60));
          }
          ins.setDate(4, rnd.nextInt(4) == 0 ? null : java.sql.Date.valueOf(java.time.LocalDate.of(2020, 1, 1)
              .plusDays(rnd.nextInt(900))));
          ins.setDouble(5, rnd.nextInt(1000) / 8.0);
          ins.addBatch();
        }
        ins.executeBatch();
      }
      run(c, "CREATE INDEX i_y ON f (b.y) INCLUDE (a.x, a.z)", "CREATE INDEX i_zx ON f (a.z, a.x) INCLUDE (b.w)");
      for (String ix : List.of("I_Y", "I_ZX")) {
        assertEquals(0, Sql.update(c, "ALTER INDEX " + ix + " ON f VERIFY"), ix);
      }
      for (int y = 0; y < 60; y += 11) {
        String byIndex = "SELECT k, x, z FROM f WHERE y = " + y + " ORDER BY k";
        assertTrue(Sql.strings(c, "EXPLAIN PLAN FOR " + byIndex).toString().contains("I_Y"), byIndex);
        List<List<Object>> rows = Sql.rows(c, byIndex);
        assertTrue(!rows.isEmpty(), byIndex);
        assertEquals(Sql.rows(c, "SELECT k, x, z FROM f WHERE y + 0 = " + y + " ORDER BY k"), rows, byIndex);
      }
      String byZ = "SELECT k, x, w FROM f WHERE z = DATE '2020-03-01' ORDER BY k";
      assertTrue(Sql.strings(c, "EXPLAIN PLAN FOR " + byZ).toString().contains("I_ZX"), byZ);
      assertEquals(Sql.rows(c, "SELECT k, x, w FROM f WHERE CAST(z AS VARCHAR) = '2020-03-01' ORDER BY k"),
          Sql.rows(c, byZ));
    }
  }
}
