package dev.cellar.storage.hbase;

import static dev.cellar.jdbc.Sql.update;
import static dev.cellar.storage.hbase.HBaseIndexTest.rows;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What a multi-row statement guarantees on HBase ({@code storage-hbase/README.md}, "Statements
 * and transactions"): no transactions, as {@link DatabaseMetaData} says; a statement's checks
 * run before it writes anything (a failed check writes nothing); its rows are written one by
 * one, each atomically, so a failure part way leaves the rows before it; a concurrent reader sees
 * every row whole but may see a statement half applied.
 */
@Tag("jdbc")
class HBaseStatementsTest {
  private static final String NAMESPACE = "stmttest";

  private static String url() {
    return MiniHBase.jdbcUrl() + ";hbaseNamespace=" + NAMESPACE;
  }

  @AfterEach
  void noFaults() {
    FaultyStoreProvider.failAfter(0);
  }

  @Test
  void databaseMetaDataSaysThereAreNoTransactions() throws Exception {
    try (Connection c = DriverManager.getConnection(url())) {
      DatabaseMetaData md = c.getMetaData();
      assertFalse(md.supportsTransactions());
      assertEquals(Connection.TRANSACTION_NONE, md.getDefaultTransactionIsolation());
      assertTrue(md.supportsTransactionIsolationLevel(Connection.TRANSACTION_NONE));
      assertFalse(md.supportsTransactionIsolationLevel(Connection.TRANSACTION_READ_COMMITTED));
      assertFalse(md.supportsMultipleTransactions());
      assertFalse(md.supportsDataManipulationTransactionsOnly());
      assertEquals(Connection.TRANSACTION_NONE, c.getTransactionIsolation());
      update(c, "CREATE TABLE m1 (id INTEGER PRIMARY KEY)");
      c.setAutoCommit(false);
      SQLException e = assertThrows(SQLException.class, () -> rows(c, "SELECT * FROM m1"));
      assertEquals("0A000", e.getSQLState());
    }
    try (Connection c = DriverManager.getConnection("jdbc:cellar:mem:")) {
      DatabaseMetaData md = c.getMetaData();
      assertTrue(md.supportsTransactions());
      assertEquals(Connection.TRANSACTION_REPEATABLE_READ, md.getDefaultTransactionIsolation());
      assertTrue(md.supportsMultipleTransactions());
      assertEquals(Connection.TRANSACTION_REPEATABLE_READ, c.getTransactionIsolation());
    }
  }

  @Test
  void aFailedCheckWritesNothingAndAFailedWriteLeavesTheRowsBeforeIt() throws Exception {
    try (Connection c = DriverManager.getConnection(url())) {
      update(c, "CREATE TABLE h (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)");
      update(c, "INSERT INTO h VALUES (3, 30)");
      SQLException e = assertThrows(SQLException.class, () -> update(c, "INSERT INTO h VALUES (1, 10), (2, 20), (3, 31)"));
      assertEquals("23505", e.getSQLState());
      e = assertThrows(SQLException.class, () -> update(c, "INSERT INTO h VALUES (4, 40), (5, NULL)"));
      assertEquals("23502", e.getSQLState());
      assertEquals(List.of("3,30"), rows(c, "SELECT * FROM h"));
    }
    String faulty = "jdbc:cellar:faulty:hbase:localhost:" + MiniHBase.zkPort() + "/hbase;hbaseNamespace=" + NAMESPACE;
    try (Connection c = DriverManager.getConnection(faulty)) {
      update(c, "CREATE TABLE r (id INTEGER PRIMARY KEY, v INTEGER)");
      FaultyStoreProvider.failAfter(3);
      assertThrows(SQLException.class, () -> update(c, "UPSERT INTO r VALUES (1, 10), (2, 20), (3, 30), (4, 40)"));
      FaultyStoreProvider.failAfter(0);
      assertEquals(List.of("1,10", "2,20"), rows(c, "SELECT * FROM r ORDER BY id"));
    }
  }

  /**
   * A batch of UPSERTs is one write (every cell of it has one timestamp); a batch of INSERTs runs
   * its sets one at a time (HBase decides row by row whether a key exists), stopping at the first
   * that fails with the sets before it written.
   */
  @Test
  void aBatchOfUpsertsIsOneWriteAndABatchOfInsertsStopsAtItsFailingSet() throws Exception {
    try (Connection c = DriverManager.getConnection(url())) {
      update(c, "CREATE TABLE batched (id INTEGER PRIMARY KEY, v VARCHAR)");
      update(c, "INSERT INTO batched VALUES (7, 'old')");
      try (PreparedStatement p = c.prepareStatement("UPSERT INTO batched VALUES (?, ?)")) {
        for (int i = 100; i < 150; i++) {
          p.setInt(1, i);
          p.setString(2, "u" + i);
          p.addBatch();
        }
        assertEquals(50, p.executeBatch().length);
      }
      Set<Long> stamps = new TreeSet<>();
      TableName table = null;
      try (Admin admin = MiniHBase.connection().getAdmin()) {
        for (TableName t : admin.listTableNamesByNamespace(NAMESPACE)) {
          table = t.getQualifierAsString().endsWith("BATCHED") ? t : table;
        }
      }
      try (Table t = MiniHBase.connection().getTable(table);
          ResultScanner s = t.getScanner(new Scan().withStartRow(Bytes.toBytes(Integer.MIN_VALUE + 100)))) {
        for (org.apache.hadoop.hbase.client.Result r : s) {
          for (org.apache.hadoop.hbase.Cell cell : r.rawCells()) {
            stamps.add(cell.getTimestamp());
          }
        }
      }
      assertEquals(1, stamps.size(), stamps::toString);
      try (PreparedStatement p = c.prepareStatement("INSERT INTO batched VALUES (?, ?)")) {
        for (int id : new int[] {1, 2, 7, 3}) {
          p.setInt(1, id);
          p.setString(2, "i" + id);
          p.addBatch();
        }
        BatchUpdateException e = assertThrows(BatchUpdateException.class, p::executeBatch);
        assertEquals("23505", e.getSQLState());
        assertArrayEquals(new int[] {1, 1}, e.getUpdateCounts());
      }
      assertEquals(List.of("1,i1", "2,i2", "7,old"), rows(c, "SELECT * FROM batched WHERE id < 100 ORDER BY id"));
      assertEquals(List.of("50,u100,u149"), rows(c, "SELECT COUNT(*), MIN(v), MAX(v) FROM batched WHERE id >= 100"));
    }
  }

  @Test
  void aConcurrentReaderSeesEveryRowWhole() throws Exception {
    try (Connection c = DriverManager.getConnection(url()); Connection reader = DriverManager.getConnection(url())) {
      update(c, "CREATE TABLE g (id INTEGER PRIMARY KEY, a INTEGER, b INTEGER)");
      StringBuilder values = new StringBuilder();
      for (int i = 0; i < 50; i++) {
        values.append(i > 0 ? ", " : "").append('(').append(i).append(", 0, 0)");
      }
      update(c, "INSERT INTO g VALUES " + values);
      AtomicBoolean done = new AtomicBoolean();
      AtomicReference<Throwable> failed = new AtomicReference<>();
      Thread writer = new Thread(() -> {
        try {
          for (int i = 0; i < 10; i++) {
            update(c, "UPDATE g SET a = a + 1, b = b + 1");
          }
        } catch (Throwable t) {
          failed.set(t);
        } finally {
          done.set(true);
        }
      });
      writer.start();
      int reads = 0;
      while (!done.get() || reads == 0) {
        assertEquals(List.of("0"), rows(reader, "SELECT COUNT(*) FROM g WHERE a <> b"));
        reads++;
      }
      writer.join();
      assertEquals(null, failed.get());
      assertEquals(List.of("50,10,10"), rows(reader, "SELECT COUNT(*), MIN(a), MAX(b) FROM g"));
    }
  }
}
