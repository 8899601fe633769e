package dev.cellar.sql.rel;

import dev.cellar.sql.keyrange.AccessPath;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.adapter.enumerable.RexToLixTranslator;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.plan.ConventionTraitDef;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterImpl;

/**
 * Where the store's part of a plan ends and Calcite's compiled code begins: generates the call
 * {@code table.query(root, accessPath, fields, scalar)} that runs the storage request the
 * {@link CellarRel} tree below describes. The table and the access path are handed to the
 * generated code as stashed objects, so a cached plan needs no lookup when it runs.
 */
public class CellarToEnumerableConverter extends ConverterImpl implements EnumerableRel {
  public CellarToEnumerableConverter(RelOptCluster cluster, RelTraitSet traits, RelNode input) {
    super(cluster, ConventionTraitDef.INSTANCE, traits, input);
  }

  @Override
  public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return new CellarToEnumerableConverter(getCluster(), traitSet, sole(inputs));
  }

  @Override
  public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    CellarRel.Implementor request = new CellarRel.Implementor();
    request.visitChild(getInput());
    PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(), JavaRowFormat.ARRAY);
    BlockBuilder list = new BlockBuilder();
    Expression table = list.append("table", implementor.stash(request.cellarTable, CellarTable.class));
    Expression path = list.append("path", implementor.stash(request.accessPath, AccessPath.class));
    // the outer row's values a key-lookup join binds the scan with
    List<Expression> correl = new ArrayList<>();
    for (String key : request.accessPath.correlKeys()) {
      int dot = key.lastIndexOf('.');
      RexToLixTranslator.InputGetter getter = implementor.getCorrelVariableGetter(key.substring(0, dot));
      correl.add(Expressions.box(getter.field(list, Integer.parseInt(key.substring(dot + 1)), null)));
    }
    boolean scalar = physType.getFormat() == JavaRowFormat.SCALAR;
    Expression enumerable;
    if (request.aggregates != null) {
      Expression specs = list.append("specs", implementor.stash(request.aggregates, java.util.List.class));
      enumerable = list.append("enumerable", Expressions.call(table, CellarMethod.AGGREGATE.method,
          DataContext.ROOT, path, Expressions.constant(request.fields), specs, Expressions.constant(scalar),
          Expressions.newArrayInit(Object.class, correl)));
    } else {
      enumerable = list.append("enumerable", Expressions.call(table, CellarMethod.QUERY.method,
          DataContext.ROOT, path, Expressions.constant(request.fields), Expressions.constant(scalar),
          Expressions.newArrayInit(Object.class, correl)));
    }
    list.add(Expressions.return_(null, enumerable));
    return implementor.result(physType, list.toBlock());
  }

  /**
   * The storage request of this converter run without generated code: for a data context, the
   * rows {@link #implement} would give, each an array of the values of the fields; null when the
   * request binds an outer row's values (a key-lookup join), which only generated code supplies.
   */
  public java.util.function.Function<DataContext, org.apache.calcite.linq4j.Enumerable<Object>> arrayRows() {
    CellarRel.Implementor request = new CellarRel.Implementor();
    request.visitChild(getInput());
    if (!request.accessPath.correlKeys().isEmpty()) {
      return null;
    }
    CellarTable table = request.cellarTable;
    AccessPath path = request.accessPath;
    int[] fields = request.fields;
    java.util.List<dev.cellar.sql.runtime.ScanAggregator.Spec> specs = request.aggregates;
    Object[] none = new Object[0];
    return specs != null ? root -> table.aggregate(root, path, fields, specs, false, none)
        : root -> table.query(root, path, fields, false, none);
  }
}
