package dev.cellar.console.lint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LintTest {
  @TempDir
  Path dir;

  private int lint(String url, ByteArrayOutputStream out) {
    return Lint.run(url, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(out, true, StandardCharsets.UTF_8));
  }

  @Test
  void printsEachPieceOfAdviceAndExitsOneWhenThereIsSome() throws Exception {
    String url = "jdbc:cellar:file:" + dir.resolve("db") + ";shutdown=true";
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE good (user_id VARCHAR NOT NULL, ts TIMESTAMP NOT NULL, v VARCHAR "
          + "CONSTRAINT pk PRIMARY KEY (user_id, ts))");
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    assertEquals(0, lint(url, out), out.toString(StandardCharsets.UTF_8));
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE ev (ts TIMESTAMP NOT NULL PRIMARY KEY, v VARCHAR)");
    }
    out.reset();
    assertEquals(1, lint(url, out));
    String text = out.toString(StandardCharsets.UTF_8);
    assertTrue(text.startsWith("MONOTONIC_KEY on PUBLIC.EV (TS): "), text);
    assertTrue(text.contains("1 piece of advice"), text);
  }

  @Test
  void aDatabaseThatCannotBeOpenedIsExitTwoWithOneLine() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    assertEquals(2, lint("jdbc:cellar:nosuch:x", out));
    String text = out.toString(StandardCharsets.UTF_8);
    assertTrue(text.startsWith("cellar lint: ") && text.strip().lines().count() == 1, text);
  }
}
