package dev.cellar.jdbc.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.jdbc.reliability.DifferentialSchema.Column;
import dev.cellar.jdbc.reliability.DifferentialSchema.Table;
import dev.cellar.jdbc.reliability.QueryGenerator.Order;
import dev.cellar.jdbc.reliability.QueryGenerator.Query;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Differential SQL: random schemas (composite keys with DESC columns, salting, secondary
 * indexes), random rows then random UPDATEs and DELETEs, and random queries run in Cellar and in
 * H2 on the same data. Results are compared as multisets, in order where the ORDER BY fixes it
 * (the ORDER BY columns' sequence where it fixes it in part); a statement that fails must fail
 * in both. 1,000 queries in CI, 10,000 with {@code -Dcellar.test.scale=10};
 * {@code -Dcellar.fuzz.seed=N} repeats a run (the seed is printed).
 */
class SqlDifferentialTest {
  private static final int SCALE = Integer.getInteger("cellar.test.scale", 1);
  /**
   * The run's random choices: {@code -Dcellar.fuzz.seed=N}, else a fixed seed in the CI form (so
   * that CI checks the same inputs every time) and a new one in the long form.
   */
  private static final long SEED = Long.getLong("cellar.fuzz.seed",
      Integer.getInteger("cellar.test.scale", 1) > 1 ? System.nanoTime() : 20261126L);
  private static final int QUERIES_PER_SCHEMA = 250;
  private static final AtomicInteger NEXT = new AtomicInteger();
  /**
   * Failures known and left (TESTING.md lists them): Cellar's error, a part of the query, and
   * the reason. Counted and printed, not failed.
   */
  private static final String[][] KNOWN = {};
  private static final java.util.Map<String, Integer> KNOWN_SEEN = new java.util.concurrent.ConcurrentHashMap<>();

  @Test
  void randomQueriesAnswerAsH2Does() throws Exception {
    System.out.println("SqlDifferentialTest seed " + SEED + " (-Dcellar.fuzz.seed=" + SEED + " repeats it)");
    long start = System.nanoTime();
    Random r = new Random(SEED);
    int total = 1000 * SCALE;
    List<String> mismatches = new ArrayList<>();
    int[] stats = new int[3]; // queries, rows compared, both failed
    for (int done = 0; done < total; done += QUERIES_PER_SCHEMA) {
      runSchema(new Random(r.nextLong()), Math.min(QUERIES_PER_SCHEMA, total - done), mismatches, stats);
    }
    System.out.println("SqlDifferentialTest: " + stats[0] + " queries, " + stats[1] + " rows compared, " + stats[2]
        + " failed in both, " + mismatches.size() + " mismatches, " + (System.nanoTime() - start) / 1_000_000 + " ms");
    KNOWN_SEEN.forEach((reason, n) -> System.out.println("SqlDifferentialTest: known, left: " + n + " x " + reason));
    assertTrue(mismatches.isEmpty(), () -> mismatches.size() + " mismatches (seed " + SEED + "):\n"
        + String.join("\n", mismatches.subList(0, Math.min(20, mismatches.size()))));
  }

  private static void runSchema(Random r, int queries, List<String> mismatches, int[] stats) throws SQLException {
    DifferentialSchema schema = new DifferentialSchema(r);
    int id = NEXT.incrementAndGet();
    try (Connection cellar = DriverManager.getConnection("jdbc:cellar:mem:diff" + id + ";shutdown=true");
        Connection h2 = DriverManager.getConnection("jdbc:h2:mem:diff" + id)) {
      for (Table t : schema.tables) {
        run(cellar, t.cellarDdl());
        run(h2, t.h2Ddl());
      }
      // the indexes exist before the rows, so that every write, update and delete maintains them
      for (String insert : schema.rows(r)) {
        compareUpdate(cellar, h2, insert, schema, mismatches);
      }
      for (int i = 0; i < 40; i++) {
        compareUpdate(cellar, h2, change(schema, r), schema, mismatches);
      }
      QueryGenerator gen = new QueryGenerator(schema, r);
      for (int i = 0; i < queries; i++) {
        Query q = gen.next();
        stats[0]++;
        compareQuery(cellar, h2, q, schema, mismatches, stats);
      }
      try (Statement s = h2.createStatement()) {
        s.execute("SHUTDOWN");
      }
    }
  }

  /** An UPDATE of non-key columns or a DELETE, by a random predicate. */
  private static String change(DifferentialSchema schema, Random r) {
    Table t = schema.tables.get(r.nextInt(schema.tables.size()));
    String where = new QueryGenerator(schema, r).predicate(t, t.name(), 1);
    if (r.nextInt(3) == 0) {
      return "DELETE FROM " + t.name() + " WHERE " + where;
    }
    StringJoiner set = new StringJoiner(", ");
    for (Column c : t.values()) {
      if (r.nextBoolean()) {
        set.add(c.name() + " = " + DifferentialSchema.value(r, c));
      }
    }
    if (set.length() == 0) {
      Column c = t.values().get(0);
      set.add(c.name() + " = " + (c.kind() == DifferentialSchema.Kind.STR ? "NULL" : "COALESCE(" + c.name() + ", 0) + 1"));
    }
    return "UPDATE " + t.name() + " SET " + set + " WHERE " + where;
  }

  private static void run(Connection c, List<String> sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      for (String q : sql) {
        s.execute(q);
      }
    }
  }

  private static void compareUpdate(Connection cellar, Connection h2, String sql, DifferentialSchema schema,
      List<String> mismatches) {
    String a = update(cellar, sql);
    String b = update(h2, sql);
    if (!a.equals(b)) {
      mismatches.add(sql + "\n  cellar: " + a + "\n  h2:     " + b + "\n  schema: " + schema.description);
    }
  }

  private static String update(Connection c, String sql) {
    try (Statement s = c.createStatement()) {
      return "count " + s.executeUpdate(sql);
    } catch (SQLException e) {
      return "error " + e.getSQLState().substring(0, 2);
    }
  }

  private static void compareQuery(Connection cellar, Connection h2, Query q, DifferentialSchema schema,
      List<String> mismatches, int[] stats) {
    List<List<String>> a;
    List<List<String>> b;
    String errA = null;
    String errB = null;
    try {
      a = rows(cellar, q.sql());
    } catch (SQLException e) {
      a = null;
      errA = e.getSQLState() + " " + e.getMessage();
    }
    try {
      b = rows(h2, q.sql());
    } catch (SQLException e) {
      b = null;
      errB = e.getSQLState() + " " + e.getMessage();
    }
    if (a == null || b == null) {
      if (a == null && b == null) {
        stats[2]++;
        return;
      }
      if (a == null) {
        for (String[] k : KNOWN) {
          if (errA.contains(k[0]) && q.sql().contains(k[1])) {
            KNOWN_SEEN.merge(k[2], 1, Integer::sum);
            return;
          }
        }
      }
      mismatches.add(q.sql() + "\n  cellar: " + (a == null ? errA : a.size() + " rows " + head(a)) + "\n  h2:     "
          + (b == null ? errB : b.size() + " rows " + head(b)) + "\n  schema: " + schema.description);
      return;
    }
    stats[1] += b.size();
    boolean same;
    if (q.order() == Order.TOTAL) {
      same = a.equals(b);
    } else {
      same = sorted(a).equals(sorted(b));
      if (same && q.order() == Order.PARTIAL) {
        same = project(a, q.sortColumns()).equals(project(b, q.sortColumns()));
      }
    }
    if (!same) {
      mismatches.add(q.sql() + "\n  cellar: " + a.size() + " rows " + head(a) + "\n  h2:     " + b.size() + " rows "
          + head(b) + "\n  schema: " + schema.description);
    }
  }

  private static String head(List<List<String>> rows) {
    return rows.subList(0, Math.min(rows.size(), 12)).toString();
  }

  private static List<List<String>> rows(Connection c, String sql) throws SQLException {
    List<List<String>> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<String> row = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
          row.add(normal(rs.getObject(i)));
        }
        out.add(row);
      }
    }
    return out;
  }

  /** A value as comparable text: numbers by value whatever their type, NULL as NULL. */
  private static String normal(Object v) {
    if (v == null) {
      return "NULL";
    }
    if (v instanceof Number) {
      BigDecimal d = new BigDecimal(v.toString()).stripTrailingZeros();
      return d.signum() == 0 ? "0" : d.toPlainString();
    }
    return "'" + v + "'";
  }

  private static List<String> sorted(List<List<String>> rows) {
    List<String> out = new ArrayList<>();
    for (List<String> row : rows) {
      out.add(String.join("\u0001", row));
    }
    out.sort(null);
    return out;
  }

  private static List<List<String>> project(List<List<String>> rows, List<Integer> cols) {
    List<List<String>> out = new ArrayList<>();
    for (List<String> row : rows) {
      List<String> p = new ArrayList<>();
      for (int i : cols) {
        p.add(row.get(i));
      }
      out.add(p);
    }
    return out;
  }

  @Test
  void theGeneratorIsRepeatable() {
    Random a = new Random(5);
    Random b = new Random(5);
    QueryGenerator ga = new QueryGenerator(new DifferentialSchema(a), a);
    QueryGenerator gb = new QueryGenerator(new DifferentialSchema(b), b);
    for (int i = 0; i < 50; i++) {
      assertEquals(ga.next().sql(), gb.next().sql());
    }
  }
}
