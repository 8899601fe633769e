package dev.cellar.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.Authenticator;
import java.net.HttpURLConnection;
import java.net.PasswordAuthentication;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code /health}, {@code /metrics} and the slow-query log: health without credentials,
 * metrics only with them; the gauges of open connections, statements and scanners follow what
 * clients hold; requests, errors by SQLState and 401s are counted; the slow-query log names
 * the user and the statement without its literal values or any row.
 */
class MonitoringTest {
  @TempDir
  Path dir;

  /** An HTTP answer. */
  record Answer(int status, String body) {}

  /** GET {@code url}, with Digest credentials when {@code user} is not null. */
  static Answer get(String url, String user, String password) throws IOException {
    HttpURLConnection c = (HttpURLConnection) URI.create(url).toURL().openConnection();
    if (user != null) {
      c.setAuthenticator(new Authenticator() {
        @Override
        protected PasswordAuthentication getPasswordAuthentication() {
          return new PasswordAuthentication(user, password.toCharArray());
        }
      });
    }
    try {
      int status = c.getResponseCode();
      InputStream in = status < 400 ? c.getInputStream() : c.getErrorStream();
      return new Answer(status, in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } finally {
      c.disconnect();
    }
  }

  /** The value of gauge {@code name} in {@code server}'s {@code /metrics} (a server without users). */
  static long gauge(CellarServer server, String name) throws IOException {
    Answer a = get(server.httpUrl() + "/metrics", null, null);
    assertEquals(200, a.status(), a.body());
    Matcher m = Pattern.compile("^" + Pattern.quote(name) + " (\\d+)$", Pattern.MULTILINE).matcher(a.body());
    assertTrue(m.find(), name + " in " + a.body());
    return Long.parseLong(m.group(1));
  }

  private static void bigTable(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE d (i INTEGER PRIMARY KEY)");
      s.execute("INSERT INTO d VALUES (0),(1),(2),(3),(4),(5),(6),(7),(8),(9)");
      s.execute("CREATE TABLE big (id INTEGER PRIMARY KEY, v VARCHAR)");
      s.execute("INSERT INTO big SELECT a.i * 100 + b.i * 10 + e.i, 'row-data-' || CAST(a.i AS VARCHAR) "
          + "FROM d a, d b, d e");
    }
  }

  @Test
  void healthWithoutCredentialsMetricsOnlyWithThem() throws Exception {
    Path users = dir.resolve("users");
    UsersFile.setPassword(users, "ops", "ops-Pa55".toCharArray(), false);
    try (CellarServer server = CellarServer.start(Servers.fresh().withUsers(users))) {
      Answer health = get(server.httpUrl() + "/health", null, null);
      assertEquals(200, health.status());
      assertEquals("OK\n", health.body());
      assertEquals(401, get(server.httpUrl() + "/metrics", null, null).status());
      assertEquals(401, get(server.httpUrl() + "/metrics", "ops", "wrong").status());
      Answer metrics = get(server.httpUrl() + "/metrics", "ops", "ops-Pa55");
      assertEquals(200, metrics.status(), metrics.body());
      assertTrue(metrics.body().contains("# TYPE cellar_open_connections gauge\ncellar_open_connections 0\n"),
          metrics.body());
      assertTrue(Pattern.compile("^cellar_http_responses_total\\{status=\"401\"} [1-9]", Pattern.MULTILINE)
          .matcher(metrics.body()).find(), "401s are counted: " + metrics.body());
      assertTrue(metrics.body().contains("cellar_open_scanners 0\n"), metrics.body());
    }
  }

