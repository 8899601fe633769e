package dev.cellar.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * Statements of many rows of parameters ({@code VALUES (?, ?), (?, ?), ...}, a UNION ALL of one
 * input per row in the plan) and UNION ALLs of several inputs: every row, in order, each time the
 * statement runs.
 */
class MultiRowValuesTest {
  @Test
  void aThousandRowsOfParametersAreWrittenEachExecution() throws Exception {
    int rows = 1000;
    StringBuilder text = new StringBuilder("UPSERT INTO t VALUES ");
    for (int i = 0; i < rows; i++) {
      text.append(i > 0 ? ", " : "").append("(?, ?)");
    }
    try (Connection c = Sql.connect(Sql.freshMem()); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t (id INTEGER NOT NULL PRIMARY KEY, v VARCHAR)");
      PreparedStatement p = c.prepareStatement(text.toString());
      for (int round = 0; round < 2; round++) {
        for (int i = 0; i < rows; i++) {
          p.setInt(2 * i + 1, round * rows + i);
          p.setString(2 * i + 2, "v" + (round * rows + i));
        }
        assertEquals(rows, p.executeUpdate());
      }
      p.close();
      try (ResultSet rs = s.executeQuery("SELECT id, v FROM t ORDER BY id")) {
        for (int i = 0; i < 2 * rows; i++) {
          assertTrue(rs.next());
          assertEquals(i, rs.getInt(1));
          assertEquals("v" + i, rs.getString(2));
        }
        assertFalse(rs.next());
      }
    }
  }

  @Test
  void aUnionAllOfFourInputsKeepsTheirOrder() throws Exception {
    try (Connection c = Sql.connect(Sql.freshMem()); Statement s = c.createStatement();
        PreparedStatement p = c.prepareStatement("SELECT CAST(? AS INTEGER) UNION ALL SELECT CAST(? AS INTEGER) "
            + "UNION ALL SELECT CAST(? AS INTEGER) UNION ALL SELECT CAST(? AS INTEGER)")) {
      for (int i = 1; i <= 4; i++) {
        p.setInt(i, 10 * i);
      }
      try (ResultSet rs = p.executeQuery()) {
        for (int i = 1; i <= 4; i++) {
          assertTrue(rs.next());
          assertEquals(10 * i, rs.getInt(1));
        }
        assertFalse(rs.next());
      }
    }
  }
}
