package dev.cellar.storage.hbase;

import static dev.cellar.jdbc.Sql.update;
import static dev.cellar.storage.hbase.HBaseIndexTest.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.jdbc.ChildJvm;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Two client JVMs on one cluster: this test's and one it starts with the test class path
 * ({@link #main}). The second sees the first's DDL (tables, indexes, drops); both insert the
 * same keys into an indexed table at once and each key is inserted once (the store's
 * check-and-mutate decides), the other getting 23505; rows of a table without a key get ids
 * unique across the JVMs (the catalog's counter is an HBase increment); a writer killed with
 * SIGKILL in the middle of its statements leaves no indexed query returning a wrong row, and
 * after REPAIR VERIFY finds nothing.
 */
@Tag("jdbc")
class HBaseClientsTest {
  private static final String NAMESPACE = "clients";
  private static final int KEYS = 40;

  private static String url() {
    return MiniHBase.jdbcUrl() + ";hbaseNamespace=" + NAMESPACE;
  }

  /** The second client: {@code main(url, mode)}; it tells the test what it did on standard output. */
  public static void main(String[] args) throws Exception {
    PrintStream out = System.out;
    try (Connection c = DriverManager.getConnection(args[0])) {
      out.println("ready");
      out.flush();
      switch (args[1]) {
        case "watch" -> watch(c, out);
        case "write" -> write(c, out);
        default -> throw new IllegalArgumentException(args[1]);
      }
    }
    out.flush();
    System.exit(0);
  }

  /** Waits for table T1 with its row, then for index T1_V, then for T1 to be dropped. */
  private static void watch(Connection c, PrintStream out) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    String seen = null;
    while (seen == null && System.nanoTime() < deadline) {
      try {
        seen = rows(c, "SELECT v FROM t1 WHERE id = 1").toString();
      } catch (SQLException e) {
        Thread.sleep(20);
      }
    }
    out.println("table " + seen);
    out.flush();
    String index = "[]";
    while (!index.contains("ACTIVE") && System.nanoTime() < deadline) {
      index = rows(c, "SELECT index_name, state FROM cellar.indexes WHERE table_name = 'T1'").toString();
      Thread.sleep(20);
    }
    out.println("index " + index);
    out.flush();
    // written through the index the other JVM created: its entry must be there
    update(c, "INSERT INTO t1 VALUES (2, 20)");
    out.println("inserted");
    out.flush();
    boolean dropped = false;
    while (!dropped && System.nanoTime() < deadline) {
      try {
        rows(c, "SELECT COUNT(*) FROM t1");
        Thread.sleep(20);
      } catch (SQLException e) {
        // while the drop runs the store table may be disabled but still in this JVM's catalog
        dropped = e.getSQLState().equals("42S02");
        if (dropped) {
          out.println("dropped " + e.getSQLState());
        } else {
          Thread.sleep(20);
        }
      }
    }
    out.flush();
  }

  /**
   * Inserts keys 0 .. KEYS-1 into W and 50 rows into the key-less table N ({@link #insertAll}),
   * says how many keys it inserted, then updates W until killed.
   */
  private static void write(Connection c, PrintStream out) throws Exception {
    int won = insertAll(c, "c");
    out.println("won " + won);
    out.flush();
    for (int round = 0;; round++) {
      update(c, "UPDATE w SET k = 'u" + round + "', v = v + 1 WHERE id < " + KEYS / 2);
      update(c, "DELETE FROM w WHERE id = " + (KEYS + round - 1));
      update(c, "INSERT INTO w VALUES (" + (KEYS + round) + ", 'x', " + round + ")");
      if (round == 0) {
        out.println("updating");
        out.flush();
      }
    }
  }

  /**
   * Inserts keys 0 .. KEYS-1 into W one statement each (k = who + id; the child JVM, who 'c', from
   * the last key down) and returns how many it inserted (the others fail with 23505, inserted by
   * the other JVM); then 50 rows into N.
   */
  private static int insertAll(Connection c, String who) throws SQLException {
    int won = 0;
    try (PreparedStatement w = c.prepareStatement("INSERT INTO w VALUES (?, ?, ?)");
        PreparedStatement n = c.prepareStatement("INSERT INTO n VALUES (?, ?)")) {
      for (int j = 0; j < KEYS; j++) {
        // the two JVMs go opposite ways, so that they meet on some keys
        int i = who.equals("c") ? KEYS - 1 - j : j;
        w.setInt(1, i);
        w.setString(2, who + i);
        w.setInt(3, i);
        try {
          w.executeUpdate();
          won++;
        } catch (SQLException e) {
          if (!"23505".equals(e.getSQLState())) {
            throw e;
          }
        }
      }
      for (int i = 0; i < 50; i++) {
        n.setString(1, who);
        n.setInt(2, i);
        n.executeUpdate();
      }
    }
    return won;
  }

  private static Process start(String mode, Path err) throws IOException {
    List<String> options = new ArrayList<>(List.of("-Xmx256m", "-XX:+UseSerialGC"));
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (a.startsWith("--add-") || a.startsWith("-Dio.netty") || a.startsWith("-Dorg.apache.hbase")
          || a.startsWith("-Djava.net")) {
        options.add(a);
      }
    }
    return ChildJvm.start(err, options, HBaseClientsTest.class, url(), mode);
  }

  /** The child's next line of output, or a failure naming its error output. */
  private static String next(BufferedReader in, Process p, Path err) throws IOException {
    String line = in.readLine();
    assertTrue(line != null, () -> "the second client ended early (exit " + exit(p) + "): " + tail(err));
    return line;
  }

  private static String exit(Process p) {
    try {
      return p.waitFor(5, TimeUnit.SECONDS) ? String.valueOf(p.exitValue()) : "running";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "?";
    }
  }

  private static String tail(Path err) {
    try {
      List<String> lines = Files.readAllLines(err);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    } catch (IOException e) {
      return "(no error output: " + e.getMessage() + ")";
    }
  }

  @Test
  void ddlOfOneClientIsSeenByTheOther() throws Exception {
    Path err = Files.createTempFile("cellar-client", ".err");
    try (Connection c = DriverManager.getConnection(url())) {
      Process p = start("watch", err);
      try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        assertEquals("ready", next(in, p, err));
        update(c, "CREATE TABLE t1 (id INTEGER PRIMARY KEY, v INTEGER)");
        update(c, "INSERT INTO t1 VALUES (1, 10)");
        assertEquals("table [10]", next(in, p, err));
        update(c, "CREATE INDEX t1_v ON t1 (v)");
        assertEquals("index [T1_V,ACTIVE]", next(in, p, err));
        assertEquals("inserted", next(in, p, err));
        assertEquals(List.of("2"), rows(c, "SELECT id FROM t1 /*+ INDEX(t1_v) */ WHERE v = 20"));
        assertEquals(0, update(c, "ALTER INDEX t1_v ON t1 VERIFY"));
        update(c, "DROP TABLE t1");
        assertEquals("dropped 42S02", next(in, p, err));
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), () -> tail(err));
      } finally {
        p.destroyForcibly();
      }
    }
  }

  @Test
  void concurrentWritersAndAWriterKilledMidStatement() throws Exception {
    Path err = Files.createTempFile("cellar-client", ".err");
    try (Connection c = DriverManager.getConnection(url())) {
      update(c, "CREATE TABLE w (id INTEGER PRIMARY KEY, k VARCHAR, v INTEGER)");
      update(c, "CREATE INDEX w_k ON w (k) INCLUDE (v)");
      update(c, "CREATE TABLE n (who VARCHAR, i INTEGER)");
      Process p = start("write", err);
      try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        assertEquals("ready", next(in, p, err));
        int won = insertAll(c, "p");
        String line = next(in, p, err);
        assertTrue(line.startsWith("won "), line);
        int theirs = Integer.parseInt(line.substring(4));
        assertEquals(KEYS, won + theirs, "each key inserted once: " + won + " here, " + theirs + " there");
        assertEquals(List.of("100"), rows(c, "SELECT COUNT(*) FROM n"));
        assertEquals(List.of("50,50"), rows(c, "SELECT COUNT(DISTINCT CASE WHEN who = 'p' THEN i END), "
            + "COUNT(DISTINCT CASE WHEN who = 'c' THEN i END) FROM n"));
        assertEquals("updating", next(in, p, err));
        Thread.sleep(300);
      } finally {
        p.destroyForcibly();
      }
      assertTrue(p.waitFor(10, TimeUnit.SECONDS));
      for (String q : List.of("SELECT id, k, v FROM w %s WHERE k >= 'a'", "SELECT id, v FROM w %s WHERE k = 'x'",
          "SELECT k, v FROM w %s WHERE v > 5")) {
        List<String> table = new ArrayList<>(rows(c, String.format(q, "/*+ NO_INDEX */")));
        List<String> index = new ArrayList<>(rows(c, String.format(q, "/*+ INDEX(w_k) */")));
        Collections.sort(table);
        Collections.sort(index);
        assertEquals(table, index, q);
      }
      long differences = update(c, "ALTER INDEX w_k ON w VERIFY");
      assertEquals(differences, update(c, "ALTER INDEX w_k ON w REPAIR"));
      assertEquals(0, update(c, "ALTER INDEX w_k ON w VERIFY"));
    }
  }
}
