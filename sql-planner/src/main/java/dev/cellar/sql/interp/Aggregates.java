package dev.cellar.sql.interp;

import dev.cellar.sql.interp.Expressions.Unsupported;
import dev.cellar.sql.runtime.CheckedMath;
import java.math.BigDecimal;
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
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * An {@link EnumerableAggregate} run over its input's rows as Calcite's runtime runs it: the
 * groups in a hash map by their key (one value, or the list of the values), each accumulating
 * {@code COUNT}, {@code SUM} and {@code $SUM0} of BIGINT values (checked by
 * {@link CheckedMath#sum}, as {@code CheckedSums} makes the generated code) and of DECIMAL values
 * of the sum's scale, {@code MIN} and {@code MAX} of integer, BOOLEAN or DECIMAL values, each
 * possibly with a {@code FILTER}; without a key, one row however many rows come in. Grouping sets
 * (what a {@code COUNT(DISTINCT ...)} beside other aggregates becomes) group each row once per
 * set, the columns outside the set null, and {@code GROUPING(...)} tells the sets apart; as in
 * the generated code, no row comes in, no group comes out. Other aggregates (DISTINCT, AVG, sums
 * of other types) are {@link Unsupported}.
 */
final class Aggregates {
  private Aggregates() {
  }

  private enum Kind { COUNT, SUM, SUM0, DECIMAL_SUM, DECIMAL_SUM0, MIN, MAX, GROUPING }

  /** One aggregate call: its kind, the fields it reads and the field that filters it, or -1. */
  private record Call(Kind kind, int[] args, int filter) {
  }

  static Function<DataContext, Enumerable<Object[]>> of(EnumerableAggregate aggregate,
      Function<DataContext, Enumerable<Object[]>> input) {
    int[] keys = aggregate.getGroupSet().toArray();
    List<Call> calls = new ArrayList<>();
    boolean grouping = false;
    for (AggregateCall call : aggregate.getAggCallList()) {
      Call c = call(call, aggregate.getInput().getRowType());
      grouping |= c.kind == Kind.GROUPING;
      calls.add(c);
    }
    Call[] cs = calls.toArray(new Call[0]);
    if (aggregate.getGroupType() != Aggregate.Group.SIMPLE) {
      return groupingSets(keys, aggregate.getGroupSets(), cs, input);
    }
    if (grouping) {
      throw new Unsupported("GROUPING without grouping sets");
    }
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

  /**
   * Grouping sets: each row is added to one group per set, keyed by the set's number and the
   * values of the key columns in it (the others null).
   */
  private static Function<DataContext, Enumerable<Object[]>> groupingSets(int[] keys, List<ImmutableBitSet> sets,
      Call[] cs, Function<DataContext, Enumerable<Object[]>> input) {
    boolean[][] in = new boolean[sets.size()][keys.length];
    for (int s = 0; s < sets.size(); s++) {
      for (int k = 0; k < keys.length; k++) {
        in[s][k] = sets.get(s).get(keys[k]);
      }
    }
    // per set, the value of each GROUPING call: a bit per argument, set when it is not grouped
    long[][] groupingValues = new long[sets.size()][cs.length];
    for (int s = 0; s < sets.size(); s++) {
      for (int i = 0; i < cs.length; i++) {
        if (cs[i].kind == Kind.GROUPING) {
          long v = 0;
          for (int a : cs[i].args) {
            v = (v << 1) | (sets.get(s).get(a) ? 0 : 1);
          }
          groupingValues[s][i] = v;
        }
      }
    }
    return context -> {
      Map<List<Object>, Object[]> groups = new HashMap<>();
      for (Object[] row : input.apply(context)) {
        for (int s = 0; s < in.length; s++) {
          Object[] key = new Object[keys.length + 1];
          for (int k = 0; k < keys.length; k++) {
            key[k] = in[s][k] ? row[keys[k]] : null;
          }
          key[keys.length] = s;
          Object[] acc = groups.computeIfAbsent(Arrays.asList(key), x -> initial(cs));
          add(cs, acc, row);
        }
      }
      List<Object[]> out = new ArrayList<>(groups.size());
      for (Map.Entry<List<Object>, Object[]> e : groups.entrySet()) {
        int set = (Integer) e.getKey().get(keys.length);
        Object[] acc = e.getValue();
        for (int i = 0; i < cs.length; i++) {
          if (cs[i].kind == Kind.GROUPING) {
            acc[i] = groupingValues[set][i];
          }
        }
        out.add(result(cs, acc, e.getKey().subList(0, keys.length).toArray()));
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
    if (call.isDistinct() || call.distinctKeys != null || !call.rexList.isEmpty()
        || !call.collation.getFieldCollations().isEmpty()) {
      throw new Unsupported("aggregate " + call);
    }
    int filter = call.filterArg;
    if (filter >= 0 && inputType.getFieldList().get(filter).getType().getSqlTypeName() != SqlTypeName.BOOLEAN) {
      throw new Unsupported("filter of " + inputType.getFieldList().get(filter).getType());
    }
    int[] args = call.getArgList().stream().mapToInt(Integer::intValue).toArray();
    SqlTypeName result = call.getType().getSqlTypeName();
    switch (call.getAggregation().getKind()) {
      case COUNT:
        return new Call(Kind.COUNT, args, filter);
      case GROUPING:
        if (result != SqlTypeName.BIGINT || filter >= 0 || args.length == 0 || args.length > 62) {
          throw new Unsupported("GROUPING of " + call.getType());
        }
        return new Call(Kind.GROUPING, args, filter);
      case SUM:
      case SUM0: {
        RelDataType arg = args.length == 1 ? inputType.getFieldList().get(args[0]).getType() : null;
        boolean sum = call.getAggregation().getKind() == SqlKind.SUM;
        if (arg != null && result == SqlTypeName.DECIMAL && arg.getSqlTypeName() == SqlTypeName.DECIMAL
            && arg.getScale() == call.getType().getScale()) {
          return new Call(sum ? Kind.DECIMAL_SUM : Kind.DECIMAL_SUM0, args, filter);
        }
        if (arg == null || result != SqlTypeName.BIGINT || !SqlTypeName.INT_TYPES.contains(arg.getSqlTypeName())) {
          throw new Unsupported("SUM of " + call.getType());
        }
        return new Call(sum ? Kind.SUM : Kind.SUM0, args, filter);
      }
      case MIN:
      case MAX:
        RelDataType arg = inputType.getFieldList().get(args[0]).getType();
        if (arg.getSqlTypeName() != result
            || !SqlTypeName.INT_TYPES.contains(result) && result != SqlTypeName.BOOLEAN
                && !(result == SqlTypeName.DECIMAL && arg.getScale() == call.getType().getScale())) {
          throw new Unsupported("MIN or MAX of " + arg);
        }
        return new Call(call.getAggregation().getKind() == SqlKind.MIN ? Kind.MIN : Kind.MAX, args, filter);
      default:
        throw new Unsupported("aggregate " + call.getAggregation().getName());
    }
  }

  private static Object[] initial(Call[] calls) {
    Object[] acc = new Object[calls.length];
    for (int i = 0; i < calls.length; i++) {
      acc[i] = switch (calls[i].kind) {
        case COUNT, SUM0 -> 0L;
        // as the generated code starts a DECIMAL $SUM0: BigDecimal.valueOf(0L), of scale 0
        case DECIMAL_SUM0 -> BigDecimal.valueOf(0L);
        default -> null;
      };
    }
    return acc;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static void add(Call[] calls, Object[] acc, Object[] row) {
    for (int i = 0; i < calls.length; i++) {
      Call c = calls[i];
      if (c.kind == Kind.GROUPING || c.filter >= 0 && !Boolean.TRUE.equals(row[c.filter])) {
        continue;
      }
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
        case DECIMAL_SUM, DECIMAL_SUM0 -> acc[i] = acc[i] == null ? v : ((BigDecimal) acc[i]).add((BigDecimal) v);
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
