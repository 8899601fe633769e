package dev.cellar.sql.keyrange;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.codec.KeyType;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Objects;
import org.apache.calcite.DataContext;

/**
 * The point in time a scan reads the table as of: the cells a read sees are those with a
 * timestamp at or before {@code FOR SYSTEM_TIME AS OF t} and before the connection's
 * {@code currentScn} (Phoenix's {@code CurrentSCN}, exclusive as there). Immutable; part of an
 * {@link AccessPath}, whose {@code EXPLAIN} text shows it.
 *
 * @param asOf the {@code AS OF} timestamp (inclusive), a constant or parameter; {@code null} if none
 * @param scn the connection's SCN (exclusive), or -1
 */
public record TimeBound(KeyOperand asOf, long scn) {
  /** The latest data: no bound. */
  public static final TimeBound NONE = new TimeBound(null, -1);

  /** Whether the read is bounded in time. */
  public boolean isBounded() {
    return asOf != null || scn >= 0;
  }

  /** This bound, also at or before {@code t}. */
  public TimeBound withAsOf(KeyOperand t) {
    return new TimeBound(t, scn);
  }

  /** This bound, also before the connection's SCN (-1 for none). */
  public TimeBound withScn(long currentScn) {
    return new TimeBound(asOf, currentScn);
  }

  /**
   * The exclusive upper end of the timestamps a read sees, with the statement's parameters
   * bound; {@link Long#MAX_VALUE} when unbounded.
   *
   * @throws CellarSqlException 22004-like 22023 when {@code AS OF} is NULL or before 1970
   */
  public long maxExclusive(DataContext context) {
    long max = scn >= 0 ? scn : Long.MAX_VALUE;
    if (asOf != null) {
      Object v = KeyOperand.toKey(KeyType.TIMESTAMP, asOf.value(context));
      if (!(v instanceof Long t) || t < 0) {
        throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, "FOR SYSTEM_TIME AS OF " + asOf
            + " is " + (v == null ? "NULL" : "before 1970-01-01 00:00:00 UTC") + ": it must be a point in time from "
            + "1970 on");
      }
      max = Math.min(max, t == Long.MAX_VALUE ? t : t + 1);
    }
    return max;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TimeBound b && Objects.equals(b.asOf, asOf) && b.scn == scn;
  }

  @Override
  public int hashCode() {
    return Objects.hash(asOf, scn);
  }

  /** {@code AS OF TIMESTAMP '2024-05-01 12:00:00'}, {@code AS OF ?1}, {@code BEFORE SCN 1714564800000}. */
  @Override
  public String toString() {
    StringBuilder b = new StringBuilder();
    if (asOf != null) {
      b.append("AS OF ").append(asOf);
    }
    if (scn >= 0) {
      b.append(b.length() > 0 ? " " : "").append("BEFORE SCN ").append(scn).append(" (")
          .append(DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(Instant.ofEpochMilli(scn).atOffset(ZoneOffset.UTC)))
          .append(')');
    }
    return b.toString();
  }
}
