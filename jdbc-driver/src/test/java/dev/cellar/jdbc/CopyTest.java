package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.assertFails;
import static dev.cellar.jdbc.Sql.rows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code COPY ... FROM} and {@code COPY ... TO}: CSV and JSON lines, conversion, bad rows, resuming. */
class CopyTest {
  private static final String COLUMNS = "b BOOLEAN, ti TINYINT, si SMALLINT, i INTEGER, bi BIGINT, de DECIMAL(20,5), "
      + "r REAL, d DOUBLE, c CHAR(4), vc VARCHAR, bn BINARY(3), vb VARBINARY, dt DATE, tm TIME, ts TIMESTAMP";

  @TempDir
  Path dir;
  private Connection c;

  @BeforeEach
  void open() throws Exception {
    c = Sql.connect(Sql.freshMem());
  }

  @AfterEach
  void close() throws Exception {
    c.close();
    System.clearProperty("cellar.copy.chunkRows");
    System.clearProperty("cellar.copy.bulkMinBytes");
  }

  private long update(String sql) throws Exception {
    try (Statement s = c.createStatement()) {
      return s.executeLargeUpdate(sql);
    }
  }

  private static String q(Path p) {
    return "'" + p.toString().replace("'", "''") + "'";
  }

  private void fillEveryType() throws Exception {
    run(c, "CREATE TABLE src (id INTEGER PRIMARY KEY, " + COLUMNS + ")");
    run(c, "INSERT INTO src VALUES (1, TRUE, -128, -32768, -2147483648, -9223372036854775808, "
        + "-123456789012345.12345, 1.5E-7, -2.2250738585072014E-308, 'ab', 'hello, \"world\"', X'0102ff', X'', "
        + "DATE '2024-02-29', TIME '23:59:58.123', TIMESTAMP '1969-12-31 23:59:59.999')");
    run(c, "INSERT INTO src VALUES (2, FALSE, 127, 32767, 2147483647, 9223372036854775807, 0.00001, "
        + "3.4028235E38, 1.7976931348623157E308, '', 'línea1\nlínea2\r\n\u65e5\u672c\u8a9e \ud83d\ude00', X'000000', "
        + "X'00ff', DATE '0001-01-01', TIME '00:00:00', TIMESTAMP '9999-12-31 23:59:59.999')");
    run(c, "INSERT INTO src (id, vc) VALUES (3, '')");
    run(c, "INSERT INTO src (id, vc, c) VALUES (4, 'NULL', 'x,y')");
    run(c, "INSERT INTO src (id) VALUES (5)");
  }

