package dev.cellar.jdbc;

import static dev.cellar.jdbc.RawTables.shellPut;
import static dev.cellar.jdbc.Sql.assertFails;
import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Get;
import dev.cellar.storage.Table;
import org.junit.jupiter.api.Test;

/**
 * Columns a query declares for itself (Phoenix's dynamic columns, {@code sql-planner/docs/sql.md}):
 * {@code FROM t EXTEND (c type)} reads cells the table does not declare, and
 * {@code UPSERT INTO t (k, c type)} writes them.
 */
class DynamicColumnsTest extends FreshStoreTest {
  private Table users() throws Exception {
    Table t = RawTables.create(store, "users", "info", "stats");
    shellPut(t, "u1", "info:nickname", "ann", "info:city", "Oslo", "stats:logins", "42");
    shellPut(t, "u2", "info:nickname", "bob");
    run(c, "CREATE VIEW users (id VARCHAR PRIMARY KEY, \"nickname\" VARCHAR) STORE_TABLE='users',"
        + " VALUE_FORMAT='STRING', DEFAULT_COLUMN_FAMILY='info'");
    return t;
  }

  @Test
  void aQueryReadsCellsTheTableDoesNotDeclare() throws Exception {
    users();
    assertRows(c, "SELECT id, \"nickname\", \"city\" FROM users EXTEND (\"city\" VARCHAR)", "u1, ann, Oslo", "u2, bob, null");
    assertRows(c, "SELECT id, \"stats.logins\" + 1 FROM users EXTEND (\"stats\".\"logins\" INTEGER)"
        + " WHERE \"stats.logins\" > 10", "u1, 43");
    // Phoenix's form, without the keyword
    assertRows(c, "SELECT u.\"city\" FROM users (\"city\" VARCHAR) u WHERE id = 'u1'", "Oslo");
    Check.check(c, "SELECT \"city\" FROM users EXTEND (\"city\" VARCHAR) WHERE id = 'u2'").explainContains("GET")
        .returns("null");
    // the table itself is unchanged
    assertFails(c, "42S22", "SELECT \"city\" FROM users", "city");
    // a type the cell does not hold is the error of a bad cell
    assertFails(c, "22018", "SELECT \"info.nickname\" FROM users EXTEND (\"info\".\"nickname\" INTEGER)",
        "info.nickname", "USERS", "u1");
    assertFails(c, "42S23", "SELECT * FROM users EXTEND (\"misc\".\"x\" VARCHAR)", "misc.x", "USERS", "misc");
  }

  @Test
  void aStatementWritesCellsItDeclares() throws Exception {
    Table t = users();
    run(c, "UPSERT INTO users (id, \"nickname\", \"city\" VARCHAR) VALUES ('u3', 'cy', 'Rome')");
    assertEquals("Rome", Bytes.toString(t.get(new Get(Bytes.toBytes("u3"))).value(Bytes.toBytes("info"),
        Bytes.toBytes("city"))));
    assertRows(c, "SELECT id, \"city\" FROM users EXTEND (\"city\" VARCHAR) WHERE \"city\" IS NOT NULL",
        "u1, Oslo", "u3, Rome");
    // a cell of another family: family.qualifier type, as the query declares it
    run(c, "UPSERT INTO users (id, \"stats\".\"logins\" INTEGER, \"nickname\") VALUES ('u3', 7, 'cy2')");
    assertEquals("7", Bytes.toString(t.get(new Get(Bytes.toBytes("u3"))).value(Bytes.toBytes("stats"),
        Bytes.toBytes("logins"))));
    assertRows(c, "SELECT u.id, u.\"nickname\", \"stats.logins\" FROM users EXTEND (\"stats\".\"logins\" INTEGER) u "
        + "ORDER BY u.id", "u1, ann, 42", "u2, bob, null", "u3, cy2, 7");
    assertFails(c, "42S23", "UPSERT INTO users (id, \"misc\".\"x\" INTEGER) VALUES ('u3', 1)", "misc.x", "misc");
  }

  @Test
  void tablesOfCellarsOwnTakeThemToo() throws Exception {
    run(c, "CREATE TABLE item (id INTEGER PRIMARY KEY, name VARCHAR)");
    run(c, "UPSERT INTO item (id, name, color VARCHAR) VALUES (1, 'pen', 'red')");
    run(c, "INSERT INTO item (id, name) VALUES (2, 'ink')");
    // the cell 0:COLOR of the default family, encoded as the table's own values
    assertRows(c, "SELECT id, name, color FROM item EXTEND (color VARCHAR)", "1, pen, red", "2, ink, null");
    assertRows(c, "SELECT id FROM item EXTEND (color VARCHAR) WHERE color = 'red'", "1");
    assertFails(c, "42000", "SELECT * FROM item EXTEND (name INTEGER)", "NAME");
  }

  @Test
  void aDynamicFamilyHasNoOtherCells() throws Exception {
    Table t = RawTables.create(store, "shop", "item");
    shellPut(t, "S1", "item:I1", "new");
    run(c, "CREATE VIEW shop_item (shop_id VARCHAR NOT NULL, item_id VARCHAR NOT NULL, type VARCHAR,"
        + " CONSTRAINT pk PRIMARY KEY (shop_id, item_id)) STORE_TABLE='shop', DYNAMIC_FAMILY='item'");
    assertFails(c, "0A000", "SELECT * FROM shop_item EXTEND (x VARCHAR)", "SHOP_ITEM", "item");
  }
}
