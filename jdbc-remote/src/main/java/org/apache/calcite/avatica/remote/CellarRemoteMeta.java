package org.apache.calcite.avatica.remote;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.ConnectionPropertiesImpl;
import org.apache.calcite.avatica.MissingResultsException;
import org.apache.calcite.avatica.NoSuchStatementException;

/**
 * Avatica's remote {@code Meta}, continuing a query's results on whichever server answers: when
 * a fetch meets a server that does not know the statement or its connection (another server
 * behind a load balancer, or one that expired it), the next frame is asked for with the query's
 * SQL, its parameters, the rows read so far and the continuation the server put after the last
 * row of the previous frame (the rowkey of that row, for a query that reads a table in key
 * order), and any server over the same database answers it. The continuation is taken off the
 * row before the application sees it. Only a connection in auto-commit mode continues on
 * another server: a transaction stays with the server it began on. It lives in Avatica's
 * package, whose remote {@code Meta} is package-private.
 */
public class CellarRemoteMeta extends RemoteMeta {
  /** The connection property by which the driver asks the server for continuations. */
  public static final String PROPERTY = "cellar.continuations";
  /** The start of the continuation after a frame's last row's values (the server's {@code Continuations.TOKEN}). */
  static final String TOKEN = "cellar.after:";
  /** The start of the SQL of an execute that continues a result (the server's {@code Continuations.RESUME}). */
  static final String RESUME = "/*cellar.resume:";
  /** The SQLStates of a server that does not know the connection or the statement. */
  private static final Set<String> LOST = Set.of("08003", "24000");

  /** A query whose results are being read. */
  private static final class Cursor {
    final String sql;
    final List<TypedValue> parameters;
    final Signature signature;
    final long maxRows;
    volatile String key;

    Cursor(String sql, List<TypedValue> parameters, Signature signature, long maxRows) {
      this.sql = sql;
      this.parameters = parameters;
      this.signature = signature;
      this.maxRows = maxRows;
    }
  }

  private final Map<Integer, Long> maxRows = new ConcurrentHashMap<>();
  private final Map<Integer, Cursor> cursors = new ConcurrentHashMap<>();

  /** The Meta of {@code connection}, over {@code service}. */
  public CellarRemoteMeta(AvaticaConnection connection, Service service) {
    super(connection, service);
  }

  @Override
  public StatementHandle prepare(ConnectionHandle ch, String sql, long maxRowCount) {
    StatementHandle h = super.prepare(ch, sql, maxRowCount);
    maxRows.put(h.id, maxRowCount);
    return h;
  }

  @Override
  public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount, int maxRowsInFirstFrame,
      PrepareCallback callback) throws NoSuchStatementException {
    ExecuteResult r = super.prepareAndExecute(h, sql, maxRowCount, maxRowsInFirstFrame, callback);
    started(h, sql, null, maxRowCount, r);
    return r;
  }

  @Override
  public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, int maxRowsInFirstFrame)
      throws NoSuchStatementException {
    ExecuteResult r = super.execute(h, parameterValues, maxRowsInFirstFrame);
    started(h, h.signature == null ? null : h.signature.sql,
        parameterValues == null ? null : new ArrayList<>(parameterValues), maxRows.getOrDefault(h.id, -1L), r);
    return r;
  }

  @Override
  public Frame fetch(StatementHandle h, long offset, int fetchMaxRowCount)
      throws NoSuchStatementException, MissingResultsException {
    Cursor c = cursors.get(h.id);
    Frame f;
    try {
      f = super.fetch(h, offset, fetchMaxRowCount);
    } catch (AvaticaClientRuntimeException e) {
      if (c == null || !LOST.contains(e.getSqlState()) || !autoCommit(h.connectionId)) {
        throw e;
      }
      f = resume(h, c, offset, fetchMaxRowCount);
    } catch (NoSuchStatementException e) {
      if (c == null || !autoCommit(h.connectionId)) {
        throw e;
      }
      f = resume(h, c, offset, fetchMaxRowCount);
    }
    if (c != null && f != null) {
      c.key = taken(f, c.signature.columns.size());
      if (f.done) {
        cursors.remove(h.id);
      }
    }
    return f;
  }

  @Override
  public void closeStatement(StatementHandle h) {
    cursors.remove(h.id);
    maxRows.remove(h.id);
    super.closeStatement(h);
  }

  /** Notes the query an execution started and the continuation of its first frame. */
  private void started(StatementHandle h, String sql, List<TypedValue> parameters, long maxRowCount,
      ExecuteResult r) {
    cursors.remove(h.id);
    if (sql == null || r.resultSets.size() != 1) {
      return;
    }
    MetaResultSet m = r.resultSets.get(0);
    if (m.firstFrame == null || m.signature == null) {
      return;
    }
    Cursor c = new Cursor(sql, parameters, m.signature, maxRowCount);
    c.key = taken(m.firstFrame, m.signature.columns.size());
    if (!m.firstFrame.done) {
      cursors.put(h.id, c);
    }
  }

  /**
   * The next frame of {@code c} from row {@code offset}, from any server: an execute carrying
   * the query, its parameters, the rows read and the continuation ({@code /*cellar.resume:...}).
   */
  private Frame resume(StatementHandle h, Cursor c, long offset, int rows) throws NoSuchStatementException {
    String sql = RESUME + (c.key == null ? "" : c.key) + ":" + offset + ":" + Math.max(c.maxRows, 0) + "*/" + c.sql;
    Signature s = c.signature;
    Signature resume = Signature.create(s.columns, sql, s.parameters, s.cursorFactory, s.statementType);
    Service.ExecuteResponse r = service.apply(new Service.ExecuteRequest(new StatementHandle(h.connectionId, h.id,
        resume), c.parameters, rows));
    if (r.missingStatement || r.results.size() != 1) {
      throw new NoSuchStatementException(h);
    }
    return r.results.get(0).firstFrame;
  }

  /** Whether the connection is in auto-commit mode (as last synchronized with the server). */
  private boolean autoCommit(String connectionId) {
    ConnectionPropertiesImpl p = propsMap.get(connectionId);
    return p == null || p.isAutoCommit() == null || p.isAutoCommit();
  }

  /**
   * The continuation after the values of {@code f}'s last row ({@value #TOKEN} and a hexadecimal
   * key), taken off that row; null if it has none.
   */
  static String taken(Frame f, int columns) {
    Object last = null;
    for (Object row : f.rows) {
      last = row;
    }
    if (last instanceof List<?> values && values.size() == columns + 1
        && values.get(columns) instanceof String s && s.startsWith(TOKEN)) {
      values.remove(columns);
      return s.substring(TOKEN.length());
    }
    return null;
  }
}
