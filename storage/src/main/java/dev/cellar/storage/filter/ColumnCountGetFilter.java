package dev.cellar.storage.filter;

import dev.cellar.storage.Cell;

/**
 * Returns the newest visible version of the first {@code limit} columns of each row (across
 * its families, in order) and skips the rest of the row. Meant for gets; unlike HBase, where
 * the first row with more columns ends a scan, a scan here moves on to the next row. Holds
 * per-row state: one instance per scan.
 */
public final class ColumnCountGetFilter extends Filter {
  private final int limit;
  private int count;

  /** @throws IllegalArgumentException if {@code limit} is negative */
  public ColumnCountGetFilter(int limit) {
    if (limit < 0) {
      throw new IllegalArgumentException("column limit " + limit + " must not be negative");
    }
    this.limit = limit;
  }

  public int getLimit() {
    return limit;
  }

  @Override
  public void reset() {
    count = 0;
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    if (count >= limit) {
      return ReturnCode.NEXT_ROW;
    }
    count++;
    return count == limit ? ReturnCode.INCLUDE_AND_SEEK_NEXT_ROW : ReturnCode.INCLUDE_AND_NEXT_COL;
  }

  @Override
  public String toString() {
    return "ColumnCountGetFilter(" + limit + ")";
  }
}
