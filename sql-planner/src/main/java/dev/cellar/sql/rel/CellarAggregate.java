package dev.cellar.sql.rel;

import dev.cellar.sql.runtime.ScanAggregator;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * An aggregate without grouping ({@code COUNT(*)}, {@code COUNT}, {@code SUM}, {@code MIN},
 * {@code MAX} of columns) computed while the store scans: no row is built for Calcite, and the
 * scan's key ranges are read region by region in parallel ({@link ScanAggregator}). Its input
 * is a {@link CellarTableScan}.
 */
public final class CellarAggregate extends Aggregate implements CellarRel {
  public CellarAggregate(RelOptCluster cluster, RelTraitSet traits, RelNode input, ImmutableBitSet groupSet,
      List<AggregateCall> calls) {
    super(cluster, traits, List.of(), input, groupSet, null, calls);
  }

  @Override
  public Aggregate copy(RelTraitSet traitSet, RelNode input, ImmutableBitSet groupSet,
      List<ImmutableBitSet> groupSets, List<AggregateCall> aggCalls) {
    return new CellarAggregate(getCluster(), traitSet, input, groupSet, aggCalls);
  }

  /** Whether the store can compute {@code aggregate}: no grouping, and only the functions it knows. */
  public static boolean supports(Aggregate aggregate) {
    if (!aggregate.getGroupSet().isEmpty() || aggregate.getGroupType() != Group.SIMPLE) {
      return false;
    }
    for (AggregateCall a : aggregate.getAggCallList()) {
      if (ScanAggregator.kindOf(a) == null) {
        return false;
      }
    }
    return true;
  }

  @Override
  public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
    // the store folds each row as it reads it: a fraction of building rows and aggregating them
    double rows = mq.getRowCount(getInput());
    return planner.getCostFactory().makeCost(rows * 0.01, rows * 0.01, 0);
  }

  @Override
  public void implement(Implementor implementor) {
    implementor.visitChild(getInput());
    CellarTableScan scan = (CellarTableScan) unwrap(getInput());
    List<ScanAggregator.Spec> specs = new ArrayList<>();
    for (AggregateCall a : getAggCallList()) {
      int field = a.getArgList().isEmpty() ? -1 : scan.tableField(a.getArgList().get(0));
      specs.add(new ScanAggregator.Spec(ScanAggregator.kindOf(a), field,
          a.getType().getSqlTypeName(), a.getType().getScale()));
    }
    implementor.aggregates = specs;
  }

  private static RelNode unwrap(RelNode rel) {
    return rel instanceof org.apache.calcite.plan.volcano.RelSubset s ? s.getBest() != null ? s.getBest()
        : s.getOriginal() : rel;
  }
}
