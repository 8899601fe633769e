package dev.cellar.storage.filter;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a {@link Filter} over whole rows as a store returned them (their cells already through
 * versions, time range, TTL and deletes): HBase's client for filters its servers lack, and readers
 * that must see rows before filtering them (index entries checked against their data rows), calling its methods in
 * the order {@link Filter} describes. Hints are followed inside the row; a hint into another row
 * ends the row (the store has sent the rows in between already, and they are filtered
 * one by one). Not thread-safe: one per read.
 */
public final class ClientFilter {
  private final Filter filter;
  private final boolean reversed;
  private boolean done;

  /** A run of {@code filter} over the rows of one read, forward or {@code reversed}. */
  public ClientFilter(Filter filter, boolean reversed) {
    this.filter = filter;
    this.reversed = reversed;
    filter.setReversed(reversed);
  }

  /** Whether the filter has said no later row can pass. */
  public boolean done() {
    return done;
  }

  /** The cells of {@code row} (one row, in order) the filter keeps, or {@code null} if it drops the row. */
  public List<Cell> apply(List<Cell> row) {
    if (done || filter.filterAllRemaining()) {
      done = true;
      return null;
    }
    if (row.isEmpty()) {
      return null;
    }
    filter.reset();
    Cell first = row.get(0);
    if (filter.filterRowKey(first)) {
      return null;
    }
    List<Cell> kept = new ArrayList<>();
    int i = 0;
    scan:
    while (i < row.size()) {
      Cell c = row.get(i);
      Filter.ReturnCode rc = filter.filterCell(c);
      if (rc.includes()) {
        kept.add(filter.transformCell(c));
      }
      switch (rc) {
        case INCLUDE, SKIP -> i++;
        case INCLUDE_AND_NEXT_COL, NEXT_COL -> i = nextColumn(row, i);
        case INCLUDE_AND_SEEK_NEXT_ROW, NEXT_ROW -> {
          break scan;
        }
        case SEEK_NEXT_USING_HINT -> {
          Cell hint = filter.getNextCellHint(c);
          if (hint == null) {
            i++;
          } else if (!java.util.Arrays.equals(hint.row(), c.row())) {
            int cmp = Bytes.compare(hint.row(), c.row());
            if (reversed ? cmp < 0 : cmp > 0) {
              break scan;
            }
            i++;
          } else {
            int next = i + 1;
            while (next < row.size() && CellComparator.INSTANCE.compare(row.get(next), hint) < 0) {
              next++;
            }
            i = next;
          }
        }
        default -> throw new IllegalStateException("return code " + rc);
      }
    }
    if (filter.hasFilterRow()) {
      filter.filterRowCells(kept);
      if (!kept.isEmpty() && filter.filterRow()) {
        return null;
      }
    }
    return kept.isEmpty() ? null : kept;
  }

  private static int nextColumn(List<Cell> row, int i) {
    Cell c = row.get(i);
    int next = i + 1;
    while (next < row.size() && row.get(next).sameColumn(c)) {
      next++;
    }
    return next;
  }
}
