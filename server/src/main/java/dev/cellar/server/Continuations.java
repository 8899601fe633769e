package dev.cellar.server;

import dev.cellar.sql.parser.CellarParser;
import dev.cellar.sql.runtime.KeyContinuation;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Predicate;
import org.apache.calcite.avatica.AvaticaPreparedStatement;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.Meta.ExecuteResult;
import org.apache.calcite.avatica.Meta.Frame;
import org.apache.calcite.avatica.Meta.MetaResultSet;
import org.apache.calcite.avatica.Meta.StatementHandle;
import org.apache.calcite.avatica.jdbc.CellarFrames;
import org.apache.calcite.avatica.remote.TypedValue;
import org.apache.calcite.avatica.util.Unsafe;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.util.Util;

/**
 * Stateless fetch: a query's results continued by any server over the same storage.
 * <p>
 * For the connections of clients that ask for it (the thin driver sets the connection property
 * {@value #PROPERTY}), the last row of each frame that is not a result's last carries one value
 * more than the result has columns: {@value #TOKEN} and the hexadecimal rowkey of that row, when
 * the query reads one table's rows in key order (a single table, no GROUP BY, DISTINCT, window
 * or OFFSET, and at run time one key-ordered scan not read to its end: {@link KeyContinuation}).
 * A client whose server no longer knows its statement (another server behind a load balancer,
 * or an expired statement) sends an execute whose signature's SQL is the query preceded by
 * {@code /*cellar.resume:KEY:ROWS:MAXROWS*}{@code /} with its parameters: the server runs the
 * query on a connection of its own, starting its scan just after the rowkey, and answers with
 * the next frame, keeping nothing. Without a key (a sort, a join, an aggregate) it runs the
 * query again and skips the rows the client has (Avatica's offset re-execution). A fetch whose
 * offset is not where the server's statement stands (the client read on elsewhere meanwhile)
 * is refused as a statement the server does not know, so that the client continues the same way.
 */
final class Continuations {
  /** The connection property by which a client asks for continuations. */
  static final String PROPERTY = "cellar.continuations";
  /** The start of the continuation a frame's last row carries. */
  static final String TOKEN = "cellar.after:";
  /** The start of the SQL of an execute that continues a result. */
  static final String RESUME = "/*cellar.resume:";

  private static final int POOLED = 8;

  /** Opens an embedded connection. */
  interface Opener {
    Connection open() throws SQLException;
  }

  /**
   * A query's SQL as continuation sees it: whether it may read one table in key order, whether
   * it has an ORDER BY (which a sort may serve rather than the key order), and its LIMIT (-1 none).
   */
  record Shape(boolean keyOrdered, boolean sorted, long limit) {
    static final Shape NONE = new Shape(false, false, -1);
  }

  /** What the server knows of a statement's open result. */
  private static final class Cursor {
    final KeyContinuation keys;
    final Shape shape;
    long delivered;

    Cursor(KeyContinuation keys, Shape shape) {
      this.keys = keys;
      this.shape = shape;
    }
  }

  private final Opener opener;
  private final Set<String> connections = ConcurrentHashMap.newKeySet();
  private final Map<Integer, Shape> prepared = new ConcurrentHashMap<>();
  private final Map<Integer, Cursor> cursors = new ConcurrentHashMap<>();
  private final ConcurrentLinkedQueue<Connection> pool = new ConcurrentLinkedQueue<>();

  Continuations(Opener opener) {
    this.opener = opener;
  }

  /** Notes that connection {@code id} was opened with {@code info}: whether it asked for continuations. */
  void opened(String id, Map<String, String> info) {
    if (info != null && Boolean.parseBoolean(info.get(PROPERTY))) {
      connections.add(id);
    }
  }

  /** Notes the SQL of a statement prepared on a continuing connection. */
  void prepared(StatementHandle h, String sql) {
    if (connections.contains(h.connectionId)) {
      prepared.put(h.id, shape(sql));
    }
  }

