package dev.cellar.sql.prepare;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import java.util.Map;
import java.util.TreeMap;
import org.apache.calcite.jdbc.CalcitePrepare.CalciteSignature;
import org.apache.calcite.runtime.Bindable;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlNode;

/**
 * Parameters a statement takes as the row count of {@code OFFSET}, {@code LIMIT} or
 * {@code FETCH}, checked each time the statement runs: a NULL or negative count is refused as
 * the standard says (2201X for OFFSET, 2201W for LIMIT and FETCH), naming the parameter and the
 * clause, before the plan skips or takes rows by it.
 *
 * <p>They are recorded while the statement is validated ({@link NumericLimits#checkRowCounts})
 * between {@link #start} and {@link #finish} on the preparing thread, as {@link ColumnLabels}
 * are.
 */
final class RowCountParameters {
  private static final ThreadLocal<Map<Integer, String>> CURRENT = new ThreadLocal<>();

  private RowCountParameters() {}

  /** Starts recording for the statement about to be prepared on this thread. */
  static void start() {
    CURRENT.set(new TreeMap<>());
  }

  /** Records {@code node} if it is a parameter, as the row count of {@code clause}. */
  static void record(SqlNode node, String clause) {
    Map<Integer, String> current = CURRENT.get();
    if (current != null && node instanceof SqlDynamicParam p) {
      current.put(p.getIndex(), clause);
    }
  }

  /** The parameters recorded since {@link #start}, by index (from 0) to clause; stops recording. */
  static Map<Integer, String> finish() {
    Map<Integer, String> current = CURRENT.get();
    CURRENT.remove();
    return current == null ? Map.of() : current;
  }

  /** {@code signature}, checking the values of {@code counts} before each run. */
  static <T> CalciteSignature<T> checked(CalciteSignature<T> signature, Map<Integer, String> counts) {
    if (counts.isEmpty()) {
      return signature;
    }
    Map<Integer, String> checked = Map.copyOf(counts);
    Bindable<T> bindable = dataContext -> {
      for (Map.Entry<Integer, String> e : checked.entrySet()) {
        Object v = dataContext.get("?" + e.getKey());
        if (v == null || v instanceof Number n && n.longValue() < 0) {
          boolean offset = e.getValue().equals("OFFSET");
          throw new CellarSqlException(offset ? SqlState.INVALID_OFFSET_ROW_COUNT : SqlState.INVALID_FETCH_ROW_COUNT,
              "invalid row count " + v + " for " + e.getValue() + ": parameter " + (e.getKey() + 1) + " must be 0 "
                  + "or more");
        }
      }
      return signature.enumerable(dataContext);
    };
    return new CalciteSignature<>(signature.sql, signature.parameters, signature.internalParameters,
        signature.rowType, signature.columns, signature.cursorFactory, signature.rootSchema,
        signature.getCollationList(), -1, bindable, signature.statementType);
  }
}
