package dev.cellar.storage.region;

import dev.cellar.storage.CellView;
import dev.cellar.storage.ScanVisitor;
import dev.cellar.storage.filter.Filter;
import dev.cellar.storage.sst.StoreFileIterator;
import java.util.Arrays;

/**
 * The row loops of a forward scan whose only source is one store file, every cell of it visible
 * ({@link RowCellReader#allVisible}) and its family read whole, so that each row's cells are
 * shown as they come with no read rule to apply. The file's iterator is called as itself, not
 * through {@link dev.cellar.storage.iter.CellIterator}: these loops stay small, quick to
 * compile and free of calls whose target depends on what else the process has read.
 *
 * <p>A row's end is told by the file's hints ({@link StoreFileIterator#sameRowAsPrevious()},
 * {@link StoreFileIterator#otherRowThanPrevious()}), else by comparing with the row's key, which
 * is copied when the row starts.
 */
final class FileRows {
  private final StoreFileIterator file;
  private final ScanRows rows;
  private byte[] row = new byte[64];
  private int rowLength;

  FileRows(StoreFileIterator file, ScanRows rows) {
    this.file = file;
    this.rows = rows;
  }

  /**
   * {@link RegionScanner#visit} from the file's current cell, the first of a row: every row up to
   * the scan's bound, at most {@code maxRows}. Returns the number of rows visited.
   */
  int visit(ScanVisitor visitor, int maxRows) {
    StoreFileIterator f = file;
    int visited = 0;
    while (visited < maxRows && f.valid()) {
      CellView v = f.view();
      if (rows.pastBound(f, v)) {
        break;
      }
      startRow(v);
      visitor.startRow(v);
      while (true) {
        visitor.cell(v);
        if (visitor.rowDone()) {
          f.nextSkippingRow();
          break;
        }
        f.next();
        if (!inRow(v)) {
          break;
        }
      }
      visited++;
    }
    return visited;
  }

  /**
   * Runs the row of the file's current cell past {@code filter} (reset, deciding rows on views and
   * never on keys) as views, as {@link RegionScanner} does in its first pass, until the filter has
   * decided; returns whether it keeps the row. A row dropped is passed: the file is then at the
   * next row's first cell, or at its end.
   */
  boolean keptOnViews(Filter filter) {
    StoreFileIterator f = file;
    CellView v = f.view();
    startRow(v);
    boolean inRow = true;
    while (true) {
      Filter.ReturnCode code = filter.filterCell(v);
      if (code != Filter.ReturnCode.INCLUDE && code != Filter.ReturnCode.SKIP) {
        break;
      }
      f.next();
      inRow = inRow(v);
      if (!inRow || filter.rowDecided()) {
        break;
      }
    }
    boolean kept = !filter.filterRow();
    if (!kept && inRow) {
      f.nextSkippingRow();
    }
    return kept;
  }

  /** Whether the file is at a cell (as {@link #valid}) that is not past the scan's bound. */
  boolean atRowWithinBound() {
    StoreFileIterator f = file;
    return f.valid() && !rows.pastBound(f, f.view());
  }

  /** The key of the row started last, as a new array. */
  byte[] rowCopy() {
    return Arrays.copyOf(row, rowLength);
  }

  private void startRow(CellView v) {
    int n = v.rowLength();
    if (n > row.length) {
      row = new byte[Math.max(n, row.length * 2)];
    }
    System.arraycopy(v.rowArray(), v.rowOffset(), row, 0, n);
    rowLength = n;
  }

  /** After a {@code next()} from a cell of the current row: whether the file is still in that row. */
  private boolean inRow(CellView v) {
    StoreFileIterator f = file;
    return f.valid() && (f.sameRowAsPrevious() || !f.otherRowThanPrevious() && v.rowEquals(row, 0, rowLength));
  }
}
