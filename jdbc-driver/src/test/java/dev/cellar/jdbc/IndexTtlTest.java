package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;

import java.sql.Connection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Indexes of a table with a TTL: entries expire with their rows (the index's family has the
 * table's TTL), and writing a row's indexed cells again renews its entries with them. Once, an
 * expired row was still found through its index.
 */
class IndexTtlTest {
  private Connection c;

  @BeforeEach
  void open() throws Exception {
    c = Sql.connect(Sql.freshMem());
    run(c, "CREATE TABLE t (id INTEGER PRIMARY KEY, v VARCHAR, w INTEGER) TTL=2",
        "CREATE INDEX t_v ON t (v)", "CREATE INDEX t_v_w ON t (v) INCLUDE (w)", "CREATE LOCAL INDEX t_w ON t (w)");
  }

  @AfterEach
  void close() throws Exception {
    c.close();
  }

  @Test
  void anExpiredRowIsNotFoundThroughItsIndexes() throws Exception {
    run(c, "UPSERT INTO t VALUES (1, 'a', 10)");
    assertRows(c, "SELECT id FROM t WHERE v = 'a'", "1");
    Thread.sleep(3000);
    assertRows(c, "SELECT COUNT(*) FROM t", "0");
    assertRows(c, "SELECT id FROM t WHERE v = 'a'");
    assertRows(c, "SELECT id, w FROM t WHERE v = 'a'");
    assertRows(c, "SELECT id FROM t WHERE w = 10");
  }

  @Test
  void writingTheIndexedCellsAgainRenewsTheEntries() throws Exception {
    run(c, "UPSERT INTO t VALUES (1, 'a', 10)");
    Thread.sleep(1200);
    run(c, "UPSERT INTO t VALUES (1, 'a', 10)");
    Thread.sleep(1200);
    // past the first write's TTL, within the second's
    assertRows(c, "SELECT /*+ NO_INDEX */ id FROM t WHERE v = 'a'", "1");
    assertRows(c, "SELECT id FROM t WHERE v = 'a'", "1");
    assertRows(c, "SELECT id, w FROM t WHERE v = 'a'", "1, 10");
    assertRows(c, "SELECT id FROM t WHERE w = 10", "1");
  }
}
