package dev.cellar.console.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cellar load} and {@code cellar export}: loads, exports, progress, bad rows, a load killed and run again. */
class LoadTest {
  @TempDir
  Path dir;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int load(String... args) {
    return Load.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), false);
  }

  private int export(String... args) {
    return Export.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), false);
  }

  private static long[] counts(String url, String table) throws Exception {
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*), COUNT(DISTINCT n) FROM " + table)) {
      rs.next();
      return new long[] {rs.getLong(1), rs.getLong(2)};
    }
  }

  private static void sql(String url, String... statements) throws Exception {
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      for (String q : statements) {
        s.execute(q);
      }
    }
  }

  @Test
  void loadsFilesExportsThemAndReportsEach() throws Exception {
    String url = "jdbc:cellar:file:" + dir.resolve("db");
    sql(url, "CREATE TABLE t (n INTEGER PRIMARY KEY, s VARCHAR, d DATE)");
    Files.writeString(dir.resolve("a.csv"), "n,s,d\n1,one,2024-01-01\n2,\"two, too\",\n");
    Files.writeString(dir.resolve("b.jsonl"), "{\"n\": 3, \"s\": \"tr\u00e8s\", \"d\": \"2024-03-03\"}\n");
    assertEquals(0, load(url, "t", dir.resolve("a.csv").toString(), "--header"), err.toString());
    assertEquals(0, load(url, "t", dir.resolve("b.jsonl").toString(), "--format", "json"), err.toString());
    String text = out.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("loaded 2 rows of " + dir.resolve("a.csv") + " into t in "), text);
    assertTrue(text.contains("loaded 1 rows of " + dir.resolve("b.jsonl") + " into t in "), text);
    assertEquals(3, counts(url, "t")[0]);
    Path csv = dir.resolve("out.csv");
    assertEquals(0, export(url, "SELECT n, s FROM t WHERE n > 1 ORDER BY n", csv.toString(), "--header"),
        err.toString());
    assertEquals("\"N\",\"S\"\n\"2\",\"two, too\"\n\"3\",\"tr\u00e8s\"\n", Files.readString(csv));
    assertEquals(0, export(url, "t", dir.resolve("t.jsonl").toString(), "--format=json"), err.toString());
    assertEquals("{\"N\":1,\"S\":\"one\",\"D\":\"2024-01-01\"}", Files.readAllLines(dir.resolve("t.jsonl")).get(0));
    assertTrue(out.toString(StandardCharsets.UTF_8).contains("exported 3 rows to "));
  }

  @Test
  void badRowsAndErrorsAreReported() throws Exception {
    String url = "jdbc:cellar:file:" + dir.resolve("db");
    sql(url, "CREATE TABLE t (n INTEGER PRIMARY KEY, s VARCHAR)");
    Files.writeString(dir.resolve("a.csv"), "1,a\nx,b\n3,c\n");
    assertEquals(1, load(url, "t", dir.resolve("a.csv").toString()));
    assertTrue(err.toString().startsWith("cellar load: 22018 cannot load line 2 of "), err.toString());
    err.reset();
    assertEquals(0, load(url, "t", dir.resolve("a.csv").toString(), "--reject-limit", "5"), err.toString());
    assertTrue(out.toString().contains("loaded 2 rows") && out.toString().contains("bad rows listed in "
        + dir.resolve("a.csv.rejects")), out.toString());
    assertEquals(2, load(url, "t"));
    assertEquals(2, load(url, "t", "x.csv", "--nope", "1"));
    assertTrue(err.toString().contains("unknown option --nope"), err.toString());
  }

  @Test
  void progressIsALineOnATerminalAndPlainLinesOtherwise() {
    assertEquals("LOAD T: 120,000 rows of about 400,000 (30%), 100,000 rows/s, 0:03 left",
        ProgressLine.text("LOAD T", 120_000, 400_000, 100_000));
    assertEquals("INDEX BUILD T: 5 rows, 2 rows/s", ProgressLine.text("INDEX BUILD T", 5, -1, 2));
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    ProgressLine line = new ProgressLine(new PrintStream(b, true, StandardCharsets.UTF_8), true, 0);
    line.show("LOAD T", 10, -1, 5);
    line.show("LOAD T", 9, -1, 5);
    line.end();
    assertEquals("\rLOAD T: 10 rows, 5 rows/s\rLOAD T: 9 rows, 5 rows/s \r                        \r",
        b.toString(StandardCharsets.UTF_8));
    b.reset();
    ProgressLine slow = new ProgressLine(new PrintStream(b, true, StandardCharsets.UTF_8), false, 60_000);
    slow.show("LOAD T", 1, -1, 1);
    assertEquals("", b.toString(StandardCharsets.UTF_8), "no plain line before the first interval has passed");
    ProgressLine plain = new ProgressLine(new PrintStream(b, true, StandardCharsets.UTF_8), false, 0);
    plain.show("LOAD T", 1, -1, 1);
    plain.show("LOAD T", 2, -1, 1);
    assertEquals("LOAD T: 1 rows, 1 rows/s\nLOAD T: 2 rows, 1 rows/s\n", b.toString(StandardCharsets.UTF_8));
  }

  @Test
  void aLoadKilledHalfWayAndRunAgainHasEveryRowOnce() throws Exception {
    Path db = dir.resolve("db");
    String url = "jdbc:cellar:file:" + db;
    // no primary key: a row loaded twice would be a second row
    sql(url, "CREATE TABLE t (n INTEGER NOT NULL, s VARCHAR)");
    int rows = 200_000;
    StringBuilder csv = new StringBuilder();
    for (int i = 0; i < rows; i++) {
      csv.append(i).append(",row ").append(i).append('\n');
    }
    Path file = dir.resolve("rows.csv");
    Files.writeString(file, csv);
    Path checkpoint = dir.resolve("rows.csv.cellar-load");
    List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Dcellar.copy.chunkRows=1000", "-cp", System.getProperty("java.class.path"), Load.class.getName(), url, "t",
        file.toString(), "--progress", "none");
    Process child = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile())
        .start();
    try {
      long deadline = System.currentTimeMillis() + 60_000;
      while (!committedPastHalf(checkpoint, rows) && child.isAlive() && System.currentTimeMillis() < deadline) {
        Thread.sleep(20);
      }
      assertTrue(child.isAlive(), "the load was still running when killed: " + Files.readString(dir.resolve("child.log")));
      child.destroyForcibly();
      assertTrue(child.waitFor(30, TimeUnit.SECONDS));
    } finally {
      child.destroyForcibly();
    }
    long[] before = counts(url, "t");
    assertTrue(before[0] > 0 && before[0] < rows, "killed part way: " + before[0]);
    assertTrue(Files.exists(checkpoint));
    assertEquals(0, load(url, "t", file.toString()), err.toString());
    assertTrue(out.toString().contains("loaded 200,000 rows"), out.toString());
    long[] after = counts(url, "t");
    assertEquals(rows, after[0], "rows");
    assertEquals(rows, after[1], "distinct rows");
    assertFalse(Files.exists(checkpoint));
  }

  private static boolean committedPastHalf(Path checkpoint, int rows) {
    try {
      java.util.Properties p = new java.util.Properties();
      try (var in = Files.newInputStream(checkpoint)) {
        p.load(in);
      }
      return Long.parseLong(p.getProperty("records", "0")) >= rows / 2;
    } catch (Exception e) {
      return false;
    }
  }
}
