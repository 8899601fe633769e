package dev.cellar.storage;

import java.util.Objects;

/**
 * Reads a range of rows in key order (or reverse key order). By default the start row is
 * inclusive and the stop row exclusive; the empty row means the start (or end) of the key
 * space.
 *
 * <p>For a reversed scan, as in HBase, the start row is the <em>largest</em> row to return and
 * the stop row lies below it; rows come newest-key first but each row's cells keep their order.
 */
public final class Scan extends Query<Scan> {
  private byte[] startRow = Bytes.EMPTY;
  private boolean includeStartRow = true;
  private byte[] stopRow = Bytes.EMPTY;
  private boolean includeStopRow = false;
  private boolean reversed;
  private int limit;
  private int caching = 100;
  private int batch;

  /** A scan of the whole table. */
  public Scan() {}

  /** Starts at {@code row}, inclusive. */
  public Scan withStartRow(byte[] row) {
    return withStartRow(row, true);
  }

  public Scan withStartRow(byte[] row, boolean inclusive) {
    this.startRow = Objects.requireNonNull(row, "start row");
    this.includeStartRow = inclusive;
    return this;
  }

  /** Stops before {@code row}, exclusive. */
  public Scan withStopRow(byte[] row) {
    return withStopRow(row, false);
  }

  public Scan withStopRow(byte[] row, boolean inclusive) {
    this.stopRow = Objects.requireNonNull(row, "stop row");
    this.includeStopRow = inclusive;
    return this;
  }

  /**
   * Only rows starting with {@code prefix}: sets the start and stop rows (a prefix scan reads
   * nothing outside the prefix). For a reversed scan the start is the prefix's last row.
   */
  public Scan setRowPrefix(byte[] prefix) {
    Objects.requireNonNull(prefix, "prefix");
    byte[] end = Bytes.prefixEnd(prefix);
    if (reversed) {
      startRow = end;
      includeStartRow = false;
      stopRow = prefix;
      includeStopRow = true;
    } else {
      startRow = prefix;
      includeStartRow = true;
      stopRow = end;
      includeStopRow = false;
    }
    return this;
  }

  /** Reverses the scan's row order; call before {@link #setRowPrefix}. */
  public Scan setReversed(boolean reversed) {
    this.reversed = reversed;
    return this;
  }

  /**
   * Returns at most {@code rows} rows; 0 means no limit.
   *
   * @throws IllegalArgumentException if negative
   */
  public Scan setLimit(int rows) {
    if (rows < 0) {
      throw new IllegalArgumentException("scan limit " + rows + " must not be negative");
    }
    this.limit = rows;
    return this;
  }

  /** Rows fetched per round trip (a hint; the embedded engine streams rows regardless). */
  public Scan setCaching(int rows) {
    if (rows < 1) {
      throw new IllegalArgumentException("scan caching " + rows + " must be at least 1");
    }
    this.caching = rows;
    return this;
  }

  /**
   * At most {@code cells} cells per {@link Result}: a wide row comes back in several results
   * with the same row key; 0 means whole rows.
   */
  public Scan setBatch(int cells) {
    if (cells < 0) {
      throw new IllegalArgumentException("scan batch " + cells + " must not be negative");
    }
    this.batch = cells;
    return this;
  }

  public byte[] startRow() {
    return startRow;
  }

  public boolean includeStartRow() {
    return includeStartRow;
  }

  public byte[] stopRow() {
    return stopRow;
  }

  public boolean includeStopRow() {
    return includeStopRow;
  }

  public boolean isReversed() {
    return reversed;
  }

  public int limit() {
    return limit;
  }

  public int caching() {
    return caching;
  }

  public int batch() {
    return batch;
  }

  @Override
  public String toString() {
    return "Scan{start=" + Bytes.toStringBinary(startRow) + (includeStartRow ? "" : "(excl)") + ", stop="
        + Bytes.toStringBinary(stopRow) + (includeStopRow ? "(incl)" : "") + (reversed ? ", reversed" : "")
        + ", timeRange=" + timeRange() + ", versions=" + maxVersions() + (limit > 0 ? ", limit=" + limit : "")
        + (batch > 0 ? ", batch=" + batch : "") + (filter() == null ? "" : ", filter=" + filter()) + "}";
  }
}