  /**
   * Runs an execution of statement {@code h} ({@code sql}, or what it was prepared with when
   * null), watching its scan, and gives its first frame the continuation.
   */
  ExecuteResult executed(StatementHandle h, String sql, Callable<ExecuteResult> execution) throws Exception {
    cursors.remove(h.id);
    if (!connections.contains(h.connectionId)) {
      return execution.call();
    }
    Shape shape = sql != null ? shape(sql) : prepared.getOrDefault(h.id, Shape.NONE);
    KeyContinuation keys = new KeyContinuation(null);
    ExecuteResult r;
    try (KeyContinuation.Scope s = keys.enter()) {
      r = execution.call();
    }
    if (r.resultSets.size() != 1 || r.resultSets.get(0).firstFrame == null
        || r.resultSets.get(0).signature == null) {
      return r;
    }
    MetaResultSet m = r.resultSets.get(0);
    Cursor c = new Cursor(keys, shape);
    c.delivered = count(m.firstFrame);
    if (!m.firstFrame.done) {
      cursors.put(h.id, c);
    }
    Frame f = settled(m.firstFrame, shape, keys, c.delivered);
    if (f.done) {
      cursors.remove(h.id);
    }
    return new ExecuteResult(List.of(MetaResultSet.create(m.connectionId, m.statementId, m.ownStatement,
        m.signature, f, m.updateCount)));
  }

  /** Runs a fetch of statement {@code h} from {@code offset}, giving its frame the continuation. */
  Frame fetched(StatementHandle h, long offset, Callable<Frame> fetch) throws Exception {
    Cursor c = cursors.get(h.id);
    if (c == null) {
      return fetch.call();
    }
    if (offset != c.delivered) {
      // the client read on elsewhere: this result set stays behind, refused from now on
      throw ServerErrors.of(ServerErrors.NO_STATEMENT, "statement " + h.id + " stands at row " + c.delivered
          + " on this server, not at row " + offset + ": continue it from the client");
    }
    Frame f;
    try (KeyContinuation.Scope s = c.keys.enter()) {
      f = fetch.call();
    }
    c.delivered += count(f);
    f = settled(f, c.shape, c.keys, c.delivered);
    if (f.done) {
      cursors.remove(h.id);
    }
    return f;
  }

  /** A result re-run and moved to {@code offset} by Avatica's client: the server no longer follows it by key. */
  void synced(StatementHandle h, long offset) {
    Cursor c = cursors.remove(h.id);
    if (c != null) {
      Cursor again = new Cursor(new KeyContinuation(null), Shape.NONE);
      again.delivered = offset;
      cursors.put(h.id, again);
    }
  }

  /** Forgets statement {@code id}. */
  void closed(int id) {
    cursors.remove(id);
    prepared.remove(id);
  }

  /** Forgets the connections and statements that are gone. */
  void retain(Predicate<String> connectionOpen, Predicate<Integer> statementOpen) {
    connections.removeIf(connectionOpen.negate());
    cursors.keySet().removeIf(statementOpen.negate());
    prepared.keySet().removeIf(statementOpen.negate());
  }

  /** Forgets everything and closes the pooled connections. */
  void clear() {
    connections.clear();
    cursors.clear();
    prepared.clear();
    for (Connection c; (c = pool.poll()) != null; ) {
      try {
        c.close();
      } catch (SQLException e) {
        // closing anyway
      }
    }
  }

  /** Whether {@code h} is an execute continuing a result ({@link #RESUME}). */
  static boolean isResume(StatementHandle h) {
    return h.signature != null && h.signature.sql != null && h.signature.sql.startsWith(RESUME);
  }

