package dev.cellar.storage;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A change to one row: the cells of a {@link Put} or the delete markers of a {@link Delete}.
 * All cells of one mutation are applied atomically and become visible together.
 */
public abstract class Mutation {
  /** Timestamp meaning "assigned by the store when the write is applied". */
  public static final long LATEST_TIMESTAMP = Long.MAX_VALUE;

  /** The longest row key, in bytes (as HBase's): also the longest region boundary. */
  public static final int MAX_ROW_LENGTH = Short.MAX_VALUE;

  protected final byte[] row;
  protected final long timestamp;
  protected final List<Cell> cells = new ArrayList<>();
  private Durability durability = Durability.USE_DEFAULT;

  protected Mutation(byte[] row, long timestamp) {
    Objects.requireNonNull(row, "row");
    if (row.length == 0) {
      throw new IllegalArgumentException("row key must not be empty");
    }
    if (row.length > MAX_ROW_LENGTH) {
      throw new IllegalArgumentException("row key of " + row.length + " bytes is longer than the maximum of "
          + MAX_ROW_LENGTH);
    }
    checkTimestamp(timestamp);
    this.row = row;
    this.timestamp = timestamp;
  }

  static void checkTimestamp(long ts) {
    if (ts < 0) {
      throw new IllegalArgumentException("timestamp " + ts + " must not be negative");
    }
  }

  static byte[] family(byte[] family) {
    Objects.requireNonNull(family, "family");
    if (family.length == 0) {
      throw new IllegalArgumentException("family must not be empty");
    }
    return family;
  }

  public byte[] row() {
    return row;
  }

  /** The mutation's default timestamp ({@link #LATEST_TIMESTAMP} when the store assigns it). */
  public long timestamp() {
    return timestamp;
  }

  /** The cells (or markers) in the order they were added; timestamps may be {@link #LATEST_TIMESTAMP}. */
  public List<Cell> cells() {
    return Collections.unmodifiableList(cells);
  }

  /** Whether the mutation holds no cells. */
  public boolean isEmpty() {
    return cells.isEmpty();
  }

  public Durability durability() {
    return durability;
  }

  /** Chooses how durable this write is when the call that applies it returns. */
  public Mutation setDurability(Durability d) {
    this.durability = Objects.requireNonNull(d, "durability");
    return this;
  }
}
