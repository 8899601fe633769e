package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.rows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.sql.schema.CellarSchema;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Cell;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.calcite.jdbc.CalciteConnection;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A batch of a prepared INSERT or UPSERT of parameters ({@code addBatch} ... {@code executeBatch})
 * writes the rows of all its parameter sets as one statement, with the outcome of running them
 * one at a time: the same rows, the same update counts, and on a failing set a
 * {@code BatchUpdateException} with the counts of the sets before it, which stay written.
 */
class BatchWritesTest {
  @TempDir
  static Path dir;

  static Stream<String> urls() {
    return Stream.of(Sql.freshMem(), "jdbc:cellar:file:" + dir.resolve("db" + System.nanoTime()) + ";durability=ASYNC_WAL");
  }

  /** The distinct timestamps of the cells of {@code table}: one per statement that wrote them. */
  private static Set<Long> timestamps(Connection c, String table) throws SQLException {
    CellarStore store = c.unwrap(CalciteConnection.class).getRootSchema().getSubSchema("PUBLIC")
        .unwrap(CellarSchema.class).session().database().store();
    Set<Long> out = new TreeSet<>();
    try (ResultScanner s = store.table(table).scanner(new Scan())) {
      for (Result r : s) {
        for (Cell cell : r.cells()) {
          out.add(cell.timestamp());
        }
      }
    }
    return out;
  }

  @ParameterizedTest
  @MethodSource("urls")
  void aBatchIsWrittenAsOneStatement(String url) throws Exception {
    try (Connection c = Sql.connect(url)) {
      run(c, "CREATE TABLE kv (k VARCHAR PRIMARY KEY, v BIGINT, w VARCHAR)");
      try (PreparedStatement p = c.prepareStatement("UPSERT INTO kv (k, v) VALUES (?, ?)")) {
        for (int i = 0; i < 300; i++) {
          p.setString(1, "k" + (i % 200));
          p.setLong(2, i);
          p.addBatch();
        }
        int[] counts = p.executeBatch();
        assertEquals(300, counts.length);
        assertTrue(java.util.Arrays.stream(counts).allMatch(n -> n == 1), java.util.Arrays.toString(counts));
      }
      // one write: one timestamp for every cell; a key given twice keeps its later set's value
      assertEquals(1, timestamps(c, "KV").size());
      assertRows(c, "SELECT COUNT(*), SUM(v), MIN(v), MAX(v) FROM kv", "200, 39900, 100, 299");
      assertRows(c, "SELECT v FROM kv WHERE k = 'k5'", "205");
      try (PreparedStatement p = c.prepareStatement("INSERT INTO kv VALUES (?, ?, ?), (?, ?, ?)")) {
        for (int i = 0; i < 3; i++) {
          p.setString(1, "a" + i);
          p.setLong(2, i);
          p.setString(3, "x");
          p.setString(4, "b" + i);
          p.setNull(5, Types.BIGINT);
          p.setString(6, null);
          p.addBatch();
        }
        assertArrayEquals(new int[] {2, 2, 2}, p.executeBatch());
      }
      assertEquals(2, timestamps(c, "KV").size());
      assertRows(c, "SELECT k, v, w FROM kv WHERE k < 'k' ORDER BY k", "a0, 0, x", "a1, 1, x", "a2, 2, x",
          "b0, null, null", "b1, null, null", "b2, null, null");
    }
  }

