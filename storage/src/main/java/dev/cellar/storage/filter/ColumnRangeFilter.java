package dev.cellar.storage.filter;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;

/**
 * Keeps the columns whose qualifier lies between a minimum and a maximum, each inclusive or
 * not; a {@code null} bound is open. Applies to every family read. Within a row it seeks from
 * a qualifier below the range to the minimum, and from one above it to the next family.
 * Stateless.
 */
public final class ColumnRangeFilter extends Filter {
  private final byte[] minColumn;
  private final boolean minColumnInclusive;
  private final byte[] maxColumn;
  private final boolean maxColumnInclusive;

  public ColumnRangeFilter(byte[] minColumn, boolean minColumnInclusive, byte[] maxColumn,
      boolean maxColumnInclusive) {
    this.minColumn = minColumn;
    this.minColumnInclusive = minColumnInclusive;
    this.maxColumn = maxColumn;
    this.maxColumnInclusive = maxColumnInclusive;
  }

  public byte[] getMinColumn() {
    return minColumn;
  }

  public boolean isMinColumnInclusive() {
    return minColumnInclusive;
  }

  public byte[] getMaxColumn() {
    return maxColumn;
  }

  public boolean isMaxColumnInclusive() {
    return maxColumnInclusive;
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    byte[] q = c.qualifier();
    if (minColumn != null) {
      int cmp = Bytes.compare(q, minColumn);
      if (cmp < 0) {
        return ReturnCode.SEEK_NEXT_USING_HINT;
      }
      if (cmp == 0 && !minColumnInclusive) {
        return ReturnCode.NEXT_COL;
      }
    }
    if (maxColumn != null) {
      int cmp = Bytes.compare(q, maxColumn);
      if (cmp > 0 || (cmp == 0 && !maxColumnInclusive)) {
        return ReturnCode.SEEK_NEXT_USING_HINT;
      }
    }
    return ReturnCode.INCLUDE;
  }

  @Override
  public Cell getNextCellHint(Cell current) {
    if (minColumn != null && Bytes.compare(current.qualifier(), minColumn) < 0) {
      return Hints.column(current, minColumn);
    }
    return Hints.nextFamily(current);
  }

  @Override
  public String toString() {
    return "ColumnRangeFilter(" + (minColumnInclusive ? "[" : "(")
        + (minColumn == null ? "" : Bytes.toStringBinary(minColumn)) + ", "
        + (maxColumn == null ? "" : Bytes.toStringBinary(maxColumn)) + (maxColumnInclusive ? "]" : ")") + ")";
  }

  @Override
  public Filter copy() {
    return new ColumnRangeFilter(minColumn, minColumnInclusive, maxColumn, maxColumnInclusive);
  }
}
