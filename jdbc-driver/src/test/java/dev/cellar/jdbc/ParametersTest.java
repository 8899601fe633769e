package dev.cellar.jdbc;

import static dev.cellar.jdbc.ParameterMatrixTest.assertFails;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.sql.JDBCType;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Parameters where they are not column values: {@code LIMIT ?} and {@code OFFSET ?} bound as
 * any number type, function arguments, values out of range, unset parameters, streams, and
 * the parameter metadata.
 */
class ParametersTest extends FreshDatabaseTest {
  @BeforeEach
  void open() throws SQLException {
    run(c, "CREATE TABLE t (id INTEGER PRIMARY KEY, name VARCHAR(20), price DECIMAL(10,2), tiny TINYINT, r REAL)");
    for (int i = 1; i <= 5; i++) {
      run(c, "INSERT INTO t VALUES (" + i + ", 'n" + i + "', " + i + ".5, " + i + ", " + i + ")");
    }
  }

  private interface Bind {
    void bind(PreparedStatement p) throws SQLException;
  }

  private List<List<Object>> query(String sql, Bind bind) throws SQLException {
    try (PreparedStatement p = c.prepareStatement(sql)) {
      bind.bind(p);
      return Sql.rows(p.executeQuery());
    }
  }

  private static List<List<Object>> ids(int... ids) {
    return java.util.Arrays.stream(ids).mapToObj(i -> List.<Object>of(i)).toList();
  }

  /** jOOQ binds the limit as a Long. */
  @Test
  void limitBoundAsLong() throws SQLException {
    assertEquals(ids(5, 4), query("SELECT id FROM t WHERE name LIKE ? ORDER BY id DESC LIMIT ?", p -> {
      p.setString(1, "n%");
      p.setLong(2, 2L);
    }));
  }

  @Test
  void limitAndOffsetOfEveryNumberTypeAndText() throws SQLException {
    String sql = "SELECT id FROM t ORDER BY id LIMIT ? OFFSET ?";
    assertEquals(ids(2, 3), query(sql, p -> {
      p.setLong(1, 2L);
      p.setLong(2, 1L);
    }));
    assertEquals(ids(2, 3), query(sql, p -> {
      p.setInt(1, 2);
      p.setInt(2, 1);
    }));
    assertEquals(ids(2, 3), query(sql, p -> {
      p.setShort(1, (short) 2);
      p.setShort(2, (short) 1);
    }));
    assertEquals(ids(2, 3), query(sql, p -> {
      p.setBigDecimal(1, new BigDecimal("2"));
      p.setBigDecimal(2, BigDecimal.ONE);
    }));
    assertEquals(ids(2, 3), query(sql, p -> {
      p.setString(1, "2");
      p.setString(2, " 1 ");
    }));
    assertEquals(ids(2, 3), query(sql, p -> {
      p.setObject(1, 2L);
      p.setObject(2, BigInteger.ONE);
    }));
    assertEquals(ids(4, 5), query("SELECT id FROM t ORDER BY id OFFSET ? ROWS", p -> p.setLong(1, 3L)));
    assertEquals(ids(1), query("SELECT id FROM t ORDER BY id FETCH FIRST ? ROWS ONLY", p -> p.setByte(1, (byte) 1)));
    try (PreparedStatement p = c.prepareStatement(sql)) {
      assertFails("22003", "limit 2^40", () -> p.setLong(1, 1L << 40), 1);
      assertFails("22018", "limit 'abc'", () -> p.setString(1, "abc"), 1);
      assertFails("07006", "limit DATE", () -> p.setDate(2, java.sql.Date.valueOf("2020-01-01")), 2);
    }
  }

  @Test
  void functionArguments() throws SQLException {
    assertEquals(List.of(List.of("ABC", 4, "ell", "n1!")), query(
        "SELECT UPPER(?), ? + 1, SUBSTRING(? FROM ? FOR ?), name || ? FROM t WHERE id = 1", p -> {
          p.setString(1, "abc");
          p.setLong(2, 3L);
          p.setString(3, "hello");
          p.setLong(4, 2L);
          p.setString(5, "3");
          p.setString(6, "!");
        }));
    assertEquals(ids(2), query("SELECT id FROM t WHERE UPPER(name) = UPPER(?) AND id = ? + 1", p -> {
      p.setString(1, "N2");
      p.setBigDecimal(2, BigDecimal.ONE);
    }));
    assertEquals(List.of(List.of("5")), query("SELECT ? FROM t WHERE id = 1", p -> p.setInt(1, 5)));
    try (PreparedStatement p = c.prepareStatement("SELECT SUBSTRING(name FROM ?) FROM t")) {
      assertEquals("BIGINT", p.getParameterMetaData().getParameterTypeName(1));
      assertFails("22018", "position 'x'", () -> p.setString(1, "x"), 1);
    }
  }

