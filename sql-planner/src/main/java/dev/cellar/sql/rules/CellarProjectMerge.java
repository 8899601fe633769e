package dev.cellar.sql.rules;

import java.util.List;
import org.apache.calcite.plan.Contexts;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.rules.ProjectMergeRule;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexVisitorImpl;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.tools.RelBuilder;

/**
 * Calcite's merge of a projection into the projection under it, with two differences:
 *
 * <ul>
 *   <li>the merged projection is built with its calls of NULL operands folded
 *       ({@link NullOperands}), which Calcite's simplifier leaves when they may fail;
 *   <li>a merge that would put a negation over a negation ({@code -(-x)}) is not made. Cellar's
 *       arithmetic is checked ({@code -x} of the smallest INTEGER is an overflow), so the
 *       simplifier keeps {@code -(-x)} as it is; the planner, which also holds the projections'
 *       equivalents under other rules, would otherwise merge them again and again into ever
 *       longer chains and never finish ({@code SELECT - col1 ... HAVING - AVG(col1) IS NULL}).
 * </ul>
 */
public final class CellarProjectMerge extends ProjectMergeRule {
  /** The rule it replaces. */
  public static final RelOptRule REPLACED = CoreRules.PROJECT_MERGE;

  /** The rule. */
  public static final RelOptRule RULE = new CellarProjectMerge(ProjectMergeRule.Config.DEFAULT
      .withRelBuilderFactory(RelBuilder.proto(Contexts.of(NullOperands.PROJECT_FACTORY)))
      .as(ProjectMergeRule.Config.class));

  private CellarProjectMerge(ProjectMergeRule.Config config) {
    super(config);
  }

  @Override
  public boolean matches(RelOptRuleCall call) {
    Project top = call.rel(0);
    Project bottom = call.rel(1);
    return super.matches(call) && !negatesANegation(top.getProjects(), bottom.getProjects());
  }

  /** Whether an expression of {@code top} negates a field that {@code bottom} computes as a negation. */
  static boolean negatesANegation(List<RexNode> top, List<RexNode> bottom) {
    boolean[] found = {false};
    RexVisitorImpl<Void> visitor = new RexVisitorImpl<>(true) {
      @Override
      public Void visitCall(RexCall call) {
        if (negation(call) && call.getOperands().get(0) instanceof RexInputRef ref
            && bottom.get(ref.getIndex()) instanceof RexCall below && negation(below)) {
          found[0] = true;
          return null;
        }
        return super.visitCall(call);
      }
    };
    for (RexNode e : top) {
      e.accept(visitor);
      if (found[0]) {
        return true;
      }
    }
    return false;
  }

  private static boolean negation(RexCall call) {
    return call.getKind() == SqlKind.CHECKED_MINUS_PREFIX || call.getKind() == SqlKind.MINUS_PREFIX;
  }
}
