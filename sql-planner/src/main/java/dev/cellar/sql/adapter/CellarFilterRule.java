package dev.cellar.sql.adapter;

import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.tools.RelBuilderFactory;

/**
 * Plans a filter over a {@link CellarTableScan} as a scan along the key ranges its condition
 * bounds ({@link CellarFilterTranslator}), with the condition kept above it. Fires once per scan:
 * a scan that already has key ranges is left alone.
 */
public class CellarFilterRule extends RelRule<CellarFilterRule.Config> {
  /** The default configuration. */
  static final Config DEFAULT_CONFIG = new Config(RelFactories.LOGICAL_BUILDER, "CellarFilterRule",
      b0 -> b0.operand(Filter.class).oneInput(b1 -> b1.operand(CellarTableScan.class)
          .predicate(s -> s.accessPath.kind() == AccessPath.Kind.FULL_SCAN).noInputs()));

  protected CellarFilterRule(Config config) {
    super(config);
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    Filter filter = call.rel(0);
    CellarTableScan scan = call.rel(1);
    CellarFilterTranslator.Translation t = new CellarFilterTranslator(scan.cellarTable).translate(filter.getCondition());
    if (t.pushedAnything()) {
      call.transformTo(filter.copy(filter.getTraitSet(), scan.withPath(t.path()), t.remaining()));
    }
  }

  /** Rule configuration: an immutable value. */
  public record Config(RelBuilderFactory relBuilderFactory, String description, OperandTransform operandSupplier)
      implements RelRule.Config {
    @Override
    public CellarFilterRule toRule() {
      return new CellarFilterRule(this);
    }

    @Override
    public Config withRelBuilderFactory(RelBuilderFactory factory) {
      return new Config(factory, description, operandSupplier);
    }

    @Override
    public Config withDescription(String description) {
      return new Config(relBuilderFactory, description, operandSupplier);
    }

    @Override
    public Config withOperandSupplier(OperandTransform transform) {
      return new Config(relBuilderFactory, description, transform);
    }
  }
}
