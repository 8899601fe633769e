package dev.cellar.sql.prepare;

import org.apache.calcite.plan.Strong;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttle;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Replaces each expression that is NULL whatever the row, such as
 * {@code 39 + -CAST(NULL AS INTEGER)} or {@code col0 / CAST(NULL AS INTEGER)}, by a NULL literal of
 * its type, before the plan is trimmed and optimized.
 *
 * <p>An expression is replaced when Calcite's {@link Strong} rules prove it NULL with no column
 * NULL: an operator that is NULL when any operand is ({@code +, /, =, <, CAST}, …) with an
 * operand proven NULL, an {@code AND}, {@code OR} or {@code COALESCE} all of whose operands are.
 * Left to Calcite, such expressions break invariants its planner asserts (and a JVM run with
 * {@code -ea}, as test suites are, stops there):
 * <ul>
 *   <li>its simplifier folds {@code CAST(39 + -NULL AS DOUBLE)} to a NULL literal but keeps the
 *       comparison around it when the other side is an expression ({@code NULL = col1 / -col3});
 *       a filter holding it breaks the predicate metadata that a {@code DISTINCT} above reads;
 *   <li>it does not fold a division by NULL, and then takes {@code col0 / NULL} for a constant
 *       whose value it reads when it works out the order of {@code col0 / NULL * col1}.
 * </ul>
 * Each replaced expression evaluates to NULL anyway, so no result changes; the one difference is
 * that an error an operand would raise is not raised ({@code col0 / 0 + NULL} is NULL, not a
 * division by zero; SQLite returns NULL there too).
 */
final class NullExpressions extends RexShuttle {
  private final RexBuilder rexBuilder;
  private final RelShuttle rels;

  private NullExpressions(RexBuilder rexBuilder) {
    this.rexBuilder = rexBuilder;
    NullExpressions rex = this;
    this.rels = new RelHomogeneousShuttle() {
      @Override
      public RelNode visit(RelNode other) {
        return super.visit(other).accept(rex);
      }
    };
  }

  /** {@code rel} and its inputs (and the queries of its sub-queries), with NULL expressions folded. */
  static RelNode fold(RelNode rel) {
    return rel.accept(new NullExpressions(rel.getCluster().getRexBuilder()).rels);
  }

  @Override
  public RexNode visitCall(RexCall call) {
    RexNode visited = super.visitCall(call);
    // a windowed aggregate (RexOver) goes to visitOver, so it is never replaced
    if (visited instanceof RexCall && visited.getType().isNullable()
        && Strong.isNull(visited, ImmutableBitSet.of())) {
      return rexBuilder.makeNullLiteral(visited.getType());
    }
    return visited;
  }

  @Override
  public RexNode visitSubQuery(RexSubQuery subQuery) {
    RexSubQuery visited = (RexSubQuery) super.visitSubQuery(subQuery);
    RelNode query = visited.rel.accept(rels);
    return query == visited.rel ? visited : visited.clone(query);
  }
}
