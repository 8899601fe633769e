package dev.cellar.jdbc;

import static dev.cellar.jdbc.Check.check;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.sql.catalog.IndexDef;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.Put;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Indexes across crashes and restarts. A child JVM writes random DML (the statements of
 * {@link IndexWorkload}) to a database directory and is killed with SIGKILL mid-write; after
 * reopening the directory, every index equals its table ({@code ALTER INDEX ... VERIFY} finds no
 * difference). Data and entries are one store write, so the log holds both or neither. An index
 * whose build did not finish is rebuilt when the database opens again.
 */
class IndexCrashTest {
  private static final int CYCLES = Integer.getInteger("cellar.index.crashCycles", 6);
  private static final long SEED = Long.getLong("cellar.index.seed", 20261121L);

  /** The child: writes statements until killed. Args: database directory, seed. */
  public static void main(String[] args) throws Exception {
    Random rnd = new Random(Long.parseLong(args[1]));
    try (Connection c = DriverManager.getConnection("jdbc:cellar:file:" + args[0]);
        Statement s = c.createStatement()) {
      for (long n = 1; ; n++) {
        IndexWorkload.run(s, IndexWorkload.next(rnd));
        // progress, so that the parent kills a child that is writing, however slowly it started
        System.out.println(n);
        System.out.flush();
      }
    }
  }

  @Test
  void indexesEqualTheirTablesAfterEveryCrash(@TempDir Path dir) throws Exception {
    Path db = dir.resolve("db");
    try (Connection c = DriverManager.getConnection("jdbc:cellar:file:" + db)) {
      IndexWorkload.create(c);
    }
    Random rnd = new Random(SEED);
    long rowsSeen = 0;
    for (int cycle = 0; cycle < CYCLES; cycle++) {
      Path err = dir.resolve("child-" + cycle + ".err");
      Process p = ChildJvm.start(err, List.of("-Xmx256m", "-XX:+UseSerialGC"), IndexCrashTest.class, db.toString(),
          Long.toString(SEED * 31 + cycle));
      try {
        killMidWrite(p, rnd, err);
      } finally {
        p.destroyForcibly();
      }
      try (Connection c = DriverManager.getConnection("jdbc:cellar:file:" + db); Statement s = c.createStatement()) {
        for (String ix : IndexWorkload.INDEXES) {
          assertEquals(0, s.executeLargeUpdate("ALTER INDEX " + ix + " ON t VERIFY"),
              "differences between " + ix + " and T after crash " + cycle + " (seed " + SEED + ")");
        }
        rowsSeen = Long.parseLong(Sql.strings(c, "SELECT COUNT(*) FROM t").get(0));
      }
    }
    assertTrue(rowsSeen > 0, "the children wrote rows");
  }

