package dev.cellar.sql.prepare;

import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCollectionTypeNameSpec;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.validate.SqlUserDefinedAggFunction;
import org.apache.calcite.sql.validate.SqlNameMatchers;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.schema.impl.AggregateFunctionImpl;
import dev.cellar.sql.runtime.PhoenixAggregates;
import dev.cellar.sql.runtime.PhoenixBytes;
import dev.cellar.sql.runtime.PhoenixDates;
import dev.cellar.sql.runtime.PhoenixFunctions;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;

/**
 * Apache Phoenix's built-in functions beside Calcite's standard ones, on every connection: those
 * Calcite has with Phoenix's meaning (its Oracle {@code SUBSTR}, {@code NVL}, {@code LPAD}, ...)
 * and the rest from {@link PhoenixFunctions}. {@code NOW()} is the standard {@code
 * CURRENT_TIMESTAMP}, taken once per execution ({@link #convertlets}); {@code CURRENT_DATE()} and
 * {@code CURRENT_TIME()} (Phoenix writes the parentheses) are the standard ones ({@link #rewrite}). The list with an example of each is in {@code sql-planner/docs/sql.md}.
 */
final class PhoenixOperatorTable {
  /** {@code REGEXP_SPLIT} once {@link #rewrite} typed its result. */
  private static final SqlUnresolvedFunction SPLIT = new SqlUnresolvedFunction(
      new SqlIdentifier("REGEXP_SPLIT", SqlParserPos.ZERO), null, null, null, null,
      SqlFunctionCategory.USER_DEFINED_FUNCTION);

  /** {@code NOW()}. */
  static final SqlFunction NOW = niladic("NOW");

  private static final SqlOperatorTable INSTANCE = SqlOperatorTables.chain(
      SqlOperatorTables.of(calciteOperators()), functions());

  private PhoenixOperatorTable() {}

  static SqlOperatorTable instance() {
    return INSTANCE;
  }

  private static List<SqlOperator> calciteOperators() {
    List<SqlOperator> ops = new ArrayList<>();
    ops.add(SqlLibraryOperators.SUBSTR_ORACLE);
    ops.add(SqlLibraryOperators.INSTR);
    ops.add(SqlLibraryOperators.LTRIM);
    ops.add(SqlLibraryOperators.RTRIM);
    ops.add(SqlLibraryOperators.LPAD);
    ops.add(SqlLibraryOperators.RPAD);
    ops.add(SqlLibraryOperators.LENGTH);
    ops.add(SqlLibraryOperators.REVERSE);
    ops.add(SqlLibraryOperators.NVL);
    ops.add(SqlLibraryOperators.CONCAT_FUNCTION_WITH_NULL);
    ops.add(SqlLibraryOperators.TRUNC_BIG_QUERY);
    ops.add(NOW);
    // the n-th value of a group: NTH_VALUE(v, n) WITHIN GROUP (...) is ARRAY_AGG(v ORDER BY ...)[n]
    ops.add(SqlLibraryOperators.ARRAY_AGG);
    return ops;
  }

  /**
   * The public static methods of {@link PhoenixFunctions}, {@link PhoenixDates} and
   * {@link PhoenixBytes} as functions, named as their Javadoc says.
   */
  private static SqlOperatorTable functions() {
    CalciteSchema schema = CalciteSchema.createRootSchema(false, false);
    for (Class<?> c : List.of(PhoenixFunctions.class, PhoenixDates.class, PhoenixBytes.class)) {
      for (Method m : c.getDeclaredMethods()) {
        if (Modifier.isPublic(m.getModifiers()) && Modifier.isStatic(m.getModifiers())) {
          schema.plus().add(sqlName(m.getName()), ScalarFunctionImpl.create(m));
        }
      }
    }
    schema.plus().add("PERCENTILE_CONT", AggregateFunctionImpl.create(PhoenixAggregates.PercentileCont.class));
    schema.plus().add("PERCENTILE_DISC", AggregateFunctionImpl.create(PhoenixAggregates.PercentileDisc.class));
    schema.plus().add("PERCENT_RANK", AggregateFunctionImpl.create(PhoenixAggregates.PercentRank.class));
    return new CalciteCatalogReader(schema, List.of(), new JavaTypeFactoryImpl(CellarTypeSystem.INSTANCE),
        CalciteConnectionConfig.DEFAULT);
  }

