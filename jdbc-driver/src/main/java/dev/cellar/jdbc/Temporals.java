package dev.cellar.jdbc;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.TimeZone;

/**
 * {@code java.time} values as SQL's DATE, TIME and TIMESTAMP hold them: a DATE is days since
 * 1970-01-01, a TIME milliseconds since midnight, a TIMESTAMP milliseconds since 1970-01-01
 * 00:00 of a wall clock, without a zone (as in Calcite). {@code LocalDate}, {@code LocalTime}
 * and {@code LocalDateTime} map to them exactly, whatever the time zone; an {@code Instant},
 * {@code OffsetDateTime} or {@code ZonedDateTime} is a point in time and becomes the wall clock
 * of the connection's time zone at that point, as a {@code java.sql.Timestamp} would.
 */
final class Temporals {
  static final long MILLIS_PER_DAY = 86_400_000L;

  private Temporals() {}

  /** Whether {@code x} is a {@code java.time} value a parameter can take. */
  static boolean isTemporal(Object x) {
    return x instanceof LocalDate || x instanceof LocalTime || x instanceof LocalDateTime || x instanceof Instant
        || x instanceof OffsetDateTime || x instanceof ZonedDateTime;
  }

  /** The JDBC type {@code x} is naturally written as. */
  static int naturalType(Object x) {
    if (x instanceof LocalDate) {
      return java.sql.Types.DATE;
    }
    return x instanceof LocalTime ? java.sql.Types.TIME : java.sql.Types.TIMESTAMP;
  }

  /** The wall-clock milliseconds of {@code x} (a date is its midnight, a time is on 1970-01-01). */
  static long wallClockMillis(Object x, TimeZone zone) {
    if (x instanceof LocalDate d) {
      return Math.multiplyExact(d.toEpochDay(), MILLIS_PER_DAY);
    }
    if (x instanceof LocalTime t) {
      return t.toNanoOfDay() / 1_000_000L;
    }
    if (x instanceof LocalDateTime t) {
      return Math.addExact(Math.multiplyExact(t.toEpochSecond(ZoneOffset.UTC), 1000L), t.getNano() / 1_000_000L);
    }
    Instant i = x instanceof Instant in ? in
        : x instanceof OffsetDateTime o ? o.toInstant()
        : ((ZonedDateTime) x).toInstant();
    long ms = i.toEpochMilli();
    return ms + zone.getOffset(ms);
  }

  /** The {@code LocalDateTime} of wall-clock milliseconds. */
  static LocalDateTime localDateTime(long wallClockMillis) {
    return LocalDateTime.ofEpochSecond(Math.floorDiv(wallClockMillis, 1000L),
        (int) Math.floorMod(wallClockMillis, 1000L) * 1_000_000, ZoneOffset.UTC);
  }
}
