package dev.cellar.storage.model;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/** A clock (milliseconds) that moves only when told to; pass it to {@code StoreOptions.clock}. */
public final class ManualClock implements LongSupplier {
  private final AtomicLong now;

  public ManualClock(long startMs) {
    this.now = new AtomicLong(startMs);
  }

  @Override
  public long getAsLong() {
    return now.get();
  }

  /** The current time. */
  public long now() {
    return now.get();
  }

  /** Moves the clock forward by {@code ms} and returns the new time. */
  public long advance(long ms) {
    if (ms < 0) {
      throw new IllegalArgumentException("a clock only moves forward, not by " + ms);
    }
    return now.addAndGet(ms);
  }
}
