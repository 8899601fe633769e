package dev.cellar.sql.interp;

import dev.cellar.sql.interp.Expressions.Eval;
import dev.cellar.sql.interp.Expressions.Unsupported;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.EnumerableHashJoin;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * An {@link EnumerableHashJoin} of type INNER, LEFT or SEMI run as Calcite's runtime runs it
 * ({@code EnumerableDefaults.hashJoin} and {@code semiJoin}): the right input read into a map from
 * its key to its rows, in their order, then each left row looked up; a key with a null part
 * matches nothing; a condition beyond the keys is checked on every row of the key (for a SEMI join,
 * until one holds). For an INNER or LEFT join the right input is read when the rows are first
 * asked for, for a SEMI join when the first left row comes. Keys of integer, BOOLEAN, DECIMAL or
 * text types, compared as the generated code compares them ({@code equals}); null-safe keys
 * ({@code IS NOT DISTINCT FROM}) and other join types are {@link Unsupported}.
 */
final class Joins {
  private Joins() {
  }

  static Function<DataContext, Enumerable<Object[]>> of(EnumerableHashJoin join,
      Function<DataContext, Enumerable<Object[]>> left, Function<DataContext, Enumerable<Object[]>> right) {
    JoinRelType type = join.getJoinType();
    if (type != JoinRelType.INNER && type != JoinRelType.LEFT && type != JoinRelType.SEMI) {
      throw new Unsupported("join " + type);
    }
    JoinInfo info = join.analyzeCondition();
    int[] leftKeys = info.leftKeys.toIntArray();
    int[] rightKeys = info.rightKeys.toIntArray();
    if (leftKeys.length == 0) {
      throw new Unsupported("hash join without keys");
    }
    List<RelDataType> leftTypes = RelOptUtil.getFieldTypeList(join.getLeft().getRowType());
    List<RelDataType> rightTypes = RelOptUtil.getFieldTypeList(join.getRight().getRowType());
    for (int i = 0; i < leftKeys.length; i++) {
      SqlTypeName l = leftTypes.get(leftKeys[i]).getSqlTypeName();
      if (!info.nullExclusionFlags.get(i) || l != rightTypes.get(rightKeys[i]).getSqlTypeName() || !keyType(l)) {
        throw new Unsupported("join key of " + leftTypes.get(leftKeys[i]) + " and " + rightTypes.get(rightKeys[i]));
      }
    }
    RexNode rest = RexUtil.composeConjunction(join.getCluster().getRexBuilder(), info.nonEquiConditions, true);
    Eval condition = rest == null ? null : Expressions.of(rest);
    int leftWidth = leftTypes.size();
    int rightWidth = rightTypes.size();
    if (type == JoinRelType.SEMI) {
      return context -> semi(left.apply(context), () -> right.apply(context), leftKeys, rightKeys, condition,
          leftWidth, rightWidth, context);
    }
    boolean nullsOnRight = type == JoinRelType.LEFT;
    return context -> new AbstractEnumerable<Object[]>() {
      @Override
      public Enumerator<Object[]> enumerator() {
        Map<List<Object>, List<Object[]>> lookup = lookup(right.apply(context), rightKeys);
        Enumerator<Object[]> outer = left.apply(context).enumerator();
        return new OverLeft(outer) {
          private Object[] current;
          private Object[] row;
          private List<Object[]> matches = Collections.emptyList();
          private int next;

          @Override
          public Object[] current() {
            return current;
          }

          @Override
          public boolean moveNext() {
            while (true) {
              if (next < matches.size()) {
                current = joined(row, matches.get(next++), leftWidth, rightWidth);
                return true;
              }
              if (!outer.moveNext()) {
                return false;
              }
              row = outer.current();
              List<Object> key = key(row, leftKeys);
              List<Object[]> found = key == null ? null : lookup.get(key);
              if (found != null && condition != null) {
                List<Object[]> kept = new ArrayList<>();
                for (Object[] r : found) {
                  if (Boolean.TRUE.equals(condition.eval(joined(row, r, leftWidth, rightWidth), context))) {
                    kept.add(r);
                  }
                }
                found = kept;
              }
              next = 0;
              if (found == null || found.isEmpty()) {
                matches = Collections.emptyList();
                if (nullsOnRight) {
                  current = joined(row, null, leftWidth, rightWidth);
                  return true;
                }
              } else {
                matches = found;
              }
            }
          }
        };
      }
    };
  }

