package dev.cellar.sql.prepare;

import java.util.EnumSet;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * Scalar sub-queries without a {@code FROM} whose one value holds a sub-query, written as that
 * value: {@code (SELECT (SELECT v FROM t WHERE ...))} is {@code (SELECT v FROM t WHERE ...)},
 * {@code (SELECT (SELECT v) + 1)} is {@code (SELECT v) + 1}. Such a sub-query reads one row of
 * no columns and gives its expression, so the two are the same value; Calcite's planner does not
 * implement a sub-query nested in a sub-query of one row that refers to the outer query (it
 * asserts, or gives NULL). {@code (SELECT NULL)} is {@code NULL}: as a sub-query, Calcite's
 * planner met its value only after typing the expression around it, and asserted.
 *
 * <p>Only places where a query is a value are rewritten: the SELECT list, WHERE, GROUP BY, HAVING and ORDER BY, the
 * values and condition of an UPDATE, the condition of a DELETE, the left of IN, SOME or ALL, and the
 * operands of operators and functions; never a FROM, the right of IN, SOME or ALL, EXISTS, or a
 * branch of UNION. The
 * expression is kept as written when it holds an aggregate or a window function (in a sub-query
 * they would aggregate the outer query's rows), or when the sub-query has a WHERE, GROUP BY,
 * HAVING, DISTINCT, ORDER BY, OFFSET or FETCH.
 */
final class NestedScalarQueries {
  private NestedScalarQueries() {}

  /** Calls whose operands are queries as tables or sets, not values. */
  private static final Set<SqlKind> NOT_VALUES = EnumSet.of(SqlKind.IN, SqlKind.NOT_IN, SqlKind.SOME, SqlKind.ALL,
      SqlKind.EXISTS, SqlKind.UNIQUE, SqlKind.ARRAY_QUERY_CONSTRUCTOR, SqlKind.MAP_QUERY_CONSTRUCTOR,
      SqlKind.MULTISET_QUERY_CONSTRUCTOR, SqlKind.WITH_ITEM, SqlKind.JOIN, SqlKind.LATERAL, SqlKind.COLLECTION_TABLE,
      SqlKind.CURSOR, SqlKind.UNNEST, SqlKind.OVER, SqlKind.INSERT, SqlKind.MERGE, SqlKind.EXPLAIN,
      SqlKind.TABLESAMPLE, SqlKind.SNAPSHOT, SqlKind.MATCH_RECOGNIZE, SqlKind.PIVOT, SqlKind.UNPIVOT,
      SqlKind.TABLE_REF, SqlKind.SET_SEMANTICS_TABLE, SqlKind.DESCRIBE_TABLE, SqlKind.DESCRIBE_SCHEMA);

  /** Calls whose left operand is a value and right operand a set. */
  private static final Set<SqlKind> LEFT_VALUE = EnumSet.of(SqlKind.IN, SqlKind.NOT_IN, SqlKind.SOME, SqlKind.ALL);

  /**
   * Rewrites the value places of {@code node} (not of the nodes below it); {@code underFrom} as
   * Calcite's validator tells it.
   */
  static void rewrite(SqlNode node, boolean underFrom) {
    if (node instanceof SqlSelect select) {
      unwrapAll(select.getSelectList());
      select.setWhere(unwrap(select.getWhere()));
      unwrapAll(select.getGroup());
      select.setHaving(unwrap(select.getHaving()));
      unwrapAll(select.getOrderList());
    } else if (node instanceof SqlOrderBy orderBy) {
      unwrapAll(orderBy.orderList);
    } else if (node instanceof SqlUpdate update) {
      unwrapAll(update.getSourceExpressionList());
      update.setOperand(3, unwrap(update.getCondition())); // the condition
    } else if (node instanceof SqlDelete delete) {
      delete.setOperand(1, unwrap(delete.getCondition())); // the condition
    } else if (node instanceof SqlCall call && LEFT_VALUE.contains(call.getKind()) && call.operandCount() == 2
        && call.operand(0) instanceof SqlSelect) {
      // the value tested: (SELECT (SELECT v)) IN (...) is v IN (...), and so is (SELECT v), which
      // Calcite does not plan before a sub-query; the right is a set, kept
      SqlNode value = call.operand(0);
      for (SqlNode inner = valueOf(value, false); inner != null; inner = valueOf(value, false)) {
        value = inner;
      }
      call.setOperand(0, value);
    } else if (node instanceof SqlCall call && !call.getKind().belongsTo(SqlKind.QUERY)
        && !NOT_VALUES.contains(call.getKind()) && !(call.getKind() == SqlKind.AS && underFrom)
        && !call.getKind().belongsTo(SqlKind.DML)) {
      for (int i = 0; i < call.operandCount(); i++) {
        SqlNode operand = call.operand(i);
        if (operand instanceof SqlNodeList list) {
          unwrapAll(list);
        } else if (operand instanceof SqlSelect) {
          call.setOperand(i, unwrap(operand));
        }
      }
    }
  }

  private static void unwrapAll(SqlNodeList list) {
    if (list == null) {
      return;
    }
    for (int i = 0; i < list.size(); i++) {
      SqlNode item = list.get(i);
      if (item instanceof SqlCall as && as.getKind() == SqlKind.AS) {
        as.setOperand(0, unwrap(as.operand(0)));
      } else {
        list.set(i, unwrap(item));
      }
    }
  }

  /** {@code node}, or the value of the sub-query it is, as long as that is one to unwrap. */
  private static SqlNode unwrap(SqlNode node) {
    SqlNode value = node;
    for (SqlNode inner = valueOf(value, true); inner != null; inner = valueOf(value, true)) {
      value = inner;
    }
    return value;
  }

  /**
   * The one expression of {@code node} if it is a sub-query of one row to unwrap (with
   * {@code nestedOnly}, only one whose expression holds a sub-query), else null.
   */
  private static SqlNode valueOf(SqlNode node, boolean nestedOnly) {
    if (node == null || !(node instanceof SqlSelect s) || s.getFrom() != null || s.getWhere() != null || s.getGroup() != null
        || s.getHaving() != null || s.getQualify() != null || s.isDistinct() || s.getOrderList() != null
        && !s.getOrderList().isEmpty() || s.getOffset() != null || s.getFetch() != null
        || s.getWindowList() != null && !s.getWindowList().isEmpty() || s.getSelectList().size() != 1) {
      return null;
    }
    SqlNode value = s.getSelectList().get(0);
    if (value instanceof SqlCall as && as.getKind() == SqlKind.AS) {
      value = as.operand(0);
    }
    if (value instanceof org.apache.calcite.sql.SqlIdentifier id && id.isStar()) {
      return null;
    }
    if (org.apache.calcite.sql.SqlUtil.isNullLiteral(value, false)) {
      return value; // (SELECT NULL) is NULL; Calcite's planner folds the literal, not the sub-query
    }
    Shape shape = new Shape();
    value.accept(shape);
    return (shape.query || !nestedOnly) && !shape.aggregate ? value : null;
  }

  /**
   * The names of Calcite's standard functions that are not aggregates: an unresolved function
   * of another name (the validator resolves them later) may be one.
   */
  private static final Set<String> SCALAR_FUNCTIONS = scalarFunctions();

  private static Set<String> scalarFunctions() {
    Set<String> scalar = new java.util.HashSet<>();
    Set<String> aggregate = new java.util.HashSet<>();
    for (SqlOperator op : SqlStdOperatorTable.instance().getOperatorList()) {
      (op.isAggregator() ? aggregate : scalar).add(op.getName().toUpperCase(java.util.Locale.ROOT));
    }
    scalar.removeAll(aggregate);
    return Set.copyOf(scalar);
  }

  /** Whether an expression holds a sub-query, and whether it holds an aggregate or window call. */
  private static final class Shape extends SqlBasicVisitor<Void> {
    boolean query;
    boolean aggregate;

    @Override
    public Void visit(SqlCall call) {
      if (call.getKind().belongsTo(SqlKind.QUERY)) {
        query = true;
        return null; // its own aggregates are its own
      }
      if (call.getOperator().isAggregator() || call.getKind() == SqlKind.OVER
          || call.getOperator() instanceof SqlUnresolvedFunction f && !SCALAR_FUNCTIONS.contains(f.getName().toUpperCase(java.util.Locale.ROOT))) {
        aggregate = true;
      }
      return super.visit(call);
    }
  }
}
