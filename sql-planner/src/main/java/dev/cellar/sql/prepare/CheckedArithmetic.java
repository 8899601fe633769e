package dev.cellar.sql.prepare;

import dev.cellar.sql.runtime.CheckedMath;
import java.lang.reflect.Method;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttle;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.rex.RexWindow;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * Makes the arithmetic of integer types checked: {@code +}, {@code -}, {@code *}, {@code /}
 * and unary {@code -} of TINYINT, SMALLINT, INTEGER and BIGINT values become Calcite's checked
 * operators ({@link SqlStdOperatorTable#CHECKED_PLUS} and the others, whose run time raises
 * where Java's arithmetic would wrap around), {@code ABS} becomes {@link CheckedMath#abs}, and a
 * windowed {@code SUM} of BIGINTs is summed exactly and checked when cast back.
 * {@code 2147483647 + 1} is then SQLState 22003, not {@code -2147483648}, whether computed
 * over rows or folded while planning.
 *
 * <p>Calcite does the same when the conformance asks for checked arithmetic (its
 * {@code ConvertToChecked}), but Cellar's default conformance does not, and that converter
 * also casts every DECIMAL expression to its own type; DECIMAL arithmetic is exact here and
 * needs no check.
 */
public final class CheckedArithmetic extends RexShuttle {
  private static final Map<SqlKind, SqlOperator> CHECKED = new EnumMap<>(Map.of(
      SqlKind.PLUS, SqlStdOperatorTable.CHECKED_PLUS,
      SqlKind.MINUS, SqlStdOperatorTable.CHECKED_MINUS,
      SqlKind.TIMES, SqlStdOperatorTable.CHECKED_MULTIPLY,
      SqlKind.DIVIDE, SqlStdOperatorTable.CHECKED_DIVIDE,
      SqlKind.MINUS_PREFIX, SqlStdOperatorTable.CHECKED_UNARY_MINUS));
  private static final Map<SqlTypeName, SqlOperator> ABS = new EnumMap<>(Map.of(
      SqlTypeName.TINYINT, abs(byte.class),
      SqlTypeName.SMALLINT, abs(short.class),
      SqlTypeName.INTEGER, abs(int.class),
      SqlTypeName.BIGINT, abs(long.class)));

  private final RexBuilder rexBuilder;
  private final RelShuttle rels;

  private CheckedArithmetic(RexBuilder rexBuilder) {
    this.rexBuilder = rexBuilder;
    CheckedArithmetic rex = this;
    this.rels = new RelHomogeneousShuttle() {
      @Override
      public RelNode visit(RelNode other) {
        return super.visit(other).accept(rex);
      }
    };
  }

  /** {@code rel} and its inputs (and the queries of its sub-queries), with integer arithmetic checked. */
  static RelNode apply(RelNode rel) {
    return rel.accept(new CheckedArithmetic(rel.getCluster().getRexBuilder()).rels);
  }

  /** {@code node}, over any input, with integer arithmetic checked. */
  static RexNode apply(RexBuilder rexBuilder, RexNode node) {
    return node.accept(new CheckedArithmetic(rexBuilder));
  }

  @Override
  public RexNode visitCall(RexCall call) {
    RexCall visited = (RexCall) super.visitCall(call);
    SqlTypeName type = visited.getType().getSqlTypeName();
    if (!ABS.containsKey(type)) {
      return visited;
    }
    SqlOperator checked = visited.getOperator() == SqlStdOperatorTable.ABS ? ABS.get(type)
        : CHECKED.get(visited.getKind());
    return checked == null ? visited : rexBuilder.makeCall(visited.getParserPosition(), visited.getType(), checked,
        visited.getOperands());
  }

  /**
   * A windowed {@code SUM} of BIGINT values, which Calcite's window adds as {@code long}s, is
   * summed as DECIMALs and cast back: a sum the BIGINT cannot hold is 22003, not wrapped around.
   */
  @Override
  public RexNode visitOver(RexOver over) {
    RexOver visited = (RexOver) super.visitOver(over);
    SqlKind kind = visited.getAggOperator().getKind();
    if (kind != SqlKind.SUM && kind != SqlKind.SUM0 || visited.getOperands().size() != 1
        || visited.getType().getSqlTypeName() != SqlTypeName.BIGINT) {
      return visited;
    }
    RelDataTypeFactory types = rexBuilder.getTypeFactory();
    RexNode arg = visited.getOperands().get(0);
    RelDataType exact = types.createTypeWithNullability(types.createSqlType(SqlTypeName.DECIMAL, 19, 0),
        arg.getType().isNullable());
    RelDataType sum = types.createTypeWithNullability(types.createSqlType(SqlTypeName.DECIMAL,
        types.getTypeSystem().getMaxPrecision(SqlTypeName.DECIMAL), 0), visited.getType().isNullable());
    RexWindow w = visited.getWindow();
    RexNode exactSum = rexBuilder.makeOver(visited.getParserPosition(), sum, visited.getAggOperator(),
        List.of(rexBuilder.makeCast(exact, arg)), w.partitionKeys, w.orderKeys, w.getLowerBound(), w.getUpperBound(),
        w.getExclude(), w.isRows(), true, false, visited.isDistinct(), visited.ignoreNulls());
    return rexBuilder.makeCast(visited.getType(), exactSum);
  }

  @Override
  public RexNode visitSubQuery(RexSubQuery subQuery) {
    RexSubQuery visited = (RexSubQuery) super.visitSubQuery(subQuery);
    RelNode query = visited.rel.accept(rels);
    return query == visited.rel ? visited : visited.clone(query);
  }

  /** {@code ABS} of one integer type, as {@link CheckedMath#abs} computes it; shown as {@code ABS}. */
  private static SqlOperator abs(Class<?> type) {
    Method m;
    try {
      m = CheckedMath.class.getMethod("abs", type);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(e);
    }
    return new SqlUserDefinedFunction(new SqlIdentifier("ABS", SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION,
        ReturnTypes.ARG0, InferTypes.FIRST_KNOWN, null, ScalarFunctionImpl.create(m));
  }
}
