package dev.cellar.server;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import org.apache.calcite.avatica.AvaticaPreparedStatement;
import org.apache.calcite.avatica.ConnectionPropertiesImpl;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.apache.calcite.avatica.jdbc.JdbcMeta;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.proto.Requests;
import org.apache.calcite.avatica.remote.TypedValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's {@code Meta}: Avatica's {@link JdbcMeta} over the embedded driver, which keeps
 * one embedded connection per remote one and one statement per remote statement, with:
 * <ul>
 *   <li>the user who opened a connection alone able to use it and its statements (any other
 *       request naming it is told it does not exist, 08003 or 24000);
 *   <li>read-only users refused every statement that is not a query (42501), DDL included,
 *       checked by preparing it, which runs nothing; users without the {@code admin} role refused
 *       the admin verbs ({@code ALTER TABLE ... FLUSH | COMPACT | SPLIT}, 42501 naming the verb);
 *   <li>limits on each user's open connections (53300) and statements (54000), on the rows of
 *       one frame, and a timeout on every statement;
 *   <li>connections and statements idle longer than the idle timeout closed, releasing their
 *       scanners, transactions (rolled back) and memory;
 *   <li>every failure sent with its SQLState and message ({@link ServerErrors});
 *   <li>a query's results continued on any server, without sticky sessions ({@link Continuations}).
 * </ul>
 * SQL text, parameters and rows are not logged.
 */
public class ServerMeta extends JdbcMeta {
  private static final Logger LOG = LoggerFactory.getLogger(ServerMeta.class);

  private final ServerOptions options;
  private final ThreadLocal<Caller> caller = new ThreadLocal<>();
  private final Sessions sessions = new Sessions();
  private final ThreadLocal<Statement> created = new ThreadLocal<>();
  private final Continuations continuations;

  /**
   * The catalog a client sets, in a connection sync, to cancel one of its statements, followed
   * by the statement's id: Avatica's protocol has no cancel request, and Cellar has no catalogs.
   * The thin driver sends it for {@code Statement.cancel} and {@code setQueryTimeout}.
   */
  public static final String CANCEL = "cellar.cancel:";

  /**
   * The user a request runs as ({@code user} null without authentication, when every client is
   * the database's owner) and what the user's role allows.
   */
  record Caller(String user, boolean readOnly, boolean admin) {
    /** A user without the admin right. */
    Caller(String user, boolean readOnly) {
      this(user, readOnly, false);
    }
  }

  /**
   * A Meta serving {@code options.url()}.
   *
   * @throws SQLException if the settings are invalid
   */
  public ServerMeta(ServerOptions options) throws SQLException {
    super(options.url(), EmbeddedConnections.cacheSettings(options));
    this.options = options;
    this.continuations = new Continuations(() -> createConnection(options.url(), new Properties()));
  }

  /** Runs {@code action} as {@code caller}: the requests it serves belong to that user. */
  <T> T runAs(Caller c, Callable<T> action) throws Exception {
    Caller before = caller.get();
    caller.set(c);
    try {
      return action.call();
    } finally {
      caller.set(before);
    }
  }

  /** Closes what has been idle past the idle timeout; the server calls it every second. */
  void expireIdle() {
    // the server decides what is idle: a request in progress is a use however long it runs
    long idle = options.idleTimeout().toNanos();
    sessions.idleStatements(idle).forEach(getStatementCache()::invalidate);
    sessions.idleConnections(idle).forEach(getConnectionCache()::invalidate);
    getConnectionCache().cleanUp();
    getStatementCache().cleanUp();
    // asMap().containsKey does not count as a use, which getIfPresent would
    sessions.retain(getConnectionCache().asMap()::containsKey, getStatementCache().asMap()::containsKey);
    continuations.retain(getConnectionCache().asMap()::containsKey, getStatementCache().asMap()::containsKey);
  }

  /** Closes every remote connection and statement; the server calls it when it stops. */
  void closeAll() {
    getStatementCache().invalidateAll();
    getConnectionCache().invalidateAll();
    getStatementCache().cleanUp();
    getConnectionCache().cleanUp();
    sessions.clear();
    continuations.clear();
  }

  /** The remote connections open now. */
  public int openConnections() {
    return sessions.connections();
  }

  /** The remote statements open now. */
  public int openStatements() {
    return sessions.statements();
  }

  // ---- connections ----------------------------------------------------------------------------

