package dev.cellar.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

class SmokeTest {
  @Test
  void createInsertSelect() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:cellar:mem:smoke");
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t (id BIGINT NOT NULL PRIMARY KEY, info.name VARCHAR, age INTEGER)");
      assertEquals(2, s.executeUpdate("INSERT INTO t VALUES (1, 'ann', 30), (2, 'bob', NULL)"));
      try (ResultSet rs = s.executeQuery("SELECT * FROM t")) {
        while (rs.next()) {
          System.out.println(rs.getLong(1) + " " + rs.getString(2) + " " + rs.getObject(3));
        }
      }
      try (ResultSet rs = s.executeQuery("EXPLAIN PLAN FOR SELECT name FROM t WHERE id = 1")) {
        while (rs.next()) {
          System.out.println(rs.getString(1));
        }
      }
    }
  }
}
