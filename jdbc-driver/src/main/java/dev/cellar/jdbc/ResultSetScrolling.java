package dev.cellar.jdbc;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TimeZone;
import org.apache.calcite.avatica.AvaticaResultSet;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.MetaImpl;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.ResultSetRowsAccess;

/**
 * The cursor's moves. A result set of a statement created {@code TYPE_SCROLL_INSENSITIVE} reads
 * all its rows when it is executed (a snapshot: later changes to the tables are not seen, as the
 * type says) and moves over them in any direction: {@code absolute}, {@code relative},
 * {@code previous}, {@code first}, {@code last}, {@code beforeFirst}, {@code afterLast}, and
 * tells where it is ({@code getRow}, {@code isFirst}, ...). It holds every row in memory, so it
 * suits results a person browses, not a table's millions of rows. A {@code TYPE_FORWARD_ONLY}
 * result set refuses every move but {@code next()} (0A000).
 */
abstract class ResultSetScrolling extends ResultSetUpdates {
  /** The rows of a scrollable result set; null for a forward-only one. */
  private List<Object> rows;
  /** Where a scrollable result set is: 0 before the first row, 1..n on a row, n + 1 after the last. */
  private int position;
  /** The row the cursor is on, when {@code position} was reached by moving it forward from there. */
  private int cursorAt;

  ResultSetScrolling(AvaticaStatement statement, QueryState state, Meta.Signature signature,
      ResultSetMetaData metaData, TimeZone timeZone, Meta.Frame firstFrame) throws SQLException {
    super(statement, state, signature, metaData, timeZone, firstFrame);
  }

  @Override
  protected AvaticaResultSet execute() throws SQLException {
    if (getType() != ResultSet.TYPE_SCROLL_INSENSITIVE) {
      return super.execute();
    }
    List<Object> all = new ArrayList<>();
    Iterator<Object> it = null;
    try {
      it = ResultSetRowsAccess.rows(this).iterator();
      while (it.hasNext()) {
        all.add(it.next());
      }
    } catch (RuntimeException | AssertionError | StackOverflowError | LinkageError e) {
      throw fetchError(e);
    } finally {
      close(it);
    }
    rows = all;
    return moveCursor(0);
  }

  /** A failure while the rows are read, as an execution's error: its SQLState, ending with the statement. */
  final SQLException fetchError(Throwable e) {
    return JdbcErrors.clean(JdbcErrors.toSql(e), signature == null ? null : signature.sql);
  }

  /** Ends the read of the rows (its scan) if the iterator holds one. */
  private static void close(Iterator<Object> it) throws SQLException {
    if (it instanceof AutoCloseable c) {
      try {
        c.close();
      } catch (Exception e) {
        throw JdbcErrors.toSql(e);
      }
    }
  }

  /** Whether the result set moves in any direction ({@code TYPE_SCROLL_INSENSITIVE}). */
  final boolean scrolls() {
    return rows != null;
  }

  /** {@code next()} of a scrollable result set. */
  final boolean scrollNext() throws SQLException {
    checkOpen();
    if (position == cursorAt && position < rows.size()) {
      // the cursor reads on from the row it is on
      cursor.next();
      cursorAt = ++position;
      return true;
    }
    return moveTo(position + 1);
  }

  /** Moves to row {@code p} (0: before the first, past the last: after it); whether it is a row. */
  private boolean moveTo(int p) throws SQLException {
    int n = rows.size();
    int at = Math.max(0, Math.min(p, n + 1));
    moveCursor(at);
    position = at;
    return at >= 1 && at <= n;
  }

  /** A cursor on row {@code at} (before the first row for 0, after the last for n + 1). */
  private AvaticaResultSet moveCursor(int at) throws SQLException {
    int n = rows.size();
    List<Object> from = at == 0 ? rows : rows.subList(at - 1, n);
    execute2(MetaImpl.createCursor(signature.cursorFactory, from), columnMetaDataList);
    if (at >= 1) {
      cursor.next();   // on row at, or past the end when at is n + 1
    }
    cursorAt = at <= n ? at : -1;
    position = at;
    return this;
  }

  private SQLException forwardOnly(String method) throws SQLException {
    checkOpen();
    return ClientErrors.forwardOnly(method);
  }

  @Override
  public boolean absolute(int row) throws SQLException {
    if (!scrolls()) {
      throw forwardOnly("absolute");
    }
    checkOpen();
    return moveTo(row >= 0 ? row : rows.size() + 1 + row);
  }

  @Override
  public boolean relative(int delta) throws SQLException {
    if (!scrolls()) {
      throw forwardOnly("relative");
    }
    checkOpen();
    return moveTo((int) Math.max(Integer.MIN_VALUE + 1L, Math.min(Integer.MAX_VALUE - 1L, (long) position + delta)));
  }

  @Override
  public boolean previous() throws SQLException {
    if (!scrolls()) {
      throw forwardOnly("previous");
    }
    checkOpen();
    return moveTo(position - 1);
  }

  @Override
  public boolean first() throws SQLException {
    if (!scrolls()) {
      throw forwardOnly("first");
    }
    checkOpen();
    return moveTo(1);
  }

  @Override
  public boolean last() throws SQLException {
    if (!scrolls()) {
      throw forwardOnly("last");
    }
    checkOpen();
    return moveTo(rows.size());
  }

  @Override
  public void beforeFirst() throws SQLException {
    if (!scrolls()) {
      throw forwardOnly("beforeFirst");
    }
    checkOpen();
    moveTo(0);
  }

  @Override
  public void afterLast() throws SQLException {
    if (!scrolls()) {
      throw forwardOnly("afterLast");
    }
    checkOpen();
    moveTo(rows.size() + 1);
  }

  @Override
  public boolean isLast() throws SQLException {
    if (!scrolls()) {
      throw forwardOnly("isLast");
    }
    checkOpen();
    return !rows.isEmpty() && position == rows.size();
  }

  @Override
  public boolean isFirst() throws SQLException {
    if (!scrolls()) {
      return super.isFirst();
    }
    checkOpen();
    return !rows.isEmpty() && position == 1;
  }

  @Override
  public boolean isBeforeFirst() throws SQLException {
    if (!scrolls()) {
      return super.isBeforeFirst();
    }
    checkOpen();
    return !rows.isEmpty() && position == 0;
  }

  @Override
  public boolean isAfterLast() throws SQLException {
    if (!scrolls()) {
      return super.isAfterLast();
    }
    checkOpen();
    return !rows.isEmpty() && position == rows.size() + 1;
  }

  @Override
  public int getRow() throws SQLException {
    if (!scrolls()) {
      return super.getRow();
    }
    checkOpen();
    return position >= 1 && position <= rows.size() ? position : 0;
  }
}
