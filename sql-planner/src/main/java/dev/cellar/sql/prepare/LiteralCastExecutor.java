package dev.cellar.sql.prepare;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexExecutor;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The planner's constant folding, which reduces a cast of an exact number literal to DOUBLE
 * itself and leaves every other expression to Calcite's executor.
 *
 * <p>Calcite folds constants by generating and compiling a Java class per call. The simplifier
 * calls it for each such cast alone ({@code dbl_col < 25.61} compares with
 * {@code CAST(25.61 AS DOUBLE)}), so a condition over a DOUBLE column with ten literals compiled
 * ten classes, a third of the time taken to plan it. The value here is the one the compiled
 * code computes, {@code BigDecimal.doubleValue()} (or a widening of an integer, the same
 * correctly rounded double), made into a literal by the same {@link RexBuilder#makeLiteral}
 * call.
 */
final class LiteralCastExecutor implements RexExecutor {
  private final RexExecutor delegate;

  LiteralCastExecutor(RexExecutor delegate) {
    this.delegate = delegate;
  }

  /** {@code executor} with casts of literals folded without it; null stays null. */
  static RexExecutor wrap(RexExecutor executor) {
    return executor == null || executor instanceof LiteralCastExecutor ? executor : new LiteralCastExecutor(executor);
  }

  @Override
  public void reduce(RexBuilder rexBuilder, List<RexNode> constExps, List<RexNode> reducedValues) {
    List<RexNode> folded = new ArrayList<>(constExps.size());
    for (RexNode e : constExps) {
      RexNode f = castOfLiteral(rexBuilder, e);
      if (f == null) {
        delegate.reduce(rexBuilder, constExps, reducedValues);
        return;
      }
      folded.add(f);
    }
    reducedValues.addAll(folded);
  }

  /** {@code CAST(n AS DOUBLE)} of an exact number literal {@code n}, folded; else null. */
  static RexNode castOfLiteral(RexBuilder rexBuilder, RexNode e) {
    if (e.getKind() != SqlKind.CAST || !(e instanceof RexCall call) || call.getOperands().size() != 1
        || !(call.getOperands().get(0) instanceof RexLiteral literal) || literal.isNull()) {
      return null;
    }
    SqlTypeName to = e.getType().getSqlTypeName();
    if (to != SqlTypeName.DOUBLE && to != SqlTypeName.FLOAT) {
      return null;
    }
    switch (literal.getType().getSqlTypeName()) {
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT:
      case DECIMAL:
        BigDecimal v = literal.getValueAs(BigDecimal.class);
        if (v == null) {
          return null;
        }
        double d = v.doubleValue();
        if (Double.isInfinite(d)) {
          return null; // beyond DOUBLE: left to Calcite, which leaves the cast for run time
        }
        return rexBuilder.makeLiteral(d, e.getType(), true);
      default:
        return null;
    }
  }
}
