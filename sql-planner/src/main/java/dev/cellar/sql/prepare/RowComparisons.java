package dev.cellar.sql.prepare;

import java.util.List;
import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * A comparison of row values, {@code (a, b) > (x, y)}, the keyset paging of Phoenix
 * ({@code WHERE (a, b) > (?, ?) ORDER BY a, b LIMIT n}), written as the comparisons of its columns
 * that it means, {@code a > x OR (a = x AND b > y)}, so that the key-range analysis reads the rows
 * after {@code (x, y)} by key instead of testing every row of the table. The same for {@code >=},
 * {@code <} and {@code <=} (the last column takes the operator, the others its strict form), and
 * any number of columns; with NULLs the expansion gives what SQL's row comparison gives.
 */
final class RowComparisons {
  private RowComparisons() {}

  /** {@code node} expanded if it is a comparison of two rows of the same size, else {@code node} itself. */
  static SqlNode expand(SqlNode node) {
    if (!(node instanceof SqlCall call) || call.operandCount() != 2) {
      return node;
    }
    SqlBinaryOperator last;
    SqlBinaryOperator strict;
    switch (call.getKind()) {
      case GREATER_THAN:
        last = SqlStdOperatorTable.GREATER_THAN;
        strict = last;
        break;
      case GREATER_THAN_OR_EQUAL:
        last = SqlStdOperatorTable.GREATER_THAN_OR_EQUAL;
        strict = SqlStdOperatorTable.GREATER_THAN;
        break;
      case LESS_THAN:
        last = SqlStdOperatorTable.LESS_THAN;
        strict = last;
        break;
      case LESS_THAN_OR_EQUAL:
        last = SqlStdOperatorTable.LESS_THAN_OR_EQUAL;
        strict = SqlStdOperatorTable.LESS_THAN;
        break;
      default:
        return node;
    }
    if (!(call.operand(0) instanceof SqlCall left && left.getKind() == SqlKind.ROW)
        || !(call.operand(1) instanceof SqlCall right && right.getKind() == SqlKind.ROW)
        || left.operandCount() != right.operandCount() || left.operandCount() < 2) {
      return node;
    }
    SqlParserPos pos = call.getParserPosition();
    List<SqlNode> a = left.getOperandList();
    List<SqlNode> x = right.getOperandList();
    int n = a.size();
    SqlNode out = last.createCall(pos, a.get(n - 1), x.get(n - 1));
    for (int i = n - 2; i >= 0; i--) {
      SqlNode after = SqlStdOperatorTable.AND.createCall(pos, SqlStdOperatorTable.EQUALS.createCall(pos, a.get(i), x.get(i)),
          out);
      out = SqlStdOperatorTable.OR.createCall(pos, strict.createCall(pos, a.get(i), x.get(i)), after);
    }
    return out;
  }
}