  /** The left rows with a match on the right (the right read when the first left row comes). */
  private static Enumerable<Object[]> semi(Enumerable<Object[]> left, Supplier<Enumerable<Object[]>> right,
      int[] leftKeys, int[] rightKeys, Eval condition, int leftWidth, int rightWidth, DataContext context) {
    return new AbstractEnumerable<Object[]>() {
      @Override
      public Enumerator<Object[]> enumerator() {
        Enumerator<Object[]> outer = left.enumerator();
        return new OverLeft(outer) {
          private Map<List<Object>, List<Object[]>> lookup;
          private Set<List<Object>> keys;

          @Override
          public Object[] current() {
            return outer.current();
          }

          @Override
          public boolean moveNext() {
            while (outer.moveNext()) {
              if (matches(outer.current())) {
                return true;
              }
            }
            return false;
          }

          private boolean matches(Object[] row) {
            List<Object> key = key(row, leftKeys);
            if (condition == null) {
              if (key == null) {
                return false;
              }
              if (keys == null) {
                keys = new HashSet<>();
                for (Object[] r : right.get()) {
                  keys.add(key(r, rightKeys));
                }
              }
              return keys.contains(key);
            }
            if (key == null) {
              return false;
            }
            if (lookup == null) {
              lookup = lookup(right.get(), rightKeys);
            }
            List<Object[]> found = lookup.get(key);
            if (found == null) {
              return false;
            }
            for (Object[] r : found) {
              if (Boolean.TRUE.equals(condition.eval(joined(row, r, leftWidth, rightWidth), context))) {
                return true;
              }
            }
            return false;
          }
        };
      }
    };
  }

  /** An enumerator of a join's rows that reads the left input once (no reset) and closes it. */
  private abstract static class OverLeft implements Enumerator<Object[]> {
    private final Enumerator<Object[]> left;

    OverLeft(Enumerator<Object[]> left) {
      this.left = left;
    }

    @Override
    public void reset() {
      throw new UnsupportedOperationException();
    }

    @Override
    public void close() {
      left.close();
    }
  }

  private static boolean keyType(SqlTypeName t) {
    return SqlTypeName.INT_TYPES.contains(t) || t == SqlTypeName.BOOLEAN || t == SqlTypeName.DECIMAL
        || t == SqlTypeName.CHAR || t == SqlTypeName.VARCHAR;
  }

  /** The rows of {@code rows} by their key, each key's rows in their order. */
  private static Map<List<Object>, List<Object[]>> lookup(Enumerable<Object[]> rows, int[] keys) {
    Map<List<Object>, List<Object[]>> lookup = new HashMap<>();
    for (Object[] r : rows) {
      lookup.computeIfAbsent(key(r, keys), k -> new ArrayList<>(1)).add(r);
    }
    return lookup;
  }

  /** The key of {@code row}, or null if a part of it is null. */
  private static List<Object> key(Object[] row, int[] keys) {
    Object[] key = new Object[keys.length];
    for (int i = 0; i < keys.length; i++) {
      key[i] = row[keys[i]];
      if (key[i] == null) {
        return null;
      }
    }
    return Arrays.asList(key);
  }

  /** A row of the join: the left row's fields, then the right row's (nulls if none). */
  private static Object[] joined(Object[] left, Object[] right, int leftWidth, int rightWidth) {
    Object[] out = Arrays.copyOf(left, leftWidth + rightWidth);
    if (right != null) {
      System.arraycopy(right, 0, out, leftWidth, rightWidth);
    }
    return out;
  }
}
