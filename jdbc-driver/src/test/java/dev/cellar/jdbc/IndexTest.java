package dev.cellar.jdbc;

import static dev.cellar.jdbc.Check.check;
import static dev.cellar.jdbc.Sql.assertFails;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.sql.runtime.ReadStats;
import dev.cellar.sql.schema.CellarSchema;
import dev.cellar.sql.schema.CellarTable;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.StringJoiner;
import org.apache.calcite.jdbc.CalciteConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Secondary indexes through SQL: the planner reads an index when a condition bounds its
 * columns, covered queries read only entries, and every DML path keeps the entries equal to the
 * rows ({@code ALTER INDEX ... VERIFY} finds no difference).
 */
class IndexTest {
  private String url;
  private Connection c;
  private ReadStats stats;

  @BeforeEach
  void open() throws Exception {
    url = Sql.freshMem();
    c = Sql.connect(url);
    run(c, "CREATE TABLE sale (id INTEGER PRIMARY KEY, user_id VARCHAR, product VARCHAR, price DECIMAL(8,2))");
    StringJoiner rows = new StringJoiner(", ");
    for (int i = 1; i <= 200; i++) {
      rows.add("(" + i + ", 'u" + (i % 10) + "', " + (i % 7 == 0 ? "NULL" : "'p" + (i % 20) + "'") + ", " + i + ".50)");
    }
    run(c, "INSERT INTO sale VALUES " + rows);
    stats = CellarTable.readStats(c.unwrap(CalciteConnection.class).getRootSchema().getSubSchema("PUBLIC")
        .unwrap(CellarSchema.class).session().database());
  }

  @AfterEach
  void close() throws Exception {
    c.close();
  }

  private long update(String sql) throws Exception {
    try (Statement s = c.createStatement()) {
      return s.executeLargeUpdate(sql);
    }
  }

  private void assertConsistent(String index) throws Exception {
    assertEquals(0, update("ALTER INDEX " + index + " ON sale VERIFY"), "differences between " + index + " and SALE");
  }

  @Test
  void equalityOnIndexedColumnReadsEntriesThenRows() throws Exception {
    assertEquals(200, update("CREATE INDEX i_product ON sale (product)"));
    check(c, "SELECT id, price FROM sale WHERE product = 'p3' ORDER BY id")
        .explainContains("path=[INDEX I_PRODUCT PREFIX SCAN (PRODUCT = 'p3')]", "index=[then rows of SALE by key; cheapest, est. ")
        .returns("3, 3.50", "23, 23.50", "43, 43.50", "83, 83.50", "103, 103.50", "123, 123.50", "143, 143.50",
            "163, 163.50", "183, 183.50");
    long before = stats.rowsRead();
    assertEquals(9, Sql.strings(c, "SELECT id, price FROM sale WHERE product = 'p3'").size());
    // one entry and one row per row returned
    assertEquals(18, stats.rowsRead() - before);
  }

  @Test
  void coveredQueryReadsOnlyTheIndex() throws Exception {
    update("CREATE INDEX i_user ON sale (user_id) INCLUDE (price)");
    check(c, "SELECT id, price FROM sale WHERE user_id = 'u4' AND id < 40")
        .explainContains("INDEX I_USER RANGE SCAN (USER_ID = 'u4', ID < 40)", "index=[covers the query; cheapest")
        .returnsUnordered("4, 4.50", "14, 14.50", "24, 24.50", "34, 34.50");
    long before = stats.rowsRead();
    Sql.strings(c, "SELECT id, price FROM sale WHERE user_id = 'u4'");
    assertEquals(20, stats.rowsRead() - before);
  }

  @Test
  void rangeAndOrderUseTheIndexOrder() throws Exception {
    update("CREATE INDEX i_price ON sale (price DESC)");
    check(c, "SELECT id FROM sale WHERE price > 195 ORDER BY price DESC")
        .explainContains("INDEX I_PRICE RANGE SCAN (PRICE > 195")
        .returns("200", "199", "198", "197", "196", "195");
    String plan = Check.check(c, "SELECT id FROM sale WHERE price > 195 ORDER BY price DESC").plan();
    assertFalse(plan.contains("Sort"), plan);
    check(c, "SELECT id FROM sale WHERE price < 3 ORDER BY price").returns("1", "2");
    // an order other than the index's is sorted: the index's range comes in price order
    check(c, "SELECT id FROM sale WHERE price > 195 ORDER BY id").explainContains("INDEX I_PRICE", "Sort")
        .returns("195", "196", "197", "198", "199", "200");
  }

