package dev.cellar.sql.prepare;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.jdbc.CalcitePrepare.CalciteSignature;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.runtime.Bindable;

/**
 * {@code EXPLAIN} as Phoenix returns it: one row per line of the plan, so that a client showing
 * one line per row (a console's table layout) shows the whole plan. Joined with line feeds, the
 * rows are the plan text.
 */
final class ExplainRows {
  private ExplainRows() {}

  /** {@code explain}, whose result is the plan text in one row, with one row per line instead. */
  static <T> CalciteSignature<T> perLine(CalciteSignature<T> explain, long maxRowCount) {
    return perLine(explain, maxRowCount, null);
  }

  /**
   * {@code explain} one row per line, after a first line {@code summary} ({@link ExplainSummary})
   * if not null.
   */
  static <T> CalciteSignature<T> perLine(CalciteSignature<T> explain, long maxRowCount, String summary) {
    return perLine(explain, maxRowCount, summary, List.of());
  }

  /** As {@link #perLine(CalciteSignature, long, String)}, with the lines {@code after} the plan. */
  static <T> CalciteSignature<T> perLine(CalciteSignature<T> explain, long maxRowCount, String summary,
      List<String> after) {
    @SuppressWarnings("unchecked")
    Bindable<T> lines = dataContext -> (Enumerable<T>) (Enumerable<?>) split(explain.enumerable(dataContext), summary,
        after);
    return new CalciteSignature<>(explain.sql, explain.parameters, explain.internalParameters, explain.rowType,
        explain.columns, explain.cursorFactory, explain.rootSchema, explain.getCollationList(), maxRowCount, lines,
        explain.statementType);
  }

  /** Each row's text (a string, or an array holding one) as one row per line, in the same form. */
  static Enumerable<Object> split(Enumerable<?> rows) {
    return split(rows, null, List.of());
  }

  private static Enumerable<Object> split(Enumerable<?> rows, String summary, List<String> after) {
    List<Object> out = new ArrayList<>();
    for (Object row : rows) {
      boolean array = row instanceof Object[];
      Object text = array ? ((Object[]) row)[0] : row;
      if (summary != null && out.isEmpty()) {
        out.add(array ? new Object[] {summary} : summary);
      }
      for (String line : String.valueOf(text).split("\n")) {
        out.add(array ? new Object[] {line} : line);
      }
      for (String line : after) {
        out.add(array ? new Object[] {line} : line);
      }
    }
    return Linq4j.asEnumerable(out);
  }
}
