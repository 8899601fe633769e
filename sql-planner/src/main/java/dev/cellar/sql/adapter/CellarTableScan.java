package dev.cellar.sql.adapter;

import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.RelMetadataQuery;

/** A read of one table along an {@link AccessPath}; {@code EXPLAIN} shows the path. */
public class CellarTableScan extends TableScan implements CellarRel {
  final CellarTable cellarTable;
  final AccessPath accessPath;

  CellarTableScan(RelOptCluster cluster, RelTraitSet traitSet, RelOptTable table, CellarTable cellarTable,
      AccessPath accessPath) {
    super(cluster, traitSet, List.of(), table);
    this.cellarTable = cellarTable;
    this.accessPath = accessPath;
    assert getConvention() == CellarRel.CONVENTION;
  }

  @Override
  public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    assert inputs.isEmpty();
    return this;
  }

  /** This scan reading along {@code path} instead. */
  CellarTableScan withPath(AccessPath path) {
    return new CellarTableScan(getCluster(), getTraitSet(), getTable(), cellarTable, path);
  }

  @Override
  public double estimateRowCount(RelMetadataQuery mq) {
    return accessPath.estimateRows(super.estimateRowCount(mq));
  }

  @Override
  public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
    double rows = estimateRowCount(mq);
    return planner.getCostFactory().makeCost(rows, rows + 1, 0);
  }

  @Override
  public void register(RelOptPlanner planner) {
    planner.addRule(CellarRules.TO_ENUMERABLE);
    for (RelOptRule rule : CellarRules.RULES) {
      planner.addRule(rule);
    }
  }

  @Override
  public RelWriter explainTerms(RelWriter pw) {
    return super.explainTerms(pw).item("path", accessPath);
  }

  @Override
  public void implement(Implementor implementor) {
    implementor.cellarTable = cellarTable;
    implementor.table = table;
    implementor.accessPath = accessPath;
    implementor.fields = cellarTable.allFields();
  }
}