  @Test
  void orderByAnIndexedColumnWithLimitReadsTheIndexInOrder() throws Exception {
    update("CREATE INDEX i_price ON sale (price)");
    check(c, "SELECT id, price FROM sale ORDER BY price DESC LIMIT 3")
        .explainContains("path=[INDEX I_PRICE FULL SCAN REVERSED LIMIT 3]")
        .returns("200, 200.50", "199, 199.50", "198, 198.50");
    String plan = Check.check(c, "SELECT id, price FROM sale ORDER BY price DESC LIMIT 3").plan();
    assertFalse(plan.contains("Sort"), plan);
    long before = stats.rowsRead();
    Sql.strings(c, "SELECT id, product FROM sale ORDER BY price LIMIT 3");
    assertEquals(6, stats.rowsRead() - before, "3 entries and 3 rows");
  }

  @Test
  void nullsAreIndexedButNeverMatchComparisons() throws Exception {
    update("CREATE INDEX i_product ON sale (product)");
    update("CREATE INDEX i_product_desc ON sale (product DESC, price)");
    // p9: ids 9, 29, ..., 189 but 49 and 189; p0: 20, 40, ..., 200 but 140
    check(c, "SELECT COUNT(*) FROM sale WHERE product > 'p8'").explainContains("INDEX").returns("8");
    check(c, "SELECT COUNT(*) FROM sale WHERE product < 'p1'").explainContains("INDEX").returns("9");
    check(c, "SELECT COUNT(*) FROM sale WHERE product <= 'p0' OR product >= 'p9'").returns("17");
    check(c, "SELECT COUNT(*) FROM sale WHERE product IS NULL").returns("28");
    // NULLs first in ascending order, last in descending order, straight from the index
    check(c, "SELECT id FROM sale WHERE product < 'p1' OR product IS NULL ORDER BY product, id LIMIT 2")
        .returns("7", "14");
    check(c, "SELECT product FROM sale WHERE id < 10 ORDER BY product DESC")
        .returns("p9", "p8", "p6", "p5", "p4", "p3", "p2", "p1", "null");
    assertConsistent("i_product");
  }

  @Test
  void everyDmlPathKeepsTheIndexEqualToTheTable() throws Exception {
    update("CREATE INDEX i_product ON sale (product) INCLUDE (price)");
    update("CREATE INDEX i_user ON sale (user_id, product DESC)");
    run(c, "INSERT INTO sale VALUES (1000, 'u1', 'new', 1.00)",
        "UPSERT INTO sale (id, product) VALUES (1000, 'newer')",
        "UPSERT INTO sale (id, price) VALUES (1000, 2.00)",
        "UPSERT INTO sale VALUES (1001, 'u2', NULL, NULL)",
        "UPDATE sale SET product = 'moved' WHERE id BETWEEN 10 AND 30",
        "UPDATE sale SET price = NULL WHERE product = 'moved' AND id < 15",
        "UPDATE sale SET id = id + 5000 WHERE id BETWEEN 191 AND 200",
        "DELETE FROM sale WHERE user_id = 'u3'",
        "INSERT INTO sale SELECT id + 10000, user_id, product, price FROM sale WHERE id < 50");
    assertConsistent("i_product");
    assertConsistent("i_user");
    check(c, "SELECT id, user_id, price FROM sale WHERE product = 'newer'").returns("1000, u1, 2.00");
    check(c, "SELECT COUNT(*) FROM sale WHERE product = 'moved'").returns("38");
    check(c, "SELECT id FROM sale WHERE user_id = 'u2' AND product IS NULL ORDER BY id")
        .returns("42", "112", "182", "1001", "10042");
  }

  @Test
  void uniqueIndexRejectsDuplicates() throws Exception {
    update("CREATE UNIQUE INDEX u_price ON sale (price)");
    assertFails(c, "23505", "INSERT INTO sale VALUES (500, 'u1', 'x', 7.50)", "U_PRICE", "(PRICE)=(7.50)");
    assertFails(c, "23505", "UPDATE sale SET price = 8.50 WHERE id = 9", "U_PRICE");
    // moving values around within one statement is fine as long as they stay distinct
    run(c, "UPDATE sale SET price = price + 1000 WHERE id <= 100");
    run(c, "INSERT INTO sale VALUES (501, 'u1', 'x', NULL), (502, 'u1', 'x', NULL)");
    assertFails(c, "23505", "CREATE UNIQUE INDEX u_user ON sale (user_id)", "U_USER", "more than one row");
    assertFails(c, "42S02", "SELECT * FROM sale WHERE user_id = 'u1' AND 1 = (SELECT COUNT(*) FROM u_user)");
    assertConsistent("u_price");
  }

