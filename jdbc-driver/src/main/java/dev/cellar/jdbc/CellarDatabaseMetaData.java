package dev.cellar.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaDatabaseMetaData;

/**
 * Avatica's database metadata, with what Cellar answers differently: it has transactions
 * (snapshot isolation, served for every level up to {@code REPEATABLE_READ}; see
 * {@link CellarConnection}), of DML only, and DDL neither commits nor is ignored in one: it is
 * refused while the transaction has uncommitted writes.
 */
class CellarDatabaseMetaData extends AvaticaDatabaseMetaData {
  CellarDatabaseMetaData(AvaticaConnection connection) {
    super(connection);
  }

  @Override
  public boolean supportsTransactions() {
    return true;
  }

  @Override
  public int getDefaultTransactionIsolation() {
    return Connection.TRANSACTION_REPEATABLE_READ;
  }

  @Override
  public boolean supportsTransactionIsolationLevel(int level) {
    return CellarConnection.servesIsolation(level);
  }

  @Override
  public boolean supportsDataDefinitionAndDataManipulationTransactions() {
    return false;
  }

  @Override
  public boolean supportsDataManipulationTransactionsOnly() {
    return true;
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
    return true;
  }
}
