package dev.cellar.storage.filter;

import dev.cellar.storage.Cell;

/**
 * Returns only the first visible cell of each row and seeks to the next row; with
 * {@link KeyOnlyFilter} in a {@link FilterList} it lists row keys at the lowest cost. Stateless.
 */
public final class FirstKeyOnlyFilter extends Filter {
  @Override
  public ReturnCode filterCell(Cell c) {
    return ReturnCode.INCLUDE_AND_SEEK_NEXT_ROW;
  }

  @Override
  public String toString() {
    return "FirstKeyOnlyFilter";
  }

  @Override
  public Filter copy() {
    return new FirstKeyOnlyFilter();
  }
}
