package dev.cellar.storage.memstore;

import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.iter.CellIterator;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentNavigableMap;
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
  private final AtomicLong bytes = new AtomicLong();
  private final AtomicLong minSequence = new AtomicLong(Long.MAX_VALUE);

  /**
   * Adds a cell (its sequence number already assigned). A cell with an identical key (same
   * coordinates, timestamp, type and sequence: the same column twice in one batch) replaces the
   * earlier one.
   */
  public void add(Cell c) {
    if (cells.put(c, c) == null) {
      bytes.addAndGet(c.estimatedSize());
    }
    long seq = c.sequenceId();
    long m;
    while (seq < (m = minSequence.get()) && !minSequence.compareAndSet(m, seq)) {
      // retry
    }
  }

  /** Removes a cell added earlier (a write whose log record failed is rolled back). */
  public void remove(Cell c) {
    if (cells.remove(c) != null) {
      bytes.addAndGet(-c.estimatedSize());
    }
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
  public long minSequence() {
    return minSequence.get();
  }

  /** Cells in order, for flushing. */
  public Iterator<Cell> cellsInOrder() {
    return cells.values().iterator();
  }

  /** A cursor over the cells; sees cells added after it was created (callers filter by sequence). */
  public CellIterator iterator() {
    return new Cursor();
  }

  private final class Cursor implements CellIterator {
    private Iterator<Cell> it;
    private Cell current;

    @Override
    public void seekToFirst() {
      position(cells);
    }

    @Override
    public void seek(Cell key) {
      position(cells.tailMap(key, true));
    }

    private void position(ConcurrentNavigableMap<Cell, Cell> view) {
      // Values, not keys: a later cell with an equal key (same batch) replaced the value only.
      it = view.values().iterator();
      current = it.hasNext() ? it.next() : null;
    }

    @Override
    public boolean valid() {
      return current != null;
    }

    @Override
    public Cell cell() {
      return current;
    }

    @Override
    public void next() {
      current = it.hasNext() ? it.next() : null;
    }

    @Override
    public byte[] lastRowBefore(byte[] row) {
      Map.Entry<Cell, Cell> e = row.length == 0 ? cells.lastEntry() : cells.lowerEntry(Cell.firstOnRow(row));
      return e == null ? null : e.getKey().row();
    }

    @Override
    public void close() {
      it = null;
      current = null;
    }
  }
}
