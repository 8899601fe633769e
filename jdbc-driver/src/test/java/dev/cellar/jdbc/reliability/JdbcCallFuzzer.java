package dev.cellar.jdbc.reliability;

import java.io.StringReader;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random sequences of JDBC calls on one connection's objects, odd arguments and objects already
 * closed included: bad column and parameter indexes, values of the wrong type, a statement of
 * the wrong kind, unsupported result set types, closing things out of order.
 */
final class JdbcCallFuzzer {
  /** A call on the sequence's objects. */
  interface Call {
    void run(Objects o) throws Exception;
  }

  /** A named call. */
  record Named(String name, Call call) {}

  /** The objects a sequence works on (any may be closed, or null before it is made). */
  static final class Objects {
    Connection conn;
    Statement st;
    PreparedStatement ps;
    ResultSet rs;
    Random r;

    void drain(ResultSet set) throws Exception {
      int n = set.getMetaData().getColumnCount();
      for (int rows = 0; rows < 50 && set.next(); rows++) {
        for (int i = 1; i <= n; i++) {
          set.getObject(i);
        }
      }
    }
  }

  private static final int[] INDEXES = {0, 1, 2, 3, 4, -1, 99};
  private static final String[] QUERIES = {"SELECT ID, NAME, AMT FROM FZ", "SELECT ID, NAME, AMT FROM FZ WHERE ID > ?",
      "UPDATE FZ SET AMT = AMT WHERE ID = ?", "SELECT * FROM NO_SUCH_TABLE", "SELECT ?", "SELECT ? + ?",
      "SELECT NAME FROM FZ WHERE NAME LIKE ?", "UPSERT INTO FZ (ID, AMT) SELECT ID, AMT FROM FZ WHERE ID = ?", "",
      "SELECT CAST(? AS DATE)"};

  private final List<Named> calls = new ArrayList<>();

