package dev.cellar.sql.interp;

import dev.cellar.sql.interp.Expressions.Eval;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.runtime.SqlFunctions;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Text in interpreted plans: VARCHAR values are Java strings, as in the generated code, and are
 * compared and matched as its methods do ({@code SqlFunctions.eq/lt/...} of two strings:
 * {@code equals} and {@code compareTo}; {@code LIKE} through Calcite's own {@code LikeFunction}).
 * CHAR values (whose padding the comparisons must ignore) and collations with a comparator are
 * left to the generated code.
 */
final class Texts {
  private Texts() {}

  /** Whether values of {@code type} are strings the interpreter compares as the generated code does. */
  static boolean covered(RelDataType type) {
    return type.getSqlTypeName() == SqlTypeName.VARCHAR
        && (type.getCollation() == null || type.getCollation().getCollator() == null);
  }

  /** The comparison {@code call} of two VARCHAR values ({@code a}, {@code b} evaluate them). */
  static Eval comparison(RexCall call, Eval a, Eval b) {
    SqlKind kind = call.getKind();
    return switch (kind) {
      case IS_DISTINCT_FROM -> (row, c) -> {
        Object x = a.eval(row, c);
        Object y = b.eval(row, c);
        return x == null || y == null ? x != y : !x.equals(y);
      };
      case IS_NOT_DISTINCT_FROM -> (row, c) -> {
        Object x = a.eval(row, c);
        Object y = b.eval(row, c);
        return x == null || y == null ? x == y : x.equals(y);
      };
      default -> (row, c) -> {
        Object x = a.eval(row, c);
        Object y = b.eval(row, c);
        if (x == null || y == null) {
          return null;
        }
        String s = (String) x;
        String t = (String) y;
        return switch (kind) {
          case EQUALS -> s.equals(t);
          case NOT_EQUALS -> !s.equals(t);
          case LESS_THAN -> s.compareTo(t) < 0;
          case LESS_THAN_OR_EQUAL -> s.compareTo(t) <= 0;
          case GREATER_THAN -> s.compareTo(t) > 0;
          default -> s.compareTo(t) >= 0;
        };
      };
    };
  }

  /** {@code s LIKE pattern}, both VARCHAR, without ESCAPE. */
  static Eval like(Eval s, Eval pattern) {
    SqlFunctions.LikeFunction like = new SqlFunctions.LikeFunction();
    return (row, c) -> {
      Object v = s.eval(row, c);
      Object p = pattern.eval(row, c);
      return v == null || p == null ? null : like.like((String) v, (String) p);
    };
  }
}
