package dev.cellar.jdbc;

import static dev.cellar.jdbc.Check.check;
import static dev.cellar.jdbc.Sql.assertFails;
import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Table;
import java.math.BigDecimal;
import java.sql.BatchUpdateException;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Storing never cuts or rounds a value unnoticed: a value longer than its CHAR, VARCHAR, BINARY
 * or VARBINARY column is refused (22001) on every write path, for key and non-key columns and
 * index entries, and nothing of the statement is written; a DECIMAL is rounded half away from
 * zero to its scale from every input, and refused (22003) when its integer part is too long.
 */
class ValueLimitsTest extends FreshDatabaseTest {
  private static final String ALL = "SELECT id, v, c, b, vb FROM t ORDER BY id";

  @BeforeEach
  void open() throws Exception {
    run(c, "CREATE TABLE t (id VARCHAR(4) NOT NULL PRIMARY KEY, v VARCHAR(3), c CHAR(2), b BINARY(2), "
        + "vb VARBINARY(3))", "INSERT INTO t VALUES ('k1', 'abc', 'ab', X'0102', X'010203')");
  }

  /** The rows of {@code t} as the tests start. */
  private void unchanged() throws SQLException {
    assertRows(c, ALL, "k1, abc, ab, 0102, 010203");
  }

  @Test
  void theReportedStatementIsRefusedAndWritesNothing() throws Exception {
    SQLException e = assertFails(c, "22001", "INSERT INTO t (id, v, c) VALUES ('abcdefg', 'xyzw', 'abc')",
        "column ID of table T", "7 characters", "the limit is VARCHAR(4)");
    assertTrue(e.getMessage().contains("value too long"), e.getMessage());
    assertFails(c, "22001", "INSERT INTO t (id, v, c) VALUES ('k2', 'xyzw', 'ab')",
        "value too long for column V of table T: 4 characters, the limit is VARCHAR(3)");
    assertFails(c, "22001", "INSERT INTO t (id, c) VALUES ('k2', 'abc')", "column C of table T", "3 characters",
        "CHAR(2)");
    unchanged();
  }

  @Test
  void keysSharingTheirFirstCharactersNeverBecomeOneRow() throws Exception {
    assertFails(c, "22001", "INSERT INTO t (id, v) VALUES ('abcd1', 'x'), ('abcd2', 'y')", "column ID", "5 characters");
    assertFails(c, "22001", "UPSERT INTO t (id, v) VALUES ('abcd1', 'x')", "column ID");
    assertFails(c, "22001", "UPSERT INTO t (id, v) VALUES ('abcd2', 'y')", "column ID");
    unchanged();
    run(c, "INSERT INTO t (id, v) VALUES ('abcd', 'x')");
    assertFails(c, "22001", "UPDATE t SET id = 'abcd2' WHERE id = 'k1'", "column ID");
    assertRows(c, "SELECT id, v FROM t ORDER BY id", "abcd, x", "k1, abc");
  }

  @Test
  void binaryKeysAreCheckedAndPadded() throws Exception {
    run(c, "CREATE TABLE bk (b BINARY(2) NOT NULL, vb VARBINARY(3) NOT NULL, n INTEGER CONSTRAINT pk PRIMARY KEY (b, vb))",
        "INSERT INTO bk VALUES (X'01', X'01', 1)");
    assertFails(c, "22001", "INSERT INTO bk VALUES (X'010203', X'01', 2)", "column B of table BK", "3 bytes",
        "BINARY(2)");
    assertFails(c, "22001", "UPSERT INTO bk VALUES (X'01', X'01020304', 2)", "column VB of table BK", "4 bytes",
        "VARBINARY(3)");
    assertFails(c, "22001", "UPDATE bk SET vb = X'01020304'", "column VB of table BK");
    // X'01' and X'0100' are one BINARY(2) key
    assertFails(c, "23505", "INSERT INTO bk VALUES (X'0100', X'01', 3)", "BK");
    assertRows(c, "SELECT b, vb, n FROM bk", "0100, 01, 1");
  }

