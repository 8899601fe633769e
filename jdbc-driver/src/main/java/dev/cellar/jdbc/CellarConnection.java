package dev.cellar.jdbc;

import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.schema.CellarSchema;
import dev.cellar.sql.session.CellarSession;
import java.sql.BatchUpdateException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.avatica.AvaticaFactory;
import org.apache.calcite.avatica.AvaticaPreparedStatement;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.Driver;

/**
 * A Cellar connection: Calcite's, with SQLStates on the errors of {@code prepareStatement}, a
 * failed batch reported as a {@link BatchUpdateException} with the update counts so far, and
 * transactions.
 *
 * <p>With auto-commit on (the default) every statement is atomic and committed when it returns.
 * With it off, statements run in a transaction begun by the first of them: snapshot isolation
 * ({@code TRANSACTION_REPEATABLE_READ}; the weaker levels are served by it too, as JDBC allows,
 * and {@code SERIALIZABLE} is refused), its writes held until {@link #commit}, which fails with
 * SQLState 40001 if another transaction committed a change of one of its rows first. Closing the
 * connection rolls back what is not committed. See {@code sql.md}, "Transactions".
 */
final class CellarConnection extends ConnectionChecks {
  CellarConnection(Driver driver, AvaticaFactory factory, String url, Properties info, CalciteSchema rootSchema,
      JavaTypeFactory typeFactory) {
    super(driver, factory, url, info, rootSchema, typeFactory);
  }

  /** The connection's settings, parsed once: Calcite reads them on every execution. */
  private volatile org.apache.calcite.config.CalciteConnectionConfig config;

  /**
   * The connection's settings. Calcite parses the connection properties anew on each call, and
   * calls this several times per statement execution; the properties do not change after the
   * connection opens, so they are parsed once.
   */
  @Override
  public org.apache.calcite.config.CalciteConnectionConfig config() {
    org.apache.calcite.config.CalciteConnectionConfig c = config;
    if (c == null) {
      c = new ParsedConfig(info);
      config = c;
    }
    return c;
  }

  /**
   * Calcite's connection settings, with the ones read on every statement execution (time zone,
   * locale, Spark) parsed once: Calcite's own implementation parses all properties on each read.
   */
  private static final class ParsedConfig extends org.apache.calcite.config.CalciteConnectionConfigImpl {
    private final String timeZone;
    private final String locale;
    private final boolean spark;

    ParsedConfig(Properties info) {
      super(info);
      this.timeZone = super.timeZone();
      this.locale = super.locale();
      this.spark = super.spark();
    }

    @Override
    public String timeZone() {
      return timeZone;
    }

    @Override
    public String locale() {
      return locale;
    }

    @Override
    public boolean spark() {
      return spark;
    }
  }

  @Override
  public void setAutoCommit(boolean autoCommit) throws SQLException {
    checkOpen();
    try {
      session().setAutoCommit(autoCommit);
    } catch (RuntimeException e) {
      throw JdbcErrors.toSql(e);
    }
  }

  @Override
  public boolean getAutoCommit() throws SQLException {
    checkOpen();
    return session().autoCommit();
  }

  /**
   * Commits the open transaction: its writes become visible to others as one atomic change,
   * unless another transaction committed a change of one of its rows first (SQLState 40001,
   * nothing written). The next statement begins a new transaction. With auto-commit on there is
   * nothing to commit, and it does nothing (as in H2; tools call it either way).
   */
  @Override
  public void commit() throws SQLException {
    checkOpen();
    try {
      session().commit();
    } catch (RuntimeException e) {
      throw JdbcErrors.toSql(e);
    }
  }

  /**
   * Forgets the open transaction's writes; the next statement begins a new transaction. With
   * auto-commit on it does nothing.
   */
  @Override
  public void rollback() throws SQLException {
    checkOpen();
    session().rollback();
  }

  /** Rolls back what is not committed, then closes. */
  @Override
  public void close() throws SQLException {
    if (!isClosed()) {
      try {
        session().rollback();
      } catch (RuntimeException | SQLException e) {
        // closing goes on: the transaction's writes were never applied
      }
    }
    super.close();
  }

  /** Whether Cellar serves isolation {@code level}: any up to {@code REPEATABLE_READ}, by snapshot isolation. */
  static boolean servesIsolation(int level) {
    return level == TRANSACTION_READ_UNCOMMITTED || level == TRANSACTION_READ_COMMITTED
        || level == TRANSACTION_REPEATABLE_READ;
  }

