package dev.cellar.storage.filter;

import dev.cellar.storage.Cell;
import dev.cellar.storage.CellView;
import java.util.List;

/**
 * A predicate on rows and cells that a scan evaluates inside the engine, so that rows and
 * cells that fail it never leave the region scanner. The methods and return codes are HBase's,
 * with defaults that let everything through; a filter overrides the steps it needs.
 *
 * <p><b>When each method runs.</b> For every row the scanner reaches, in scan order:
 * <ol>
 *   <li>{@link #filterAllRemaining()}: {@code true} ends the scan (in every region);</li>
 *   <li>{@link #reset()}: per-row state is cleared;</li>
 *   <li>{@link #filterRowKey(Cell)} with a cell that sorts first in the row (only its row
 *       is meaningful): {@code true} skips the row without reading its cells. The scanner then
 *       asks {@link #getNextCellHint(Cell)} with the same cell: a hint past the row says where
 *       to continue (so that a filter can jump over many rejected rows with one seek);</li>
 *   <li>{@link #filterCell(Cell)} for each cell that the read rules (versions, time range,
 *       TTL, delete markers, column selection) have made visible, in
 *       {@link dev.cellar.storage.CellComparator} order; an included cell goes through
 *       {@link #transformCell(Cell)};</li>
 *   <li>if {@link #hasFilterRow()}: {@link #filterRowCells(List)} may change the row's
 *       included cells and then, if any remain, {@link #filterRow()} may drop the row.</li>
 * </ol>
 *
 * <p><b>Differences from HBase.</b> HBase runs {@code filterCell} before counting versions, so
 * a filter that skips the newest version can let an older one through; here filters see only
 * the cells the read rules return, so {@code readVersions(1)} always means the newest visible
 * version. Hints are followed at column granularity: a hint inside the current column (a
 * timestamp) is treated as {@link ReturnCode#SKIP}, because skipping versions could skip the
 * delete markers that hide them. {@code filterRowKey} may be followed by a hint.
 *
 * <p><b>Hints and reversed scans.</b> {@link ReturnCode#SEEK_NEXT_USING_HINT} continues at the
 * first cell at or after the hint in scan order. In a reversed scan rows come in descending
 * order, so a hint in another row continues at the largest row not above the hint's row. A
 * hint that does not move the scan forward is ignored. The scanner calls
 * {@link #setReversed(boolean)} before the first row.
 *
 * <p><b>State.</b> A filter instance belongs to one scan (or one get): its fields hold that
 * scan's progress (rows counted by {@link PageFilter}, the range reached by
 * {@link MultiRowRangeFilter}, the per-row state of {@link SingleColumnValueFilter}). Give
 * each scan its own instance; filters are cheap to build. An instance must not be used by two
 * scans at once. Scan-wide state such as a page count spans regions: a filter with such state
 * returns {@code null} from {@link #copy()} and its scan reads regions one after another with the
 * same instance; a filter that {@link #copy() copies} gets one instance per region and its scan
 * reads regions ahead in parallel.
 */
public abstract class Filter {
  /** What the scanner does with a cell after {@link #filterCell(Cell)}; HBase's codes. */
  public enum ReturnCode {
    /** Return the cell and go on with the next one. */
    INCLUDE,
    /** Return the cell and skip the remaining versions of its column. */
    INCLUDE_AND_NEXT_COL,
    /** Return the cell and skip the rest of the row. */
    INCLUDE_AND_SEEK_NEXT_ROW,
    /** Leave the cell out and go on with the next one. */
    SKIP,
    /** Leave the cell out and skip the remaining versions of its column. */
    NEXT_COL,
    /** Leave the cell out and skip the rest of the row (cells already included stay). */
    NEXT_ROW,
    /** Leave the cell out and continue at {@link Filter#getNextCellHint(Cell)}. */
    SEEK_NEXT_USING_HINT;

    /** Whether the cell is returned. */
    public boolean includes() {
      return this == INCLUDE || this == INCLUDE_AND_NEXT_COL || this == INCLUDE_AND_SEEK_NEXT_ROW;
    }
  }

