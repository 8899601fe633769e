package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every setter of a prepared statement against every column type, in every place a parameter
 * stands in DML and in a filter: the value JDBC's conversion tables give comes back and finds its
 * row by key, by value and in an {@code IN} list; a value the tables do not convert, or that does
 * not fit, fails with a SQLState of its own (never XX000) and a message naming the parameter.
 */
class ParameterMatrixTest extends FreshDatabaseTest {
  /** The column types, as declared, in the order of the expected values below. */
  private static final String[] TYPES = {"BOOLEAN", "TINYINT", "SMALLINT", "INTEGER", "BIGINT", "DECIMAL(6,2)", "REAL",
      "DOUBLE", "CHAR(30)", "VARCHAR(30)", "BINARY(2)", "VARBINARY", "DATE", "TIME", "TIMESTAMP"};
  /** The JDBC type of each column type. */
  private static final int[] JDBC_TYPES = {Types.BOOLEAN, Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT,
      Types.DECIMAL, Types.REAL, Types.DOUBLE, Types.CHAR, Types.VARCHAR, Types.BINARY, Types.VARBINARY, Types.DATE,
      Types.TIME, Types.TIMESTAMP};
  /** Text of each type that reads as a value of it, and that value as {@code getString} returns it. */
  private static final String[] TEXT = {"true", "7", "7", "7", "7", "7.25", "7.25", "7.25", "seven", "seven", "0a0b",
      "0a0b", "2020-01-02", "10:11:12", "2020-01-02 10:11:12"};
  private static final String[] TEXT_VALUE = {"true", "7", "7", "7", "7", "7.25", "7.25", "7.25", "seven", "seven",
      "0a0b", "0a0b", "2020-01-02", "10:11:12.000", "2020-01-02 10:11:12.000"};

  private static final String X = "!07006";
  private static final Pattern EXCEPTION_CLASS = Pattern.compile("\\b[A-Z]\\w*(Exception|Error)\\b");

  /** A setter applied to parameter {@code index}; {@code type} is the column type's position in {@link #TYPES}. */
  private interface Setter {
    void set(PreparedStatement p, int index, int type) throws SQLException;
  }

  /** The setters, and what each gives for each type: the value's text, or "!" and the SQLState. */
  private static final Map<String, Setter> SETTERS = new LinkedHashMap<>();
  private static final Map<String, String[]> EXPECTED = new LinkedHashMap<>();

  private static void setter(String name, Setter setter, String... expected) {
    assertEquals(TYPES.length, expected.length, name);
    SETTERS.put(name, setter);
    EXPECTED.put(name, expected);
  }

