package dev.cellar.console.sql;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.examples.SeedSql;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cellar sql} without a terminal: SQLLine on a {@code file:} database holding the seed
 * tables, reading a script from a stream and writing a transcript.
 */
class SqlConsoleTest {
  @TempDir
  static Path dir;
  static String url;

  @BeforeAll
  static void seed() throws Exception {
    // The console reads SQL literals as UTF-8; Calcite reads that setting once per JVM, so set it
    // before the seed loader starts Calcite here.
    System.setProperty("calcite.default.charset", "UTF-8");
    url = "jdbc:cellar:file:" + dir.resolve("db");
    try (Connection c = DriverManager.getConnection(url)) {
      assertEquals(SeedSql.TABLES, SeedSql.load(c));
    }
    try (Connection c = DriverManager.getConnection(url)) {
      assertEquals(List.of(), SeedSql.load(c), "a second load leaves the tables as they are");
    }
  }

  private static String[] console(String script, String... args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = SqlConsole.run(args, new ByteArrayInputStream(script.getBytes(StandardCharsets.UTF_8)), out, err);
    return new String[] {Integer.toString(status), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
  }

  @Test
  void discoverProposesTheViewOfARawTable() throws Exception {
    String[] r = console("""
        !discover sale 50
        !discover nosuch
        !quit
        """, url);
    String out = r[1];
    assertTrue(out.contains("KEY RTIME BIGINT, FIXED: 8-byte big-endian, Long.MAX_VALUE - milliseconds since 1970\n"), out);
    assertTrue(out.contains("COLUMN name:time TIMESTAMP, text, in 50 rows (100%), 19 bytes\n"), out);
    assertTrue(out.contains("\nCREATE VIEW SALE (K1 CHAR(7) NOT NULL, RTIME BIGINT FORMAT BYTES NOT NULL, K3 VARCHAR "
        + "NOT NULL,\n"), out);
    assertTrue(out.contains("STORE_TABLE='sale', KEY_FORMAT='FIXED', VALUE_FORMAT='STRING';\n"), out);
    assertTrue(r[2].contains("store table 'nosuch' does not exist (SQLState 42S02)"), r[2]);
    assertEquals("1", r[0], r[2]);
  }

  @Test
  void scriptOverTheSeedTables() throws Exception {
    String[] r = console("""
        !tables
        !columns users
        SELECT * FROM category WHERE parent_id = 5;
        SELECT s.name AS shop, i.name AS item, si.type FROM shop s JOIN shop_item si ON si.shop_id = s.id
          JOIN item i ON i.id = si.item_id ORDER BY 1, 2;
        SELECT id FROM files WHERE user_id = 1 AND create_time >= DATE '2012-09-01'
          AND create_time < DATE '2012-10-01' AND name LIKE '中国好声音%' AND category LIKE '综艺%';
        SELECT * FROM nosuch;
        SELECT product FROM sale WHERE user_id = 'u0002' LIMIT 2;
        !quit
        """, url);
    String out = r[1];
    assertEquals("1", r[0], "a failed statement makes the exit status 1\n" + r[2]);
    // each command after its prompt, no terminal control sequences or carriage returns
    // (SQLLine shortens a long URL in the prompt)
    assertTrue(Pattern.compile("^0: jdbc:cellar:file:\\S+> !tables\n\\+-").matcher(out).find(), out);
    assertTrue(Pattern.compile("\n0: jdbc:cellar:file:\\S+> !quit\n?$").matcher(out).find(), out);
    assertEquals(-1, out.indexOf('\r'), out);
    assertEquals(-1, out.indexOf(27), out);
    for (String table : SeedSql.TABLES) {
      assertTrue(Pattern.compile("\\| PUBLIC +\\| " + table + " +\\| TABLE ").matcher(out).find(), table + "\n" + out);
    }
    for (String column : List.of("ID", "NICKNAME", "GENDER", "DOB", "ADDRESS")) {
      assertTrue(Pattern.compile("\\| USERS +\\| " + column + " +\\|").matcher(out).find(), column + "\n" + out);
    }
    assertTrue(Pattern.compile("""
        \\| 7 +\\| red dog +\\| 5 +\\|
        \\| 8 +\\| black dog +\\| 5 +\\|
        """).matcher(out).find(), out);
    assertTrue(Pattern.compile("""
        \\| Corner Shop \\| kettle \\| new +\\|
        \\| Corner Shop \\| teapot \\| sale +\\|
        \\| Market Hall \\| kettle \\| used +\\|
        """).matcher(out).find(), out);
    assertEquals(List.of("1", "2", "3", "4", "5", "7"), column(out, "ID"), "the seeds' find(...) over files");
    // newest first: the key is (user_id, sold_at DESC, product)
    assertTrue(Pattern.compile("\\| teapot +\\|\n\\| kettle +\\|\n").matcher(out).find(), out);
    // an error is reported and the script goes on
    assertTrue(r[2].contains("Object 'NOSUCH' not found") && r[2].contains("42S02"), r[2]);
  }

  @Test
  void transactionsFromTheConsole() throws Exception {
    String[] r = console("""
        CREATE TABLE acct (id INTEGER PRIMARY KEY, balance BIGINT);
        !autocommit off
        INSERT INTO acct VALUES (1, 10);
        !rollback
        SELECT COUNT(*) AS rolled_back FROM acct;
        INSERT INTO acct VALUES (2, 20);
        !commit
        !autocommit on
        SELECT id AS committed FROM acct;
        !quit
        """, "jdbc:cellar:mem:console-tx");
    assertEquals("0", r[0], r[2]);
    assertEquals(List.of("0"), column(r[1], "ROLLED_BACK"), r[1]);
    assertEquals(List.of("2"), column(r[1], "COMMITTED"), r[1]);
  }

  @Test
  void aFailingScriptExitsNonZeroWithOneLineAndRunsItsLastStatement() throws Exception {
    String[] r = console("SELECT * FROM nosuch;\nSELECT 'after' AS went_on\n", "jdbc:cellar:mem:console-fail");
    assertEquals("1", r[0], r[2]);
    assertEquals(List.of("after"), column(r[1], "WENT_ON"), "the last statement, without its ';', runs\n" + r[1]);
    assertTrue(r[2].contains("Error: From line 1, column 15 to line 1, column 20: Object 'NOSUCH' not found")
        && r[2].contains("(SQLState 42S02)"), r[2]);
    assertTrue(!r[2].contains("\tat ") && !r[2].contains("Exception"), r[2]);

    String[] ok = console("SELECT 'last' AS unterminated", "jdbc:cellar:mem:console-fail");
    assertEquals("0", ok[0], ok[2]);
    assertEquals(List.of("last"), column(ok[1], "UNTERMINATED"), ok[1]);
  }

  @Test
  void aScriptFileStopsAtItsFirstErrorWithStatusNonZero() throws Exception {
    Path script = dir.resolve("fails.sql");
    Files.writeString(script, "SELECT * FROM nosuch;\nSELECT 'after' AS went_on;\n");
    String[] r = console("", "jdbc:cellar:mem:console-f", "-f", script.toString());
    assertNotEquals("0", r[0], r[2]);
    assertTrue(r[2].contains("(SQLState 42S02)") && !r[2].contains("\tat "), r[2]);
    assertFalse(r[1].contains("after"), r[1]);

    Path last = dir.resolve("last.sql");
    Files.writeString(last, "SELECT 'first' AS first_one;\nSELECT 'last' AS unterminated");
    String[] ok = console("", "jdbc:cellar:mem:console-f", "-f", last.toString());
    assertEquals("0", ok[0], ok[2]);
    assertEquals(List.of("last"), column(ok[1], "UNTERMINATED"), ok[1]);
  }

  @Test
  void nullReadsTheSameInEveryTypeAndDiffersFromTheEmptyString() throws Exception {
    String[] r = console("SELECT CAST(NULL AS VARCHAR) AS s, '' AS e, CAST(NULL AS INTEGER) AS n,"
        + " CAST(NULL AS DATE) AS d, CAST(NULL AS BOOLEAN) AS b, CAST(NULL AS DECIMAL(5, 2)) AS x;\n",
        "jdbc:cellar:mem:console-null");
    assertEquals("0", r[0], r[2]);
    assertTrue(Pattern.compile("\\| NULL \\| +\\| NULL \\| NULL \\| NULL \\| NULL \\|\n").matcher(r[1]).find(), r[1]);
  }

  @Test
  void aDirectoryOpensItsDatabaseAndAnythingElseSaysAUrlWasExpected() throws Exception {
    Path db = dir.resolve("bydir");
    String[] r = console("CREATE TABLE t (id INTEGER PRIMARY KEY);\nINSERT INTO t VALUES (7);\n", db.toString());
    assertEquals("0", r[0], r[2]);
    String[] again = console("SELECT id AS by_url FROM t;\n", "jdbc:cellar:file:" + db);
    assertEquals(List.of("7"), column(again[1], "BY_URL"), again[1] + again[2]);

    String[] notUrl = console("", "cellar:mem:x");
    assertEquals("2", notUrl[0]);
    assertEquals("cellar sql: expected a JDBC URL (jdbc:cellar:mem:NAME, jdbc:cellar:file:PATH, jdbc:cellar:hbase:HOST:PORT)"
        + " or a database directory, not 'cellar:mem:x'\n", notUrl[2]);
    Path script = dir.resolve("a.sql");
    Files.writeString(script, "SELECT 1;\n");
    String[] file = console("", script.toString());
    assertEquals("2", file[0]);
    assertTrue(file[2].contains("which is a file; to run a script: cellar sql [URL] -f " + script), file[2]);
  }

  @Test
  void aDatabaseLockedByAnotherProcessIsOneLine() throws Exception {
    Path locked = dir.resolve("locked");
    Path out = dir.resolve("holder.out");
    List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), SqlConsole.class.getName(), "jdbc:cellar:file:" + locked);
    Process holder = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectErrorStream(true).start();
    try {
      // the holder reads its script from a pipe left open: it keeps the database open until it ends
      holder.getOutputStream().write("SELECT 'open' AS held;\n".getBytes(StandardCharsets.UTF_8));
      holder.getOutputStream().flush();
      long deadline = System.nanoTime() + 60_000_000_000L;
      while (!Files.readString(out).contains("HELD") && System.nanoTime() < deadline) {
        Thread.sleep(100);
      }
      assertTrue(Files.readString(out).contains("HELD"), Files.readString(out));
      String[] r = console("SELECT 1;\n", "jdbc:cellar:file:" + locked);
      assertEquals("1", r[0]);
      List<String> errors = r[2].lines().filter(l -> !l.startsWith("sqlline version")).toList();
      assertEquals(1, errors.size(), r[2]);
      assertTrue(errors.get(0).startsWith("Error: cannot open file:" + locked) && errors.get(0).contains("locked by another process")
          && errors.get(0).endsWith("(SQLState 08001)"), r[2]);
    } finally {
      holder.getOutputStream().close();
      holder.waitFor(60, java.util.concurrent.TimeUnit.SECONDS);
      holder.destroy();
    }
  }

  /** The values of the one-column result whose header is {@code name}. */
  private static List<String> column(String out, String name) {
    Matcher m = Pattern.compile("\\| " + name + " +\\|\n\\+-+\\+\n((?:\\| .* \\|\n)+)").matcher(out);
    assertTrue(m.find(), out);
    return m.group(1).lines().map(l -> l.substring(1, l.length() - 1).trim()).toList();
  }

  @Test
  void arguments() {
    String home = System.getProperty("user.home");
    assertEquals("jdbc:cellar:file:" + Path.of(home, ".cellar", "demo-sql"), SqlConsole.expandHome(SqlConsole.DEFAULT_URL));
    assertEquals("jdbc:cellar:file:" + Path.of(home) + ";durability=ASYNC_WAL",
        SqlConsole.expandHome("jdbc:cellar:file:~;durability=ASYNC_WAL"));
    assertEquals("jdbc:cellar:file:~x/y", SqlConsole.expandHome("jdbc:cellar:file:~x/y"));
    assertEquals("jdbc:cellar:mem:~", SqlConsole.expandHome("jdbc:cellar:mem:~"));
    String[] a = SqlConsole.sqlLineArgs(new String[] {"jdbc:cellar:mem:x", "--outputFormat=csv"});
    assertEquals("jdbc:cellar:mem:x", a[List.of(a).indexOf("-u") + 1]);
    assertEquals("--outputFormat=csv", a[a.length - 1]);
    String[] d = SqlConsole.sqlLineArgs(new String[] {"-f", "x.sql"});
    assertEquals(SqlConsole.expandHome(SqlConsole.DEFAULT_URL), d[List.of(d).indexOf("-u") + 1]);
    assertArrayEquals(new String[] {"-f", "x.sql"}, List.of(d).subList(d.length - 2, d.length).toArray());
    String[] p = SqlConsole.sqlLineArgs(new String[] {"some/dir", "--outputFormat=csv"});
    assertEquals("jdbc:cellar:file:" + Path.of("some/dir").toAbsolutePath(), p[List.of(p).indexOf("-u") + 1]);
  }
}
