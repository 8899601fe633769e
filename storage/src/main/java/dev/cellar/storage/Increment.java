package dev.cellar.storage;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Adds amounts to counters of one row, atomically. A counter is an 8-byte big-endian long
 * (as HBase's {@code Bytes.toBytes(long)} writes it); a missing counter counts as 0.
 */
public final class Increment {
  private final byte[] row;
  private final List<Column> columns = new ArrayList<>();
  private Durability durability = Durability.USE_DEFAULT;

  /** One counter and the amount to add. */
  public record Column(byte[] family, byte[] qualifier, long amount) {}

  public Increment(byte[] row) {
    Objects.requireNonNull(row, "row");
    if (row.length == 0) {
      throw new IllegalArgumentException("row key must not be empty");
    }
    this.row = row;
  }

  /** Adds {@code amount} to {@code family:qualifier}. */
  public Increment addColumn(byte[] family, byte[] qualifier, long amount) {
    columns.add(new Column(Mutation.family(family), Objects.requireNonNull(qualifier, "qualifier"), amount));
    return this;
  }

  public Increment setDurability(Durability d) {
    this.durability = Objects.requireNonNull(d, "durability");
    return this;
  }

  public byte[] row() {
    return row;
  }

  public List<Column> columns() {
    return Collections.unmodifiableList(columns);
  }

  public Durability durability() {
    return durability;
  }
}
