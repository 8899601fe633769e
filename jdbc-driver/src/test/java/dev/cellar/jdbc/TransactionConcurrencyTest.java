package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Transactions under concurrency and crashes: transfers keep the total (and every snapshot sees
 * it), increments are never lost, and a process killed while committing leaves each transaction
 * whole or absent, its index entries included. The run time scales with
 * {@code cellar.test.scale} (60 s of transfers in the long run).
 */
class TransactionConcurrencyTest {
  private static final int SCALE = Integer.getInteger("cellar.test.scale", 1);
  private static final int ACCOUNTS = 100;
  private static final long START_BALANCE = 1000;

  @Test
  void transfersBetweenAccountsKeepTheTotal() throws Exception {
    String url = Sql.freshMem();
    try (Connection setup = Sql.connect(url)) {
      run(setup, "CREATE TABLE acct (id INTEGER NOT NULL PRIMARY KEY, balance BIGINT NOT NULL, moves INTEGER)",
          "CREATE INDEX acct_balance ON acct (balance)");
      StringBuilder rows = new StringBuilder("INSERT INTO acct VALUES ");
      for (int i = 0; i < ACCOUNTS; i++) {
        rows.append(i == 0 ? "" : ", ").append("(").append(i).append(", ").append(START_BALANCE).append(", 0)");
      }
      run(setup, rows.toString());
      long deadline = System.nanoTime() + SCALE * 6_000_000_000L;
      ExecutorService pool = Executors.newFixedThreadPool(5);
      AtomicLong committed = new AtomicLong();
      AtomicLong conflicts = new AtomicLong();
      List<Future<?>> work = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int seed = t;
        work.add(pool.submit(() -> {
          transfer(url, seed, deadline, committed, conflicts);
          return null;
        }));
      }
      AtomicLong snapshots = new AtomicLong();
      work.add(pool.submit(() -> {
        // every snapshot sees the total, by the table and by its index (no balance is negative)
        try (Connection c = Sql.connect(url)) {
          c.setAutoCommit(false);
          while (System.nanoTime() < deadline) {
            assertEquals(ACCOUNTS * START_BALANCE, sum(c, "SELECT SUM(balance) FROM acct"));
            assertEquals(ACCOUNTS * START_BALANCE, sum(c, "SELECT SUM(balance) FROM acct WHERE balance >= 0"));
            c.commit();
            snapshots.incrementAndGet();
          }
        }
        return null;
      }));
      pool.shutdown();
      for (Future<?> f : work) {
        f.get();
      }
      assertEquals(ACCOUNTS * START_BALANCE, sum(setup, "SELECT SUM(balance) FROM acct"));
      // each committed transfer moved two accounts: no committed update was lost
      assertEquals(2 * committed.get(), sum(setup, "SELECT SUM(moves) FROM acct"));
      assertTrue(committed.get() > 0 && snapshots.get() > 0, "transfers " + committed + ", snapshots " + snapshots);
      try (Statement s = setup.createStatement()) {
        assertEquals(0, s.executeLargeUpdate("ALTER INDEX acct_balance ON acct VERIFY"));
      }
    }
  }

  private static void transfer(String url, int seed, long deadline, AtomicLong committed, AtomicLong conflicts)
      throws SQLException {
    Random rnd = new Random(seed);
    try (Connection c = Sql.connect(url);
        PreparedStatement read = c.prepareStatement("SELECT balance FROM acct WHERE id = ?");
        PreparedStatement write = c.prepareStatement("UPDATE acct SET balance = ?, moves = moves + 1 WHERE id = ?")) {
      c.setAutoCommit(false);
      while (System.nanoTime() < deadline) {
        int from = rnd.nextInt(ACCOUNTS);
        int to = (from + 1 + rnd.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
        long amount = 1 + rnd.nextInt(50);
        try {
          long a = balance(read, from);
          if (a < amount) {
            c.rollback(); // no overdrafts: every balance stays at 0 or above
            continue;
          }
          long b = balance(read, to);
          write.setLong(1, a - amount);
          write.setInt(2, from);
          write.executeUpdate();
          write.setLong(1, b + amount);
          write.setInt(2, to);
          write.executeUpdate();
          c.commit();
          committed.incrementAndGet();
        } catch (SQLException e) {
          if (!"40001".equals(e.getSQLState())) {
            throw e;
          }
          conflicts.incrementAndGet();
          c.rollback();
        }
      }
    }
  }

  private static long balance(PreparedStatement read, int id) throws SQLException {
    read.setInt(1, id);
    try (ResultSet rs = read.executeQuery()) {
      assertTrue(rs.next(), "account " + id);
      return rs.getLong(1);
    }
  }

  private static long sum(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void twoTransactionsIncrementingOneRowNeverLoseAnUpdate() throws Exception {
    String url = Sql.freshMem();
    try (Connection setup = Sql.connect(url)) {
      run(setup, "CREATE TABLE counter (id INTEGER NOT NULL PRIMARY KEY, n BIGINT)",
          "INSERT INTO counter VALUES (1, 0)");
      int perThread = 150 * SCALE;
      ExecutorService pool = Executors.newFixedThreadPool(2);
      AtomicLong conflicts = new AtomicLong();
      List<Future<?>> work = new ArrayList<>();
      for (int t = 0; t < 2; t++) {
        work.add(pool.submit(() -> {
          try (Connection c = Sql.connect(url);
              PreparedStatement read = c.prepareStatement("SELECT n FROM counter WHERE id = ?");
              PreparedStatement write = c.prepareStatement("UPDATE counter SET n = ? WHERE id = 1")) {
            c.setAutoCommit(false);
            for (int done = 0; done < perThread; ) {
              long n = balance(read, 1);
              write.setLong(1, n + 1);
              write.executeUpdate();
              try {
                c.commit();
                done++;
              } catch (SQLException e) {
                assertEquals("40001", e.getSQLState(), e.getMessage());
                conflicts.incrementAndGet();
              }
            }
          }
          return null;
        }));
      }
      pool.shutdown();
      for (Future<?> f : work) {
        f.get();
      }
      // every increment read the value it replaced in its own snapshot: none was lost
      assertEquals(2L * perThread, sum(setup, "SELECT n FROM counter WHERE id = 1"));
    }
  }

  /**
   * The child: commits transactions of {@value #GROUP} rows each (a group number, rows with an
   * indexed value) until killed, printing each group number once its commit returned. Args: the
   * database directory, the first group number.
   */
  public static void main(String[] args) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:cellar:file:" + args[0]);
        PreparedStatement p = c.prepareStatement("INSERT INTO g VALUES (?, ?, ?)")) {
      c.setAutoCommit(false);
      for (int g = Integer.parseInt(args[1]); ; g++) {
        for (int i = 0; i < GROUP; i++) {
          p.setInt(1, g * GROUP + i);
          p.setInt(2, g);
          p.setString(3, "v" + (g * 7 + i) % 97);
          p.addBatch();
        }
        p.executeBatch();
        run(c, "UPDATE g SET v = 'moved" + g + "' WHERE id = " + (g * GROUP));
        c.commit();
        System.out.println(g);
        System.out.flush();
      }
    }
  }

  private static final int GROUP = 5;

  @Test
  void aCrashDuringCommitsLeavesEachTransactionWholeOrAbsent(@TempDir Path dir) throws Exception {
    Path db = dir.resolve("db");
    try (Connection c = DriverManager.getConnection("jdbc:cellar:file:" + db)) {
      run(c, "CREATE TABLE g (id INTEGER NOT NULL PRIMARY KEY, grp INTEGER, v VARCHAR)",
          "CREATE INDEX g_v ON g (v) INCLUDE (grp)");
    }
    Random rnd = new Random(20261126L);
    int next = 0;
    for (int cycle = 0; cycle < 3 * SCALE; cycle++) {
      Path err = dir.resolve("child-" + cycle + ".err");
      Process p = ChildJvm.start(err, List.of("-Xmx256m", "-XX:+UseSerialGC"), TransactionConcurrencyTest.class,
          db.toString(), Integer.toString(next));
      int lastAcknowledged = -1;
      try {
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream()));
        int target = 10 + rnd.nextInt(40);
        for (int n = 0; n < target; n++) {
          String line = out.readLine();
          assertTrue(line != null, () -> "child stopped before it was killed: " + read(err));
          lastAcknowledged = Integer.parseInt(line.trim());
        }
        Thread.sleep(rnd.nextInt(50));
        p.toHandle().destroyForcibly();
        assertEquals(137, p.waitFor(), "child died of SIGKILL");
      } finally {
        p.destroyForcibly();
      }
      try (Connection c = DriverManager.getConnection("jdbc:cellar:file:" + db); Statement s = c.createStatement()) {
        try (ResultSet rs = s.executeQuery("SELECT grp, COUNT(*), SUM(CASE WHEN v LIKE 'moved%' THEN 1 ELSE 0 END) "
            + "FROM g GROUP BY grp")) {
          java.util.TreeSet<Integer> groups = new java.util.TreeSet<>();
          while (rs.next()) {
            groups.add(rs.getInt(1));
            assertEquals(GROUP, rs.getInt(2), "rows of group " + rs.getInt(1) + " after crash " + cycle);
            assertEquals(1, rs.getInt(3), "the update of group " + rs.getInt(1) + " after crash " + cycle);
          }
          // every acknowledged commit is there, and no later one is missing in between
          assertTrue(groups.last() >= lastAcknowledged, "group " + lastAcknowledged + " was acknowledged");
          assertEquals(groups.last() + 1, groups.size(), "groups 0.." + groups.last() + " all present");
          next = groups.last() + 1;
        }
        assertEquals(0, s.executeLargeUpdate("ALTER INDEX g_v ON g VERIFY"), "index after crash " + cycle);
      }
    }
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (java.io.IOException e) {
      return "(no stderr: " + e + ")";
    }
  }
}
