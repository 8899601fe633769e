package dev.cellar.storage.memstore;

import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.iter.CellIterator;
import dev.cellar.storage.iter.SortedMapIterator;
import java.util.Iterator;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Cells of one family of one region not yet written to a store file, sorted in
 * {@link CellComparator#WITH_SEQUENCE} order. Lock-free for concurrent writers and readers;
 * readers filter by sequence number (see {@link Mvcc}) to see a consistent snapshot. Once a
 * flush takes it as a snapshot it is no longer written to.
 */
public final class MemStore {
  private final ConcurrentSkipListMap<Cell, Cell> cells = new ConcurrentSkipListMap<>(CellComparator.WITH_SEQUENCE);
  private final RowFilter rows = new RowFilter();
  private final AtomicLong bytes = new AtomicLong();
  private final AtomicLong minSequence = new AtomicLong(Long.MAX_VALUE);
  private final AtomicLong maxTimestamp = new AtomicLong(Long.MIN_VALUE);

  /**
   * Adds a cell (its sequence number already assigned). A cell with an identical key (same
   * coordinates, timestamp, type and sequence: the same column twice in one batch) replaces the
   * earlier one.
   */
  public void add(Cell c) {
    rows.add(c.row());
    if (cells.put(c, c) == null) {
      bytes.addAndGet(c.estimatedSize());
    }
    long seq = c.sequenceId();
    long m;
    while (seq < (m = minSequence.get()) && !minSequence.compareAndSet(m, seq)) {
      // retry
    }
    long ts = c.timestamp();
    while (ts > (m = maxTimestamp.get()) && !maxTimestamp.compareAndSet(m, ts)) {
      // retry
    }
  }

  /** Removes a cell added earlier (a write whose log record failed is rolled back). */
  public void remove(Cell c) {
    if (cells.remove(c) != null) {
      bytes.addAndGet(-c.estimatedSize());
    }
  }

  /**
   * False if the memstore holds no cell of {@code row}; true if it may. A reader asks after
   * taking its read point, and gets true for every row whose cells that read point covers.
   */
  public boolean mayHoldRow(byte[] row) {
    return rows.mayContain(row);
  }

  /** Approximate heap bytes held. */
  public long heapSize() {
    return bytes.get();
  }

  /** Number of cells. */
  public int cellCount() {
    return cells.size();
  }

  public boolean isEmpty() {
    return cells.isEmpty();
  }

  /** The smallest sequence number held, or {@link Long#MAX_VALUE} when empty. */
  /** The highest timestamp of a cell ever added (removals do not lower it), or {@link Long#MIN_VALUE} when none. */
  public long maxTimestamp() {
    return maxTimestamp.get();
  }

  public long minSequence() {
    return minSequence.get();
  }

  /** Cells in order, for flushing. */
  public Iterator<Cell> cellsInOrder() {
    return cells.values().iterator();
  }

  /** A cursor over the cells; sees cells added after it was created (callers filter by sequence). */
  public CellIterator iterator() {
    return new SortedMapIterator(cells);
  }
}
