package dev.cellar.sql.prepare;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import java.util.EnumSet;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Clauses Calcite's validator or planner cannot take, refused before validation with the
 * SQLState of what is wrong and the place in the text, where they would end in an internal
 * error: a FROM item that is neither a table, a query, {@code VALUES} nor a table function
 * ({@code FROM AVG(a)}: 42000), and a sub-query in the arguments or window of a window function
 * ({@code SUM((SELECT ...)) OVER (...)}: 0A000). And one rewrite for the same reason: an
 * {@code IN} list of values in an ORDER BY (of a grouped query, where it failed) is written as the {@code OR} of its
 * equalities ({@code NOT IN}: the {@code AND} of its inequalities), the same three-valued truth,
 * which Calcite converts there (it meets the list as an unregistered sub-query).
 */
final class ClauseChecks {
  private ClauseChecks() {}

  /** The kinds of FROM item the validator registers ({@code SqlValidatorImpl.registerFrom}). */
  private static final Set<SqlKind> FROM_ITEMS = EnumSet.of(SqlKind.IDENTIFIER, SqlKind.UNNEST, SqlKind.SELECT, SqlKind.UNION, SqlKind.INTERSECT, SqlKind.EXCEPT, SqlKind.VALUES,
      SqlKind.WITH, SqlKind.OTHER_FUNCTION, SqlKind.OVER, SqlKind.TABLE_REF, SqlKind.SNAPSHOT,
      SqlKind.MATCH_RECOGNIZE, SqlKind.PIVOT, SqlKind.UNPIVOT, SqlKind.ORDER_BY);

  /** Refuses a FROM item of {@code select} that is no table, query or table function. */
  static void checkFrom(SqlSelect select) {
    checkFromItem(select.getFrom());
  }

  private static void checkFromItem(SqlNode from) {
    if (!(from instanceof SqlCall call)) {
      return;
    }
    switch (call.getKind()) {
      case JOIN -> {
        checkFromItem(((SqlJoin) call).getLeft());
        checkFromItem(((SqlJoin) call).getRight());
      }
      // TABLE(f(...)), and f(...) written alone, read the function's call as an item
      case AS, TABLESAMPLE, LATERAL, EXTEND, COLLECTION_TABLE -> checkFromItem(call.operand(0));
      default -> {
        if (!FROM_ITEMS.contains(call.getKind())) {
          SqlParserPos pos = call.getParserPosition();
          throw new CellarSqlException(SqlState.SYNTAX_ERROR, call.getOperator().getName() + "(...) at line "
              + pos.getLineNum() + ", column " + pos.getColumnNum() + " cannot be read FROM: FROM takes tables, "
              + "views, sub-queries, VALUES and TABLE(function(...))");
        }
      }
    }
  }

  /** Refuses a sub-query in the arguments, PARTITION BY or ORDER BY of the window function {@code over}. */
  static void checkWindow(SqlCall over) {
    for (SqlNode operand : over.getOperandList()) {
      SqlNode query = operand == null ? null : CellarValidator.firstQuery(operand);
      if (query != null) {
        SqlParserPos pos = query.getParserPosition();
        throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "a sub-query in a window function (line "
            + pos.getLineNum() + ", column " + pos.getColumnNum() + ") is not supported: compute it in a sub-query "
            + "of the FROM and use its column");
      }
    }
  }

  /** The longest IN list of a grouped query's ORDER BY written as ORs ({@link #expandOrderByInLists}). */
  private static final int ORDER_BY_IN_LIST = 200;

  /**
   * In the ORDER BY of {@code select}, each IN list of values as ORs of equalities: for a grouped
   * query (GROUP BY, or an aggregate without it: {@code SELECT COUNT(*) c ... ORDER BY c IN (1, 2)})
   * Calcite meets the list there as a sub-query it never registered; for any other, the ORs are
   * the same truth.
   */
  static void expandOrderByInLists(SqlSelect select) {
    if (select.getOrderList() == null) {
      return;
    }
    org.apache.calcite.sql.SqlNodeList order = select.getOrderList();
    for (int i = 0; i < order.size(); i++) {
      order.set(i, expandInLists(order.get(i)));
    }
  }

  private static SqlNode expandInLists(SqlNode node) {
    if (node instanceof org.apache.calcite.sql.SqlNodeList list) {
      for (int i = 0; i < list.size(); i++) {
        SqlNode e = list.get(i);
        if (e != null) {
          list.set(i, expandInLists(e));
        }
      }
      return list;
    }
    if (!(node instanceof SqlCall call) || node.isA(SqlKind.QUERY)) {
      return node;
    }
    if ((call.getKind() == SqlKind.IN || call.getKind() == SqlKind.NOT_IN) && call.operandCount() == 2
        && call.operand(1) instanceof org.apache.calcite.sql.SqlNodeList list && list.size() > 0
        && list.size() <= ORDER_BY_IN_LIST && list.stream().noneMatch(e -> e != null && e.isA(SqlKind.QUERY))) {
      boolean in = call.getKind() == SqlKind.IN;
      SqlNode out = null;
      for (SqlNode value : list) {
        SqlNode test = (in ? org.apache.calcite.sql.fun.SqlStdOperatorTable.EQUALS
            : org.apache.calcite.sql.fun.SqlStdOperatorTable.NOT_EQUALS).createCall(call.getParserPosition(),
            call.operand(0), value);
        out = out == null ? test : (in ? org.apache.calcite.sql.fun.SqlStdOperatorTable.OR
            : org.apache.calcite.sql.fun.SqlStdOperatorTable.AND).createCall(call.getParserPosition(), out, test);
      }
      return out;
    }
    for (int i = 0; i < call.operandCount(); i++) {
      SqlNode operand = call.operand(i);
      SqlNode expanded = operand == null ? null : expandInLists(operand);
      if (expanded != operand) {
        call.setOperand(i, expanded);
      }
    }
    return call;
  }
}
