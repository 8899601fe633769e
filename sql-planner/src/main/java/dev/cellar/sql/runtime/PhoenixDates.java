package dev.cellar.sql.runtime;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.DayOfWeek;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.Locale;
import org.apache.calcite.linq4j.function.Strict;

/**
 * Phoenix's rounding of dates and times to a unit: {@code TRUNC}, {@code FLOOR} (the same),
 * {@code CEIL} and {@code ROUND}, each {@code (timestamp, unit [, multiplier])}. As in
 * {@link PhoenixFunctions}, a value's date and time are read as a GMT time.
 *
 * <p>{@code DAY}, {@code HOUR}, {@code MINUTE}, {@code SECOND} and {@code MILLISECOND} are fixed
 * lengths: a value goes to a whole multiple of {@code multiplier} units since the epoch.
 * {@code WEEK} (weeks start on Monday, as ISO 8601 and Phoenix count them), {@code MONTH} and
 * {@code YEAR} are calendar units and take no multiplier other than 1. {@code ROUND} takes the
 * nearer bound, the later one when the value lies half way.
 *
 * <p>The SQL names are the methods' ({@code floor} is {@code FLOOR}); {@code FLOOR(x, ...)} and
 * {@code CEIL(x, ...)} with a unit reach these through {@code PhoenixOperatorTable}'s rewrite,
 * as Calcite's parser reads {@code FLOOR(} itself.
 */
@Strict
public final class PhoenixDates {
  private PhoenixDates() {}

  /** {@code TRUNC(timestamp)}: to the millisecond, that is unchanged. */
  public static Timestamp trunc(Timestamp ts) {
    return ts;
  }

  /** {@code TRUNC(timestamp, unit)}: down to a whole {@code unit}. */
  public static Timestamp trunc(Timestamp ts, String unit) {
    return trunc(ts, unit, 1);
  }

  /** {@code TRUNC(timestamp, unit, n)}: down to a whole multiple of {@code n} units. */
  public static Timestamp trunc(Timestamp ts, String unit, int multiplier) {
    return PhoenixFunctions.timestamp(down("TRUNC", PhoenixFunctions.millis(ts), unit, multiplier));
  }

  /** {@code FLOOR(timestamp, unit)}: as {@code TRUNC}. */
  public static Timestamp floor(Timestamp ts, String unit) {
    return floor(ts, unit, 1);
  }

  /** {@code FLOOR(timestamp, unit, n)}: as {@code TRUNC}. */
  public static Timestamp floor(Timestamp ts, String unit, int multiplier) {
    return PhoenixFunctions.timestamp(down("FLOOR", PhoenixFunctions.millis(ts), unit, multiplier));
  }

  /** {@code CEIL(timestamp, unit)}: up to a whole {@code unit}; a whole one stays. */
  public static Timestamp ceil(Timestamp ts, String unit) {
    return ceil(ts, unit, 1);
  }

  /** {@code CEIL(timestamp, unit, n)}: up to a whole multiple of {@code n} units. */
  public static Timestamp ceil(Timestamp ts, String unit, int multiplier) {
    long t = PhoenixFunctions.millis(ts);
    long down = down("CEIL", t, unit, multiplier);
    return PhoenixFunctions.timestamp(down == t ? t : up("CEIL", down, unit, multiplier));
  }

  /** {@code ROUND(timestamp, unit)}: to the nearest whole {@code unit}, halves up. */
  public static Timestamp round(Timestamp ts, String unit) {
    return round(ts, unit, 1);
  }

  /** {@code ROUND(timestamp, unit, n)}: to the nearest whole multiple of {@code n} units, halves up. */
  public static Timestamp round(Timestamp ts, String unit, int multiplier) {
    long t = PhoenixFunctions.millis(ts);
    long down = down("ROUND", t, unit, multiplier);
    long up = up("ROUND", down, unit, multiplier);
    return PhoenixFunctions.timestamp(t - down < up - t ? down : up);
  }

  /** {@code TRUNC(date, unit)}: as of the date's midnight. */
  public static Timestamp trunc(Date d, String unit) {
    return trunc(midnight(d), unit, 1);
  }

