package dev.cellar.sql.prepare;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * Columns that a grouped query's expression names but never evaluates need not be grouped.
 * {@code COALESCE(-86, col1)} is {@code -86} whatever {@code col1} holds, and so is a {@code CASE}
 * branch whose condition compares two constants that differ ({@code CASE 8 WHEN 76 THEN col1 END}):
 * SQLite and H2 accept such a select list in a query grouped on other columns, where the
 * standard's check of grouped columns, which looks at every column named, refuses it.
 *
 * <p>In the select list and {@code HAVING} of a query that groups or aggregates, once Calcite's rewrites
 * have turned {@code COALESCE} into a {@code CASE} ({@code WHEN a IS NOT NULL THEN a ...}), each
 * column in a part of a {@code CASE} that is never evaluated becomes {@code ANY_VALUE(column)}, of
 * the same type, unless a grouped column may be that column (one of its name, not qualified by
 * another table): a branch after one whose condition is a
 * constant that is true ({@code 63 IS NOT NULL}, {@code 5 = 5}), the result of a branch whose
 * condition is a constant that is false or NULL, and the {@code ELSE} after a branch that is always
 * taken. The query's results are those the check would have let through; columns in the parts
 * that may be evaluated are checked as before.
 */
final class UnevaluatedOperands {
  /** The grouped columns named by a plain name, each as its qualifier (empty if none) by its name. */
  private final Map<String, Set<String>> grouped = new HashMap<>();

  private UnevaluatedOperands(SqlNodeList group) {
    for (SqlNode g : group) {
      if (g instanceof SqlIdentifier id && !id.isStar()) {
        grouped.computeIfAbsent(simpleName(id), n -> new HashSet<>()).add(qualifier(id));
      }
    }
  }

  /** Rewrites the select list and {@code HAVING} of {@code select} if it is grouped or aggregates. */
  static void rewrite(SqlSelect select) {
    SqlNodeList group = select.getGroup();
    if (group == null && select.getHaving() == null && !aggregates(select.getSelectList())) {
      return;
    }
    UnevaluatedOperands rewrite = new UnevaluatedOperands(group == null ? SqlNodeList.EMPTY : group);
    for (SqlNode item : select.getSelectList()) {
      rewrite.evaluated(item);
    }
    if (select.getHaving() != null) {
      rewrite.evaluated(select.getHaving());
    }
  }

  /** Looks for {@code CASE}s with parts never evaluated in {@code node}, which is evaluated. */
  private void evaluated(SqlNode node) {
    if (node instanceof SqlCall as && as.getKind() == SqlKind.AS) {
      evaluated(as.operand(0));
      return;
    }
    if (!(node instanceof SqlCall call) || stops(call)) {
      return;
    }
    if (call instanceof SqlCase c && c.getValueOperand() == null) {
      caseOf(c);
      return;
    }
    for (SqlNode operand : call.getOperandList()) {
      if (operand instanceof SqlNodeList list) {
        for (SqlNode n : list) {
          evaluated(n);
        }
      } else {
        evaluated(operand);
      }
    }
  }

  private void caseOf(SqlCase c) {
    SqlNodeList whens = c.getWhenOperands();
    SqlNodeList thens = c.getThenOperands();
    boolean taken = false;
    for (int i = 0; i < whens.size(); i++) {
      if (taken) {
        whens.set(i, neverEvaluated(whens.get(i)));
        thens.set(i, neverEvaluated(thens.get(i)));
        continue;
      }
      Boolean condition = constant(whens.get(i));
      evaluated(whens.get(i));
      if (Boolean.FALSE.equals(condition)) {
        thens.set(i, neverEvaluated(thens.get(i)));
      } else {
        evaluated(thens.get(i));
        taken = Boolean.TRUE.equals(condition);
      }
    }
    SqlNode otherwise = c.getElseOperand();
    if (otherwise != null) {
      if (taken) {
        c.setOperand(3, neverEvaluated(otherwise));
      } else {
        evaluated(otherwise);
      }
    }
  }

  /** {@code node} with its ungrouped columns outside aggregates and sub-queries as ANY_VALUE. */
  private SqlNode neverEvaluated(SqlNode node) {
    if (node instanceof SqlIdentifier id) {
      return id.isStar() || mayBeGrouped(id) ? id
          : SqlStdOperatorTable.ANY_VALUE.createCall(id.getParserPosition(), id);
    }
    if (node instanceof SqlNodeList list) {
      for (int i = 0; i < list.size(); i++) {
        list.set(i, neverEvaluated(list.get(i)));
      }
      return list;
    }
    if (!(node instanceof SqlCall call) || stops(call)) {
      return node;
    }
    if (call.getKind() == SqlKind.CAST) {
      // its second operand is a type
      call.setOperand(0, neverEvaluated(call.operand(0)));
      return call;
    }
    for (int i = 0; i < call.operandCount(); i++) {
      SqlNode operand = call.operand(i);
      SqlNode rewritten = operand == null ? null : neverEvaluated(operand);
      if (rewritten != operand) {
        call.setOperand(i, rewritten);
      }
    }
    return call;
  }