  JdbcCallFuzzer() {
    add("close connection", o -> o.conn.close());
    add("close statement", o -> o.st.close());
    add("close prepared", o -> o.ps.close());
    add("close result set", o -> o.rs.close());
    add("createStatement", o -> o.st = o.conn.createStatement());
    add("createStatement scroll/updatable", o -> o.st = o.conn.createStatement(
        o.r.nextBoolean() ? ResultSet.TYPE_SCROLL_SENSITIVE : ResultSet.TYPE_SCROLL_INSENSITIVE,
        o.r.nextBoolean() ? ResultSet.CONCUR_UPDATABLE : ResultSet.CONCUR_READ_ONLY));
    add("createStatement bad type", o -> o.st = o.conn.createStatement(12345, -7));
    add("prepareStatement", o -> o.ps = o.conn.prepareStatement(pick(o, QUERIES)));
    add("prepareStatement null", o -> o.ps = o.conn.prepareStatement(null));
    add("prepareStatement keys", o -> o.ps = o.conn.prepareStatement(pick(o, QUERIES), new String[] {"NOPE"}));
    add("prepareCall", o -> o.conn.prepareCall("{call nothing(?)}"));
    add("executeQuery", o -> o.rs = o.st.executeQuery(pick(o, QUERIES)));
    add("executeQuery null", o -> o.rs = o.st.executeQuery(null));
    add("executeUpdate", o -> o.st.executeUpdate(pick(o, QUERIES)));
    add("execute", o -> {
      if (o.st.execute(pick(o, QUERIES))) {
        o.rs = o.st.getResultSet();
      }
    });
    add("addBatch/executeBatch", o -> {
      o.st.addBatch(pick(o, QUERIES));
      o.st.executeBatch();
    });
    add("executeBatch", o -> o.st.executeBatch());
    add("getGeneratedKeys", o -> o.drain(o.st.getGeneratedKeys()));
    add("getMoreResults", o -> o.st.getMoreResults(o.r.nextInt(4)));
    add("getResultSet", o -> o.st.getResultSet());
    add("statement limits", o -> {
      int v = o.r.nextInt(5) - 2;
      switch (o.r.nextInt(5)) {
        case 0 -> o.st.setMaxRows(v);
        case 1 -> o.st.setQueryTimeout(v);
        case 2 -> o.st.setFetchSize(v);
        case 3 -> o.st.setFetchDirection(v + 1000);
        default -> o.st.setLargeMaxRows(v);
      }
    });
    add("cancel", o -> o.st.cancel());
    add("setCursorName", o -> o.st.setCursorName("c"));
    add("ps.executeQuery", o -> o.rs = o.ps.executeQuery());
    add("ps.executeUpdate", o -> o.ps.executeUpdate());
    add("ps.execute(String)", o -> o.ps.execute("SELECT 1"));
    add("ps.addBatch/executeBatch", o -> {
      o.ps.addBatch();
      o.ps.executeBatch();
    });
    add("ps.clearParameters", o -> o.ps.clearParameters());
    add("ps.setInt", o -> o.ps.setInt(pick(o, INDEXES), o.r.nextInt()));
    add("ps.setString", o -> o.ps.setString(pick(o, INDEXES), pick(o, new String[] {"abc", "12", "", "\uD800", "2024-13-45", null})));
    add("ps.setObject odd", o -> o.ps.setObject(pick(o, INDEXES), pick(o, new Object[] {new Object(), Thread.currentThread(),
        new int[] {1}, List.of(1), Double.NaN, new BigDecimal("1e400"), new StringBuilder("x"), 'c'})));
    add("ps.setObject type", o -> o.ps.setObject(pick(o, INDEXES), "7", pick(o, new int[] {Types.OTHER, Types.ARRAY,
        Types.STRUCT, Types.BLOB, Types.DATE, Types.INTEGER, 12345})));
    add("ps.setNull", o -> o.ps.setNull(pick(o, INDEXES), pick(o, new int[] {Types.OTHER, Types.NULL, Types.INTEGER, 9999})));
    add("ps.setBigDecimal", o -> o.ps.setBigDecimal(pick(o, INDEXES), new BigDecimal("9".repeat(1 + o.r.nextInt(200)))));
    add("ps.setCharacterStream", o -> o.ps.setCharacterStream(pick(o, INDEXES), new StringReader("abc"), o.r.nextInt(6) - 1));
    add("ps.setBytes", o -> o.ps.setBytes(pick(o, INDEXES), new byte[o.r.nextInt(3)]));
    add("ps.getParameterMetaData", o -> o.ps.getParameterMetaData().getParameterType(pick(o, INDEXES)));
    add("ps.getMetaData", o -> {
      var md = o.ps.getMetaData();
      if (md != null) {
        md.getColumnName(pick(o, INDEXES));
      }
    });
    add("rs.next", o -> o.rs.next());
    add("rs.drain", o -> o.drain(o.rs));
    add("rs.getString", o -> o.rs.getString(pick(o, INDEXES)));
    add("rs.getInt label", o -> o.rs.getInt(pick(o, new String[] {"ID", "NAME", "AMT", "NOPE", "", null})));
    add("rs.getObject class", o -> o.rs.getObject(pick(o, INDEXES), pick(o, new Class<?>[] {Thread.class, Integer.class,
        java.time.LocalDate.class, byte[].class, Object.class, null})));
    add("rs.getDate", o -> o.rs.getDate(pick(o, INDEXES)));
    add("rs.getBigDecimal", o -> o.rs.getBigDecimal(pick(o, INDEXES)));
    add("rs.getBytes", o -> o.rs.getBytes(pick(o, INDEXES)));
    add("rs.wasNull", o -> o.rs.wasNull());
    add("rs.findColumn", o -> o.rs.findColumn(pick(o, new String[] {"ID", "nope", "", null})));
    add("rs.scroll", o -> {
      switch (o.r.nextInt(5)) {
        case 0 -> o.rs.absolute(o.r.nextInt(7) - 3);
        case 1 -> o.rs.previous();
        case 2 -> o.rs.beforeFirst();
        case 3 -> o.rs.last();
        default -> o.rs.relative(o.r.nextInt(5) - 2);
      }
    });
    add("rs.update", o -> {
      o.rs.updateString(1, "x");
      o.rs.updateRow();
    });
    add("rs.setFetchSize", o -> o.rs.setFetchSize(o.r.nextInt(5) - 2));
    add("rs.getMetaData", o -> o.rs.getMetaData().getColumnTypeName(pick(o, INDEXES)));
    add("rs.unwrap", o -> o.rs.unwrap(String.class));
    add("autoCommit", o -> o.conn.setAutoCommit(o.r.nextBoolean()));
    add("commit", o -> o.conn.commit());
    add("rollback", o -> o.conn.rollback());
    add("rollback null savepoint", o -> o.conn.rollback(null));
    add("setSavepoint", o -> o.conn.setSavepoint());
    add("isolation", o -> o.conn.setTransactionIsolation(pick(o, new int[] {Connection.TRANSACTION_NONE,
        Connection.TRANSACTION_SERIALIZABLE, Connection.TRANSACTION_READ_COMMITTED, 12345})));
    add("isValid", o -> o.conn.isValid(o.r.nextInt(3) - 1));
    add("readOnly", o -> o.conn.setReadOnly(o.r.nextBoolean()));
    add("nativeSQL", o -> o.conn.nativeSQL(pick(o, new String[] {null, "{fn NOW()}", "{d '2024-01-01'}", "{oj"})));
    add("catalog/schema", o -> {
      if (o.r.nextBoolean()) {
        o.conn.setCatalog("NOPE");
      } else {
        o.conn.setSchema(pick(o, new String[] {"NOPE", "PUBLIC", null}));
      }
    });
    add("holdability", o -> o.conn.setHoldability(o.r.nextInt(4)));
    add("networkTimeout", o -> o.conn.setNetworkTimeout(null, o.r.nextInt(3) - 1));
    add("abort", o -> o.conn.abort(null));
    add("createArrayOf", o -> o.conn.createArrayOf("INTEGER", new Object[] {1, 2}));
    add("createClob", o -> o.conn.createClob());
    add("clientInfo", o -> o.conn.setClientInfo(pick(o, new String[] {"ApplicationName", "nope", null}), "x"));
    add("typeMap", o -> o.conn.setTypeMap(null));
    add("metadata", o -> {
      var md = o.conn.getMetaData();
      switch (o.r.nextInt(5)) {
        case 0 -> o.drain(md.getTables(null, null, pick(o, new String[] {"%", "FZ", "\uD800", null}), null));
        case 1 -> o.drain(md.getColumns(null, null, "%", pick(o, new String[] {"%", "_", null})));
        case 2 -> o.drain(md.getIndexInfo(null, null, pick(o, new String[] {"FZ", "NOPE", null}), false, false));
        case 3 -> o.drain(md.getPrimaryKeys(null, null, pick(o, new String[] {"FZ", null})));
        default -> o.drain(md.getTypeInfo());
      }
    });
  }

  private void add(String name, Call call) {
    calls.add(new Named(name, call));
  }

  Named pick(Random r) {
    return calls.get(r.nextInt(calls.size()));
  }

  private static <T> T pick(Objects o, T[] a) {
    return a[o.r.nextInt(a.length)];
  }

  private static int pick(Objects o, int[] a) {
    return a[o.r.nextInt(a.length)];
  }
}
