package dev.cellar.sql.rules;

import dev.cellar.sql.rel.CellarAggregate;
import dev.cellar.sql.rel.CellarRel;
import dev.cellar.sql.rel.CellarTableScan;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.core.Aggregate;

/**
 * Hands an aggregate without grouping directly over a scan to the store
 * ({@link CellarAggregate}), when the scan stops at no limit and the functions are ones the store
 * computes.
 */
public class CellarAggregateRule extends RelRule<CellarRuleConfig> {
  /** The default configuration. */
  static final CellarRuleConfig DEFAULT_CONFIG = CellarRuleConfig.of("CellarAggregateRule",
      b0 -> b0.operand(Aggregate.class).predicate(a -> !(a instanceof CellarAggregate) && CellarAggregate.supports(a))
          .oneInput(b1 -> b1.operand(CellarTableScan.class).predicate(s -> !s.accessPath.hasLimit()
              && !s.cellarTable.mapping().isDynamic() && s.cellarTable.mapping().readVersions() == 1
              && !s.accessPath.time().isBounded() && s.accessPath.index() == null
              && s.accessPath.correlKeys().isEmpty()).noInputs()),
      CellarAggregateRule::new);

  protected CellarAggregateRule(CellarRuleConfig config) {
    super(config);
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    Aggregate aggregate = call.rel(0);
    CellarTableScan scan = call.rel(1);
    call.transformTo(new CellarAggregate(aggregate.getCluster(), aggregate.getTraitSet().replace(CellarRel.CONVENTION)
        .replace(org.apache.calcite.rel.RelCollations.EMPTY), scan, aggregate.getGroupSet(),
        aggregate.getAggCallList()));
  }
}
