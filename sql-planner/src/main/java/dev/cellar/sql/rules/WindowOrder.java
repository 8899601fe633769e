package dev.cellar.sql.rules;

import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelCollationTraitDef;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Window;

/**
 * The order a window's rows come in: none. Calcite gives a window (the rows of {@code ROW_NUMBER()
 * OVER (PARTITION BY g ORDER BY k)} and other {@code OVER} calls) the orders of its input,
 * taking it for a step that keeps its input's rows in their order, and its projection the order
 * of the expression it was split from; but the window's implementation gathers the rows of each
 * partition and sorts them by the window's own order, so rows leave it in neither. The planner,
 * told otherwise, drops the sort of an {@code ORDER BY} the input's order would give (the
 * table's key), and the rows came in partition order. {@code CellarPrepare}'s planner registers
 * every window with no order, so that such a sort stays.
 */
public final class WindowOrder {
  private WindowOrder() {}

  /** {@code rel} with no order when it is a window that declares one; else {@code rel} itself. */
  public static RelNode unordered(RelNode rel) {
    if (!(rel instanceof Window)) {
      return rel;
    }
    RelTraitSet traits = rel.getTraitSet();
    if (traits.getTraits(RelCollationTraitDef.INSTANCE) == null) {
      return rel;
    }
    RelTraitSet fixed = traits.replace(RelCollations.EMPTY);
    return fixed.equals(traits) ? rel : rel.copy(fixed, rel.getInputs());
  }
}