  /**
   * Opens the embedded connection of a remote one. The client's properties pass to the
   * embedded driver, except {@code user} and {@code password} (the HTTP authentication is what
   * counts) and the storage settings, which are the server's.
   */
  @Override
  public void openConnection(ConnectionHandle ch, Map<String, String> info) {
    Caller c = caller();
    if (sessions.connections() >= options.maxConnections()) {
      throw ServerErrors.of(ServerErrors.TOO_MANY_CONNECTIONS, "the server has " + sessions.connections()
          + " connections open, the most it allows (--max-connections)");
    }
    if (c.user() != null) {
      long open = sessions.connectionsOf(c.user());
      if (open >= options.maxConnectionsPerUser()) {
        throw ServerErrors.of(ServerErrors.TOO_MANY_CONNECTIONS, "user '" + c.user() + "' has " + open
            + " connections open, the most the server allows (--max-connections-per-user)");
      }
    }
    Map<String, String> props = new HashMap<>();
    if (info != null) {
      for (Map.Entry<String, String> e : info.entrySet()) {
        String k = e.getKey().toLowerCase(Locale.ROOT);
        if (!k.equals("user") && !k.equals("password") && !k.equals(Continuations.PROPERTY)) {
          props.put(e.getKey(), e.getValue());
        }
      }
    }
    try {
      super.openConnection(ch, props);
    } catch (RuntimeException e) {
      throw ServerErrors.toClient(e);
    }
    sessions.open(ch.id, c);
    continuations.opened(ch.id, info);
    LOG.debug("connection {} opened by {}", ch.id, c.user());
  }

  /**
   * The system property that lets remote clients' {@code COPY} read and write files of the
   * server's machine (off by default: the connections the server makes refuse it with 42501).
   */
  static final String ALLOW_FILE_ACCESS = "cellar.server.allowFileAccess";

  /**
   * Opens an embedded connection; its statements get the server's statement timeout, and
   * {@code COPY} is refused unless {@value #ALLOW_FILE_ACCESS} is set.
   */
  @Override
  protected Connection createConnection(String url, Properties info) throws SQLException {
    Properties props = EmbeddedConnections.withoutCacheSettings(info);
    // COPY reads and writes files of this machine: not for remote clients unless the server allows it
    props.setProperty("fileAccess", Boolean.toString(Boolean.getBoolean(ALLOW_FILE_ACCESS)));
    Connection c = connect(url, props);
    return EmbeddedConnections.watched(c, (int) Math.min(Integer.MAX_VALUE, options.statementTimeout().toSeconds()),
        created::set);
  }

  /** Opens the embedded connection to {@code url}. */
  protected Connection connect(String url, Properties info) throws SQLException {
    return DriverManager.getConnection(url, info);
  }

  /** Notes the statement the embedded connection created for remote statement {@code id}. */
  private void noteCreated(int id) {
    Statement st = created.get();
    created.remove();
    if (st != null) {
      sessions.embedded(id, st);
    }
  }

  @Override
  public void closeConnection(ConnectionHandle ch) {
    if (sessions.get(ch.id) == null) {
      return;
    }
    owned(ch.id);
    try {
      super.closeConnection(ch);
    } catch (RuntimeException e) {
      throw ServerErrors.toClient(e);
    } finally {
      sessions.close(ch.id);
    }
  }

  @Override
  public ConnectionProperties connectionSync(ConnectionHandle ch, ConnectionProperties connProps) {
    owned(ch.id);
    if (connProps.getCatalog() != null && connProps.getCatalog().startsWith(CANCEL)) {
      cancel(ch, connProps.getCatalog().substring(CANCEL.length()));
      ConnectionProperties rest = new ConnectionPropertiesImpl(connProps.isAutoCommit(), connProps.isReadOnly(),
          connProps.getTransactionIsolation(), null, connProps.getSchema());
      return connectionSync(ch, rest);
    }
    // what the connection has after the change (Cellar serves every isolation level it accepts as REPEATABLE_READ)
    return call(() -> {
      super.connectionSync(ch, connProps);
      return new ConnectionPropertiesImpl(getConnection(ch.id));
    });
  }

  /** Cancels statement {@code id} of connection {@code ch} if it is the caller's; it fails with HY008. */
  private void cancel(ConnectionHandle ch, String id) {
    int statement;
    try {
      statement = Integer.parseInt(id.trim());
    } catch (NumberFormatException e) {
      throw ServerErrors.of(ServerErrors.NO_STATEMENT, "cannot cancel statement '" + id + "': not a statement id");
    }
    if (!ch.id.equals(sessions.connectionOf(statement))) {
      return;   // closed or expired already: nothing to cancel
    }
    Statement st = sessions.embedded(statement);
    if (st != null) {
      call(() -> {
        st.cancel();
        return null;
      });
      LOG.debug("statement {} of connection {} cancelled", statement, ch.id);
    }
  }