  @Test
  void everyTypeIsCheckedOnInsertUpsertAndUpdate() throws Exception {
    String[][] tooLong = {
        {"v", "'abcd'", "4 characters", "VARCHAR(3)"},
        {"c", "'abc'", "3 characters", "CHAR(2)"},
        {"b", "X'010203'", "3 bytes", "BINARY(2)"},
        {"vb", "X'01020304'", "4 bytes", "VARBINARY(3)"}};
    for (String[] x : tooLong) {
      String column = "column " + x[0].toUpperCase(java.util.Locale.ROOT) + " of table T";
      assertFails(c, "22001", "INSERT INTO t (id, " + x[0] + ") VALUES ('k2', " + x[1] + ")", column, x[2], x[3]);
      assertFails(c, "22001", "UPSERT INTO t (id, " + x[0] + ") VALUES ('k1', " + x[1] + ")", column, x[2], x[3]);
      assertFails(c, "22001", "UPDATE t SET " + x[0] + " = " + x[1], column, x[2], x[3]);
    }
    // an expression's value, and a number made text
    assertFails(c, "22001", "UPDATE t SET v = v || 'd'", "column V", "4 characters");
    assertFails(c, "22001", "UPDATE t SET vb = vb || X'04'", "column VB", "4 bytes");
    assertFails(c, "22001", "INSERT INTO t (id, v) VALUES ('k2', 1234)", "column V", "4 characters");
    assertFails(c, "22001", "INSERT INTO t (id, v) VALUES ('k2', U&'\\7EA2\\72D7\\7EA2\\72D7')", "column V",
        "4 characters");
    unchanged();
    // an explicit cast still cuts, as SQL says
    assertRows(c, "SELECT CAST('abcdef' AS VARCHAR(3)) FROM (VALUES 1)", "abc");
    run(c, "INSERT INTO t (id, v) VALUES ('k2', CAST('xyzw' AS VARCHAR(3)))");
    assertRows(c, "SELECT v FROM t WHERE id = 'k2'", "xyz");
  }

  @Test
  void insertAndUpsertSelectFromAWiderColumnAreRefused() throws Exception {
    run(c, "CREATE TABLE w (id INTEGER PRIMARY KEY, v VARCHAR(10), b VARBINARY(10))",
        "INSERT INTO w VALUES (1, 'abc', X'01'), (2, 'abcdefgh', X'0102030405')");
    assertFails(c, "22001", "UPSERT INTO t (id, v) SELECT 'w' || CAST(id AS VARCHAR), v FROM w",
        "column V of table T: 8 characters, the limit is VARCHAR(3)");
    assertFails(c, "22001", "INSERT INTO t (id, v) SELECT v, 'x' FROM w", "column ID", "8 characters");
    assertFails(c, "22001", "UPSERT INTO t (id, vb) SELECT 'w' || CAST(id AS VARCHAR), b FROM w", "column VB",
        "5 bytes");
    unchanged();
    // the rows that fit go in
    run(c, "UPSERT INTO t (id, v, vb) SELECT 'w' || CAST(id AS VARCHAR), v, b FROM w WHERE id = 1");
    assertRows(c, "SELECT id, v, vb FROM t WHERE id = 'w1'", "w1, abc, 01");
  }

  @Test
  void parametersAreChecked() throws Exception {
    try (PreparedStatement p = c.prepareStatement("UPSERT INTO t (id, v, c, b, vb) VALUES (?, ?, ?, ?, ?)")) {
      Object[][] rows = {
          {"k12345", "a", "a", new byte[] {1}, new byte[] {1}},
          {"k1", "abcd", "a", new byte[] {1}, new byte[] {1}},
          {"k1", "a", "abc", new byte[] {1}, new byte[] {1}},
          {"k1", "a", "a", new byte[] {1, 2, 3}, new byte[] {1}},
          {"k1", "a", "a", new byte[] {1}, new byte[] {1, 2, 3, 4}}};
      String[] columns = {"ID", "V", "C", "B", "VB"};
      for (int r = 0; r < rows.length; r++) {
        for (int i = 0; i < 5; i++) {
          p.setObject(i + 1, rows[r][i]);
        }
        SQLException e = assertThrows(SQLException.class, p::executeUpdate);
        assertEquals("22001", e.getSQLState(), e.getMessage());
        assertTrue(e.getMessage().contains("column " + columns[r] + " of table T"), e.getMessage());
      }
      unchanged();
      p.setString(1, "k2");
      p.setString(2, "xyz");
      p.setString(3, "x");
      p.setBytes(4, new byte[] {9});
      p.setBytes(5, new byte[] {9, 9, 9});
      assertEquals(1, p.executeUpdate());
    }
    assertRows(c, ALL, "k1, abc, ab, 0102, 010203", "k2, xyz, x , 0900, 090909");
  }

