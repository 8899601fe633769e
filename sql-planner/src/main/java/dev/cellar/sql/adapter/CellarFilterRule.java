package dev.cellar.sql.adapter;

import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.core.Filter;

/**
 * Plans a filter over a {@link CellarTableScan} as a scan along the key ranges its condition
 * bounds ({@link CellarFilterTranslator}), with what the ranges do not evaluate kept above it.
 * Fires once per scan: a scan that already has key ranges is left alone.
 */
public class CellarFilterRule extends RelRule<CellarRuleConfig> {
  /** The default configuration. */
  static final CellarRuleConfig DEFAULT_CONFIG = CellarRuleConfig.of("CellarFilterRule",
      b0 -> b0.operand(Filter.class).oneInput(b1 -> b1.operand(CellarTableScan.class)
          .predicate(s -> s.accessPath.kind() == AccessPath.Kind.FULL_SCAN && !s.accessPath.hasLimit()).noInputs()),
      CellarFilterRule::new);

  protected CellarFilterRule(CellarRuleConfig config) {
    super(config);
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    Filter filter = call.rel(0);
    CellarTableScan scan = call.rel(1);
    CellarFilterTranslator.Translation t = new CellarFilterTranslator(scan.cellarTable,
        filter.getCluster().getRexBuilder()).translate(filter.getCondition());
    if (t.pushedAnything()) {
      // a reversed scan stays reversed, so that a filter over it keeps the order a sort may need
      CellarTableScan bounded = scan.withPath(scan.accessPath.isReversed() ? t.path().reversed() : t.path());
      call.transformTo(t.remaining() == null ? bounded
          : filter.copy(filter.getTraitSet(), bounded, t.remaining()));
    }
  }
}
