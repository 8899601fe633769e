package dev.cellar.sql.interp;

import dev.cellar.sql.interp.Expressions.Unsupported;
import dev.cellar.sql.runtime.CheckedMath;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.EnumerableAggregate;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * An {@link EnumerableAggregate} of one grouping run over its input's rows as Calcite's runtime
 * runs it: the groups in a hash map by their key (one value, or the list of the values), each
 * accumulating {@code COUNT}, {@code SUM} of BIGINT values (checked by {@link CheckedMath#sum},
 * as {@code CheckedSums} makes the generated code) and of DECIMAL values of the sum's scale,
 * {@code MIN} and {@code MAX} of integer, BOOLEAN or DECIMAL values; without a key, one row
 * however many rows come in. Other aggregates (DISTINCT, FILTER, AVG, sums of other types) are
 * {@link Unsupported}.
 */
final class Aggregates {
  private Aggregates() {
  }

  private enum Kind { COUNT, SUM, SUM0, DECIMAL_SUM, MIN, MAX }

  /** One aggregate call: its kind and the fields it reads. */
  private record Call(Kind kind, int[] args) {
  }

  static Function<DataContext, Enumerable<Object[]>> of(EnumerableAggregate aggregate,
      Function<DataContext, Enumerable<Object[]>> input) {
    if (aggregate.getGroupType() != Aggregate.Group.SIMPLE) {
      throw new Unsupported("grouping sets");
    }
    int[] keys = aggregate.getGroupSet().toArray();
    List<Call> calls = new ArrayList<>();
    for (AggregateCall call : aggregate.getAggCallList()) {
      calls.add(call(call, aggregate.getInput().getRowType()));
    }
    Call[] cs = calls.toArray(new Call[0]);
    return context -> {
      Map<Object, Object[]> groups = new HashMap<>();
      for (Object[] row : input.apply(context)) {
        Object key = keys.length == 1 ? row[keys[0]] : keyOf(row, keys);
        Object[] acc = groups.get(key);
        if (acc == null && !groups.containsKey(key)) {
          acc = initial(cs);
          groups.put(key, acc);
        }
        add(cs, acc, row);
      }
      List<Object[]> out = new ArrayList<>();
      if (keys.length == 0) {
        Object[] acc = groups.isEmpty() ? initial(cs) : groups.get(List.of());
        out.add(result(cs, acc, new Object[0]));
      } else {
        for (Map.Entry<Object, Object[]> e : groups.entrySet()) {
          Object[] key = keys.length == 1 ? new Object[] {e.getKey()} : ((List<?>) e.getKey()).toArray();
          out.add(result(cs, e.getValue(), key));
        }
      }
      return Linq4j.asEnumerable(out);
    };
  }

  private static List<Object> keyOf(Object[] row, int[] keys) {
    Object[] key = new Object[keys.length];
    for (int i = 0; i < keys.length; i++) {
      key[i] = row[keys[i]];
    }
    return Arrays.asList(key);
  }

  private static Call call(AggregateCall call, RelDataType inputType) {
    if (call.isDistinct() || call.filterArg >= 0 || call.distinctKeys != null || !call.rexList.isEmpty()
        || !call.collation.getFieldCollations().isEmpty()) {
      throw new Unsupported("aggregate " + call);
    }
    int[] args = call.getArgList().stream().mapToInt(Integer::intValue).toArray();
    SqlTypeName result = call.getType().getSqlTypeName();
    switch (call.getAggregation().getKind()) {
      case COUNT:
        return new Call(Kind.COUNT, args);
      case SUM:
      case SUM0: {
        RelDataType arg = args.length == 1 ? inputType.getFieldList().get(args[0]).getType() : null;
        boolean sum = call.getAggregation().getKind() == org.apache.calcite.sql.SqlKind.SUM;
        if (arg != null && result == SqlTypeName.DECIMAL && sum && arg.getSqlTypeName() == SqlTypeName.DECIMAL
            && arg.getScale() == call.getType().getScale()) {
          return new Call(Kind.DECIMAL_SUM, args);
        }
        if (arg == null || result != SqlTypeName.BIGINT || !SqlTypeName.INT_TYPES.contains(arg.getSqlTypeName())) {
          throw new Unsupported("SUM of " + call.getType());
        }
        return new Call(sum ? Kind.SUM : Kind.SUM0, args);
      }
      case MIN:
      case MAX:
        RelDataType arg = inputType.getFieldList().get(args[0]).getType();
        if (arg.getSqlTypeName() != result
            || !SqlTypeName.INT_TYPES.contains(result) && result != SqlTypeName.BOOLEAN
                && !(result == SqlTypeName.DECIMAL && arg.getScale() == call.getType().getScale())) {
          throw new Unsupported("MIN or MAX of " + arg);
        }
        return new Call(call.getAggregation().getKind() == org.apache.calcite.sql.SqlKind.MIN ? Kind.MIN : Kind.MAX,
            args);
      default:
        throw new Unsupported("aggregate " + call.getAggregation().getName());
    }
  }

  private static Object[] initial(Call[] calls) {
    Object[] acc = new Object[calls.length];
    for (int i = 0; i < calls.length; i++) {
      acc[i] = calls[i].kind == Kind.COUNT || calls[i].kind == Kind.SUM0 ? (Object) 0L : null;
    }
    return acc;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static void add(Call[] calls, Object[] acc, Object[] row) {
    for (int i = 0; i < calls.length; i++) {
      Call c = calls[i];
      if (c.kind == Kind.COUNT) {
        boolean counted = true;
        for (int a : c.args) {
          counted &= row[a] != null;
        }
        if (counted) {
          acc[i] = (Long) acc[i] + 1;
        }
        continue;
      }
      Object v = row[c.args[0]];
      if (v == null) {
        continue;
      }
      switch (c.kind) {
        case SUM, SUM0 -> acc[i] = CheckedMath.sum(acc[i] == null ? 0L : (Long) acc[i], ((Number) v).longValue());
        case DECIMAL_SUM -> acc[i] = acc[i] == null ? v : ((java.math.BigDecimal) acc[i]).add((java.math.BigDecimal) v);
        case MIN -> acc[i] = acc[i] == null || ((Comparable) v).compareTo(acc[i]) < 0 ? v : acc[i];
        default -> acc[i] = acc[i] == null || ((Comparable) v).compareTo(acc[i]) > 0 ? v : acc[i];
      }
    }
  }

  private static Object[] result(Call[] calls, Object[] acc, Object[] key) {
    Object[] out = Arrays.copyOf(key, key.length + calls.length);
    System.arraycopy(acc, 0, out, key.length, calls.length);
    return out;
  }
}
