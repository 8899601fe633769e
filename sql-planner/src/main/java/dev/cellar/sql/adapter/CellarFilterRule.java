package dev.cellar.sql.adapter;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;

/**
 * Plans a filter over a {@link CellarTableScan} as a scan along the key ranges its condition
 * bounds ({@link CellarFilterTranslator}), with what the ranges do not evaluate kept above it.
 * Fires once per scan: a scan that already has key ranges is left alone. Also matches a filter
 * over a projection of a scan that only picks columns (as a key-lookup join's inner side is,
 * whose correlated filter Calcite does not push below projections).
 */
public class CellarFilterRule extends RelRule<CellarRuleConfig> {
  /** A filter over a scan. */
  static final CellarRuleConfig DEFAULT_CONFIG = CellarRuleConfig.of("CellarFilterRule",
      b0 -> b0.operand(Filter.class).oneInput(b1 -> b1.operand(CellarTableScan.class)
          .predicate(CellarFilterRule::unbounded).noInputs()),
      CellarFilterRule::new);

  /** A filter over a column-picking projection of a scan. */
  static final CellarRuleConfig PROJECTED = CellarRuleConfig.of("CellarFilterRule:project",
      b0 -> b0.operand(Filter.class).oneInput(b1 -> b1.operand(Project.class)
          .predicate(p -> p.getProjects().stream().allMatch(e -> e instanceof RexInputRef))
          .oneInput(b2 -> b2.operand(CellarTableScan.class).predicate(CellarFilterRule::unbounded).noInputs())),
      CellarFilterRule::new);

  protected CellarFilterRule(CellarRuleConfig config) {
    super(config);
  }

  private static boolean unbounded(CellarTableScan s) {
    return s.accessPath.kind() == AccessPath.Kind.FULL_SCAN && !s.accessPath.hasLimit() && !s.accessPath.hasFilters();
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    Filter filter = call.rel(0);
    if (call.getRelList().size() == 2) {
      RelNode bounded = bound(filter, filter.getCondition(), call.rel(1));
      if (bounded != null) {
        call.transformTo(bounded);
      }
      return;
    }
    Project project = call.rel(1);
    RelNode bounded = bound(filter, RelOptUtil.pushPastProject(filter.getCondition(), project), call.rel(2));
    if (bounded != null) {
      call.transformTo(project.copy(project.getTraitSet(), List.of(bounded)));
    }
  }

  /**
   * The scan bounded by the key ranges of {@code condition} (over the scan's columns), under a
   * filter of what they do not evaluate; null if the condition bounds nothing.
   */
  private static RelNode bound(Filter filter, RexNode condition, CellarTableScan scan) {
    RexBuilder rexBuilder = filter.getCluster().getRexBuilder();
    // the condition over the scan's columns, and the same over the table's
    List<RexNode> conjuncts = RelOptUtil.conjunctions(condition);
    List<RexNode> overTable = new ArrayList<>();
    RexShuttle toTable = new RexShuttle() {
      @Override
      public RexNode visitInputRef(RexInputRef ref) {
        int f = scan.tableField(ref.getIndex());
        return f == ref.getIndex() ? ref : new RexInputRef(f, ref.getType());
      }
    };
    for (RexNode c : conjuncts) {
      overTable.add(c.accept(toTable));
    }
    CellarFilterTranslator.Translation t = new CellarFilterTranslator(scan.cellarTable, rexBuilder)
        .translate(RexUtil.composeConjunction(rexBuilder, overTable));
    if (!t.pushedAnything()) {
      return null;
    }
    List<RexNode> remaining = new ArrayList<>();
    for (int i = 0; i < conjuncts.size(); i++) {
      if (!t.exact().contains(overTable.get(i))) {
        remaining.add(conjuncts.get(i));
      }
    }
    // a reversed scan stays reversed, so that a filter over it keeps the order a sort may need
    CellarTableScan bounded = scan.withPath(scan.accessPath.isReversed() ? t.path().reversed() : t.path());
    return remaining.isEmpty() ? bounded
        : filter.copy(filter.getTraitSet(), bounded, RexUtil.composeConjunction(rexBuilder, remaining));
  }
}