  @Override
  public void commit(ConnectionHandle ch) {
    owned(ch.id);
    call(() -> {
      super.commit(ch);
      return null;
    });
  }

  @Override
  public void rollback(ConnectionHandle ch) {
    owned(ch.id);
    call(() -> {
      super.rollback(ch);
      return null;
    });
  }

  @Override
  public Map<DatabaseProperty, Object> getDatabaseProperties(ConnectionHandle ch) {
    owned(ch.id);
    return call(() -> super.getDatabaseProperties(ch));
  }

  // ---- metadata ---------------------------------------------------------------------------------

  @Override
  public MetaResultSet getTables(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern,
      List<String> typeList) {
    owned(ch.id);
    return metadata(ch, () -> super.getTables(ch, catalog, schemaPattern, tableNamePattern, typeList));
  }

  @Override
  public MetaResultSet getColumns(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern,
      Pat columnNamePattern) {
    owned(ch.id);
    return metadata(ch, () -> super.getColumns(ch, catalog, schemaPattern, tableNamePattern, columnNamePattern));
  }

  @Override
  public MetaResultSet getSchemas(ConnectionHandle ch, String catalog, Pat schemaPattern) {
    owned(ch.id);
    return metadata(ch, () -> super.getSchemas(ch, catalog, schemaPattern));
  }

  @Override
  public MetaResultSet getCatalogs(ConnectionHandle ch) {
    owned(ch.id);
    return metadata(ch, () -> super.getCatalogs(ch));
  }

  @Override
  public MetaResultSet getTableTypes(ConnectionHandle ch) {
    owned(ch.id);
    return metadata(ch, () -> super.getTableTypes(ch));
  }

  @Override
  public MetaResultSet getTypeInfo(ConnectionHandle ch) {
    owned(ch.id);
    return metadata(ch, () -> super.getTypeInfo(ch));
  }

  private MetaResultSet metadata(ConnectionHandle ch, Callable<MetaResultSet> action) {
    MetaResultSet r = call(action);
    track(ch.id, r.statementId);
    return r;
  }

  // ---- statements -------------------------------------------------------------------------------

  @Override
  public StatementHandle createStatement(ConnectionHandle ch) {
    owned(ch.id);
    checkStatementLimit(ch.id);
    StatementHandle h = call(() -> super.createStatement(ch));
    noteCreated(h.id);
    track(ch.id, h.id);
    return h;
  }

  @Override
  public StatementHandle prepare(ConnectionHandle ch, String sql, long maxRowCount) {
    Sessions.Session s = owned(ch.id);
    checkStatementLimit(ch.id);
    Permissions.checkAdmin(s, sql);
    StatementHandle h = call(() -> super.prepare(ch, sql, maxRowCount));
    noteCreated(h.id);
    track(ch.id, h.id);
    if (s.caller().readOnly() && (h.signature == null || h.signature.statementType != StatementType.SELECT)) {
      closeStatement(h);
      throw Permissions.readOnly(s, sql);
    }
    continuations.prepared(h, sql);
    return h;
  }

