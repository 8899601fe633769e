package dev.cellar.jdbc;

import static dev.cellar.jdbc.Check.check;
import static dev.cellar.jdbc.Sql.assertFails;
import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Transactions: auto-commit off, snapshot isolation, read-your-writes in every read path, first
 * committer wins, atomic commit of rows and index entries, rollback, the size cap, DDL inside a
 * transaction, and what the driver reports.
 */
class TransactionTest {
  private static final String TABLE = "CREATE TABLE acct (id INTEGER NOT NULL PRIMARY KEY, owner VARCHAR, "
      + "balance BIGINT)";

  @Test
  void writesAreSeenByTheirTransactionInEveryReadPathAndByOthersOnlyAfterCommit() throws SQLException {
    String url = Sql.freshMem();
    try (Connection a = Sql.connect(url); Connection b = Sql.connect(url)) {
      run(a, TABLE, "CREATE INDEX acct_owner ON acct (owner) INCLUDE (balance)",
          "INSERT INTO acct VALUES (1, 'ann', 100), (2, 'bob', 50)");
      a.setAutoCommit(false);
      assertFalse(a.getAutoCommit());
      run(a, "INSERT INTO acct VALUES (3, 'cy', 70)", "UPDATE acct SET balance = balance - 10 WHERE id = 1",
          "DELETE FROM acct WHERE id = 2");
      // the transaction sees its own writes: scans, point reads, index lookups, aggregates, joins
      assertRows(a, "SELECT id, owner, balance FROM acct ORDER BY id", "1, ann, 90", "3, cy, 70");
      assertRows(a, "SELECT balance FROM acct WHERE id = 3", "70");
      check(a, "SELECT id FROM acct WHERE owner = 'cy'").explainContains("ACCT_OWNER").returns("3");
      check(a, "SELECT balance FROM acct WHERE owner = 'bob'").explainContains("ACCT_OWNER").returns();
      assertRows(a, "SELECT COUNT(*), SUM(balance) FROM acct", "2, 160");
      assertRows(a, "SELECT x.id, y.id FROM acct x JOIN acct y ON x.id = y.id + 2", "3, 1");
      // others do not
      assertRows(b, "SELECT id, owner, balance FROM acct ORDER BY id", "1, ann, 100", "2, bob, 50");
      check(b, "SELECT id FROM acct WHERE owner = 'cy'").explainContains("ACCT_OWNER").returns();
      a.commit();
      assertRows(b, "SELECT id, owner, balance FROM acct ORDER BY id", "1, ann, 90", "3, cy, 70");
      check(b, "SELECT id FROM acct WHERE owner = 'cy'").explainContains("ACCT_OWNER").returns("3");
      check(b, "SELECT id FROM acct WHERE owner = 'bob'").explainContains("ACCT_OWNER").returns();
      try (Statement s = b.createStatement()) {
        assertEquals(0, s.executeLargeUpdate("ALTER INDEX acct_owner ON acct VERIFY"));
      }
    }
  }

  @Test
  void rollbackLeavesNothingAndCloseRollsBack() throws SQLException {
    String url = Sql.freshMem();
    try (Connection a = Sql.connect(url); Connection b = Sql.connect(url)) {
      run(a, TABLE, "CREATE INDEX acct_owner ON acct (owner)", "INSERT INTO acct VALUES (1, 'ann', 100)");
      a.setAutoCommit(false);
      run(a, "INSERT INTO acct VALUES (2, 'bob', 50)", "UPDATE acct SET owner = 'zed' WHERE id = 1");
      assertRows(a, "SELECT id, owner FROM acct ORDER BY id", "1, zed", "2, bob");
      a.rollback();
      assertRows(a, "SELECT id, owner FROM acct ORDER BY id", "1, ann");
      check(a, "SELECT id FROM acct WHERE owner = 'zed'").explainContains("ACCT_OWNER").returns();
      run(a, "INSERT INTO acct VALUES (3, 'cy', 1)");
      Connection c = Sql.connect(url);
      c.setAutoCommit(false);
      run(c, "INSERT INTO acct VALUES (4, 'dee', 1)");
      c.close();
      a.commit();
      assertRows(b, "SELECT id, owner FROM acct ORDER BY id", "1, ann", "3, cy");
      try (Statement s = b.createStatement()) {
        assertEquals(0, s.executeLargeUpdate("ALTER INDEX acct_owner ON acct VERIFY"));
      }
    }
  }

