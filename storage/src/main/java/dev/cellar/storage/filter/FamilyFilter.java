package dev.cellar.storage.filter;

import dev.cellar.storage.Cell;

/**
 * Keeps the cells of families whose name passes {@code family OP reference}. A failing family
 * is skipped with one seek to the next family of the row (HBase moves to the next row, which
 * would also skip later families that pass). Selecting families on the scan is cheaper still.
 */
public final class FamilyFilter extends CompareFilter {
  public FamilyFilter(CompareOperator op, ByteArrayComparable comparator) {
    super(op, comparator);
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    return passes(c.family()) ? ReturnCode.INCLUDE : ReturnCode.SEEK_NEXT_USING_HINT;
  }

  @Override
  public Cell getNextCellHint(Cell current) {
    return Hints.nextFamily(current);
  }

  @Override
  public Filter copy() {
    return new FamilyFilter(getCompareOperator(), getComparator());
  }
}
