package dev.cellar.sql.rules;

import java.util.function.Function;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.tools.RelBuilderFactory;

/**
 * The configuration of a Cellar planner rule: an immutable value holding what Calcite's
 * {@link RelRule.Config} asks for, and the constructor of the rule.
 */
record CellarRuleConfig(RelBuilderFactory relBuilderFactory, String description, RelRule.OperandTransform operandSupplier,
    Function<CellarRuleConfig, RelOptRule> factory) implements RelRule.Config {

  /** A configuration with Calcite's logical builder. */
  static CellarRuleConfig of(String description, RelRule.OperandTransform operands,
      Function<CellarRuleConfig, RelOptRule> factory) {
    return new CellarRuleConfig(RelFactories.LOGICAL_BUILDER, description, operands, factory);
  }

  @Override
  public RelOptRule toRule() {
    return factory.apply(this);
  }

  /** The rule, as its class. */
  <R extends RelOptRule> R toRule(Class<R> type) {
    return type.cast(toRule());
  }

  @Override
  public CellarRuleConfig withRelBuilderFactory(RelBuilderFactory f) {
    return new CellarRuleConfig(f, description, operandSupplier, factory);
  }

  @Override
  public CellarRuleConfig withDescription(String d) {
    return new CellarRuleConfig(relBuilderFactory, d, operandSupplier, factory);
  }

  @Override
  public CellarRuleConfig withOperandSupplier(RelRule.OperandTransform transform) {
    return new CellarRuleConfig(relBuilderFactory, description, transform, factory);
  }
}
