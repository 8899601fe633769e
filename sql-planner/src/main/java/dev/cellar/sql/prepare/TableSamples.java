package dev.cellar.sql.prepare;

import dev.cellar.sql.parser.SqlLexer;
import dev.cellar.sql.parser.SqlLexer.Kind;
import dev.cellar.sql.parser.SqlLexer.Lexeme;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.adapter.enumerable.CallImplementor;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.plan.RelOptSamplingParameters;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.schema.FunctionParameter;
import org.apache.calcite.schema.ImplementableFunction;
import org.apache.calcite.schema.ScalarFunction;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Sample;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * {@code TABLESAMPLE}: the standard {@code t TABLESAMPLE BERNOULLI(p) [REPEATABLE(seed)]} and
 * {@code SYSTEM(p)}, which Calcite parses into a {@link Sample} that its enumerable convention
 * cannot run, and Phoenix's {@code t TABLESAMPLE(p)}, which is {@code BERNOULLI(p)}
 * ({@link #phoenixForm}). Each row of {@code t} is kept with probability {@code p} percent
 * ({@link #toFilters}: a filter {@code RAND() < p / 100}; with {@code REPEATABLE(seed)} a filter
 * of a number drawn from the seed and the row's values, {@link #keep}, so that the same rows are
 * chosen each time as long as they are unchanged). {@code SYSTEM} samples rows as
 * {@code BERNOULLI} does.
 */
public final class TableSamples {
  /** {@code SAMPLE_ROW(seed, rate, column, ...)}: whether {@link #keep} keeps the row. */
  static final SqlUserDefinedFunction KEEP = new SqlUserDefinedFunction(
      new SqlIdentifier("SAMPLE_ROW", SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION, ReturnTypes.BOOLEAN, null, null,
      new Implementation()) {
    /** Not folded, moved or dropped by the planner's rules, as RAND() is not. */
    @Override
    public boolean isDeterministic() {
      return false;
    }
  };
  private static final Method KEEP_METHOD;

  static {
    try {
      KEEP_METHOD = TableSamples.class.getMethod("keep", int.class, double.class, Object[].class);
    } catch (NoSuchMethodException e) {
      throw new AssertionError(e);
    }
  }

  private TableSamples() {}

  /**
   * Whether a row of a {@code REPEATABLE(seed)} sample at {@code rate} (0 to 1) is kept: a number
   * in [0, 1) drawn from the seed and the row's values is below the rate.
   */
  public static boolean keep(int seed, double rate, Object... row) {
    long h = seed * 0x9E3779B97F4A7C15L + java.util.Arrays.hashCode(row);
    // SplitMix64's finalizer: neighbouring rows draw unrelated numbers
    h = (h ^ (h >>> 30)) * 0xBF58476D1CE4E5B9L;
    h = (h ^ (h >>> 27)) * 0x94D049BB133111EBL;
    h ^= h >>> 31;
    return (h >>> 11) * 0x1.0p-53 < rate;
  }

  /** The code of {@link #KEEP}: a call of {@link #keep} with the row's values boxed. */
  private static final class Implementation implements ScalarFunction, ImplementableFunction {
    @Override
    public CallImplementor getImplementor() {
      return (translator, call, nullAs) -> {
        int seed = ((RexLiteral) translator.deref(call.getOperands().get(0))).getValueAs(Integer.class);
        double rate = ((RexLiteral) translator.deref(call.getOperands().get(1))).getValueAs(Double.class);
        List<Expression> row = new ArrayList<>();
        for (Expression e : translator.translateList(call.getOperands().subList(2, call.getOperands().size()))) {
          row.add(Expressions.box(e));
        }
        return Expressions.call(KEEP_METHOD, Expressions.constant(seed), Expressions.constant(rate),
            Expressions.newArrayInit(Object.class, row));
      };
    }

    @Override
    public RelDataType getReturnType(RelDataTypeFactory typeFactory) {
      return typeFactory.createSqlType(SqlTypeName.BOOLEAN);
    }

    @Override
    public List<FunctionParameter> getParameters() {
      return List.of();
    }
  }

  /** {@code sql} with each Phoenix {@code TABLESAMPLE(p)} written {@code TABLESAMPLE BERNOULLI(p)}. */
  static String phoenixForm(String sql) {
    if (!sql.toUpperCase(Locale.ROOT).contains("TABLESAMPLE")) {
      return sql;
    }
    List<Lexeme> tokens;
    try {
      tokens = SqlLexer.tokenize(sql);
    } catch (SqlLexer.UnterminatedException e) {
      return sql;
    }
    StringBuilder out = new StringBuilder();
    int copied = 0;
    for (int i = 0; i + 1 < tokens.size(); i++) {
      Lexeme t = tokens.get(i);
      Lexeme next = tokens.get(i + 1);
      if (t.kind() == Kind.WORD && t.text().equals("TABLESAMPLE") && next.kind() == Kind.SYMBOL
          && next.text().equals("(")) {
        out.append(sql, copied, next.offset()).append(" BERNOULLI");
        copied = next.offset();
      }
    }
    return copied == 0 ? sql : out.append(sql.substring(copied)).toString();
  }

  /** {@code rel} with every {@link Sample} a filter of random rows. */
  static RelNode toFilters(RelNode rel) {
    return rel.accept(new RelHomogeneousShuttle() {
      @Override
      public RelNode visit(RelNode other) {
        RelNode visited = super.visit(other);
        if (!(visited instanceof Sample s)) {
          return visited;
        }
        RelOptSamplingParameters p = s.getSamplingParameters();
        RexBuilder rex = s.getCluster().getRexBuilder();
        RexNode keep;
        if (p.isRepeatable()) {
          List<RexNode> operands = new ArrayList<>();
          operands.add(rex.makeExactLiteral(BigDecimal.valueOf(p.getRepeatableSeed())));
          operands.add(rex.makeApproxLiteral(p.sampleRate));
          for (int i = 0; i < s.getInput().getRowType().getFieldCount(); i++) {
            operands.add(rex.makeInputRef(s.getInput(), i));
          }
          keep = rex.makeCall(rex.getTypeFactory().createSqlType(SqlTypeName.BOOLEAN), KEEP, operands);
        } else {
          keep = rex.makeCall(SqlStdOperatorTable.LESS_THAN, rex.makeCall(SqlStdOperatorTable.RAND),
              rex.makeApproxLiteral(p.sampleRate));
        }
        return LogicalFilter.create(s.getInput(), keep);
      }
    });
  }
}
