package dev.cellar.jdbc;

import static dev.cellar.jdbc.Check.check;
import static dev.cellar.jdbc.Sql.assertFails;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.sql.catalog.IndexDef;
import dev.cellar.sql.database.CellarDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The states of an index built in the background: a failed build leaves its index FAILED (not
 * read, not maintained, not built again at open) until REBUILD; DROP INDEX and REBUILD stop a
 * running build before they change its index.
 */
class IndexBuildStateTest {
  private static final String STATE = "SELECT STATE, ROWS_BUILT FROM cellar.indexes WHERE INDEX_NAME = 'U_CODE'";

  @Test
  void aFailedBackgroundBuildLeavesItsIndexFailedUntilRebuilt(@TempDir Path dir) throws Exception {
    String url = "jdbc:cellar:file:" + dir.resolve("db");
    try (Connection c = DriverManager.getConnection(url)) {
      run(c, "CREATE TABLE item (id INTEGER PRIMARY KEY, code VARCHAR)",
          "INSERT INTO item VALUES (1, 'a'), (2, 'b'), (3, 'a'), (4, 'c')");
      try (Statement s = c.createStatement()) {
        assertEquals(0, s.executeLargeUpdate("CREATE UNIQUE INDEX u_code ON item (code) ASYNC"));
      }
      IndexCrashTest.await(() -> Sql.strings(c, STATE).equals(List.of("FAILED, null")), "the build fails");
      assertError(c, "23505", "U_CODE");
      // not read
      String plan = check(c, "SELECT id FROM item WHERE code = 'a'").plan();
      assertFalse(plan.contains("U_CODE"), plan);
      // not maintained, so its uniqueness is not checked either
      run(c, "INSERT INTO item VALUES (5, 'b')");
      check(c, "SELECT id FROM item WHERE code = 'b' ORDER BY id").returns("2", "5");
    }

    try (Connection c = DriverManager.getConnection(url)) {
      // not built again when the database opens, and the error kept
      check(c, STATE).returns("FAILED, null");
      assertError(c, "23505", "U_CODE");
      assertEquals(IndexDef.State.FAILED, CellarDriver.database(c).catalog().snapshot().index("U_CODE").state());
      // a rebuild over the duplicates fails again, with the statement's error
      assertFails(c, "23505", "ALTER INDEX u_code ON item REBUILD", "U_CODE", "ITEM");
      check(c, STATE).returns("FAILED, null");
      // neither verified nor repaired, which would write the duplicates
      assertFails(c, "55000", "ALTER INDEX u_code ON item VERIFY", "U_CODE", "ITEM", "FAILED: 23505",
          "ALTER INDEX U_CODE ON ITEM REBUILD");
      assertFails(c, "55000", "ALTER INDEX u_code ON item REPAIR", "U_CODE", "ITEM", "FAILED");
      run(c, "DELETE FROM item WHERE id IN (3, 5)");
      try (Statement s = c.createStatement()) {
        assertEquals(3, s.executeLargeUpdate("ALTER INDEX u_code ON item REBUILD"));
        assertEquals(0, s.executeLargeUpdate("ALTER INDEX u_code ON item VERIFY"));
      }
      check(c, STATE).returns("ACTIVE, null");
      check(c, "SELECT ERROR FROM cellar.indexes WHERE INDEX_NAME = 'U_CODE'").returns("null");
      check(c, "SELECT id FROM item WHERE code = 'a'").explainContains("INDEX U_CODE").returns("1");
      // maintained and checked again
      assertFails(c, "23505", "INSERT INTO item VALUES (6, 'c')", "U_CODE", "'c'");
    }
  }

  /** {@code CELLAR.INDEXES.ERROR} of index U_CODE holds each of {@code words}. */
  private static void assertError(Connection c, String... words) throws Exception {
    List<String> error = Sql.strings(c, "SELECT ERROR FROM cellar.indexes WHERE INDEX_NAME = 'U_CODE'");
    assertEquals(1, error.size(), error::toString);
    for (String w : words) {
      assertTrue(error.get(0).contains(w), () -> "ERROR lacks '" + w + "': " + error);
    }
  }

