package dev.cellar.sql.adapter;

import dev.cellar.sql.codec.RowKeyCodec;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.config.NullCollation;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelCollationTraitDef;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelFieldCollation;
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

  /**
   * A scan of {@code table} along {@code path}, with the orders its rows come in: rowkey order,
   * which for a table with a declared, unsalted key is the order of the key columns (each in
   * its direction, as far as their encoding sorts in SQL order), and the same without the
   * leading columns the path binds to one value.
   */
  static CellarTableScan create(RelOptCluster cluster, RelOptTable table, CellarTable cellarTable, AccessPath path) {
    RelTraitSet traits = cluster.traitSetOf(CellarRel.CONVENTION)
        .replaceIfs(RelCollationTraitDef.INSTANCE, () -> collations(cluster, cellarTable, path));
    return new CellarTableScan(cluster, traits, table, cellarTable, path);
  }

  private static List<RelCollation> collations(RelOptCluster cluster, CellarTable table, AccessPath path) {
    RowKeyCodec codec = table.mapping().keyCodec();
    if (codec == null || codec.isSalted()) {
      return List.of(RelCollations.EMPTY);
    }
    CalciteConnectionConfig config = cluster.getPlanner().getContext().unwrap(CalciteConnectionConfig.class);
    NullCollation nulls = config == null ? NullCollation.HIGH : config.defaultNullCollation();
    int[] keyFields = table.mapping().keyFields();
    List<RelFieldCollation> fields = new ArrayList<>();
    for (int k = 0; k < keyFields.length && codec.field(k).orderPreserving(); k++) {
      boolean desc = codec.columns().get(k).descending();
      fields.add(new RelFieldCollation(keyFields[k], desc ? RelFieldCollation.Direction.DESCENDING
          : RelFieldCollation.Direction.ASCENDING, nulls.last(desc) ? RelFieldCollation.NullDirection.LAST
          : RelFieldCollation.NullDirection.FIRST));
    }
    if (path.isReversed()) {
      for (int i = 0; i < fields.size(); i++) {
        RelFieldCollation f = fields.get(i);
        fields.set(i, f.withDirection(f.getDirection().reverse()).withNullDirection(f.nullDirection == RelFieldCollation
            .NullDirection.FIRST ? RelFieldCollation.NullDirection.LAST : RelFieldCollation.NullDirection.FIRST));
      }
    }
    if (fields.isEmpty()) {
      return List.of(RelCollations.EMPTY);
    }
    int bound = Math.min(path.boundPrefix(), fields.size());
    if (bound == 0 || bound == fields.size()) {
      return List.of(RelCollations.of(fields));
    }
    return List.of(RelCollations.of(fields), RelCollations.of(fields.subList(bound, fields.size())));
  }

  /** This scan reading along {@code path} instead. */
  CellarTableScan withPath(AccessPath path) {
    return create(getCluster(), getTable(), cellarTable, path);
  }

  @Override
  public double estimateRowCount(RelMetadataQuery mq) {
    return accessPath.estimateRows(super.estimateRowCount(mq));
  }

  @Override
  public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
    double rows = estimateRowCount(mq);
    // a limit is a guarantee where the row estimate is a guess: of two paths estimated alike,
    // the one that stops at its limit is cheaper
    double factor = accessPath.hasLimit() ? 0.9 : 1.0;
    // key ranges never read more than the whole table: when estimates say they read as much (a
    // small or new table), they still win
    factor *= accessPath.kind() == AccessPath.Kind.FULL_SCAN ? 1.0 : 0.5;
    // a reversed storage scan seeks back row by row: a little dearer than a forward one
    factor *= accessPath.isReversed() ? 1.05 : 1.0;
    return planner.getCostFactory().makeCost(rows * factor, (rows + 1) * factor, 0);
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
