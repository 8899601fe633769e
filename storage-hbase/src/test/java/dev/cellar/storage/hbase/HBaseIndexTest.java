package dev.cellar.storage.hbase;

import static dev.cellar.jdbc.Sql.update;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.jdbc.Sql;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Secondary indexes over HBase, whose batches are atomic per row only: the entries are written
 * unverified before their rows and verified after ({@code sql-planner/docs/indexes.md} §3).
 * Indexed queries agree with reads of the table itself on every path (covered, uncovered, a full
 * read of the index with a condition on an included column), also after a write that fails at
 * any of its row writes, on HBase and on the embedded engine written row by row
 * ({@link FaultyStoreProvider}); {@code ALTER INDEX ... VERIFY} counts only what a failed write
 * left, and after {@code REPAIR} counts nothing.
 */
@Tag("jdbc")
class HBaseIndexTest {
  private static final String NAMESPACE = "idxtest";
  private static final String INITIAL = "INSERT INTO f VALUES (1, 'a', 10), (2, 'b', 20), (3, 'c', 30), (4, 'd', 40)";
  /** Statements that change entries in every way: new, moved, included values changed, removed. */
  private static final List<String> STATEMENTS = List.of(
      "INSERT INTO f VALUES (5, 'e', 50), (6, 'b', 60)",
      "UPDATE f SET k = 'z' WHERE id <= 2",
      "UPDATE f SET v = v + 1 WHERE id >= 3",
      "DELETE FROM f WHERE id IN (1, 3)",
      "UPSERT INTO f VALUES (2, 'q', 21), (7, 'r', 70)");
  /** Each query through an index, and the same without: they must agree. */
  private static final List<String> QUERIES = List.of(
      "SELECT id, k, v FROM f %s WHERE k >= 'a'",
      "SELECT id, v FROM f %s WHERE k = 'b'",
      "SELECT id, k FROM f %s WHERE v > 0",
      "SELECT k, v FROM f %s WHERE v < 35",
      "SELECT COUNT(*) FROM f %s WHERE v >= 0");
  private static final List<String> HINTS = List.of("/*+ INDEX(fk) */", "/*+ INDEX(fk) */", "/*+ INDEX(fv) */",
      "/*+ INDEX(fk) */", "/*+ INDEX(fv) */");

  @AfterEach
  void noFaults() {
    FaultyStoreProvider.failAfter(0);
  }

  private static String url() {
    return MiniHBase.jdbcUrl() + ";hbaseNamespace=" + NAMESPACE;
  }

  /** The rows of {@code sql}, each its values joined by commas. */
  static List<String> rows(Connection c, String sql) throws SQLException {
    return Sql.strings(c, sql, ",");
  }

  private static List<String> sorted(List<String> rows) {
    List<String> out = new ArrayList<>(rows);
    Collections.sort(out);
    return out;
  }

  /** Every query gives the same rows through its index as from the table alone. */
  private static void agree(Connection c, String when) throws SQLException {
    for (int i = 0; i < QUERIES.size(); i++) {
      String q = QUERIES.get(i);
      List<String> table = sorted(rows(c, String.format(q, "/*+ NO_INDEX */")));
      List<String> index = sorted(rows(c, String.format(q, HINTS.get(i))));
      assertEquals(table, index, when + ": " + String.format(q, HINTS.get(i)));
    }
  }

