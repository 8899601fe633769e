package dev.cellar.storage.filter;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import java.util.Objects;

/**
 * Keeps the rows whose key starts with a prefix. Rows before the prefix are jumped over with
 * one seek, and the scan ends at the first row past it. {@link dev.cellar.storage.Scan#setRowPrefix}
 * does the same with start and stop rows and is preferable when the scan has no other bounds.
 * Holds scan state (whether the prefix has been passed): one instance per scan.
 */
public final class PrefixFilter extends Filter {
  private final byte[] prefix;
  private boolean passed;

  public PrefixFilter(byte[] prefix) {
    this.prefix = Objects.requireNonNull(prefix, "prefix");
  }

  /** Convenience: UTF-8 prefix. */
  public PrefixFilter(String prefix) {
    this(Bytes.toBytes(prefix));
  }

  public byte[] getPrefix() {
    return prefix;
  }

  @Override
  public boolean filterRowKey(Cell firstRowCell) {
    byte[] row = firstRowCell.row();
    if (Bytes.startsWith(row, prefix)) {
      return false;
    }
    int c = Bytes.compare(row, prefix);
    if (isReversed() ? c < 0 : c > 0) {
      passed = true;
    }
    return true;
  }

  @Override
  public boolean filterAllRemaining() {
    return passed;
  }

  @Override
  public Cell getNextCellHint(Cell current) {
    byte[] row = current.row();
    if (!isReversed()) {
      return Bytes.compare(row, prefix) < 0 ? Hints.row(prefix) : null;
    }
    byte[] end = Bytes.prefixEnd(prefix);
    // Reversed: continue at the largest row not above the prefix's end (rejected if it is the end itself).
    return end.length > 0 && Bytes.compare(row, end) > 0 ? Hints.row(end) : null;
  }

  @Override
  public String toString() {
    return "PrefixFilter(" + Bytes.toStringBinary(prefix) + ")";
  }

  @Override
  public Filter copy() {
    return new PrefixFilter(prefix);
  }
}