  @Test
  void dropIndexAndRebuild() throws Exception {
    update("CREATE INDEX i_product ON sale (product)");
    assertEquals(200, update("ALTER INDEX i_product ON sale REBUILD"));
    assertConsistent("i_product");
    run(c, "DROP INDEX i_product");
    String plan = Check.check(c, "SELECT id FROM sale WHERE product = 'p3'").plan();
    assertFalse(plan.contains("INDEX"), plan);
    assertFails(c, "42S02", "DROP INDEX i_product", "I_PRODUCT");
    run(c, "DROP INDEX IF EXISTS i_product");
    update("CREATE INDEX i_product ON sale (product)");
    assertFails(c, "2BP01", "ALTER TABLE sale DROP COLUMN product", "I_PRODUCT");
    run(c, "DROP TABLE sale", "CREATE TABLE sale (id INTEGER PRIMARY KEY, product VARCHAR)",
        "CREATE INDEX i_product ON sale (product)");
    assertConsistent("i_product");
  }

  @Test
  void hintsForceAndForbidIndexes() throws Exception {
    update("CREATE INDEX i_product ON sale (product)");
    update("CREATE INDEX i_user ON sale (user_id)");
    // by cost, the covering index bounded on both its columns
    check(c, "SELECT id FROM sale WHERE id < 5 AND user_id = 'u1'")
        .explainContains("INDEX I_USER RANGE SCAN (USER_ID = 'u1', ID < 5)", "cheapest, est.").returns("1");
    check(c, "SELECT id FROM sale /*+ NO_INDEX */ WHERE id < 5 AND user_id = 'u1'")
        .explainContains("path=[RANGE SCAN (ID < 5) FILTER (USER_ID = 'u1')]").returns("1");
    check(c, "SELECT id FROM sale /*+ INDEX(i_product) */ WHERE product = 'p1' AND user_id = 'u1' AND id < 50")
        .explainContains("INDEX I_PRODUCT RANGE SCAN (PRODUCT = 'p1', ID < 50)", "forced by hint INDEX")
        .returns("1", "41");
    // forced with nothing to bound it: the whole index, in its order
    check(c, "SELECT id FROM sale /*+ INDEX(i_product) */ WHERE id = 7")
        .explainContains("INDEX I_PRODUCT FULL SCAN").returns("7");
    String none = Check.check(c, "SELECT id FROM sale /*+ NO_INDEX */ WHERE product = 'p3'").plan();
    assertFalse(none.contains("INDEX"), none);
    String notThat = Check.check(c, "SELECT id FROM sale /*+ NO_INDEX(i_product) */ WHERE product = 'p3' "
        + "AND user_id = 'u3'").plan();
    assertTrue(notThat.contains("INDEX I_USER"), notThat);
    assertFails(c, "42S02", "SELECT id FROM sale /*+ INDEX(nope) */ WHERE id = 1", "NOPE", "SALE");
  }

  @Test
  void forcedIndexOnAReadOfThePastReadsTheTable() throws Exception {
    run(c, "CREATE TABLE price (id INTEGER PRIMARY KEY, product VARCHAR, amount INTEGER, wtime TIMESTAMP ROW_TIMESTAMP)"
            + " VERSIONS=5",
        "INSERT INTO price VALUES (1, 'a', 10, TIMESTAMP '2020-01-01 00:00:00'), (2, 'b', 20, TIMESTAMP '2020-01-01 00:00:00')",
        "UPSERT INTO price VALUES (1, 'b', 11, TIMESTAMP '2021-01-01 00:00:00')",
        "CREATE INDEX price_product ON price (product)");
    check(c, "SELECT id, amount FROM price /*+ INDEX(price_product) */ WHERE product = 'b'")
        .explainContains("INDEX PRICE_PRODUCT PREFIX SCAN", "forced by hint INDEX").returns("1, 11", "2, 20");
    // the index holds only the present rows: the past is read from the table, along its key
    String past = "SELECT id, amount FROM price /*+ INDEX(price_product) */ FOR SYSTEM_TIME AS OF "
        + "TIMESTAMP '2020-06-01 00:00:00' WHERE product = 'b'";
    String plan = Check.check(c, past).plan();
    assertFalse(plan.contains("INDEX"), plan);
    check(c, past).explainContains("AS OF TIMESTAMP '2020-06-01 00:00:00'").returns("2, 20");
    check(c, "SELECT id, amount FROM price /*+ INDEX(price_product) */ FOR SYSTEM_TIME AS OF "
        + "TIMESTAMP '2020-06-01 00:00:00' WHERE id = 1 AND product = 'a'")
        .explainContains("path=[GET (ID = 1)").returns("1, 10");
    long mid = java.time.Instant.parse("2020-06-01T00:00:00Z").toEpochMilli();
    try (Connection then = Sql.connect(url + ";currentScn=" + mid)) {
      String scn = Check.check(then, "SELECT id, amount FROM price /*+ INDEX(price_product) */ WHERE product = 'b'")
          .plan();
      assertFalse(scn.contains("INDEX"), scn);
      check(then, "SELECT id, amount FROM price /*+ INDEX(price_product) */ WHERE product = 'b'")
          .explainContains("BEFORE SCN " + mid).returns("2, 20");
      check(then, "SELECT id, product FROM price /*+ INDEX(price_product) */ ORDER BY product DESC, id")
          .returns("2, b", "1, a");
    }
  }