  @Override
  @SuppressWarnings("deprecation")
  public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount, PrepareCallback callback)
      throws NoSuchStatementException {
    return prepareAndExecute(h, sql, maxRowCount, -1, callback);
  }

  @Override
  public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount, int maxRowsInFirstFrame,
      PrepareCallback callback) {
    ownedStatement(h);
    Permissions.checkAdmin(sessions.get(h.connectionId), sql);
    checkReadOnly(h.connectionId, sql);
    return using(h, () -> continuations.executed(h, sql,
        () -> super.prepareAndExecute(h, sql, maxRowCount, frameRows(maxRowsInFirstFrame), callback)));
  }

  @Override
  public ExecuteBatchResult prepareAndExecuteBatch(StatementHandle h, List<String> sqlCommands) {
    ownedStatement(h);
    for (String sql : sqlCommands) {
      Permissions.checkAdmin(sessions.get(h.connectionId), sql);
      checkReadOnly(h.connectionId, sql);
    }
    return using(h, () -> super.prepareAndExecuteBatch(h, sqlCommands));
  }

  @Override
  public ExecuteBatchResult executeBatch(StatementHandle h, List<List<TypedValue>> parameterValues) {
    ownedStatement(h);
    return using(h, () -> super.executeBatch(h, parameterValues));
  }

  @Override
  public ExecuteBatchResult executeBatchProtobuf(StatementHandle h, List<Requests.UpdateBatch> updateBatches) {
    ownedStatement(h);
    return using(h, () -> super.executeBatchProtobuf(h, updateBatches));
  }

  @Override
  @SuppressWarnings("deprecation")
  public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, long maxRowCount) {
    return execute(h, parameterValues, (int) Math.min(Integer.MAX_VALUE, maxRowCount));
  }

  @Override
  public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, int maxRowsInFirstFrame) {
    if (Continuations.isResume(h)) {
      try {
        return call(() -> continuations.resume(h, parameterValues, frameRows(maxRowsInFirstFrame)));
      } finally {
        created.remove();
      }
    }
    ownedStatement(h);
    return using(h, () -> continuations.executed(h, null,
        () -> super.execute(h, parameterValues, frameRows(maxRowsInFirstFrame))));
  }

  @Override
  public Frame fetch(StatementHandle h, long offset, int fetchMaxRowCount) {
    ownedStatement(h);
    return using(h, () -> continuations.fetched(h, offset, () -> super.fetch(h, offset, frameRows(fetchMaxRowCount))));
  }

  @Override
  public boolean syncResults(StatementHandle sh, QueryState state, long offset) {
    ownedStatement(sh);
    continuations.synced(sh, offset);
    return using(sh, () -> super.syncResults(sh, state, offset));
  }

  @Override
  public void closeStatement(StatementHandle h) {
    String conn = sessions.connectionOf(h.id);
    if (conn == null) {
      return;
    }
    ownedStatement(h);
    try {
      call(() -> {
        super.closeStatement(h);
        return null;
      });
    } finally {
      sessions.untrack(h.id);
      continuations.closed(h.id);
    }
  }

  // ---- checks -----------------------------------------------------------------------------------

  /** Who the current request runs as (a user of null without authentication). */
  Caller caller() {
    Caller c = caller.get();
    return c == null ? new Caller(null, false, true) : c;
  }

  /** The session of connection {@code id} if the caller owns it and it is open; else 08003. */
  private Sessions.Session owned(String id) {
    Sessions.Session s = sessions.get(id);
    Caller c = caller();
    if (s == null || c.user() != null && !c.user().equals(s.caller().user())
        || getConnectionCache().getIfPresent(id) == null) {
      throw ServerErrors.of(ServerErrors.NO_CONNECTION, "connection " + id + " does not exist on the server: it "
          + "was closed, or it expired after being idle longer than " + options.idleTimeout().toSeconds() + " s");
    }
    // a request on a connection is a use of it: its idle time starts again
    s.use.begin();
    s.use.end();
    return s;
  }

  /** Checks that the caller owns the statement's connection and the statement belongs to it; else 24000. */
  private void ownedStatement(StatementHandle h) {
    owned(h.connectionId);
    if (!h.connectionId.equals(sessions.connectionOf(h.id))) {
      throw ServerErrors.of(ServerErrors.NO_STATEMENT, "statement " + h.id + " does not exist on the server: it "
          + "was closed, or it expired after being idle longer than " + options.idleTimeout().toSeconds() + " s");
    }
  }

  private void track(String connectionId, int statementId) {
    sessions.track(connectionId, statementId);
  }

  private void checkStatementLimit(String connectionId) {
    Permissions.checkStatementLimit(sessions, connectionId, options.maxStatementsPerUser());
  }

  /** Refuses {@code sql} if the connection's user is read-only and it is not a query (it is prepared, not run). */
  private void checkReadOnly(String connectionId, String sql) {
    Sessions.Session s = sessions.get(connectionId);
    if (s == null || !s.caller().readOnly()) {
      return;
    }
    StatementType type = call(() -> {
      try (PreparedStatement p = getConnection(connectionId).prepareStatement(sql)) {
        return p.isWrapperFor(AvaticaPreparedStatement.class)
            ? p.unwrap(AvaticaPreparedStatement.class).getStatementType() : null;
      } finally {
        created.remove();
      }
    });
    if (type != StatementType.SELECT) {
      throw Permissions.readOnly(s, sql);
    }
  }

  private int frameRows(int asked) {
    int cap = options.maxRowsPerFrame();
    return asked < 0 || asked > cap ? cap : asked;
  }

  /**
   * Runs a request on statement {@code h}, every failure becoming an error with its SQLState: the
   * statement and its connection are in use until it ends ({@link Sessions#inUse}).
   */
  private <T> T using(StatementHandle h, Callable<T> action) {
    return sessions.inUse(h.connectionId, h.id, () -> call(action));
  }

  /** Runs {@code action}, every failure becoming an error with its SQLState. */
  private static <T> T call(Callable<T> action) {
    try {
      return action.call();
    } catch (Exception e) {
      throw ServerErrors.toClient(e);
    }
  }
}
