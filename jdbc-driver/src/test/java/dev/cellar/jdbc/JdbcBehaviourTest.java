package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** JDBC behaviour over mem: and file: URLs: parameters, batches, timeouts, cancel, reopen. */
class JdbcBehaviourTest {
  @TempDir
  static Path dir;

  static Stream<String> urls() {
    return Stream.of(Sql.freshMem(), "jdbc:cellar:file:" + dir.resolve("db" + System.nanoTime()) + ";durability=ASYNC_WAL");
  }

  /** A table of 10,000 rows, made with one INSERT ... SELECT. */
  private static void bigTable(Connection c) throws SQLException {
    run(c, "CREATE TABLE d (i INTEGER PRIMARY KEY)", "INSERT INTO d VALUES (0),(1),(2),(3),(4),(5),(6),(7),(8),(9)",
        "CREATE TABLE big (id INTEGER PRIMARY KEY, v VARCHAR)",
        "INSERT INTO big SELECT a.i * 1000 + b.i * 100 + c.i * 10 + e.i, 'v' FROM d a, d b, d c, d e");
  }

  /**
   * A batch stops at its first failing statement: a BatchUpdateException with that statement's
   * SQLState and the update counts of the statements before it, which stay written.
   */
  @ParameterizedTest
  @MethodSource("urls")
  void failedBatchReportsTheCountsBeforeIt(String url) throws Exception {
    try (Connection c = Sql.connect(url)) {
      run(c, "CREATE TABLE kv (k VARCHAR PRIMARY KEY, v BIGINT NOT NULL)", "INSERT INTO kv VALUES ('a', 1)");
      try (PreparedStatement p = c.prepareStatement("INSERT INTO kv VALUES (?, ?)")) {
        for (String k : new String[] {"b", "c", "a", "d"}) {
          p.setString(1, k);
          p.setLong(2, 2);
          p.addBatch();
        }
        BatchUpdateException e = assertThrows(BatchUpdateException.class, p::executeBatch);
        assertEquals("23505", e.getSQLState());
        assertTrue(e.getMessage().contains("KV"), e.getMessage());
        assertArrayEquals(new int[] {1, 1}, e.getUpdateCounts());
        assertArrayEquals(new long[] {1, 1}, e.getLargeUpdateCounts());
        assertTrue(e.getCause() instanceof SQLException, () -> String.valueOf(e.getCause()));
        // the batch is cleared, and the statement still works
        assertArrayEquals(new int[0], p.executeBatch());
        p.setString(1, "e");
        p.setNull(2, java.sql.Types.BIGINT);
        p.addBatch();
        BatchUpdateException n = assertThrows(BatchUpdateException.class, p::executeBatch);
        assertEquals("23502", n.getSQLState());
        assertArrayEquals(new int[0], n.getUpdateCounts());
      }
      assertRows(c, "SELECT k FROM kv ORDER BY k", "a", "b", "c");
      try (Statement s = c.createStatement()) {
        s.addBatch("INSERT INTO kv VALUES ('x', 1)");
        s.addBatch("UPDATE kv SET v = v + 1");
        s.addBatch("INSERT INTO kv VALUES ('b', 9)");
        s.addBatch("DELETE FROM kv");
        BatchUpdateException e = assertThrows(BatchUpdateException.class, s::executeBatch);
        assertEquals("23505", e.getSQLState());
        assertArrayEquals(new int[] {1, 4}, e.getUpdateCounts());
        s.addBatch("INSERT INTO kv VALUES ('y', 1)");
        s.addBatch("SELECT * FROM nowhere");
        e = assertThrows(BatchUpdateException.class, s::executeBatch);
        assertEquals("42S02", e.getSQLState());
        assertArrayEquals(new int[] {1}, e.getUpdateCounts());
        assertArrayEquals(new int[0], s.executeBatch());
      }
      assertRows(c, "SELECT k, v FROM kv ORDER BY k", "a, 2", "b, 3", "c, 3", "x, 2", "y, 1");
    }
  }