  /** Calls whose columns are not the grouped query's own: aggregates, windows and sub-queries. */
  private static boolean stops(SqlCall call) {
    return call.getOperator().isAggregator() || call.getKind() == SqlKind.OVER || call instanceof SqlSelect
        || SqlKind.QUERY.contains(call.getKind()) || !call.getKind().belongsTo(SqlKind.EXPRESSION);
  }

  /** The value of a condition made of constants only, or null if it is not one Cellar reads here. */
  private static Boolean constant(SqlNode condition) {
    if (!(condition instanceof SqlCall call)) {
      return null;
    }
    switch (call.getKind()) {
      case IS_NOT_NULL: {
        Object v = value(call.operand(0));
        return v == null ? null : v != NULL;
      }
      case IS_NULL: {
        Object v = value(call.operand(0));
        return v == null ? null : v == NULL;
      }
      case EQUALS:
      case NOT_EQUALS: {
        Object a = value(call.operand(0));
        Object b = value(call.operand(1));
        if (a == null || b == null) {
          return null;
        }
        if (a == NULL || b == NULL) {
          return false;
        }
        boolean equal;
        if (a instanceof BigDecimal x && b instanceof BigDecimal y) {
          equal = x.compareTo(y) == 0;
        } else if (a instanceof String x && b instanceof String y) {
          equal = x.equals(y);
        } else {
          return null;
        }
        return call.getKind() == SqlKind.EQUALS ? equal : !equal;
      }
      default:
        return null;
    }
  }

  /** A marker for the value of a NULL constant. */
  private static final Object NULL = new Object();

  /**
   * The value of a constant: a number (with its signs) as a BigDecimal, a string, {@link #NULL}
   * for NULL (cast or not), a {@code CASE} whose branch taken is known and is such a constant; or
   * null if {@code node} is not such a constant.
   */
  private static Object value(SqlNode node) {
    if (node instanceof SqlNumericLiteral n) {
      return n.getValueAs(BigDecimal.class);
    }
    if (node instanceof SqlCharStringLiteral s) {
      return s.getValueAs(String.class);
    }
    if (node instanceof SqlLiteral l && l.getTypeName() == org.apache.calcite.sql.type.SqlTypeName.NULL) {
      return NULL;
    }
    if (node instanceof SqlCase c && c.getValueOperand() == null) {
      // the value of the branch always taken, as in a COALESCE inside another
      for (int i = 0; i < c.getWhenOperands().size(); i++) {
        Boolean condition = constant(c.getWhenOperands().get(i));
        if (condition == null) {
          return null;
        }
        if (condition) {
          return value(c.getThenOperands().get(i));
        }
      }
      return c.getElseOperand() == null ? NULL : value(c.getElseOperand());
    }
    if (node instanceof SqlCall call) {
      if (call.getKind() == SqlKind.MINUS_PREFIX || call.getKind() == SqlKind.PLUS_PREFIX) {
        Object v = value(call.operand(0));
        if (v instanceof BigDecimal d) {
          return call.getKind() == SqlKind.MINUS_PREFIX ? d.negate() : d;
        }
        return v == NULL ? NULL : null;
      }
      if (call.getKind() == SqlKind.CAST_NOT_NULL) {
        // a COALESCE's result once its operand is known not to be NULL
        return value(call.operand(0));
      }
      if (call.getKind() == SqlKind.CAST && value(call.operand(0)) == NULL) {
        return NULL;
      }
    }
    return null;
  }

  /** Whether a grouped column may be {@code id}: one of its name whose qualifier is not another. */
  private boolean mayBeGrouped(SqlIdentifier id) {
    Set<String> qualifiers = grouped.get(simpleName(id));
    String qualifier = qualifier(id);
    return qualifiers != null && (qualifier.isEmpty() || qualifiers.contains("") || qualifiers.contains(qualifier));
  }

  /** Whether {@code node} calls an aggregate outside windows and sub-queries. */
  private static boolean aggregates(SqlNode node) {
    if (node instanceof SqlNodeList list) {
      for (SqlNode n : list) {
        if (aggregates(n)) {
          return true;
        }
      }
      return false;
    }
    if (!(node instanceof SqlCall call) || call.getKind() == SqlKind.OVER || call instanceof SqlSelect
        || SqlKind.QUERY.contains(call.getKind())) {
      return false;
    }
    if (call.getOperator().isAggregator()) {
      return true;
    }
    for (SqlNode operand : call.getOperandList()) {
      if (operand != null && aggregates(operand)) {
        return true;
      }
    }
    return false;
  }

  private static String qualifier(SqlIdentifier id) {
    StringBuilder q = new StringBuilder();
    for (int i = 0; i < id.names.size() - 1; i++) {
      q.append(id.isComponentQuoted(i) ? id.names.get(i) : id.names.get(i).toUpperCase(Locale.ROOT)).append('.');
    }
    return q.toString();
  }

  private static String simpleName(SqlIdentifier id) {
    String name = id.names.get(id.names.size() - 1);
    return id.isComponentQuoted(id.names.size() - 1) ? name : name.toUpperCase(Locale.ROOT);
  }
}
