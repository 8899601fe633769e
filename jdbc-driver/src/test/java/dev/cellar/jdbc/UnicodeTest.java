package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.PreparedStatement;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Text beyond Latin-1 (Chinese, emoji) in literals, parameters, keys, WHERE and LIKE. */
class UnicodeTest extends FreshDatabaseTest {
  @BeforeEach
  void open() throws Exception {
    run(c, "CREATE TABLE t (id INTEGER PRIMARY KEY, name VARCHAR(20), code CHAR(4))",
        "CREATE TABLE k (name VARCHAR PRIMARY KEY, n INTEGER)");
  }

  @Test
  void literalsRoundTrip() throws Exception {
    run(c, "INSERT INTO t VALUES (1, '红狗 café', '猫🐱')", "INSERT INTO t VALUES (2, 'plain', 'ab')",
        "INSERT INTO t VALUES (3, U&'\\7EA2\\72D7', 'x')");
    assertRows(c, "SELECT id, name, code FROM t ORDER BY id", "1, 红狗 café, 猫🐱 ", "2, plain, ab  ", "3, 红狗, x   ");
    assertRows(c, "SELECT id FROM t WHERE name = '红狗 café'", "1");
    assertRows(c, "SELECT id FROM t WHERE name LIKE '红%' ORDER BY id", "1", "3");
    assertRows(c, "SELECT id FROM t WHERE name LIKE '%é'", "1");
    assertRows(c, "SELECT id FROM t WHERE code = '猫🐱'", "1");
    assertRows(c, "SELECT CHAR_LENGTH(name), UPPER(name), name || '🐶' FROM t WHERE id = 1", "7, 红狗 CAFÉ, 红狗 café🐶");
    assertRows(c, "SELECT '汉字' || name FROM t WHERE id = 2", "汉字plain");
  }

  @Test
  void parametersAndKeys() throws Exception {
    try (PreparedStatement p = c.prepareStatement("INSERT INTO k VALUES (?, ?)")) {
      String[] names = {"红狗", "emoji 🐶🐱", "café", "ascii"};
      for (int i = 0; i < names.length; i++) {
        p.setString(1, names[i]);
        p.setInt(2, i);
        p.addBatch();
      }
      p.executeBatch();
    }
    run(c, "INSERT INTO k VALUES ('白猫', 9)");
    assertRows(c, "SELECT n FROM k WHERE name = '红狗'", "0");
    assertRows(c, "SELECT n FROM k WHERE name = 'emoji 🐶🐱'", "1");
    assertRows(c, "SELECT name FROM k WHERE name > 'z' ORDER BY name", "白猫", "红狗");
    try (PreparedStatement p = c.prepareStatement("SELECT n FROM k WHERE name LIKE ? ORDER BY n")) {
      p.setString(1, "%🐱");
      assertEquals(List.of(List.of(1)), Sql.rows(p.executeQuery()));
      p.setString(1, "白%");
      assertEquals(List.of(List.of(9)), Sql.rows(p.executeQuery()));
    }
    run(c, "UPDATE k SET name = '黑狗' WHERE name = '红狗'", "DELETE FROM k WHERE name = 'café'");
    assertRows(c, "SELECT name, n FROM k ORDER BY n", "黑狗, 0", "emoji 🐶🐱, 1", "ascii, 3", "白猫, 9");
  }
}
