package dev.cellar.storage.filter;

import dev.cellar.storage.Cell;

/**
 * Keeps the rows whose key passes {@code row OP reference}; decided before any cell of the
 * row is read. Prefer start and stop rows where they can express the condition: they read
 * nothing outside the range, while this filter looks at every row key in it.
 */
public final class RowFilter extends CompareFilter {
  public RowFilter(CompareOperator op, ByteArrayComparable comparator) {
    super(op, comparator);
  }

  @Override
  public boolean filterRowKey(Cell firstRowCell) {
    return !passes(firstRowCell.row());
  }

  @Override
  public Filter copy() {
    return new RowFilter(getCompareOperator(), getComparator());
  }
}