  private void assertSameRows(String a, String b) throws Exception {
    List<List<Object>> expected = rows(c, "SELECT * FROM " + a + " ORDER BY id");
    List<List<Object>> actual = rows(c, "SELECT * FROM " + b + " ORDER BY id");
    assertEquals(expected.size(), actual.size());
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(render(expected.get(i)), render(actual.get(i)), "row " + i);
    }
  }

  private static List<String> render(List<Object> row) {
    List<String> out = new ArrayList<>();
    for (Object o : row) {
      out.add(o instanceof byte[] b ? java.util.HexFormat.of().formatHex(b) : String.valueOf(o)
          + (o == null ? "" : " " + o.getClass().getSimpleName()));
    }
    return out;
  }

  @Test
  void csvExportThenLoadGivesEveryTypeNullAndUnicodeBack() throws Exception {
    fillEveryType();
    Path f = dir.resolve("src.csv");
    assertEquals(5, update("COPY src TO " + q(f) + " (FORMAT csv, HEADER)"));
    assertTrue(Files.readString(f).startsWith("\"ID\",\"B\","), Files.readString(f));
    run(c, "CREATE TABLE dst (id INTEGER PRIMARY KEY, " + COLUMNS + ")");
    assertEquals(5, update("COPY dst FROM " + q(f) + " WITH (FORMAT csv, HEADER)"));
    assertSameRows("src", "dst");
    assertEquals(List.of(List.of(4L)), rows(c, "SELECT COUNT(*) FROM dst WHERE vc IS NOT NULL"));
    assertEquals(List.of(List.of("")), rows(c, "SELECT vc FROM dst WHERE id = 3"));
    assertEquals(List.of(List.of("NULL")), rows(c, "SELECT vc FROM dst WHERE id = 4"));
  }

  @Test
  void jsonLinesExportThenLoadGivesEveryTypeNullAndUnicodeBack() throws Exception {
    fillEveryType();
    Path f = dir.resolve("src.jsonl");
    assertEquals(5, update("COPY (SELECT * FROM src) TO " + q(f) + " (FORMAT json)"));
    List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
    assertEquals(5, lines.size());
    assertTrue(lines.get(0).startsWith("{\"ID\":1,\"B\":true,\"TI\":-128,"), lines.get(0));
    run(c, "CREATE TABLE dst (id INTEGER PRIMARY KEY, " + COLUMNS + ")");
    assertEquals(5, update("COPY dst FROM " + q(f) + " (FORMAT json)"));
    assertSameRows("src", "dst");
  }

  @Test
  void theBulkPathLoadsTheSameRows() throws Exception {
    fillEveryType();
    Path f = dir.resolve("src.csv");
    update("COPY src TO " + q(f));
    run(c, "CREATE TABLE dst (id INTEGER PRIMARY KEY, " + COLUMNS + ")");
    run(c, "UPSERT INTO dst (id, vc, i) VALUES (2, 'old', 7), (9, 'kept', 9)");
    System.setProperty("cellar.copy.bulkMinBytes", "0");
    System.setProperty("cellar.copy.chunkRows", "2");
    assertEquals(5, update("COPY dst FROM " + q(f)));
    run(c, "DELETE FROM dst WHERE id = 9");
    assertSameRows("src", "dst");
  }

  @Test
  void theBulkPathKeepsTheLastOfRowsWithOneKeyInALargeChunk() throws Exception {
    run(c, "CREATE TABLE t (k VARCHAR NOT NULL, n BIGINT NOT NULL, v VARCHAR, w BIGINT, "
        + "CONSTRAINT pk PRIMARY KEY (k, n))");
    run(c, "UPSERT INTO t VALUES ('k00000', 0, 'old', -1)");
    // 6,000 records in scattered key order, each key twice; the second one wins, and sometimes
    // makes v NULL (a row written before the load included)
    StringBuilder csv = new StringBuilder("k,n,v,w\n");
    String[][] expected = new String[3000][];
    for (int i = 0; i < 6000; i++) {
      int j = (int) ((long) i * 7919 % 3000);
      String v = i >= 3000 && i % 5 == 0 ? "" : "a" + i;
      csv.append(String.format("k%05d,%d,%s,%d%n", j, j % 7, v, i));
      expected[j] = new String[] {String.format("k%05d", j), String.valueOf(j % 7), v.isEmpty() ? null : v,
          String.valueOf(i)};
    }
    Path f = dir.resolve("dups.csv");
    Files.writeString(f, csv, StandardCharsets.UTF_8);
    System.setProperty("cellar.copy.bulkMinBytes", "0");
    System.setProperty("cellar.copy.chunkRows", "10000");
    assertEquals(6000, update("COPY t FROM " + q(f) + " (FORMAT csv, HEADER, NULL '')"));
    List<List<Object>> got = rows(c, "SELECT k, n, v, w FROM t ORDER BY k");
    assertEquals(3000, got.size());
    for (int j = 0; j < 3000; j++) {
      List<Object> r = got.get(j);
      String[] e = expected[j];
      assertEquals(List.of(e[0], e[1], String.valueOf(e[2]), e[3]), List.of(String.valueOf(r.get(0)),
          String.valueOf(r.get(1)), String.valueOf(r.get(2)), String.valueOf(r.get(3))), "row " + j);
    }
  }

  @Test
  void optionsColumnListDelimiterNullTextAndDateFormats() throws Exception {
    run(c, "CREATE TABLE t (id INTEGER PRIMARY KEY, name VARCHAR(10), born DATE, seen TIMESTAMP, n INTEGER)");
    run(c, "UPSERT INTO t (id, n) VALUES (1, 42)");
    Path f = dir.resolve("t.txt");
    Files.writeString(f, "name;id;born;seen\n'ann';1;31/01/2024;2024-01-31T08:00\n\\N;2;\\N;\\N\n'';3;01/02/2024;\\N\n");
    assertEquals(3, update("COPY t (name, id, born, seen) FROM " + q(f) + " (HEADER, DELIMITER ';', QUOTE '''', "
        + "NULL '\\N', DATE_FORMAT 'dd/MM/yyyy', TIMESTAMP_FORMAT 'yyyy-MM-dd''T''HH:mm')"));
    Sql.assertRows(c, "SELECT * FROM t ORDER BY id", "1, ann, 2024-01-31, 2024-01-31 08:00:00.000, 42",
        "2, null, null, null, null", "3, , 2024-02-01, null, null");
    Path out = dir.resolve("t.out");
    assertEquals(3, update("COPY t (id, born) TO " + q(out) + " (DATE_FORMAT 'dd/MM/yyyy', NULL '-')"));
    assertEquals("\"1\",\"31/01/2024\"\n\"2\",-\n\"3\",\"01/02/2024\"\n", Files.readString(out));
  }

  @Test
  void badRowsGoToTheRejectFileWithLineAndReason() throws Exception {
    run(c, "CREATE TABLE t (id INTEGER PRIMARY KEY, name VARCHAR(5) NOT NULL, price DECIMAL(5,2))");
    StringBuilder csv = new StringBuilder("id,name,price\n");
    List<Integer> bad = new ArrayList<>();
    for (int i = 1; i <= 1000; i++) {
      if (i % 100 == 7) {
        bad.add(i + 1);
        csv.append(switch (i / 100 % 5) {
          case 0 -> i + ",abc,x1\n";
          case 1 -> i + ",toolongname,1\n";
          case 2 -> i + ",,1\n";
          case 3 -> i + ",abc,12345.6\n";
          default -> i + ",abc\n";
        });
      } else {
        csv.append(i).append(",n").append(i % 1000).append(',').append(i % 100).append(".5\n");
      }
    }
    Path f = dir.resolve("prices.csv");
    Files.writeString(f, csv);
    Path rejects = dir.resolve("bad.csv");
    System.setProperty("cellar.copy.chunkRows", "64");
    assertEquals(990, update("COPY t FROM " + q(f) + " (HEADER, NULL '', REJECT_LIMIT 10, REJECT_FILE " + q(rejects)
        + ")"));
    assertEquals(List.of(List.of(990L)), rows(c, "SELECT COUNT(*) FROM t"));
    List<String> lines = Files.readAllLines(rejects);
    assertEquals("line,reason,record", lines.get(0));
    assertEquals(11, lines.size(), String.join("\n", lines));
    for (int k = 0; k < bad.size(); k++) {
      assertTrue(lines.get(k + 1).startsWith(bad.get(k) + ","), lines.get(k + 1));
    }
    assertTrue(lines.get(1).contains("column PRICE") && lines.get(1).contains("x1"), lines.get(1));
    assertTrue(lines.get(2).contains("NAME") && lines.get(2).contains("too long"), lines.get(2));
    assertTrue(lines.get(3).contains("NAME") && lines.get(3).contains("NOT NULL"), lines.get(3));
    assertTrue(lines.get(4).contains("PRICE") && lines.get(4).contains("out of range"), lines.get(4));
    assertTrue(lines.get(5).contains("2 fields, expected 3"), lines.get(5));
    run(c, "DELETE FROM t");
    assertFails(c, "22018", "COPY t FROM " + q(f) + " (HEADER)", "line 8 ", "column PRICE", "x1");
    assertFails(c, "22000", "COPY t FROM " + q(f) + " (HEADER, REJECT_LIMIT 4, REJECT_FILE " + q(rejects) + ")",
        "line 408 ", "REJECT_LIMIT 4");
  }

  @Test
  void anIntegerItsColumnCannotHoldIsOutOfRangeNotAWrongText() throws Exception {
    run(c, "CREATE TABLE n (id INTEGER PRIMARY KEY, s SMALLINT, b BIGINT)");
    Path f = dir.resolve("n.csv");
    Files.writeString(f, "1,2,3\n2,40000,3\n3,1,99999999999999999999\n4,-32768,-9223372036854775808\n");
    assertFails(c, "22003", "COPY n FROM " + q(f), "line 2 ", "column S", "\"40000\" is out of range for SMALLINT");
    run(c, "DELETE FROM n");
    Path rejects = dir.resolve("n.rejects");
    assertEquals(2, update("COPY n FROM " + q(f) + " (REJECT_LIMIT 2, REJECT_FILE " + q(rejects) + ")"));
    List<String> lines = Files.readAllLines(rejects);
    assertEquals(3, lines.size(), String.join("\n", lines));
    assertTrue(lines.get(2).startsWith("3,") && lines.get(2).contains("column B")
        && lines.get(2).contains("out of range for BIGINT"), lines.get(2));
    Sql.assertRows(c, "SELECT id, s, b FROM n ORDER BY id", "1, 2, 3", "4, -32768, -9223372036854775808");
  }

  @Test
  void csvRecordsAreSplitAsRfc4180SaysAndBadOnesNameTheirLine() throws Exception {
    run(c, "CREATE TABLE t (id INTEGER PRIMARY KEY, a VARCHAR, b VARCHAR)");
    // quoted delimiters, line breaks and doubled quotes; a quote inside an unquoted field is text;
    // CRLF and empty lines; a quoted empty field is '' and an unquoted one NULL
    String csv = "1,\"x, y\",\"two\nlines\"\r\n"
        + "\n"
        + "2,5 1/2\" pipe,\"say \"\"hi\"\"\"\n"
        + "3,\"\",\n"
        + "4,\"closed\"oops,z\n"
        + "5,last,\"no break at the end\"";
    Path f = dir.resolve("rfc.csv");
    Files.writeString(f, csv);
    Path rejects = dir.resolve("rfc.rejects");
    assertEquals(4, update("COPY t FROM " + q(f) + " (REJECT_LIMIT 1, REJECT_FILE " + q(rejects) + ")"));
    assertEquals(List.of(List.of(1, "x, y", "two\nlines"), List.of(2, "5 1/2\" pipe", "say \"hi\""),
        java.util.Arrays.asList(3, "", null), List.of(5, "last", "no break at the end")), rows(c, "SELECT * FROM t ORDER BY id"));
    List<String> lines = Files.readAllLines(rejects);
    assertEquals(2, lines.size(), String.join("\n", lines));
    assertTrue(lines.get(1).startsWith("6,") && lines.get(1).contains("field 2 has text after its closing quote")
        && lines.get(1).contains("oops"), lines.get(1));
    Files.writeString(f, "1,a,b\n2,\"open\n");
    assertFails(c, "22000", "COPY t FROM " + q(f), "line 2", "not closed");
  }

  @Test
  void theBulkPathLoadsIndexedTablesAndTheirIndexesAgree() throws Exception {
    run(c, "CREATE TABLE t (id INTEGER PRIMARY KEY, grp VARCHAR, v BIGINT, code VARCHAR)");
    run(c, "CREATE INDEX t_grp ON t (grp) INCLUDE (v)");
    run(c, "CREATE LOCAL INDEX t_v ON t (v)");
    // rows the load replaces: their old entries must go
    run(c, "UPSERT INTO t VALUES (1, 'old', -1, 'c1'), (2, 'old', -2, 'c2'), (5000, 'kept', -3, 'k')");
    StringBuilder csv = new StringBuilder();
    for (int i = 1; i <= 3000; i++) {
      csv.append(i).append(",g").append(i % 7).append(',').append(i * 10).append(",c").append(i).append('\n');
    }
    Path f = dir.resolve("indexed.csv");
    Files.writeString(f, csv);
    System.setProperty("cellar.copy.bulkMinBytes", "0");
    System.setProperty("cellar.copy.chunkRows", "700");
    assertEquals(3000, update("COPY t FROM " + q(f)));
    assertEquals(0, update("ALTER INDEX t_grp ON t VERIFY"));
    assertEquals(0, update("ALTER INDEX t_v ON t VERIFY"));
    assertEquals(List.of(List.of("ACTIVE"), List.of("ACTIVE")),
        rows(c, "SELECT STATE FROM CELLAR.INDEXES WHERE TABLE_NAME = 'T' ORDER BY INDEX_NAME"));
    assertEquals(List.of(List.of(0L)), rows(c, "SELECT COUNT(*) FROM t WHERE grp = 'old'"));
    assertEquals(List.of(List.of(429L, 30L)), rows(c, "SELECT COUNT(*), MIN(v) FROM t WHERE grp = 'g3'"));
    assertEquals(List.of(List.of(1305)), rows(c, "SELECT id FROM t WHERE v = 13050"));
    assertEquals(List.of(List.of(5000)), rows(c, "SELECT id FROM t WHERE v = -3"));
    assertEquals(List.of(), rows(c, "SELECT id FROM t WHERE v = -1"));

    // a unique index the file breaks: the bulk path loads every row, then the index fails its build
    run(c, "CREATE TABLE u (id INTEGER PRIMARY KEY, code VARCHAR)");
    run(c, "CREATE UNIQUE INDEX u_code ON u (code)");
    Files.writeString(f, "1,same\n2,b\n3,c\n4,same\n");
    System.setProperty("cellar.copy.chunkRows", "2");
    assertFails(c, "23505", "COPY u FROM " + q(f), "U_CODE");
    assertEquals(List.of(List.of(4L)), rows(c, "SELECT COUNT(*) FROM u"));
    assertEquals(List.of(List.of("FAILED")), rows(c, "SELECT STATE FROM CELLAR.INDEXES WHERE INDEX_NAME = 'U_CODE'"));
    run(c, "DELETE FROM u WHERE id = 4");
    assertEquals(3, update("ALTER INDEX u_code ON u REBUILD"));
    assertEquals(0, update("ALTER INDEX u_code ON u VERIFY"));
  }

  @Test
  void aLoadStoppedPartWayResumesAfterWhatItCommitted() throws Exception {
    // no primary key: a row loaded twice would be two rows
    run(c, "CREATE TABLE t (n INTEGER NOT NULL, s VARCHAR)");
    StringBuilder csv = new StringBuilder();
    for (int i = 1; i <= 500; i++) {
      csv.append(i == 321 ? "oops" : Integer.toString(i)).append(",s").append(i).append('\n');
    }
    Path f = dir.resolve("rows.csv");
    Files.writeString(f, csv);
    System.setProperty("cellar.copy.chunkRows", "50");
    assertFails(c, "22018", "COPY t FROM " + q(f), "line 321");
    assertEquals(List.of(List.of(300L)), rows(c, "SELECT COUNT(*) FROM t"));
    assertTrue(Files.exists(dir.resolve("rows.csv.cellar-load")));
    assertEquals(499, update("COPY t FROM " + q(f) + " (REJECT_LIMIT 1)"));
    assertEquals(List.of(List.of(499L, 499L)), rows(c, "SELECT COUNT(*), COUNT(DISTINCT n) FROM t"));
    assertFalse(Files.exists(dir.resolve("rows.csv.cellar-load")));
    assertTrue(Files.readString(dir.resolve("rows.csv.rejects")).contains("321,"));
  }

  @Test
  void errorsNameWhatIsWrong() throws Exception {
    run(c, "CREATE TABLE t (id INTEGER PRIMARY KEY, v VARCHAR)");
    run(c, "CREATE VIEW w AS SELECT * FROM t");
    Path f = dir.resolve("t.csv");
    Files.writeString(f, "1,a\n");
    assertFails(c, "42S02", "COPY nope FROM " + q(f), "table NOPE does not exist");
    assertFails(c, "42S02", "COPY w FROM " + q(f), "it is a view");
    assertFails(c, "42000", "COPY t FROM " + q(f) + " (FORMAT xml)", "line 1, column", "CSV or JSON");
    assertFails(c, "42000", "COPY t FRM " + q(f), "expected FROM or TO");
    assertFails(c, "42000", "COPY (SELECT 1) FROM " + q(f), "TO a file");
    assertFails(c, "58030", "COPY t FROM " + q(dir.resolve("missing.csv")), "missing.csv", "no such file");
    assertFails(c, "23502", "COPY t (v) FROM " + q(f), "column ID of the primary key");
    assertFails(c, "42S22", "COPY t (id, nope) FROM " + q(f), "NOPE");
    Files.writeString(f, "ID,X\n1,a\n");
    assertFails(c, "42S22", "COPY t FROM " + q(f) + " (HEADER)", "column X in the header (line 1)");
    Files.write(f, new byte[] {'1', ',', (byte) 0xff, '\n'});
    assertFails(c, "58030", "COPY t FROM " + q(f), "not UTF-8");
    assertEquals(List.of(List.of(0L)), rows(c, "SELECT COUNT(*) FROM t"));
  }

  @Test
  void aConnectionWithoutFileAccessIsRefused() throws Exception {
    String url = Sql.freshMem();
    try (Connection remote = DriverManager.getConnection(url + ";fileAccess=false")) {
      run(remote, "CREATE TABLE t (id INTEGER PRIMARY KEY)");
      Path f = dir.resolve("t.csv");
      Files.writeString(f, "1\n");
      assertFails(remote, "42501", "COPY t FROM " + q(f), "may not read or write files");
      assertFails(remote, "42501", "COPY t TO " + q(dir.resolve("out.csv")), "may not read or write files");
      assertFalse(Files.exists(dir.resolve("out.csv")));
    }
  }

  @Test
  void theOperationsTableListsARunningLoadWithItsProgress() throws Exception {
    String url = Sql.freshMem();
    try (Connection loader = Sql.connect(url); Connection watcher = Sql.connect(url)) {
      run(loader, "CREATE TABLE t (id INTEGER PRIMARY KEY, v VARCHAR)");
      StringBuilder csv = new StringBuilder();
      for (int i = 0; i < 200_000; i++) {
        csv.append(i).append(",v").append(i).append('\n');
      }
      Path f = dir.resolve("big.csv");
      Files.writeString(f, csv);
      System.setProperty("cellar.copy.chunkRows", "500");
      java.util.concurrent.CompletableFuture<Long> load = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
        try (Statement s = loader.createStatement()) {
          return s.executeLargeUpdate("COPY t FROM " + q(f));
        } catch (java.sql.SQLException e) {
          throw new java.util.concurrent.CompletionException(e);
        }
      });
      List<List<Object>> seen = List.of();
      while (!load.isDone() && seen.isEmpty()) {
        seen = rows(watcher, "SELECT kind, table_name, detail, rows_done, rows_total, rows_per_second "
            + "FROM cellar.operations WHERE rows_done > 0");
      }
      assertEquals(200_000L, load.get());
      assertEquals(1, seen.size(), "the load was listed while it ran");
      assertEquals(List.of("LOAD", "T", f.toString()), seen.get(0).subList(0, 3));
      assertTrue(((Number) seen.get(0).get(3)).longValue() < 200_000L, seen.toString());
      assertTrue(seen.get(0).get(4) != null && ((Number) seen.get(0).get(5)).doubleValue() > 0, seen.toString());
      assertEquals(List.of(), rows(watcher, "SELECT * FROM cellar.operations"));
    }
  }

  @Test
  void columnsOfTheSameNameInTwoFamiliesRoundTrip() throws Exception {
    run(c, "CREATE TABLE t (id INTEGER PRIMARY KEY, a.v INTEGER, b.v VARCHAR)", "UPSERT INTO t VALUES (1, 2, 'x')");
    Path f = dir.resolve("t.csv");
    assertEquals(1, update("COPY t TO " + q(f) + " (HEADER)"));
    run(c, "CREATE TABLE u (id INTEGER PRIMARY KEY, a.v INTEGER, b.v VARCHAR)");
    assertEquals(1, update("COPY u FROM " + q(f) + " (HEADER)"));
    Sql.assertRows(c, "SELECT id, a.v, b.v FROM u", "1, 2, x");
  }
}