  /** The operator of {@link PhoenixAggregates} named {@code name}: the one taking three operands. */
  private static SqlOperator orderedSetAggregate(String name) {
    List<SqlOperator> found = new ArrayList<>();
    INSTANCE.lookupOperatorOverloads(new SqlIdentifier(name, SqlParserPos.ZERO), SqlFunctionCategory.USER_DEFINED_FUNCTION,
        SqlSyntax.FUNCTION, found, SqlNameMatchers.withCaseSensitive(true));
    for (SqlOperator op : found) {
      if (op instanceof SqlUserDefinedAggFunction) {
        return op;
      }
    }
    throw new IllegalStateException("no aggregate " + name);
  }

  /** {@code regexpReplace} → {@code REGEXP_REPLACE}. */
  static String sqlName(String javaName) {
    StringBuilder b = new StringBuilder();
    for (char c : javaName.toCharArray()) {
      if (Character.isUpperCase(c)) {
        b.append('_');
      }
      b.append(c);
    }
    return b.toString().toUpperCase(Locale.ROOT);
  }

  /**
   * {@code node}, or for {@code CURRENT_DATE()} and {@code CURRENT_TIME()} (Phoenix's spelling,
   * which Calcite takes for an unknown function) the standard {@code CURRENT_DATE} and
   * {@code CURRENT_TIME}; the validator applies it to every node before its own rewrites.
   */
  static SqlNode rewrite(SqlNode node) {
    if (node instanceof SqlCall within && within.getKind() == SqlKind.WITHIN_GROUP) {
      return withinGroup(within);
    }
    if (node instanceof SqlOrderBy orderBy) {
      PhoenixOrdering.invertOrder(orderBy.orderList);
      return node;
    }
    if (node instanceof SqlSelect select && select.getOrderList() != null) {
      PhoenixOrdering.invertOrder(select.getOrderList());
      return node;
    }
    if (node instanceof SqlCall call && (call.getKind() == SqlKind.FLOOR || call.getKind() == SqlKind.CEIL)
        && call.operandCount() >= 2 && !(call.operand(1) instanceof SqlIntervalQualifier)) {
      // FLOOR(x, unit [, n]) and CEIL(...) of Phoenix: PhoenixDates' FLOOR and CEIL
      return new SqlUnresolvedFunction(new SqlIdentifier(call.getKind().name(), SqlParserPos.ZERO), null, null, null,
          null, SqlFunctionCategory.USER_DEFINED_FUNCTION).createCall(call.getParserPosition(), call.getOperandList());
    }
    if (node instanceof SqlCall call && call.getOperator() instanceof SqlUnresolvedFunction f) {
      String name = f.getName().toUpperCase(Locale.ROOT);
      if (call.operandCount() == 0 && name.equals("CURRENT_DATE")) {
        return SqlStdOperatorTable.CURRENT_DATE.createCall(call.getParserPosition());
      }
      if (call.operandCount() == 0 && name.equals("CURRENT_TIME")) {
        return SqlStdOperatorTable.CURRENT_TIME.createCall(call.getParserPosition());
      }
      if (call.operandCount() == 1 && name.equals("DAYOFWEEK")) {
        // Phoenix counts from Monday = 1 to Sunday = 7, as ISO 8601
        return SqlStdOperatorTable.EXTRACT.createCall(call.getParserPosition(),
            new SqlIntervalQualifier(TimeUnit.ISODOW, null, call.getParserPosition()), (SqlNode) call.operand(0));
      }
      if (name.equals("REGEXP_SPLIT") && f != SPLIT) {
        // PhoenixFunctions.regexpSplit gives a List, an ARRAY of ANY to Calcite: typed as Phoenix types it
        SqlParserPos pos = call.getParserPosition();
        return SqlStdOperatorTable.CAST.createCall(pos, SPLIT.createCall(pos, call.getOperandList()),
            new SqlDataTypeSpec(new SqlCollectionTypeNameSpec(new SqlBasicTypeNameSpec(SqlTypeName.VARCHAR, pos),
                SqlTypeName.ARRAY, pos), pos));
      }
      if (call.operandCount() == 1 && name.equals("INVERT")) {
        // the value itself; ORDER BY INVERT(x) is ORDER BY x DESC (PhoenixOrdering)
        return call.operand(0);
      }
    }
    return node;
  }

