package dev.cellar.jdbc;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;

/**
 * SQLStates for the checks the JDBC classes Cellar's extend make themselves: an object used after
 * it was closed, a column or parameter index out of range, a value a getter cannot convert, a
 * result set read before its first row, an option out of range, a method that is not supported.
 * Those checks raise an {@code SQLException} without an SQLState (and, for a conversion, with the
 * name of an internal class in its message); the driver's subclasses pass each through
 * {@link #stated}, which gives it the state and message of the table below.
 *
 * <table>
 * <caption>states</caption>
 * <tr><td>08003</td><td>the connection is closed</td></tr>
 * <tr><td>55000</td><td>a statement or result set is closed</td></tr>
 * <tr><td>07009</td><td>a column or parameter index out of range</td></tr>
 * <tr><td>42S22</td><td>a column label the result does not have</td></tr>
 * <tr><td>22018</td><td>a getter that cannot convert the column's value</td></tr>
 * <tr><td>24000</td><td>a value read with no current row</td></tr>
 * <tr><td>22023</td><td>an option value out of range (max rows, timeouts, holdability)</td></tr>
 * <tr><td>07005</td><td>{@code executeQuery} of a statement that returns no rows</td></tr>
 * <tr><td>07001</td><td>a parameter not set</td></tr>
 * <tr><td>0A000</td><td>a method that is not supported (updatable or scrollable result sets, savepoints,
 * stored procedures, LOBs)</td></tr>
 * </table>
 */
final class ClientErrors {
  private ClientErrors() {}

  /** A JDBC call that may fail. */
  interface Call<T> {
    T run() throws SQLException;
  }

  /** A JDBC call without a result that may fail. */
  interface VoidCall {
    void run() throws SQLException;
  }

  /** How the message of a value a getter cannot convert starts, before the column is known. */
  static final String VALUE = "the column's value";

  private static final Pattern ORDINAL = Pattern.compile("invalid column ordinal: (-?\\d+)");
  private static final Pattern PARAMETER = Pattern.compile("parameter ordinal (-?\\d+) out of range");
  private static final Pattern LABEL = Pattern.compile("column '(.*)' not found", Pattern.DOTALL);
  private static final Pattern CONVERT = Pattern.compile("cannot convert to ([\\w\\[\\] ]+?)(?: with scale)? \\(.*",
      Pattern.DOTALL);
  private static final Pattern CURSOR = Pattern.compile(".*Expecting cursor position to be Position\\.OK, actual is "
      + "Position\\.(\\w+).*", Pattern.DOTALL);
  private static final Pattern UNWRAP = Pattern.compile("does not implement '(?:class|interface) ([\\w.$]+)'");

  /** The SQL names of the Java types a getter converts to, as a conversion error names them. */
  private static final Map<String, String> SQL_NAMES = Map.ofEntries(Map.entry("boolean", "BOOLEAN"),
      Map.entry("byte", "TINYINT"), Map.entry("short", "SMALLINT"), Map.entry("int", "INTEGER"),
      Map.entry("long", "BIGINT"), Map.entry("float", "REAL"), Map.entry("double", "DOUBLE"),
      Map.entry("BigDecimal", "DECIMAL"), Map.entry("byte[]", "VARBINARY"), Map.entry("Date", "DATE"),
      Map.entry("Time", "TIME"), Map.entry("Timestamp", "TIMESTAMP"), Map.entry("String", "VARCHAR"),
      Map.entry("Array", "ARRAY"), Map.entry("Struct", "STRUCT"));

  /** Runs {@code call}, its failure {@linkplain #stated stated}. */
  static <T> T call(Call<T> call) throws SQLException {
    try {
      return call.run();
    } catch (SQLException e) {
      throw stated(e);
    }
  }

  /** Runs {@code call}, its failure {@linkplain #stated stated}. */
  static void run(VoidCall call) throws SQLException {
    try {
      call.run();
    } catch (SQLException e) {
      throw stated(e);
    }
  }

  /** The failure of a method Cellar does not support. */
  static SQLException unsupported(String method) {
    return refused(method + " is not supported");
  }

  /** The failure of a call Cellar does not support, {@code message} saying why and what to do instead. */
  static SQLException refused(String message) {
    return new SQLFeatureNotSupportedException(message, SqlState.FEATURE_NOT_SUPPORTED.code());
  }

  /** The failure of a method that changes a result set's rows: Cellar's result sets are read-only. */
  static SQLException readOnly(String method) {
    return refused(method + " is not supported: result sets are read-only (CONCUR_READ_ONLY); change rows with "
        + "UPDATE, UPSERT or DELETE");
  }

  /** The failure of a method that moves a result set's cursor other than forward. */
  static SQLException forwardOnly(String method) {
    return refused(method + " is not supported: this result set is forward-only (TYPE_FORWARD_ONLY); read it with "
        + "next(), or create the statement with TYPE_SCROLL_INSENSITIVE to move over its rows");
  }