  @Test
  void aBatchStopsAtItsOversizeEntryWhichWritesNothing() throws Exception {
    try (PreparedStatement p = c.prepareStatement("INSERT INTO t (id, v) VALUES (?, ?)")) {
      for (String[] row : new String[][] {{"k2", "a"}, {"k3", "abcd"}, {"k4", "b"}}) {
        p.setString(1, row[0]);
        p.setString(2, row[1]);
        p.addBatch();
      }
      BatchUpdateException e = assertThrows(BatchUpdateException.class, p::executeBatch);
      assertEquals("22001", e.getSQLState(), e.getMessage());
      assertTrue(e.getMessage().contains("column V of table T"), e.getMessage());
      assertArrayEquals(new int[] {1}, e.getUpdateCounts());
    }
    try (Statement s = c.createStatement()) {
      s.addBatch("INSERT INTO t (id, v) VALUES ('k5', 'a')");
      s.addBatch("INSERT INTO t (id, v) VALUES ('k6', 'b'), ('k7', 'long')");
      s.addBatch("INSERT INTO t (id, v) VALUES ('k8', 'c')");
      BatchUpdateException e = assertThrows(BatchUpdateException.class, s::executeBatch);
      assertEquals("22001", e.getSQLState(), e.getMessage());
      assertArrayEquals(new int[] {1}, e.getUpdateCounts());
    }
    // the entries before the failing one stay written (each ran on its own); nothing after it
    assertRows(c, "SELECT id, v FROM t ORDER BY id", "k1, abc", "k2, a", "k5, a");
  }

  @Test
  void shortValuesKeepTheirPaddingAndSpacesPastTheLimitAreDropped() throws Exception {
    run(c, "INSERT INTO t VALUES ('k2', 'a', 'a', X'01', X'01'), ('k3 ', 'abc   ', 'ab   ', X'0102', X'0102')");
    assertRows(c, "SELECT id, CHAR_LENGTH(id), v, CHAR_LENGTH(v), c, CHAR_LENGTH(c), b, vb FROM t WHERE id <> 'k1' "
        + "ORDER BY id", "k2, 2, a, 1, a , 2, 0100, 01", "k3 , 3, abc, 3, ab, 2, 0102, 0102");
    // text of rows of different lengths is not padded to the longest (VALUES of CHAR literals)
    run(c, "UPSERT INTO t (id, v) VALUES ('k4', 'x'), ('k5', 'xyz')");
    assertRows(c, "SELECT id, CHAR_LENGTH(v) FROM t WHERE id IN ('k4', 'k5') ORDER BY id", "k4, 1", "k5, 3");
    // a CHAR key is padded the same way: 'ab' and 'ab ' are one key
    run(c, "CREATE TABLE ck (k CHAR(3) NOT NULL PRIMARY KEY, n INTEGER)", "INSERT INTO ck VALUES ('ab', 1)");
    assertFails(c, "23505", "INSERT INTO ck VALUES ('ab ', 2)", "CK");
    assertFails(c, "22001", "INSERT INTO ck VALUES ('abcd', 2)", "column K of table CK", "CHAR(3)");
    assertRows(c, "SELECT k, CHAR_LENGTH(k), n FROM ck", "ab , 3, 1");
  }

  @Test
  void dynamicAndMapColumnsAreChecked() throws Exception {
    assertFails(c, "22001", "UPSERT INTO t (id, \"extra\" VARCHAR(2)) VALUES ('k1', 'abc')", "column extra",
        "VARCHAR(2)");
    run(c, "CREATE TABLE m (id INTEGER PRIMARY KEY, tags MAP<VARCHAR, VARCHAR(3)>, price MAP<VARCHAR, DECIMAL(4,1)>)");
    assertFails(c, "22001", "INSERT INTO m (id, tags) VALUES (1, MAP['a', 'abcd'])", "column TAGS of table M",
        "4 characters");
    assertFails(c, "22003", "INSERT INTO m (id, price) VALUES (1, MAP['a', 1234.5])", "column PRICE of table M",
        "DECIMAL(4,1)");
    run(c, "INSERT INTO m VALUES (1, MAP['a', 'abc'], MAP['a', 1.25])");
    assertRows(c, "SELECT tags['a'], price['a'] FROM m", "abc, 1.3");
  }

