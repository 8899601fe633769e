package dev.cellar.storage;

import java.util.Objects;

/** Reads one row. With no family or column added it reads every family. */
public final class Get extends Query<Get> {
  private final byte[] row;
  private boolean expectFound;

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

  /**
   * Tells the store that the row almost surely exists, as a row named by an index entry does.
   * The read then skips the bloom filter of each family's oldest store file, which holds most
   * rows (all of them after a major compaction) and whose filter can save work only for a row
   * it does not hold: for a row it holds, the filter's probes are spent for nothing. The file's
   * row range is still checked, and the answer is the same either way. A hint: stores without
   * bloom filters, and the HBase backend, ignore it.
   */
  public Get expectFound(boolean expectFound) {
    this.expectFound = expectFound;
    return this;
  }

  /** Whether {@link #expectFound(boolean)} was set. */
  public boolean expectsFound() {
    return expectFound;
  }

  @Override
  public String toString() {
    return "Get{row=" + Bytes.toStringBinary(row) + ", timeRange=" + timeRange() + ", versions=" + maxVersions()
        + (filter() == null ? "" : ", filter=" + filter()) + "}";
  }
}
