package dev.cellar.sql.interp;

import dev.cellar.sql.interp.Expressions.Eval;
import dev.cellar.sql.interp.Expressions.Int;
import dev.cellar.sql.interp.Expressions.Unsupported;
import dev.cellar.sql.runtime.CheckedMath;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.calcite.linq4j.tree.Primitive;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.runtime.SqlFunctions;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The arithmetic of {@link Expressions}: checked integer arithmetic, unary minus and ABS, casts
 * between integer types and to DECIMAL, and the DECIMAL division of an average, each through the
 * runtime methods the generated code calls.
 */
final class Arithmetic {
  private Arithmetic() {
  }

  /** Checked unary minus of an integer type. */
  static Eval unaryMinus(RexCall call) {
    RelDataType type = call.getType();
    List<RexNode> operands = call.getOperands();
    Int kind = Int.of(type);
    if (kind == null || Int.of(operands.get(0).getType()) != kind) {
      throw new Unsupported("unary minus of " + type);
    }
    return perKind(Expressions.of(operands.get(0)), kind, v -> SqlFunctions.checkedUnaryMinus((byte) v),
        v -> SqlFunctions.checkedUnaryMinus((short) v), v -> SqlFunctions.checkedUnaryMinus((int) v),
        v -> SqlFunctions.checkedUnaryMinus((long) v));
  }

  /** CheckedArithmetic's ABS of an integer type ({@link CheckedMath}). */
  static Eval abs(RexCall call) {
    return perKind(Expressions.of(call.getOperands().get(0)), Int.of(call.getType()), v -> CheckedMath.abs((byte) v),
        v -> CheckedMath.abs((short) v), v -> CheckedMath.abs((int) v), v -> CheckedMath.abs((long) v));
  }

  /** A null-propagating function of one integer of type {@code kind}, one form per integer type. */
  private static Eval perKind(Eval a, Int kind, UnaryOperator<Byte> ofByte, UnaryOperator<Short> ofShort,
      UnaryOperator<Integer> ofInt, UnaryOperator<Long> ofLong) {
    return (row, c) -> {
      Object v = a.eval(row, c);
      if (v == null) {
        return null;
      }
      return switch (kind) {
        case BYTE -> ofByte.apply((Byte) v);
        case SHORT -> ofShort.apply((Short) v);
        case INT -> ofInt.apply((Integer) v);
        case LONG -> ofLong.apply((Long) v);
      };
    };
  }

  /**
   * A division of DECIMAL result (an average's, made of a sum and a count): both operands as
   * BigDecimals divided to 16 significant digits, as the generated code divides them.
   */
  static Eval decimalDivide(RexCall call) {
    Eval[] operands = new Eval[2];
    for (int i = 0; i < 2; i++) {
      RelDataType t = call.getOperands().get(i).getType();
      if (t.getSqlTypeName() != SqlTypeName.DECIMAL && Int.of(t) == null) {
        throw new Unsupported("division of " + t);
      }
      operands[i] = Expressions.of(call.getOperands().get(i));
    }
    return (row, c) -> {
      Object x = operands[0].eval(row, c);
      if (x == null) {
        return null;
      }
      Object y = operands[1].eval(row, c);
      if (y == null) {
        return null;
      }
      return SqlFunctions.divide(Expressions.decimal(x), Expressions.decimal(y));
    };
  }

