package dev.cellar.sql.rules;

import dev.cellar.sql.rel.CellarRel;
import dev.cellar.sql.rel.CellarToEnumerableConverter;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;

/** Converts a tree of {@link CellarRel#CONVENTION} into Calcite's enumerable convention. */
public class CellarToEnumerableConverterRule extends ConverterRule {
  /** The default configuration. */
  static final Config DEFAULT_CONFIG = Config.INSTANCE
      .withConversion(RelNode.class, CellarRel.CONVENTION, EnumerableConvention.INSTANCE,
          "CellarToEnumerableConverterRule")
      .withRuleFactory(CellarToEnumerableConverterRule::new);

  protected CellarToEnumerableConverterRule(Config config) {
    super(config);
  }

  @Override
  public RelNode convert(RelNode rel) {
    return new CellarToEnumerableConverter(rel.getCluster(), rel.getTraitSet().replace(getOutConvention()), rel);
  }
}