  @Test
  void indexEntriesHoldWhatTheTableHolds() throws Exception {
    run(c, "CREATE INDEX t_c ON t (c) INCLUDE (v)", "CREATE INDEX t_v ON t (v) INCLUDE (b)",
        "INSERT INTO t (id, v, c, b) VALUES ('k2', 'x', 'x', X'09')");
    // the entries hold the padded values, so the index finds them as the table does
    check(c, "SELECT id, v FROM t WHERE c = 'x'").explainContains("INDEX T_C").returns("k2, x");
    check(c, "SELECT id, b FROM t WHERE v = 'x'").explainContains("INDEX T_V").returns("k2, 0900");
    assertFails(c, "22001", "UPDATE t SET c = 'xyz' WHERE id = 'k2'", "column C of table T");
    assertFails(c, "22001", "UPSERT INTO t (id, v) VALUES ('k2', 'wxyz')", "column V of table T");
    assertFails(c, "22001", "UPSERT INTO t (id, b) VALUES ('k2', X'010203')", "column B of table T");
    check(c, "SELECT id, v FROM t WHERE c = 'x'").explainContains("INDEX T_C").returns("k2, x");
    check(c, "SELECT id, b FROM t WHERE v = 'x'").explainContains("INDEX T_V").returns("k2, 0900");
    assertRows(c, "SELECT COUNT(*) FROM t /*+ INDEX(t_v) */ WHERE v > ''", "2");
  }

  @Test
  void indexedExpressionsSeeTheStoredValue() throws Exception {
    run(c, "CREATE TABLE p (id INTEGER PRIMARY KEY, name CHAR(4), price DECIMAL(6,1))",
        "CREATE INDEX p_name ON p (name || '|')", "CREATE INDEX p_double ON p (price * 2)",
        "INSERT INTO p VALUES (1, 'ab', 1.25)");
    check(c, "SELECT id FROM p WHERE name || '|' = 'ab  |'").explainContains("INDEX P_NAME").returns("1");
    check(c, "SELECT id FROM p WHERE price * 2 = 2.6").explainContains("INDEX P_DOUBLE").returns("1");
    check(c, "SELECT id FROM p /*+ NO_INDEX */ WHERE price * 2 = 2.6").returns("1");
    assertFails(c, "22001", "UPDATE p SET name = 'abcde'", "column NAME of table P");
    check(c, "SELECT id FROM p WHERE name || '|' = 'ab  |'").explainContains("INDEX P_NAME").returns("1");
  }

  @Test
  void aMappedTableIsWrittenAndIndexedWithinItsTypes() throws Exception {
    Table raw = RawTables.create(CellarDriver.database(c).store(), "tags", "f");
    RawTables.shellPut(raw, "r1", "f:name", "abc");
    RawTables.shellPut(raw, "r2", "f:name", "abcdefg");
    run(c, "CREATE VIEW tags (k VARCHAR PRIMARY KEY, \"f\".\"name\" VARCHAR(3)) STORE_TABLE='tags', "
        + "VALUE_FORMAT='STRING'");
    // read as the store holds it
    assertRows(c, "SELECT k, \"name\" FROM tags ORDER BY k", "r1, abc", "r2, abcdefg");
    assertFails(c, "22001", "UPSERT INTO tags VALUES ('r3', 'wxyz')", "column name of table TAGS", "4 characters");
    // no index entry holds more than its column
    assertFails(c, "22001", "CREATE INDEX tags_name ON tags (\"name\")", "column name of index TAGS_NAME of table "
        + "TAGS", "7 characters", "VARCHAR(3)");
    assertRows(c, "SELECT k FROM tags ORDER BY k", "r1", "r2");
  }

  // ---- DECIMAL ---------------------------------------------------------------------------------

