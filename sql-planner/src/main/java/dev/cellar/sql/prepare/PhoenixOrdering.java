package dev.cellar.sql.prepare;

import java.util.Locale;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * Phoenix's {@code INVERT(x)} in an {@code ORDER BY}: Phoenix inverts the bytes of the value, so
 * that it sorts the other way round while reading back as the same value. Here {@code ORDER BY
 * INVERT(x)} is {@code ORDER BY x DESC}, {@code INVERT(x) DESC} is {@code x}; everywhere else
 * {@code INVERT(x)} is {@code x} ({@link PhoenixOperatorTable#rewrite}).
 */
final class PhoenixOrdering {
  private PhoenixOrdering() {}

  /** Rewrites the items of {@code order} that are {@code INVERT(x)}, with or without {@code DESC}. */
  static void invertOrder(SqlNodeList order) {
    if (order == null) {
      return;
    }
    for (int i = 0; i < order.size(); i++) {
      SqlNode item = order.get(i);
      if (isInvert(item)) {
        SqlCall invert = (SqlCall) item;
        order.set(i, SqlStdOperatorTable.DESC.createCall(invert.getParserPosition(), (SqlNode) invert.operand(0)));
      } else if (item instanceof SqlCall desc && desc.getKind() == SqlKind.DESCENDING && isInvert(desc.operand(0))) {
        order.set(i, ((SqlCall) desc.operand(0)).operand(0));
      } else if (item instanceof SqlCall nulls && (nulls.getKind() == SqlKind.NULLS_FIRST
          || nulls.getKind() == SqlKind.NULLS_LAST)) {
        SqlNodeList inner = SqlNodeList.of(nulls.operand(0));
        invertOrder(inner);
        nulls.setOperand(0, inner.get(0));
      }
    }
  }

  private static boolean isInvert(SqlNode node) {
    return node instanceof SqlCall call && call.getOperator() instanceof SqlUnresolvedFunction f
        && call.operandCount() == 1 && f.getName().toUpperCase(Locale.ROOT).equals("INVERT");
  }
}