  /** Checked integer arithmetic, in the widest type of the operands as the generated code does. */
  static Eval arithmetic(RexCall call) {
    Int k0 = Int.of(call.getOperands().get(0).getType());
    Int k1 = Int.of(call.getOperands().get(1).getType());
    Int result = Int.of(call.getType());
    if (k0 == null || k1 == null || result == null) {
      throw new Unsupported("arithmetic of " + call.getType());
    }
    Int kind = k0.compareTo(k1) >= 0 ? k0 : k1;
    if (kind != result) {
      throw new Unsupported("arithmetic of " + kind + " giving " + result);
    }
    Eval a = Expressions.of(call.getOperands().get(0));
    Eval b = Expressions.of(call.getOperands().get(1));
    org.apache.calcite.sql.SqlKind op = call.getKind();
    return (row, c) -> {
      Object x = a.eval(row, c);
      Object y = b.eval(row, c);
      if (x == null || y == null) {
        return null;
      }
      Number n = (Number) x;
      Number m = (Number) y;
      return switch (kind) {
        case BYTE -> switch (op) {
          case CHECKED_PLUS -> SqlFunctions.checkedPlus(n.byteValue(), m.byteValue());
          case CHECKED_MINUS -> SqlFunctions.checkedMinus(n.byteValue(), m.byteValue());
          case CHECKED_TIMES -> SqlFunctions.checkedMultiply(n.byteValue(), m.byteValue());
          default -> SqlFunctions.checkedDivide(n.byteValue(), m.byteValue());
        };
        case SHORT -> switch (op) {
          case CHECKED_PLUS -> SqlFunctions.checkedPlus(n.shortValue(), m.shortValue());
          case CHECKED_MINUS -> SqlFunctions.checkedMinus(n.shortValue(), m.shortValue());
          case CHECKED_TIMES -> SqlFunctions.checkedMultiply(n.shortValue(), m.shortValue());
          default -> SqlFunctions.checkedDivide(n.shortValue(), m.shortValue());
        };
        case INT -> switch (op) {
          case CHECKED_PLUS -> SqlFunctions.checkedPlus(n.intValue(), m.intValue());
          case CHECKED_MINUS -> SqlFunctions.checkedMinus(n.intValue(), m.intValue());
          case CHECKED_TIMES -> SqlFunctions.checkedMultiply(n.intValue(), m.intValue());
          default -> SqlFunctions.checkedDivide(n.intValue(), m.intValue());
        };
        case LONG -> switch (op) {
          case CHECKED_PLUS -> SqlFunctions.checkedPlus(n.longValue(), m.longValue());
          case CHECKED_MINUS -> SqlFunctions.checkedMinus(n.longValue(), m.longValue());
          case CHECKED_TIMES -> SqlFunctions.checkedMultiply(n.longValue(), m.longValue());
          default -> SqlFunctions.checkedDivide(n.longValue(), m.longValue());
        };
      };
    };
  }

  /**
   * A cast from an integer type to an integer type at least as wide, which cannot fail (a null
   * cast to a type without nulls is 0, as in the generated code); or to a DECIMAL from a DECIMAL
   * or an integer type, as the generated code casts (the value's scale set rounding down, 22003
   * when it needs more digits than the type has).
   */
  static Eval cast(RexCall call) {
    RelDataType target = call.getType();
    RelDataType source = call.getOperands().get(0).getType();
    if (target.getSqlTypeName() == SqlTypeName.DECIMAL
        && (source.getSqlTypeName() == SqlTypeName.DECIMAL || Int.of(source) != null)
        && (target.isNullable() || !source.isNullable())) {
      int precision = target.getPrecision();
      int scale = target.getScale();
      boolean fromDecimal = source.getSqlTypeName() == SqlTypeName.DECIMAL;
      Eval a = Expressions.of(call.getOperands().get(0));
      return (row, c) -> {
        Object v = a.eval(row, c);
        if (v == null) {
          return null;
        }
        return fromDecimal ? Primitive.decimalDecimalCast((BigDecimal) v, precision, scale, RoundingMode.DOWN)
            : Primitive.integerDecimalCast((Number) v, precision, scale, RoundingMode.DOWN);
      };
    }
    Int from = Int.of(source);
    Int to = Int.of(target);
    if (from == null || to == null || to.compareTo(from) < 0) {
      throw new Unsupported("cast from " + call.getOperands().get(0).getType() + " to " + call.getType());
    }
    Eval a = Expressions.of(call.getOperands().get(0));
    // a null cast to a type without nulls is the generated code's zero of a primitive type
    Object ifNull = target.isNullable() ? null : to.box(0);
    return (row, c) -> {
      Object v = a.eval(row, c);
      return v == null ? ifNull : to.box(((Number) v).longValue());
    };
  }
}
