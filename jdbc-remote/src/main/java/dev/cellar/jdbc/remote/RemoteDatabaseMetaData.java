package dev.cellar.jdbc.remote;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaDatabaseMetaData;

/**
 * The remote driver's {@code DatabaseMetaData}: Avatica's, with what its protocol has no call
 * for read by SQL from the server's system tables, so that a remote client sees what an
 * embedded one does: {@link #getPrimaryKeys} from {@code CELLAR.PRIMARY_KEYS},
 * {@link #getIndexInfo} from {@code CELLAR.INDEX_INFO}; and the database's product name and
 * version as the server reports them.
 */
public class RemoteDatabaseMetaData extends AvaticaDatabaseMetaData {
  private volatile Properties server;

  /** The metadata of {@code connection}. */
  public RemoteDatabaseMetaData(AvaticaConnection connection) {
    super(connection);
  }

  /** The primary key columns of {@code table}, ordered by COLUMN_NAME, from {@code CELLAR.PRIMARY_KEYS}. */
  @Override
  public ResultSet getPrimaryKeys(String catalog, String schema, String table) throws SQLException {
    return query("PRIMARY_KEYS", List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "KEY_SEQ",
        "PK_NAME"), schema, table, false, List.of("TABLE_NAME", "COLUMN_NAME"));
  }

  /**
   * The primary key (as a unique index) and the secondary indexes of {@code table}, ordered by
   * NON_UNIQUE, TYPE, INDEX_NAME and ORDINAL_POSITION, from {@code CELLAR.INDEX_INFO}.
   */
  @Override
  public ResultSet getIndexInfo(String catalog, String schema, String table, boolean unique, boolean approximate)
      throws SQLException {
    return query("INDEX_INFO", List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "NON_UNIQUE", "INDEX_QUALIFIER",
        "INDEX_NAME", "TYPE", "ORDINAL_POSITION", "COLUMN_NAME", "ASC_OR_DESC", "CARDINALITY", "PAGES",
        "FILTER_CONDITION"), schema, table, unique, List.of("NON_UNIQUE", "TYPE", "INDEX_NAME", "ORDINAL_POSITION"));
  }

  /** The server's product name, {@code Cellar}. */
  @Override
  public String getDatabaseProductName() throws SQLException {
    return serverProperty("GET_DATABASE_PRODUCT_NAME", super.getDatabaseProductName());
  }

  /** The server's version. */
  @Override
  public String getDatabaseProductVersion() throws SQLException {
    return serverProperty("GET_DATABASE_PRODUCT_VERSION", super.getDatabaseProductVersion());
  }

  // ---- what the embedded driver answers: transactions (snapshot isolation), result sets --------

  @Override
  public boolean supportsTransactions() {
    return true;
  }

  @Override
  public int getDefaultTransactionIsolation() {
    return Connection.TRANSACTION_REPEATABLE_READ;
  }

  /** READ_UNCOMMITTED, READ_COMMITTED and REPEATABLE_READ, all served by snapshot isolation; not SERIALIZABLE. */
  @Override
  public boolean supportsTransactionIsolationLevel(int level) {
    return level == Connection.TRANSACTION_READ_UNCOMMITTED || level == Connection.TRANSACTION_READ_COMMITTED
        || level == Connection.TRANSACTION_REPEATABLE_READ;
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
  public boolean supportsMultipleTransactions() {
    return true;
  }

  /** Result sets are read-only and forward-only and see no changes made while they are open. */
  @Override
  public boolean ownUpdatesAreVisible(int type) {
    return false;
  }

  @Override
  public boolean ownDeletesAreVisible(int type) {
    return false;
  }

  @Override
  public boolean ownInsertsAreVisible(int type) {
    return false;
  }

  @Override
  public boolean othersUpdatesAreVisible(int type) {
    return false;
  }

  @Override
  public boolean othersDeletesAreVisible(int type) {
    return false;
  }

  @Override
  public boolean othersInsertsAreVisible(int type) {
    return false;
  }

  @Override
  public boolean updatesAreDetected(int type) {
    return false;
  }

  @Override
  public boolean deletesAreDetected(int type) {
    return false;
  }

  @Override
  public boolean insertsAreDetected(int type) {
    return false;
  }

  private String serverProperty(String name, String fallback) {
    Properties p = server;
    if (p == null) {
      p = getRemoteAvaticaProperties();
      server = p;
    }
    String v = p.getProperty(name);
    return v == null || v.isEmpty() ? fallback : v;
  }

  /**
   * Reads {@code columns} of the system table {@code CELLAR.table} where the schema and table are
   * those given (if given), and only unique indexes if {@code uniqueOnly}, ordered by
   * {@code orderBy}; the statement closes with its result set. Names are quoted: some
   * ({@code TYPE}, {@code CARDINALITY}) are SQL keywords.
   */
  private ResultSet query(String systemTable, List<String> columns, String schema, String table, boolean uniqueOnly,
      List<String> orderBy) throws SQLException {
    List<String> where = new ArrayList<>();
    List<String> args = new ArrayList<>();
    if (schema != null) {
      where.add("\"TABLE_SCHEM\" = ?");
      args.add(schema);
    }
    if (table != null) {
      where.add("\"TABLE_NAME\" = ?");
      args.add(table);
    }
    if (uniqueOnly) {
      where.add("\"NON_UNIQUE\" = FALSE");
    }
    String sql = "SELECT " + quoted(columns) + " FROM \"CELLAR\".\"" + systemTable + "\""
        + (where.isEmpty() ? "" : " WHERE " + String.join(" AND ", where)) + " ORDER BY " + quoted(orderBy);
    PreparedStatement p = getConnection().prepareStatement(sql);
    try {
      for (int i = 0; i < args.size(); i++) {
        p.setString(i + 1, args.get(i));
      }
      p.closeOnCompletion();
      return p.executeQuery();
    } catch (SQLException | RuntimeException e) {
      p.close();
      throw e;
    }
  }

  private static String quoted(List<String> names) {
    StringBuilder sb = new StringBuilder();
    for (String n : names) {
      sb.append(sb.length() == 0 ? "" : ", ").append('"').append(n).append('"');
    }
    return sb.toString();
  }
}
