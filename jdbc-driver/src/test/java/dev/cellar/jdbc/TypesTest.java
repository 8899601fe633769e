package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Date;
import java.sql.JDBCType;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every SQL type written and read back, as a column and as a key, NULLs included. */
class TypesTest extends FreshDatabaseTest {
  private static final String COLUMNS = "b BOOLEAN, ti TINYINT, si SMALLINT, i INTEGER, bi BIGINT, de DECIMAL(10,2), "
      + "r REAL, d DOUBLE, c CHAR(4), vc VARCHAR(10), bn BINARY(3), vb VARBINARY, dt DATE, tm TIME, ts TIMESTAMP";

  @BeforeEach
  void open() throws Exception {
    run(c, "CREATE TABLE v (id INTEGER PRIMARY KEY, " + COLUMNS + ")");
  }

  @Test
  void literalsRoundTrip() throws Exception {
    run(c, "INSERT INTO v VALUES (1, TRUE, -8, -1600, -32000000, -64000000000, -12.34, 1.5, -2.25, 'ab', 'hello', "
        + "X'0102ff', X'', DATE '2024-02-29', TIME '23:59:58.123', TIMESTAMP '1969-12-31 23:59:59.999')");
    run(c, "INSERT INTO v (id) VALUES (2)");
    assertRows(c, "SELECT * FROM v",
        "1, true, -8, -1600, -32000000, -64000000000, -12.34, 1.5, -2.25, ab  , hello, 0102ff, , 2024-02-29, "
            + "23:59:58.123, 1969-12-31 23:59:59.999",
        "2, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null");
    try (ResultSet rs = c.createStatement().executeQuery("SELECT * FROM v WHERE id = 1")) {
      assertTrue(rs.next());
      assertEquals(Boolean.TRUE, rs.getObject("B"));
      assertEquals((byte) -8, rs.getByte("TI"));
      assertEquals(new BigDecimal("-12.34"), rs.getBigDecimal("DE"));
      assertEquals(1.5f, rs.getFloat("R"));
      assertArrayEquals(new byte[] {1, 2, (byte) 0xff}, rs.getBytes("BN"));
      assertEquals(Date.valueOf("2024-02-29"), rs.getDate("DT"));
      assertEquals(Time.valueOf("23:59:58").toString(), rs.getTime("TM").toString());
      assertEquals(Timestamp.valueOf("1969-12-31 23:59:59.999"), rs.getTimestamp("TS"));
    }
  }

