package dev.cellar.sql.runtime;

import dev.cellar.sql.SqlErrors;
import dev.cellar.sql.prepare.CheckedArithmetic;
import org.apache.calcite.linq4j.function.Strict;

/**
 * The integer functions whose Java forms wrap around, in forms that do not: {@code ABS} of an
 * integer type's least value has no value of that type, nor has a {@code SUM} of BIGINT values
 * past a {@code long}; both raise SQLState 22003 naming the function and the type
 * ({@link SqlErrors#outOfRange}). Called from generated code (see {@link CheckedArithmetic} and
 * {@link CheckedSums}), hence public.
 */
public final class CheckedMath {
  private CheckedMath() {}

  /** One step of the {@code SUM} of BIGINT values ({@link CheckedSums}). */
  public static long sum(long acc, long v) {
    long r = acc + v;
    if (((acc ^ r) & (v ^ r)) < 0) {
      throw SqlErrors.outOfRange("SUM", "BIGINT");
    }
    return r;
  }

  /** {@code ABS} of a TINYINT. */
  @Strict
  public static byte abs(byte v) {
    if (v == Byte.MIN_VALUE) {
      throw SqlErrors.outOfRange("ABS", "TINYINT");
    }
    return (byte) Math.abs(v);
  }

  /** {@code ABS} of a SMALLINT. */
  @Strict
  public static short abs(short v) {
    if (v == Short.MIN_VALUE) {
      throw SqlErrors.outOfRange("ABS", "SMALLINT");
    }
    return (short) Math.abs(v);
  }

  /** {@code ABS} of an INTEGER. */
  @Strict
  public static int abs(int v) {
    if (v == Integer.MIN_VALUE) {
      throw SqlErrors.outOfRange("ABS", "INTEGER");
    }
    return Math.abs(v);
  }

  /** {@code ABS} of a BIGINT. */
  @Strict
  public static long abs(long v) {
    if (v == Long.MIN_VALUE) {
      throw SqlErrors.outOfRange("ABS", "BIGINT");
    }
    return Math.abs(v);
  }
}
