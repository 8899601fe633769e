package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.assertFails;
import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Phoenix's UPSERT ... ON DUPLICATE KEY IGNORE and ON DUPLICATE KEY UPDATE. */
class OnDuplicateKeyTest {
  @Test
  void ignoreWritesOnlyNewKeys() throws Exception {
    try (Connection c = Sql.connect(Sql.freshMem()); Statement s = c.createStatement()) {
      run(c, "CREATE TABLE t (k VARCHAR PRIMARY KEY, v INTEGER, w VARCHAR)", "UPSERT INTO t VALUES ('a', 1, 'x')");
      assertEquals(0, s.executeUpdate("UPSERT INTO t VALUES ('a', 2, 'y') ON DUPLICATE KEY IGNORE"));
      assertEquals(1, s.executeUpdate("UPSERT INTO t (k, v) VALUES ('b', 3) ON DUPLICATE KEY IGNORE"));
      assertEquals(1, s.executeUpdate("upsert into t (k, v) values ('a', 5), ('c', 4) on duplicate key ignore;"));
      assertRows(c, "SELECT k, v, w FROM t ORDER BY k", "a, 1, x", "b, 3, null", "c, 4, null");
      // values of another type than their columns'
      run(c, "CREATE TABLE big (id VARCHAR PRIMARY KEY, n BIGINT, r DOUBLE, tag VARCHAR)");
      assertEquals(1, s.executeUpdate("UPSERT INTO big VALUES ('b', 0, 1, 'z') ON DUPLICATE KEY IGNORE"));
      assertEquals(0, s.executeUpdate("UPSERT INTO big VALUES ('b', 0, 2, 'z') ON DUPLICATE KEY IGNORE"));
      assertEquals(1, s.executeUpdate("UPSERT INTO big VALUES ('b', 5, 3, 'z') ON DUPLICATE KEY UPDATE n = n + 1"));
      assertRows(c, "SELECT id, n, r, tag FROM big", "b, 1, 1.0, z");
    }
  }

  @Test
  void updateUsesTheCurrentValues() throws Exception {
    try (Connection c = Sql.connect(Sql.freshMem()); Statement s = c.createStatement()) {
      run(c, "CREATE TABLE t (k1 VARCHAR NOT NULL, k2 INTEGER NOT NULL, n BIGINT, tag VARCHAR, note VARCHAR "
          + "CONSTRAINT pk PRIMARY KEY (k1, k2 DESC))", "CREATE INDEX t_tag ON t (tag) INCLUDE (n)");
      String up = "UPSERT INTO t (k1, k2, n, tag) VALUES ('a', 1, 10, 'new') "
          + "ON DUPLICATE KEY UPDATE n = n + 1, tag = 'seen ' || tag";
      assertEquals(1, s.executeUpdate(up));
      assertRows(c, "SELECT k1, k2, n, tag, note FROM t", "a, 1, 10, new, null");
      run(c, "UPSERT INTO t (k1, k2, note) VALUES ('a', 1, 'kept')");
      assertEquals(1, s.executeUpdate(up));
      assertEquals(1, s.executeUpdate(up));
      assertRows(c, "SELECT k1, k2, n, tag, note FROM t", "a, 1, 12, seen seen new, kept");
      // the index follows
      assertRows(c, "SELECT tag, n FROM t WHERE tag LIKE 'seen%'", "seen seen new, 12");
      assertRows(c, "SELECT COUNT(*) FROM t WHERE tag = 'new'", "0");
      // a column the UPDATE list names but the VALUES do not: NULL for a new row
      assertEquals(1, s.executeUpdate("UPSERT INTO t (k1, k2) VALUES ('b', 2) ON DUPLICATE KEY UPDATE note = 'again'"));
      assertEquals(1, s.executeUpdate("UPSERT INTO t (k1, k2) VALUES ('b', 2) ON DUPLICATE KEY UPDATE note = 'again'"));
      assertRows(c, "SELECT k1, k2, n, note FROM t WHERE k1 = 'b'", "b, 2, null, again");
      // parameters in the VALUES and in the UPDATE list, in the order written
      try (PreparedStatement p = c.prepareStatement(
          "UPSERT INTO t (k1, k2, n) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE note = ?, n = n * ?")) {
        p.setString(1, "a");
        p.setInt(2, 1);
        p.setLong(3, 99);
        p.setString(4, "doubled");
        p.setLong(5, 2);
        assertEquals(1, p.executeUpdate());
        p.setString(1, "c");
        assertEquals(1, p.executeUpdate());
      }
      assertRows(c, "SELECT k1, k2, n, note FROM t ORDER BY k1", "a, 1, 24, doubled", "b, 2, null, again",
          "c, 1, 99, null");
    }
  }