  @Test
  void parametersRoundTrip() throws Exception {
    Timestamp ts = Timestamp.valueOf("2030-01-02 03:04:05.678");
    try (PreparedStatement p = c.prepareStatement("INSERT INTO v VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
      p.setInt(1, 1);
      p.setBoolean(2, false);
      p.setByte(3, Byte.MAX_VALUE);
      p.setShort(4, Short.MIN_VALUE);
      p.setInt(5, Integer.MIN_VALUE);
      p.setLong(6, Long.MAX_VALUE);
      p.setBigDecimal(7, new BigDecimal("99999999.99"));
      p.setFloat(8, Float.MIN_VALUE);
      p.setDouble(9, -Double.MAX_VALUE);
      p.setString(10, "wxyz");
      p.setString(11, "ünï©ødé");
      p.setBytes(12, new byte[] {0, 0, 1});
      p.setBytes(13, new byte[] {0, 1, 2, 3, 4, 5});
      p.setDate(14, Date.valueOf("1900-01-01"));
      p.setTime(15, Time.valueOf("00:00:01"));
      p.setTimestamp(16, ts);
      assertEquals(1, p.executeUpdate());
      p.setInt(1, 2);
      for (int i = 2; i <= 16; i++) {
        p.setNull(i, Types.NULL);
      }
      assertEquals(1, p.executeUpdate());
    }
    try (PreparedStatement p = c.prepareStatement("SELECT * FROM v WHERE id = ?")) {
      p.setInt(1, 1);
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertFalse(rs.getBoolean(2));
        assertEquals(Byte.MAX_VALUE, rs.getByte(3));
        assertEquals(Short.MIN_VALUE, rs.getShort(4));
        assertEquals(Integer.MIN_VALUE, rs.getInt(5));
        assertEquals(Long.MAX_VALUE, rs.getLong(6));
        assertEquals(new BigDecimal("99999999.99"), rs.getBigDecimal(7));
        assertEquals(Float.MIN_VALUE, rs.getFloat(8));
        assertEquals(-Double.MAX_VALUE, rs.getDouble(9));
        assertEquals("wxyz", rs.getString(10));
        assertEquals("ünï©ødé", rs.getString(11));
        assertArrayEquals(new byte[] {0, 0, 1}, rs.getBytes(12));
        assertArrayEquals(new byte[] {0, 1, 2, 3, 4, 5}, rs.getBytes(13));
        assertEquals(Date.valueOf("1900-01-01"), rs.getDate(14));
        assertEquals(Time.valueOf("00:00:01"), rs.getTime(15));
        assertEquals(ts, rs.getTimestamp(16));
      }
      p.setInt(1, 2);
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        for (int i = 2; i <= 16; i++) {
          assertNull(rs.getObject(i), "column " + i);
          assertTrue(rs.wasNull());
        }
      }
    }
  }

  @Test
  void javaTimeAndObjectParameters() throws Exception {
    LocalDate date = LocalDate.of(1999, 12, 31);
    LocalTime time = LocalTime.of(13, 14, 15, 678_000_000);
    LocalDateTime dateTime = LocalDateTime.of(2024, 2, 29, 23, 59, 58, 123_000_000);
    try (PreparedStatement p = c.prepareStatement("INSERT INTO v (id, b, de, vb, dt, tm, ts) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
      p.setObject(1, 1);
      p.setObject(2, Boolean.TRUE);
      p.setObject(3, new BigDecimal("-123.45"));
      p.setObject(4, new byte[] {9, 0, (byte) 0x80});
      p.setObject(5, date);
      p.setObject(6, time);
      p.setObject(7, dateTime);
      assertEquals(1, p.executeUpdate());
      p.setObject(1, 2, Types.INTEGER);
      p.setObject(2, "false", Types.BOOLEAN);
      p.setObject(3, 7, Types.DECIMAL);
      p.setObject(4, new byte[0], Types.VARBINARY);
      p.setObject(5, date.plusDays(1), Types.DATE);
      p.setObject(6, time.minusHours(13), Types.TIME);
      // a point in time is stored as the wall clock of the connection's time zone (the JVM's here)
      p.setObject(7, dateTime.atZone(ZoneId.systemDefault()).toOffsetDateTime()
          .withOffsetSameInstant(ZoneOffset.ofHours(2)), Types.TIMESTAMP_WITH_TIMEZONE);
      assertEquals(1, p.executeUpdate());
      p.setObject(1, 3);
      p.setObject(2, null);
      p.setObject(3, null, Types.DECIMAL);
      p.setNull(4, Types.VARBINARY);
      p.setObject(5, null, Types.DATE);
      p.setObject(6, null);
      p.setObject(7, dateTime.atZone(ZoneId.systemDefault()).toInstant());
      assertEquals(1, p.executeUpdate());
    }
    assertRows(c, "SELECT id, b, de, vb, dt, tm, ts FROM v ORDER BY id",
        "1, true, -123.45, 090080, 1999-12-31, 13:14:15.678, 2024-02-29 23:59:58.123",
        "2, false, 7.00, , 2000-01-01, 00:14:15.678, 2024-02-29 23:59:58.123",
        "3, null, null, null, null, null, 2024-02-29 23:59:58.123");
    try (PreparedStatement p = c.prepareStatement("SELECT dt, tm, ts, de, vb, b FROM v WHERE dt = ? OR ts > ? ORDER BY id")) {
      p.setObject(1, date);
      p.setObject(2, dateTime.plusSeconds(1));
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertEquals(date, rs.getObject(1, LocalDate.class));
        assertEquals(time, rs.getObject(2, LocalTime.class));
        assertEquals(dateTime, rs.getObject(3, LocalDateTime.class));
        assertEquals(dateTime, rs.getObject("TS", LocalDateTime.class));
        assertEquals(dateTime.atZone(ZoneId.systemDefault()).toInstant(), rs.getObject(3, Instant.class));
        assertEquals(dateTime.atZone(ZoneId.systemDefault()).toOffsetDateTime(), rs.getObject(3, OffsetDateTime.class));
        assertEquals(Timestamp.valueOf(dateTime), rs.getObject(3, Timestamp.class));
        assertEquals("1999-12-31", rs.getObject(1, String.class));
        assertEquals(new BigDecimal("-123.45"), rs.getObject(4, BigDecimal.class));
        assertArrayEquals(new byte[] {9, 0, (byte) 0x80}, rs.getObject(5, byte[].class));
        assertEquals(Boolean.TRUE, rs.getObject(6, Boolean.class));
        assertFalse(rs.next());
      }
    }
    try (ResultSet rs = c.createStatement().executeQuery("SELECT dt, tm, ts FROM v WHERE id = 3")) {
      assertTrue(rs.next());
      assertNull(rs.getObject(1, LocalDate.class));
      assertNull(rs.getObject(2, LocalTime.class));
      assertEquals(dateTime, rs.getObject(3, LocalDateTime.class));
      SQLException e = assertThrows(SQLException.class, () -> rs.getObject(3, java.util.UUID.class));
      assertEquals("22018", e.getSQLState());
    }
    try (PreparedStatement p = c.prepareStatement("SELECT id FROM v WHERE de = ?")) {
      p.setObject(1, new BigDecimal("-123.449"), Types.DECIMAL, 2);
      assertEquals(java.util.List.of(java.util.List.of(1)), Sql.rows(p.executeQuery()));
      p.setObject(1, 7, JDBCType.DECIMAL);
      assertEquals(java.util.List.of(java.util.List.of(2)), Sql.rows(p.executeQuery()));
      // JDBC converts no LocalTime to a DECIMAL
      SQLException e = assertThrows(SQLException.class, () -> p.setObject(1, LocalTime.NOON, Types.DECIMAL));
      assertEquals("07006", e.getSQLState());
    }
  }

  /**
   * A DECIMAL parameter is stored as a literal would be: rounded half away from zero to the
   * column's scale, and only if it fits.
   */
  @Test
  void decimalParametersTakeTheColumnScale() throws Exception {
    try (PreparedStatement p = c.prepareStatement("UPSERT INTO v (id, de) VALUES (?, ?)")) {
      String[] values = {"7", "1.015", "-1.005", "99999999.994"};
      for (int i = 0; i < values.length; i++) {
        p.setInt(1, i);
        p.setBigDecimal(2, new BigDecimal(values[i]));
        p.executeUpdate();
        run(c, "UPSERT INTO v (id, de) VALUES (" + (10 + i) + ", " + values[i] + ")");
      }
      assertRows(c, "SELECT id, de FROM v ORDER BY id", "0, 7.00", "1, 1.02", "2, -1.01", "3, 99999999.99",
          "10, 7.00", "11, 1.02", "12, -1.01", "13, 99999999.99");
      p.setInt(1, 5);
      for (String tooLarge : new String[] {"123456789.5", "99999999.995"}) {
        p.setBigDecimal(2, new BigDecimal(tooLarge));
        SQLException e = assertThrows(SQLException.class, p::executeUpdate);
        assertEquals("22003", e.getSQLState());
        assertTrue(e.getMessage().contains("DE"), e.getMessage());
      }
    }
    run(c, "CREATE TABLE dk (k DECIMAL(6,2) PRIMARY KEY, n INTEGER)");
    try (PreparedStatement p = c.prepareStatement("INSERT INTO dk VALUES (?, ?)")) {
      p.setBigDecimal(1, new BigDecimal("1.5"));
      p.setInt(2, 1);
      p.executeUpdate();
      p.setBigDecimal(1, new BigDecimal("1.501"));
      p.setInt(2, 2);
      SQLException e = assertThrows(SQLException.class, p::executeUpdate);
      assertEquals("23505", e.getSQLState());
    }
    assertRows(c, "SELECT k, n FROM dk WHERE k = 1.5", "1.50, 1");
  }

  /** Local values keep their fields in any time zone; a point in time becomes the connection zone's wall clock. */
  @Test
  void javaTimeInAnotherTimeZone() throws Exception {
    try (Connection z = Sql.connect(Sql.freshMem() + ";timeZone=Asia/Shanghai")) {
      run(z, "CREATE TABLE w (id INTEGER PRIMARY KEY, dt DATE, tm TIME, ts TIMESTAMP)");
      Instant instant = Instant.parse("2024-02-29T15:59:58.123Z");
      try (PreparedStatement p = z.prepareStatement("INSERT INTO w VALUES (?, ?, ?, ?)")) {
        p.setInt(1, 1);
        p.setObject(2, LocalDate.of(1969, 12, 31));
        p.setObject(3, LocalTime.of(0, 0, 0, 1_000_000));
        p.setObject(4, LocalDateTime.of(1900, 1, 1, 0, 0));
        p.addBatch();
        p.setInt(1, 2);
        p.setObject(2, instant.atZone(ZoneId.of("Asia/Shanghai")).toLocalDate());
        p.setObject(3, instant, Types.TIME);
        p.setObject(4, instant);
        p.addBatch();
        p.executeBatch();
      }
      assertRows(z, "SELECT id, dt, tm, ts FROM w ORDER BY id", "1, 1969-12-31, 00:00:00.001, 1900-01-01 00:00:00.000",
          "2, 2024-02-29, 23:59:58.123, 2024-02-29 23:59:58.123");
      try (ResultSet rs = z.createStatement().executeQuery("SELECT dt, tm, ts FROM w ORDER BY id")) {
        assertTrue(rs.next());
        assertEquals(LocalDate.of(1969, 12, 31), rs.getObject(1, LocalDate.class));
        assertEquals(LocalTime.of(0, 0, 0, 1_000_000), rs.getObject(2, LocalTime.class));
        assertEquals(LocalDateTime.of(1900, 1, 1, 0, 0), rs.getObject(3, LocalDateTime.class));
        assertTrue(rs.next());
        assertEquals(instant, rs.getObject(3, Instant.class));
        assertEquals(instant.atOffset(ZoneOffset.ofHours(8)), rs.getObject(3, OffsetDateTime.class));
        assertEquals(LocalDateTime.of(2024, 2, 29, 23, 59, 58, 123_000_000), rs.getObject(3, LocalDateTime.class));
      }
    }
  }

  @Test
  void everyTypeAsAKey() throws Exception {
    String[] types = {"BOOLEAN", "TINYINT", "SMALLINT", "INTEGER", "BIGINT", "DECIMAL(6,2)", "REAL", "DOUBLE", "CHAR(3)",
        "VARCHAR", "BINARY(2)", "VARBINARY", "DATE", "TIME", "TIMESTAMP"};
    String[][] values = {{"TRUE", "FALSE"}, {"-1", "5"}, {"300", "-300"}, {"-7", "7"}, {"10", "-10"},
        {"1.25", "-1.50"}, {"2.5", "-0.5"}, {"1e10", "-1e-10"}, {"'b'", "'a'"}, {"'ab'", "'a'"},
        {"X'0001'", "X'0000'"}, {"X'01'", "X''"}, {"DATE '2000-01-01'", "DATE '1960-01-01'"},
        {"TIME '10:00:00'", "TIME '09:00:00'"}, {"TIMESTAMP '2000-01-01 00:00:00'", "TIMESTAMP '1950-06-01 12:00:00'"}};
    for (int t = 0; t < types.length; t++) {
      for (String dir : new String[] {"ASC", "DESC"}) {
        String table = "K" + t + dir;
        run(c, "CREATE TABLE " + table + " (k " + types[t] + " NOT NULL, v INTEGER, CONSTRAINT pk PRIMARY KEY (k " + dir
            + "))");
        run(c, "INSERT INTO " + table + " VALUES (" + values[t][0] + ", 1), (" + values[t][1] + ", 2)");
        // rows come back in key order without ORDER BY
        String order = dir.equals("ASC") ? "ASC" : "DESC";
        java.util.List<String> expected = Sql.strings(c, "SELECT k, v FROM " + table + " ORDER BY k " + order);
        assertEquals(expected, Sql.strings(c, "SELECT k, v FROM " + table), types[t] + " " + dir);
        assertEquals(2, expected.size());
        assertRows(c, "SELECT v FROM " + table + " WHERE k = " + values[t][0], "1");
      }
    }
  }

  @Test
  void resultSetMetaData() throws Exception {
    try (ResultSet rs = c.createStatement().executeQuery("SELECT id, de, c, vc, ts, i + 1 AS nxt FROM v")) {
      ResultSetMetaData md = rs.getMetaData();
      assertEquals(6, md.getColumnCount());
      assertEquals("ID", md.getColumnName(1));
      assertEquals(Types.INTEGER, md.getColumnType(1));
      assertEquals(ResultSetMetaData.columnNoNulls, md.isNullable(1));
      assertEquals(Types.DECIMAL, md.getColumnType(2));
      assertEquals(10, md.getPrecision(2));
      assertEquals(2, md.getScale(2));
      assertEquals(Types.CHAR, md.getColumnType(3));
      assertEquals(Types.VARCHAR, md.getColumnType(4));
      assertEquals(10, md.getPrecision(4));
      assertEquals(Types.TIMESTAMP, md.getColumnType(5));
      assertEquals(ResultSetMetaData.columnNullable, md.isNullable(5));
      assertEquals("NXT", md.getColumnLabel(6));
      assertEquals("V", md.getTableName(1));
    }
  }
}
