package dev.cellar.sql.interp;

import dev.cellar.sql.interp.Expressions.Eval;
import dev.cellar.sql.interp.Expressions.Unsupported;
import dev.cellar.sql.rel.CellarToEnumerableConverter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableLimit;
import org.apache.calcite.adapter.enumerable.EnumerableLimitSort;
import org.apache.calcite.adapter.enumerable.EnumerableSort;
import org.apache.calcite.adapter.enumerable.EnumerableValues;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.runtime.ArrayBindable;
import org.apache.calcite.runtime.Bindable;
import org.apache.calcite.runtime.Typed;
import org.apache.calcite.sql.type.SqlTypeName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a physical plan without generating and compiling Java for it, when the plan is one of
 * the simple shapes that most ad-hoc statements have: the storage request of one table
 * ({@link CellarToEnumerableConverter}) or a {@code VALUES}, under calculations
 * ({@link EnumerableCalc}: filters and projections), aggregates ({@link Aggregates}), hash
 * joins on keys ({@link Joins}), sorts and limits. Its expressions are
 * evaluated by {@link Expressions}, through the runtime methods the generated code would call,
 * so the rows and the errors are the same; a plan holding anything else, or an expression the
 * interpreter does not cover, gets null from {@link #bindable}, and its statement is compiled
 * as before.
 *
 * <p>System property {@value #PROPERTY} {@code =false} turns the interpreter off (every plan
 * compiled), for comparing the two.
 */
public final class PlanInterpreter {
  private static final Logger LOG = LoggerFactory.getLogger(PlanInterpreter.class);

  /** The system property that turns the interpreter off when {@code false}. */
  public static final String PROPERTY = "cellar.interpreter";

  private static final java.util.concurrent.atomic.AtomicLong INTERPRETED = new java.util.concurrent.atomic.AtomicLong();
  private static final java.util.concurrent.ConcurrentHashMap<String, java.util.concurrent.atomic.LongAdder> COMPILED =
      new java.util.concurrent.ConcurrentHashMap<>();

  private PlanInterpreter() {
  }

  /** Plans this JVM's statements have run through the interpreter. */
  public static long interpreted() {
    return INTERPRETED.get();
  }

  /**
   * Plans the interpreter did not cover (and that were compiled), by the first operator, type or
   * function it met that it does not cover.
   */
  public static java.util.Map<String, Long> notCovered() {
    java.util.Map<String, Long> out = new java.util.TreeMap<>();
    COMPILED.forEach((k, v) -> out.put(k, v.sum()));
    return out;
  }

  /** Whether plans are interpreted where they can be ({@value #PROPERTY}, read at each statement). */
  public static boolean enabled() {
    return !"false".equalsIgnoreCase(System.getProperty(PROPERTY));
  }

  /** A source of rows, each an array of its fields' values. */
  private interface Rows extends Function<DataContext, Enumerable<Object[]>> {
  }

  /**
   * {@code plan} as a bindable whose rows are arrays (or the values themselves, for one
   * column), as the plan's generated code gives them; null if the plan holds an operator or
   * an expression not covered.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static Bindable<Object> bindable(RelNode plan) {
    Rows rows;
    try {
      rows = rows(plan);
    } catch (Unsupported e) {
      LOG.debug("compiled, not interpreted: {}", e.getMessage());
      if (COMPILED.size() < 1000 || COMPILED.containsKey(e.getMessage())) {
        COMPILED.computeIfAbsent(e.getMessage(), k -> new java.util.concurrent.atomic.LongAdder()).increment();
      }
      return null;
    }
    INTERPRETED.incrementAndGet();
    if (plan.getRowType().getFieldCount() == 1) {
      return new Scalar(rows);
    }
    return (Bindable) new Arrays(rows);
  }

  /**
   * Computes the constant expressions {@code constants} as the code generated for a plan does
   * when its class is initialized: every sub-expression that is a call computed, branches of a
   * {@code CASE} that no row reaches included, inner ones first, each expression in turn. Returns
   * false, computing nothing, if the interpreter does not cover one of them; a computation that
   * fails throws what the generated code throws.
   */
  public static boolean computeConstants(List<RexNode> constants) {
    List<Eval> evals = new ArrayList<>();
    try {
      for (RexNode constant : constants) {
        constant.accept(new org.apache.calcite.rex.RexVisitorImpl<Void>(true) {
          @Override
          public Void visitCall(org.apache.calcite.rex.RexCall call) {
            super.visitCall(call);
            evals.add(Expressions.of(call));
            return null;
          }
        });
      }
    } catch (Unsupported e) {
      return false;
    }
    for (Eval e : evals) {
      e.eval(null, org.apache.calcite.DataContexts.EMPTY);
    }
    return true;
  }

  /** A plan of several columns: its rows as arrays. */
  private record Arrays(Rows rows) implements ArrayBindable {
    @Override
    public Class<Object[]> getElementType() {
      return Object[].class;
    }

    @Override
    public Enumerable<Object[]> bind(DataContext context) {
      return rows.apply(context);
    }
  }

  /** A plan of one column: its rows as the values themselves. */
  private record Scalar(Rows rows) implements Bindable<Object>, Typed {
    @Override
    public java.lang.reflect.Type getElementType() {
      return Object.class;
    }

    @Override
    public Enumerable<Object> bind(DataContext context) {
      return rows.apply(context).select(row -> row[0]);
    }
  }

  private static Rows rows(RelNode rel) {
    Class<?> c = rel.getClass();
    if (c == CellarToEnumerableConverter.class) {
      Function<DataContext, Enumerable<Object>> request = ((CellarToEnumerableConverter) rel).arrayRows();
      if (request == null) {
        throw new Unsupported("key-lookup join");
      }
      // the request's rows are arrays, since it is asked for no scalar
      @SuppressWarnings({"unchecked", "rawtypes"})
      Rows rows = context -> (Enumerable) request.apply(context);
      return rows;
    }
    if (c == EnumerableValues.class) {
      return values((EnumerableValues) rel);
    }
    if (c == EnumerableCalc.class) {
      return calc((EnumerableCalc) rel);
    }
    if (c == EnumerableSort.class || c == EnumerableLimitSort.class) {
      return sort((Sort) rel);
    }
    if (c == org.apache.calcite.adapter.enumerable.EnumerableAggregate.class) {
      Function<DataContext, Enumerable<Object[]>> aggregate = Aggregates.of(
          (org.apache.calcite.adapter.enumerable.EnumerableAggregate) rel, rows(rel.getInput(0)));
      return aggregate::apply;
    }
    if (c == org.apache.calcite.adapter.enumerable.EnumerableHashJoin.class) {
      org.apache.calcite.adapter.enumerable.EnumerableHashJoin join =
          (org.apache.calcite.adapter.enumerable.EnumerableHashJoin) rel;
      Function<DataContext, Enumerable<Object[]>> joined = Joins.of(join, rows(join.getLeft()), rows(join.getRight()));
      return joined::apply;
    }
    if (c == EnumerableLimit.class) {
      EnumerableLimit limit = (EnumerableLimit) rel;
      return limited(rows(limit.getInput()), limit.offset, limit.fetch);
    }
    throw new Unsupported("operator " + rel.getRelTypeName());
  }

  private static Rows values(EnumerableValues values) {
    List<Object[]> rows = new ArrayList<>();
    for (List<RexLiteral> tuple : values.getTuples()) {
      Object[] row = new Object[tuple.size()];
      for (int i = 0; i < row.length; i++) {
        row[i] = Expressions.of(tuple.get(i)).eval(null, null);
      }
      rows.add(row);
    }
    return context -> Linq4j.asEnumerable(rows);
  }

  private static Rows calc(EnumerableCalc calc) {
    RexProgram program = calc.getProgram();
    Rows input = rows(calc.getInput());
    Eval condition = program.getCondition() == null ? null
        : Expressions.of(program.expandLocalRef(program.getCondition()));
    Eval[] projects = Expressions.projects(program).toArray(new Eval[0]);
    // a projection of fields only copies them
    int[] fields = new int[projects.length];
    for (int i = 0; i < fields.length; i++) {
      RexNode e = program.expandLocalRef(program.getProjectList().get(i));
      fields[i] = e instanceof org.apache.calcite.rex.RexInputRef ref ? ref.getIndex() : -1;
    }
    boolean copies = java.util.Arrays.stream(fields).allMatch(f -> f >= 0);
    return context -> new org.apache.calcite.linq4j.AbstractEnumerable<Object[]>() {
      @Override
      public org.apache.calcite.linq4j.Enumerator<Object[]> enumerator() {
        org.apache.calcite.linq4j.Enumerator<Object[]> in = input.apply(context).enumerator();
        // as the generated code: the filter in moveNext, the projection in current, so that an
        // error computing a value comes when the row is read
        return new org.apache.calcite.linq4j.Enumerator<>() {
          private Object[] row;
          private Object[] current;

          @Override
          public Object[] current() {
            if (current == null) {
              Object[] out = new Object[projects.length];
              if (copies) {
                for (int i = 0; i < out.length; i++) {
                  out[i] = row[fields[i]];
                }
              } else {
                for (int i = 0; i < out.length; i++) {
                  out[i] = projects[i].eval(row, context);
                }
              }
              current = out;
            }
            return current;
          }

          @Override
          public boolean moveNext() {
            current = null;
            while (in.moveNext()) {
              Object[] next = in.current();
              if (condition == null || Boolean.TRUE.equals(condition.eval(next, context))) {
                row = next;
                return true;
              }
            }
            return false;
          }

          @Override
          public void reset() {
            in.reset();
            row = null;
            current = null;
          }

          @Override
          public void close() {
            in.close();
          }
        };
      }
    };
  }

  /**
   * Types whose values the generated code orders by their own {@code compareTo} (text by its
   * UTF-16 code units, unless a collation says otherwise; dates and times by their numbers).
   */
  private static final java.util.Set<SqlTypeName> SORTED = java.util.EnumSet.of(SqlTypeName.TINYINT,
      SqlTypeName.SMALLINT, SqlTypeName.INTEGER, SqlTypeName.BIGINT, SqlTypeName.BOOLEAN, SqlTypeName.DECIMAL,
      SqlTypeName.CHAR, SqlTypeName.VARCHAR, SqlTypeName.DATE, SqlTypeName.TIME, SqlTypeName.TIMESTAMP);

  /** A sort (and its limit), stable as Calcite's: rows of equal keys keep their order. */
  private static Rows sort(Sort sort) {
    Rows input = rows(sort.getInput());
    Comparator<Object[]> order = null;
    for (RelFieldCollation field : sort.getCollation().getFieldCollations()) {
      org.apache.calcite.rel.type.RelDataType fieldType =
          sort.getRowType().getFieldList().get(field.getFieldIndex()).getType();
      if (!SORTED.contains(fieldType.getSqlTypeName())
          || fieldType.getCollation() != null && fieldType.getCollation().getCollator() != null) {
        throw new Unsupported("sort on " + fieldType);
      }
      Comparator<Object[]> one = fieldOrder(field);
      order = order == null ? one : order.thenComparing(one);
    }
    Comparator<Object[]> comparator = order;
    Rows sorted = comparator == null ? input : context -> {
      List<Object[]> rows = new ArrayList<>(input.apply(context).toList());
      rows.sort(comparator);
      return Linq4j.asEnumerable(rows);
    };
    return sort.offset == null && sort.fetch == null ? sorted : limited(sorted, sort.offset, sort.fetch);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Comparator<Object[]> fieldOrder(RelFieldCollation field) {
    int i = field.getFieldIndex();
    boolean descending = field.getDirection().isDescending();
    boolean nullsFirst = field.nullDirection == RelFieldCollation.NullDirection.FIRST;
    return (a, b) -> {
      Comparable x = (Comparable) a[i];
      Comparable y = (Comparable) b[i];
      if (x == y) {
        return 0;
      }
      if (x == null) {
        return nullsFirst ? -1 : 1;
      }
      if (y == null) {
        return nullsFirst ? 1 : -1;
      }
      int c = x.compareTo(y);
      return descending ? -c : c;
    };
  }

  private static Rows limited(Rows input, RexNode offset, RexNode fetch) {
    Eval skip = offset == null ? null : count(offset);
    Eval take = fetch == null ? null : count(fetch);
    return context -> {
      Enumerable<Object[]> rows = input.apply(context);
      if (skip != null) {
        rows = rows.skip(((Number) skip.eval(null, context)).intValue());
      }
      if (take != null) {
        rows = rows.take(((Number) take.eval(null, context)).intValue());
      }
      return rows;
    };
  }

  private static Eval count(RexNode node) {
    if (!SqlTypeName.INT_TYPES.contains(node.getType().getSqlTypeName())) {
      throw new Unsupported("limit of " + node.getType());
    }
    return Expressions.of(node);
  }
}
