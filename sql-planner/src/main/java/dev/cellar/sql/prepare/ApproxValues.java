package dev.cellar.sql.prepare;

import com.google.common.collect.ImmutableList;
import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.logical.LogicalValues;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Makes each exact number literal of a {@code VALUES} column of type DOUBLE, FLOAT or REAL a
 * literal of the column's type.
 *
 * <p>For {@code INSERT INTO t (id, d) VALUES (1, 2.5), (2, NULL)} into a DOUBLE column, Calcite's
 * conversion types the column DOUBLE but keeps {@code 2.5} a DECIMAL literal. The generated code
 * converts it anyway, but on a column that may be NULL an assertion of Calcite's code generator
 * fails first in a JVM run with {@code -ea}, as test suites are. The value is the same
 * {@link BigDecimal#doubleValue()} the generated code computes.
 */
final class ApproxValues {
  private ApproxValues() {}

  /** {@code rel} and its inputs, with the literals of approximate {@code VALUES} columns typed. */
  static RelNode fix(RelNode rel) {
    return rel.accept(new RelHomogeneousShuttle() {
      @Override
      public RelNode visit(RelNode other) {
        RelNode visited = super.visit(other);
        return visited instanceof LogicalValues values ? fix(values) : visited;
      }
    });
  }

  private static RelNode fix(LogicalValues values) {
    RexBuilder rexBuilder = values.getCluster().getRexBuilder();
    List<RelDataTypeField> fields = values.getRowType().getFieldList();
    ImmutableList.Builder<ImmutableList<RexLiteral>> tuples = ImmutableList.builder();
    boolean changed = false;
    for (ImmutableList<RexLiteral> tuple : values.getTuples()) {
      ImmutableList.Builder<RexLiteral> row = ImmutableList.builder();
      for (int i = 0; i < tuple.size(); i++) {
        RexLiteral literal = tuple.get(i);
        RelDataType type = fields.get(i).getType();
        if (!literal.isNull() && literal.getType().getSqlTypeName() == SqlTypeName.DECIMAL
            && SqlTypeFamily.APPROXIMATE_NUMERIC.getTypeNames().contains(type.getSqlTypeName())) {
          RelDataType notNull = rexBuilder.getTypeFactory().createTypeWithNullability(type, false);
          literal = rexBuilder.makeApproxLiteral(literal.getValueAs(BigDecimal.class), notNull);
          changed = true;
        }
        row.add(literal);
      }
      tuples.add(row.build());
    }
    return changed ? LogicalValues.create(values.getCluster(), values.getRowType(), tuples.build()) : values;
  }
}
