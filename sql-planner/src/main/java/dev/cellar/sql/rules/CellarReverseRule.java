package dev.cellar.sql.rules;

import dev.cellar.sql.rel.CellarTableScan;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelCollationTraitDef;

/**
 * Offers every scan of a table with an ordered key also read backwards: the same rows, in
 * reverse key order (its ranges last to first, each a reversed storage scan). The planner then
 * satisfies {@code ORDER BY ts ASC} over a key with {@code ts DESC}, or {@code ORDER BY id DESC},
 * from the reversed scan and removes the sort. A reversed scan costs a little more than a
 * forward one, so it is chosen only for its order.
 */
public class CellarReverseRule extends RelRule<CellarRuleConfig> {
  /** The default configuration. */
  static final CellarRuleConfig DEFAULT_CONFIG = CellarRuleConfig.of("CellarReverseRule",
      b0 -> b0.operand(CellarTableScan.class).predicate(CellarReverseRule::reversible).noInputs(),
      CellarReverseRule::new);

  protected CellarReverseRule(CellarRuleConfig config) {
    super(config);
  }

  /** Whether {@code s} reads in key order, forwards and without a limit, so that it can be read backwards. */
  static boolean reversible(CellarTableScan s) {
    return !s.accessPath.isReversed() && !s.accessPath.hasLimit()
        && !s.getTraitSet().getTraits(RelCollationTraitDef.INSTANCE).get(0).getFieldCollations().isEmpty();
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    CellarTableScan scan = call.rel(0);
    call.transformTo(scan.withPath(scan.accessPath.reversed()));
  }
}
