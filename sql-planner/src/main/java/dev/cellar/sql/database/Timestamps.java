package dev.cellar.sql.database;

import java.util.function.LongSupplier;

/**
 * Hands out cell timestamps to SQL statements so that delete markers never hide later writes.
 *
 * <p>In the store a delete marker at time T hides every put of its cells at or before T, even
 * one written later. Two statements in the same millisecond — {@code DELETE} then
 * {@code INSERT} of one key, or setting a column to NULL and then to a value — would otherwise
 * lose the second write. So each statement gets a {@link Stamp}: deletes at {@code deleteTs},
 * puts at {@code putTs}, where
 * <ul>
 *   <li>a statement's puts come after every earlier delete and not before any earlier put:
 *       {@code putTs > lastDelete}, {@code putTs >= lastPut};</li>
 *   <li>a statement's deletes hide every earlier put: {@code deleteTs >= lastPut};</li>
 *   <li>within a statement puts follow deletes: {@code putTs = deleteTs + 1} when it deletes.</li>
 * </ul>
 * Timestamps follow the wall clock and run ahead of it only while deleting statements come
 * faster than one per millisecond; a database reopened starts above the highest timestamp its
 * store holds, so what an earlier process stamped ahead of the clock stays hidden by later
 * deletes. Statements writing one table take their stamp under that
 * table's write lock, so their order is the order of their stamps.
 */
public final class Timestamps {
  /** The timestamps of one statement. */
  public record Stamp(long deleteTs, long putTs) {}

  private final LongSupplier clock;
  private long lastPut;
  private long lastDelete = -1;

  Timestamps(LongSupplier clock) {
    this(clock, Long.MIN_VALUE);
  }

  /**
   * Stamps that start above {@code floor}, the highest timestamp the store already holds
   * ({@link dev.cellar.storage.CellarStore#maxTimestamp()}): an earlier process may have run
   * ahead of the clock, and a delete stamped below its puts would not hide them.
   */
  Timestamps(LongSupplier clock, long floor) {
    this.clock = clock;
    if (floor > 0) {
      lastPut = floor;
      lastDelete = floor;
    }
  }

  /** The stamp of a statement that writes puts and, if {@code deletes}, delete markers. */
  public synchronized Stamp next(boolean deletes) {
    long now = clock.getAsLong();
    if (!deletes) {
      long put = Math.max(Math.max(now, lastPut), lastDelete + 1);
      lastPut = Math.max(lastPut, put);
      return new Stamp(put, put);
    }
    long del = Math.max(Math.max(now, lastPut), lastDelete + 1);
    long put = del + 1;
    lastDelete = del;
    lastPut = Math.max(lastPut, put);
    return new Stamp(del, put);
  }
}