  @Test
  void indexesAreBuiltMaintainedAndReadOnHBase() throws Exception {
    try (Connection c = DriverManager.getConnection(url())) {
      update(c, "CREATE TABLE sale (id INTEGER PRIMARY KEY, product VARCHAR, price DECIMAL(8,2), qty INTEGER)");
      update(c, "INSERT INTO sale VALUES (1, 'p1', 1.50, 5), (2, 'p2', 2.50, 6), (3, 'p3', 3.50, 7), (4, 'p1', 4.50, 8)");
      assertEquals(4, update(c, "CREATE INDEX sale_product ON sale (product) INCLUDE (price)"));
      update(c, "CREATE UNIQUE INDEX sale_qty ON sale (qty)");
      update(c, "CREATE LOCAL INDEX sale_price ON sale (price DESC)");
      String plan = String.join("\n", rows(c, "EXPLAIN PLAN FOR SELECT id, price FROM sale WHERE product = 'p1'"));
      assertTrue(plan.contains("SALE_PRODUCT") && plan.contains("covers the query"), plan);
      assertEquals(List.of("1,1.50", "4,4.50"), sorted(rows(c, "SELECT id, price FROM sale WHERE product = 'p1'")));
      assertEquals(List.of("3,p3"), rows(c, "SELECT id, product FROM sale WHERE qty = 7"));
      assertEquals(List.of("4.50", "3.50"), rows(c, "SELECT price FROM sale /*+ INDEX(sale_price) */ "
          + "ORDER BY price DESC LIMIT 2"));

      update(c, "UPDATE sale SET product = 'p9', price = 9.00 WHERE id = 1");
      update(c, "DELETE FROM sale WHERE id = 2");
      update(c, "UPSERT INTO sale (id, qty) VALUES (3, 70)");
      SQLException e = assertThrows(SQLException.class, () -> update(c, "INSERT INTO sale VALUES (5, 'p5', 5, 8)"));
      assertEquals("23505", e.getSQLState());
      assertTrue(e.getMessage().contains("SALE_QTY"), e.getMessage());
      assertEquals(List.of("4,4.50"), rows(c, "SELECT id, price FROM sale WHERE product = 'p1'"));
      assertEquals(List.of("1,9.00"), rows(c, "SELECT id, price FROM sale WHERE product = 'p9'"));
      assertEquals(List.of("3,p3"), rows(c, "SELECT id, product FROM sale WHERE qty = 70"));
      assertEquals(List.of(), rows(c, "SELECT id FROM sale WHERE qty = 7"));
      assertEquals(3, update(c, "ALTER INDEX sale_product ON sale REBUILD"));
      for (String ix : List.of("sale_product", "sale_qty", "sale_price")) {
        assertEquals(0, update(c, "ALTER INDEX " + ix + " ON sale VERIFY"), ix);
      }
    }
  }

  /**
   * Two processes changing one row at the same moment each mark their own entry verified, and the
   * row keeps one of their values: the other entry stays, verified, for values its row no longer
   * has. That outcome is made here by hand: the entry of the row's old values is copied before an
   * UPDATE moves the row to another entry, and put back verified afterwards with the plain
   * client. Readers over HBase check every entry against its row, so no read through the index,
   * covered or not, returns the row under its old values; VERIFY counts the stale entry and
   * REPAIR removes it.
   */
  @Test
  void anEntryVerifiedForValuesItsRowNoLongerHasIsNotBelieved() throws Exception {
    try (Connection c = DriverManager.getConnection(url())) {
      update(c, "CREATE TABLE race (id INTEGER PRIMARY KEY, product VARCHAR, price INTEGER, qty INTEGER)");
      update(c, "INSERT INTO race VALUES (1, 'p1', 10, 5), (2, 'p1', 20, 6)");
      update(c, "CREATE INDEX race_product ON race (product) INCLUDE (price)");
      TableName index = storeTable("RACE_PRODUCT");
      List<org.apache.hadoop.hbase.Cell> lost = new ArrayList<>();
      try (Table t = MiniHBase.connection().getTable(index);
          ResultScanner s = t.getScanner(new Scan())) {
        for (org.apache.hadoop.hbase.client.Result r : s) {
          // the entry of row 1: its key ends with id 1 (INTEGER, sign bit flipped)
          if (Bytes.toStringBinary(r.getRow()).endsWith("\\x80\\x00\\x00\\x01")) {
            lost.addAll(r.listCells());
          }
        }
      }
      assertEquals(2, lost.size(), "the marker and the included price of row 1's entry");
      update(c, "UPDATE race SET product = 'p7', price = 70 WHERE id = 1");
      try (Table t = MiniHBase.connection().getTable(index)) {
        long after = 0;
        try (ResultScanner s = t.getScanner(new Scan().readAllVersions().setRaw(true))) {
          for (org.apache.hadoop.hbase.client.Result r : s) {
            for (org.apache.hadoop.hbase.Cell cell : r.rawCells()) {
              after = Math.max(after, cell.getTimestamp());
            }
          }
        }
        Put back = new Put(CellUtil.cloneRow(lost.get(0)));
        for (org.apache.hadoop.hbase.Cell cell : lost) {
          back.addColumn(CellUtil.cloneFamily(cell), CellUtil.cloneQualifier(cell), after + 1, CellUtil.cloneValue(cell));
        }
        t.put(back);
      }
      assertEquals(List.of("2,20"), rows(c, "SELECT id, price FROM race WHERE product = 'p1'"));
      String covered = String.join("\n", rows(c, "EXPLAIN PLAN FOR SELECT id, price FROM race WHERE product = 'p1'"));
      assertTrue(covered.contains("RACE_PRODUCT") && covered.contains("covers the query"), covered);
      assertEquals(List.of("2,6"), rows(c, "SELECT id, qty FROM race WHERE product = 'p1'"));
      assertEquals(List.of("1,70,5"), rows(c, "SELECT id, price, qty FROM race WHERE product = 'p7'"));
      assertEquals(List.of("1"), rows(c, "SELECT COUNT(*) FROM race /*+ INDEX(race_product) */ WHERE product = 'p1'"));
      assertEquals(List.of("1,p7", "2,p1"), rows(c, "SELECT id, product FROM race /*+ INDEX(race_product) */ "
          + "WHERE product >= 'p' ORDER BY id"));
      assertEquals(1, update(c, "ALTER INDEX race_product ON race REPAIR"));
      assertEquals(0, update(c, "ALTER INDEX race_product ON race VERIFY"));
    }
  }

