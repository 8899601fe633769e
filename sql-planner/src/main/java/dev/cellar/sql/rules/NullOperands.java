package dev.cellar.sql.rules;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.Strong;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;

/**
 * A projection's calls with a NULL literal operand whose operator is NULL whenever an operand is
 * ({@code 52 / NULL}, {@code NULL + x}), replaced by a NULL of their type. The simplifier can
 * leave such a call in a projection after the rest of its expression folded away; Calcite then
 * takes it for a constant when it derives the projection's orders and asks it for its literal
 * value, which it has not. {@code CellarPrepare}'s planner gives every projection it registers
 * this form.
 */
public final class NullOperands {
  private NullOperands() {}

  /** {@code rel} with such calls replaced when it is a projection holding any; else {@code rel}. */
  public static RelNode fold(RelNode rel) {
    if (!(rel instanceof Project p)) {
      return rel;
    }
    RexBuilder rexBuilder = rel.getCluster().getRexBuilder();
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
    List<RexNode> folded = new ArrayList<>(p.getProjects().size());
    boolean changed = false;
    for (RexNode e : p.getProjects()) {
      RexNode f = e.accept(shuttle);
      changed |= f != e;
      folded.add(f);
    }
    return changed ? p.copy(p.getTraitSet(), p.getInput(), folded, p.getRowType()) : rel;
  }
}