  @ParameterizedTest
  @MethodSource("urls")
  void preparedStatementsAndBatches(String url) throws Exception {
    try (Connection c = Sql.connect(url)) {
      run(c, "CREATE TABLE kv (k VARCHAR PRIMARY KEY, v BIGINT)");
      try (PreparedStatement p = c.prepareStatement("INSERT INTO kv VALUES (?, ?)")) {
        assertEquals(2, p.getParameterMetaData().getParameterCount());
        for (int i = 0; i < 50; i++) {
          p.setString(1, "k" + i);
          p.setLong(2, i * 10L);
          p.addBatch();
        }
        int[] counts = p.executeBatch();
        assertEquals(50, counts.length);
        assertEquals(1, counts[49]);
        p.setString(1, "k3");
        p.setLong(2, 0);
        p.addBatch();
        BatchUpdateException e = assertThrows(BatchUpdateException.class, p::executeBatch);
        assertEquals("23505", e.getSQLState());
      }
      try (Statement s = c.createStatement()) {
        s.addBatch("UPSERT INTO kv VALUES ('z', 1)");
        s.addBatch("DELETE FROM kv WHERE k = 'k0'");
        s.addBatch("UPDATE kv SET v = v + 1 WHERE k = 'z'");
        assertArrayEquals(new int[] {1, 1, 1}, s.executeBatch());
      }
      try (PreparedStatement p = c.prepareStatement("SELECT k, v FROM kv WHERE v >= ? AND k LIKE ? ORDER BY v")) {
        p.setLong(1, 470);
        p.setString(2, "k%");
        assertEquals(List.of(List.of("k47", 470L), List.of("k48", 480L), List.of("k49", 490L)), Sql.rows(p.executeQuery()));
        p.setLong(1, 0);
        p.setString(2, "z");
        assertEquals(List.of(List.of("z", 2L)), Sql.rows(p.executeQuery()));
      }
      assertRows(c, "SELECT COUNT(*) FROM kv", "50");
    }
  }