  /** The HBase table of Cellar's store table whose name ends with {@code suffix}, in this test's namespace. */
  private static TableName storeTable(String suffix) throws Exception {
    try (Admin admin = MiniHBase.connection().getAdmin()) {
      for (TableName t : admin.listTableNamesByNamespace(NAMESPACE)) {
        if (t.getQualifierAsString().endsWith(suffix)) {
          return t;
        }
      }
    }
    throw new AssertionError("no table ending with " + suffix + " in namespace " + NAMESPACE);
  }

  @Test
  void failuresBetweenIndexAndDataWritesOnHBase() throws Exception {
    // the statements that move entries and remove them (the embedded engine runs them all)
    failAtEveryWrite("jdbc:cellar:faulty:hbase:localhost:" + MiniHBase.zkPort() + "/hbase;hbaseNamespace=" + NAMESPACE,
        List.of(STATEMENTS.get(1), STATEMENTS.get(3)));
  }

  @Test
  void failuresBetweenIndexAndDataWritesOnTheEmbeddedEngineWrittenRowByRow() throws Exception {
    failAtEveryWrite("jdbc:cellar:faulty:mem:faults", STATEMENTS);
  }

  /**
   * Runs each statement failing at its first, second, ... row write until it succeeds; after each
   * failure the indexed queries agree with the table, VERIFY counts at most what the statement
   * touched (nothing when it failed before writing), and REPAIR leaves nothing to count.
   */
  private static void failAtEveryWrite(String url, List<String> statements) throws Exception {
    try (Connection c = DriverManager.getConnection(url)) {
      update(c, "CREATE TABLE f (id INTEGER PRIMARY KEY, k VARCHAR, v INTEGER)");
      update(c, "CREATE INDEX fk ON f (k) INCLUDE (v)");
      update(c, "CREATE INDEX fv ON f (v)");
      for (String statement : statements) {
        boolean succeeded = false;
        for (int n = 1; !succeeded; n++) {
          update(c, "DELETE FROM f");
          update(c, INITIAL);
          assertEquals(0, verify(c, true), "before " + statement);
          FaultyStoreProvider.failAfter(n);
          try {
            update(c, statement);
            succeeded = true;
          } catch (SQLException e) {
            assertTrue(n <= 30, statement + " still fails at row write " + n + ": " + e.getMessage());
          } finally {
            FaultyStoreProvider.failAfter(0);
          }
          String when = url + ": " + statement + (succeeded ? "" : " failing at row write " + n);
          agree(c, when);
          long differences = verify(c, false);
          if (succeeded || n == 1) {
            assertEquals(0, differences, when);
          } else {
            assertTrue(differences <= 8, when + ": " + differences + " differences");
          }
          assertEquals(differences, verify(c, true), when);
          assertEquals(0, verify(c, false), when + ", repaired");
          agree(c, when + ", repaired");
        }
      }
    }
  }

  /** The differences VERIFY (or REPAIR) finds in both indexes. */
  private static long verify(Connection c, boolean repair) throws SQLException {
    String how = repair ? " REPAIR" : " VERIFY";
    return update(c, "ALTER INDEX fk ON f" + how) + update(c, "ALTER INDEX fv ON f" + how);
  }
}
