package dev.cellar.jdbc.remote;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.TimeZone;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * Parameter values Avatica's typed values do not carry, as the embedded driver takes them:
 * {@code java.time} values as the DATE, TIME or TIMESTAMP wall clock they stand for (a point
 * in time as the wall clock of the connection's time zone), {@code BigInteger} as a DECIMAL,
 * and streams read into the text or bytes they hold.
 */
public final class RemoteValues {
  private static final long MILLIS_PER_DAY = 86_400_000L;

  private RemoteValues() {}

  /** Whether {@link #temporal} takes {@code x}. */
  public static boolean isTemporal(Object x) {
    return x instanceof LocalDate || x instanceof LocalTime || x instanceof LocalDateTime || x instanceof Instant
        || x instanceof OffsetDateTime || x instanceof ZonedDateTime || x instanceof OffsetTime;
  }

  /**
   * {@code x}, a {@code java.time} value, as the typed value of SQL type {@code sqlType}
   * ({@code Types.DATE}, {@code TIME}, {@code TIMESTAMP}; any other: its natural type), or null
   * if it is no such type.
   */
  public static TypedValue temporal(Object x, Integer sqlType, TimeZone zone) {
    long wall = wallClockMillis(x, zone);
    int type = sqlType != null ? sqlType
        : x instanceof LocalDate ? Types.DATE
        : x instanceof LocalTime || x instanceof OffsetTime ? Types.TIME : Types.TIMESTAMP;
    return switch (type) {
      case Types.DATE -> TypedValue.ofSerial(ColumnMetaData.Rep.JAVA_SQL_DATE,
          (int) Math.floorDiv(wall, MILLIS_PER_DAY));
      case Types.TIME, Types.TIME_WITH_TIMEZONE -> TypedValue.ofSerial(ColumnMetaData.Rep.JAVA_SQL_TIME,
          (int) Math.floorMod(wall, MILLIS_PER_DAY));
      case Types.TIMESTAMP, Types.TIMESTAMP_WITH_TIMEZONE -> TypedValue.ofSerial(
          ColumnMetaData.Rep.JAVA_SQL_TIMESTAMP, wall);
      default -> null;
    };
  }

  private static long wallClockMillis(Object x, TimeZone zone) {
    if (x instanceof LocalDate d) {
      return d.toEpochDay() * MILLIS_PER_DAY;
    }
    if (x instanceof LocalTime t) {
      return t.toNanoOfDay() / 1_000_000L;
    }
    if (x instanceof OffsetTime t) {
      return t.toLocalTime().toNanoOfDay() / 1_000_000L;
    }
    if (x instanceof LocalDateTime t) {
      return t.toEpochSecond(ZoneOffset.UTC) * 1000L + t.getNano() / 1_000_000L;
    }
    Instant i = x instanceof Instant in ? in
        : x instanceof OffsetDateTime o ? o.toInstant()
        : ((ZonedDateTime) x).toInstant();
    long ms = i.toEpochMilli();
    return ms + zone.getOffset(ms);
  }

  /** {@code x} as a {@code BigDecimal} if it is a {@code BigInteger}, else {@code x}. */
  public static Object number(Object x) {
    return x instanceof BigInteger b ? new java.math.BigDecimal(b) : x;
  }

  /** The text of {@code reader}, at most {@code length} characters (all if negative). */
  public static String text(Reader reader, long length, int parameter) throws SQLException {
    StringBuilder b = new StringBuilder();
    char[] buf = new char[8192];
    try {
      while (length < 0 || b.length() < length) {
        int n = reader.read(buf, 0, (int) (length < 0 ? buf.length : Math.min(buf.length, length - b.length())));
        if (n < 0) {
          break;
        }
        b.append(buf, 0, n);
      }
    } catch (IOException e) {
      throw new SQLException("reading the stream of parameter " + parameter + " failed: " + e.getMessage(), "22000",
          e);
    }
    return b.toString();
  }

  /** The bytes of {@code in}, at most {@code length} (all if negative). */
  public static byte[] bytes(InputStream in, long length, int parameter) throws SQLException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buf = new byte[8192];
    try {
      while (length < 0 || out.size() < length) {
        int n = in.read(buf, 0, (int) (length < 0 ? buf.length : Math.min(buf.length, length - out.size())));
        if (n < 0) {
          break;
        }
        out.write(buf, 0, n);
      }
    } catch (IOException e) {
      throw new SQLException("reading the stream of parameter " + parameter + " failed: " + e.getMessage(), "22000",
          e);
    }
    return out.toByteArray();
  }

  /** The text of an ASCII stream. */
  public static String ascii(InputStream in, long length, int parameter) throws SQLException {
    return new String(bytes(in, length, parameter), StandardCharsets.US_ASCII);
  }
}