  static {
    String[] seven = {"true", "7", "7", "7", "7", "7.00", "7.0", "7.0", "7", "7", X, X, X, X, X};
    // a number with a fraction is no integer: neither dropped nor rounded, refused
    String[] sevenAndAHalf = {"true", "!22003", "!22003", "!22003", "!22003", "7.50", "7.5", "7.5", "7.5", "7.5", X,
        X, X, X, X};
    String[] date = {X, X, X, X, X, X, X, X, "2020-01-02", "2020-01-02", X, X, "2020-01-02", X,
        "2020-01-02 00:00:00.000"};
    String[] time = {X, X, X, X, X, X, X, X, "10:11:12", "10:11:12", X, X, X, "10:11:12.000", X};
    String[] timestamp = {X, X, X, X, X, X, X, X, "2020-01-02 10:11:12.500", "2020-01-02 10:11:12.500", X, X,
        "2020-01-02", "10:11:12.500", "2020-01-02 10:11:12.500"};
    setter("setBoolean", (p, i, t) -> p.setBoolean(i, true),
        "true", "1", "1", "1", "1", "1.00", "1.0", "1.0", "TRUE", "TRUE", X, X, X, X, X);
    setter("setByte", (p, i, t) -> p.setByte(i, (byte) 7), seven);
    setter("setShort", (p, i, t) -> p.setShort(i, (short) 7), seven);
    setter("setInt", (p, i, t) -> p.setInt(i, 7), seven);
    setter("setLong", (p, i, t) -> p.setLong(i, 7L), seven);
    setter("setFloat", (p, i, t) -> p.setFloat(i, 7.5f), sevenAndAHalf);
    setter("setDouble", (p, i, t) -> p.setDouble(i, 7.5), sevenAndAHalf);
    setter("setBigDecimal", (p, i, t) -> p.setBigDecimal(i, new BigDecimal("7.25")),
        "true", "!22003", "!22003", "!22003", "!22003", "7.25", "7.25", "7.25", "7.25", "7.25", X, X, X, X, X);
    setter("setString", (p, i, t) -> p.setString(i, TEXT[t]), TEXT_VALUE);
    setter("setString(bad)", (p, i, t) -> p.setString(i, "abc"), "!22018", "!22018", "!22018", "!22018", "!22018",
        "!22018", "!22018", "!22018", "abc", "abc", "!22018", "!22018", "!22007", "!22007", "!22007");
    setter("setNString", (p, i, t) -> p.setNString(i, TEXT[t]), TEXT_VALUE);
    setter("setBytes", (p, i, t) -> p.setBytes(i, new byte[] {10, 11}),
        X, X, X, X, X, X, X, X, X, X, "0a0b", "0a0b", X, X, X);
    setter("setDate", (p, i, t) -> p.setDate(i, Date.valueOf("2020-01-02")), date);
    setter("setTime", (p, i, t) -> p.setTime(i, Time.valueOf("10:11:12")), time);
    setter("setTimestamp", (p, i, t) -> p.setTimestamp(i, Timestamp.valueOf("2020-01-02 10:11:12.5")), timestamp);
    setter("setObject(Boolean)", (p, i, t) -> p.setObject(i, Boolean.TRUE),
        "true", "1", "1", "1", "1", "1.00", "1.0", "1.0", "TRUE", "TRUE", X, X, X, X, X);
    setter("setObject(Long)", (p, i, t) -> p.setObject(i, 7L), seven);
    setter("setObject(BigInteger)", (p, i, t) -> p.setObject(i, java.math.BigInteger.valueOf(7)), seven);
    setter("setObject(LocalDate)", (p, i, t) -> p.setObject(i, LocalDate.of(2020, 1, 2)), date);
    setter("setObject(LocalTime)", (p, i, t) -> p.setObject(i, LocalTime.of(10, 11, 12)), time);
    setter("setObject(LocalDateTime)", (p, i, t) -> p.setObject(i, LocalDateTime.of(2020, 1, 2, 10, 11, 12,
        500_000_000)), timestamp);
    setter("setObject(text, type)", (p, i, t) -> p.setObject(i, TEXT[t], JDBC_TYPES[t]), TEXT_VALUE);
    setter("setObject(7, VARCHAR)", (p, i, t) -> p.setObject(i, 7, Types.VARCHAR), "!22018", "7", "7", "7", "7",
        "7.00", "7.0", "7.0", "7", "7", "!22018", "!22018", "!22007", "!22007", "!22007");
    setter("setObject(7, DATE)", (p, i, t) -> p.setObject(i, 7, Types.DATE),
        X, X, X, X, X, X, X, X, X, X, X, X, X, X, X);
    setter("setObject(UUID)", (p, i, t) -> p.setObject(i, UUID.fromString("00000000-0000-0000-0000-000000000007")),
        X, X, X, X, X, X, X, X, X, X, X, X, X, X, X);
    setter("setCharacterStream", (p, i, t) -> p.setCharacterStream(i, new java.io.StringReader(TEXT[t])), TEXT_VALUE);
  }

  @BeforeEach
  void open() throws SQLException {
    for (int t = 0; t < TYPES.length; t++) {
      run(c, "CREATE TABLE t" + t + " (k " + TYPES[t] + " PRIMARY KEY, v " + TYPES[t] + ", n INTEGER)");
    }
  }

  @Test
  void everySetterForEveryTypeInEveryPlace() throws SQLException {
    List<String> wrong = new ArrayList<>();
    int id = 0;
    for (int t = 0; t < TYPES.length; t++) {
      try (Statements s = new Statements(c, t)) {
        for (Map.Entry<String, Setter> e : SETTERS.entrySet()) {
          String expected = EXPECTED.get(e.getKey())[t];
          String cell = e.getKey() + " for " + TYPES[t];
          try {
            cell(s, t, e.getValue(), ++id, expected, cell);
          } catch (AssertionError | SQLException failure) {
            wrong.add(cell + ": " + failure.getMessage());
          }
        }
      }
    }
    assertEquals(List.of(), wrong, String.join("\n", wrong));
  }

  /** The prepared statements of each place a parameter stands, for the table of one type. */
  private static final class Statements implements AutoCloseable {
    final PreparedStatement insert;
    final PreparedStatement upsert;
    final PreparedStatement update;
    final PreparedStatement byKey;
    final PreparedStatement byKeyRange;
    final PreparedStatement byValue;
    final PreparedStatement inList;
    final Connection c;
    final String table;

