package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.sql.schema.CellarSchema;
import dev.cellar.storage.CellarStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.calcite.jdbc.CalciteConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A major compaction running on a table is listed in {@code CELLAR.OPERATIONS} with its progress. */
class CompactionProgressTest {
  @TempDir
  Path dir;

  @Test
  void aRunningMajorCompactionShowsCellsAndBytesDoneOfTotal() throws Exception {
    try (Connection c = Sql.connect(Sql.freshMem()); Statement s = c.createStatement()) {
      run(c, "CREATE TABLE big (id INTEGER PRIMARY KEY, a VARCHAR, b BIGINT, d VARCHAR)");
      StringBuilder csv = new StringBuilder();
      for (int i = 0; i < 200_000; i++) {
        csv.append(i).append(",name").append(i).append(',').append(i * 3L).append(",").append(i % 97).append('\n');
      }
      Path f = dir.resolve("big.csv");
      Files.writeString(f, csv);
      System.setProperty("cellar.copy.bulkMinBytes", "0");
      try {
        assertEquals(200_000, s.executeLargeUpdate("COPY big FROM '" + f + "'"));
      } finally {
        System.clearProperty("cellar.copy.bulkMinBytes");
      }
      CellarStore store = c.unwrap(CalciteConnection.class).getRootSchema().getSubSchema("PUBLIC")
          .unwrap(CellarSchema.class).session().database().store();
      AtomicBoolean seen = new AtomicBoolean();
      // compacted again and again until a look at the table finds one running (each rewrites every cell)
      CompletableFuture<Integer> compactions = CompletableFuture.supplyAsync(() -> {
        int n = 0;
        while (!seen.get() && n < 50) {
          store.admin().majorCompact("BIG");
          n++;
        }
        return n;
      });
      long cells = -1;
      String detail = null;
      while (!compactions.isDone() && !seen.get()) {
        try (ResultSet rs = s.executeQuery("SELECT TABLE_NAME, DETAIL, ROWS_DONE, ROWS_TOTAL FROM CELLAR.OPERATIONS "
            + "WHERE KIND = 'MAJOR COMPACTION'")) {
          if (rs.next()) {
            assertEquals("BIG", rs.getString(1));
            detail = rs.getString(2);
            assertTrue(rs.getLong(3) >= 0 && rs.getLong(3) <= rs.getLong(4), rs.getLong(3) + " of " + rs.getLong(4));
            cells = rs.getLong(4);
            seen.set(true);
          }
        }
      }
      compactions.get(5, TimeUnit.MINUTES);
      assertTrue(seen.get(), "no major compaction seen in CELLAR.OPERATIONS");
      // 200,000 rows of 3 cells and a marker (the key is the rowkey)
      assertEquals(800_000, cells);
      assertTrue(detail.matches("cells \\d+ of 800000, bytes \\d+ of \\d+"), detail);
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM CELLAR.OPERATIONS WHERE KIND = 'MAJOR COMPACTION'")) {
        rs.next();
        assertEquals(0, rs.getLong(1));
      }
    }
  }
}
