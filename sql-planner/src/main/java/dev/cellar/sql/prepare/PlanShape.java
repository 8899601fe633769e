package dev.cellar.sql.prepare;

import java.util.List;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleOperand;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.SetOp;
import org.apache.calcite.rel.rules.MultiJoin;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;

/**
 * The kinds of relational operator a logical plan holds or can come to hold while it is
 * optimized, used to take out of the cost-based planner the rules that cannot fire on it: join
 * rules for a plan without a join, aggregate rules for one without an aggregate, set-operation
 * rules for one without a set operation. A rule is taken out only if one of its operands matches
 * a kind the plan cannot hold, so the rules that stay are exactly those that could fire and the
 * chosen plan is the same; the planner has fewer rules to match each operator against.
 *
 * <p>Kinds that other rules introduce count as present when their source is: an aggregate with
 * {@code DISTINCT} may be expanded into joins, and a set operation into aggregates and joins.
 * A plan that still holds a sub-query keeps every rule.
 */
final class PlanShape {
  /** The plan holds, or may come to hold, a join (or correlation, or multi-join). */
  final boolean joins;
  /** The plan holds, or may come to hold, an aggregate. */
  final boolean aggregates;
  /** The plan holds a set operation. */
  final boolean setOps;

  private PlanShape(boolean joins, boolean aggregates, boolean setOps) {
    this.joins = joins;
    this.aggregates = aggregates;
    this.setOps = setOps;
  }

  /** The shape of {@code rel}. */
  static PlanShape of(RelNode rel) {
    boolean[] seen = new boolean[4];
    visit(rel, seen);
    boolean subQueries = seen[3];
    boolean setOps = seen[2] || subQueries;
    boolean aggregates = seen[1] || setOps;
    boolean joins = seen[0] || setOps;
    return new PlanShape(joins, aggregates, setOps);
  }

  private static void visit(RelNode rel, boolean[] seen) {
    if (rel instanceof Join || rel instanceof Correlate || rel instanceof MultiJoin) {
      seen[0] = true;
    } else if (rel instanceof Aggregate aggregate) {
      seen[1] = true;
      for (AggregateCall call : aggregate.getAggCallList()) {
        if (call.isDistinct() || call.distinctKeys != null) {
          seen[0] = true;
        }
      }
    } else if (rel instanceof SetOp) {
      seen[2] = true;
    }
    if (!seen[3]) {
      rel.accept(new RexShuttle() {
        @Override
        public RexNode visitSubQuery(RexSubQuery subQuery) {
          seen[3] = true;
          return subQuery;
        }
      });
    }
    for (RelNode input : rel.getInputs()) {
      visit(input, seen);
    }
  }

  /** Whether this shape holds everything, so that no rule can be taken out. */
  boolean full() {
    return joins && aggregates && setOps;
  }

  /** Takes out of {@code planner} the rules that cannot fire on a plan of this shape. */
  void trim(RelOptPlanner planner) {
    if (full()) {
      return;
    }
    for (RelOptRule rule : List.copyOf(planner.getRules())) {
      if (!canFire(rule)) {
        planner.removeRule(rule);
      }
    }
  }

  /** Whether every operand of {@code rule} matches a kind of operator this shape may hold. */
  boolean canFire(RelOptRule rule) {
    for (RelOptRuleOperand operand : rule.getOperands()) {
      Class<?> matched = operand.getMatchedClass();
      if (!joins && (Join.class.isAssignableFrom(matched) || Correlate.class.isAssignableFrom(matched)
          || MultiJoin.class.isAssignableFrom(matched))) {
        return false;
      }
      if (!aggregates && Aggregate.class.isAssignableFrom(matched)) {
        return false;
      }
      if (!setOps && SetOp.class.isAssignableFrom(matched)) {
        return false;
      }
    }
    return true;
  }
}
