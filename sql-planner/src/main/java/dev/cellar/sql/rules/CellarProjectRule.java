package dev.cellar.sql.rules;

import dev.cellar.sql.rel.CellarTableScan;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexPermuteInputsShuttle;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.mapping.Mapping;
import org.apache.calcite.util.mapping.MappingType;
import org.apache.calcite.util.mapping.Mappings;

/**
 * Makes a {@link CellarTableScan} return, and the store read, only the columns a projection over
 * it uses, and likewise for an aggregate directly over a scan: the scan asks for the marker cell
 * and those columns' cells, not whole families. One that uses no column at all
 * ({@code COUNT(*)}) keeps the first key column, which comes from the rowkey: the scan then
 * reads one cell per row.
 */
public class CellarProjectRule extends RelRule<CellarRuleConfig> {
  /** A projection over a scan. */
  static final CellarRuleConfig DEFAULT_CONFIG = CellarRuleConfig.of("CellarProjectRule",
      b0 -> b0.operand(Project.class).oneInput(b1 -> b1.operand(CellarTableScan.class).noInputs()),
      CellarProjectRule::new);

  /** An aggregate directly over a scan, as {@code COUNT(*)} plans. */
  static final CellarRuleConfig AGGREGATE = CellarRuleConfig.of("CellarProjectRule:aggregate",
      b0 -> b0.operand(Aggregate.class).oneInput(b1 -> b1.operand(CellarTableScan.class).noInputs()),
      CellarProjectRule::new);

  protected CellarProjectRule(CellarRuleConfig config) {
    super(config);
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    CellarTableScan scan = call.rel(1);
    if (call.rel(0) instanceof Aggregate aggregate) {
      onAggregate(call, aggregate, scan);
      return;
    }
    Project project = call.rel(0);
    Narrowing n = narrow(scan, RelOptUtil.InputFinder.bits(project.getProjects(), null));
    if (n == null) {
      return;
    }
    RexPermuteInputsShuttle shuttle = new RexPermuteInputsShuttle(n.mapping, n.scan);
    List<RexNode> exprs = new ArrayList<>();
    for (RexNode e : project.getProjects()) {
      exprs.add(e.accept(shuttle));
    }
    call.transformTo(project.copy(project.getTraitSet(), n.scan, exprs, project.getRowType()));
  }

  private void onAggregate(RelOptRuleCall call, Aggregate aggregate, CellarTableScan scan) {
    ImmutableBitSet.Builder used = ImmutableBitSet.builder().addAll(aggregate.getGroupSet());
    for (AggregateCall a : aggregate.getAggCallList()) {
      used.addAll(a.getArgList());
      if (a.filterArg >= 0) {
        used.set(a.filterArg);
      }
      for (var fc : a.collation.getFieldCollations()) {
        used.set(fc.getFieldIndex());
      }
    }
    Narrowing n = narrow(scan, used.build());
    if (n == null || aggregate.getGroupType() != Aggregate.Group.SIMPLE) {
      return;
    }
    List<AggregateCall> calls = new ArrayList<>();
    for (AggregateCall a : aggregate.getAggCallList()) {
      calls.add(a.transform(n.mapping));
    }
    call.transformTo(aggregate.copy(aggregate.getTraitSet(), n.scan, Mappings.apply(n.mapping,
        aggregate.getGroupSet()), null, calls));
  }

  /** A narrower scan and where the old columns went. */
  private record Narrowing(CellarTableScan scan, Mapping mapping) {}

  /** The scan of only the {@code used} columns, or null if it would return them all anyway. */
  private static Narrowing narrow(CellarTableScan scan, ImmutableBitSet used) {
    int width = scan.getRowType().getFieldCount();
    if (used.isEmpty()) {
      int[] keys = scan.cellarTable.mapping().keyFields();
      int keep = keys.length > 0 ? scan.outputOf(keys[0]) : -1;
      used = ImmutableBitSet.of(keep >= 0 ? keep : 0);
    }
    if (used.cardinality() >= width) {
      return null;
    }
    int[] fields = new int[used.cardinality()];
    Mapping mapping = Mappings.create(MappingType.INVERSE_SURJECTION, width, fields.length);
    int i = 0;
    for (int old : used) {
      fields[i] = scan.tableField(old);
      mapping.set(old, i);
      i++;
    }
    return new Narrowing(scan.withFields(fields), mapping);
  }
}