  @Test
  void valuesBeyondTheirTypeAreOutOfRange() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("INSERT INTO t (id, tiny, r) VALUES (?, ?, ?)")) {
      assertFails("22003", "2^40 for INTEGER", () -> p.setLong(1, 1L << 40), 1);
      assertFails("22003", "2^31 for INTEGER", () -> p.setBigDecimal(1, new BigDecimal("2147483648")), 1);
      assertFails("22003", "NaN for INTEGER", () -> p.setDouble(1, Double.NaN), 1);
      assertFails("22003", "2^64 for INTEGER", () -> p.setObject(1, BigInteger.ONE.shiftLeft(64)), 1);
      assertFails("22003", "300 for TINYINT", () -> p.setString(2, "300"), 2);
      assertFails("22003", "-129 for TINYINT", () -> p.setInt(2, -129), 2);
      assertFails("22003", "1e300 for REAL", () -> p.setDouble(3, 1e300), 3);
      // a number with a fraction is no integer: refused, as dropping or rounding it would store another
      assertFails("22003", "6.9 for INTEGER", () -> p.setDouble(1, 6.9), 1);
      assertFails("22003", "-7.9 for TINYINT", () -> p.setBigDecimal(2, new BigDecimal("-7.9")), 2);
      assertFails("22003", "'6.5' for INTEGER", () -> p.setString(1, "6.5"), 1);
      p.setDouble(1, 6.0);
      p.setBigDecimal(2, new BigDecimal("-7.000"));
      p.setString(3, "1.5");
      assertEquals(1, p.executeUpdate());
    }
    Sql.assertRows(c, "SELECT id, tiny, r FROM t WHERE id = 6", "6, -7, 1.5");
    // nor does a comparison with a fraction find the row of the number without it
    try (PreparedStatement p = c.prepareStatement("SELECT id FROM t WHERE id = ?")) {
      SQLException e = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class, () -> p.setDouble(1, 6.9));
      assertEquals("22003", e.getSQLState());
      assertTrue(e.getMessage().startsWith("parameter 1: 6.9 is not a whole number, which INTEGER needs"),
          e.getMessage());
    }
    // the message of an out-of-range key names the parameter and the value
    try (PreparedStatement p = c.prepareStatement("SELECT id FROM t WHERE id = ?")) {
      SQLException e = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class, () -> p.setLong(1, 1L << 40));
      assertEquals("parameter 1: 1099511627776 is out of range for INTEGER", e.getMessage());
    }
  }

  @Test
  void aPlainStatementWithMarkersIsRefusedBeforeItRunsButItsExplainShowsThePlan() throws SQLException {
    try (java.sql.Statement s = c.createStatement()) {
      for (String sql : List.of("SELECT name FROM t WHERE id = ?", "INSERT INTO t (id, name) VALUES (?, 'x')",
          "UPDATE t SET name = ? WHERE id = 1", "DELETE FROM t WHERE id = ?", "SELECT ?, ? FROM t")) {
        SQLException e = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class, () -> s.execute(sql), sql);
        assertEquals("07001", e.getSQLState(), sql);
        assertTrue(e.getMessage().contains(sql.endsWith("?, ? FROM t") ? "2 parameter markers" : "1 parameter marker")
            && e.getMessage().contains("PreparedStatement"), e.getMessage());
      }
      s.addBatch("DELETE FROM t WHERE id = ?");
      SQLException batch = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class, s::executeBatch);
      assertEquals("07001", batch.getSQLState(), batch.getMessage());
      // nothing was written or deleted, and a '?' inside a string is not a marker
      Sql.assertRows(c, "SELECT COUNT(*), MIN(name) FROM t", "5, n1");
      Sql.assertRows(c, "SELECT '?' FROM t WHERE id = 1", "?");
    }
    assertTrue(String.join("\n", Sql.strings(c, " /* a plan */ explain PLAN FOR SELECT name FROM t WHERE id = ?"))
        .contains("(ID = ?1)"));
  }

  @Test
  void nullsUnsetParametersAndIndexes() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("INSERT INTO t (id, name, price) VALUES (?, ?, ?)")) {
      p.setInt(1, 10);
      p.setNull(2, Types.VARCHAR);
      p.setObject(3, null);
      assertEquals(1, p.executeUpdate());
      p.clearParameters();
      p.setInt(1, 11);
      p.setNull(3, Types.DECIMAL, "DECIMAL");
      SQLException e = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class, p::executeUpdate);
      assertEquals("07001", e.getSQLState());
      assertTrue(e.getMessage().startsWith("parameter 2 has no value"), e.getMessage());
      assertFails("07009", "index 4", () -> p.setInt(4, 1), 4);
      assertFails("07009", "index 0", () -> p.setString(0, "x"), 0);
    }
    Sql.assertRows(c, "SELECT id, name, price FROM t WHERE id >= 10", "10, null, null");
  }

  @Test
  void streamsAndTargetTypes() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("INSERT INTO t (id, name, price) VALUES (?, ?, ?)")) {
      p.setObject(1, "20", Types.INTEGER);
      p.setCharacterStream(2, new StringReader("reader and more"), 6);
      p.setObject(3, new BigDecimal("1.005"), JDBCType.DECIMAL, 2);
      p.addBatch();
      p.setObject(1, 21L, JDBCType.SMALLINT);
      p.setAsciiStream(2, new ByteArrayInputStream("ascii".getBytes(StandardCharsets.US_ASCII)));
      p.setObject(3, "2.5", Types.NUMERIC);
      p.addBatch();
      assertEquals(2, p.executeBatch().length);
      assertFails("0A000", "CLOB target", () -> p.setObject(2, "x", Types.CLOB), 2);
      assertFails("07006", "Clob value", () -> p.setClob(2, new StringReader("x")), 2);
      assertFails("07006", "binary stream for VARCHAR",
          () -> p.setBinaryStream(2, new ByteArrayInputStream(new byte[1])), 2);
      assertFails("22003", "SMALLINT target", () -> p.setObject(1, 1L << 20, Types.SMALLINT), 1);
    }
    Sql.assertRows(c, "SELECT id, name, price FROM t WHERE id >= 20", "20, reader, 1.01", "21, ascii, 2.50");
  }

  @Test
  void parameterMetadataNamesTheTypesAndClasses() throws SQLException {
    run(c, "CREATE TABLE alltypes (id INTEGER PRIMARY KEY, b BOOLEAN, ti TINYINT, de DECIMAL(8,3), vb VARBINARY, "
        + "dt DATE, tm TIME, ts TIMESTAMP)");
    try (PreparedStatement p = c.prepareStatement("INSERT INTO alltypes VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
      ParameterMetaData m = p.getParameterMetaData();
      StringBuilder sb = new StringBuilder();
      for (int i = 1; i <= m.getParameterCount(); i++) {
        sb.append(m.getParameterTypeName(i)).append('=').append(m.getParameterClassName(i)).append(' ');
      }
      assertEquals("INTEGER=java.lang.Integer BOOLEAN=java.lang.Boolean TINYINT=java.lang.Byte "
          + "DECIMAL=java.math.BigDecimal VARBINARY=[B DATE=java.sql.Date TIME=java.sql.Time "
          + "TIMESTAMP=java.sql.Timestamp ", sb.toString());
      assertEquals(Types.DECIMAL, m.getParameterType(4));
      assertEquals(8, m.getPrecision(4));
      assertEquals(3, m.getScale(4));
    }
  }

  /** A key bound as another type is converted before the scan: the plan stays a point get. */
  @Test
  void keyParametersOfOtherTypesStillPlanAsGets() throws SQLException {
    Check.check(c, "SELECT name FROM t WHERE id = ?").explainContains("GET (ID = ?1)");
    assertEquals(List.of(List.of("n3")), query("SELECT name FROM t WHERE id = ?", p -> p.setString(1, "3")));
    assertEquals(List.of(List.of("n3")), query("SELECT name FROM t WHERE id = ?", p -> p.setLong(1, 3L)));
    assertEquals(List.of(List.of("n3")), query("SELECT name FROM t WHERE id = ?", p -> p.setDouble(1, 3.0)));
    assertEquals(ids(2, 3, 4), query("SELECT id FROM t WHERE id BETWEEN ? AND ?", p -> {
      p.setBigDecimal(1, new BigDecimal("2"));
      p.setString(2, "4");
    }));
  }
}
