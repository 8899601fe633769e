package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.assertFails;
import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every kind of user error is an SQLException with a SQLState and a message naming what is
 * wrong, and none changes the database or leaves the connection unusable.
 */
class ErrorsTest {
  private Connection c;

  @BeforeEach
  void open() throws Exception {
    c = Sql.connect(Sql.freshMem());
    run(c, "CREATE TABLE t (id INTEGER PRIMARY KEY, f.name VARCHAR(5) NOT NULL, f.n DECIMAL(4,1))",
        "INSERT INTO t VALUES (1, 'a', 1.5)");
  }

  @AfterEach
  void close() throws Exception {
    assertRows(c, "SELECT * FROM t", "1, a, 1.5");
    if (c.isWrapperFor(CellarConnection.class)) {
      // embedded only: the catalog holds the table alone (through a server, the query above shows it)
      assertEquals(java.util.Set.of("T"), CellarDriver.database(c).catalog().snapshot().tables().keySet());
    }
    c.close();
  }

  @Test
  void syntaxErrorsNameThePosition() {
    assertFails(c, "42000", "SELEC * FROM t", "line 1, column 1");
    assertFails(c, "42000", "SELECT * FROM t WHERE", "line 1, column 21");
    assertFails(c, "42000", "CREATE TABLE u (id INTEGER PRIMARY KEY,\n  name VARCHR)", "line 2, column 8", "'VARCHR'");
    assertFails(c, "42000", "CREATE TABLE u (id INTEGER PRIMARY KEY", "line 1, column 39", "end of statement");
    assertFails(c, "42000", "DROP TABEL t", "line 1, column 6", "'TABEL'");
    assertFails(c, "42000", "CREATE TABLE u (id INTEGER PRIMARY KEY, 'x' INTEGER)", "line 1, column 41");
  }

  @Test
  void unknownObjects() {
    assertFails(c, "42S02", "SELECT * FROM nosuch", "NOSUCH", "line 1, column 15");
    assertFails(c, "42S22", "SELECT nosuch FROM t", "NOSUCH");
    assertFails(c, "42S22", "INSERT INTO t (id, nosuch) VALUES (2, 1)", "NOSUCH");
    assertFails(c, "42S02", "INSERT INTO nosuch VALUES (1)", "NOSUCH");
    assertFails(c, "42S02", "ALTER TABLE nosuch ADD x INTEGER", "NOSUCH");
    assertFails(c, "42S22", "ALTER TABLE t DROP COLUMN nosuch", "NOSUCH");
    assertFails(c, "42S23", "ALTER TABLE t SET g.TTL=5", "family G");
    assertFails(c, "3F000", "CREATE TABLE other.u (id INTEGER PRIMARY KEY)", "OTHER");
    assertFails(c, "42S01", "CREATE TABLE t (id INTEGER PRIMARY KEY)", "T");
    assertFails(c, "42000", "SELECT nosuchfn(id) FROM t", "NOSUCHFN");
  }

  @Test
  void typeErrorsAndBadLiterals() {
    assertFails(c, "42000", "SELECT * FROM t WHERE id = DATE '2020-01-01'", "line 1");
    assertFails(c, "22007", "SELECT DATE '2020-13-45' FROM t", "2020-13-45");
    assertFails(c, "22018", "SELECT CAST('abc' AS INTEGER) FROM t", "abc");
    assertFails(c, "22012", "SELECT id / 0 FROM t");
    assertFails(c, "22003", "INSERT INTO t VALUES (2147483648, 'x', 1)");
  }

  @Test
  void aFunctionCalledInAFormItDoesNotTakeNamesNoJavaClass() {
    SQLException e = assertFails(c, "0A000", "SELECT PERCENTILE_CONT(0.5)", "WITHIN GROUP");
    assertFalse(e.getMessage().contains("Exception"), e.getMessage());
  }

