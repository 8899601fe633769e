package dev.cellar.jdbc.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQL fuzzing: statements from the project's own SQL ({@link SqlCorpus}) mutated by
 * {@link SqlMutator}, statements with IN lists of 10,000 values, and random JDBC call sequences
 * ({@link JdbcCallFuzzer}) on a {@code file:} database. Each must end in a result or an
 * SQLException with a proper SQLState (never XX000) and no Java class name in its message
 * ({@link Outcomes}), within {@value #TIMEOUT_SECONDS} s (a hang fails; a statement has a query timeout of half that,
 * so one that rightly takes long ends in HYT00); the connection answers
 * {@code SELECT 1} after each, and the database reopens with its sentinel table intact.
 * 5,000 inputs in CI, 100,000 with {@code -Dcellar.test.scale=10};
 * {@code -Dcellar.fuzz.seed=N} repeats a run (the seed is printed).
 */
class SqlFuzzTest {
  private static final int SCALE = Integer.getInteger("cellar.test.scale", 1);
  /**
   * The run's random choices: {@code -Dcellar.fuzz.seed=N}, else a fixed seed in the CI form (so
   * that CI checks the same inputs every time) and a new one in the long form.
   */
  private static final long SEED = Long.getLong("cellar.fuzz.seed",
      Integer.getInteger("cellar.test.scale", 1) > 1 ? System.nanoTime() : 20261126L);
  private static final int TIMEOUT_SECONDS = 60;
  /** Inputs between two reopenings of the database. */
  private static final int REOPEN_EVERY = 1000;
  private static final int SENTINEL_ROWS = 200;

  @Test
  void fuzzedStatementsAndCallsEndInAResultOrAProperSqlException(@TempDir Path dir) throws Exception {
    System.out.println("SqlFuzzTest seed " + SEED + " (-Dcellar.fuzz.seed=" + SEED + " repeats it)");
    Random r = new Random(SEED);
    List<String> corpus = SqlCorpus.load();
    assertTrue(corpus.size() > 500, "corpus of " + corpus.size() + " statements");
    String url = "jdbc:cellar:file:" + dir.resolve("db");
    int total = SCALE == 1 ? 5000 : SCALE * 10_000;
    Outcomes outcomes = new Outcomes();
    SqlMutator mutator = new SqlMutator(r);
    JdbcCallFuzzer calls = new JdbcCallFuzzer();
    ExecutorService[] worker = {newWorker()};
    long start = System.nanoTime();
    int sequences = 0;
    int reopened = 0;
    try {
      Connection c = DriverManager.getConnection(url);
      setUp(c, corpus);
      PreparedStatement one = c.prepareStatement("SELECT 1");
      for (int i = 0; i < total; i++) {
        if (i > 0 && i % REOPEN_EVERY == 0) {
          one.close();
          c.close();
          c = DriverManager.getConnection(url);
          checkSentinel(c);
          one = c.prepareStatement("SELECT 1");
          reopened++;
        }
        if (i % 1000 == 0) {
          System.out.println("SqlFuzzTest: " + i + " inputs, " + outcomes.problems().size() + " kinds of problem, "
              + (System.nanoTime() - start) / 1_000_000 + " ms");
        }
        int kind = r.nextInt(20);
        if (kind < 4) {
          sequences++;
          callSequence(url, calls, new Random(r.nextLong()), outcomes, worker);
        } else {
          String sql = kind == 4 && r.nextInt(5) == 0 ? mutator.bigIn()
              : kind == 5 ? corpus.get(r.nextInt(corpus.size()))
              : mutator.mutate(corpus.get(r.nextInt(corpus.size())));
          statement(c, sql, outcomes, worker);
        }
        if (!selectsOne(one)) {
          outcomes.fail("input " + i, "the connection no longer answers SELECT 1");
          one.close();
          c.close();
          c = DriverManager.getConnection(url);
          one = c.prepareStatement("SELECT 1");
        }
      }
      one.close();
      c.close();
      try (Connection again = DriverManager.getConnection(url)) {
        checkSentinel(again);
        assertTrue(selectsOne(again.prepareStatement("SELECT 1")));
      }
    } finally {
      worker[0].shutdownNow();
    }
    Map<String, String> problems = outcomes.problems();
    System.out.println("SqlFuzzTest: " + total + " inputs (" + sequences + " call sequences), " + outcomes.results()
        + " results, " + outcomes.errors() + " proper SQLExceptions, " + problems.size() + " kinds of problem, "
        + reopened + " reopenings, " + (System.nanoTime() - start) / 1_000_000 + " ms");
    outcomes.known().forEach((reason, n) -> System.out.println("SqlFuzzTest: known, left: " + n + " x " + reason));
    java.nio.file.Path inputs = problems.isEmpty() ? null
        : outcomes.writeInputs(java.nio.file.Path.of("target", "fuzz-problems.txt"));
    assertTrue(problems.isEmpty(), () -> problems.size() + " kinds of problem (seed " + SEED + "; whole inputs in "
        + inputs.toAbsolutePath() + "):\n  " + String.join("\n  ", problems.values()));
  }