  @ParameterizedTest
  @MethodSource("urls")
  void queryTimeoutStopsALongQuery(String url) throws Exception {
    try (Connection c = Sql.connect(url)) {
      bigTable(c);
      try (Statement s = c.createStatement()) {
        s.setQueryTimeout(1);
        long start = System.nanoTime();
        SQLException e = assertThrows(SQLException.class, () -> {
          try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM big a, big b WHERE a.id + b.id < 0")) {
            rs.next();
          }
        });
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertEquals("HYT00", e.getSQLState(), e.getMessage());
        assertTrue(ms < 10_000, "stopped after " + ms + " ms");
        // the statement and the connection stay usable
        s.setQueryTimeout(0);
        try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM big")) {
          assertTrue(rs.next());
          assertEquals(10_000, rs.getInt(1));
        }
      }
    }
  }

  @ParameterizedTest
  @MethodSource("urls")
  void cancelFromAnotherThread(String url) throws Exception {
    try (Connection c = Sql.connect(url)) {
      bigTable(c);
      try (Statement s = c.createStatement()) {
        CompletableFuture<Void> canceller = CompletableFuture.runAsync(() -> {
          try {
            Thread.sleep(300);
            s.cancel();
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        });
        SQLException e = assertThrows(SQLException.class, () -> {
          try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM big a, big b WHERE a.id + b.id < 0")) {
            rs.next();
          }
        });
        canceller.get(10, TimeUnit.SECONDS);
        assertEquals("HY008", e.getSQLState(), e.getMessage());
        try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM big WHERE id < 10")) {
          assertTrue(rs.next());
          assertEquals(10, rs.getInt(1));
        }
      }
    }
  }

  @Test
  void fileDatabaseSurvivesCloseAndReopen() throws Exception {
    String url = "jdbc:cellar:file:" + dir.resolve("reopen");
    try (Connection a = Sql.connect(url); Connection b = Sql.connect(url)) {
      run(a, "CREATE TABLE t (id INTEGER PRIMARY KEY, f.v VARCHAR) f.VERSIONS=2",
          "CREATE VIEW tv AS SELECT v FROM t", "CREATE TABLE nokey (x INTEGER)");
      run(b, "INSERT INTO t VALUES (1, 'one'), (2, 'two')", "INSERT INTO nokey VALUES (1), (2)");
    }
    // every connection closed: the directory is released and can be opened again
    try (Connection c = Sql.connect(url)) {
      assertRows(c, "SELECT * FROM t", "1, one", "2, two");
      assertRows(c, "SELECT * FROM tv", "one", "two");
      run(c, "INSERT INTO nokey VALUES (3)", "UPDATE t SET v = 'uno' WHERE id = 1");
      assertRows(c, "SELECT COUNT(DISTINCT x) FROM nokey", "3");
      assertEquals(2, CellarDriver.database(c).store().admin().describe("T").family("F").maxVersions());
    }
    try (Connection c = Sql.connect(url)) {
      assertRows(c, "SELECT v FROM t", "uno", "two");
      assertRows(c, "SELECT x FROM nokey ORDER BY x", "1", "2", "3");
    }
  }

  @Test
  void ddlRunsWhenExecutedLikeAnyWrite() throws Exception {
    try (Connection c = Sql.connect(Sql.freshMem()); Statement s = c.createStatement()) {
      assertFalse(s.execute("CREATE TABLE a (id INTEGER PRIMARY KEY)"));
      assertEquals(0, s.getUpdateCount());
      assertEquals(0, s.executeUpdate("CREATE TABLE b (id INTEGER PRIMARY KEY)"));
      try (PreparedStatement p = c.prepareStatement("CREATE TABLE c (id INTEGER PRIMARY KEY)")) {
        assertFalse(CellarDriver.database(c).catalog().snapshot().exists("C"), "prepared, not yet run");
        assertEquals(0, p.executeUpdate());
      }
      assertTrue(CellarDriver.database(c).catalog().snapshot().exists("C"));
      // a syntax error is reported when the statement is prepared
      SQLException e = assertThrows(SQLException.class, () -> c.prepareStatement("CREATE TABEL d (id INTEGER)"));
      assertEquals("42000", e.getSQLState());
    }
  }

  @Test
  void setSchemaTakesTheDatabasesSchemasOnly() throws Exception {
    try (Connection c = Sql.connect(Sql.freshMem())) {
      run(c, "CREATE TABLE t (id INTEGER PRIMARY KEY)", "INSERT INTO t VALUES (1)");
      SQLException e = assertThrows(SQLException.class, () -> c.setSchema("NOPE"));
      assertEquals("3F000", e.getSQLState());
      assertEquals("schema NOPE does not exist; the schemas are CELLAR, PUBLIC", e.getMessage());
      // the schema is unchanged, and its tables found
      assertEquals("PUBLIC", c.getSchema());
      assertRows(c, "SELECT id FROM t", "1");
      c.setSchema("cellar");
      assertEquals("CELLAR", c.getSchema());
      c.setSchema("public");
      assertEquals("PUBLIC", c.getSchema());
      assertRows(c, "SELECT id FROM t", "1");
    }
  }

  @Test
  void closedConnectionsAndStatements() throws Exception {
    Connection c = Sql.connect(Sql.freshMem());
    Statement s = c.createStatement();
    run(c, "CREATE TABLE t (id INTEGER PRIMARY KEY)");
    c.close();
    assertTrue(c.isClosed());
    assertThrows(SQLException.class, () -> s.executeQuery("SELECT * FROM t"));
    assertThrows(SQLException.class, c::createStatement);
    try (Connection d = Sql.connect(Sql.freshMem())) {
      assertTrue(d.getAutoCommit());
      d.commit();
      d.rollback();
      d.setAutoCommit(true);
      run(d, "CREATE TABLE g (id INTEGER PRIMARY KEY)");
      try (PreparedStatement p = d.prepareStatement("INSERT INTO g VALUES (1)", Statement.NO_GENERATED_KEYS)) {
        assertEquals(1, p.executeUpdate());
      }
      try (PreparedStatement p = d.prepareStatement("INSERT INTO g VALUES (2)", Statement.RETURN_GENERATED_KEYS)) {
        assertEquals(1, p.executeUpdate());
        assertFalse(p.getGeneratedKeys().next());
      }
    }
    List<String> states = new ArrayList<>();
    try (Connection d = Sql.connect(Sql.freshMem())) {
      assertFalse(d.isClosed());
      assertTrue(d.isValid(1));
      states.add(d.getSchema());
    }
    assertEquals(List.of("PUBLIC"), states);
  }
}