  @Test
  void constraintViolations() {
    assertFails(c, "23505", "INSERT INTO t VALUES (1, 'b', 2)", "duplicate key", "(ID)=(1)", "T");
    assertFails(c, "23502", "INSERT INTO t (id) VALUES (2)", "NAME");
    assertFails(c, "23502", "UPDATE t SET name = NULL", "NAME");
    assertFails(c, "23502", "INSERT INTO t (name) VALUES ('x')", "ID");
  }

  @Test
  void invalidSettings() {
    assertFails(c, "42000", "CREATE TABLE u (id INTEGER PRIMARY KEY) TTL_SECONDS=5", "TTL_SECONDS");
    assertFails(c, "22023", "ALTER TABLE t SET f.VERSIONS=-1", "VERSIONS");
    assertFails(c, "22023", "ALTER TABLE t SET f.BLOOMFILTER='MAYBE'", "BLOOMFILTER");
    assertFails(c, "42000", "CREATE INDEX i ON t (RAND())", "RAND()", "same value");
  }

  @Test
  void statementsTooDeepForTheStackAreErrorsNotCrashes() throws Exception {
    String deep = "SELECT " + "(".repeat(50_000) + "1" + ")".repeat(50_000) + " FROM t";
    try (Statement s = c.createStatement()) {
      SQLException e = assertThrows(SQLException.class, () -> s.executeQuery(deep), "deep statement");
      assertEquals("54001", e.getSQLState(), "deep statement");
      assertTrue(e.getMessage().contains("stack"), "deep statement");
    }
    SQLException e = assertThrows(SQLException.class, () -> c.prepareStatement(deep), "deep statement");
    assertEquals("54001", e.getSQLState(), "deep statement");
  }

  @Test
  void exceptionClassesFollowTheState() throws Exception {
    try (Statement s = c.createStatement()) {
      SQLException e = assertThrows(SQLException.class, () -> s.executeUpdate("INSERT INTO t VALUES (1, 'b', 2)"));
      assertEquals("23505", e.getSQLState());
      // errors raised while rows are fetched are SQLExceptions of the matching class
      s.execute("INSERT INTO t VALUES (2, 'z', 0)");
      try (ResultSet rs = s.executeQuery("SELECT 10 / CAST(n AS INTEGER) FROM t")) {
        SQLException f = assertThrows(SQLException.class, () -> {
          while (rs.next()) {
            rs.getInt(1);
          }
        });
        assertEquals("22012", f.getSQLState());
        assertInstanceOf(java.sql.SQLDataException.class, f);
      }
      s.execute("DELETE FROM t WHERE id = 2");
    }
    SQLException prep = assertThrows(SQLException.class, () -> c.prepareStatement("SELECT nosuch FROM t WHERE id = ?"));
    assertEquals("42S22", prep.getSQLState());
    assertTrue(prep.getMessage().contains("NOSUCH"), prep.getMessage());
    assertInstanceOf(java.sql.SQLSyntaxErrorException.class, prep);
    prep = assertThrows(SQLException.class, () -> c.prepareStatement("UPSERT INTO nosuch VALUES (?)"));
    assertEquals("42S02", prep.getSQLState());
    try (PreparedStatement p = c.prepareStatement("INSERT INTO t VALUES (?, ?, ?)")) {
      p.setInt(1, 1);
      p.setString(2, "x");
      p.setBigDecimal(3, java.math.BigDecimal.ONE);
      SQLException e = assertThrows(SQLException.class, p::executeUpdate);
      assertEquals("23505", e.getSQLState());
      assertTrue(e.getMessage().contains("(ID)=(1)"), e.getMessage());
    }
  }