  @Test
  void aTransactionReadsOneSnapshotTakenAtItsFirstStatement() throws SQLException {
    String url = Sql.freshMem();
    try (Connection a = Sql.connect(url); Connection b = Sql.connect(url)) {
      run(a, TABLE, "INSERT INTO acct VALUES (1, 'ann', 100)");
      a.setAutoCommit(false);
      assertRows(a, "SELECT balance FROM acct WHERE id = 1", "100");
      run(b, "UPDATE acct SET balance = 1 WHERE id = 1", "INSERT INTO acct VALUES (2, 'bob', 5)");
      assertRows(a, "SELECT balance FROM acct WHERE id = 1", "100");
      assertRows(a, "SELECT COUNT(*) FROM acct", "1");
      a.commit();
      // the next transaction begins with its next statement, and sees what was committed
      assertRows(a, "SELECT id, balance FROM acct ORDER BY id", "1, 1", "2, 5");
      a.rollback();
    }
  }

  @Test
  void theFirstCommitterWinsAndTheLoserWritesNothing() throws SQLException {
    String url = Sql.freshMem();
    try (Connection a = Sql.connect(url); Connection b = Sql.connect(url)) {
      run(a, TABLE, "CREATE UNIQUE INDEX acct_uowner ON acct (owner)", "INSERT INTO acct VALUES (1, 'ann', 100)");
      a.setAutoCommit(false);
      b.setAutoCommit(false);
      run(a, "UPDATE acct SET balance = balance + 1 WHERE id = 1");
      run(b, "UPDATE acct SET balance = balance + 10 WHERE id = 1", "INSERT INTO acct VALUES (5, 'eve', 0)");
      a.commit();
      SQLException e = assertThrows(SQLException.class, b::commit);
      assertEquals("40001", e.getSQLState(), e.getMessage());
      // the row is named by its key, as a duplicate key is
      assertTrue(e.getMessage().startsWith("could not commit: row (ID)=(1) of table ACCT was changed by another "
          + "transaction after this one began; nothing was written"), e.getMessage());
      assertRows(a, "SELECT id, balance FROM acct ORDER BY id", "1, 101");
      // a unique value taken by two transactions at once: the second to commit loses
      run(a, "INSERT INTO acct VALUES (7, 'kim', 0)");
      run(b, "INSERT INTO acct VALUES (8, 'kim', 0)");
      b.commit();
      SQLException e2 = assertThrows(SQLException.class, a::commit);
      assertEquals("40001", e2.getSQLState(), e2.getMessage());
      assertRows(b, "SELECT id, owner FROM acct ORDER BY id", "1, ann", "8, kim");
      b.commit();
    }
  }

  @Test
  void autocommitStatementsOfOthersConflictToo() throws SQLException {
    String url = Sql.freshMem();
    try (Connection a = Sql.connect(url); Connection b = Sql.connect(url)) {
      run(a, TABLE, "INSERT INTO acct VALUES (1, 'ann', 100)");
      a.setAutoCommit(false);
      run(a, "DELETE FROM acct WHERE id = 1");
      run(b, "UPDATE acct SET balance = 0 WHERE id = 1");
      assertEquals("40001", assertThrows(SQLException.class, a::commit).getSQLState());
      assertRows(b, "SELECT balance FROM acct", "0");
    }
  }

  @Test
  void setAutoCommitTrueCommitsAndCommitWithAutoCommitOnDoesNothing() throws SQLException {
    String url = Sql.freshMem();
    try (Connection a = Sql.connect(url); Connection b = Sql.connect(url)) {
      run(a, TABLE, "INSERT INTO acct VALUES (0, 'zed', 1)");
      a.commit();
      a.rollback();
      assertRows(b, "SELECT COUNT(*) FROM acct", "1");
      run(a, "DELETE FROM acct");
      a.setAutoCommit(false);
      run(a, "INSERT INTO acct VALUES (1, 'ann', 100)");
      assertRows(b, "SELECT COUNT(*) FROM acct", "0");
      a.setAutoCommit(true);
      assertRows(b, "SELECT COUNT(*) FROM acct", "1");
    }
  }

