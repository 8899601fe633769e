package dev.cellar.storage.filter;

/**
 * Returns at most {@code pageSize} rows, then ends the scan: no further row is read. A row
 * counts when it would be returned (it has cells left after the other filters). In a
 * {@link FilterList} with {@link FilterList.Operator#MUST_PASS_ALL}, put it last so that it
 * counts only rows the other filters keep (the list stops asking at the first filter that
 * drops a row). Paging (SEEDS.md §5): scan from the last row of the previous page, exclusive,
 * with a new PageFilter. Counts rows across the regions of the scan: one instance per scan.
 */
public final class PageFilter extends Filter {
  private final long pageSize;
  private long rowsAccepted;

  /** @throws IllegalArgumentException if {@code pageSize} is negative */
  public PageFilter(long pageSize) {
    if (pageSize < 0) {
      throw new IllegalArgumentException("page size " + pageSize + " must not be negative");
    }
    this.pageSize = pageSize;
  }

  public long getPageSize() {
    return pageSize;
  }

  @Override
  public boolean filterAllRemaining() {
    return rowsAccepted >= pageSize;
  }

  @Override
  public boolean hasFilterRow() {
    return true;
  }

  @Override
  public boolean filterRow() {
    rowsAccepted++;
    return rowsAccepted > pageSize;
  }

  @Override
  public String toString() {
    return "PageFilter(" + pageSize + ")";
  }
}