  private boolean reversed;

  /**
   * A fresh instance with this filter's settings and none of its scan state, or {@code null}
   * when the filter's state must span the whole scan (a page count, a column count, a random
   * sequence). A scan whose filter can be copied gives each region its own copy and reads
   * regions ahead in parallel; otherwise its regions are read one after another with this
   * instance.
   */
  public Filter copy() {
    return null;
  }

  /** Clears per-row state; called before each row. */
  public void reset() {}

  /**
   * Whether to skip the whole row before reading its cells.
   *
   * @param firstRowCell a cell that sorts first in the row (not a stored cell); only its row key is meaningful
   */
  public boolean filterRowKey(Cell firstRowCell) {
    return false;
  }

  /**
   * Whether {@link #filterRowKey(Cell)} may reject a row or give a hint. True by default; a
   * filter that answers neither says false, and a scanner that can decide a row on views
   * ({@link #decidesRowsOnViews()}) then builds no key or cell of a row it drops.
   */
  public boolean filtersRowKeys() {
    return true;
  }

  /** Whether the scan is over: no later row can pass. Checked before each row. */
  public boolean filterAllRemaining() {
    return false;
  }

  /** Decides about one visible cell. */
  public ReturnCode filterCell(Cell c) {
    return ReturnCode.INCLUDE;
  }

  /**
   * Whether the scanner may call {@link #filterCell(CellView)} instead of
   * {@link #filterCell(Cell)}: the filter decides on a cell seen in place, and the scanner builds
   * only the cells it returns. False by default.
   */
  public boolean filtersViews() {
    return false;
  }

  /**
   * Decides about one visible cell seen through a view, which is valid only during the call;
   * the same decision as {@link #filterCell(Cell)} on the cell it shows. Called only when
   * {@link #filtersViews()} is true; by default builds the cell.
   */
  public ReturnCode filterCell(CellView v) {
    return filterCell(v instanceof Cell c ? c : v.toCell());
  }

  /** The cell to return in place of an included cell (for example without its value). */
  public Cell transformCell(Cell c) {
    return c;
  }

  /**
   * Where to continue after {@link ReturnCode#SEEK_NEXT_USING_HINT} for {@code current}, or
   * after {@link #filterRowKey(Cell)} rejected {@code current}'s row; {@code null} for no hint.
   */
  public Cell getNextCellHint(Cell current) {
    return null;
  }

  /**
   * Whether {@link #filterRowCells(List)} or {@link #filterRow()} do anything. If so the
   * scanner collects each row's included cells before returning any of them (a scan batch
   * then splits the collected row).
   */
  public boolean hasFilterRow() {
    return false;
  }

  /**
   * Whether, for a filter that {@link #filtersViews()} and {@link #hasFilterRow()}, the scanner
   * may first run a row's cells past {@link #filterCell(CellView)} without building any, until
   * {@link #rowDecided()} or the filter asks for the next row, and drop the row without building
   * a cell when {@link #filterRow()} then rejects it; a row it keeps is read again after
   * {@link #reset()}. Only for a filter whose decisions depend on the cells alone (the same
   * again after {@code reset()}), that only includes, skips or asks for the next row, and whose
   * {@link #filterRowCells(List)} does nothing. False by default.
   */
  public boolean decidesRowsOnViews() {
    return false;
  }

  /** In the first pass of {@link #decidesRowsOnViews()}: whether the row's fate is settled. */
  public boolean rowDecided() {
    return false;
  }

  /** May change the included cells of the row (a mutable list, in order) before {@link #filterRow()}. */
  public void filterRowCells(List<Cell> cells) {}

  /** Whether to drop the row after all its cells were seen; only called if {@link #hasFilterRow()}. */
  public boolean filterRow() {
    return false;
  }

  /** Tells the filter the scan's direction; set by the scanner. */
  public void setReversed(boolean reversed) {
    this.reversed = reversed;
  }

  /** Whether the scan runs in reverse row order. */
  public boolean isReversed() {
    return reversed;
  }
}
