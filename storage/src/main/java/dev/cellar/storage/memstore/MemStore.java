package dev.cellar.storage.memstore;

import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.iter.CellIterator;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NavigableMap;
import java.util.NoSuchElementException;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Cells of one family of one region not yet written to a store file, sorted in
 * {@link CellComparator#WITH_SEQUENCE} order: a concurrent sorted map of rows, each holding its
 * cells ({@link MemRow}), so that a write of a row's cells searches the rows once, not once a
 * cell. Lock-free for readers and for writers of different rows; readers filter by sequence
 * number (see {@link Mvcc}) to see a consistent snapshot. Once a flush takes it as a snapshot it
 * is no longer written to.
 */
public final class MemStore {
  /** The rows by key. A row, once added, stays (empty if its cells are rolled back). */
  private final ConcurrentSkipListMap<byte[], MemRow> rows = new ConcurrentSkipListMap<>(Arrays::compareUnsigned);
  private final RowFilter filter = new RowFilter();
  private final AtomicLong bytes = new AtomicLong();
  private final AtomicInteger cells = new AtomicInteger();
  private final AtomicLong minSequence = new AtomicLong(Long.MAX_VALUE);
  private final AtomicLong maxTimestamp = new AtomicLong(Long.MIN_VALUE);
  /**
   * The row of the last add by any thread: the cells of one mutation come one after another.
   * Volatile, so that a writer taking it also sees the row in {@link #filter}.
   */
  private volatile MemRow last = NO_ROW;

  /**
   * {@link #last} before the first add: a row of no key, which no cell's row equals, so that the
   * first add of every memstore takes the same branch as a new row rather than one of its own
   * (a branch taken once per memstore makes the compiler drop and later recompile the write path).
   */
  private static final MemRow NO_ROW = new MemRow(null);

  /**
   * Adds a cell (its sequence number already assigned). A cell with an identical key (same
   * coordinates, timestamp, type and sequence: the same column twice in one batch) replaces the
   * earlier one.
   */
  public void add(Cell c) {
    byte[] key = c.row();
    MemRow r = last;
    if (r.key != key && !Arrays.equals(r.key, key)) {
      filter.add(key);
      // one search, whether the row is new (mostly) or not
      MemRow fresh = new MemRow(key);
      r = rows.putIfAbsent(key, fresh);
      r = r == null ? fresh : r;
      last = r;
    }
    if (r.add(c)) {
      bytes.addAndGet(c.estimatedSize());
      cells.incrementAndGet();
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
    MemRow r = rows.get(c.row());
    if (r != null && r.remove(c)) {
      bytes.addAndGet(-c.estimatedSize());
      cells.decrementAndGet();
    }
  }

  /**
   * False if the memstore holds no cell of {@code row}; true if it may. A reader asks after
   * taking its read point, and gets true for every row whose cells that read point covers.
   */
  public boolean mayHoldRow(byte[] row) {
    return filter.mayContain(row);
  }

  /**
   * Whether a row from {@code startRow} (inclusive) to {@code stopRow} (exclusive; empty: no
   * end) holds a cell with a sequence number above {@code readPoint}. Each row is asked once,
   * not each of its cells: a row updated many times over holds every version until the flush.
   */
  public boolean writtenAfter(byte[] startRow, byte[] stopRow, long readPoint) {
    NavigableMap<byte[], MemRow> range = stopRow.length == 0 ? rows.tailMap(startRow, true)
        : rows.subMap(startRow, true, stopRow, false);
    for (MemRow r : range.values()) {
      if (r.writtenAfter(readPoint)) {
        return true;
      }
    }
    return false;
  }

  /** Whether row {@code row} holds a cell with a sequence number above {@code readPoint}. */
  public boolean rowWrittenAfter(byte[] row, long readPoint) {
    MemRow r = rows.get(row);
    return r != null && r.writtenAfter(readPoint);
  }

  /** Approximate heap bytes held. */
  public long heapSize() {
    return bytes.get();
  }

  /** Number of cells. */
  public int cellCount() {
    return cells.get();
  }

  public boolean isEmpty() {
    return cells.get() == 0;
  }

  /** The highest timestamp of a cell ever added (removals do not lower it), or {@link Long#MIN_VALUE} when none. */
  public long maxTimestamp() {
    return maxTimestamp.get();
  }

  /** The smallest sequence number held, or {@link Long#MAX_VALUE} when empty. */
  public long minSequence() {
    return minSequence.get();
  }

  /** Cells in order, for flushing. */
  public Iterator<Cell> cellsInOrder() {
    CellIterator it = iterator();
    it.seekToFirst();
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return it.valid();
      }

      @Override
      public Cell next() {
        if (!it.valid()) {
          throw new NoSuchElementException();
        }
        Cell c = it.cell();
        it.next();
        return c;
      }
    };
  }

  /** A cursor over the cells; it may see cells added after it was created (callers filter by sequence). */
  public CellIterator iterator() {
    return new MemStoreIterator(rows);
  }
}
