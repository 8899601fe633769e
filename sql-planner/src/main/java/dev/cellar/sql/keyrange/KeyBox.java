package dev.cellar.sql.keyrange;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The rows of one conjunction of key predicates: for each key column, in key order, the values
 * or ranges it may take ({@code null} when the predicates leave it free). A query's key
 * condition is a list of boxes, one per disjunct ({@link KeyConditions}). Boxes describe a
 * superset of the matching rows: the query's filter still runs over what they read. Immutable.
 */
public final class KeyBox {
  /**
   * A set of values of one column: a point ({@code lower == upper}, both inclusive), a range
   * with optional ends, or the strings or byte strings that start with {@code prefix}
   * ({@code LIKE 'abc%'}).
   */
  static final class Interval {
    final KeyOperand lower;
    final boolean lowerInclusive;
    final KeyOperand upper;
    final boolean upperInclusive;
    final KeyOperand prefix;

    private Interval(KeyOperand lower, boolean lowerInclusive, KeyOperand upper, boolean upperInclusive,
        KeyOperand prefix) {
      this.lower = lower;
      this.lowerInclusive = lowerInclusive;
      this.upper = upper;
      this.upperInclusive = upperInclusive;
      this.prefix = prefix;
    }

    static Interval point(KeyOperand v) {
      return new Interval(v, true, v, true, null);
    }

    static Interval range(KeyOperand lower, boolean lowerInclusive, KeyOperand upper, boolean upperInclusive) {
      return new Interval(lower, lower != null && lowerInclusive, upper, upper != null && upperInclusive, null);
    }

    static Interval startsWith(KeyOperand prefix) {
      return new Interval(null, false, null, false, prefix);
    }

    boolean isPoint() {
      return lower != null && lower == upper;
    }

    /** How {@code EXPLAIN} shows this set of {@code column}'s values. */
    String describe(String column) {
      if (isPoint()) {
        return column + " = " + lower;
      }
      if (prefix != null) {
        return column + " LIKE " + prefix + " || '%'";
      }
      StringBuilder b = new StringBuilder();
      if (lower != null) {
        b.append(column).append(lowerInclusive ? " >= " : " > ").append(lower);
      }
      if (upper != null) {
        b.append(b.length() > 0 ? " AND " : "").append(column).append(upperInclusive ? " <= " : " < ").append(upper);
      }
      return b.toString();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Interval i && Objects.equals(i.lower, lower) && i.lowerInclusive == lowerInclusive
          && Objects.equals(i.upper, upper) && i.upperInclusive == upperInclusive && Objects.equals(i.prefix, prefix)
          && i.isPoint() == isPoint();
    }

    @Override
    public int hashCode() {
      return Objects.hash(lower, upper, prefix, lowerInclusive, upperInclusive);
    }
  }

  /** Per key column, its intervals (any one of them may hold), or null when unconstrained. */
  private final List<Interval>[] columns;

  private KeyBox(List<Interval>[] columns) {
    this.columns = columns;
  }

  /** A box that constrains only key column {@code keyIndex} of {@code keyCount}. */
  @SuppressWarnings("unchecked")
  static KeyBox of(int keyCount, int keyIndex, List<Interval> intervals) {
    List<Interval>[] cols = new List[keyCount];
    cols[keyIndex] = List.copyOf(intervals);
    return new KeyBox(cols);
  }

  int keyCount() {
    return columns.length;
  }

  /** The intervals of key column {@code i}, or null when it is unconstrained. */
  List<Interval> column(int i) {
    return columns[i];
  }

  /**
   * A box containing every row of both: column by column, the one constraint where only one
   * box has one; where both do, a range with the lower end of one and the upper end of the
   * other when that is tighter, else the constraint with fewer intervals, points first.
   */
  KeyBox and(KeyBox other) {
    List<Interval>[] cols = columns.clone();
    for (int i = 0; i < cols.length; i++) {
      List<Interval> a = cols[i];
      List<Interval> b = other.columns[i];
      if (a == null) {
        cols[i] = b;
      } else if (b != null) {
        cols[i] = tighter(a, b);
      }
    }
    return new KeyBox(cols);
  }