  @Test
  void decimalsRoundHalfAwayFromZeroFromEveryInput() throws Exception {
    run(c, "CREATE TABLE d (id INTEGER PRIMARY KEY, x DECIMAL(4,1))",
        "CREATE TABLE src (id INTEGER PRIMARY KEY, y DECIMAL(10,3), f DOUBLE, s VARCHAR(10))",
        "INSERT INTO src VALUES (1, 1.250, 1.25, '1.25'), (2, -1.250, -0.15, '-1.24')");
    run(c, "INSERT INTO d VALUES (1, 1.26), (2, -1.25), (3, 1.24), (4, 999.94)", "INSERT INTO d VALUES (5, 1.26e0)",
        "INSERT INTO d VALUES (6, '0.15')", "INSERT INTO d VALUES (7, CAST(0.15 AS DOUBLE))",
        "INSERT INTO d VALUES (8, 7)");
    assertRows(c, "SELECT id, x FROM d ORDER BY id", "1, 1.3", "2, -1.3", "3, 1.2", "4, 999.9", "5, 1.3", "6, 0.2",
        "7, 0.2", "8, 7.0");
    run(c, "UPDATE d SET x = x * 1.05 WHERE id = 1");
    run(c, "UPSERT INTO d SELECT id + 10, y FROM src", "UPSERT INTO d SELECT id + 20, f FROM src",
        "UPSERT INTO d SELECT id + 30, s FROM src");
    assertRows(c, "SELECT id, x FROM d WHERE id = 1 OR id > 10 ORDER BY id", "1, 1.4", "11, 1.3", "12, -1.3",
        "21, 1.3", "22, -0.2", "31, 1.3", "32, -1.2");
    try (PreparedStatement p = c.prepareStatement("UPSERT INTO d VALUES (?, ?)")) {
      p.setInt(1, 41);
      p.setBigDecimal(2, new BigDecimal("1.25"));
      p.executeUpdate();
      p.setInt(1, 42);
      p.setDouble(2, 0.15);
      p.executeUpdate();
      p.setInt(1, 43);
      p.setString(2, " -1.25 ");
      p.executeUpdate();
      p.setInt(1, 44);
      p.setFloat(2, 2.25f);
      p.executeUpdate();
      p.setInt(1, 45);
      p.setObject(2, "3.35");
      p.addBatch();
      p.setInt(1, 46);
      p.setLong(2, 12);
      p.addBatch();
      p.executeBatch();
    }
    assertRows(c, "SELECT id, x FROM d WHERE id > 40 ORDER BY id", "41, 1.3", "42, 0.2", "43, -1.3", "44, 2.3",
        "45, 3.4", "46, 12.0");
  }

  @Test
  void decimalsTooLargeForTheirPrecisionAreRefused() throws Exception {
    run(c, "CREATE TABLE d (id DECIMAL(3,1) NOT NULL PRIMARY KEY, x DECIMAL(4,1))", "INSERT INTO d VALUES (1, 1)");
    String[] tooLarge = {"1234.5", "999.95", "-999.95", "1000", "1e4", "'1000'", "CAST(999.96 AS DOUBLE)"};
    for (String v : tooLarge) {
      assertFails(c, "22003", "INSERT INTO d VALUES (2, " + v + ")", "column X of table D", "DECIMAL(4,1)",
          "3 digits before the decimal point");
      assertFails(c, "22003", "UPDATE d SET x = " + v, "column X of table D");
    }
    assertFails(c, "22003", "INSERT INTO d VALUES (99.95, 1)", "column ID of table D", "DECIMAL(3,1)");
    assertFails(c, "22003", "UPDATE d SET x = x * 1000", "column X of table D");
    assertFails(c, "22018", "INSERT INTO d VALUES (2, 'many')", "'many'", "column X of table D");
    run(c, "CREATE TABLE src (id INTEGER PRIMARY KEY, y DECIMAL(10,3))", "INSERT INTO src VALUES (1, 999.949), "
        + "(2, 999.950)");
    assertFails(c, "22003", "UPSERT INTO d SELECT id + 1, y FROM src", "value 999.950", "column X");
    try (PreparedStatement p = c.prepareStatement("UPSERT INTO d VALUES (?, ?)")) {
      p.setInt(1, 2);
      for (Object v : List.of(new BigDecimal("1000"), 999.96, "1e3", Double.NaN)) {
        // refused when set (NaN is no DECIMAL) or when written (too large for DECIMAL(4,1))
        SQLException e = assertThrows(SQLException.class, () -> {
          p.setObject(2, v);
          p.executeUpdate();
        }, String.valueOf(v));
        assertEquals("22003", e.getSQLState(), e.getMessage());
      }
      SQLException e = assertThrows(SQLException.class, () -> {
        p.setString(2, "1.2.3");
        p.executeUpdate();
      });
      assertEquals("22018", e.getSQLState(), e.getMessage());
      assertTrue(e.getMessage().contains("parameter 2"), e.getMessage());
      p.setString(2, "999.94");
      p.addBatch();
      p.setInt(1, 3);
      p.setString(2, "999.95");
      p.addBatch();
      BatchUpdateException b = assertThrows(BatchUpdateException.class, p::executeBatch);
      assertEquals("22003", b.getSQLState(), b.getMessage());
      assertArrayEquals(new int[] {1}, b.getUpdateCounts());
    }
    assertRows(c, "SELECT id, x FROM d ORDER BY id", "1.0, 1.0", "2.0, 999.9");
  }

