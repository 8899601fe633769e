package dev.cellar.storage.iter;

import dev.cellar.storage.Cell;
import dev.cellar.storage.CellView;

/**
 * A cursor over cells in {@link dev.cellar.storage.CellComparator#WITH_SEQUENCE} order. Every
 * source of cells (memstore, store file, merged view) implements it, so that combinators stack.
 *
 * <p>Contract:
 * <ul>
 *   <li>A new iterator is unpositioned: {@link #valid()} is false until {@link #seekToFirst()}
 *       or {@link #seek(Cell)} is called.</li>
 *   <li>{@link #cell()} and {@link #next()} require {@link #valid()}; after {@code next()} the
 *       iterator is at the following cell or, past the last, not valid.</li>
 *   <li>{@link #seek(Cell)} positions at the first cell {@code >= key} in
 *       {@code WITH_SEQUENCE} order, from any position, forwards or backwards.</li>
 *   <li>{@link #lastRowBefore(byte[])} does not depend on or keep the position: afterwards the
 *       caller must seek again.</li>
 *   <li>The cell returned by {@link #cell()} stays valid after the iterator moves.</li>
 *   <li>{@link #view()} shows the current cell without building it; the view is valid only
 *       until the iterator moves (or is closed), and then shows nothing defined.</li>
 *   <li>Errors (corrupt data, I/O) are unchecked {@link dev.cellar.storage.StorageException}s.</li>
 *   <li>{@link #close()} releases resources and is idempotent. Not thread-safe.</li>
 * </ul>
 */
public interface CellIterator extends AutoCloseable {
  /** Positions at the first cell, if any. */
  void seekToFirst();

  /** Positions at the first cell {@code >= key}. */
  void seek(Cell key);

  /** Whether the iterator is at a cell. */
  boolean valid();

  /** The current cell; requires {@link #valid()}. */
  Cell cell();

  /**
   * The current cell as a view, which may point into the iterator's buffers (no cell is built,
   * no value copied); requires {@link #valid()}. Valid until the iterator moves. By default the
   * {@link #cell()} itself.
   */
  default CellView view() {
    return cell();
  }

  /**
   * A hint: true only if the last move was {@link #next()} and the current cell has the same
   * row as the cell the iterator was at before it. False says nothing (by default it is
   * always false); a reader may skip comparing rows when it is true.
   */
  default boolean sameRowAsPrevious() {
    return false;
  }

  /**
   * A hint: true only if the last move was {@link #next()} and the current cell's row differs
   * from the row of the cell the iterator was at before it. False says nothing (by default it
   * is always false); a reader may skip comparing rows when it is true.
   */
  default boolean otherRowThanPrevious() {
    return false;
  }

  /**
   * The part of its cells the iterator is in (a store file's iterator: its current data block),
   * as an object that stays the same while {@link #next()} moves inside the part, or
   * {@code null} when the iterator tells none (by default). A reader may compare a bound with
   * the part's last row ({@link #lastRowOfPart()}) once instead of with each row in it.
   */
  default Object part() {
    return null;
  }

  /** The largest row of any cell of the current {@link #part()}, which must not be null. */
  default byte[] lastRowOfPart() {
    throw new IllegalStateException("the iterator tells no part");
  }

  /** Advances; requires {@link #valid()}. */
  void next();

  /**
   * Advances past the current cell and past as many of the following cells of its row as the
   * iterator can pass without showing them, but never past the first cell of a later row;
   * requires {@link #valid()}. By default one {@link #next()}. Afterwards
   * {@link #sameRowAsPrevious()} and {@link #otherRowThanPrevious()} compare the new current
   * cell with the row the iterator was in. For a reader that is done with a row.
   */
  default void nextSkippingRow() {
    next();
  }

  /**
   * The largest row key, smaller than {@code row}, of any cell of this iterator, or
   * {@code null} if there is none. With {@code row} empty, the largest row of all. Used by
   * reversed scans; leaves the position undefined.
   */
  byte[] lastRowBefore(byte[] row);

  @Override
  void close();
}
