package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.assertFails;
import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Get;
import dev.cellar.storage.Result;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** INSERT, UPSERT, UPDATE, DELETE and INSERT ... SELECT, with keys and without. */
class DmlTest extends FreshDatabaseTest {
  @BeforeEach
  void open() throws Exception {
    run(c, "CREATE TABLE person (id INTEGER NOT NULL PRIMARY KEY, info.name VARCHAR(20), info.city VARCHAR, age INTEGER)");
  }

  @Test
  void insertCountsRowsAndRejectsDuplicates() throws Exception {
    try (Statement s = c.createStatement()) {
      assertEquals(3, s.executeUpdate("INSERT INTO person VALUES (1, 'ann', 'oslo', 30), (2, 'bob', NULL, 40), "
          + "(3, 'cid', 'rome', NULL)"));
    }
    assertFails(c, "23505", "INSERT INTO person VALUES (2, 'dup', NULL, 1)", "PERSON", "(ID)=(2)");
    // a statement with one duplicate writes nothing
    assertFails(c, "23505", "INSERT INTO person VALUES (4, 'dan', NULL, 1), (1, 'dup', NULL, 1)", "(ID)=(1)");
    assertFails(c, "23505", "INSERT INTO person VALUES (5, 'x', NULL, 1), (5, 'y', NULL, 1)", "(ID)=(5)");
    assertRows(c, "SELECT id, name FROM person", "1, ann", "2, bob", "3, cid");
  }

  @Test
  void upsertReplacesOnlyNamedColumns() throws Exception {
    run(c, "INSERT INTO person VALUES (1, 'ann', 'oslo', 30)");
    try (Statement s = c.createStatement()) {
      assertEquals(1, s.executeUpdate("UPSERT INTO person (id, age) VALUES (1, 31)"));
      assertEquals(1, s.executeUpdate("UPSERT INTO person (id, name) VALUES (2, 'bob')"));
    }
    assertRows(c, "SELECT * FROM person", "1, ann, oslo, 31", "2, bob, null, null");
    run(c, "UPSERT INTO person (id, city) VALUES (1, NULL)");
    assertRows(c, "SELECT * FROM person WHERE id = 1", "1, ann, null, 31");
    run(c, "UPSERT INTO person VALUES (1, 'ann2', 'oslo', NULL)");
    assertRows(c, "SELECT * FROM person WHERE id = 1", "1, ann2, oslo, null");
  }

  @Test
  void nullDeletesTheCellButTheRowStays() throws Exception {
    run(c, "INSERT INTO person VALUES (1, 'ann', 'oslo', 30)", "UPDATE person SET name = NULL, city = NULL, age = NULL");
    assertRows(c, "SELECT * FROM person", "1, null, null, null");
    Result r = CellarDriver.database(c).store().table("PERSON").get(new Get(keyOf(1)));
    assertNull(r.value(Bytes.toBytes("INFO"), Bytes.toBytes("NAME")));
    assertEquals(1, r.size(), "only the marker cell is left: " + r);
  }

  private static byte[] keyOf(int id) {
    return new byte[] {(byte) ((id >>> 24) ^ 0x80), (byte) (id >>> 16), (byte) (id >>> 8), (byte) id};
  }

  @Test
  void updateAndDelete() throws Exception {
    run(c, "INSERT INTO person VALUES (1, 'ann', 'oslo', 30), (2, 'bob', 'rome', 40), (3, 'cid', 'rome', 50)");
    try (Statement s = c.createStatement()) {
      assertEquals(2, s.executeUpdate("UPDATE person SET age = age + 1 WHERE city = 'rome'"));
      assertEquals(0, s.executeUpdate("UPDATE person SET age = 0 WHERE id = 99"));
      assertEquals(1, s.executeUpdate("DELETE FROM person WHERE name = 'ann'"));
    }
    assertRows(c, "SELECT id, age FROM person", "2, 41", "3, 51");
    // a changed key moves the row; keys may shift over each other
    run(c, "UPDATE person SET id = id + 1");
    assertRows(c, "SELECT id, name FROM person", "3, bob", "4, cid");
    assertFails(c, "23505", "UPDATE person SET id = 4 WHERE id = 3", "(ID)=(4)");
    run(c, "DELETE FROM person");
    assertRows(c, "SELECT COUNT(*) FROM person", "0");
    // a key deleted and written again in the same millisecond comes back
    for (int i = 0; i < 20; i++) {
      run(c, "INSERT INTO person (id, name) VALUES (7, 'x" + i + "')", "DELETE FROM person WHERE id = 7");
    }
    run(c, "INSERT INTO person (id, name) VALUES (7, 'back')");
    assertRows(c, "SELECT id, name FROM person", "7, back");
  }

