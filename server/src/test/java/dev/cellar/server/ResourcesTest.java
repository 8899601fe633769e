package dev.cellar.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the server's resources become: a client killed in the middle of a fetch leaves nothing
 * open once the idle timeout passes; a statement past the server's statement timeout stops;
 * limits on connections and statements per user.
 */
class ResourcesTest {
  private static void bigTable(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE d (i INTEGER PRIMARY KEY)");
      s.execute("INSERT INTO d VALUES (0),(1),(2),(3),(4),(5),(6),(7),(8),(9)");
      s.execute("CREATE TABLE big (id INTEGER PRIMARY KEY, v VARCHAR)");
      s.execute("INSERT INTO big SELECT a.i * 1000 + b.i * 100 + c.i * 10 + e.i, 'v' FROM d a, d b, d c, d e");
    }
  }

  @Test
  void aClientKilledMidFetchLeavesNothingOpen() throws Exception {
    try (CellarServer server = CellarServer.start(Servers.fresh().withIdleTimeout(Duration.ofSeconds(2)))) {
      try (Connection c = Servers.connect(server)) {
        bigTable(c);
      }
      assertEquals(0, server.meta().openConnections());
      Process client = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
          System.getProperty("java.class.path"), FetchThenDie.class.getName(), server.clientUrl())
          .redirectErrorStream(true).start();
      String out = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertEquals(9, client.waitFor(), out);
      assertTrue(out.contains("fetched 14"), out);
      // the dead client's connection and its open scan are still there, until the idle timeout
      assertEquals(1, server.meta().openConnections());
      assertTrue(server.meta().openStatements() >= 1);
      assertTrue(MonitoringTest.gauge(server, "cellar_open_scanners") >= 1, "the dead client's scan is open");
      long deadline = System.nanoTime() + 20_000_000_000L;
      while ((server.meta().openConnections() > 0 || server.meta().openStatements() > 0)
          && System.nanoTime() < deadline) {
        Thread.sleep(200);
      }
      assertEquals(0, server.meta().openConnections(), "connections");
      assertEquals(0, server.meta().openStatements(), "statements");
      assertEquals(0, MonitoringTest.gauge(server, "cellar_open_scanners"), "scanners");
      assertEquals(0, MonitoringTest.gauge(server, "cellar_open_connections"), "connections in /metrics");
      try (Connection c = Servers.connect(server); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM big")) {
        assertTrue(rs.next());
        assertEquals(10_000, rs.getInt(1));
      }
    }
  }

  @Test
  void theStatementTimeoutStopsALongQuery() throws Exception {
    try (CellarServer server = CellarServer.start(Servers.fresh().withStatementTimeout(Duration.ofSeconds(1)));
        Connection c = Servers.connect(server); Statement s = c.createStatement()) {
      bigTable(c);
      long start = System.nanoTime();
      SQLException e = assertThrows(SQLException.class, () -> {
        try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM big a, big b WHERE a.id + b.id < 0")) {
          rs.next();
        }
      });
      long ms = (System.nanoTime() - start) / 1_000_000;
      assertEquals("HYT00", e.getSQLState(), e.getMessage());
      assertTrue(ms < 10_000, "stopped after " + ms + " ms");
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM d")) {
        assertTrue(rs.next());
        assertEquals(10, rs.getInt(1));
      }
    }
  }

  @Test
  void aStatementRunningPastTheIdleTimeoutKeepsItsConnection() throws Exception {
    try (CellarServer server = CellarServer.start(Servers.fresh().withIdleTimeout(Duration.ofSeconds(1))
        .withStatementTimeout(Duration.ofSeconds(4)));
        Connection c = Servers.connect(server); Statement s = c.createStatement()) {
      bigTable(c);
      // runs until the statement timeout stops it, four times the idle timeout
      SQLException e = assertThrows(SQLException.class, () -> {
        try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM big a, big b WHERE a.id + b.id < 0")) {
          rs.next();
        }
      });
      assertEquals("HYT00", e.getSQLState(), e.getMessage());
      assertEquals(1, server.meta().openConnections(), "the connection in use was not closed as idle");
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM d")) {
        assertTrue(rs.next());
        assertEquals(10, rs.getInt(1));
      }
    }
  }

  @Test
  void queryTimeoutAndCancelReachTheServer() throws Exception {
    try (CellarServer server = CellarServer.start(Servers.fresh()); Connection c = Servers.connect(server);
        Statement s = c.createStatement()) {
      bigTable(c);
      String slow = "SELECT COUNT(*) FROM big a, big b WHERE a.id + b.id < 0";
      s.setQueryTimeout(1);
      long start = System.nanoTime();
      SQLException timeout = assertThrows(SQLException.class, () -> s.executeQuery(slow).next());
      assertEquals("HYT00", timeout.getSQLState(), timeout.getMessage());
      assertTrue((System.nanoTime() - start) / 1_000_000 < 10_000, "stopped in time");
      try (java.sql.PreparedStatement p = c.prepareStatement(slow)) {
        p.setQueryTimeout(1);
        SQLException prepared = assertThrows(SQLException.class, () -> p.executeQuery().next());
        assertEquals("HYT00", prepared.getSQLState(), prepared.getMessage());
      }
      s.setQueryTimeout(0);
      Thread canceller = new Thread(() -> {
        try {
          Thread.sleep(500);
          s.cancel();
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      });
      canceller.start();
      start = System.nanoTime();
      SQLException cancelled = assertThrows(SQLException.class, () -> s.executeQuery(slow).next());
      canceller.join();
      assertEquals("HY008", cancelled.getSQLState(), cancelled.getMessage());
      assertTrue((System.nanoTime() - start) / 1_000_000 < 10_000, "stopped in time");
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM d")) {
        assertTrue(rs.next());
        assertEquals(10, rs.getInt(1), "the statement stays usable");
      }
    }
  }

  @Test
  void limitsOnConnectionsAndStatementsPerUser() throws Exception {
    Path users = java.nio.file.Files.createTempDirectory("cellar-users").resolve("users");
    UsersFile.setPassword(users, "u", "pw-1".toCharArray(), false);
    try (CellarServer server = CellarServer.start(Servers.fresh().withUsers(users).withLimits(100, 2, 3, 1000))) {
      List<Connection> open = new ArrayList<>();
      try {
        open.add(Servers.connect(server, "u", "pw-1"));
        open.add(Servers.connect(server, "u", "pw-1"));
        SQLException third = assertThrows(SQLException.class, () -> Servers.connect(server, "u", "pw-1"));
        assertEquals("53300", third.getSQLState(), third.getMessage());
        Connection c = open.get(0);
        List<Statement> statements = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
          statements.add(c.createStatement());
        }
        SQLException fourth = assertThrows(SQLException.class, c::createStatement);
        assertEquals("54000", fourth.getSQLState(), fourth.getMessage());
        statements.get(0).close();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("VALUES 1")) {
          assertTrue(rs.next(), "a closed statement frees its place");
        }
      } finally {
        for (Connection c : open) {
          c.close();
        }
      }
    }
  }
}