  @Test
  void localIndexKeepsEntriesInAFamilyOfTheDataTable() throws Exception {
    assertEquals(200, update("CREATE LOCAL INDEX i_local ON sale (user_id DESC) INCLUDE (product)"));
    dev.cellar.storage.CellarStore store = c.unwrap(CalciteConnection.class).getRootSchema().getSubSchema("PUBLIC")
        .unwrap(CellarSchema.class).session().database().store();
    assertTrue(store.admin().describe("SALE").familyNames().contains("_i.I_LOCAL"));
    assertFalse(store.admin().tableExists("_cellar_index.SALE.I_LOCAL"));
    check(c, "SELECT id, product FROM sale WHERE user_id = 'u9' AND id > 150")
        .explainContains("INDEX I_LOCAL RANGE SCAN (USER_ID = 'u9', ID > 150)", "covers the query")
        .returns("159, p19", "169, p9", "179, p19", "189, null", "199, p19");
    run(c, "DELETE FROM sale WHERE id = 169", "UPDATE sale SET user_id = 'u0' WHERE id = 159",
        "UPSERT INTO sale (id, user_id) VALUES (159, 'u9')", "INSERT INTO sale VALUES (300, 'u9', 'z', 1)");
    check(c, "SELECT id, product FROM sale WHERE user_id = 'u9' AND id > 150")
        .returns("159, p19", "179, p19", "189, null", "199, p19", "300, z");
    // the data rows are whole: deleting a row leaves the index family's entries to maintenance
    check(c, "SELECT COUNT(*), COUNT(product) FROM sale").returns("200, 172");
    assertEquals(0, update("ALTER INDEX i_local ON sale VERIFY"));
    assertEquals(200, update("ALTER INDEX i_local ON sale REBUILD"));
    run(c, "DROP INDEX i_local");
    assertFalse(store.admin().describe("SALE").familyNames().contains("_i.I_LOCAL"));
    check(c, "SELECT COUNT(*) FROM sale WHERE user_id = 'u9'").returns("20");
  }

  @Test
  void functionalIndexOnAnExpression() throws Exception {
    run(c, "CREATE TABLE person (id INTEGER PRIMARY KEY, name VARCHAR, born DATE, city VARCHAR)",
        "INSERT INTO person (id, name, born) VALUES (1, 'Ada', DATE '1815-12-10'), (2, 'ada', DATE '1990-01-01'), "
            + "(3, 'Grace', DATE '1906-12-09'), (4, NULL, NULL)",
        "CREATE INDEX person_upper ON person (UPPER(name)) INCLUDE (born)",
        "CREATE INDEX person_year ON person (EXTRACT(YEAR FROM born) DESC)");
    check(c, "SELECT id, born FROM person WHERE UPPER(name) = 'ADA'")
        .explainContains("INDEX PERSON_UPPER PREFIX SCAN", "covers the query")
        .returnsUnordered("1, 1815-12-10", "2, 1990-01-01");
    check(c, "SELECT id FROM person WHERE EXTRACT(YEAR FROM born) < 1900").explainContains("INDEX PERSON_YEAR")
        .returns("1");
    run(c, "UPDATE person SET name = 'GRACE H' WHERE id = 3", "INSERT INTO person VALUES (5, 'ADA', NULL, NULL)",
        "DELETE FROM person WHERE id = 1");
    check(c, "SELECT id FROM person WHERE UPPER(name) = 'ADA'").returnsUnordered("2", "5");
    check(c, "SELECT id FROM person WHERE UPPER(name) LIKE 'GRACE%'").returns("3");
    try (Statement s = c.createStatement()) {
      assertEquals(0, s.executeLargeUpdate("ALTER INDEX person_upper ON person VERIFY"));
      assertEquals(0, s.executeLargeUpdate("ALTER INDEX person_year ON person VERIFY"));
    }
    assertFails(c, "2BP01", "ALTER TABLE person DROP COLUMN born", "PERSON_UPPER");
    assertFails(c, "42000", "CREATE INDEX bad ON person (UPPER(nope))", "BAD", "NOPE");
    assertFails(c, "42000", "CREATE INDEX bad ON person (RAND())", "BAD");
  }

