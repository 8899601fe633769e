package dev.cellar.storage.wal;

import java.time.Duration;
import java.util.Objects;

/** Settings of a {@link Wal}. Immutable; start from {@link #defaults()} and change with the {@code with} methods. */
public final class WalOptions {
  /** Default size at which a segment is rolled: 64 MiB. */
  public static final long DEFAULT_SEGMENT_SIZE = 64L << 20;

  /** Default interval of the background write of {@code ASYNC_WAL} records: 50 ms. */
  public static final Duration DEFAULT_ASYNC_FLUSH_INTERVAL = Duration.ofMillis(50);

  private static final WalOptions DEFAULTS = new WalOptions(DEFAULT_SEGMENT_SIZE, DEFAULT_ASYNC_FLUSH_INTERVAL);

  private final long segmentSize;
  private final Duration asyncFlushInterval;

  private WalOptions(long segmentSize, Duration asyncFlushInterval) {
    this.segmentSize = segmentSize;
    this.asyncFlushInterval = asyncFlushInterval;
  }

  /** The default settings. */
  public static WalOptions defaults() {
    return DEFAULTS;
  }

  /**
   * Size in bytes at which the current segment is closed and a new one started. Checked after
   * each write, so a segment ends with the first batch that reaches it and may exceed it by
   * that batch.
   */
  public long segmentSize() {
    return segmentSize;
  }

  /** How often the background thread writes records that no caller waits for. */
  public Duration asyncFlushInterval() {
    return asyncFlushInterval;
  }

  /** These settings with another segment size, which must exceed the segment header. */
  public WalOptions withSegmentSize(long bytes) {
    if (bytes <= WalFormat.SEGMENT_HEADER_SIZE) {
      throw new IllegalArgumentException("segment size " + bytes + " must exceed the "
          + WalFormat.SEGMENT_HEADER_SIZE + "-byte segment header");
    }
    return new WalOptions(bytes, asyncFlushInterval);
  }

  /** These settings with another background write interval, which must be positive. */
  public WalOptions withAsyncFlushInterval(Duration interval) {
    Objects.requireNonNull(interval, "interval");
    if (interval.isNegative() || interval.isZero()) {
      throw new IllegalArgumentException("async flush interval must be positive, got " + interval);
    }
    return new WalOptions(segmentSize, interval);
  }

  @Override
  public String toString() {
    return "WalOptions{segmentSize=" + segmentSize + ", asyncFlushInterval=" + asyncFlushInterval + "}";
  }
}
