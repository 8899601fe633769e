package dev.cellar.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Test helpers: fresh databases, running SQL, rows as lists. Public for the tests of other
 * modules, which use them through this module's test jar ({@code TESTING.md}).
 */
public final class Sql {
  private static final AtomicInteger NEXT = new AtomicInteger();

  private Sql() {}

  /** A URL of a new in-memory database, dropped when its last connection closes. */
  public static String freshMem() {
    return "jdbc:cellar:mem:test" + NEXT.incrementAndGet() + ";shutdown=true";
  }

  /**
   * Opens a connection to {@code url}: through {@link DriverManager}, or through the
   * {@link Connector} class named by the system property {@code cellar.test.connector} (the
   * server module runs these tests through a server that way).
   */
  public static Connection connect(String url) throws SQLException {
    return CONNECTOR.connect(url);
  }

  /** How the tests open a connection to a database URL. */
  public interface Connector {
    Connection connect(String url) throws SQLException;
  }

  private static final Connector CONNECTOR = connector();

  private static Connector connector() {
    String name = System.getProperty("cellar.test.connector");
    if (name == null || name.isEmpty()) {
      return DriverManager::getConnection;
    }
    try {
      return (Connector) Class.forName(name).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot create the test connector " + name, e);
    }
  }

  /** Runs statements separated by {@code ;} at line ends. */
  public static void run(Connection c, String... sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      for (String q : sql) {
        s.execute(q);
      }
    }
  }

  /** The rows of a query, each a list of {@code getObject} values. */
  public static List<List<Object>> rows(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return rows(rs);
    }
  }

  /** The rest of the rows of {@code rs}, each a list of {@code getObject} values. */
  public static List<List<Object>> rows(ResultSet rs) throws SQLException {
    List<List<Object>> out = new ArrayList<>();
    int n = rs.getMetaData().getColumnCount();
    while (rs.next()) {
      List<Object> row = new ArrayList<>();
      for (int i = 1; i <= n; i++) {
        row.add(rs.getObject(i));
      }
      out.add(row);
    }
    return out;
  }

  /** The rows of a query rendered as {@code "a, b"} strings via {@code getString}. */
  public static List<String> strings(Connection c, String sql) throws SQLException {
    return strings(c, sql, ", ");
  }

  /** The rows of a query, each its {@code getString} values joined by {@code separator}. */
  public static List<String> strings(Connection c, String sql, String separator) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= n; i++) {
          sb.append(i > 1 ? separator : "").append(rs.getString(i));
        }
        out.add(sb.toString());
      }
    }
    return out;
  }

  /** Runs an INSERT, UPDATE, DELETE or DDL statement: its update count. */
  public static long update(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      return s.executeLargeUpdate(sql);
    }
  }

  /** The rows of {@code sql} as {@link #strings(Connection, String)} are {@code expected}, in order. */
  public static void assertRows(Connection c, String sql, String... expected) throws SQLException {
    assertEquals(Arrays.asList(expected), strings(c, sql), sql);
  }

  /** Runs {@code sql}, expecting an SQLException with {@code state} whose message contains each of {@code words}. */
  public static SQLException assertFails(Connection c, String state, String sql, String... words) {
    SQLException e = assertThrows(SQLException.class, () -> {
      try (Statement s = c.createStatement()) {
        if (s.execute(sql)) {
          try (ResultSet rs = s.getResultSet()) {
            while (rs.next()) {
              // drain: errors may surface while rows are fetched
            }
          }
        }
      }
    }, sql);
    assertEquals(state, e.getSQLState(), () -> "SQLState of " + sql + ": " + e.getMessage());
    for (String w : words) {
      assertTrue(e.getMessage().contains(w), () -> "message of " + sql + " lacks '" + w + "': " + e.getMessage());
    }
    return e;
  }
}