  @Test
  void ddlIsRefusedWhileWritesAreUncommittedAndRunsOtherwise() throws SQLException {
    String url = Sql.freshMem();
    try (Connection a = Sql.connect(url)) {
      run(a, TABLE);
      a.setAutoCommit(false);
      assertRows(a, "SELECT COUNT(*) FROM acct", "0");
      run(a, "CREATE TABLE other (id INTEGER PRIMARY KEY)");
      run(a, "INSERT INTO acct VALUES (1, 'ann', 100)");
      assertFails(a, "25001", "CREATE INDEX acct_owner ON acct (owner)", "commit or roll back");
      a.commit();
      run(a, "CREATE INDEX acct_owner ON acct (owner)");
      check(a, "SELECT id FROM acct WHERE owner = 'ann'").explainContains("ACCT_OWNER").returns("1");
    }
  }

  @Test
  void anIndexCreatedWhileATransactionWritesItsTableFailsTheCommit() throws SQLException {
    String url = Sql.freshMem();
    try (Connection a = Sql.connect(url); Connection b = Sql.connect(url)) {
      run(a, TABLE);
      a.setAutoCommit(false);
      run(a, "INSERT INTO acct VALUES (1, 'ann', 100)");
      run(b, "CREATE INDEX acct_owner ON acct (owner)");
      SQLException e = assertThrows(SQLException.class, a::commit);
      assertEquals("40001", e.getSQLState(), e.getMessage());
      assertTrue(e.getMessage().contains("ACCT_OWNER"), e.getMessage());
      assertRows(b, "SELECT COUNT(*) FROM acct", "0");
    }
  }

  @Test
  void aStatementPassingTheSizeCapFailsAndTheTransactionGoesOn() throws SQLException {
    String url = Sql.freshMem();
    try (Connection a = DriverManager.getConnection(url + ";transactionMaxBytes=4000");
        Connection b = Sql.connect(url)) {
      run(a, TABLE);
      a.setAutoCommit(false);
      run(a, "INSERT INTO acct VALUES (1, 'ann', 100)");
      StringBuilder many = new StringBuilder("INSERT INTO acct VALUES (2, 'x', 0)");
      for (int i = 3; i < 200; i++) {
        many.append(", (").append(i).append(", 'x', 0)");
      }
      assertFails(a, "54000", many.toString(), "transactionMaxBytes", "4000");
      a.commit();
      assertRows(b, "SELECT id FROM acct", "1");
    }
  }

  @Test
  void theDriverReportsSnapshotIsolation() throws SQLException {
    try (Connection a = Sql.connect(Sql.freshMem())) {
      DatabaseMetaData md = a.getMetaData();
      assertTrue(md.supportsTransactions());
      assertEquals(Connection.TRANSACTION_REPEATABLE_READ, md.getDefaultTransactionIsolation());
      assertEquals(Connection.TRANSACTION_REPEATABLE_READ, a.getTransactionIsolation());
      for (int level : List.of(Connection.TRANSACTION_READ_UNCOMMITTED, Connection.TRANSACTION_READ_COMMITTED,
          Connection.TRANSACTION_REPEATABLE_READ)) {
        assertTrue(md.supportsTransactionIsolationLevel(level));
        a.setTransactionIsolation(level);
        assertEquals(Connection.TRANSACTION_REPEATABLE_READ, a.getTransactionIsolation());
      }
      assertFalse(md.supportsTransactionIsolationLevel(Connection.TRANSACTION_SERIALIZABLE));
      assertThrows(SQLFeatureNotSupportedException.class,
          () -> a.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE));
      assertTrue(md.supportsDataManipulationTransactionsOnly());
      assertFalse(md.dataDefinitionCausesTransactionCommit());
    }
  }

  @Test
  void preparedBatchesInATransactionCommitAsOne() throws SQLException {
    String url = Sql.freshMem();
    try (Connection a = Sql.connect(url); Connection b = Sql.connect(url)) {
      run(a, TABLE);
      a.setAutoCommit(false);
      try (PreparedStatement p = a.prepareStatement("INSERT INTO acct VALUES (?, ?, ?)")) {
        for (int i = 1; i <= 2500; i++) {
          p.setInt(1, i);
          p.setString(2, "o" + (i % 7));
          p.setLong(3, i);
          p.addBatch();
          if (i % 1000 == 0) {
            p.executeBatch();
          }
        }
        p.executeBatch();
      }
      assertRows(b, "SELECT COUNT(*) FROM acct", "0");
      assertRows(a, "SELECT COUNT(*), SUM(balance) FROM acct", "2500, 3126250");
      a.commit();
      assertRows(b, "SELECT COUNT(*), SUM(balance) FROM acct", "2500, 3126250");
    }
  }
}
