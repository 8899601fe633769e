package dev.cellar.storage.filter;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;

/**
 * Returns cells without their values: keys only (row, family, qualifier, timestamp), or, with
 * {@code lenAsVal}, the value's length as a four-byte big-endian int in place of the value.
 * Useful to list rows or count cells cheaply. Stateless.
 */
public final class KeyOnlyFilter extends Filter {
  private final boolean lenAsVal;

  /** Empty values. */
  public KeyOnlyFilter() {
    this(false);
  }

  /** @param lenAsVal replace each value by its length ({@link Bytes#toBytes(int)}) instead of emptying it */
  public KeyOnlyFilter(boolean lenAsVal) {
    this.lenAsVal = lenAsVal;
  }

  /** Whether values are replaced by their lengths rather than emptied. */
  public boolean isLenAsVal() {
    return lenAsVal;
  }

  @Override
  public Cell transformCell(Cell c) {
    if (!lenAsVal) {
      return c.withoutValue();
    }
    return new Cell(c.row(), c.family(), c.qualifier(), c.timestamp(), c.type(), Bytes.toBytes(c.value().length),
        c.sequenceId());
  }

  @Override
  public String toString() {
    return "KeyOnlyFilter(" + (lenAsVal ? "lenAsVal" : "") + ")";
  }

  @Override
  public Filter copy() {
    return new KeyOnlyFilter(lenAsVal);
  }
}
