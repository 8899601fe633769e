package dev.cellar.sql.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.Strong;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.hint.RelHint;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;

/**
 * A projection's calls with a NULL literal operand whose operator is NULL whenever an operand is
 * ({@code 52 / NULL}, {@code NULL + x}), replaced by a NULL of their type. The simplifier leaves
 * such a call in place when it may fail (a division), for example where a merge of two
 * projections puts a NULL the planner inferred ({@code HAVING col0 IS NULL}) in place of a column;
 * Calcite then takes it for a constant when it derives the projection's orders and asks it for its
 * literal value, which it has not. {@code CellarPrepare}'s planner gives every projection it
 * registers this form, and {@link CellarProjectMerge} builds merged ones in it.
 */
public final class NullOperands {
  private NullOperands() {}

  /** Calcite's projection factory, given the folded expressions: merged projections are built with it. */
  static final RelFactories.ProjectFactory PROJECT_FACTORY = new FoldingProjectFactory();

  /** {@code rel} with such calls replaced when it is a projection holding any; else {@code rel}. */
  public static RelNode fold(RelNode rel) {
    if (!(rel instanceof Project p)) {
      return rel;
    }
    List<? extends RexNode> folded = fold(rel.getCluster().getRexBuilder(), p.getProjects());
    return folded != p.getProjects() ? p.copy(p.getTraitSet(), p.getInput(), List.copyOf(folded), p.getRowType()) : rel;
  }

  /** {@code exprs} with such calls replaced; {@code exprs} itself when none holds one. */
  static List<? extends RexNode> fold(RexBuilder rexBuilder, List<? extends RexNode> exprs) {
    RexShuttle shuttle = new RexShuttle() {
      @Override
      public RexNode visitCall(RexCall call) {
        RexNode visited = super.visitCall(call);
        if (visited instanceof RexCall c && Strong.policy(c) == Strong.Policy.ANY) {
          for (RexNode operand : c.getOperands()) {
            if (RexLiteral.isNullLiteral(operand)) {
              return rexBuilder.makeNullLiteral(c.getType());
            }
          }
        }
        return visited;
      }
    };
    List<RexNode> folded = new ArrayList<>(exprs.size());
    boolean changed = false;
    for (RexNode e : exprs) {
      RexNode f = e.accept(shuttle);
      changed |= f != e;
      folded.add(f);
    }
    return changed ? folded : exprs;
  }

  /** Calcite's projection factory, given the folded expressions. */
  private static final class FoldingProjectFactory implements RelFactories.ProjectFactory {
    @Override
    public RelNode createProject(RelNode input, List<RelHint> hints, List<? extends RexNode> childExprs,
        List<? extends String> fieldNames, Set<CorrelationId> variablesSet) {
      return RelFactories.DEFAULT_PROJECT_FACTORY.createProject(input, hints,
          fold(input.getCluster().getRexBuilder(), childExprs), fieldNames, variablesSet);
    }
  }
}
