package dev.cellar.sql.runtime;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Apache Phoenix's inverse-distribution and hypothetical-set aggregates, {@code PERCENTILE_CONT},
 * {@code PERCENTILE_DISC} and {@code PERCENT_RANK}, which Phoenix writes with {@code WITHIN GROUP
 * (ORDER BY x [ASC | DESC])}: the planner rewrites {@code f(arg) WITHIN GROUP (ORDER BY x DESC)}
 * to a call of one of these with {@code (x, arg, descending)}, both numbers as DOUBLEs. Each gathers the non-NULL values of
 * {@code x} and answers from them sorted; with no values the answer is NULL.
 */
public final class PhoenixAggregates {
  private PhoenixAggregates() {}

  /** The values of a group, the function's argument and the order. */
  public static final class Values {
    final List<BigDecimal> values = new ArrayList<>();
    BigDecimal argument;
    boolean descending;

    /** The values sorted in the {@code WITHIN GROUP} order. */
    List<BigDecimal> sorted() {
      List<BigDecimal> s = new ArrayList<>(values);
      s.sort(descending ? Collections.reverseOrder() : null);
      return s;
    }
  }

  /** {@code d} without trailing zeros: 3.70 as 3.7, 5.0 as 5. */
  static BigDecimal plain(BigDecimal d) {
    BigDecimal s = d.stripTrailingZeros();
    return s.scale() < 0 ? s.setScale(0) : s;
  }

  static Values gather(String function, Values acc, double number, double arg, boolean descending, boolean fraction) {
    BigDecimal value = BigDecimal.valueOf(number);
    BigDecimal argument = BigDecimal.valueOf(arg);
    if (fraction && (argument.signum() < 0 || argument.compareTo(BigDecimal.ONE) > 0)) {
      throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE,
          function + ": the percentile must be between 0 and 1, not " + argument);
    }
    acc.values.add(value);
    acc.argument = argument;
    acc.descending = descending;
    return acc;
  }

  /** {@code PERCENTILE_CONT(p) WITHIN GROUP (ORDER BY x)}: the value at fraction {@code p}, interpolated between neighbours. */
  public static final class PercentileCont {
    private PercentileCont() {}

    public static Values init() {
      return new Values();
    }

    public static Values add(Values acc, double value, double percentile, boolean descending) {
      return gather("PERCENTILE_CONT", acc, value, percentile, descending, true);
    }

    public static BigDecimal result(Values acc) {
      if (acc.values.isEmpty()) {
        return null;
      }
      List<BigDecimal> s = acc.sorted();
      BigDecimal position = acc.argument.multiply(BigDecimal.valueOf(s.size() - 1L));
      int lower = position.intValue();
      BigDecimal low = s.get(lower);
      if (lower + 1 >= s.size()) {
        return plain(low);
      }
      BigDecimal weight = position.subtract(BigDecimal.valueOf(lower));
      return plain(low.add(s.get(lower + 1).subtract(low).multiply(weight), MathContext.DECIMAL128));
    }
  }

  /** {@code PERCENTILE_DISC(p) WITHIN GROUP (ORDER BY x)}: the first value whose cumulative share is at least {@code p}. */
  public static final class PercentileDisc {
    private PercentileDisc() {}

    public static Values init() {
      return new Values();
    }

    public static Values add(Values acc, double value, double percentile, boolean descending) {
      return gather("PERCENTILE_DISC", acc, value, percentile, descending, true);
    }

    public static BigDecimal result(Values acc) {
      if (acc.values.isEmpty()) {
        return null;
      }
      List<BigDecimal> s = acc.sorted();
      int n = s.size();
      for (int i = 0; i < n; i++) {
        if (BigDecimal.valueOf(i + 1L).compareTo(acc.argument.multiply(BigDecimal.valueOf(n))) >= 0) {
          return plain(s.get(i));
        }
      }
      return plain(s.get(n - 1));
    }
  }

  /** {@code PERCENT_RANK(v) WITHIN GROUP (ORDER BY x)}: the share of values that come before {@code v} in that order. */
  public static final class PercentRank {
    private PercentRank() {}

    public static Values init() {
      return new Values();
    }

    public static Values add(Values acc, double value, double hypothetical, boolean descending) {
      return gather("PERCENT_RANK", acc, value, hypothetical, descending, false);
    }

    public static BigDecimal result(Values acc) {
      if (acc.values.isEmpty()) {
        return null;
      }
      long before = 0;
      for (BigDecimal v : acc.values) {
        int c = v.compareTo(acc.argument);
        if (acc.descending ? c > 0 : c < 0) {
          before++;
        }
      }
      return plain(BigDecimal.valueOf(before).divide(BigDecimal.valueOf(acc.values.size()), MathContext.DECIMAL64));
    }
  }
}
