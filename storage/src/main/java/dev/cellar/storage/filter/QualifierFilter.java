package dev.cellar.storage.filter;

import dev.cellar.storage.Cell;

/** Keeps the columns whose qualifier passes {@code qualifier OP reference}; a failing column is skipped whole. */
public final class QualifierFilter extends CompareFilter {
  public QualifierFilter(CompareOperator op, ByteArrayComparable comparator) {
    super(op, comparator);
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    return passes(c.qualifier()) ? ReturnCode.INCLUDE : ReturnCode.NEXT_COL;
  }

  @Override
  public Filter copy() {
    return new QualifierFilter(getCompareOperator(), getComparator());
  }
}
