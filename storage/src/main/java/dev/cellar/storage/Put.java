package dev.cellar.storage;

import java.util.Objects;

/** Writes cells to one row. Cells without an explicit timestamp get the store's clock at write time. */
public final class Put extends Mutation {
  /** A put whose cells default to a store-assigned timestamp. */
  public Put(byte[] row) {
    super(row, LATEST_TIMESTAMP);
  }

  /** A put whose cells default to {@code timestamp}. */
  public Put(byte[] row, long timestamp) {
    super(row, timestamp);
  }

  /** Convenience: UTF-8 row. */
  public Put(String row) {
    this(Bytes.toBytes(row));
  }

  /** Adds a cell at the put's default timestamp. */
  public Put addColumn(byte[] family, byte[] qualifier, byte[] value) {
    return addColumn(family, qualifier, timestamp, value);
  }

  /** Adds a cell at an explicit timestamp (any non-negative version number). */
  public Put addColumn(byte[] family, byte[] qualifier, long ts, byte[] value) {
    checkTimestamp(ts);
    Objects.requireNonNull(qualifier, "qualifier");
    if (value == null) {
      throw new IllegalArgumentException("value of " + Bytes.toStringBinary(family) + ":"
          + Bytes.toStringBinary(qualifier) + " must not be null; use a Delete to remove a cell");
    }
    cells.add(new Cell(row, family(family), qualifier, ts, CellType.PUT, value));
    return this;
  }

  /** Convenience: UTF-8 family, qualifier and value. */
  public Put addColumn(String family, String qualifier, String value) {
    return addColumn(Bytes.toBytes(family), Bytes.toBytes(qualifier), value == null ? null : Bytes.toBytes(value));
  }

  /** Convenience: UTF-8 family and qualifier. */
  public Put addColumn(String family, String qualifier, byte[] value) {
    return addColumn(Bytes.toBytes(family), Bytes.toBytes(qualifier), value);
  }

  @Override
  public Put setDurability(Durability d) {
    super.setDurability(d);
    return this;
  }

  @Override
  public String toString() {
    return "Put{row=" + Bytes.toStringBinary(row) + ", cells=" + cells + "}";
  }
}
