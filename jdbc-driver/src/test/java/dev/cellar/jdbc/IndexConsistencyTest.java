package dev.cellar.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Thousands of random statements from concurrent writers, then every index compared with one
 * rebuilt from the table ({@code ALTER INDEX ... VERIFY}: zero differences), and queries read
 * through each index compared with the same queries over the table alone.
 */
class IndexConsistencyTest {
  private static final long SEED = Long.getLong("cellar.index.seed", 20261121L);
  private static final int WRITERS = 4;
  private static final int STATEMENTS_PER_WRITER = Integer.getInteger("cellar.index.statements", 600);

  @Test
  void concurrentRandomDmlLeavesEveryIndexEqualToItsTable() throws Exception {
    String url = "jdbc:cellar:mem:index-consistency-" + SEED;
    try (Connection admin = Sql.connect(url)) {
      IndexWorkload.create(admin);
      ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
      List<Future<Integer>> done = new ArrayList<>();
      for (int w = 0; w < WRITERS; w++) {
        Random rnd = new Random(SEED * 31 + w);
        done.add(pool.submit(() -> {
          try (Connection c = Sql.connect(url); Statement s = c.createStatement()) {
            for (int i = 0; i < STATEMENTS_PER_WRITER; i++) {
              IndexWorkload.run(s, IndexWorkload.next(rnd));
            }
          }
          return STATEMENTS_PER_WRITER;
        }));
      }
      int statements = 0;
      for (Future<Integer> f : done) {
        statements += f.get();
      }
      pool.shutdown();
      assertEquals(WRITERS * STATEMENTS_PER_WRITER, statements);
      long rows = Long.parseLong(Sql.strings(admin, "SELECT COUNT(*) FROM t").get(0));
      assertTrue(rows > 50, "the workload leaves rows to index: " + rows + " (seed " + SEED + ")");
      try (Statement s = admin.createStatement()) {
        for (String ix : IndexWorkload.INDEXES) {
          assertEquals(0, s.executeLargeUpdate("ALTER INDEX " + ix + " ON t VERIFY"),
              "differences between " + ix + " and T (seed " + SEED + ")");
        }
      }
      // a copy without indexes answers the same queries from its rows alone
      Sql.run(admin, "CREATE TABLE plain (k INTEGER PRIMARY KEY, a VARCHAR, b INTEGER, c DECIMAL(6,2), d VARCHAR)",
          "INSERT INTO plain SELECT * FROM t");
      Random rnd = new Random(SEED);
      for (int q = 0; q < 60; q++) {
        String where = switch (q % 4) {
          case 0 -> "a = 'a" + rnd.nextInt(20) + "'";
          case 1 -> {
            int lo = rnd.nextInt(50) - 25;
            yield "b > " + lo + " AND b <= " + (lo + 1 + rnd.nextInt(10));
          }
          case 2 -> "d = 'd" + rnd.nextInt(400) + "' OR d = 'd" + rnd.nextInt(400) + "'";
          default -> "b = " + (rnd.nextInt(50) - 25) + " AND a >= 'a" + rnd.nextInt(20) + "'";
        };
        String viaIndex = "SELECT k, a, b, c, d FROM t WHERE " + where;
        String plan = Check.check(admin, viaIndex).plan();
        assertTrue(plan.contains("INDEX"), "reads an index: " + viaIndex + "\n" + plan);
        String viaTable = "SELECT k, a, b, c, d FROM plain WHERE " + where;
        assertEquals(sorted(Sql.strings(admin, viaTable)), sorted(Sql.strings(admin, viaIndex)), viaIndex);
        // an order the index does not give must still be sorted, one it gives kept
        for (String order : List.of(" ORDER BY k", " ORDER BY b DESC, a, k", " ORDER BY a, k DESC")) {
          assertEquals(Sql.strings(admin, viaTable + order), Sql.strings(admin, viaIndex + order), viaIndex + order);
        }
      }
    }
  }

  private static List<String> sorted(List<String> rows) {
    List<String> out = new ArrayList<>(rows);
    Collections.sort(out);
    return out;
  }
}
