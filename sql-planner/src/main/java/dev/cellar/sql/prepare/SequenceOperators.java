package dev.cellar.sql.prepare;

import dev.cellar.sql.catalog.Catalog;
import java.lang.reflect.Method;
import java.util.List;
import org.apache.calcite.adapter.enumerable.CallImplementor;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.schema.FunctionParameter;
import org.apache.calcite.schema.ImplementableFunction;
import org.apache.calcite.schema.ScalarFunction;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorScope;

/**
 * {@code NEXT VALUE FOR s} and {@code CURRENT VALUE FOR s} over Cellar's sequences. Calcite parses
 * them; the validator ({@link CellarValidator}) checks the sequence exists and makes them calls of
 * the functions {@code NEXT_VALUE} and {@code CURRENT_VALUE} of the sequence's qualified name
 * ({@link #call}), whose code calls {@link SequenceFunctions} (Calcite's own keep a counter in
 * memory, and take the sequence for a table). The functions are not deterministic, so they are
 * never folded or cached; several {@code NEXT VALUE FOR} one sequence in one row are one
 * expression of the row, and give one value, as in Phoenix.
 */
final class SequenceOperators {
  static final SqlUserDefinedFunction NEXT = function("NEXT_VALUE", SequenceFunctions.NEXT_VALUE);
  static final SqlUserDefinedFunction CURRENT = function("CURRENT_VALUE", SequenceFunctions.CURRENT_VALUE);
  /** {@code NEXT n VALUES FOR s}: {@code NEXT_VALUES('SCHEMA.NAME', n)}. */
  static final SqlUserDefinedFunction NEXT_VALUES = function("NEXT_VALUES", SequenceFunctions.NEXT_VALUES);

  private SequenceOperators() {}

  /** {@code NEXT_VALUE('SCHEMA.NAME')} or {@code CURRENT_VALUE('SCHEMA.NAME')} for a parsed sequence call. */
  static SqlNode call(SqlCall sequenceCall, String qualifiedName) {
    SqlParserPos pos = sequenceCall.getParserPosition();
    SqlUserDefinedFunction f = sequenceCall.getKind() == SqlKind.NEXT_VALUE ? NEXT : CURRENT;
    return f.createCall(pos, SqlLiteral.createCharString(qualifiedName, pos));
  }

  /** {@code NEXT_VALUES('SCHEMA.NAME', n)}. */
  static SqlNode nextValues(SqlParserPos pos, String qualifiedName, long n) {
    return NEXT_VALUES.createCall(pos, SqlLiteral.createCharString(qualifiedName, pos),
        SqlLiteral.createExactNumeric(Long.toString(n), pos));
  }

  /** {@code SCHEMA.NAME} of the sequence an identifier names ({@value Catalog#DEFAULT_SCHEMA} if it names none). */
  static String qualifiedName(SqlIdentifier id) {
    List<String> names = id.names;
    return names.size() == 1 ? Catalog.DEFAULT_SCHEMA + "." + names.get(0)
        : names.get(names.size() - 2) + "." + names.get(names.size() - 1);
  }

  /** Whether {@code call} is NEXT VALUE FOR or CURRENT VALUE FOR. */
  static boolean isSequenceCall(SqlCall call) {
    return (call.getKind() == SqlKind.NEXT_VALUE || call.getKind() == SqlKind.CURRENT_VALUE)
        && call.operandCount() == 1 && call.operand(0) instanceof SqlIdentifier;
  }

  private static SqlUserDefinedFunction function(String name, Method method) {
    return new SqlUserDefinedFunction(new SqlIdentifier(name, SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION,
        ReturnTypes.BIGINT, null,
        method.getParameterCount() == 2
            ? OperandTypes.operandMetadata(List.of(SqlTypeFamily.CHARACTER),
                tf -> List.of(tf.createSqlType(SqlTypeName.VARCHAR)), i -> "sequence", i -> false)
            : OperandTypes.operandMetadata(List.of(SqlTypeFamily.CHARACTER, SqlTypeFamily.NUMERIC),
                tf -> List.of(tf.createSqlType(SqlTypeName.VARCHAR), tf.createSqlType(SqlTypeName.BIGINT)),
                i -> i == 0 ? "sequence" : "values", i -> false),
        new Implementation(method)) {
      /** BIGINT NOT NULL, without a look for the function among the connection's: only the validator makes these calls. */
      @Override
      public RelDataType deriveType(SqlValidator validator, SqlValidatorScope scope, SqlCall call) {
        return validator.getTypeFactory().createSqlType(SqlTypeName.BIGINT);
      }

      @Override
      public boolean isDeterministic() {
        return false;
      }

      @Override
      public boolean isDynamicFunction() {
        return true;
      }
    };
  }

  /** The code of a call: {@code method(root, "SCHEMA.NAME")}, or {@code method(root, "SCHEMA.NAME", n)}. */
  private record Implementation(Method method) implements ScalarFunction, ImplementableFunction {
    @Override
    public CallImplementor getImplementor() {
      return (translator, call, nullAs) -> {
        org.apache.calcite.linq4j.tree.Expression name = Expressions.constant(
            ((RexLiteral) translator.deref(call.getOperands().get(0))).getValueAs(String.class));
        if (call.getOperands().size() == 1) {
          return Expressions.call(method, translator.getRoot(), name);
        }
        long n = ((RexLiteral) translator.deref(call.getOperands().get(1))).getValueAs(Long.class);
        return Expressions.call(method, translator.getRoot(), name, Expressions.constant(n, long.class));
      };
    }

    @Override
    public RelDataType getReturnType(RelDataTypeFactory typeFactory) {
      return typeFactory.createSqlType(SqlTypeName.BIGINT);
    }

    @Override
    public List<FunctionParameter> getParameters() {
      return List.of();
    }
  }
}
