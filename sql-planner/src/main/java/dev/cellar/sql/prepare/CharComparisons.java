package dev.cellar.sql.prepare;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttle;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.fun.SqlTrimFunction;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Compares a CHAR value with a VARCHAR one as PostgreSQL does: without the CHAR's trailing
 * spaces, which are its padding. SQL pads a {@code CHAR(3)} value {@code 'b'} to {@code 'b  '};
 * Calcite compares it with a VARCHAR {@code 'b'} by casting it to VARCHAR, padding and all, and
 * finds them different. Here such a cast is of the value without its trailing spaces, so
 * {@code code = CASE ... THEN 'b' ... END} (whose literals are VARCHARs, see
 * {@link VaryingLiterals}) matches the {@code CHAR(3)} code {@code 'b'}, as it did when the
 * literals were CHARs.
 */
final class CharComparisons extends RexShuttle {
  private final RexBuilder rexBuilder;
  private final RelShuttle rels;

  private CharComparisons(RexBuilder rexBuilder) {
    this.rexBuilder = rexBuilder;
    CharComparisons rex = this;
    this.rels = new RelHomogeneousShuttle() {
      @Override
      public RelNode visit(RelNode other) {
        return super.visit(other).accept(rex);
      }
    };
  }

  /** {@code rel} and its inputs (and the queries of its sub-queries), comparing CHAR values so. */
  static RelNode apply(RelNode rel) {
    return rel.accept(new CharComparisons(rel.getCluster().getRexBuilder()).rels);
  }

  @Override
  public RexNode visitSubQuery(RexSubQuery subQuery) {
    RexSubQuery visited = (RexSubQuery) super.visitSubQuery(subQuery);
    RelNode query = visited.rel.accept(rels);
    return query == visited.rel ? visited : visited.clone(query);
  }

  @Override
  public RexNode visitCall(RexCall call) {
    RexCall visited = (RexCall) super.visitCall(call);
    int compared;
    switch (visited.getKind()) {
      case EQUALS:
      case NOT_EQUALS:
      case LESS_THAN:
      case LESS_THAN_OR_EQUAL:
      case GREATER_THAN:
      case GREATER_THAN_OR_EQUAL:
      case IS_DISTINCT_FROM:
      case IS_NOT_DISTINCT_FROM:
        compared = visited.getOperands().size();
        break;
      case SEARCH:
        compared = 1;
        break;
      default:
        return visited;
    }
    List<RexNode> operands = new ArrayList<>(visited.getOperands());
    boolean changed = false;
    for (int i = 0; i < compared; i++) {
      RexNode o = operands.get(i);
      if (o.getKind() == SqlKind.CAST && o.getType().getSqlTypeName() == SqlTypeName.VARCHAR
          && ((RexCall) o).getOperands().get(0).getType().getSqlTypeName() == SqlTypeName.CHAR) {
        RexNode value = ((RexCall) o).getOperands().get(0);
        RexNode trimmed = rexBuilder.makeCall(SqlStdOperatorTable.TRIM,
            rexBuilder.makeFlag(SqlTrimFunction.Flag.TRAILING), rexBuilder.makeLiteral(" "), value);
        operands.set(i, rexBuilder.makeCast(o.getType(), trimmed));
        changed = true;
      }
    }
    return changed ? visited.clone(visited.getType(), operands) : visited;
  }
}
