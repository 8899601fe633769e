package dev.cellar.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Base64;
import java.util.Properties;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.Meta;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Users, authentication and permissions: 401 without valid credentials, Digest over plain
 * HTTP (Basic refused there), Basic over TLS, read-only users refused every write (42501),
 * connections private to their user, expired connections gone (08003), no password in the log.
 */
class SecurityTest {
  private static final String WRITER_PASSWORD = "w-secret-Pa55";
  private static final String READER_PASSWORD = "r-secret-Pa55";
  private static final String ADMIN_PASSWORD = "a-secret-Pa55";

  @TempDir
  static Path dir;
  static Path users;

  @BeforeAll
  static void users() throws Exception {
    users = dir.resolve("users");
    UsersFile.setPassword(users, "writer", WRITER_PASSWORD.toCharArray(), false);
    // passwd reads the password from standard input when it is not a terminal
    InputStream stdin = System.in;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      System.setIn(new ByteArrayInputStream((READER_PASSWORD + "\n").getBytes(StandardCharsets.UTF_8)));
      assertEquals(0, ServerMain.run(new String[] {"passwd", "--users", users.toString(), "--read-only", "reader"},
          new PrintStream(out, true, StandardCharsets.UTF_8), System.err));
    } finally {
      System.setIn(stdin);
    }
    try {
      System.setIn(new ByteArrayInputStream((ADMIN_PASSWORD + "\n").getBytes(StandardCharsets.UTF_8)));
      assertEquals(0, ServerMain.run(new String[] {"passwd", "--users", users.toString(), "--admin", "root"},
          new PrintStream(out, true, StandardCharsets.UTF_8), System.err));
    } finally {
      System.setIn(stdin);
    }
    String file = Files.readString(users);
    assertFalse(file.contains(WRITER_PASSWORD) || file.contains(READER_PASSWORD), "the file holds hashes only");
    assertTrue(file.contains("reader:ro:pbkdf2-sha256$"), file);
    assertTrue(file.contains("root:admin:pbkdf2-sha256$"), file);
  }

  @Test
  void requestsWithoutValidCredentialsGet401() throws Exception {
    try (CellarServer server = CellarServer.start(Servers.fresh().withUsers(users))) {
      String http = server.clientUrl().substring("jdbc:cellar:remote:".length());
      assertEquals(401, post(http, null));
      assertEquals(401, post(http, "Basic " + Base64.getEncoder().encodeToString(
          ("writer:" + WRITER_PASSWORD).getBytes(StandardCharsets.UTF_8))), "Basic is refused over plain HTTP");
      SQLException none = assertThrows(SQLException.class, () -> Servers.connect(server));
      assertEquals("28000", none.getSQLState(), none.getMessage());
      SQLException wrong = assertThrows(SQLException.class, () -> Servers.connect(server, "writer", "nope"));
      assertEquals("28000", wrong.getSQLState(), wrong.getMessage());
      SQLException unknown = assertThrows(SQLException.class, () -> Servers.connect(server, "nobody", "x"));
      assertEquals("28000", unknown.getSQLState(), unknown.getMessage());
      Properties basic = new Properties();
      basic.setProperty("user", "writer");
      basic.setProperty("password", WRITER_PASSWORD);
      basic.setProperty("authentication", "BASIC");
      SQLException basicOverHttp = assertThrows(SQLException.class,
          () -> DriverManager.getConnection(server.clientUrl(), basic));
      assertEquals("28000", basicOverHttp.getSQLState(), basicOverHttp.getMessage());
      try (Connection c = Servers.connect(server, "writer", WRITER_PASSWORD); Statement s = c.createStatement()) {
        s.execute("CREATE TABLE t (id INTEGER NOT NULL PRIMARY KEY)");
        assertEquals(1, s.executeUpdate("INSERT INTO t VALUES (1)"));
      }
    }
  }

  @Test
  void readOnlyUsersMayOnlyRead() throws Exception {
    try (CellarServer server = CellarServer.start(Servers.fresh().withUsers(users))) {
      try (Connection c = Servers.connect(server, "writer", WRITER_PASSWORD); Statement s = c.createStatement()) {
        s.execute("CREATE TABLE t (id INTEGER NOT NULL PRIMARY KEY, v VARCHAR(10))");
        s.execute("INSERT INTO t VALUES (1, 'a')");
      }
      try (Connection c = Servers.connect(server, "reader", READER_PASSWORD); Statement s = c.createStatement()) {
        try (ResultSet rs = s.executeQuery("SELECT v FROM t WHERE id = 1")) {
          assertTrue(rs.next());
          assertEquals("a", rs.getString(1));
        }
        for (String write : new String[] {"INSERT INTO t VALUES (2, 'b')", "UPSERT INTO t VALUES (1, 'z')",
            "UPDATE t SET v = 'z'", "DELETE FROM t", "CREATE TABLE u (id INTEGER PRIMARY KEY)", "DROP TABLE t",
            "CREATE INDEX t_v ON t (v)"}) {
          SQLException e = assertThrows(SQLException.class, () -> s.execute(write), write);
          assertEquals("42501", e.getSQLState(), write + ": " + e.getMessage());
          assertTrue(e.getMessage().contains("reader"), e.getMessage());
        }
        SQLException prepared = assertThrows(SQLException.class, () -> c.prepareStatement("DELETE FROM t"));
        assertEquals("42501", prepared.getSQLState(), prepared.getMessage());
        s.addBatch("INSERT INTO t VALUES (3, 'c')");
        SQLException batch = assertThrows(SQLException.class, s::executeBatch);
        assertEquals("42501", batch.getSQLState(), batch.getMessage());
        try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM t")) {
          assertTrue(rs.next());
          assertEquals(1, rs.getInt(1), "nothing was written");
        }
      }
    }
  }

  @Test
  void adminVerbsNeedTheAdminRole() throws Exception {
    try (CellarServer server = CellarServer.start(Servers.fresh().withUsers(users))) {
      try (Connection c = Servers.connect(server, "writer", WRITER_PASSWORD); Statement s = c.createStatement()) {
        s.execute("CREATE TABLE t (id INTEGER NOT NULL PRIMARY KEY, v VARCHAR(10))");
        s.execute("UPSERT INTO t VALUES (1, 'a')");
        s.execute("UPSERT INTO t VALUES (5, 'e')");
        for (String verb : new String[] {"ALTER TABLE t FLUSH", "ALTER TABLE t COMPACT", "ALTER TABLE t COMPACT MAJOR",
            "ALTER TABLE t SPLIT", "ALTER TABLE t SPLIT AT (3)"}) {
          SQLException e = assertThrows(SQLException.class, () -> s.execute(verb), verb);
          assertEquals("42501", e.getSQLState(), verb + ": " + e.getMessage());
          String named = "ALTER TABLE ... " + verb.substring("ALTER TABLE t ".length()).replace(" AT (3)", "");
          assertTrue(e.getMessage().contains("user 'writer' may not run " + named), e.getMessage());
          SQLException prepared = assertThrows(SQLException.class, () -> c.prepareStatement(verb), verb);
          assertEquals("42501", prepared.getSQLState(), prepared.getMessage());
        }
        s.addBatch("ALTER TABLE t FLUSH");
        SQLException batch = assertThrows(SQLException.class, s::executeBatch);
        assertEquals("42501", batch.getSQLState(), batch.getMessage());
        // nothing ran: the rows are still in the memstore, in one region
        assertEquals("0, 1", regions(s));
        s.execute("ALTER TABLE t SET VERSIONS = 2"); // family settings are DDL, which writers may run
      }
      try (Connection c = Servers.connect(server, "reader", READER_PASSWORD); Statement s = c.createStatement()) {
        SQLException e = assertThrows(SQLException.class, () -> s.execute("ALTER TABLE t FLUSH"));
        assertEquals("42501", e.getSQLState(), e.getMessage());
        assertTrue(e.getMessage().contains("ALTER TABLE ... FLUSH"), e.getMessage());
      }
      try (Connection c = Servers.connect(server, "root", ADMIN_PASSWORD); Statement s = c.createStatement()) {
        s.execute("ALTER TABLE t FLUSH");
        assertEquals("1, 1", regions(s));
        s.execute("ALTER TABLE t SPLIT AT (3)");
        assertEquals("2, 2", regions(s));
        // the daughters' compactions at the threshold (major ones too) may run in the background meanwhile
        int before = majorCompactions(s);
        s.execute("ALTER TABLE t COMPACT MAJOR");
        assertTrue(majorCompactions(s) >= before + 2, "one major compaction a region");
      }
    }
  }

  /** The major compactions of table T that have finished. */
  private static int majorCompactions(Statement s) throws SQLException {
    try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM CELLAR.COMPACTIONS WHERE TABLE_NAME = 'T'"
        + " AND KIND = 'MAJOR' AND STATE = 'DONE'")) {
      assertTrue(rs.next());
      return rs.getInt(1);
    }
  }

  /** The store files and regions of table T, as {@code "files, regions"}. */
  private static String regions(Statement s) throws SQLException {
    try (ResultSet rs = s.executeQuery("SELECT SUM(STORE_FILES), COUNT(*) FROM CELLAR.REGIONS WHERE TABLE_NAME = 'T'")) {
      assertTrue(rs.next());
      return rs.getLong(1) + ", " + rs.getLong(2);
    }
  }

  @Test
  void aConnectionBelongsToItsUser() throws Exception {
    try (CellarServer server = CellarServer.start(Servers.fresh().withUsers(users));
        Connection c = Servers.connect(server, "writer", WRITER_PASSWORD)) {
      String id = c.unwrap(AvaticaConnection.class).id;
      Meta.ConnectionHandle handle = new Meta.ConnectionHandle(id);
      RuntimeException e = assertThrows(RuntimeException.class, () -> server.meta().runAs(
          new ServerMeta.Caller("reader", true), () -> server.meta().createStatement(handle)));
      assertTrue(e.toString().contains("08003"), e.toString());
      // its owner still uses it
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("VALUES 1")) {
        assertTrue(rs.next());
      }
    }
  }

  @Test
  void anExpiredConnectionIsGone() throws Exception {
    try (CellarServer server = CellarServer.start(Servers.fresh().withUsers(users)
        .withIdleTimeout(Duration.ofSeconds(1)));
        Connection c = Servers.connect(server, "writer", WRITER_PASSWORD)) {
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("VALUES 1")) {
        assertTrue(rs.next());
      }
      assertEquals(1, server.meta().openConnections());
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (server.meta().openConnections() > 0 && System.nanoTime() < deadline) {
        Thread.sleep(100);
      }
      assertEquals(0, server.meta().openConnections(), "the idle connection was closed");
      SQLException e = assertThrows(SQLException.class, () -> {
        try (Statement s = c.createStatement()) {
          s.executeQuery("VALUES 1");
        }
      });
      assertEquals("08003", e.getSQLState(), e.getMessage());
    }
  }

  @Test
  void basicOverTlsAndNoPasswordInTheLog() throws Exception {
    Path keystore = dir.resolve("server.p12");
    if (!Files.exists(keystore)) {
      Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
          "-genkeypair", "-alias", "server", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
          "-dname", "CN=localhost", "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-storetype", "PKCS12",
          "-keystore", keystore.toString(), "-storepass", "changeit", "-keypass", "changeit")
          .redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      assertEquals(0, p.waitFor());
    }
    PrintStream err = System.err;
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
    try (CellarServer server = CellarServer.start(Servers.fresh().withUsers(users).withTls(keystore, "changeit"))) {
      assertTrue(server.clientUrl().startsWith("jdbc:cellar:remote:https://"), server.clientUrl());
      String tls = ";truststore=" + keystore + ";truststore_password=changeit";
      Properties p = new Properties();
      p.setProperty("user", "writer");
      p.setProperty("password", WRITER_PASSWORD);
      try (Connection c = DriverManager.getConnection(server.clientUrl() + tls, p); Statement s = c.createStatement()) {
        s.execute("CREATE TABLE secret (id INTEGER NOT NULL PRIMARY KEY, v VARCHAR(20))");
        s.execute("INSERT INTO secret VALUES (1, 'row-data-xyz')");
        try (ResultSet rs = s.executeQuery("SELECT v FROM secret")) {
          assertTrue(rs.next());
          assertEquals("row-data-xyz", rs.getString(1));
        }
      }
      p.setProperty("password", "wrong");
      SQLException wrong = assertThrows(SQLException.class,
          () -> DriverManager.getConnection(server.clientUrl() + tls, p));
      assertEquals("28000", wrong.getSQLState(), wrong.getMessage());
      String http = server.clientUrl().substring("jdbc:cellar:remote:".length()).replace("https:", "http:");
      assertThrows(Exception.class, () -> post(http, null), "no plain HTTP on a TLS port");
    } finally {
      System.setErr(err);
    }
    String text = log.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("serving"), "the log was captured: " + text);
    assertFalse(text.contains(WRITER_PASSWORD), text);
    assertFalse(text.contains("row-data-xyz"), text);
  }

  /** The HTTP status of a POST of an empty request, with {@code authorization} if not null. */
  private static int post(String url, String authorization) throws Exception {
    HttpURLConnection h = (HttpURLConnection) URI.create(url).toURL().openConnection();
    h.setRequestMethod("POST");
    h.setDoOutput(true);
    if (authorization != null) {
      h.setRequestProperty("Authorization", authorization);
    }
    h.getOutputStream().write(new byte[0]);
    try {
      return h.getResponseCode();
    } finally {
      h.disconnect();
    }
  }
}
