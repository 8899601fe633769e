package dev.cellar.sql.interp;

import com.google.common.collect.ImmutableRangeSet;
import com.google.common.collect.Range;
import com.google.common.collect.RangeSet;
import dev.cellar.sql.interp.Expressions.Eval;
import java.util.HashSet;
import java.util.Set;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.runtime.SqlFunctions;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.Sarg;

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

  /**
   * {@code SEARCH(s, sarg)} over VARCHAR values (an {@code IN} list, a {@code NOT IN} list, ranges):
   * points are looked up by {@code equals} in a hash set, ranges by {@code compareTo}, as the
   * generated code's comparisons they stand for; a NULL {@code s} gives what the Sarg says of NULL.
   */
  static Eval search(Eval s, Sarg<?> sarg) {
    Boolean ifNull = switch (sarg.nullAs) {
      case TRUE -> Boolean.TRUE;
      case FALSE -> Boolean.FALSE;
      default -> null;
    };
    if (sarg.isPoints() || sarg.isComplementedPoints()) {
      boolean in = sarg.isPoints();
      RangeSet<?> ranges = in ? sarg.rangeSet : sarg.rangeSet.complement();
      Set<String> points = new HashSet<>();
      for (Range<?> r : ranges.asRanges()) {
        points.add(text(r.lowerEndpoint()));
      }
      return (row, c) -> {
        Object v = s.eval(row, c);
        return v == null ? ifNull : Boolean.valueOf(points.contains((String) v) == in);
      };
    }
    ImmutableRangeSet.Builder<String> b = ImmutableRangeSet.builder();
    for (Range<?> r : sarg.rangeSet.asRanges()) {
      b.add(textRange(r));
    }
    RangeSet<String> ranges = b.build();
    return (row, c) -> {
      Object v = s.eval(row, c);
      return v == null ? ifNull : Boolean.valueOf(ranges.contains((String) v));
    };
  }

  /** A range of Sarg text bounds as a range of strings, with the same bounds. */
  private static Range<String> textRange(Range<?> r) {
    if (r.hasLowerBound() && r.hasUpperBound()) {
      return Range.range(text(r.lowerEndpoint()), r.lowerBoundType(), text(r.upperEndpoint()), r.upperBoundType());
    }
    if (r.hasLowerBound()) {
      return Range.downTo(text(r.lowerEndpoint()), r.lowerBoundType());
    }
    if (r.hasUpperBound()) {
      return Range.upTo(text(r.upperEndpoint()), r.upperBoundType());
    }
    return Range.all();
  }

  /** A Sarg's text bound as the string the generated code compares. */
  private static String text(Object bound) {
    if (bound instanceof NlsString n) {
      return n.getValue();
    }
    throw new Expressions.Unsupported("SEARCH with a bound of " + bound.getClass().getSimpleName());
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
