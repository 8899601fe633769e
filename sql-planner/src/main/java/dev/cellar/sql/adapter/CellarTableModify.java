package dev.cellar.sql.adapter;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
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
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.core.TableModify;
import org.apache.calcite.rex.RexNode;

/**
 * INSERT, UPSERT, UPDATE or DELETE of a {@link CellarTable}. Created (logical) by
 * {@link CellarTable#toModificationRel} and turned by {@link EnumerableRule} into
 * {@link EnumerableModify}, whose generated code calls {@link CellarTable#modify}.
 */
public class CellarTableModify extends TableModify {
  final CellarTable cellarTable;
  final ModifySpec spec;

  CellarTableModify(RelOptCluster cluster, RelTraitSet traits, RelOptTable table, Prepare.CatalogReader catalogReader,
      RelNode input, Operation operation, List<String> updateColumnList, List<RexNode> sourceExpressionList,
      boolean flattened, CellarTable cellarTable, ModifySpec spec) {
    super(cluster, traits, table, catalogReader, input, operation, updateColumnList, sourceExpressionList, flattened);
    this.cellarTable = cellarTable;
    this.spec = spec;
  }

  static CellarTableModify create(RelOptCluster cluster, RelOptTable table, Prepare.CatalogReader catalogReader,
      RelNode input, Operation operation, List<String> updateColumnList, List<RexNode> sourceExpressionList,
      boolean flattened, CellarTable cellarTable) {
    boolean upsert = false;
    boolean[] targeted = null;
    int[] updated = null;
    switch (operation) {
      case INSERT:
        UpsertContext.Target t = UpsertContext.current();
        if (t != null) {
          upsert = true;
          targeted = t.targeted(cellarTable.def());
        }
        break;
      case UPDATE:
        updated = new int[updateColumnList.size()];
        for (int i = 0; i < updated.length; i++) {
          updated[i] = cellarTable.def().columnIndex(updateColumnList.get(i));
        }
        break;
      case DELETE:
        break;
      default:
        throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, operation + " is not supported; use UPSERT");
    }
    return new CellarTableModify(cluster, cluster.traitSetOf(Convention.NONE), table, catalogReader, input, operation,
        updateColumnList, sourceExpressionList, flattened, cellarTable, new ModifySpec(operation, upsert, targeted,
            updated));
  }

  @Override
  public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return new CellarTableModify(getCluster(), traitSet, getTable(), getCatalogReader(), sole(inputs), getOperation(),
        getUpdateColumnList(), getSourceExpressionList(), isFlattened(), cellarTable, spec);
  }

  @Override
  public void register(RelOptPlanner planner) {
    planner.addRule(CellarRules.MODIFY);
  }

  @Override
  public RelWriter explainTerms(RelWriter pw) {
    return super.explainTerms(pw).itemIf("upsert", true, spec.upsert());
  }

  /** The enumerable implementation: {@code table.modify(root, rows, scalarRows, spec)}. */
  public static class EnumerableModify extends CellarTableModify implements EnumerableRel {
    EnumerableModify(RelOptCluster cluster, RelTraitSet traits, CellarTableModify logical, RelNode input) {
      super(cluster, traits, logical.getTable(), logical.getCatalogReader(), input, logical.getOperation(),
          logical.getUpdateColumnList(), logical.getSourceExpressionList(), logical.isFlattened(),
          logical.cellarTable, logical.spec);
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
      return new EnumerableModify(getCluster(), traitSet, this, sole(inputs));
    }

    @Override
    public void register(RelOptPlanner planner) {
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
  }

  /** Converts a logical {@link CellarTableModify} into {@link EnumerableModify}. */
  public static class EnumerableRule extends ConverterRule {
    static final Config DEFAULT_CONFIG = Config.INSTANCE
        .withConversion(CellarTableModify.class, Convention.NONE, EnumerableConvention.INSTANCE,
            "CellarTableModifyRule")
        .withRuleFactory(EnumerableRule::new);

    protected EnumerableRule(Config config) {
      super(config);
    }

    @Override
    public RelNode convert(RelNode rel) {
      CellarTableModify modify = (CellarTableModify) rel;
      if (modify instanceof EnumerableModify) {
        return null;
      }
      RelTraitSet traits = modify.getTraitSet().replace(EnumerableConvention.INSTANCE);
      RelNode input = convert(modify.getInput(), modify.getInput().getTraitSet().replace(EnumerableConvention.INSTANCE));
      return new EnumerableModify(modify.getCluster(), traits, modify, input);
    }
  }
}
