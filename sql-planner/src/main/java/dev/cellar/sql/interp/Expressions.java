package dev.cellar.sql.interp;

import dev.cellar.sql.runtime.CheckedMath;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexLocalRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.runtime.SqlFunctions;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.Sarg;

/**
 * Row expressions ({@link RexNode}s) made into trees of {@link Eval}s, which compute what the
 * code Calcite generates for them computes, through the same runtime methods: checked integer
 * arithmetic by {@link SqlFunctions}' {@code checkedPlus} and the others (22003 on overflow,
 * 22012 on a division by zero), {@code ABS} by {@link CheckedMath}, three-valued logic,
 * {@code CASE} evaluating only the branch taken. Covered: the integer types, BOOLEAN and DECIMAL
 * in comparisons, casts to DECIMAL and the division of an average (a DECIMAL sum by a count);
 * anything else is {@link Unsupported}, and the statement keeps its
 * generated code.
 */
final class Expressions {
  /** An expression over one row. */
  interface Eval {
    /** The value, in Calcite's runtime representation ({@code Integer}, {@code Long}, ...), or null. */
    Object eval(Object[] row, DataContext context);
  }

  /** Thrown while translating an expression the interpreter does not cover. */
  static final class Unsupported extends RuntimeException {
    Unsupported(String what) {
      super(what, null, false, false);
    }
  }

  private Expressions() {
  }

  /** Integer kinds, narrowest first. */
  enum Int {
    BYTE, SHORT, INT, LONG;

    static Int of(RelDataType type) {
      return switch (type.getSqlTypeName()) {
        case TINYINT -> BYTE;
        case SMALLINT -> SHORT;
        case INTEGER -> INT;
        case BIGINT -> LONG;
        default -> null;
      };
    }

    Object box(long v) {
      return switch (this) {
        case BYTE -> (byte) v;
        case SHORT -> (short) v;
        case INT -> (int) v;
        case LONG -> v;
      };
    }
  }

  /** The expressions of {@code program}'s projection, in order. */
  static List<Eval> projects(RexProgram program) {
    List<Eval> out = new ArrayList<>();
    for (RexLocalRef ref : program.getProjectList()) {
      out.add(of(program.expandLocalRef(ref)));
    }
    return out;
  }

  /** {@code node}, which reads the fields of its input row by {@link RexInputRef}. */
  static Eval of(RexNode node) {
    if (node instanceof RexInputRef ref) {
      // a field of any type is passed on as it is; the operations over it check its type
      int i = ref.getIndex();
      return (row, context) -> row[i];
    }
    if (node instanceof RexLiteral literal) {
      Object value = literalValue(literal);
      return (row, context) -> value;
    }
    if (node instanceof RexDynamicParam param && Texts.covered(param.getType())) {
      String name = "?" + param.getIndex();
      return (row, context) -> context.get(name);
    }
    if (node instanceof RexDynamicParam param) {
      requireCovered(param.getType());
      String name = "?" + param.getIndex();
      Int kind = Int.of(param.getType());
      boolean decimal = param.getType().getSqlTypeName() == SqlTypeName.DECIMAL;
      return (row, context) -> {
        Object v = context.get(name);
        if (v == null || v instanceof Boolean) {
          return v;
        }
        if (decimal) {
          return v instanceof BigDecimal ? v : new BigDecimal(v.toString());
        }
        return kind.box(((Number) v).longValue());
      };
    }
    if (node instanceof RexCall call) {
      return call(call);
    }
    throw new Unsupported(node.getClass().getSimpleName());
  }

  private static void requireCovered(RelDataType type) {
    SqlTypeName t = type.getSqlTypeName();
    if (Int.of(type) == null && t != SqlTypeName.BOOLEAN && t != SqlTypeName.DECIMAL && t != SqlTypeName.NULL) {
      throw new Unsupported("type " + t);
    }
  }

  private static Object literalValue(RexLiteral literal) {
    RelDataType type = literal.getType();
    if (literal.isNull()) {
      return null;
    }
    Int kind = Int.of(type);
    if (kind != null) {
      return kind.box(literal.getValueAs(Long.class));
    }
    if (type.getSqlTypeName() == SqlTypeName.BOOLEAN) {
      return literal.getValueAs(Boolean.class);
    }
    if (type.getSqlTypeName() == SqlTypeName.DECIMAL) {
      return literal.getValueAs(BigDecimal.class);
    }
    if (Texts.covered(type)) {
      return literal.getValueAs(String.class);
    }
    throw new Unsupported("literal of " + type.getSqlTypeName());
  }

