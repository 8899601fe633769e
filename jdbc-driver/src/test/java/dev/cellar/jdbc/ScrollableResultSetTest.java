package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code TYPE_SCROLL_INSENSITIVE} result sets, as tools that browse a result ask for them: every
 * move of the cursor, where it says it is, values of every kind read after any move, a snapshot
 * that later writes do not change, errors of the query raised by the execution, and the
 * forward-only result set still refusing to move back.
 */
class ScrollableResultSetTest extends FreshDatabaseTest {
  @BeforeEach
  void rows() throws SQLException {
    run(c, "CREATE TABLE t (k INTEGER PRIMARY KEY, v VARCHAR, ts TIMESTAMP, d DECIMAL(5, 2))",
        "INSERT INTO t VALUES (1, 'a', TIMESTAMP '2024-01-02 03:04:05', 1.50), (2, 'b', NULL, NULL), "
            + "(3, 'c', TIMESTAMP '2025-06-07 08:09:10', 3.25), (4, 'd', NULL, 4.00)");
  }

  private Statement scrollable() throws SQLException {
    return c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_READ_ONLY);
  }

  @Test
  void movesInEveryDirectionAndSaysWhereItIs() throws SQLException {
    try (Statement s = scrollable(); ResultSet rs = s.executeQuery("SELECT k, v, ts, d FROM t ORDER BY k")) {
      assertEquals(ResultSet.TYPE_SCROLL_INSENSITIVE, rs.getType());
      assertTrue(rs.isBeforeFirst());
      assertEquals(0, rs.getRow());
      assertTrue(rs.last());
      assertEquals(4, rs.getRow());
      assertTrue(rs.isLast());
      assertEquals("d", rs.getString(2));
      assertTrue(rs.previous());
      assertEquals(3, rs.getInt("K"));
      assertEquals(Timestamp.valueOf("2025-06-07 08:09:10"), rs.getTimestamp(3));
      assertEquals(new BigDecimal("3.25"), rs.getBigDecimal(4));
      assertTrue(rs.first());
      assertTrue(rs.isFirst());
      assertEquals(1, rs.getInt(1));
      // next reads on from wherever the cursor was put
      assertTrue(rs.next());
      assertEquals(2, rs.getRow());
      assertEquals(null, rs.getTimestamp(3));
      assertTrue(rs.wasNull());
      assertTrue(rs.absolute(-1));
      assertEquals(4, rs.getInt(1));
      assertTrue(rs.relative(-2));
      assertEquals(2, rs.getInt(1));
      assertTrue(rs.relative(0));
      assertEquals(2, rs.getInt(1));
      assertTrue(rs.absolute(3));
      assertEquals("c", rs.getString("V"));
      assertFalse(rs.next() && rs.next());
      assertTrue(rs.isAfterLast());
      assertEquals(0, rs.getRow());
      SQLException e = assertThrows(SQLException.class, () -> rs.getInt(1));
      assertEquals("24000", e.getSQLState());
      // past either end is before the first or after the last row
      assertFalse(rs.absolute(9));
      assertTrue(rs.isAfterLast());
      assertFalse(rs.relative(-99));
      assertTrue(rs.isBeforeFirst());
      e = assertThrows(SQLException.class, () -> rs.getString(2));
      assertEquals("24000", e.getSQLState());
      assertFalse(rs.absolute(0));
      assertTrue(rs.isBeforeFirst());
      rs.afterLast();
      List<Integer> backwards = new ArrayList<>();
      while (rs.previous()) {
        backwards.add(rs.getInt(1));
      }
      assertEquals(List.of(4, 3, 2, 1), backwards);
      rs.beforeFirst();
      List<Integer> forwards = new ArrayList<>();
      while (rs.next()) {
        forwards.add(rs.getInt(1));
      }
      assertEquals(List.of(1, 2, 3, 4), forwards);
    }
  }

  @Test
  void anEmptyResultHasNoRowToMoveTo() throws SQLException {
    try (Statement s = scrollable(); ResultSet rs = s.executeQuery("SELECT k FROM t WHERE k > 10")) {
      assertFalse(rs.isBeforeFirst());
      assertFalse(rs.first());
      assertFalse(rs.last());
      assertFalse(rs.isFirst());
      assertFalse(rs.isLast());
      assertFalse(rs.isAfterLast());
      assertFalse(rs.next());
      assertEquals(0, rs.getRow());
    }
  }

  @Test
  void aPreparedStatementScrollsEachExecution() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("SELECT k FROM t WHERE k > ? ORDER BY k",
        ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_READ_ONLY)) {
      p.setInt(1, 1);
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.last());
        assertEquals(3, rs.getRow());
        assertEquals(4, rs.getInt(1));
      }
      p.setInt(1, 3);
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.last());
        assertEquals(1, rs.getRow());
        assertTrue(rs.first());
        assertEquals(4, rs.getInt(1));
      }
    }
  }

  @Test
  void itIsASnapshotThatLaterWritesDoNotChange() throws SQLException {
    try (Statement s = scrollable(); ResultSet rs = s.executeQuery("SELECT k, v FROM t ORDER BY k");
        Connection other = Sql.connect(url)) {
      assertTrue(rs.next());
      run(other, "UPDATE t SET v = 'changed'", "DELETE FROM t WHERE k = 4", "INSERT INTO t (k, v) VALUES (5, 'e')");
      assertTrue(rs.last());
      assertEquals(4, rs.getRow());
      assertEquals("d", rs.getString(2));
      assertTrue(rs.first());
      assertEquals("a", rs.getString(2));
    }
  }

  @Test
  void theQuerysErrorsComeWithItsExecution() {
    SQLException e = assertThrows(SQLException.class, () -> {
      try (Statement s = scrollable()) {
        s.executeQuery("SELECT k / (k - 2) FROM t");
      }
    });
    assertEquals("22012", e.getSQLState());
    assertEquals("division by zero; SQL statement: SELECT k / (k - 2) FROM t", e.getMessage());
  }

  @Test
  void aForwardOnlyResultSetStillOnlyMovesForward() throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT k FROM t")) {
      assertEquals(ResultSet.TYPE_FORWARD_ONLY, rs.getType());
      assertTrue(rs.next());
      SQLException e = assertThrows(SQLException.class, rs::previous);
      assertEquals("0A000", e.getSQLState());
      assertEquals("previous is not supported: this result set is forward-only (TYPE_FORWARD_ONLY); read it with "
          + "next(), or create the statement with TYPE_SCROLL_INSENSITIVE to move over its rows", e.getMessage());
      assertEquals("0A000", assertThrows(SQLException.class, () -> rs.absolute(1)).getSQLState());
      assertEquals("0A000", assertThrows(SQLException.class, rs::last).getSQLState());
    }
  }
}