  /** Each way a set can fail stops the batch at that set, the sets before it written, the rest not. */
  @ParameterizedTest
  @MethodSource("urls")
  void aFailingSetStopsTheBatchThere(String url) throws Exception {
    try (Connection c = Sql.connect(url)) {
      run(c, "CREATE TABLE kv (k VARCHAR(4) PRIMARY KEY, v BIGINT NOT NULL)", "INSERT INTO kv VALUES ('old', 0)");
      // the failing set's key and value, and the SQLState it fails with
      Object[][] failures = {
          {"old", 1L, "23505"}, // the key exists
          {"b", 1L, "23505"}, // the same key as an earlier set of this batch
          {"toolong", 1L, "22001"}, // longer than VARCHAR(4)
          {"d", null, "23502"}, // NULL into NOT NULL
      };
      for (int round = 1; round <= failures.length; round++) {
        Object[] failure = failures[round - 1];
        try (PreparedStatement p = c.prepareStatement("INSERT INTO kv VALUES (?, ?)")) {
          for (String k : new String[] {"a", "b", "c"}) {
            p.setString(1, k + round);
            p.setLong(2, round);
            p.addBatch();
          }
          String key = (String) failure[0];
          p.setString(1, key.length() == 1 ? key + round : key);
          if (failure[1] == null) {
            p.setNull(2, Types.BIGINT);
          } else {
            p.setLong(2, (Long) failure[1]);
          }
          p.addBatch();
          p.setString(1, "z" + round);
          p.setLong(2, round);
          p.addBatch();
          BatchUpdateException e = assertThrows(BatchUpdateException.class, p::executeBatch);
          assertEquals(failure[2], e.getSQLState(), e.getMessage());
          assertArrayEquals(new int[] {1, 1, 1}, e.getUpdateCounts());
          assertArrayEquals(new long[] {1, 1, 1}, e.getLargeUpdateCounts());
          assertRows(c, "SELECT k FROM kv WHERE v = " + round + " ORDER BY k", "a" + round, "b" + round, "c" + round);
        }
      }
      assertRows(c, "SELECT v FROM kv WHERE k = 'old'", "0");
      assertRows(c, "SELECT COUNT(*) FROM kv", String.valueOf(1 + 3 * failures.length));
    }
  }

  /** Values of every type, set through several setters, come back as a statement at a time writes them. */
  @ParameterizedTest
  @MethodSource("urls")
  void everyTypeAsOneStatementAtATime(String url) throws Exception {
    try (Connection c = Sql.connect(url)) {
      String columns = "(k INTEGER PRIMARY KEY, vc VARCHAR, ch CHAR(3), bi BIGINT, i INTEGER, si SMALLINT, ti TINYINT, "
          + "d DOUBLE, r REAL, dc DECIMAL(10, 2), dt DATE, tm TIME, ts TIMESTAMP, bo BOOLEAN, vb VARBINARY)";
      run(c, "CREATE TABLE batched " + columns, "CREATE TABLE single " + columns);
      String values = " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
      try (PreparedStatement batched = c.prepareStatement("UPSERT INTO batched" + values);
          PreparedStatement single = c.prepareStatement("UPSERT INTO single" + values)) {
        for (int row = 0; row < 20; row++) {
          for (PreparedStatement p : new PreparedStatement[] {batched, single}) {
            bind(p, row);
            if (p == batched) {
              p.addBatch();
            } else {
              assertEquals(1, p.executeUpdate());
            }
          }
        }
        int[] counts = batched.executeBatch();
        assertEquals(20, counts.length);
      }
      assertEquals(1, timestamps(c, "BATCHED").size());
      List<String> expected = Sql.strings(c, "SELECT * FROM single ORDER BY k");
      assertEquals(expected, Sql.strings(c, "SELECT * FROM batched ORDER BY k"));
      assertEquals(20, expected.size());
      assertEquals("3, v3, null, 21, 21, 3, null, 1.0, 0.75, 3.25, null, 10:00:13.000, 2024-02-03 04:05:13.500, false, null",
          expected.get(3));
    }
  }