  /**
   * A database closed while ASYNC builds run (each waiting for the table lock, which the test
   * holds) keeps its indexes BUILDING; opened again, it rebuilds them from scratch in the
   * background, and they become ACTIVE and equal to their table.
   */
  @Test
  void indexesLeftBuildingAreRebuiltWhenTheDatabaseOpens(@TempDir Path dir) throws Exception {
    String url = "jdbc:cellar:file:" + dir.resolve("db");
    Connection c = DriverManager.getConnection(url);
    CellarDatabase db = CellarDriver.database(c);
    run(c, "CREATE TABLE sale (id INTEGER PRIMARY KEY, user_id VARCHAR, product VARCHAR)");
    StringJoiner rows = new StringJoiner(", ");
    for (int i = 1; i <= 1000; i++) {
      rows.add("(" + i + ", 'u" + (i % 10) + "', 'p" + (i % 50) + "')");
    }
    run(c, "INSERT INTO sale VALUES " + rows);
    ReentrantLock tableLock = db.tableLock(db.catalog().snapshot().table("SALE").storageName());
    AtomicReference<SQLException> closeFailure = new AtomicReference<>();
    Thread closer = new Thread(() -> {
      try {
        c.close();
      } catch (SQLException e) {
        closeFailure.set(e);
      }
    });
    tableLock.lock();
    try {
      run(c, "CREATE INDEX i_product ON sale (product) ASYNC", "CREATE LOCAL INDEX i_user ON sale (user_id) ASYNC");
      await(() -> tableLock.getQueueLength() == 2, "both builds wait for the table lock");
      // statements of this thread still write (the lock is reentrant), and maintain both indexes
      run(c, "UPDATE sale SET product = 'moved' WHERE id <= 10", "DELETE FROM sale WHERE id > 990");
      // an entry no row calls for, as a build stopped midway might leave: a rebuild starts from scratch
      db.store().table("_cellar_index.SALE.I_PRODUCT").put(new Put(Bytes.toBytes("stale"), System.currentTimeMillis())
          .addColumn(Bytes.toBytes("0"), Bytes.toBytes("_0"), Bytes.EMPTY));
      closer.start();
      await(db::isClosed, "the database closes");
    } finally {
      tableLock.unlock();
    }
    // close waited for the builds, which stopped at the closed database (well before close's own time limit)
    closer.join(20_000);
    assertFalse(closer.isAlive(), "close returned once the builds stopped");
    assertNull(closeFailure.get());
    for (String ix : List.of("I_PRODUCT", "I_USER")) {
      assertEquals(IndexDef.State.BUILDING, db.catalog().snapshot().index(ix).state(), ix);
    }

    try (Connection c2 = DriverManager.getConnection(url)) {
      // rebuilt, and their builds finished
      await(() -> Sql.strings(c2, "SELECT STATE, ROWS_BUILT FROM cellar.indexes")
          .equals(List.of("ACTIVE, null", "ACTIVE, null")), "both indexes rebuilt");
      try (Statement s = c2.createStatement()) {
        assertEquals(0, s.executeLargeUpdate("ALTER INDEX i_product ON sale VERIFY"));
        assertEquals(0, s.executeLargeUpdate("ALTER INDEX i_user ON sale VERIFY"));
      }
      check(c2, "SELECT TABLE_NAME, INDEX_NAME, LAYOUT, STATE, ROWS_BUILT FROM cellar.indexes")
          .returns("SALE, I_PRODUCT, TABLE, ACTIVE, null", "SALE, I_USER, FAMILY, ACTIVE, null");
      check(c2, "SELECT id FROM sale WHERE product = 'moved' ORDER BY id")
          .explainContains("INDEX I_PRODUCT PREFIX SCAN (PRODUCT = 'moved')")
          .returns("1", "2", "3", "4", "5", "6", "7", "8", "9", "10");
      check(c2, "SELECT COUNT(*) FROM sale WHERE product = 'p1'").explainContains("INDEX I_PRODUCT").returns("19");
      check(c2, "SELECT id FROM sale WHERE user_id = 'u3' AND id > 950")
          .explainContains("INDEX I_USER RANGE SCAN (USER_ID = 'u3', ID > 950)")
          .returnsUnordered("953", "963", "973", "983");
    }
  }

  /** Polls {@code condition} until it holds, failing after a minute. */
  static void await(Condition condition, String what) throws Exception {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (!condition.holds()) {
      assertTrue(System.nanoTime() < deadline, "timed out waiting until " + what);
      Thread.sleep(10);
    }
  }

  /** A condition {@link #await} polls. */
  interface Condition {
    boolean holds() throws Exception;
  }

  /** Waits until the child has written some statements, then SIGKILLs it at a random point of the next ones. */
  private static void killMidWrite(Process p, Random rnd, Path err) throws Exception {
    java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream()));
    int target = 20 + rnd.nextInt(100);
    for (int n = 0; n < target; n++) {
      String line = out.readLine();
      assertTrue(line != null, () -> "child stopped before it was killed: " + read(err));
    }
    Thread.sleep(rnd.nextInt(200));
    assertTrue(p.isAlive(), () -> "child stopped before it was killed: " + read(err));
    p.toHandle().destroyForcibly();
    assertEquals(137, p.waitFor(), "child died of SIGKILL");
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (java.io.IOException e) {
      return "(no stderr: " + e + ")";
    }
  }
}
