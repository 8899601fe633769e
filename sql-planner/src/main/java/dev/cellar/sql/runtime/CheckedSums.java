package dev.cellar.sql.runtime;

import dev.cellar.sql.prepare.CellarTypeSystem;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.AggAddContext;
import org.apache.calcite.adapter.enumerable.AggContext;
import org.apache.calcite.adapter.enumerable.AggImplementor;
import org.apache.calcite.adapter.enumerable.AggResetContext;
import org.apache.calcite.adapter.enumerable.EnumUtils;
import org.apache.calcite.adapter.enumerable.EnumerableAggregateBase;
import org.apache.calcite.adapter.enumerable.StrictAggImplementor;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.FunctionParameter;
import org.apache.calcite.schema.ImplementableAggFunction;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlUserDefinedAggFunction;
import org.apache.calcite.util.Optionality;

/**
 * Makes the {@code SUM}s of BIGINT values that Calcite's runtime computes checked: its
 * implementation adds {@code long}s with Java's {@code +}, so a sum past the largest BIGINT
 * wrapped around to a negative one. In the chosen plan, each such call of an aggregate is
 * computed by {@link CheckedMath#sum} instead, which raises SQLState 22003 naming {@code SUM}.
 * Sums of smaller integers are BIGINTs ({@link CellarTypeSystem}); the store's own sums
 * ({@link ScanAggregator}) are checked there.
 */
public final class CheckedSums {
  /** {@code SUM} (or {@code $SUM0}) of BIGINT values, checked; shown as the function it replaces. */
  private static final SqlAggFunction SUM = checked("SUM", SqlKind.SUM, ReturnTypes.AGG_SUM);
  private static final SqlAggFunction SUM0 = checked("$SUM0", SqlKind.SUM0, ReturnTypes.AGG_SUM_EMPTY_IS_ZERO);

  private CheckedSums() {}

  /** {@code rel} with the BIGINT sums of its aggregates (and its inputs') checked. */
  public static RelNode apply(RelNode rel) {
    return rel.accept(new RelShuttleImpl() {
      @Override
      public RelNode visit(RelNode other) {
        RelNode visited = super.visit(other);
        return visited instanceof EnumerableAggregateBase a ? checked(a) : visited;
      }
    });
  }

  private static RelNode checked(Aggregate aggregate) {
    List<AggregateCall> calls = new ArrayList<>();
    boolean changed = false;
    for (AggregateCall call : aggregate.getAggCallList()) {
      SqlKind kind = call.getAggregation().getKind();
      if ((kind == SqlKind.SUM || kind == SqlKind.SUM0) && call.getType().getSqlTypeName() == SqlTypeName.BIGINT
          && !(call.getAggregation() instanceof SqlUserDefinedAggFunction)) {
        calls.add(AggregateCall.create(call.getParserPosition(), kind == SqlKind.SUM ? SUM : SUM0, call.isDistinct(),
            call.isApproximate(), call.ignoreNulls(), call.rexList, call.getArgList(), call.filterArg,
            call.distinctKeys, call.collation, call.getType(), call.getName()));
        changed = true;
      } else {
        calls.add(call);
      }
    }
    return changed ? aggregate.copy(aggregate.getTraitSet(), aggregate.getInput(), aggregate.getGroupSet(),
        aggregate.getGroupSets(), calls) : aggregate;
  }

  private static SqlAggFunction checked(String name, SqlKind kind, SqlReturnTypeInference type) {
    return new SqlUserDefinedAggFunction(new SqlIdentifier(name, SqlParserPos.ZERO), kind, type,
        InferTypes.FIRST_KNOWN, null, new Function(), false, false, Optionality.FORBIDDEN);
  }

  /** The function of both: typed by its call, implemented by {@link Implementor}. */
  private static final class Function implements ImplementableAggFunction {
    @Override
    public AggImplementor getImplementor(boolean windowContext) {
      return new Implementor();
    }

    @Override
    public RelDataType getReturnType(RelDataTypeFactory typeFactory) {
      return typeFactory.createSqlType(SqlTypeName.BIGINT);
    }

    @Override
    public List<FunctionParameter> getParameters() {
      return List.of();
    }
  }

  /** As Calcite's own {@code SUM} of {@code long}s, adding with {@link CheckedMath#sum}. */
  private static final class Implementor extends StrictAggImplementor {
    @Override
    protected void implementNotNullReset(AggContext info, AggResetContext reset) {
      reset.currentBlock().add(Expressions.statement(Expressions.assign(reset.accumulator().get(0),
          Expressions.constant(0L))));
    }

    @Override
    protected void implementNotNullAdd(AggContext info, AggAddContext add) {
      Expression acc = add.accumulator().get(0);
      Expression arg = EnumUtils.convert(add.arguments().get(0), long.class);
      accAdvance(add, acc, Expressions.call(CheckedMath.class, "sum", EnumUtils.convert(acc, long.class), arg));
    }
  }
}