  @Test
  void gaugesFollowWhatClientsHoldAndRequestsAndErrorsAreCounted() throws Exception {
    try (CellarServer server = CellarServer.start(Servers.fresh())) {
      try (Connection c = Servers.connect(server)) {
        bigTable(c);
      }
      assertEquals(0, gauge(server, "cellar_open_connections"));
      assertEquals(0, gauge(server, "cellar_open_scanners"));
      try (Connection c = Servers.connect(server)) {
        assertEquals(1, gauge(server, "cellar_open_connections"));
        Statement s = c.createStatement();
        s.setFetchSize(10);
        ResultSet rs = s.executeQuery("SELECT id, v FROM big");
        assertTrue(rs.next());
        assertTrue(gauge(server, "cellar_open_statements") >= 1);
        assertTrue(gauge(server, "cellar_open_scanners") >= 1, "the unfinished scan holds a scanner");
        s.close();
        assertEquals(0, gauge(server, "cellar_open_scanners"), "closing the statement closes its scanner");
        assertEquals(0, gauge(server, "cellar_open_statements"));
        try (Statement t = c.createStatement()) {
          SQLException e = assertThrows(SQLException.class, () -> t.executeQuery("SELECT * FROM no_such_table"));
          assertEquals(1, server.metrics().errors(e.getSQLState()), e.getSQLState());
          String text = get(server.httpUrl() + "/metrics", null, null).body();
          assertTrue(text.contains("cellar_errors_total{sqlstate=\"" + e.getSQLState() + "\"} 1\n"), text);
          assertTrue(text.contains("cellar_requests_total{type=\"prepare_and_execute\"} "), text);
          assertTrue(Pattern.compile("^cellar_request_duration_seconds_bucket\\{type=\"prepare_and_execute\","
              + "le=\"\\+Inf\"} [1-9]", Pattern.MULTILINE).matcher(text).find(), text);
        }
      }
      assertEquals(0, gauge(server, "cellar_open_connections"));
      assertEquals(0, gauge(server, "cellar_open_statements"));
    }
  }

  @Test
  void slowQueryLogNamesUserAndStatementWithoutValues() throws Exception {
    Path users = dir.resolve("users");
    UsersFile.setPassword(users, "alice", "alice-Pa55".toCharArray(), false);
    PrintStream err = System.err;
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    try (CellarServer server = CellarServer.start(Servers.fresh().withUsers(users).withSlowQuery(Duration.ZERO));
        Connection c = Servers.connect(server, "alice", "alice-Pa55")) {
      bigTable(c);
      System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT v FROM big WHERE v = 'row-data-7' AND id = 712")) {
        assertTrue(rs.next());
        assertEquals("row-data-7", rs.getString(1));
      }
      try (PreparedStatement p = c.prepareStatement("SELECT v FROM big WHERE id = ?")) {
        p.setInt(1, 345);
        try (ResultSet rs = p.executeQuery()) {
          assertTrue(rs.next());
        }
      }
    } finally {
      System.setErr(err);
    }
    String text = log.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains(ServiceMonitor.SLOW_LOG), text);
    assertTrue(text.contains("user alice"), text);
    assertTrue(text.contains("SELECT v FROM big WHERE v = ? AND id = ?"), text);
    assertTrue(text.contains("SELECT v FROM big WHERE id = ?"), text);
    // the statements as logged (after "connection <id>: "; thread names and connection ids are
    // random digits and letters, which may hold "712" or "345" by chance)
    List<String> logged = text.lines().filter(l -> l.contains(ServiceMonitor.SLOW_LOG))
        .map(l -> l.substring(l.indexOf(": ", l.indexOf("connection ")) + 2)).toList();
    assertTrue(logged.size() >= 2, text);
    for (String statement : logged) {
      assertFalse(statement.contains("712") || statement.contains("345"), "no literal or parameter: " + statement);
    }
    assertFalse(text.contains("row-data"), "no literal or row in the log: " + text);
    assertFalse(text.contains("alice-Pa55"), text);
  }

  @Test
  void slowQueryThresholdKeepsFastStatementsOut() throws Exception {
    PrintStream err = System.err;
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    try (CellarServer server = CellarServer.start(Servers.fresh().withSlowQuery(Duration.ofSeconds(30)));
        Connection c = Servers.connect(server); Statement s = c.createStatement()) {
      System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
      try (ResultSet rs = s.executeQuery("VALUES 1")) {
        assertTrue(rs.next());
      }
    } finally {
      System.setErr(err);
    }
    assertFalse(log.toString(StandardCharsets.UTF_8).contains(ServiceMonitor.SLOW_LOG), log.toString());
  }

  @Test
  void maskingReplacesEveryLiteral() {
    assertEquals("INSERT INTO t1 (c2, \"it's 3\") VALUES (?, ?, ?, ?, -?)",
        ServiceMonitor.mask("INSERT INTO t1 (c2, \"it's 3\")\n  VALUES (1, 'it''s', X'0AFF', 1.5e-3, -7) -- the 8th"));
    assertEquals("SELECT a FROM t WHERE b > ? AND c = ?",
        ServiceMonitor.mask("SELECT a /* 42 */ FROM t WHERE b > .5 AND c = 'x'"));
  }
}
