package dev.cellar.sql.rules;

import dev.cellar.sql.exec.IndexMapping;
import dev.cellar.sql.keyrange.AccessPath;
import dev.cellar.sql.keyrange.CellarFilterTranslator;
import dev.cellar.sql.keyrange.KeyBox;
import dev.cellar.sql.keyrange.KeyConditions;
import dev.cellar.sql.keyrange.PathChoices;
import dev.cellar.sql.rel.CellarTableScan;
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

  /**
   * A projection over a filter over a scan, as a query that uses fewer columns than its filter
   * plans before anything trims the scan: the projection is put straight over each new path, so
   * that {@link CellarProjectRule} narrows the path's columns (and an index path covers the
   * query when the projection needs only the index's columns). Rules over a scan see only the
   * projections whose input is the scan's own convention, which the filter's is not.
   */
  static final CellarRuleConfig UNDER_PROJECT = CellarRuleConfig.of("CellarFilterRule:under-project",
      b0 -> b0.operand(Project.class).oneInput(b1 -> b1.operand(Filter.class).oneInput(
          b2 -> b2.operand(CellarTableScan.class).predicate(CellarFilterRule::unbounded).noInputs())),
      CellarFilterRule::new);

  protected CellarFilterRule(CellarRuleConfig config) {
    super(config);
  }

  private static boolean unbounded(CellarTableScan s) {
    return s.accessPath.kind() == AccessPath.Kind.FULL_SCAN && !s.accessPath.hasLimit() && !s.accessPath.hasFilters()
        && (s.accessPath.index() == null || s.hint.forcesIndex());
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    Project above = call.rel(0) instanceof Project p ? p : null;
    int f = above == null ? 0 : 1;
    Filter filter = call.rel(f);
    boolean projected = above == null && call.getRelList().size() == 3;
    Project project = projected ? call.rel(1) : null;
    CellarTableScan scan = call.rel(call.getRelList().size() - 1);
    RexNode condition = projected ? RelOptUtil.pushPastProject(filter.getCondition(), project) : filter.getCondition();
    PathChoices.seen(scan.cellarTable.def().name(), condition.accept(toTable(scan)));
    List<RelNode> alternatives = new ArrayList<>();
    // an index holds the rows as they are now, so a read of the past or of every version uses none
    boolean present = !scan.accessPath.time().isBounded() && scan.cellarTable.mapping().readVersions() == 1;
    // a hint that forces an index leaves the table's own rows out, but for such a read
    RelNode bounded = scan.hint.forcesIndex() && present ? null : bound(filter, condition, scan);
    if (bounded != null) {
      alternatives.add(bounded);
    }
    // every readable index whose keys the condition bounds is another way to the same rows
    for (IndexMapping ix : present ? scan.cellarTable.indexes() : List.<IndexMapping>of()) {
      if (!scan.hint.allows(ix.index().name())) {
        continue;
      }
      RelNode viaIndex = boundByIndex(filter, condition, scan, ix);
      if (viaIndex != null) {
        alternatives.add(viaIndex);
      }
    }
    // a filter left over a scan hides the scan from the reversing rule: offer it over the
    // reversed scan too, so that an ORDER BY of the key backwards needs no sort
    for (RelNode alt : List.copyOf(alternatives)) {
      if (alt instanceof Filter residual && residual.getInput() instanceof CellarTableScan s
          && CellarReverseRule.reversible(s)) {
        CellarTableScan reversed = s.withPath(s.accessPath.reversed());
        alternatives.add(residual.copy(orderOf(residual, reversed), reversed, residual.getCondition()));
      }
    }
    for (RelNode alt : alternatives) {
      RelNode r = projected ? project.copy(orderOf(project, alt), List.of(alt)) : alt;
      call.transformTo(above == null ? r : above.copy(orderOf(above, r), List.of(r)));
    }
  }

  /**
   * The scan of index {@code ix}'s entries along the key ranges {@code condition} bounds (the
   * entry table has the data table's columns, so the condition applies as it is), under a
   * filter of what the ranges do not evaluate; null if the condition bounds no entry key.
   */
  private static RelNode boundByIndex(Filter filter, RexNode condition, CellarTableScan scan, IndexMapping ix) {
    RexBuilder rexBuilder = filter.getCluster().getRexBuilder();
    List<RexNode> conjuncts = RelOptUtil.conjunctions(condition);
    List<RexNode> overTable = new ArrayList<>();
    RexShuttle toTable = toTable(scan);
    for (RexNode c : conjuncts) {
      overTable.add(c.accept(toTable));
    }
    if (!ix.expressionNodes().isEmpty()) {
      // an indexed expression written in the condition is the entry field that holds its value
      RexShuttle toEntry = toExpressionFields(ix);
      List<RexNode> rewritten = new ArrayList<>();
      for (RexNode c : overTable) {
        rewritten.add(c.accept(toEntry));
      }
      overTable = rewritten;
    }
    RexNode whole = RexUtil.composeConjunction(rexBuilder, overTable);
    List<KeyBox> boxes = KeyConditions.of(whole, ix.entries());
    if (boxes == null) {
      return null;
    }
    AccessPath path = AccessPath.of(scan.cellarTable.def().name(), ix.entries(), boxes).onIndex(ix.index().name());
    if (path.kind() == AccessPath.Kind.FULL_SCAN) {
      return null;
    }
    List<RexNode> exact = KeyConditions.exactConjuncts(whole, boxes, ix.entries());
    List<RexNode> remaining = new ArrayList<>();
    for (int i = 0; i < conjuncts.size(); i++) {
      if (!exact.contains(overTable.get(i))) {
        remaining.add(conjuncts.get(i));
      }
    }
    CellarTableScan bounded = scan.withPath(scan.accessPath.isReversed() ? path.reversed() : path);
    return remaining.isEmpty() ? bounded
        : filter.copy(orderOf(filter, bounded), bounded, RexUtil.composeConjunction(rexBuilder, remaining));
  }

  private static final java.util.regex.Pattern CHARSET =
      java.util.regex.Pattern.compile("_[A-Za-z0-9-]+(?=')| CHARACTER SET \"[^\"]*\"");

  /**
   * An expression's digest without the character sets of its text literals and types: an index
   * expression is compiled apart from the connection, whose text literals are UTF-8 ({@code
   * _UTF-8'x'}) where the index's are {@code 'x'}, the same value.
   */
  static String withoutCharsets(String digest) {
    return CHARSET.matcher(digest).replaceAll("");
  }

  /** Replaces each indexed expression of {@code ix} by a reference to the entry field holding its value. */
  private static RexShuttle toExpressionFields(IndexMapping ix) {
    List<String> digests = new ArrayList<>();
    for (RexNode n : ix.expressionNodes()) {
      digests.add(withoutCharsets(n.toString()));
    }
    return new RexShuttle() {
      @Override
      public RexNode visitCall(org.apache.calcite.rex.RexCall call) {
        int i = digests.indexOf(withoutCharsets(call.toString()));
        if (i >= 0) {
          return new RexInputRef(ix.expressionField(i), call.getType());
        }
        return super.visitCall(call);
      }
    };
  }

  /**
   * The traits of {@code parent} over {@code input} instead of its own input: its order is the
   * one {@code input} gives it. An index path comes in the index's order, not the table's, so a
   * filter or projection copied from above the table's scan must not keep the table's. A filter
   * keeps its input's order, which for a scan is its trait (Calcite's metadata reads a table
   * scan's order from the table, not from the path); a projection what {@link ProjectionOrder}
   * derives.
   */
  private static org.apache.calcite.plan.RelTraitSet orderOf(RelNode parent, RelNode input) {
    org.apache.calcite.rel.metadata.RelMetadataQuery mq = parent.getCluster().getMetadataQuery();
    return parent.getTraitSet().replaceIfs(org.apache.calcite.rel.RelCollationTraitDef.INSTANCE,
        () -> parent instanceof Project p
            ? ProjectionOrder.project(mq, input, p.getProjects())
            : input.getTraitSet().getTraits(org.apache.calcite.rel.RelCollationTraitDef.INSTANCE));
  }

  private static RexShuttle toTable(CellarTableScan scan) {
    return new RexShuttle() {
      @Override
      public RexNode visitInputRef(RexInputRef ref) {
        int f = scan.tableField(ref.getIndex());
        return f == ref.getIndex() ? ref : new RexInputRef(f, ref.getType());
      }
    };
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
    CellarFilterTranslator.Translation t = new CellarFilterTranslator(scan.cellarTable.mapping(), rexBuilder)
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
    AccessPath path = t.path().withTime(scan.accessPath.time());
    CellarTableScan bounded = scan.withPath(scan.accessPath.isReversed() ? path.reversed() : path);
    return remaining.isEmpty() ? bounded
        : filter.copy(orderOf(filter, bounded), bounded, RexUtil.composeConjunction(rexBuilder, remaining));
  }
}