  /**
   * REBUILD (and DROP INDEX) of an index whose background build waits for the table lock stop
   * that build and wait for its end before they change the index: once REBUILD returns, no
   * build of the index runs, and the index equals its table.
   */
  @Test
  void rebuildAndDropStopABackgroundBuildFirst(@TempDir Path dir) throws Exception {
    String url = "jdbc:cellar:file:" + dir.resolve("db");
    try (Connection c = DriverManager.getConnection(url); Connection other = DriverManager.getConnection(url)) {
      CellarDatabase db = CellarDriver.database(c);
      run(c, "CREATE TABLE sale (id INTEGER PRIMARY KEY, product VARCHAR)");
      StringJoiner rows = new StringJoiner(", ");
      for (int i = 1; i <= 1000; i++) {
        rows.add("(" + i + ", 'p" + (i % 50) + "')");
      }
      run(c, "INSERT INTO sale VALUES " + rows);
      ReentrantLock tableLock = db.tableLock(db.catalog().snapshot().table("SALE").storageName());

      for (String ddl : List.of("ALTER INDEX i_product ON sale REBUILD", "DROP INDEX i_product ON sale")) {
        AtomicLong result = new AtomicLong(-1);
        AtomicReference<Exception> failure = new AtomicReference<>();
        Thread statement = new Thread(() -> {
          try (Statement s = other.createStatement()) {
            result.set(s.executeLargeUpdate(ddl));
          } catch (Exception e) {
            failure.set(e);
          }
        });
        tableLock.lock();
        try {
          run(c, "CREATE INDEX i_product ON sale (product) ASYNC");
          IndexCrashTest.await(() -> tableLock.getQueueLength() == 1, "the build waits for the table lock");
          // not verified while it is built
          assertFails(c, "55000", "ALTER INDEX i_product ON sale VERIFY", "I_PRODUCT", "SALE", "BUILDING");
          statement.start();
          // the statement waits for the build to end; the build, for the table lock
          IndexCrashTest.await(() -> statement.getState() == Thread.State.WAITING, ddl + " waits");
          assertFalse(tableLock.hasQueuedThread(statement), ddl + " waits for the build to end, not for the table lock");
        } finally {
          tableLock.unlock();
        }
        statement.join(30_000);
        assertFalse(statement.isAlive(), ddl + " returned");
        assertNull(failure.get(), ddl);
        // no build of the index runs any more
        check(c, "SELECT COUNT(*) FROM cellar.indexes WHERE ROWS_BUILT IS NOT NULL").returns("0");
        if (ddl.startsWith("ALTER")) {
          assertEquals(1000, result.get());
          check(c, "SELECT STATE, ROWS_BUILT FROM cellar.indexes").returns("ACTIVE, null");
          try (Statement s = c.createStatement()) {
            assertEquals(0, s.executeLargeUpdate("ALTER INDEX i_product ON sale VERIFY"));
          }
          check(c, "SELECT COUNT(*) FROM sale WHERE product = 'p7'").explainContains("INDEX I_PRODUCT").returns("20");
          run(c, "DROP INDEX i_product ON sale");
        } else {
          check(c, "SELECT COUNT(*) FROM cellar.indexes").returns("0");
          assertTrue(db.catalog().snapshot().indexesOf("SALE").isEmpty());
        }
      }
      // an index of the same name and columns, created after the drop, is built by its own statement alone
      try (Statement s = c.createStatement()) {
        assertEquals(1000, s.executeLargeUpdate("CREATE INDEX i_product ON sale (product)"));
        assertEquals(0, s.executeLargeUpdate("ALTER INDEX i_product ON sale VERIFY"));
      }
      check(c, "SELECT STATE, ROWS_BUILT FROM cellar.indexes").returns("ACTIVE, null");
    }
  }
}