  private static Eval call(RexCall call) {
    SqlOperator op = call.getOperator();
    List<RexNode> operands = call.getOperands();
    RelDataType type = call.getType();
    switch (call.getKind()) {
      case AND:
        return and(evals(operands));
      case OR:
        return or(evals(operands));
      case NOT: {
        Eval a = of(operands.get(0));
        return (row, c) -> {
          Object v = a.eval(row, c);
          return v == null ? null : !(Boolean) v;
        };
      }
      case IS_NULL: {
        Eval a = of(operands.get(0));
        return (row, c) -> a.eval(row, c) == null;
      }
      case IS_NOT_NULL: {
        Eval a = of(operands.get(0));
        return (row, c) -> a.eval(row, c) != null;
      }
      case IS_TRUE: {
        Eval a = of(operands.get(0));
        return (row, c) -> Boolean.TRUE.equals(a.eval(row, c));
      }
      case IS_NOT_TRUE: {
        Eval a = of(operands.get(0));
        return (row, c) -> !Boolean.TRUE.equals(a.eval(row, c));
      }
      case IS_FALSE: {
        Eval a = of(operands.get(0));
        return (row, c) -> Boolean.FALSE.equals(a.eval(row, c));
      }
      case IS_NOT_FALSE: {
        Eval a = of(operands.get(0));
        return (row, c) -> !Boolean.FALSE.equals(a.eval(row, c));
      }
      case EQUALS:
      case NOT_EQUALS:
      case LESS_THAN:
      case LESS_THAN_OR_EQUAL:
      case GREATER_THAN:
      case GREATER_THAN_OR_EQUAL:
      case IS_DISTINCT_FROM:
      case IS_NOT_DISTINCT_FROM:
        return comparison(call);
      case SEARCH:
        return search(call);
      case CASE:
        return caseOf(call);
      case CHECKED_PLUS:
      case CHECKED_MINUS:
      case CHECKED_TIMES:
      case CHECKED_DIVIDE:
        return Arithmetic.arithmetic(call);
      case DIVIDE:
        if (type.getSqlTypeName() == SqlTypeName.DECIMAL) {
          return Arithmetic.decimalDivide(call);
        }
        break;
      case CHECKED_MINUS_PREFIX:
        return Arithmetic.unaryMinus(call);
      case PLUS_PREFIX:
        return of(operands.get(0));
      case CAST:
        return Arithmetic.cast(call);
      case LIKE:
        if (op == SqlStdOperatorTable.LIKE && operands.size() == 2 && Texts.covered(operands.get(0).getType())
            && Texts.covered(operands.get(1).getType())) {
          return Texts.like(of(operands.get(0)), of(operands.get(1)));
        }
        break;
      default:
        break;
    }
    if (op.getName().equals("ABS") && operands.size() == 1 && Int.of(type) != null
        && Int.of(operands.get(0).getType()) == Int.of(type) && op != SqlStdOperatorTable.ABS) {
      return Arithmetic.abs(call);
    }
    throw new Unsupported("operator " + op.getName() + " (" + call.getKind() + ")");
  }

  private static Eval[] evals(List<RexNode> operands) {
    Eval[] out = new Eval[operands.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = of(operands.get(i));
    }
    return out;
  }

  /**
   * Three-valued AND, every operand evaluated, left to right, as the generated code does: an
   * operand that fails fails the expression even where an earlier one is FALSE.
   */
  private static Eval and(Eval[] operands) {
    return (row, c) -> {
      boolean unknown = false;
      boolean result = true;
      for (Eval e : operands) {
        Object v = e.eval(row, c);
        if (v == null) {
          unknown = true;
        } else if (!(Boolean) v) {
          result = false;
        }
      }
      return !result ? Boolean.FALSE : unknown ? null : Boolean.TRUE;
    };
  }

  /** Three-valued OR, every operand evaluated, left to right, as the generated code does. */
  private static Eval or(Eval[] operands) {
    return (row, c) -> {
      boolean unknown = false;
      boolean result = false;
      for (Eval e : operands) {
        Object v = e.eval(row, c);
        if (v == null) {
          unknown = true;
        } else if ((Boolean) v) {
          result = true;
        }
      }
      return result ? Boolean.TRUE : unknown ? null : Boolean.FALSE;
    };
  }

  /** Whether values of {@code type} compare as numbers here. */
  private static boolean numeric(RelDataType type) {
    return Int.of(type) != null || type.getSqlTypeName() == SqlTypeName.DECIMAL;
  }

  /** The comparison of two numbers (of integer or DECIMAL types), or of two BOOLEANs. */
  private static int compare(Object a, Object b) {
    if (a instanceof Boolean x) {
      return Boolean.compare(x, (Boolean) b);
    }
    if (a instanceof BigDecimal || b instanceof BigDecimal) {
      return decimal(a).compareTo(decimal(b));
    }
    return Long.compare(((Number) a).longValue(), ((Number) b).longValue());
  }

  static BigDecimal decimal(Object v) {
    return v instanceof BigDecimal d ? d : BigDecimal.valueOf(((Number) v).longValue());
  }