  @Test
  void insertSelectIsAtomic() throws Exception {
    run(c, "INSERT INTO person VALUES (1, 'ann', 'oslo', 30), (2, 'bob', 'rome', 40)");
    run(c, "CREATE TABLE copy (id INTEGER PRIMARY KEY, name VARCHAR)");
    try (Statement s = c.createStatement()) {
      assertEquals(2, s.executeUpdate("INSERT INTO copy SELECT id, name FROM person"));
    }
    assertFails(c, "23505", "INSERT INTO copy SELECT id + 1, name FROM person", "COPY", "(ID)=(2)");
    assertRows(c, "SELECT * FROM copy", "1, ann", "2, bob");
    run(c, "UPSERT INTO copy SELECT id + 1, name FROM person");
    assertRows(c, "SELECT * FROM copy", "1, ann", "2, ann", "3, bob");
  }

  @Test
  void notNullColumns() throws Exception {
    run(c, "CREATE TABLE strict (id INTEGER PRIMARY KEY, v VARCHAR NOT NULL)");
    assertFails(c, "23502", "INSERT INTO strict (id) VALUES (1)", "V");
    run(c, "INSERT INTO strict VALUES (1, 'a')");
    assertFails(c, "23502", "UPDATE strict SET v = NULL", "V", "STRICT");
    assertFails(c, "23502", "INSERT INTO strict SELECT id + 1, CAST(NULL AS VARCHAR) FROM strict", "V");
    // an UPSERT must name every NOT NULL column (it might create the row)
    assertFails(c, "23502", "UPSERT INTO strict (id) VALUES (1)", "V");
    assertRows(c, "SELECT * FROM strict", "1, a");
  }

  @Test
  void tableWithoutPrimaryKey() throws Exception {
    run(c, "CREATE TABLE log (a INTEGER, b VARCHAR)");
    run(c, "INSERT INTO log VALUES (1, 'x'), (1, 'x'), (2, 'y'), (NULL, NULL)");
    assertRows(c, "SELECT a, b, COUNT(*) FROM log GROUP BY a, b ORDER BY a NULLS LAST", "1, x, 2", "2, y, 1",
        "null, null, 1");
    try (Statement s = c.createStatement()) {
      assertEquals(2, s.executeUpdate("UPDATE log SET b = 'z' WHERE a = 1"));
      assertEquals(1, s.executeUpdate("DELETE FROM log WHERE a IS NULL"));
      assertEquals(2, s.executeUpdate("UPSERT INTO log VALUES (3, 'w'), (3, 'w')"));
    }
    assertRows(c, "SELECT a, b FROM log ORDER BY a, b", "1, z", "1, z", "2, y", "3, w", "3, w");
    // rows are spread over the key space: generated keys are 8 bytes and do not share a prefix
    int rows = 0;
    for (Result r : CellarDriver.database(c).store().table("LOG").scanner(new dev.cellar.storage.Scan())) {
      assertEquals(8, r.row().length);
      rows++;
    }
    assertEquals(5, rows);
  }

  /** The rowkeys of a table's rows, as the store holds them. */
  private List<String> storedKeys(String table) throws Exception {
    List<String> keys = new ArrayList<>();
    for (Result r : CellarDriver.database(c).store().table(table).scanner(new dev.cellar.storage.Scan())) {
      keys.add(Bytes.toStringBinary(r.row()));
    }
    Collections.sort(keys);
    return keys;
  }