  /** Row {@code row}'s values; every fourth column NULL in turn, integers set through other setters. */
  private static void bind(PreparedStatement p, int row) throws SQLException {
    p.setInt(1, row);
    Object[] v = {"v" + row, "c" + (row % 10), (long) row * 1_000_000_007L, row * 7, (short) row, (byte) row,
        row / 3.0, row / 4.0f, new BigDecimal(row + ".25"), Date.valueOf("2024-01-" + (10 + row)),
        Time.valueOf("10:00:" + (10 + row)), Timestamp.valueOf("2024-02-03 04:05:" + (10 + row) + ".5"),
        row % 2 == 0, new byte[] {(byte) row, 1}};
    for (int i = 0; i < v.length; i++) {
      int param = i + 2;
      if ((row + i) % 4 == 0) {
        p.setNull(param, p.getParameterMetaData().getParameterType(param));
      } else if (v[i] instanceof Long l && row % 3 == 0) {
        p.setInt(param, (int) (l % 1_000_000));
      } else if (v[i] instanceof Integer n && row % 3 == 1) {
        p.setLong(param, n);
      } else if (v[i] instanceof BigDecimal d && row % 3 == 2) {
        p.setString(param, d.toPlainString());
      } else {
        p.setObject(param, v[i]);
      }
    }
  }

  /**
   * A batch of more parameters than one statement takes is written as several statements, in
   * order; a set failing in a later one stops the batch there, the sets before it written.
   */
  @ParameterizedTest
  @MethodSource("urls")
  void aLargeBatchIsWrittenAsSeveralStatements(String url) throws Exception {
    int perStatement = CellarMeta.PARAMETERS_PER_STATEMENT / 2;
    int sets = perStatement * 3 + 7;
    int failing = perStatement * 2 + 11;
    try (Connection c = Sql.connect(url)) {
      run(c, "CREATE TABLE kv (k INTEGER PRIMARY KEY, v BIGINT)", "INSERT INTO kv VALUES (-1, 0)");
      try (PreparedStatement p = c.prepareStatement("INSERT INTO kv VALUES (?, ?)")) {
        for (int i = 0; i < sets; i++) {
          p.setInt(1, i == failing ? -1 : i);
          p.setLong(2, i);
          p.addBatch();
        }
        BatchUpdateException e = assertThrows(BatchUpdateException.class, p::executeBatch);
        assertEquals("23505", e.getSQLState());
        assertEquals(failing, e.getUpdateCounts().length);
        for (int i = 0; i < sets; i++) {
          p.setInt(1, sets + i);
          p.setLong(2, i);
          p.addBatch();
        }
        int[] counts = p.executeBatch();
        assertEquals(sets, counts.length);
        assertTrue(java.util.Arrays.stream(counts).allMatch(n -> n == 1));
      }
      assertRows(c, "SELECT COUNT(*), MAX(k) FROM kv WHERE k >= 0 AND k < " + sets, failing + ", " + (failing - 1));
      assertRows(c, "SELECT COUNT(*) FROM kv WHERE k >= " + sets, String.valueOf(sets));
      // the second batch: a few statements, not one per set
      assertTrue(timestamps(c, "KV").size() < 20, () -> {
        try {
          return timestamps(c, "KV").size() + " timestamps";
        } catch (SQLException x) {
          return x.toString();
        }
      });
    }
  }

  /** In a transaction the batch is one statement of it: rolled back with it, or committed. */
  @ParameterizedTest
  @MethodSource("urls")
  void aBatchInATransaction(String url) throws Exception {
    try (Connection c = Sql.connect(url)) {
      run(c, "CREATE TABLE kv (k VARCHAR PRIMARY KEY, v BIGINT)");
      c.setAutoCommit(false);
      try (PreparedStatement p = c.prepareStatement("UPSERT INTO kv VALUES (?, ?)")) {
        for (int round = 0; round < 2; round++) {
          for (int i = 0; i < 10; i++) {
            p.setString(1, "k" + i);
            p.setLong(2, round);
            p.addBatch();
          }
          assertEquals(10, p.executeBatch().length);
          assertRows(c, "SELECT COUNT(*), SUM(v) FROM kv", "10, " + 10 * round);
          if (round == 0) {
            c.rollback();
            assertRows(c, "SELECT COUNT(*) FROM kv", "0");
          } else {
            c.commit();
          }
        }
      }
      c.setAutoCommit(true);
      assertRows(c, "SELECT COUNT(*), SUM(v) FROM kv", "10, 10");
    }
  }
}