  private static void setUp(Connection c, List<String> corpus) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE FZ (ID INTEGER NOT NULL PRIMARY KEY, NAME VARCHAR(20), AMT BIGINT)");
      s.execute("CREATE INDEX FZ_NAME ON FZ (NAME) INCLUDE (AMT)");
      StringBuilder rows = new StringBuilder("INSERT INTO FZ VALUES ");
      for (int i = 0; i < SENTINEL_ROWS; i++) {
        rows.append(i == 0 ? "" : ", ").append("(").append(i).append(", 'v").append(i).append("', ").append(i * 3L)
            .append(")");
      }
      s.execute(rows.toString());
      // the corpus's tables and rows, as far as they go in: what the mutated statements read and write
      for (String sql : corpus) {
        if (sql.regionMatches(true, 0, "CREATE", 0, 6) || sql.regionMatches(true, 0, "INSERT", 0, 6)
            || sql.regionMatches(true, 0, "UPSERT", 0, 6)) {
          try {
            s.execute(sql);
          } catch (SQLException e) {
            // a table made twice, a row of a table made later: not what this test checks
          }
        }
      }
    }
  }

  /** The fuzzer's own table, which no fuzzed statement writes: all its rows, its index verified. */
  private static void checkSentinel(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*), SUM(AMT), MIN(NAME), MAX(ID) FROM FZ")) {
      assertTrue(rs.next());
      assertEquals(SENTINEL_ROWS, rs.getInt(1));
      assertEquals(3L * SENTINEL_ROWS * (SENTINEL_ROWS - 1) / 2, rs.getLong(2));
      assertEquals("v0", rs.getString(3));
      assertEquals(SENTINEL_ROWS - 1, rs.getInt(4));
      assertEquals(0, s.executeLargeUpdate("ALTER INDEX FZ_NAME ON FZ VERIFY"));
    }
  }

  private static boolean selectsOne(PreparedStatement one) {
    try (ResultSet rs = one.executeQuery()) {
      return rs.next() && rs.getInt(1) == 1 && !rs.next();
    } catch (SQLException e) {
      return false;
    }
  }

  /** Runs one statement on the worker thread, draining its rows, under the timeout. */
  private static void statement(Connection c, String sql, Outcomes outcomes, ExecutorService[] worker) {
    AtomicReference<Statement> running = new AtomicReference<>();
    Throwable thrown = timed(sql, outcomes, worker, () -> {
      try (Statement s = c.createStatement()) {
        running.set(s);
        s.setMaxRows(1000);
        // a statement that is slow by nature (the corpus's cross join of 10,000 rows with itself)
        // ends in a timeout (HYT00); one that hangs past it is still caught below
        s.setQueryTimeout(TIMEOUT_SECONDS / 2);
        if (s.execute(sql)) {
          try (ResultSet rs = s.getResultSet()) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
              for (int i = 1; i <= n; i++) {
                rs.getObject(i);
              }
            }
          }
        }
      }
    }, running);
    if (thrown != TIMED_OUT) {
      outcomes.record(sql, thrown);
    }
  }

  /** One sequence of 3 to 10 calls on a connection of its own. */
  private static void callSequence(String url, JdbcCallFuzzer calls, Random r, Outcomes outcomes,
      ExecutorService[] worker) throws SQLException {
    JdbcCallFuzzer.Objects o = new JdbcCallFuzzer.Objects();
    o.r = r;
    o.conn = DriverManager.getConnection(url);
    try {
      o.st = o.conn.createStatement();
      o.ps = o.conn.prepareStatement("SELECT ID, NAME, AMT FROM FZ WHERE ID > ?");
      o.rs = o.st.executeQuery("SELECT ID, NAME, AMT FROM FZ");
      StringBuilder done = new StringBuilder();
      int n = 3 + r.nextInt(8);
      for (int k = 0; k < n; k++) {
        JdbcCallFuzzer.Named call = calls.pick(r);
        done.append(k == 0 ? "" : ", ").append(call.name());
        Throwable thrown = timed(done.toString(), outcomes, worker, () -> call.call().run(o), new AtomicReference<>());
        if (thrown != TIMED_OUT) {
          outcomes.record("calls: " + done, thrown);
        }
      }
    } finally {
      o.conn.close();
    }
  }

  /** A daemon thread for the statements, so that one that never returns does not keep the JVM alive. */
  private static ExecutorService newWorker() {
    return Executors.newSingleThreadExecutor(task -> {
      Thread t = new Thread(task, "fuzzed-statements");
      t.setDaemon(true);
      return t;
    });
  }

  /** What a timed-out action "threw". */
  private static final Throwable TIMED_OUT = new Throwable("timed out");

  interface Action {
    void run() throws Exception;
  }

  private static Throwable timed(String input, Outcomes outcomes, ExecutorService[] worker, Action action,
      AtomicReference<Statement> running) {
    Future<?> f = worker[0].submit(() -> {
      action.run();
      return null;
    });
    try {
      f.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      return null;
    } catch (ExecutionException e) {
      return e.getCause();
    } catch (TimeoutException e) {
      outcomes.fail(input, "no answer within " + TIMEOUT_SECONDS + " s");
      Statement s = running.get();
      try {
        if (s != null) {
          s.cancel();
        }
      } catch (SQLException ignored) {
        // the worker is replaced below anyway
      }
      f.cancel(true);
      worker[0].shutdownNow();
      worker[0] = newWorker();
      return TIMED_OUT;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
