package dev.cellar.sql.profile;

import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.Types;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;

/**
 * A pass-through operator that {@code EXPLAIN ANALYZE} puts above each enumerable operator of the
 * plan it runs, to count and time that operator's rows ({@link ProfiledEnumerable}). Never in a
 * plan prepared for anything else.
 */
final class CellarProfiledRel extends SingleRel implements EnumerableRel {
  private static final java.lang.reflect.Method WRAP = Types.lookupMethod(ProfiledEnumerable.class, "wrap",
      org.apache.calcite.linq4j.function.Function0.class, int.class);

  final int id;

  CellarProfiledRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, int id) {
    super(cluster, traits, input);
    this.id = id;
  }

  @Override
  public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return new CellarProfiledRel(getCluster(), traitSet, sole(inputs), id);
  }

  @Override
  public RelWriter explainTerms(RelWriter pw) {
    return super.explainTerms(pw).item("operator", id);
  }

  @Override
  public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    Result input = implementor.visitChild(this, 0, (EnumerableRel) getInput(), pref);
    // the operator's code runs inside the profiled enumerable, so that its time is counted
    Expression operator = Expressions.lambda(org.apache.calcite.linq4j.function.Function0.class, input.block);
    BlockBuilder builder = new BlockBuilder();
    builder.add(Expressions.return_(null, Expressions.call(WRAP, operator, Expressions.constant(id))));
    return implementor.result(input.physType, builder.toBlock());
  }
}