  /** The current row is read by its key, not by a scan of the table. */
  @Test
  void theCurrentRowIsALookupByKey() throws Exception {
    try (Connection c = Sql.connect(Sql.freshMem())) {
      run(c, "CREATE TABLE t (k VARCHAR PRIMARY KEY, v INTEGER)");
      try (PreparedStatement p = c.prepareStatement("UPSERT INTO t VALUES (?, ?)")) {
        for (int i = 0; i < 2000; i++) {
          p.setString(1, "k" + i);
          p.setInt(2, i);
          p.addBatch();
        }
        p.executeBatch();
      }
      for (String action : new String[] {"IGNORE", "UPDATE v = v + 1"}) {
        String plan = String.join("\n", Sql.strings(c, "EXPLAIN UPSERT INTO t VALUES ('a', 1) ON DUPLICATE KEY " + action));
        assertTrue(plan.contains("MULTI-GET (K IN"), plan);
        assertFalse(plan.contains("FULL SCAN"), plan);
      }
    }
  }

  @Test
  void errors() throws Exception {
    try (Connection c = Sql.connect(Sql.freshMem())) {
      run(c, "CREATE TABLE t (k VARCHAR PRIMARY KEY, v INTEGER)", "CREATE TABLE nokey (v INTEGER)");
      assertFails(c, "42000", "UPSERT INTO t VALUES ('a', 1) ON DUPLICATE KEY UPDATE k = 'b'", "key column K",
          "line 1, column 55");
      assertFails(c, "42S22", "UPSERT INTO t VALUES ('a', 1) ON DUPLICATE KEY UPDATE nope = 1", "NOPE", "table T");
      assertFails(c, "42000", "UPSERT INTO t VALUES ('a', 1) ON DUPLICATE KEY DELETE", "IGNORE or UPDATE");
      assertFails(c, "42000", "UPSERT INTO t VALUES ('a', 1) ON DUPLICATE KEY UPDATE v = 1, v = 2", "twice");
      assertFails(c, "42000", "UPSERT INTO t (v) VALUES (1) ON DUPLICATE KEY IGNORE", "key column K");
      assertFails(c, "42000", "UPSERT INTO t SELECT k, v FROM t ON DUPLICATE KEY IGNORE", "not UPSERT ... SELECT");
      assertFails(c, "0A000", "UPSERT INTO nokey VALUES (1) ON DUPLICATE KEY IGNORE", "NOKEY has no primary key");
      assertFails(c, "42S02", "UPSERT INTO nope VALUES (1) ON DUPLICATE KEY IGNORE", "NOPE");
      run(c, "CREATE SEQUENCE s");
      assertFails(c, "0A000", "UPSERT INTO t VALUES ('a', NEXT VALUE FOR s) ON DUPLICATE KEY UPDATE v = v + 1",
          "line 1, column 28", "NEXT VALUE FOR");
    }
  }

  /** 4 threads, each on its own connection, increment one counter 1,000 times: exactly 4,000. */
  @Test
  void incrementsFromManyConnectionsAreNeverLost() throws Exception {
    String url = Sql.freshMem();
    int threads = 4;
    int each = 1000;
    try (Connection c = Sql.connect(url)) {
      run(c, "CREATE TABLE counters (id VARCHAR PRIMARY KEY, n BIGINT)", "CREATE INDEX counters_n ON counters (n)");
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      try {
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
          done.add(pool.submit(() -> {
            try (Connection mine = Sql.connect(url); PreparedStatement p = mine.prepareStatement(
                "UPSERT INTO counters VALUES ('hits', 1) ON DUPLICATE KEY UPDATE n = n + 1")) {
              for (int i = 0; i < each; i++) {
                assertEquals(1, p.executeUpdate());
              }
            }
            return null;
          }));
        }
        for (Future<?> f : done) {
          f.get();
        }
      } finally {
        pool.shutdownNow();
      }
      assertRows(c, "SELECT n FROM counters", "4000");
      assertRows(c, "SELECT COUNT(*), MAX(n) FROM counters WHERE n > 0", "1, 4000");
    }
  }
}
