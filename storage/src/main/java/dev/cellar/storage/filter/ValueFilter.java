package dev.cellar.storage.filter;

import dev.cellar.storage.Cell;

/** Keeps the cells whose value passes {@code value OP reference}; the others are skipped one by one. */
public final class ValueFilter extends CompareFilter {
  public ValueFilter(CompareOperator op, ByteArrayComparable comparator) {
    super(op, comparator);
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    return passes(c.value()) ? ReturnCode.INCLUDE : ReturnCode.SKIP;
  }

  @Override
  public Filter copy() {
    return new ValueFilter(getCompareOperator(), getComparator());
  }
}
