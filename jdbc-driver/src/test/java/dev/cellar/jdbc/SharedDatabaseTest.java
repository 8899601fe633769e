package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.assertFails;
import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Several connections to one mem:NAME see one database; several threads use the driver at once. */
class SharedDatabaseTest {
  @Test
  void connectionsShareOneDatabaseAndSeeEachOthersDdl() throws Exception {
    String url = Sql.freshMem();
    try (Connection a = Sql.connect(url); Connection b = Sql.connect(url)) {
      run(a, "CREATE TABLE t (id INTEGER PRIMARY KEY, v VARCHAR)", "INSERT INTO t VALUES (1, 'x')");
      assertRows(b, "SELECT * FROM t", "1, x");
      // b's cached plan goes stale when a changes the table
      try (PreparedStatement p = b.prepareStatement("SELECT * FROM t")) {
        assertEquals(2, p.getMetaData().getColumnCount());
      }
      run(a, "ALTER TABLE t ADD w INTEGER", "UPSERT INTO t VALUES (2, 'y', 3)");
      try (PreparedStatement p = b.prepareStatement("SELECT * FROM t")) {
        assertEquals(3, p.getMetaData().getColumnCount());
        try (ResultSet rs = p.executeQuery()) {
          assertEquals(List.of(List.of(1, "x"), List.of(2, "y")).size(), Sql.rows(rs).size());
        }
      }
      run(b, "DROP TABLE t");
      assertFails(a, "42S02", "SELECT * FROM t", "T");
    }
  }

  @Test
  void memDatabaseOutlivesItsConnectionsUnlessShutDown() throws Exception {
    String name = "jdbc:cellar:mem:keep" + System.nanoTime();
    try (Connection a = Sql.connect(name)) {
      run(a, "CREATE TABLE t (id INTEGER PRIMARY KEY)", "INSERT INTO t VALUES (7)");
    }
    try (Connection a = Sql.connect(name + ";shutdown=true")) {
      assertRows(a, "SELECT * FROM t", "7");
    }
    try (Connection a = Sql.connect(name)) {
      assertFails(a, "42S02", "SELECT * FROM t", "T");
    }
    try (Connection a = Sql.connect("jdbc:cellar:mem:"); Connection b = Sql.connect("jdbc:cellar:mem:")) {
      run(a, "CREATE TABLE private (id INTEGER PRIMARY KEY)");
      assertFails(b, "42S02", "SELECT * FROM private", "PRIVATE");
    }
  }

  @Test
  void threadsInsertConcurrentlyAndDuplicatesLoseCleanly() throws Exception {
    String url = Sql.freshMem();
    try (Connection setup = Sql.connect(url)) {
      run(setup, "CREATE TABLE hits (id INTEGER PRIMARY KEY, who VARCHAR)", "CREATE TABLE counter (id INTEGER "
          + "PRIMARY KEY, n BIGINT)", "INSERT INTO counter VALUES (1, 0)");
      int threads = 6;
      int perThread = 40;
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      CountDownLatch start = new CountDownLatch(1);
      AtomicInteger duplicates = new AtomicInteger();
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int me = t;
        futures.add(pool.submit(() -> {
          try (Connection c = Sql.connect(url);
              PreparedStatement ins = c.prepareStatement("INSERT INTO hits VALUES (?, ?)");
              PreparedStatement inc = c.prepareStatement("UPDATE counter SET n = n + 1 WHERE id = 1")) {
            start.await();
            for (int i = 0; i < perThread; i++) {
              // every thread tries the same ids: exactly one insert of each wins
              ins.setInt(1, i);
              ins.setString(2, "t" + me);
              try {
                ins.executeUpdate();
              } catch (SQLException e) {
                assertEquals("23505", e.getSQLState(), e.getMessage());
                duplicates.incrementAndGet();
              }
              assertEquals(1, inc.executeUpdate());
              Sql.rows(c, "SELECT COUNT(*) FROM hits");
            }
          }
          return null;
        }));
      }
      start.countDown();
      for (Future<?> f : futures) {
        f.get(60, TimeUnit.SECONDS);
      }
      pool.shutdown();
      assertEquals(threads * perThread - perThread, duplicates.get());
      assertRows(setup, "SELECT COUNT(*), COUNT(DISTINCT id) FROM hits", perThread + ", " + perThread);
      assertRows(setup, "SELECT n FROM counter", String.valueOf(threads * perThread));
      assertTrue(CellarDriver.database(setup).catalog().snapshot().tables().containsKey("HITS"));
    }
  }
}