  @Override
  public void setTransactionIsolation(int level) throws SQLException {
    checkOpen();
    if (!servesIsolation(level)) {
      throw new SQLFeatureNotSupportedException("transaction isolation level " + level + " is not supported: "
          + "Cellar transactions run under snapshot isolation, which serves READ_UNCOMMITTED, READ_COMMITTED and "
          + "REPEATABLE_READ (" + TRANSACTION_REPEATABLE_READ + "), not SERIALIZABLE", SqlState.FEATURE_NOT_SUPPORTED.code());
    }
  }

  /**
   * {@code TRANSACTION_REPEATABLE_READ}: snapshot isolation, whatever level was asked for;
   * {@code TRANSACTION_NONE} on a store without transactions (HBase).
   */
  @Override
  public int getTransactionIsolation() throws SQLException {
    checkOpen();
    return transactional(this) ? TRANSACTION_REPEATABLE_READ : TRANSACTION_NONE;
  }

  /**
   * Whether the store behind {@code connection} has transactions (snapshot reads): the embedded
   * engine, not HBase. True while the connection is not registered yet (being opened).
   */
  static boolean transactional(java.sql.Connection connection) {
    try {
      return CellarDriver.database(connection).store().snapshotReads();
    } catch (SQLException e) {
      return true;
    }
  }

  /**
   * Sets the schema unqualified names are found in: one of the database's ({@code PUBLIC}, the
   * tables and views; {@code CELLAR}, the system tables), its name in any case, or null for
   * {@code PUBLIC}. Another name is refused (3F000) rather than taken and every later query then
   * failing to find its tables.
   */
  @Override
  public void setSchema(String schema) throws SQLException {
    checkOpen();
    String found = null;
    if (schema != null) {
      java.util.Set<String> names = new java.util.TreeSet<>(getRootSchema().getSubSchemaNames());
      for (String n : names) {
        if (n.equals(schema) || found == null && n.equalsIgnoreCase(schema)) {
          found = n;
        }
      }
      if (found == null) {
        throw new SQLException("schema " + schema + " does not exist; the schemas are " + String.join(", ", names),
            SqlState.SCHEMA_NOT_FOUND.code());
      }
    }
    super.setSchema(found);
  }

  /** This connection's session: its transaction state. */
  private CellarSession session() throws SQLException {
    org.apache.calcite.schema.SchemaPlus schema = getRootSchema().getSubSchema(Catalog.DEFAULT_SCHEMA);
    CellarSchema cs = schema == null ? null : schema.unwrap(CellarSchema.class);
    if (cs == null) {
      throw new SQLException("connection has no Cellar schema", SqlState.CONNECTION_DOES_NOT_EXIST.code());
    }
    return cs.session();
  }

