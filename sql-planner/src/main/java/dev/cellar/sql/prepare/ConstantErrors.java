package dev.cellar.sql.prepare;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlErrors;
import dev.cellar.sql.interp.PlanInterpreter;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.DataContexts;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexExecutorImpl;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLocalRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.rex.RexVisitorImpl;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * Raises, while a statement is planned, the error of a constant expression that cannot be
 * computed: {@code 1 / 0}, {@code 2147483647 + 1}, {@code CAST('2024-13-45' AS DATE)}.
 *
 * <p>The code Calcite generates for a query computes each constant expression once, when its
 * class is initialized; one that fails there fails with a Java {@code Error} and leaves the
 * class unusable. So each constant expression that may fail (integer arithmetic, {@code MOD},
 * a cast, Cellar's checked functions) is computed here first, alone, and its error raised as
 * the same expression over rows raises it ({@link SqlErrors#translate}: 22012 for a division by
 * zero, 22003 for an overflow, 22007 for a date that does not exist, 22018 for text that is not
 * a number). As in PostgreSQL, this holds for a constant in a {@code CASE} branch that no row
 * reaches, too. Errors that are not data errors are left for run time.
 */
final class ConstantErrors {
  private ConstantErrors() {}

  /** Checks the constant expressions of {@code rel}, its inputs and its sub-queries; returns {@code rel}. */
  static RelNode check(RelNode rel) {
    List<RexNode> constants = new ArrayList<>();
    collect(rel, constants);
    if (!constants.isEmpty()) {
      evaluate(rel.getCluster().getRexBuilder(), constants);
    }
    return rel;
  }

  private static void collect(RelNode rel, List<RexNode> out) {
    rel.accept(new RelHomogeneousShuttle() {
      @Override
      public RelNode visit(RelNode other) {
        RelNode visited = super.visit(other);
        visited.accept(new RexShuttle() {
          @Override
          public RexNode visitCall(RexCall call) {
            if (mayFail(call)) {
              out.add(call);
              return call;
            }
            return super.visitCall(call);
          }

          @Override
          public RexNode visitSubQuery(RexSubQuery subQuery) {
            collect(subQuery.rel, out);
            return super.visitSubQuery(subQuery);
          }
        });
        return visited;
      }
    });
  }

  /** Whether {@code call} is constant and holds an operation that may fail. */
  private static boolean mayFail(RexCall call) {
    boolean[] constant = {true};
    boolean[] failing = {false};
    call.accept(new RexVisitorImpl<Void>(true) {
      @Override
      public Void visitCall(RexCall c) {
        if (!c.getOperator().isDeterministic() || c.getOperator().isDynamicFunction()) {
          constant[0] = false;
        }
        switch (c.getKind()) {
          case CHECKED_PLUS:
          case CHECKED_MINUS:
          case CHECKED_TIMES:
          case CHECKED_DIVIDE:
          case CHECKED_MINUS_PREFIX:
          case DIVIDE:
          case MOD:
            failing[0] = true;
            break;
          case CAST:
            failing[0] |= castMayFail(c.getOperands().get(0).getType(), c.getType());
            break;
          default:
            failing[0] |= c.getOperator() instanceof SqlUserDefinedFunction;
        }
        return super.visitCall(c);
      }

      @Override
      public Void visitInputRef(RexInputRef ref) {
        constant[0] = false;
        return null;
      }

      @Override
      public Void visitLocalRef(RexLocalRef ref) {
        constant[0] = false;
        return null;
      }

      @Override
      public Void visitDynamicParam(RexDynamicParam param) {
        constant[0] = false;
        return null;
      }

      @Override
      public Void visitCorrelVariable(RexCorrelVariable v) {
        constant[0] = false;
        return null;
      }

      @Override
      public Void visitFieldAccess(RexFieldAccess access) {
        constant[0] = false;
        return null;
      }

      @Override
      public Void visitSubQuery(RexSubQuery subQuery) {
        constant[0] = false;
        return null;
      }

      @Override
      public Void visitOver(RexOver over) {
        constant[0] = false;
        return null;
      }
    });
    return constant[0] && failing[0];
  }

  /**
   * Whether a cast from {@code from} to {@code to} may fail: not to text, nor from a number to
   * an approximate number.
   */
  private static boolean castMayFail(RelDataType from, RelDataType to) {
    if (SqlTypeUtil.inCharOrBinaryFamilies(to)) {
      return false;
    }
    return !(SqlTypeUtil.isApproximateNumeric(to) && SqlTypeUtil.isNumeric(from));
  }

  /** Computes {@code constants} (together, then one by one if that fails) and raises the first data error. */
  private static void evaluate(RexBuilder rexBuilder, List<RexNode> constants) {
    if (PlanInterpreter.enabled()) {
      // computed without compiling code where the interpreter covers them
      try {
        if (PlanInterpreter.computeConstants(constants)) {
          return;
        }
      } catch (RuntimeException e) {
        CellarSqlException error = SqlErrors.translate(e);
        if (error != null && error.state().sqlClass().equals("22")) {
          throw error;
        }
      }
    }
    RelDataType noInputs = rexBuilder.getTypeFactory().builder().build();
    if (failure(rexBuilder, constants, noInputs) == null) {
      return;
    }
    for (RexNode e : constants) {
      CellarSqlException error = failure(rexBuilder, List.of(e), noInputs);
      if (error != null && error.state().sqlClass().equals("22")) {
        throw error;
      }
    }
  }

  /** The error computing {@code exps} raises, or null. */
  private static CellarSqlException failure(RexBuilder rexBuilder, List<RexNode> exps, RelDataType noInputs) {
    try {
      RexExecutorImpl.getExecutable(rexBuilder, exps, noInputs).getFunction().apply(DataContexts.EMPTY);
      return null;
    } catch (RuntimeException | ExceptionInInitializerError e) {
      return SqlErrors.translate(e);
    }
  }
}