  /**
   * Phoenix's {@code WITHIN GROUP} aggregates as calls Cellar can run: {@code PERCENTILE_CONT},
   * {@code PERCENTILE_DISC} and {@code PERCENT_RANK} of {@link PhoenixAggregates} with the order's
   * expression, the argument and the direction; {@code FIRST_VALUE(v) WITHIN GROUP (ORDER BY k)}
   * as {@code ARG_MIN(v, k)} ({@code ARG_MAX} for {@code DESC}), {@code LAST_VALUE} the other way
   * round. Others are left to Calcite.
   */
  private static SqlNode withinGroup(SqlCall within) {
    if (!(within.operand(0) instanceof SqlCall aggregate) || !(within.operand(1) instanceof SqlNodeList order)
        || order.size() != 1) {
      return within;
    }
    SqlNode key = order.get(0);
    boolean descending = false;
    if (key instanceof SqlCall d && d.getKind() == SqlKind.DESCENDING) {
      descending = true;
      key = d.operand(0);
    }
    SqlParserPos pos = within.getParserPosition();
    String name = aggregate.getOperator().getName().toUpperCase(Locale.ROOT);
    switch (name) {
      case "PERCENTILE_CONT":
      case "PERCENTILE_DISC":
      case "PERCENT_RANK":
        if (aggregate.operandCount() != 1) {
          return within;
        }
        return orderedSetAggregate(name).createCall(pos, asDouble(key, pos), asDouble(aggregate.operand(0), pos),
            SqlLiteral.createBoolean(descending, pos));
      case "NTH_VALUE":
        if (aggregate.operandCount() != 2) {
          return within;
        }
        // the n-th value of the group in that order: ARRAY_AGG(v ORDER BY ...)[n]
        SqlNode values = SqlLibraryOperators.ARRAY_AGG.createCall(pos, aggregate.operand(0), order);
        return SqlStdOperatorTable.ITEM.createCall(pos, values, (SqlNode) aggregate.operand(1));
      case "FIRST_VALUE":
      case "LAST_VALUE":
        if (aggregate.operandCount() != 1) {
          return within;
        }
        boolean min = name.equals("FIRST_VALUE") != descending;
        return (min ? SqlStdOperatorTable.ARG_MIN : SqlStdOperatorTable.ARG_MAX).createCall(pos, aggregate.operand(0), key);
      default:
        return within;
    }
  }

  private static SqlNode asDouble(SqlNode n, SqlParserPos pos) {
    return SqlStdOperatorTable.CAST.createCall(pos, n,
        new SqlDataTypeSpec(new SqlBasicTypeNameSpec(SqlTypeName.DOUBLE, pos), pos));
  }

  private static SqlFunction niladic(String name) {
    return new SqlFunction(name, SqlKind.OTHER_FUNCTION, ReturnTypes.explicit(SqlTypeName.TIMESTAMP, 0), null,
        OperandTypes.NILADIC,
        SqlFunctionCategory.TIMEDATE) {
      @Override
      public boolean isDynamicFunction() {
        return true;
      }

      @Override
      public boolean isDeterministic() {
        return false;
      }
    };
  }

  /** {@code inner}, with {@code NOW()} converted as {@code CURRENT_TIMESTAMP}. */
  static SqlRexConvertletTable convertlets(SqlRexConvertletTable inner) {
    return call -> {
      if (call.getOperator() != NOW) {
        return inner.get(call);
      }
      SqlCall replacement = SqlStdOperatorTable.CURRENT_TIMESTAMP.createCall(call.getParserPosition());
      SqlRexConvertlet convertlet = inner.get(replacement);
      return (cx, c) -> convertlet.convertCall(cx, replacement);
    };
  }
}