  @Test
  void integerColumnsRoundFractionsHalfAwayFromZeroAndRefuseWhatTheirTypeCannotHold() throws Exception {
    run(c, "CREATE TABLE n (id INTEGER PRIMARY KEY, ti TINYINT, si SMALLINT, i INTEGER, b BIGINT)",
        "CREATE INDEX n_i ON n (i)",
        "CREATE TABLE src (id INTEGER PRIMARY KEY, y DECIMAL(10,3), f DOUBLE, big BIGINT)",
        "INSERT INTO src VALUES (1, 2.500, 2.7, 40000), (2, -2.500, -0.5, 5000000000)");
    // literals with a fraction, a key among them: rounded as a DECIMAL(p, 0) would be, never cut
    run(c, "INSERT INTO n VALUES (2.9, 7.5, -7.5, 6.4999, 1.5e0)", "INSERT INTO n (id, i) VALUES (-0.4, -0.5)");
    run(c, "UPDATE n SET i = i + 0.5 WHERE id = 3", "UPSERT INTO n (id, i) SELECT id + 10, y FROM src",
        "UPSERT INTO n (id, i) SELECT id + 20, f FROM src");
    assertRows(c, "SELECT id, ti, si, i, b FROM n ORDER BY id", "0, null, null, -1, null", "3, 8, -8, 7, 2",
        "11, null, null, 3, null", "12, null, null, -3, null", "21, null, null, 3, null", "22, null, null, -1, null");
    check(c, "SELECT id FROM n WHERE i = 7").explainContains("INDEX N_I").returns("3");
    // what the type cannot hold is refused naming the column and the type's range, and writes nothing
    assertFails(c, "22003", "INSERT INTO n (id, ti) VALUES (4, 127.5)", "value 127.5 out of range for column TI "
        + "of table N", "TINYINT holds -128 to 127");
    assertFails(c, "22003", "UPSERT INTO n (id, si) SELECT id, big FROM src", "value 40000", "column SI",
        "SMALLINT holds -32768 to 32767");
    assertFails(c, "22003", "UPSERT INTO n (id, i) SELECT id, big FROM src WHERE id = 2", "value 5000000000",
        "column I");
    assertFails(c, "22003", "UPDATE n SET si = si * 10000", "value -80000", "column SI");
    assertFails(c, "22003", "INSERT INTO n (id, b) VALUES (5, 9223372036854775807.5)", "column B",
        "BIGINT holds -9223372036854775808 to 9223372036854775807");
    assertFails(c, "22003", "INSERT INTO n (id, b) VALUES (5, CAST('NaN' AS DOUBLE))", "value NaN", "column B");
    assertFails(c, "22003", "INSERT INTO n (id, i) VALUES (2147483647.5, 1)", "column ID of table N");
    assertRows(c, "SELECT COUNT(*), SUM(si) FROM n", "6, -8");
    check(c, "SELECT id FROM n WHERE i = 7").explainContains("INDEX N_I").returns("3");
  }

  @Test
  void decimalIndexEntriesAreRounded() throws Exception {
    run(c, "CREATE TABLE d (id INTEGER PRIMARY KEY, x DECIMAL(4,1))", "CREATE INDEX d_x ON d (x)");
    try (PreparedStatement p = c.prepareStatement("INSERT INTO d VALUES (?, ?)")) {
      p.setInt(1, 1);
      p.setBigDecimal(2, new BigDecimal("1.26"));
      p.executeUpdate();
    }
    check(c, "SELECT id, x FROM d WHERE x = 1.3").explainContains("INDEX D_X").returns("1, 1.3");
    assertFails(c, "22003", "UPDATE d SET x = 1000", "column X of table D");
    check(c, "SELECT id, x FROM d WHERE x = 1.3").explainContains("INDEX D_X").returns("1, 1.3");
  }
}
