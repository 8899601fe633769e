package dev.cellar.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaDatabaseMetaData;
import org.apache.calcite.config.NullCollation;
import org.apache.calcite.jdbc.CalciteConnection;

/**
 * Avatica's database metadata (its result sets come from {@link CellarMeta}), with the answers
 * Avatica leaves unimplemented or gets wrong for Cellar given truthfully: result sets are
 * forward-only or scroll-insensitive, read-only and read a snapshot, so no change to the rows is visible or detected
 * while they are open; they stay open across commits; the database is not read-only,
 * {@code ALTER TABLE} adds and drops columns, {@code getGeneratedKeys} works, there are no
 * catalogs, procedures or privileges; NULLs sort as the connection's {@code defaultNullCollation}
 * says. It has transactions (snapshot isolation, served for every level up to
 * {@code REPEATABLE_READ}; see {@link CellarConnection}), of DML only: DDL neither commits one nor
 * is ignored in one, it is refused while the transaction has uncommitted writes.
 */
final class CellarDatabaseMetaData extends AvaticaDatabaseMetaData {
  private final AvaticaConnection connection;

  CellarDatabaseMetaData(AvaticaConnection connection) {
    super(connection);
    this.connection = connection;
  }

  @Override
  public boolean supportsResultSetType(int type) throws SQLException {
    return type == ResultSet.TYPE_FORWARD_ONLY || type == ResultSet.TYPE_SCROLL_INSENSITIVE;
  }

  @Override
  public boolean supportsResultSetConcurrency(int type, int concurrency) throws SQLException {
    return supportsResultSetType(type) && concurrency == ResultSet.CONCUR_READ_ONLY;
  }

  @Override
  public boolean ownUpdatesAreVisible(int type) throws SQLException {
    return false;
  }

  @Override
  public boolean ownDeletesAreVisible(int type) throws SQLException {
    return false;
  }

  @Override
  public boolean ownInsertsAreVisible(int type) throws SQLException {
    return false;
  }

  @Override
  public boolean othersUpdatesAreVisible(int type) throws SQLException {
    return false;
  }

  @Override
  public boolean othersDeletesAreVisible(int type) throws SQLException {
    return false;
  }

  @Override
  public boolean othersInsertsAreVisible(int type) throws SQLException {
    return false;
  }

  @Override
  public boolean updatesAreDetected(int type) throws SQLException {
    return false;
  }

  @Override
  public boolean deletesAreDetected(int type) throws SQLException {
    return false;
  }

  @Override
  public boolean insertsAreDetected(int type) throws SQLException {
    return false;
  }

  /** Result sets stay open across commits ({@code HOLD_CURSORS_OVER_COMMIT}, the holdability they have). */
  @Override
  public boolean supportsResultSetHoldability(int holdability) throws SQLException {
    return holdability == ResultSet.HOLD_CURSORS_OVER_COMMIT;
  }

  @Override
  public boolean isReadOnly() throws SQLException {
    return connection.isReadOnly();
  }

  @Override
  public boolean supportsAlterTableWithAddColumn() throws SQLException {
    return true;
  }

  @Override
  public boolean supportsAlterTableWithDropColumn() throws SQLException {
    return true;
  }

  @Override
  public boolean supportsGetGeneratedKeys() throws SQLException {
    return true;
  }

  @Override
  public boolean supportsCatalogsInDataManipulation() throws SQLException {
    return false;
  }

  @Override
  public boolean supportsCatalogsInProcedureCalls() throws SQLException {
    return false;
  }

  @Override
  public boolean supportsCatalogsInTableDefinitions() throws SQLException {
    return false;
  }

  @Override
  public boolean supportsCatalogsInIndexDefinitions() throws SQLException {
    return false;
  }

  @Override
  public boolean supportsCatalogsInPrivilegeDefinitions() throws SQLException {
    return false;
  }

  @Override
  public boolean supportsSchemasInProcedureCalls() throws SQLException {
    return false;
  }

  @Override
  public boolean supportsSchemasInPrivilegeDefinitions() throws SQLException {
    return false;
  }

  @Override
  public boolean nullsAreSortedHigh() throws SQLException {
    return nullCollation() == NullCollation.HIGH;
  }

  @Override
  public boolean nullsAreSortedLow() throws SQLException {
    return nullCollation() == NullCollation.LOW;
  }

  @Override
  public boolean nullsAreSortedAtStart() throws SQLException {
    return nullCollation() == NullCollation.FIRST;
  }

  @Override
  public boolean nullsAreSortedAtEnd() throws SQLException {
    return nullCollation() == NullCollation.LAST;
  }

  private NullCollation nullCollation() throws SQLException {
    return connection.unwrap(CalciteConnection.class).config().defaultNullCollation();
  }

  /**
   * Whether the connection's store has transactions: snapshot reads, which the embedded engine
   * has and HBase does not (there every statement is applied row by row, each row atomically).
   */
  private boolean transactional() {
    return CellarConnection.transactional(connection);
  }

  @Override
  public boolean supportsTransactions() throws SQLException {
    return transactional();
  }

  /** {@code TRANSACTION_REPEATABLE_READ} (snapshot isolation); {@code TRANSACTION_NONE} on a store without transactions. */
  @Override
  public int getDefaultTransactionIsolation() throws SQLException {
    return transactional() ? java.sql.Connection.TRANSACTION_REPEATABLE_READ : java.sql.Connection.TRANSACTION_NONE;
  }

  @Override
  public boolean supportsTransactionIsolationLevel(int level) throws SQLException {
    return transactional() ? CellarConnection.servesIsolation(level) : level == java.sql.Connection.TRANSACTION_NONE;
  }

  @Override
  public boolean supportsDataDefinitionAndDataManipulationTransactions() {
    return false;
  }

  @Override
  public boolean supportsDataManipulationTransactionsOnly() throws SQLException {
    return transactional();
  }

  @Override
  public boolean dataDefinitionCausesTransactionCommit() {
    return false;
  }

  @Override
  public boolean dataDefinitionIgnoredInTransactions() {
    return false;
  }

  @Override
  public boolean supportsMultipleTransactions() throws SQLException {
    return transactional();
  }
}