  /**
   * {@code e} with an SQLState: as it is if it has one; else the state of the Cellar error it
   * carries, or the state and message of the check that raised it (the table above). A failure
   * no rule knows is an internal error (XX000), so that the test suites find it.
   */
  static SQLException stated(SQLException e) {
    if (e.getSQLState() != null || e instanceof BatchUpdateException) {
      return e;
    }
    for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
      if (c instanceof CellarSqlException cs) {
        return JdbcErrors.of(cs.sqlState(), cs.getMessage(), e);
      }
      if (c instanceof AvaticaClientRuntimeException a && a.getSqlState() != null) {
        return JdbcErrors.of(a.getSqlState(), a.getMessage(), e);
      }
    }
    String m = e.getMessage() == null ? "" : e.getMessage();
    if (e instanceof SQLFeatureNotSupportedException && m.isEmpty()) {
      return JdbcErrors.of(SqlState.FEATURE_NOT_SUPPORTED.code(), method(e) + " is not supported", e);
    }
    String[] stated = rule(m);
    if (stated == null) {
      return JdbcErrors.of(SqlState.INTERNAL_ERROR.code(), m.isEmpty() ? method(e) + " failed" : m, e);
    }
    return JdbcErrors.of(stated[0], stated[1], e);
  }

  /** The state and message of the check that raised an error with {@code message}, or null. */
  private static String[] rule(String m) {
    String end = m.contains(JdbcErrors.STATEMENT) ? m.substring(m.indexOf(JdbcErrors.STATEMENT)) : "";
    String text = m.substring(0, m.length() - end.length());
    Matcher x;
    if (text.equals("Connection closed")) {
      return state(SqlState.CONNECTION_DOES_NOT_EXIST, "the connection is closed" + end);
    } else if (text.equals("Statement closed")) {
      return state(SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE, "the statement is closed" + end);
    } else if (text.equals("ResultSet closed")) {
      return state(SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE, "the result set is closed");
    } else if ((x = ORDINAL.matcher(text)).matches()) {
      return state(SqlState.INVALID_DESCRIPTOR_INDEX, "column index " + x.group(1) + " is out of range");
    } else if ((x = PARAMETER.matcher(text)).matches()) {
      return state(SqlState.INVALID_DESCRIPTOR_INDEX, "parameter index " + x.group(1) + " is out of range");
    } else if ((x = LABEL.matcher(text)).matches()) {
      return state(SqlState.COLUMN_NOT_FOUND, "the result has no column '" + x.group(1) + "'");
    } else if ((x = CONVERT.matcher(text)).matches()) {
      String type = SQL_NAMES.getOrDefault(x.group(1), x.group(1).toUpperCase(Locale.ROOT));
      return state(SqlState.INVALID_CHARACTER_VALUE_FOR_CAST, VALUE + " cannot be read as " + type);
    } else if ((x = CURSOR.matcher(text)).matches()) {
      return state(SqlState.INVALID_CURSOR_STATE, x.group(1).equals("BEFORE_START")
          ? "no current row: call next() before reading a value" : "no current row: the result set is past its last row");
    } else if (text.startsWith("illegal maxRows value: ") || text.startsWith("illegal timeout value ")
        || text.startsWith("timeout is less than 0") || text.equals("invalid value")
        || text.matches("value -?\\d+ is not one of .*")) {
      return state(SqlState.INVALID_PARAMETER_VALUE, (text.equals("invalid value") ? "invalid holdability" : text) + end);
    } else if (text.equals("Statement did not return a result set")) {
      return state(SqlState.NOT_A_QUERY, "executeQuery: the statement returns no rows; use executeUpdate or execute"
          + end);
    } else if (text.startsWith("Cannot call ")) {
      return state(SqlState.FEATURE_NOT_SUPPORTED, "a PreparedStatement runs its own statement: call execute(), "
          + "executeQuery(), executeUpdate() or addBatch() without SQL, or use a Statement" + end);
    } else if (text.equals("unbound parameter")) {
      return state(SqlState.PARAMETER_NOT_SET, "a parameter is not set" + end);
    } else if (text.equals("Statement canceled")) {
      return state(SqlState.CANCELLED, "statement cancelled" + end);
    } else if ((x = UNWRAP.matcher(text)).matches()) {
      String name = x.group(1);
      return state(SqlState.FEATURE_NOT_SUPPORTED, "the object cannot be unwrapped as "
          + name.substring(name.lastIndexOf('.') + 1));
    } else if (text.startsWith("Could not find JDBC type for ")) {
      return state(SqlState.INVALID_PARAMETER_VALUE, "unknown type name " + text.substring(29));
    } else if (text.startsWith("Cannot create an ARRAY of ")) {
      return state(SqlState.FEATURE_NOT_SUPPORTED, "an ARRAY of ARRAYs or STRUCTs is not supported");
    }
    return null;
  }

  private static String[] state(SqlState state, String message) {
    return new String[] {state.code(), message};
  }

  /** The JDBC method that raised {@code e}: the first frame of its stack outside Avatica's helper. */
  private static String method(SQLException e) {
    for (StackTraceElement f : e.getStackTrace()) {
      if (!f.getClassName().endsWith(".Helper")) {
        return f.getMethodName();
      }
    }
    return "the operation";
  }
}
