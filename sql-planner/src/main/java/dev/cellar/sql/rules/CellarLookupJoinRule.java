package dev.cellar.sql.rules;

import dev.cellar.sql.keyrange.AccessPath;
import dev.cellar.sql.rel.CellarTableScan;
import java.util.Collections;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import org.apache.calcite.adapter.enumerable.EnumerableBatchNestedLoopJoinRule;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rex.RexInputRef;

/**
 * A key-lookup join: when the inner side of a join is a Cellar table whose leading key column
 * is one of the join's equality columns, the outer rows are taken in batches of
 * {@value #BATCH} and each batch's keys are looked up in the inner table — one multi-get, or one
 * skip scan of key prefixes — instead of scanning the inner table whole. The join is Calcite's
 * batched nested-loop join; its inner side is a filter {@code key = outer.col OR ...} over the
 * table, which {@link CellarFilterRule} turns into the lookups, the outer values read when each
 * batch runs.
 */
public class CellarLookupJoinRule extends RelRule<CellarRuleConfig> {
  /** Outer rows looked up at once. */
  static final int BATCH = 100;
  /** Parameters a generated method may take, less a margin for the ones it has anyway. */
  private static final int MAX_PARAMETERS = 250;

  private static final EnumerableBatchNestedLoopJoinRule BATCHED = EnumerableBatchNestedLoopJoinRule.Config.DEFAULT
      .withBatchSize(BATCH).toRule();

  /** A join whose inner side is a scan. */
  static final CellarRuleConfig DEFAULT_CONFIG = CellarRuleConfig.of("CellarLookupJoinRule",
      b0 -> b0.operand(Join.class).predicate(CellarLookupJoinRule::batchable).inputs(
          b1 -> b1.operand(RelNode.class).anyInputs(),
          b2 -> b2.operand(CellarTableScan.class).predicate(CellarLookupJoinRule::lookupable).noInputs()),
      CellarLookupJoinRule::new);

  /** A join whose inner side is a projection of a scan. */
  static final CellarRuleConfig PROJECTED = CellarRuleConfig.of("CellarLookupJoinRule:project",
      b0 -> b0.operand(Join.class).predicate(CellarLookupJoinRule::batchable).inputs(
          b1 -> b1.operand(RelNode.class).anyInputs(),
          b2 -> b2.operand(Project.class).oneInput(b3 -> b3.operand(CellarTableScan.class)
              .predicate(CellarLookupJoinRule::lookupable).noInputs())),
      CellarLookupJoinRule::new);

  private static boolean batchable(Join j) {
    return j.getConvention() == Convention.NONE
        && (j.getJoinType() == JoinRelType.INNER || j.getJoinType() == JoinRelType.LEFT);
  }

  /** The joins each planner has made a batched join of. */
  private static final Map<RelOptPlanner, Set<Join>> HANDLED = Collections.synchronizedMap(new WeakHashMap<>());

  protected CellarLookupJoinRule(CellarRuleConfig config) {
    super(config);
  }

  private static boolean lookupable(CellarTableScan s) {
    return s.accessPath.kind() == AccessPath.Kind.FULL_SCAN && !s.accessPath.hasLimit() && s.accessPath.index() == null
        && !s.accessPath.hasFilters() && !s.accessPath.isReversed() && s.cellarTable.mapping().keyCodec() != null;
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    Join join = call.rel(0);
    CellarTableScan inner = call.rel(call.getRelList().size() - 1);
    Project project = call.getRelList().size() == 4 ? call.rel(2) : null;
    JoinInfo info = join.analyzeCondition();
    int leadingKey = inner.cellarTable.mapping().keyFields()[0];
    boolean bound = false;
    for (int k : info.rightKeys) {
      int column = k;
      if (project != null) {
        column = project.getProjects().get(k) instanceof RexInputRef ref ? ref.getIndex() : -1;
      }
      bound |= column >= 0 && inner.tableField(column) == leadingKey;
    }
    // each outer column the condition reads is a parameter per batched row: a JVM method takes at most 255
    int outerColumns = 0;
    int leftCount = join.getLeft().getRowType().getFieldCount();
    for (int f : org.apache.calcite.plan.RelOptUtil.InputFinder.bits(join.getCondition())) {
      outerColumns += f < leftCount ? 1 : 0;
    }
    bound &= outerColumns * BATCH < MAX_PARAMETERS;
    // once per join: each firing makes a new batched join with new correlation variables
    if (bound && HANDLED.computeIfAbsent(call.getPlanner(), p -> new HashSet<>()).add(join)) {
      BATCHED.onMatch(call);
    }
  }
}
