package dev.cellar.storage;

import java.util.Objects;

/** Reads one row. With no family or column added it reads every family. */
public final class Get extends Query<Get> {
  private final byte[] row;

  public Get(byte[] row) {
    Objects.requireNonNull(row, "row");
    if (row.length == 0) {
      throw new IllegalArgumentException("row key must not be empty");
    }
    this.row = row;
  }

  /** Convenience: UTF-8 row. */
  public Get(String row) {
    this(Bytes.toBytes(row));
  }

  public byte[] row() {
    return row;
  }

  @Override
  public String toString() {
    return "Get{row=" + Bytes.toStringBinary(row) + ", timeRange=" + timeRange() + ", versions=" + maxVersions()
        + (filter() == null ? "" : ", filter=" + filter()) + "}";
  }
}
