package dev.cellar.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** Connect, CREATE TABLE, INSERT and SELECT end to end. */
class SmokeTest {
  @Test
  void createInsertSelect() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:cellar:mem:smoke;shutdown=true");
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t (id BIGINT NOT NULL PRIMARY KEY, info.name VARCHAR, age INTEGER)");
      assertEquals(2, s.executeUpdate("INSERT INTO t VALUES (1, 'ann', 30), (2, 'bob', NULL)"));
      try (ResultSet rs = s.executeQuery("SELECT * FROM t")) {
        assertTrue(rs.next());
        assertEquals(1L, rs.getLong(1));
        assertEquals("ann", rs.getString(2));
        assertEquals(30, rs.getInt(3));
        assertTrue(rs.next());
        assertEquals(2L, rs.getLong(1));
        assertEquals("bob", rs.getString("NAME"));
        assertNull(rs.getObject(3));
        assertFalse(rs.next());
      }
      String plan = String.join("\n", Sql.strings(c, "EXPLAIN PLAN FOR SELECT name FROM t WHERE id = 1"));
      assertTrue(plan.contains("CellarTableScan(table=[[PUBLIC, T]], path=[GET (ID = 1)]"), plan);
    }
  }
}