  private static List<Interval> tighter(List<Interval> a, List<Interval> b) {
    if (a.size() == 1 && b.size() == 1) {
      Interval x = a.get(0);
      Interval y = b.get(0);
      if (x.prefix == null && y.prefix == null && !x.isPoint() && !y.isPoint()) {
        if (x.upper == null && y.lower == null) {
          return List.of(Interval.range(x.lower, x.lowerInclusive, y.upper, y.upperInclusive));
        }
        if (x.lower == null && y.upper == null) {
          return List.of(Interval.range(y.lower, y.lowerInclusive, x.upper, x.upperInclusive));
        }
      }
    }
    boolean pa = allPoints(a);
    boolean pb = allPoints(b);
    if (pa != pb) {
      return pa ? a : b;
    }
    return b.size() < a.size() ? b : a;
  }

  static boolean allPoints(List<Interval> intervals) {
    for (Interval i : intervals) {
      if (!i.isPoint()) {
        return false;
      }
    }
    return true;
  }

  /**
   * The number of leading key columns that bound the rows read: the columns of points, plus one
   * column of ranges after them. 0 when the first key column is unconstrained.
   */
  int usefulColumns() {
    int n = 0;
    while (n < columns.length && columns[n] != null) {
      n++;
      if (!allPoints(columns[n - 1])) {
        break;
      }
    }
    return n;
  }

  /** Adds the data context names of the correlated fields this box's bounds read. */
  void collectCorrelKeys(java.util.Set<String> out) {
    for (List<Interval> c : columns) {
      if (c == null) {
        continue;
      }
      for (Interval i : c) {
        for (KeyOperand o : new KeyOperand[] {i.lower, i.upper, i.prefix}) {
          if (o != null && o.correlKey() != null) {
            out.add(o.correlKey());
          }
        }
      }
    }
  }

  /** Whether every key column is bound to points: the box is a set of whole keys. */
  boolean allKeysBound() {
    for (List<Interval> c : columns) {
      if (c == null || !allPoints(c)) {
        return false;
      }
    }
    return true;
  }

  /** The number of ranges or keys this box reads: the product of its useful columns' intervals. */
  long rangeCount() {
    long n = 1;
    for (int i = 0, u = usefulColumns(); i < u; i++) {
      n = Math.multiplyExact(n, (long) columns[i].size());
    }
    return n;
  }

  /** {@code A = 1, B IN (2, 3), C > 4}: the useful columns' constraints, as EXPLAIN shows them. */
  String describe(List<String> names) {
    List<String> parts = new ArrayList<>();
    for (int i = 0, u = usefulColumns(); i < u; i++) {
      List<Interval> c = columns[i];
      if (c.size() > 1 && allPoints(c)) {
        StringBuilder b = new StringBuilder(names.get(i)).append(" IN (");
        for (int j = 0; j < c.size(); j++) {
          b.append(j > 0 ? ", " : "").append(c.get(j).lower);
        }
        parts.add(b.append(')').toString());
      } else if (c.size() > 1) {
        List<String> ors = new ArrayList<>();
        for (Interval iv : c) {
          ors.add(iv.describe(names.get(i)));
        }
        parts.add("(" + String.join(" OR ", ors) + ")");
      } else {
        parts.add(c.get(0).describe(names.get(i)));
      }
    }
    return String.join(", ", parts);
  }

  /**
   * {@code ID IN (1, 2, 3)} when every box binds the same single column to points, else null:
   * how a disjunction of equalities (an {@code OR} list, a key-lookup join's batch) reads.
   */
  static String describeAsInList(List<KeyBox> boxes, List<String> names) {
    if (boxes.size() < 2) {
      return null;
    }
    int column = -1;
    List<String> values = new ArrayList<>();
    for (KeyBox b : boxes) {
      int only = -1;
      for (int i = 0; i < b.columns.length; i++) {
        if (b.columns[i] != null) {
          if (only >= 0) {
            return null;
          }
          only = i;
        }
      }
      if (only < 0 || column >= 0 && only != column || !allPoints(b.columns[only])) {
        return null;
      }
      column = only;
      b.columns[only].forEach(iv -> values.add(iv.lower.toString()));
    }
    return names.get(column) + " IN (" + String.join(", ", values) + ")";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof KeyBox k && Arrays.equals(k.columns, columns);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(columns);
  }
}
