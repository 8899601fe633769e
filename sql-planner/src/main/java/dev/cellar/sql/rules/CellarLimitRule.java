package dev.cellar.sql.rules;

import dev.cellar.sql.rel.CellarTableScan;
import dev.cellar.sql.rel.CellarToEnumerableConverter;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableLimit;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.plan.volcano.RelSubset;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;

/**
 * Pushes {@code LIMIT n OFFSET m} into the {@link CellarTableScan} right below it: the limit
 * takes the scan's first rows in the order the scan yields them, so the scan can stop after
 * {@code m + n} rows. (A sort the scan's order satisfies has been removed by then; one it does
 * not satisfy stands between the limit and the scan, and a filter the key ranges do not
 * evaluate does too, so neither lets the rule match.) The limit stays above to skip the offset.
 */
public class CellarLimitRule extends RelRule<CellarRuleConfig> {
  /** The default configuration. */
  static final CellarRuleConfig DEFAULT_CONFIG = CellarRuleConfig.of("CellarLimitRule",
      b0 -> b0.operand(EnumerableLimit.class).predicate(l -> l.fetch instanceof RexLiteral
          && (l.offset == null || l.offset instanceof RexLiteral))
          .oneInput(b1 -> b1.operand(CellarToEnumerableConverter.class).anyInputs()),
      CellarLimitRule::new);

  protected CellarLimitRule(CellarRuleConfig config) {
    super(config);
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    EnumerableLimit limit = call.rel(0);
    CellarToEnumerableConverter converter = call.rel(1);
    long rows = value(limit.fetch) + (limit.offset == null ? 0 : value(limit.offset));
    if (rows < 0 || rows > Integer.MAX_VALUE) {
      return;
    }
    // the scans below the converter: those whose order is the one the converter promises
    RelNode input = converter.getInput();
    List<RelNode> candidates = input instanceof RelSubset subset ? subset.getRelList() : List.of(input);
    for (RelNode rel : candidates) {
      if (!(rel instanceof CellarTableScan scan) || scan.accessPath.hasLimit()
          || !scan.getTraitSet().satisfies(input.getTraitSet())) {
        continue;
      }
      CellarTableScan limited = scan.withPath(scan.accessPath.withLimit(rows));
      RelTraitSet traits = limited.getTraitSet().replace(EnumerableConvention.INSTANCE);
      if (traits.satisfies(limit.getInput().getTraitSet())) {
        call.transformTo(limit.copy(limit.getTraitSet(), List.of(converter.copy(traits, List.of(limited)))));
      }
    }
  }

  private static long value(RexNode n) {
    Long v = ((RexLiteral) n).getValueAs(Long.class);
    return v == null ? -1 : v;
  }
}
