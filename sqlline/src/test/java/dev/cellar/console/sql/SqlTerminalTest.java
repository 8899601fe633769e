package dev.cellar.console.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.console.Pty;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cellar sql} on a pseudo-terminal: Tab completes a table name before a function of the
 * same prefix, Up brings back the last statement, the whole plan of an EXPLAIN shows in the table
 * layout, SHOW statements run.
 */
class SqlTerminalTest {
  @TempDir
  Path home;

  @Test
  void completionHistoryAndPlansOnATerminal() throws Exception {
    String url = "jdbc:cellar:file:" + home.resolve("db");
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE sale (id INTEGER PRIMARY KEY, product VARCHAR)");
      s.execute("INSERT INTO sale VALUES (1, 'kettle')");
    }
    try (Pty t = Pty.java(home, SqlConsole.class.getName(), url)) {
      t.await("> ");
      // sa<Tab> is the table SALE, not the function SAFE_CAST
      t.type("SELECT product AS sold FROM sa\t");
      t.type(";\r").await("| kettle |");
      // Up and Enter run it again
      t.await("> ");
      t.type(Pty.UP + "\r").await("| kettle |");
      t.await("> ");
      String plan = t.type("EXPLAIN SELECT product FROM sale WHERE id = 1;\r").await("rows selected");
      assertTrue(plan.contains("\n|   CellarToEnumerableConverter   ")
          && plan.contains("\n|     CellarTableScan(table=[[PUBLIC, SALE]], path=[GET (ID = 1)]"),
          plan);
      t.await("> ");
      String ddl = t.type("SHOW CREATE TABLE sale;\r").await("rows selected");
      assertTrue(ddl.contains("| CREATE TABLE SALE (") && ddl.contains("|   CONSTRAINT PK PRIMARY KEY (ID))"), ddl);
      t.await("> ");
      t.type("!quit\r");
      assertEquals(0, t.exitStatus(), t.all());
      assertFalse(t.all().contains("SAFE_CAST") || t.all().contains("Exception"), t.all());
    }
  }
}