  /**
   * Prepares {@code sql}; with {@code RETURN_GENERATED_KEYS}, its executions keep the rowkeys
   * that an INSERT or UPSERT into a table without a primary key generates, for
   * {@code getGeneratedKeys} (a table with a primary key generates none: its keys are the
   * statement's own).
   */
  @Override
  public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
    boolean wanted = KeyCapture.wanted(autoGeneratedKeys);
    PreparedStatement p = prepareStatement(sql);
    if (wanted) {
      ((CellarPreparedStatement) p).returnGeneratedKeys();
    }
    return p;
  }

  /**
   * As {@link #prepareStatement(String, int)} with {@code RETURN_GENERATED_KEYS}, unless
   * {@code columnNames} is null or empty: the generated keys are the rowkeys, one column
   * {@code ROWKEY}, whichever columns are named.
   */
  @Override
  public PreparedStatement prepareStatement(String sql, String[] columnNames) throws SQLException {
    return prepareStatement(sql, columnNames == null || columnNames.length == 0 ? java.sql.Statement.NO_GENERATED_KEYS
        : java.sql.Statement.RETURN_GENERATED_KEYS);
  }

  /** As {@link #prepareStatement(String, String[])}, by column indexes. */
  @Override
  public PreparedStatement prepareStatement(String sql, int[] columnIndexes) throws SQLException {
    return prepareStatement(sql, columnIndexes == null || columnIndexes.length == 0
        ? java.sql.Statement.NO_GENERATED_KEYS : java.sql.Statement.RETURN_GENERATED_KEYS);
  }

  /**
   * A statement whose result sets are read-only, forward-only or scroll-insensitive
   * ({@link ResultSetScrolling}); other kinds are refused (0A000).
   */
  @Override
  public org.apache.calcite.jdbc.CalciteStatement createStatement(int resultSetType, int resultSetConcurrency,
      int resultSetHoldability) throws SQLException {
    checkOpen();
    checkResultSetKind(resultSetType, resultSetConcurrency);
    return super.createStatement(resultSetType, resultSetConcurrency, resultSetHoldability);
  }

  /**
   * Refuses result sets Cellar has none of: they read a snapshot, once forward
   * ({@code TYPE_FORWARD_ONLY}) or held to move over ({@code TYPE_SCROLL_INSENSITIVE}), and are
   * {@code CONCUR_READ_ONLY}.
   */
  @Override
  protected void checkResultSetKind(int type, int concurrency) throws SQLException {
    if (type != ResultSet.TYPE_FORWARD_ONLY && type != ResultSet.TYPE_SCROLL_INSENSITIVE) {
      throw new SQLFeatureNotSupportedException("result set type " + resultSetTypeName(type) + " is not supported: "
          + "Cellar's result sets are TYPE_FORWARD_ONLY or TYPE_SCROLL_INSENSITIVE (a snapshot: changes made "
          + "while one is open are not seen)", SqlState.FEATURE_NOT_SUPPORTED.code());
    }
    if (concurrency != ResultSet.CONCUR_READ_ONLY) {
      throw new SQLFeatureNotSupportedException("result set concurrency " + (concurrency == ResultSet.CONCUR_UPDATABLE
          ? "CONCUR_UPDATABLE" : Integer.toString(concurrency)) + " is not supported: Cellar's result sets are "
          + "CONCUR_READ_ONLY (change rows with UPDATE, UPSERT or DELETE)", SqlState.FEATURE_NOT_SUPPORTED.code());
    }
  }

  private static String resultSetTypeName(int type) {
    return switch (type) {
      case ResultSet.TYPE_SCROLL_INSENSITIVE -> "TYPE_SCROLL_INSENSITIVE";
      case ResultSet.TYPE_SCROLL_SENSITIVE -> "TYPE_SCROLL_SENSITIVE";
      default -> Integer.toString(type);
    };
  }

  /** A result set of generated rowkeys: one VARBINARY column {@code ROWKEY}, one row per key. */
  ResultSet generatedKeys(List<byte[]> keys) throws SQLException {
    checkOpen();
    return createResultSet(((CellarMeta) meta).generatedKeys(keys), new QueryState());
  }

  /** Runs a prepared statement's batch; a failed one is a {@link BatchUpdateException}. */
  @Override
  protected long[] executeBatchUpdateInternal(AvaticaPreparedStatement statement) throws SQLException {
    try {
      return meta.executeBatch(statement.handle, ((CellarPreparedStatement) statement).parameterBatch()).updateCounts;
    } catch (CellarMeta.BatchFailure f) {
      throw batchError(f);
    } catch (NoSuchStatementException | RuntimeException e) {
      throw JdbcErrors.toSql(e);
    }
  }

  /** Runs a statement's batch of SQL; a failed one is a {@link BatchUpdateException}. */
  @Override
  protected Meta.ExecuteBatchResult prepareAndUpdateBatch(AvaticaStatement statement, List<String> queries)
      throws NoSuchStatementException, SQLException {
    try {
      return super.prepareAndUpdateBatch(statement, queries);
    } catch (CellarMeta.BatchFailure f) {
      throw batchError(f);
    } catch (RuntimeException e) {
      throw JdbcErrors.toSql(e);
    }
  }

  /** The exception of a failed batch: the failing statement's SQLState and message, the counts of those before it. */
  private static BatchUpdateException batchError(CellarMeta.BatchFailure f) {
    SQLException cause = JdbcErrors.toSql(f.failure);
    return new BatchUpdateException(f.getMessage(), cause.getSQLState(), cause.getErrorCode(), f.updateCounts, cause);
  }

  /** No user-defined types map to Java classes: an empty map. */
  @Override
  public Map<String, Class<?>> getTypeMap() throws SQLException {
    checkOpen();
    return new HashMap<>();
  }

  /** Accepts an empty map; Cellar has no user-defined types to map (0A000). */
  @Override
  public void setTypeMap(Map<String, Class<?>> map) throws SQLException {
    checkOpen();
    if (map != null && !map.isEmpty()) {
      throw new SQLFeatureNotSupportedException("Cellar has no user-defined types to map to " + map.keySet(),
          SqlState.FEATURE_NOT_SUPPORTED.code());
    }
  }

  /** A failed preparation's error: its SQLState, a message starting with what is wrong ({@link JdbcErrors#clean}). */
  @Override
  protected SQLException prepareError(String sql, SQLException e) {
    if (e.getSQLState() != null || e.getCause() == null) {
      return JdbcErrors.clean(e, sql);
    }
    return JdbcErrors.clean(JdbcErrors.toSql(JdbcErrors.translate(e.getCause()), ""), sql);
  }
}