  private static Eval comparison(RexCall call) {
    RelDataType t0 = call.getOperands().get(0).getType();
    RelDataType t1 = call.getOperands().get(1).getType();
    if (Texts.covered(t0) && Texts.covered(t1)) {
      return Texts.comparison(call, of(call.getOperands().get(0)), of(call.getOperands().get(1)));
    }
    boolean booleans = t0.getSqlTypeName() == SqlTypeName.BOOLEAN && t1.getSqlTypeName() == SqlTypeName.BOOLEAN;
    if (!booleans && !(numeric(t0) && numeric(t1))) {
      throw new Unsupported("comparison of " + t0 + " and " + t1);
    }
    Eval a = of(call.getOperands().get(0));
    Eval b = of(call.getOperands().get(1));
    return switch (call.getKind()) {
      case IS_DISTINCT_FROM -> (row, c) -> {
        Object x = a.eval(row, c);
        Object y = b.eval(row, c);
        return x == null || y == null ? x != y : compare(x, y) != 0;
      };
      case IS_NOT_DISTINCT_FROM -> (row, c) -> {
        Object x = a.eval(row, c);
        Object y = b.eval(row, c);
        return x == null || y == null ? x == y : compare(x, y) == 0;
      };
      default -> {
        org.apache.calcite.sql.SqlKind kind = call.getKind();
        yield (row, c) -> {
          Object x = a.eval(row, c);
          Object y = b.eval(row, c);
          if (x == null || y == null) {
            return null;
          }
          int r = compare(x, y);
          return switch (kind) {
            case EQUALS -> r == 0;
            case NOT_EQUALS -> r != 0;
            case LESS_THAN -> r < 0;
            case LESS_THAN_OR_EQUAL -> r <= 0;
            case GREATER_THAN -> r > 0;
            default -> r >= 0;
          };
        };
      }
    };
  }

  /**
   * {@code SEARCH(x, sarg)}: whether a number lies in the ranges of a {@link Sarg} of numbers, or
   * a VARCHAR value in those of a {@code Sarg} of text ({@link Texts#search}).
   */
  private static Eval search(RexCall call) {
    RexNode operand = call.getOperands().get(0);
    RexLiteral literal = (RexLiteral) call.getOperands().get(1);
    if (Texts.covered(operand.getType()) && Texts.covered(literal.getType())) {
      return Texts.search(of(operand), literal.getValueAs(Sarg.class));
    }
    if (!numeric(operand.getType()) || !numeric(literal.getType())) {
      throw new Unsupported("SEARCH over " + operand.getType());
    }
    Sarg<?> sarg = literal.getValueAs(Sarg.class);
    @SuppressWarnings("unchecked")
    com.google.common.collect.RangeSet<BigDecimal> ranges = (com.google.common.collect.RangeSet<BigDecimal>) sarg.rangeSet;
    for (com.google.common.collect.Range<BigDecimal> r : ranges.asRanges()) {
      if (r.hasLowerBound() && !(r.lowerEndpoint() instanceof BigDecimal)
          || r.hasUpperBound() && !(r.upperEndpoint() instanceof BigDecimal)) {
        throw new Unsupported("SEARCH with non-numeric bounds");
      }
    }
    Boolean ifNull = switch (sarg.nullAs) {
      case TRUE -> Boolean.TRUE;
      case FALSE -> Boolean.FALSE;
      default -> null;
    };
    Eval a = of(operand);
    return (row, c) -> {
      Object v = a.eval(row, c);
      return v == null ? ifNull : Boolean.valueOf(ranges.contains(decimal(v)));
    };
  }

  /** {@code CASE WHEN c1 THEN v1 ... ELSE e END}, evaluating only the value taken. */
  private static Eval caseOf(RexCall call) {
    List<RexNode> operands = call.getOperands();
    RelDataType type = call.getType();
    Eval[] conditions = new Eval[operands.size() / 2];
    Eval[] values = new Eval[conditions.length + 1];
    for (int i = 0; i < conditions.length; i++) {
      conditions[i] = of(operands.get(2 * i));
      values[i] = sameType(operands.get(2 * i + 1), type);
    }
    values[conditions.length] = sameType(operands.get(operands.size() - 1), type);
    return (row, c) -> {
      for (int i = 0; i < conditions.length; i++) {
        if (Boolean.TRUE.equals(conditions[i].eval(row, c))) {
          return values[i].eval(row, c);
        }
      }
      return values[conditions.length].eval(row, c);
    };
  }

  /** {@code node}, whose values must be those of {@code type} as they are. */
  private static Eval sameType(RexNode node, RelDataType type) {
    SqlTypeName t = node.getType().getSqlTypeName();
    if (t != type.getSqlTypeName() && t != SqlTypeName.NULL
        || t == SqlTypeName.DECIMAL && node.getType().getScale() != type.getScale()
        || Int.of(type) == null && t != SqlTypeName.BOOLEAN && t != SqlTypeName.DECIMAL && t != SqlTypeName.NULL
            && !org.apache.calcite.sql.type.SqlTypeUtil.equalSansNullability(node.getType(), type)) {
      throw new Unsupported("value of " + node.getType() + " as " + type);
    }
    return of(node);
  }
}