  /** A query of a narrow table that needs only the index's columns reads only entries. */
  @Test
  void indexCoversAQueryOfANarrowTable() throws Exception {
    run(c, "CREATE TABLE word (id INTEGER PRIMARY KEY, w VARCHAR)", "INSERT INTO word VALUES (1, 'a'), (2, 'b'), (3, 'a')",
        "CREATE INDEX word_w ON word (w)");
    check(c, "SELECT id FROM word WHERE w = 'a'").explainContains("INDEX WORD_W PREFIX SCAN", "covers the query",
        "columns=[key only]").returns("1", "3");
    check(c, "SELECT w FROM word WHERE id = 2").explainContains("GET (ID = 2)", "columns=[0.W]").returns("b");
  }

  /** An indexed expression with a text literal matches the query's, whose literals are UTF-8. */
  @Test
  void functionalIndexWithATextLiteral() throws Exception {
    run(c, "CREATE TABLE tag (id INTEGER PRIMARY KEY, name VARCHAR)",
        "INSERT INTO tag VALUES (1, 'a'), (2, 'b'), (3, NULL)",
        "CREATE INDEX tag_x ON tag (name || '-x')");
    check(c, "SELECT id FROM tag WHERE name || '-x' = 'b-x'").explainContains("INDEX TAG_X PREFIX SCAN").returns("2");
  }

  @Test
  void asyncBuildIsUnreadUntilCompleteAndListedWithItsState() throws Exception {
    assertEquals(0, update("CREATE INDEX i_async ON sale (product) ASYNC"));
    // once the build is done, the index is ACTIVE and read
    long deadline = System.nanoTime() + 60_000_000_000L;
    // (the build leaves the progress list just after the index turns ACTIVE)
    while (!Sql.strings(c, "SELECT STATE, ROWS_BUILT FROM cellar.indexes WHERE INDEX_NAME = 'I_ASYNC'")
        .equals(List.of("ACTIVE, null")) && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    check(c, "SELECT TABLE_NAME, INDEX_NAME, LAYOUT, STATE, IS_UNIQUE, COLUMNS, STORE_TABLE, ROWS_BUILT "
        + "FROM cellar.indexes").returns("SALE, I_ASYNC, TABLE, ACTIVE, false, PRODUCT, _cellar_index.SALE.I_ASYNC, null");
    check(c, "SELECT COUNT(*) FROM sale WHERE product = 'p3'").explainContains("INDEX I_ASYNC").returns("9");
    assertEquals(0, update("ALTER INDEX i_async ON sale VERIFY"));
  }

  @Test
  void tableWithoutPrimaryKey() throws Exception {
    run(c, "CREATE TABLE t (a INTEGER, b VARCHAR)", "INSERT INTO t VALUES (1, 'x'), (2, 'y'), (1, 'z')",
        "CREATE INDEX t_a ON t (a)");
    check(c, "SELECT b FROM t WHERE a = 1").explainContains("INDEX T_A").returnsUnordered("x", "z");
    run(c, "UPDATE t SET a = 3 WHERE b = 'z'", "DELETE FROM t WHERE b = 'y'");
    check(c, "SELECT b FROM t WHERE a = 1").returns("x");
    check(c, "SELECT b FROM t WHERE a = 3").returns("z");
    assertEquals(0, update("ALTER INDEX t_a ON t VERIFY"));
  }

  @Test
  void ddlErrorsNameWhatIsWrong() throws Exception {
    assertFails(c, "42S22", "CREATE INDEX i ON sale (nope)", "NOPE", "SALE");
    assertFails(c, "42S02", "CREATE INDEX i ON nope (a)", "NOPE");
    assertFails(c, "42S01", "CREATE INDEX sale ON sale (product)", "SALE");
    update("CREATE INDEX i ON sale (product)");
    assertFails(c, "42S01", "CREATE INDEX i ON sale (user_id)", "I");
    run(c, "CREATE INDEX IF NOT EXISTS i ON sale (user_id)");
    assertTrue(Check.check(c, "SELECT id FROM sale WHERE product = 'p1'").plan().contains("INDEX I "));
  }
}
