package dev.cellar.storage.region;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellView;
import dev.cellar.storage.Result;
import dev.cellar.storage.Scan;
import dev.cellar.storage.ScanVisitor;
import dev.cellar.storage.filter.Filter;
import dev.cellar.storage.iter.CellIterator;
import dev.cellar.storage.sst.StoreFileIterator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Streams the rows of one region that a {@link Scan} selects, forwards or reversed, from the
 * snapshot fixed when it was opened. Each {@link #next()} returns one row, or at most
 * {@code batch} cells of one row.
 *
 * <p>The scan's {@link Filter} runs here, on the cells {@link RowCellReader} makes visible, in
 * the order its contract states; rows and cells it rejects are never returned. Its answers
 * move the iterator: a rejected row key or {@code NEXT_ROW} seeks to the next row (or to the
 * filter's hint when it points to a later row), {@code NEXT_COL} seeks past the column, and an
 * in-row hint seeks to the hinted column, so that what a filter excludes is skipped by seeks
 * rather than read cell by cell where the filter can tell. A filter with a row-level decision
 * ({@link Filter#hasFilterRow()}) makes the scanner collect each row's cells before returning
 * them; a batch size then splits the collected row. Without one, rows stream cell by cell.
 */
public final class RegionScanner implements AutoCloseable {
  private final Scan scan;
  private final CellIterator it;
  private final RowCellReader reader;
  private final Runnable onClose;
  private final ScanRows rows;
  private final int batch;
  private int rowsLeft;
  private byte[] currentRow;
  private boolean midRow;
  private boolean rowCounted;
  private boolean exhausted;
  private boolean closed;
  private final Filter filter;
  /** The current row has no more cells to offer (ended, or a filter skipped its rest). */
  private boolean rowDone;
  /** Where the next row starts, from a filter's hint into a later row; {@code null} if none. */
  private Cell rowHint;
  /** The filtered cells of the current row, when the filter decides per row; {@code null} when streaming. */
  private List<Cell> collected;
  private int collectedPos;
  /**
   * Rows a filter that {@link Filter#decidesRowsOnViews()} decided lately, and of those kept
   * (both halved every {@value #DECIDED_WINDOW} rows): the scanner decides on views first while
   * at most a quarter of the rows are kept, since a kept row is read twice.
   */
  private int decided;
  private int kept;
  private static final int DECIDED_WINDOW = 4096;
  /** Whether the scan reads one family, whole: what {@link FileRows} needs besides one visible file. */
  private final boolean oneWholeFamily;
  /**
   * Whether the filter has row-level steps and decides rows on views
   * ({@link Filter#decidesRowsOnViews()}); what a filter is does not change, so it is asked once.
   */
  private final boolean viewsFilter;
  /** Whether the filter never decides on row keys ({@link Filter#filtersRowKeys()}), asked once. */
  private final boolean keysUnfiltered;
  /** The loops over the only source, a store file, when its rows are shown as they come; else null. */
  private FileRows fileRows;

  /**
   * @param it merged iterator over every source of the families read (owned: closed with the scanner)
   * @param families the spec of each family read, in a map ordered as unsigned bytes
   * @param filter the filter this region applies (the scan's own, or a copy for this region), or {@code null}
   * @param regionStart the region's first row (inclusive), empty for the first region
   * @param regionEnd the region's end row (exclusive), empty for the last region
   * @param onClose released when the scanner closes (file references)
   */
  RegionScanner(Scan scan, Filter filter, CellIterator it, long readPoint, Map<byte[], FamilyReadSpec> families,
      byte[] regionStart, byte[] regionEnd, Runnable onClose) {
    this.scan = scan;
    this.it = it;
    this.reader = new RowCellReader(it, readPoint, scan.timeRange(), families);
    this.onClose = onClose;
    this.batch = scan.batch();
    this.rowsLeft = scan.limit() > 0 ? scan.limit() : Integer.MAX_VALUE;
    this.rows = new ScanRows(scan, it, reader, regionStart, regionEnd);
    this.filter = filter;
    this.oneWholeFamily = families.size() == 1 && families.values().iterator().next().wholeFamily();
    this.viewsFilter = filter != null && filter.hasFilterRow() && filter.filtersViews() && filter.decidesRowsOnViews();
    this.keysUnfiltered = filter != null && !filter.filtersRowKeys();
    if (filter != null) {
      filter.setReversed(scan.isReversed());
    }
  }

  /**
   * Its only source shows visible cells only ({@link RowCellReader#allVisible}); no filter, or
   * one that only includes, skips or asks for the next row ({@link Filter#decidesRowsOnViews()}).
   */
  void allCellsVisible() {
    if (filter != null && !filter.decidesRowsOnViews()) {
      throw new IllegalStateException("a scan with a filter that moves by columns applies the read rules");
    }
    reader.allCellsVisible();
    if (it instanceof StoreFileIterator file && oneWholeFamily) {
      fileRows = new FileRows(file, rows);
    }
  }

  /** Lowers the number of rows this scanner may still return (0 = no limit); the table's limit spans regions. */
  public void limitRows(int rows) {
    rowsLeft = rows == 0 ? Integer.MAX_VALUE : rows;
  }

  /** The next row (or part of a row), or {@code null} at the end of the scan in this region. */
  public Result next() {
    if (exhausted || closed) {
      return null;
    }
    while (true) {
      if (!midRow) {
        if (rowsLeft <= 0 || (filter != null && filter.filterAllRemaining())) {
          exhausted = true;
          return null;
        }
        if (!startNextRow()) {
          if (exhausted) {
            return null;
          }
          continue;
        }
      }
      List<Cell> cells = new ArrayList<>();
      if (collected != null) {
        int end = batch == 0 ? collected.size() : Math.min(collected.size(), collectedPos + batch);
        cells.addAll(collected.subList(collectedPos, end));
        collectedPos = end;
        if (collectedPos == collected.size()) {
          collected = null;
          midRow = false;
        }
      } else {
        Cell c;
        while ((batch == 0 || cells.size() < batch) && (c = nextCell()) != null) {
          cells.add(c);
        }
        if (batch == 0 || cells.size() < batch) {
          midRow = false;
        }
      }
      if (!cells.isEmpty()) {
        if (!rowCounted) {
          rowCounted = true;
          rowsLeft--;
        }
        return Result.of(cells);
      }
    }
  }

  /**
   * Passes the rest of this scan's cells, at most {@code maxRows} rows of them, to
   * {@code visitor} as views of the merged iterator's cells: no {@link Result} or {@link Cell}
   * is built, the same cells as {@link #next()} would return in the same order. Only for a
   * forward scan without a filter that has not started; the scanner is exhausted afterwards.
   *
   * @return the number of rows visited
   */
  public int visit(ScanVisitor visitor, int maxRows) {
    if (filter != null || scan.isReversed() || rows.started() || closed) {
      throw new IllegalStateException("visit needs a new forward scanner without a filter");
    }
    exhausted = true;
    rows.seekFirstForward();
    if (fileRows != null) {
      return fileRows.visit(visitor, maxRows);
    }
    int visited = 0;
    while (visited < maxRows && it.valid()) {
      if (rows.pastBound(it.view())) {
        break;
      }
      reader.startRowAtIterator();
      boolean any = false;
      while (reader.advance()) {
        CellView c = it.view();
        if (!any) {
          any = true;
          visitor.startRow(c);
        }
        visitor.cell(c);
        reader.consume();
        if (visitor.rowDone()) {
          // the rest of the row is stepped over, none of its cells read out
          reader.skipRow();
          break;
        }
      }
      if (any) {
        visited++;
      }
    }
    return visited;
  }

  /**
   * Moves to the next row and runs the filter's row-level steps; returns false if the row was
   * rejected (try the next) and true if it is ready to read ({@code midRow} set), setting
   * {@code exhausted} at the end of the scan.
   */
  private boolean startNextRow() {
    Cell hint = rowHint;
    if (hint == null && !scan.isReversed() && decidesOnViewsFirst() && keysUnfiltered) {
      return startRowOnViews();
    }
    byte[] row = scan.isReversed() ? rows.nextReversed(rowHint, currentRow) : nextRowForward();
    rowHint = null;
    if (row == null) {
      exhausted = true;
      return false;
    }
    currentRow = row;
    rowDone = false;
    if (scan.isReversed()) {
      reader.startRow(row);
    } else {
      // a forward scan's next row is the row of the iterator's cell
      reader.startRowAt(row);
    }
    if (filter != null) {
      filter.reset();
      // only the row of the cell given to filterRowKey is meaningful: no stored cell is decoded for it
      Cell first = Cell.firstOnRow(row);
      if (filter.filterRowKey(first)) {
        rowDone = true;
        followHint(first, filter.getNextCellHint(first));
        return false;
      }
      if (hint != null && Arrays.equals(hint.row(), row) && hint.family().length > 0) {
        reader.seekTo(hint);
      }
      if (filter.hasFilterRow()) {
        boolean onViews = filter.filtersViews() && filter.decidesRowsOnViews() && !scan.isReversed();
        if (onViews && 4 * kept <= decided) {
          if (!keptOnViews()) {
            countDecided(false);
            rowDone = true;
            return false;
          }
          // kept: read the row again from its start, building its cells
          filter.reset();
          it.seek(first);
          reader.startRow(row);
          if (hint != null && Arrays.equals(hint.row(), row) && hint.family().length > 0) {
            reader.seekTo(hint);
          }
        }
        return collectRow(onViews);
      }
    }
    midRow = true;
    rowCounted = false;
    return true;
  }

  /**
   * Reads the current row's cells through the filter for a filter with row-level steps, and
   * runs those; false if the row is dropped, else the row is ready ({@code collected} holds its
   * cells). {@code onViews}: the row was first decided on views, and counts as decided.
   */
  private boolean collectRow(boolean onViews) {
    List<Cell> cells = new ArrayList<>();
    Cell c;
    while ((c = nextCell()) != null) {
      cells.add(c);
    }
    filter.filterRowCells(cells);
    boolean dropped = cells.isEmpty() || filter.filterRow();
    if (onViews) {
      countDecided(!dropped);
    }
    if (dropped) {
      return false;
    }
    collected = cells;
    collectedPos = 0;
    midRow = true;
    rowCounted = false;
    return true;
  }

  /**
   * Whether the next row is to be decided on views first ({@link Filter#decidesRowsOnViews()}):
   * while at most a quarter of the rows decided lately were kept, since a kept row is read twice.
   */
  private boolean decidesOnViewsFirst() {
    return viewsFilter && 4 * kept <= decided;
  }

  /**
   * {@link #startNextRow()} for a forward scan whose filter decides the row on views and never
   * on its key: a row dropped is read in place, with no copy of its key and no cell built.
   */
  private boolean startRowOnViews() {
    if (!rows.nextForward(rowHint)) {
      exhausted = true;
      return false;
    }
    if (fileRows != null) {
      return startRowOnViewsInFile();
    }
    rowDone = false;
    filter.reset();
    reader.startRowAtIterator();
    if (!keptOnViews()) {
      countDecided(false);
      rowDone = true;
      return false;
    }
    return readKeptRow(reader.rowCopy());
  }

  /** A row the filter kept on views is read again from its start, building its cells. */
  private boolean readKeptRow(byte[] row) {
    currentRow = row;
    filter.reset();
    it.seek(Cell.firstOnRow(row));
    reader.startRow(row);
    return collectRow(true);
  }

  /**
   * {@link #startRowOnViews()} over the only source, a store file ({@link FileRows}), from the
   * first cell of a row within the bound: passes the rows the filter drops until it keeps one
   * (read again as the general path does), the scan ends, or rows are no longer to be decided on
   * views first.
   */
  private boolean startRowOnViewsInFile() {
    while (true) {
      rowDone = false;
      filter.reset();
      if (fileRows.keptOnViews(filter)) {
        return readKeptRow(fileRows.rowCopy());
      }
      countDecided(false);
      rowDone = true;
      if (!decidesOnViewsFirst() || filter.filterAllRemaining()) {
        return false;
      }
      if (!fileRows.atRowWithinBound()) {
        exhausted = true;
        return false;
      }
    }
  }

  private void countDecided(boolean keptRow) {
    decided++;
    if (keptRow) {
      kept++;
    }
    if (decided == DECIDED_WINDOW) {
      decided /= 2;
      kept /= 2;
    }
  }

  /**
   * The first pass of {@link Filter#decidesRowsOnViews()}: runs the row's cells past the filter
   * as views, building none, until the row is decided; false if the filter then drops the row.
   */
  private boolean keptOnViews() {
    while (reader.advance()) {
      Filter.ReturnCode code = filter.filterCell(it.view());
      if (code != Filter.ReturnCode.INCLUDE && code != Filter.ReturnCode.SKIP) {
        break;
      }
      reader.consume();
      if (filter.rowDecided()) {
        break;
      }
    }
    return !filter.filterRow();
  }

  /** The next cell of the current row that the filter lets through (transformed), or {@code null}. */
  private Cell nextCell() {
    boolean views = filter != null && filter.filtersViews();
    while (!rowDone) {
      Cell c;
      Filter.ReturnCode code;
      if (views) {
        // the filter decides on the cell in place; only a cell it returns (or hints from) is built
        if (!reader.advance()) {
          rowDone = true;
          return null;
        }
        code = filter.filterCell(it.view());
        c = code.includes() || code == Filter.ReturnCode.SEEK_NEXT_USING_HINT ? it.cell() : null;
        reader.consume();
      } else {
        c = reader.next();
        if (c == null) {
          rowDone = true;
          return null;
        }
        if (filter == null) {
          return c;
        }
        code = filter.filterCell(c);
      }
      switch (code) {
        case INCLUDE:
          return filter.transformCell(c);
        case INCLUDE_AND_NEXT_COL:
          reader.skipColumn();
          return filter.transformCell(c);
        case INCLUDE_AND_SEEK_NEXT_ROW:
          rowDone = true;
          return filter.transformCell(c);
        case SKIP:
          break;
        case NEXT_COL:
          reader.skipColumn();
          break;
        case NEXT_ROW:
          rowDone = true;
          break;
        case SEEK_NEXT_USING_HINT:
          followHint(c, filter.getNextCellHint(c));
          break;
        default:
          throw new IllegalStateException("unknown filter return code");
      }
    }
    return null;
  }

  /**
   * Acts on a filter's hint given at cell {@code c}: a hint in the current row seeks within it,
   * one in a later row (in scan order) ends this row and sets where the next begins; a hint
   * that does not move forward is ignored.
   */
  private void followHint(Cell c, Cell hint) {
    if (hint == null) {
      return;
    }
    int cmp = Bytes.compare(hint.row(), currentRow);
    if (cmp == 0) {
      if (!rowDone) {
        reader.seekTo(hint);
      }
    } else if (scan.isReversed() ? cmp < 0 : cmp > 0) {
      rowDone = true;
      rowHint = hint;
    }
  }

  private byte[] nextRowForward() {
    if (!rows.nextForward(rowHint)) {
      return null;
    }
    CellView v = it.view();
    int ro = v.rowOffset();
    return Arrays.copyOfRange(v.rowArray(), ro, ro + v.rowLength());
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      try {
        it.close();
      } finally {
        onClose.run();
      }
    }
  }
}
