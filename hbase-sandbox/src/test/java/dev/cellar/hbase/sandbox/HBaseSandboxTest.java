package dev.cellar.hbase.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sandbox's entry started in this JVM on a temporary directory: it prints a
 * {@code jdbc:cellar:hbase:} URL that the driver connects to, and SQL works over it.
 */
class HBaseSandboxTest {
  @TempDir Path dir;

  @Test
  void printsUrlThatTheDriverServes() throws Exception {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    try (HBaseSandbox sandbox = HBaseSandbox.launch(new String[] {dir.toString(), "--port", "0"},
        new PrintStream(buf, true, StandardCharsets.UTF_8))) {
      String url = buf.toString(StandardCharsets.UTF_8).lines().findFirst().orElseThrow();
      assertTrue(url.matches("jdbc:cellar:hbase:localhost:\\d+"), url);
      assertEquals(sandbox.jdbcUrl(), url);
      try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
        s.execute("CREATE TABLE pets (id INTEGER PRIMARY KEY, info.name VARCHAR)");
        assertEquals(2, s.executeUpdate("INSERT INTO pets VALUES (1, 'cat'), (2, 'dog')"));
        try (ResultSet rs = s.executeQuery("SELECT name FROM pets WHERE id = 2")) {
          assertTrue(rs.next());
          assertEquals("dog", rs.getString(1));
        }
      }
      assertTrue(Files.isDirectory(dir.resolve("root").resolve("data")), "HBase's data is under the given directory");
    }
    // Started again on the same directory, the table and its rows are still there.
    try (HBaseSandbox sandbox = HBaseSandbox.start(dir, 0);
        Connection c = DriverManager.getConnection(sandbox.jdbcUrl()); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT id, name FROM pets ORDER BY id")) {
      assertTrue(rs.next());
      assertEquals("cat", rs.getString(2));
      assertTrue(rs.next());
      assertEquals("dog", rs.getString(2));
    }
  }

  @Test
  void refusesBadArguments() {
    PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    assertThrows(IllegalArgumentException.class, () -> HBaseSandbox.launch(new String[] {"--port", "x"}, out));
    assertThrows(IllegalArgumentException.class, () -> HBaseSandbox.launch(new String[] {"--nope"}, out));
    assertThrows(IllegalArgumentException.class, () -> HBaseSandbox.launch(new String[] {"a", "b"}, out));
  }
}