    Statements(Connection c, int t) throws SQLException {
      this.c = c;
      table = "t" + t;
      insert = c.prepareStatement("INSERT INTO " + table + " (k, v, n) VALUES (?, ?, ?)");
      upsert = c.prepareStatement("UPSERT INTO " + table + " (k, v, n) VALUES (?, ?, ?)");
      update = c.prepareStatement("UPDATE " + table + " SET v = ? WHERE n = ?");
      byKey = c.prepareStatement("SELECT n FROM " + table + " WHERE k = ?");
      byKeyRange = c.prepareStatement("SELECT n FROM " + table + " WHERE k >= ? AND k <= ?");
      byValue = c.prepareStatement("SELECT n FROM " + table + " WHERE v = ?");
      inList = c.prepareStatement("SELECT n FROM " + table + " WHERE k IN (?, ?)");
    }

    @Override
    public void close() throws SQLException {
      for (PreparedStatement p : List.of(insert, upsert, update, byKey, byKeyRange, byValue, inList)) {
        p.close();
      }
    }
  }

  /** One setter for one type: each place gives {@code expected}. */
  private void cell(Statements s, int t, Setter setter, int id, String expected, String cell) throws SQLException {
    run(c, "DELETE FROM " + s.table);
    if (expected.startsWith("!")) {
      String state = expected.substring(1);
      for (PreparedStatement p : List.of(s.insert, s.upsert, s.update, s.byKey, s.byKeyRange, s.byValue, s.inList)) {
        p.clearParameters();
        assertFails(state, cell, () -> setter.set(p, 1, t), 1);
      }
      s.byKeyRange.setNull(1, Types.NULL);
      assertFails(state, cell, () -> setter.set(s.byKeyRange, 2, t), 2);
      return;
    }
    // INSERT, then read back by the row's number
    setter.set(s.insert, 1, t);
    setter.set(s.insert, 2, t);
    s.insert.setInt(3, id);
    assertEquals(1, s.insert.executeUpdate(), cell);
    assertEquals(expected + ", " + expected, read(s.table, id, "k, v"), cell + " inserted");
    // UPDATE ... SET
    run(c, "UPDATE " + s.table + " SET v = NULL");
    setter.set(s.update, 1, t);
    s.update.setInt(2, id);
    assertEquals(1, s.update.executeUpdate(), cell);
    assertEquals(expected, read(s.table, id, "v"), cell + " updated");
    // the key, a key range, the value, an IN list
    setter.set(s.byKey, 1, t);
    assertEquals(List.of(id), numbers(s.byKey), cell + " by key");
    setter.set(s.byKeyRange, 1, t);
    setter.set(s.byKeyRange, 2, t);
    assertEquals(List.of(id), numbers(s.byKeyRange), cell + " by key range");
    setter.set(s.byValue, 1, t);
    assertEquals(List.of(id), numbers(s.byValue), cell + " by value");
    setter.set(s.inList, 1, t);
    setter.set(s.inList, 2, t);
    assertEquals(List.of(id), numbers(s.inList), cell + " in a list");
    // UPSERT
    run(c, "DELETE FROM " + s.table);
    setter.set(s.upsert, 1, t);
    setter.set(s.upsert, 2, t);
    s.upsert.setInt(3, id);
    assertEquals(1, s.upsert.executeUpdate(), cell);
    assertEquals(expected + ", " + expected, read(s.table, id, "k, v"), cell + " upserted");
  }

  interface Action {
    void run() throws SQLException;
  }

  /** {@code action} fails with {@code state}, naming parameter {@code index} and no Java class of error. */
  static void assertFails(String state, String cell, Action action, int index) {
    try {
      action.run();
      fail(cell + ": no error, expected " + state);
    } catch (SQLException e) {
      assertEquals(state, e.getSQLState(), cell + ": " + e.getMessage());
      assertNotEquals("XX000", e.getSQLState());
      assertTrue(e.getMessage().contains("parameter " + index), cell + ": " + e.getMessage());
      assertFalse(EXCEPTION_CLASS.matcher(e.getMessage()).find(), cell + ": " + e.getMessage());
    }
  }

  /** The columns of row {@code id} as {@code getString} gives them, CHARs without their padding. */
  private String read(String table, int id, String columns) throws SQLException {
    List<String> rows = Sql.strings(c, "SELECT " + columns + " FROM " + table + " WHERE n = " + id);
    assertEquals(1, rows.size(), rows.toString());
    return rows.get(0).replaceAll(" +(, |$)", "$1");
  }

  private static List<Integer> numbers(PreparedStatement p) throws SQLException {
    List<Integer> out = new ArrayList<>();
    try (ResultSet rs = p.executeQuery()) {
      while (rs.next()) {
        out.add(rs.getInt(1));
      }
    }
    return out;
  }
}
