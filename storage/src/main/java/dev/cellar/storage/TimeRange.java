package dev.cellar.storage;

/** A half-open range of timestamps {@code [min, max)}, as HBase's {@code TimeRange}. */
public final class TimeRange {
  /** Every timestamp. */
  public static final TimeRange ALL = new TimeRange(0, Long.MAX_VALUE);

  private final long min;
  private final long max;

  private TimeRange(long min, long max) {
    this.min = min;
    this.max = max;
  }

  /**
   * The range {@code [min, max)}.
   *
   * @throws IllegalArgumentException if {@code min < 0} or {@code max < min}
   */
  public static TimeRange between(long min, long max) {
    if (min < 0) {
      throw new IllegalArgumentException("time range minimum " + min + " must not be negative");
    }
    if (max < min) {
      throw new IllegalArgumentException("time range maximum " + max + " is below its minimum " + min);
    }
    return new TimeRange(min, max);
  }

  /** Exactly one timestamp. */
  public static TimeRange at(long ts) {
    return between(ts, ts == Long.MAX_VALUE ? ts : ts + 1);
  }

  public long min() {
    return min;
  }

  public long max() {
    return max;
  }

  /** Whether {@code ts} lies in the range. */
  public boolean contains(long ts) {
    return ts >= min && ts < max;
  }

  /** Whether the range is every timestamp. */
  public boolean isAll() {
    return min == 0 && max == Long.MAX_VALUE;
  }

  @Override
  public String toString() {
    return "[" + min + ", " + (max == Long.MAX_VALUE ? "MAX" : Long.toString(max)) + ")";
  }
}
