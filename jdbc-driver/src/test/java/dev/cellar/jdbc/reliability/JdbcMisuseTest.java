package dev.cellar.jdbc.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * JDBC calls made wrongly (on closed objects, with indexes out of range, getters that cannot
 * convert, options out of range, methods Cellar does not support) end in an {@code SQLException}
 * with the SQLState of what is wrong and a message without internal class names: the reliability
 * suite's fuzzer once found each of them without an SQLState, or as an unchecked exception.
 */
class JdbcMisuseTest {
  private Connection c;

  @BeforeEach
  void open() throws Exception {
    c = DriverManager.getConnection("jdbc:cellar:mem:misuse;shutdown=true");
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name VARCHAR, amt DECIMAL(10, 2))");
      s.execute("INSERT INTO t VALUES (1, 'a', 1.50), (2, '2024-01-02', NULL)");
    }
  }

  @AfterEach
  void close() throws Exception {
    c.close();
  }

  /** Runs {@code call}, which must fail with {@code state}; returns the message. */
  private static String fails(String state, Executable call) {
    SQLException e = assertThrows(SQLException.class, call);
    assertEquals(state, e.getSQLState(), () -> "state of: " + e);
    assertNotNull(e.getMessage());
    assertFalse(e.getMessage().matches("(?s).*(org\\.apache|dev\\.cellar|Accessor|\\w+Exception).*"),
        () -> "message names a class: " + e.getMessage());
    return e.getMessage();
  }

  @Test
  void closedObjectsSayWhatIsClosed() throws Exception {
    Statement s = c.createStatement();
    ResultSet rs = s.executeQuery("SELECT id FROM t");
    rs.close();
    assertEquals("the result set is closed", fails("55000", rs::next));
    fails("55000", () -> rs.getInt(1));
    fails("55000", () -> rs.getString("ID"));
    s.close();
    assertTrue(fails("55000", () -> s.executeQuery("SELECT 1")).startsWith("the statement is closed"));
    fails("55000", () -> s.setMaxRows(5));
    PreparedStatement p = c.prepareStatement("SELECT id FROM t WHERE id = ?");
    p.close();
    fails("55000", () -> p.setInt(1, 1));
    fails("55000", p::executeQuery);

    Statement open = c.createStatement();
    PreparedStatement prepared = c.prepareStatement("SELECT id FROM t");
    c.close();
    assertEquals("the connection is closed", fails("08003", c::createStatement));
    fails("08003", () -> c.prepareStatement("SELECT 1"));
    fails("08003", c::commit);
    fails("08003", () -> c.setAutoCommit(false));
    fails("08003", () -> c.getMetaData().getTables(null, null, "%", null));
    // a statement of a closed connection is closed with it
    fails("08003", () -> open.executeQuery("SELECT 1"));
    fails("08003", prepared::executeQuery);
    assertFalse(c.isValid(0));
  }

  @Test
  void indexesOutOfRangeAre07009() throws Exception {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT id, name FROM t ORDER BY id")) {
      assertTrue(rs.next());
      assertEquals("column index 3 is out of range", fails("07009", () -> rs.getString(3)));
      fails("07009", () -> rs.getObject(0));
      fails("07009", () -> rs.getBigDecimal(-1));
      ResultSetMetaData md = rs.getMetaData();
      assertEquals("column index 3 is out of range: the result has 2 columns",
          fails("07009", () -> md.getColumnName(3)));
      fails("07009", () -> md.getColumnTypeName(0));
      assertEquals("the result has no column 'NOPE'", fails("42S22", () -> rs.getInt("NOPE")));
      fails("42S22", () -> rs.findColumn("nope"));
    }
    try (PreparedStatement p = c.prepareStatement("SELECT name FROM t WHERE id = ?")) {
      assertEquals("parameter 2 does not exist: the statement has 1 parameter",
          fails("07009", () -> p.getParameterMetaData().getParameterType(2)));
      fails("07009", () -> p.getParameterMetaData().isNullable(0));
      fails("07009", () -> p.getMetaData().getColumnName(2));
    }
  }

  @Test
  void gettersThatCannotConvertNameTheColumn() throws Exception {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT id, name, amt FROM t ORDER BY id")) {
      assertEquals("no current row: call next() before reading a value", fails("24000", () -> rs.getInt(1)));
      assertTrue(rs.next());
      assertEquals("column 2 (VARCHAR) cannot be read as BIGINT", fails("22018", () -> rs.getLong(2)));
      fails("22018", () -> rs.getInt("NAME"));
      fails("22018", () -> rs.getBigDecimal(2));
      fails("22018", () -> rs.getBytes(1));
      fails("22007", () -> rs.getObject(2, LocalDate.class));
      assertTrue(rs.next());
      assertEquals(LocalDate.of(2024, 1, 2), rs.getObject(2, LocalDate.class));
      assertFalse(rs.next());
      fails("24000", () -> rs.getString(1));
    }
  }

  @Test
  void optionsOutOfRangeAre22023() throws Exception {
    try (Statement s = c.createStatement()) {
      fails("22023", () -> s.setMaxRows(-1));
      fails("22023", () -> s.setLargeMaxRows(-1));
      fails("22023", () -> s.setQueryTimeout(-1));
      fails("22023", () -> s.setFetchSize(-1));
      fails("22023", () -> s.setFetchDirection(12345));
      fails("22023", () -> s.getMoreResults(99));
      fails("22023", () -> c.setHoldability(99));
      fails("22023", () -> c.isValid(-1));
      fails("22023", () -> c.abort(null));
      s.setFetchSize(100);
      s.setEscapeProcessing(true);
      s.setPoolable(true);
      s.setMaxFieldSize(0);
    }
  }

  @Test
  void theWrongKindOfCallSaysWhatToCallInstead() throws Exception {
    try (Statement s = c.createStatement()) {
      assertTrue(fails("07005", () -> s.executeQuery("UPDATE t SET amt = 1 WHERE id = 1")).contains("executeUpdate"));
      fails("42000", () -> s.addBatch(null));
    }
    try (PreparedStatement p = c.prepareStatement("SELECT id FROM t")) {
      assertTrue(fails("0A000", () -> p.execute("SELECT 1")).contains("use a Statement"));
      fails("0A000", () -> p.executeQuery("SELECT 1"));
      fails("0A000", () -> p.addBatch("SELECT 1"));
    }
  }

  @Test
  void unsupportedMethodsAre0A000AndSaySo() throws Exception {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT id, name FROM t")) {
      assertTrue(rs.next());
      SQLException update = assertThrows(SQLFeatureNotSupportedException.class, () -> rs.updateString(2, "x"));
      assertEquals("0A000", update.getSQLState());
      assertTrue(update.getMessage().contains("read-only"), update.getMessage());
      fails("0A000", rs::updateRow);
      fails("0A000", () -> rs.updateObject("NAME", "x"));
      assertTrue(fails("0A000", () -> rs.absolute(1)).contains("forward-only"));
      fails("0A000", rs::previous);
      fails("0A000", rs::beforeFirst);
      fails("0A000", () -> rs.unwrap(String.class));
      assertFalse(rs.rowUpdated());
      fails("0A000", () -> s.setCursorName("c"));
      fails("0A000", () -> s.setEscapeProcessing(false));
      fails("0A000", () -> s.setMaxFieldSize(10));
      fails("0A000", () -> s.getMoreResults(Statement.KEEP_CURRENT_RESULT));
    }
    assertTrue(fails("0A000", c::setSavepoint).contains("savepoints"));
    fails("0A000", () -> c.rollback(null));
    fails("0A000", () -> c.prepareCall("{call p(?)}"));
    fails("0A000", c::createClob);
    fails("0A000", c::createBlob);
  }

  @Test
  void clientInfoAndNativeSqlAndAbortWork() throws Exception {
    c.setClientInfo("ApplicationName", "report");
    assertEquals("report", c.getClientInfo("ApplicationName"));
    assertEquals("report", c.getClientInfo().getProperty("ApplicationName"));
    c.setClientInfo("NoSuchName", "x");
    assertNotNull(c.getWarnings(), "an unknown client info name gives a warning");
    assertEquals(null, c.getClientInfo("NoSuchName"));
    c.clearWarnings();
    assertEquals(null, c.getWarnings());
    SQLClientInfoException e = assertThrows(SQLClientInfoException.class, () -> c.setClientInfo(null, "x"));
    assertEquals("22023", e.getSQLState());
    assertEquals("SELECT {fn NOW()}", c.nativeSQL("SELECT {fn NOW()}"));

    Connection other = DriverManager.getConnection("jdbc:cellar:mem:misuse");
    var executor = Executors.newSingleThreadExecutor();
    try {
      other.abort(executor);
      assertTrue(other.isClosed());
      fails("08003", other::createStatement);
    } finally {
      executor.shutdown();
    }
  }
}
