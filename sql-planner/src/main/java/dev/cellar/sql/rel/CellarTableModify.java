package dev.cellar.sql.rel;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.schema.CellarMethod;
import dev.cellar.sql.schema.CellarTable;
import dev.cellar.sql.schema.ModifySpec;
import dev.cellar.sql.schema.UpsertContext;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.core.TableModify;
import org.apache.calcite.rel.logical.LogicalTableModify;
import org.apache.calcite.rex.RexNode;

/**
 * INSERT, UPSERT, UPDATE or DELETE of a {@link CellarTable}, in the enumerable convention: its
 * generated code hands the input rows to {@link CellarTable#modify}, which applies them as one
 * atomic write. What the statement does is fixed in a {@link ModifySpec} when it is planned.
 */
public class CellarTableModify extends TableModify implements EnumerableRel {
  final CellarTable cellarTable;
  final ModifySpec spec;

  CellarTableModify(RelOptCluster cluster, RelTraitSet traits, RelOptTable table, Prepare.CatalogReader catalogReader,
      RelNode input, Operation operation, List<String> updateColumnList, List<RexNode> sourceExpressionList,
      boolean flattened, CellarTable cellarTable, ModifySpec spec) {
    super(cluster, traits, table, catalogReader, input, operation, updateColumnList, sourceExpressionList, flattened);
    this.cellarTable = cellarTable;
    this.spec = spec;
  }

  /** What a statement of {@code operation} on {@code table} does; reads an UPSERT's columns from {@link UpsertContext}. */
  static ModifySpec spec(CellarTable table, Operation operation, List<String> updateColumnList) {
    switch (operation) {
      case INSERT:
        UpsertContext.Target t = UpsertContext.current();
        return new ModifySpec(operation, t != null, t == null ? null : t.targeted(table.def()), null);
      case UPDATE:
        int[] updated = new int[updateColumnList.size()];
        for (int i = 0; i < updated.length; i++) {
          updated[i] = table.def().columnIndex(updateColumnList.get(i));
        }
        return new ModifySpec(operation, false, null, updated);
      case DELETE:
        return new ModifySpec(operation, false, null, null);
      default:
        throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, operation + " is not supported; use UPSERT");
    }
  }

  @Override
  public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return new CellarTableModify(getCluster(), traitSet, getTable(), getCatalogReader(), sole(inputs), getOperation(),
        getUpdateColumnList(), getSourceExpressionList(), isFlattened(), cellarTable, spec);
  }

  @Override
  public RelWriter explainTerms(RelWriter pw) {
    return super.explainTerms(pw).itemIf("upsert", true, spec.upsert());
  }

  @Override
  public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    BlockBuilder b = new BlockBuilder();
    Result input = implementor.visitChild(this, 0, (EnumerableRel) getInput(), Prefer.ARRAY);
    Expression rows = b.append("rows", input.block);
    JavaRowFormat format = input.physType.getFormat();
    if (format != JavaRowFormat.ARRAY && format != JavaRowFormat.SCALAR) {
      rows = b.append("arrayRows", input.physType.convertTo(rows, JavaRowFormat.ARRAY));
      format = JavaRowFormat.ARRAY;
    }
    Expression table = b.append("table", implementor.stash(cellarTable, CellarTable.class));
    Expression specExp = b.append("spec", implementor.stash(spec, ModifySpec.class));
    b.add(Expressions.return_(null, Expressions.call(table, CellarMethod.MODIFY.method, DataContext.ROOT, rows,
        Expressions.constant(format == JavaRowFormat.SCALAR), specExp)));
    PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(), JavaRowFormat.SCALAR);
    return implementor.result(physType, b.toBlock());
  }

  /** Implements a {@code LogicalTableModify} of a {@link CellarTable}. */
  public static class Rule extends ConverterRule {
    public static final Config DEFAULT_CONFIG = Config.INSTANCE
        .withConversion(LogicalTableModify.class, m -> m.getTable().unwrap(CellarTable.class) != null,
            Convention.NONE, EnumerableConvention.INSTANCE, "CellarTableModifyRule")
        .withRuleFactory(Rule::new);

    protected Rule(Config config) {
      super(config);
    }

    @Override
    public RelNode convert(RelNode rel) {
      LogicalTableModify modify = (LogicalTableModify) rel;
      CellarTable table = modify.getTable().unwrap(CellarTable.class);
      RelTraitSet traits = modify.getTraitSet().replace(EnumerableConvention.INSTANCE);
      RelNode input = convert(modify.getInput(), modify.getInput().getTraitSet().replace(EnumerableConvention.INSTANCE));
      return new CellarTableModify(modify.getCluster(), traits, modify.getTable(), modify.getCatalogReader(), input,
          modify.getOperation(), modify.getUpdateColumnList(), modify.getSourceExpressionList(), modify.isFlattened(),
          table, spec(table, modify.getOperation(), modify.getUpdateColumnList()));
    }
  }
}