  /**
   * The next frame of at most {@code rows} rows of the query a resume execute carries, read on a
   * connection of the server's own, from just after the continuation's key or, without one,
   * from the client's offset.
   */
  ExecuteResult resume(StatementHandle h, List<TypedValue> parameters, int rows) throws SQLException {
    String text = h.signature.sql;
    int end = text.indexOf("*/");
    String[] parts = end < 0 ? new String[0] : text.substring(RESUME.length(), end).split(":", -1);
    if (parts.length != 3) {
      throw ServerErrors.of(ServerErrors.NO_STATEMENT, "malformed continuation of statement " + h.id);
    }
    String sql = text.substring(end + 2);
    byte[] key;
    long delivered;
    long maxRows;
    try {
      key = parts[0].isEmpty() ? null : HexFormat.of().parseHex(parts[0]);
      delivered = Long.parseLong(parts[1]);
      maxRows = Long.parseLong(parts[2]);
    } catch (IllegalArgumentException e) {
      throw ServerErrors.of(ServerErrors.NO_STATEMENT, "malformed continuation of statement " + h.id);
    }
    Shape shape = shape(sql);
    Connection c = borrow();
    boolean reusable = false;
    try (PreparedStatement p = c.prepareStatement(sql)) {
      if (!p.isWrapperFor(AvaticaPreparedStatement.class)
          || p.unwrap(AvaticaPreparedStatement.class).getStatementType() != Meta.StatementType.SELECT) {
        throw ServerErrors.of(ServerErrors.NO_STATEMENT, "statement " + h.id + " is not a query: only a query's "
            + "rows can be continued on another server");
      }
      for (int i = 0; parameters != null && i < parameters.size(); i++) {
        p.setObject(i + 1, parameters.get(i).toJdbc(Unsafe.localCalendar()));
      }
      Frame f = null;
      KeyContinuation keys = null;
      if (key != null && shape.keyOrdered()) {
        long cap = remaining(maxRows, shape.limit(), delivered);
        if (cap == 0) {
          f = new Frame(delivered, true, List.of());
        } else {
          keys = new KeyContinuation(key);
          try (KeyContinuation.Scope s = keys.enter(); ResultSet rs = p.executeQuery()) {
            f = capped(rs, delivered, rows, cap, h.signature);
          }
          if (!keys.resumed()) {
            f = null;   // the plan is not the one the key came from: by offset
          } else {
            f = settled(f, shape, keys, count(f));
          }
        }
      }
      if (f == null) {
        keys = new KeyContinuation(null);
        try (KeyContinuation.Scope s = keys.enter(); ResultSet rs = p.executeQuery()) {
          boolean more = true;
          for (long i = 0; i < delivered && more; i++) {
            more = rs.next();
          }
          f = more ? capped(rs, delivered, rows, remaining(maxRows, -1, delivered), h.signature)
              : new Frame(delivered, true, List.of());
        }
        f = settled(f, shape, keys, delivered + count(f));
      }
      reusable = true;
      return new ExecuteResult(List.of(MetaResultSet.create(h.connectionId, h.id, false, h.signature, f)));
    } finally {
      giveBack(c, reusable);
    }
  }

  /**
   * The next frame of {@code rs}: at most {@code rows} rows, and no more than {@code cap} (the
   * rows left under a LIMIT or the client's maximum; -1 none), done when the cap is reached. The
   * statement's maximum rows cannot do it: Calcite applies it when it prepares the statement.
   */
  private static Frame capped(ResultSet rs, long offset, int rows, long cap, Meta.Signature signature)
      throws SQLException {
    int n = cap < 0 ? rows : (int) Math.min(rows < 0 ? Integer.MAX_VALUE : rows, cap);
    Frame f = CellarFrames.frame(rs, offset, n, signature);
    return !f.done && cap >= 0 && count(f) == cap ? new Frame(f.offset, true, f.rows) : f;
  }

  /** The rows still to read of a result cut at {@code maxRows} and a LIMIT (0 for none left, -1 no bound). */
  private static long remaining(long maxRows, long limit, long delivered) {
    long bound = -1;
    if (maxRows > 0) {
      bound = maxRows;
    }
    if (limit >= 0) {
      bound = bound < 0 ? limit : Math.min(bound, limit);
    }
    return bound < 0 ? -1 : Math.max(0, bound - delivered);
  }

  private Connection borrow() throws SQLException {
    Connection c = pool.poll();
    return c != null ? c : opener.open();
  }

