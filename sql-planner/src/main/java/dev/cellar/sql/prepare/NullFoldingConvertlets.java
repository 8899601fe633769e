package dev.cellar.sql.prepare;

import org.apache.calcite.plan.RelOptPredicateList;
import org.apache.calcite.plan.Strong;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexSimplify;
import org.apache.calcite.rex.RexUnknownAs;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;

/**
 * Calcite's conversion of SQL calls to expressions, with a call of a NULL-strict operator
 * ({@link Strong.Policy#ANY}: {@code + - * /}, comparisons, most functions) that has a NULL
 * operand converted to a NULL literal of its type at once: a NULL literal, or a constant
 * expression that Calcite's simplifier reduces to one (a {@code CASE} no branch of which is taken,
 * or whose branch taken is NULL, even where another branch holds a sub-query).
 *
 * <p>Calcite keeps {@code 37 / CAST(NULL AS INTEGER)} as a call; the conversion of the select
 * list around it then asks for the monotonicity of {@code ... * -33}, takes the constant call for
 * a literal and stops at an assertion ("not a literal"). The result of such a call is NULL
 * whatever the other operands are, so folding it changes no answer. As with
 * {@link NullExpressions}, an error another operand would raise is not raised: {@code 1 / 0 +
 * NULL} is NULL, as in SQLite.
 */
final class NullFoldingConvertlets implements SqlRexConvertletTable {
  private final SqlRexConvertletTable inner;

  private NullFoldingConvertlets(SqlRexConvertletTable inner) {
    this.inner = inner;
  }

  static SqlRexConvertletTable wrap(SqlRexConvertletTable inner) {
    return new NullFoldingConvertlets(inner);
  }

  @Override
  public SqlRexConvertlet get(SqlCall call) {
    SqlRexConvertlet convertlet = inner.get(call);
    if (convertlet == null) {
      return null;
    }
    return (cx, c) -> {
      RexNode r = convertlet.convertCall(cx, c);
      // a CAST to a NOT NULL type stands in a branch that is taken only when its operand is not
      // NULL (COALESCE's expansion): it keeps its type
      if (r instanceof RexCall rc && Strong.policy(rc) == Strong.Policy.ANY && rc.getType().isNullable()
          && rc.getKind() != SqlKind.CAST) {
        RexSimplify simplify = null;
        for (RexNode operand : rc.getOperands()) {
          if (RexLiteral.isNullLiteral(operand)) {
            return cx.getRexBuilder().makeNullLiteral(rc.getType());
          }
          if (operand instanceof RexCall && (RexUtil.isConstant(operand) || operand.getKind() == SqlKind.CASE)) {
            // a constant CASE, NULLIF, ... whose value is NULL ({@code CASE NULL WHEN 1 THEN 2 END}), or
            // a CASE whose taken branch is NULL ({@code CASE WHEN 1 = 1 THEN NULL ELSE (SELECT v) END})
            simplify = simplify != null ? simplify
                : new RexSimplify(cx.getRexBuilder(), RelOptPredicateList.EMPTY, RexUtil.EXECUTOR);
            if (RexLiteral.isNullLiteral(simplify.simplifyUnknownAs(operand, RexUnknownAs.UNKNOWN))) {
              return cx.getRexBuilder().makeNullLiteral(rc.getType());
            }
          }
        }
      }
      return r;
    };
  }
}
