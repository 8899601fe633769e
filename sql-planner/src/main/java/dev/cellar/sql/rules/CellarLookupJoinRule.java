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
 * batch runs. That filter repeats the join's whole condition for each row of a batch, so a
 * condition with more than the key equality (an IN list or an OR over a column outside the key)
 * takes fewer rows at once ({@link #MAX_FILTER_TERMS}), and one too large for a few rows leaves
 * the join to Calcite's other join rules.
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
    // the inner side's filter holds the whole condition once per batched row: a condition with IN
    // lists or ORs beside the key takes fewer rows at once, so that the generated method stays small
    int batch = Math.min(BATCH, MAX_FILTER_TERMS / Math.max(1, terms(join.getCondition())));
    bound &= batch >= MIN_BATCH;
    // an inner join on outer keys that are constants (with a one-row VALUES, `= (SELECT 'a')`)
    // reaches the inner side as a plain key predicate: batching their one value would leave
    // correlation variables where the planner later puts that predicate instead of the join
    bound &= join.getJoinType() != JoinRelType.INNER
        || !constantKeys(call.getMetadataQuery(), join, info) && constantRows(join.getLeft(), 0) > 1;
    // once per join: each firing makes a new batched join with new correlation variables
    if (bound && HANDLED.computeIfAbsent(call.getPlanner(), p -> new HashSet<>()).add(join)) {
      (batch == BATCH ? BATCHED : EnumerableBatchNestedLoopJoinRule.Config.DEFAULT.withBatchSize(batch).toRule())
          .onMatch(call);
    }
  }

  /**
   * At most how many rows {@code rel} gives when it reads no table (VALUES under projections,
   * filters and aggregates: a scalar sub-query of constants); {@link Integer#MAX_VALUE} when it
   * reads one.
   */
  private static int constantRows(RelNode rel, int depth) {
    if (depth > 32) {
      return Integer.MAX_VALUE;
    }
    if (rel instanceof org.apache.calcite.plan.volcano.RelSubset subset) {
      int least = Integer.MAX_VALUE;
      for (RelNode r : subset.getRelList()) {
        least = Math.min(least, constantRows(r, depth + 1));
      }
      return least;
    }
    if (rel instanceof org.apache.calcite.rel.core.Values v) {
      return v.getTuples().size();
    }
    if (rel instanceof org.apache.calcite.rel.core.Aggregate a) {
      int in = constantRows(a.getInput(), depth + 1);
      return in == Integer.MAX_VALUE ? in : a.getGroupSet().isEmpty() ? 1 : in;
    }
    if (rel instanceof Project || rel instanceof org.apache.calcite.rel.core.Filter
        || rel instanceof org.apache.calcite.rel.core.Calc) {
      return constantRows(rel.getInput(0), depth + 1);
    }
    return Integer.MAX_VALUE;
  }

  /** Whether every outer column of the join's key equalities is a constant of the outer side. */
  private static boolean constantKeys(org.apache.calcite.rel.metadata.RelMetadataQuery mq, Join join, JoinInfo info) {
    org.apache.calcite.plan.RelOptPredicateList predicates = mq.getPulledUpPredicates(join.getLeft());
    if (predicates == null || info.leftKeys.isEmpty()) {
      return false;
    }
    org.apache.calcite.rex.RexBuilder rexBuilder = join.getCluster().getRexBuilder();
    for (int k : info.leftKeys) {
      if (!predicates.constantMap.containsKey(rexBuilder.makeInputRef(join.getLeft(), k))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Terms of the inner side's filter that Calcite's code generation compiles into one method,
   * summed over the rows of a batch; 64 KB of byte code holds some thousands.
   */
  static final int MAX_FILTER_TERMS = 800;
  /** Fewer outer rows at once than this, and the join is not made a lookup join. */
  static final int MIN_BATCH = 4;

  /** The terms the generated code of {@code condition} evaluates: a SEARCH counts each of its ranges. */
  static int terms(org.apache.calcite.rex.RexNode condition) {
    int[] n = {0};
    condition.accept(new org.apache.calcite.rex.RexVisitorImpl<Void>(true) {
      @Override
      public Void visitCall(org.apache.calcite.rex.RexCall call) {
        n[0]++;
        if (call.getKind() == org.apache.calcite.sql.SqlKind.SEARCH
            && call.getOperands().get(1) instanceof org.apache.calcite.rex.RexLiteral lit
            && lit.getValue() instanceof org.apache.calcite.util.Sarg<?> sarg) {
          n[0] += 3 * sarg.rangeSet.asRanges().size() + (sarg.nullAs == org.apache.calcite.rex.RexUnknownAs.UNKNOWN ? 0 : 2);
        }
        return super.visitCall(call);
      }

      @Override
      public Void visitInputRef(RexInputRef ref) {
        n[0]++;
        return null;
      }

      @Override
      public Void visitLiteral(org.apache.calcite.rex.RexLiteral literal) {
        n[0]++;
        return null;
      }
    });
    return n[0];
  }
}