  /** {@code TRUNC(date, unit, n)}: as of the date's midnight. */
  public static Timestamp trunc(Date d, String unit, int multiplier) {
    return trunc(midnight(d), unit, multiplier);
  }

  /** {@code FLOOR(date, unit)}: as of the date's midnight. */
  public static Timestamp floor(Date d, String unit) {
    return floor(midnight(d), unit, 1);
  }

  /** {@code FLOOR(date, unit, n)}: as of the date's midnight. */
  public static Timestamp floor(Date d, String unit, int multiplier) {
    return floor(midnight(d), unit, multiplier);
  }

  /** {@code CEIL(date, unit)}: as of the date's midnight. */
  public static Timestamp ceil(Date d, String unit) {
    return ceil(midnight(d), unit, 1);
  }

  /** {@code CEIL(date, unit, n)}: as of the date's midnight. */
  public static Timestamp ceil(Date d, String unit, int multiplier) {
    return ceil(midnight(d), unit, multiplier);
  }

  /** {@code ROUND(date, unit)}: as of the date's midnight. */
  public static Timestamp round(Date d, String unit) {
    return round(midnight(d), unit, 1);
  }

  /** {@code ROUND(date, unit, n)}: as of the date's midnight. */
  public static Timestamp round(Date d, String unit, int multiplier) {
    return round(midnight(d), unit, multiplier);
  }

  private static Timestamp midnight(Date d) {
    return Timestamp.valueOf(d.toLocalDate().atStartOfDay());
  }

  /** The units Phoenix rounds dates to. */
  private enum Unit {
    MILLISECOND(1L), SECOND(1_000L), MINUTE(60_000L), HOUR(3_600_000L), DAY(86_400_000L), WEEK(0), MONTH(0), YEAR(0);

    /** The length of a fixed unit in milliseconds; 0 for a calendar unit. */
    final long millis;

    Unit(long millis) {
      this.millis = millis;
    }
  }

  private static Unit unit(String function, String unit, int multiplier) {
    Unit u;
    try {
      u = Unit.valueOf(unit.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, function + ": time unit must be 'DAY', 'HOUR', "
          + "'MINUTE', 'SECOND', 'MILLISECOND', 'WEEK', 'MONTH' or 'YEAR', not '" + unit + "'");
    }
    if (multiplier <= 0) {
      throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, function + ": multiplier must be positive, not "
          + multiplier);
    }
    if (u.millis == 0 && multiplier != 1) {
      throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, function + ": time unit '" + u
          + "' takes no multiplier other than 1, not " + multiplier);
    }
    return u;
  }

  /** The start of the unit (or multiple of units) holding {@code t}. */
  private static long down(String function, long t, String unit, int multiplier) {
    Unit u = unit(function, unit, multiplier);
    if (u.millis != 0) {
      long step = u.millis * multiplier;
      return Math.floorDiv(t, step) * step;
    }
    LocalDateTime day = LocalDateTime.ofEpochSecond(Math.floorDiv(t, 1000L), 0, ZoneOffset.UTC)
        .truncatedTo(ChronoUnit.DAYS);
    LocalDateTime start = switch (u) {
      case WEEK -> day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
      case MONTH -> day.withDayOfMonth(1);
      default -> day.withDayOfYear(1);
    };
    return start.toInstant(ZoneOffset.UTC).toEpochMilli();
  }

  /** The start of the unit (or multiple) after the one starting at {@code down}. */
  private static long up(String function, long down, String unit, int multiplier) {
    Unit u = unit(function, unit, multiplier);
    if (u.millis != 0) {
      return down + u.millis * multiplier;
    }
    LocalDateTime start = LocalDateTime.ofEpochSecond(Math.floorDiv(down, 1000L), 0, ZoneOffset.UTC);
    LocalDateTime next = switch (u) {
      case WEEK -> start.plusWeeks(1);
      case MONTH -> start.plusMonths(1);
      default -> start.plusYears(1);
    };
    return next.toInstant(ZoneOffset.UTC).toEpochMilli();
  }
}