  /** A duplicate key is named by its columns' values written as SQL literals, dates and bytes included. */
  @Test
  void aDuplicateKeyIsNamedInSqlLiterals() throws Exception {
    run(c, "CREATE TABLE dk (a VARCHAR NOT NULL, d DATE NOT NULL, ts TIMESTAMP NOT NULL, n DECIMAL(5,2) NOT NULL, "
        + "b VARBINARY NOT NULL, CONSTRAINT pk PRIMARY KEY (a, d, ts, n, b))",
        "INSERT INTO dk VALUES ('it''s', DATE '2024-01-02', TIMESTAMP '2024-01-02 03:04:05', 1.5, X'0aff')");
    SQLException e = assertFails(c, "23505",
        "INSERT INTO dk VALUES ('it''s', DATE '2024-01-02', TIMESTAMP '2024-01-02 03:04:05', 1.50, X'0AFF')");
    assertTrue(e.getMessage().startsWith("duplicate key (A, D, TS, N, B)=('it''s', DATE '2024-01-02', "
        + "TIMESTAMP '2024-01-02 03:04:05', 1.50, X'0AFF') in table DK"), e.getMessage());
    run(c, "DROP TABLE dk");
  }

  /** A message starts with what is wrong and ends with the statement; no prefix of Avatica's. */
  @Test
  void messagesStartWithWhatIsWrong() throws Exception {
    SQLException e = assertFails(c, "23505", "INSERT INTO t VALUES (1, 'b', 2)");
    assertEquals("duplicate key (ID)=(1) in table T: the key already exists; SQL statement: INSERT INTO t VALUES "
        + "(1, 'b', 2)", e.getMessage());
    assertEquals(0, e.getErrorCode());
    assertInstanceOf(java.sql.SQLIntegrityConstraintViolationException.class, e);
    e = assertFails(c, "42S02", "SELECT * FROM nosuch");
    assertTrue(e.getMessage().startsWith("From line 1, column 15"), e.getMessage());
    try (PreparedStatement p = c.prepareStatement("INSERT INTO t VALUES (?, ?, ?)")) {
      p.setInt(1, 1);
      p.setString(2, "x");
      p.setInt(3, 1);
      e = assertThrows(SQLException.class, p::executeUpdate);
      assertEquals("duplicate key (ID)=(1) in table T: the key already exists; SQL statement: INSERT INTO t VALUES "
          + "(?, ?, ?)", e.getMessage());
    }
    e = assertThrows(SQLException.class, () -> c.prepareStatement("SELECT nosuch FROM t"));
    assertTrue(e.getMessage().startsWith("From line 1, column 8 to line 1, column 13: Column 'NOSUCH' not found"),
        e.getMessage());
    // a long statement is shortened
    String longSql = "SELECT " + "id + ".repeat(100) + "nosuch FROM t";
    e = assertFails(c, "42S22", longSql);
    assertTrue(e.getMessage().endsWith("; SQL statement: " + longSql.substring(0, 117) + "..."), e.getMessage());
    for (String sql : new String[] {"SELEC 1", "SELECT CAST('abc' AS INTEGER) FROM t", "SELECT id / 0 FROM t"}) {
      e = assertThrows(SQLException.class, () -> {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
          while (rs.next()) {
            // errors may come with the rows
          }
        }
      });
      assertTrue(!e.getMessage().startsWith("Error") && !e.getMessage().contains("Error while")
          && !e.getMessage().contains("exception while"), e.getMessage());
      assertTrue(e.getMessage().endsWith("; SQL statement: " + sql), e.getMessage());
    }
    // an error raised while the rows are fetched (by next(); through a server, with the first
    // rows executeQuery brings) names its statement too, once
    try (PreparedStatement p = c.prepareStatement("SELECT id / ? FROM t")) {
      p.setInt(1, 0);
      e = assertThrows(SQLException.class, () -> {
        try (ResultSet rs = p.executeQuery()) {
          rs.next();
        }
      });
      assertEquals("22012", e.getSQLState());
      assertInstanceOf(java.sql.SQLDataException.class, e);
      assertEquals("division by zero; SQL statement: SELECT id / ? FROM t", e.getMessage());
    }
  }
}