  private static List<String> keys(ResultSet rs) throws Exception {
    List<String> keys = new ArrayList<>();
    try (rs) {
      assertEquals(1, rs.getMetaData().getColumnCount());
      assertEquals("ROWKEY", rs.getMetaData().getColumnName(1));
      assertEquals(Types.VARBINARY, rs.getMetaData().getColumnType(1));
      while (rs.next()) {
        assertEquals(8, rs.getBytes(1).length);
        keys.add(Bytes.toStringBinary(rs.getBytes("ROWKEY")));
      }
    }
    return keys;
  }

  /**
   * INSERT and UPSERT into a table without a primary key return the rowkeys they generated;
   * a table with a declared key generates none, and its generated-keys result set is empty.
   */
  @Test
  void generatedKeys() throws Exception {
    run(c, "CREATE TABLE log (a INTEGER, b VARCHAR)");
    List<String> generated = new ArrayList<>();
    try (Statement s = c.createStatement()) {
      assertEquals(2, s.executeUpdate("INSERT INTO log VALUES (1, 'x'), (2, 'y')", Statement.RETURN_GENERATED_KEYS));
      List<String> two = keys(s.getGeneratedKeys());
      assertEquals(2, two.size());
      assertNotEquals(two.get(0), two.get(1));
      generated.addAll(two);
      assertFalse(s.execute("UPSERT INTO log VALUES (3, 'z')", Statement.RETURN_GENERATED_KEYS));
      generated.addAll(keys(s.getGeneratedKeys()));
      // without the flag no keys are kept
      assertEquals(1, s.executeUpdate("INSERT INTO log VALUES (4, 'w')"));
      assertEquals(List.of(), keys(s.getGeneratedKeys()));
      assertEquals(1, s.executeUpdate("UPDATE log SET b = 'v' WHERE a = 4", Statement.RETURN_GENERATED_KEYS));
      assertEquals(List.of(), keys(s.getGeneratedKeys()));
      assertEquals(1, s.executeUpdate("INSERT INTO person (id) VALUES (7)", Statement.RETURN_GENERATED_KEYS));
      assertEquals(List.of(), keys(s.getGeneratedKeys()));
    }
    try (PreparedStatement p = c.prepareStatement("INSERT INTO log VALUES (?, ?)", Statement.RETURN_GENERATED_KEYS)) {
      p.setInt(1, 5);
      p.setString(2, "u");
      assertEquals(1, p.executeUpdate());
      generated.addAll(keys(p.getGeneratedKeys()));
      for (int i = 6; i <= 8; i++) {
        p.setInt(1, i);
        p.setString(2, "t");
        p.addBatch();
      }
      p.executeBatch();
      List<String> batch = keys(p.getGeneratedKeys());
      assertEquals(3, batch.size());
      generated.addAll(batch);
    }
    try (PreparedStatement p = c.prepareStatement("INSERT INTO log VALUES (9, 's')")) {
      p.executeUpdate();
      assertEquals(List.of(), keys(p.getGeneratedKeys()));
    }
    try (PreparedStatement p = c.prepareStatement("INSERT INTO person (id) VALUES (?)", Statement.RETURN_GENERATED_KEYS)) {
      p.setInt(1, 8);
      assertEquals(1, p.executeUpdate());
      assertEquals(List.of(), keys(p.getGeneratedKeys()));
    }
    assertEquals(7, generated.size());
    List<String> stored = storedKeys("LOG");
    assertEquals(9, stored.size());
    assertTrue(stored.containsAll(generated), () -> generated + " not all in " + stored);
    // the keys of a failed statement are not reported
    try (Statement s = c.createStatement()) {
      run(c, "CREATE TABLE strict (a INTEGER NOT NULL, b VARCHAR)");
      assertThrows(SQLException.class, () -> s.executeUpdate("INSERT INTO strict VALUES (1, 'a'), (NULL, 'b')",
          Statement.RETURN_GENERATED_KEYS));
      assertEquals(List.of(), keys(s.getGeneratedKeys()));
    }
  }
}