  private void giveBack(Connection c, boolean reusable) {
    try {
      if (reusable && c.getAutoCommit() && pool.size() < POOLED) {
        pool.add(c);
        return;
      }
      c.close();
    } catch (SQLException e) {
      // a broken connection is not pooled
    }
  }

  private static long count(Frame f) {
    long n = 0;
    for (Object ignored : f.rows) {
      n++;
    }
    return n;
  }

  /**
   * Frame {@code f} of an execution watched by {@code keys} that has handed out {@code handedOut}
   * rows: marked done when the rows are known to end with it (the one ordered scan reached its
   * end and no sort holds rows back: no ORDER BY, or the scan returned no more rows than were
   * handed out), else with the key after which the rest starts.
   */
  private static Frame settled(Frame f, Shape shape, KeyContinuation keys, long handedOut) {
    if (f.done || !shape.keyOrdered()) {
      return f;
    }
    if (keys.ended() && (!shape.sorted() || keys.rows() == handedOut)) {
      return new Frame(f.offset, true, f.rows);
    }
    return marked(f, keys.resumeAfter());
  }

  /** {@code f} with {@link #TOKEN} and {@code key} after its last row's values; {@code f} for a last frame or without a key. */
  static Frame marked(Frame f, byte[] key) {
    if (f.done || key == null) {
      return f;
    }
    List<Object> rows = new ArrayList<>();
    for (Object row : f.rows) {
      rows.add(row);
    }
    if (rows.isEmpty() || !(rows.get(rows.size() - 1) instanceof Object[] last)) {
      return f;
    }
    Object[] longer = Arrays.copyOf(last, last.length + 1);
    longer[last.length] = TOKEN + HexFormat.of().formatHex(key);
    rows.set(rows.size() - 1, longer);
    return new Frame(f.offset, f.done, rows);
  }

  /** What continuation can do for {@code sql}: by key for a query of one table's rows in key order, else by offset. */
  static Shape shape(String sql) {
    SqlNode n;
    try {
      n = SqlParser.create(sql, CellarParser.config().withConformance(SqlConformanceEnum.LENIENT)).parseQuery();
    } catch (SqlParseException | RuntimeException e) {
      return Shape.NONE;
    }
    SqlNode fetch = null;
    SqlNode offset = null;
    boolean sorted = false;
    if (n instanceof SqlOrderBy o) {
      fetch = o.fetch;
      offset = o.offset;
      sorted = o.orderList != null && o.orderList.size() > 0;
      n = o.query;
    }
    if (!(n instanceof SqlSelect s) || s.getGroup() != null || s.getHaving() != null || s.isDistinct()
        || s.getWindowList().size() > 0 || s.getQualify() != null || !oneTable(s.getFrom())
        || windowed(s.getSelectList())) {
      return Shape.NONE;
    }
    sorted |= s.getOrderList() != null && s.getOrderList().size() > 0;
    fetch = fetch != null ? fetch : s.getFetch();
    offset = offset != null ? offset : s.getOffset();
    if (offset != null || fetch != null && !(fetch instanceof SqlNumericLiteral)) {
      return Shape.NONE;
    }
    return new Shape(true, sorted, fetch == null ? -1 : ((SqlNumericLiteral) fetch).longValue(true));
  }

  /** Whether {@code n} has a window function ({@code OVER}), which reads every row before its first. */
  private static boolean windowed(SqlNode n) {
    try {
      n.accept(new SqlBasicVisitor<Void>() {
        @Override
        public Void visit(SqlCall call) {
          if (call.getKind() == SqlKind.OVER) {
            throw new Util.FoundOne(call);
          }
          return super.visit(call);
        }
      });
      return false;
    } catch (Util.FoundOne e) {
      return true;
    }
  }

  private static boolean oneTable(SqlNode from) {
    if (from instanceof SqlBasicCall c && c.getKind() == SqlKind.AS) {
      from = c.operand(0);
    }
    return from instanceof SqlIdentifier;
  }
}
