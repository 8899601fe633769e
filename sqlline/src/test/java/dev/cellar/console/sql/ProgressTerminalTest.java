package dev.cellar.console.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.console.Pty;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cellar sql} on a pseudo-terminal shows a progress line while a long statement runs: an
 * index build over 3,000,000 rows (long enough for the line, which shows after a second), its
 * rows indexed so far and its rate read from {@code CELLAR.OPERATIONS}; the line is gone when
 * the prompt comes back.
 */
class ProgressTerminalTest {
  private static final int ROWS = 3_000_000;

  @TempDir
  Path home;

  @Test
  void anIndexBuildShowsItsProgressOnTheTerminal() throws Exception {
    String url = "jdbc:cellar:file:" + home.resolve("db");
    Path csv = home.resolve("rows.csv");
    try (BufferedWriter w = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
      for (int i = 0; i < ROWS; i++) {
        w.write(i + ",v" + (i % 9973) + "\n");
      }
    }
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v VARCHAR)");
      assertEquals(ROWS, s.executeLargeUpdate("COPY t FROM '" + csv + "'"));
    }
    try (Pty t = Pty.java(home, SqlConsole.class.getName(), url)) {
      t.await("> ");
      t.type("CREATE INDEX i_v ON t (v);\r");
      String shown = t.await(" rows/s");
      Matcher m = Pattern.compile("INDEX BUILD T I_V: ([0-9,]+) rows, [0-9,]+ rows/s$").matcher(shown);
      assertTrue(m.find(), shown);
      long done = Long.parseLong(m.group(1).replace(",", ""));
      // every row may already be read while the build still writes its entries
      assertTrue(done > 0 && done <= ROWS, shown);
      assertTrue(!shown.contains("rows affected"), shown);
      // the build may take longer than one wait on a busy machine
      String rest = null;
      for (int i = 0; i < 10 && rest == null; i++) {
        try {
          rest = t.await("> ");
        } catch (AssertionError stillBuilding) {
          // wait on
        }
      }
      assertTrue(rest != null && rest.contains(String.format(java.util.Locale.ROOT, "%,d rows affected", ROWS)),
          t.all());
      t.type("SELECT COUNT(*) FROM t WHERE v = 'v17';\r");
      t.await("| 301 ");
      t.await("> ");
      t.type("!quit\r");
      assertEquals(0, t.exitStatus(), t.all());
    }
  }
}
