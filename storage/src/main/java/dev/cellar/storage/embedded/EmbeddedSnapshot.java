package dev.cellar.storage.embedded;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.PendingWrites;
import dev.cellar.storage.Snapshot;
import dev.cellar.storage.StoreClosedException;
import dev.cellar.storage.Table;
import dev.cellar.storage.region.Region;
import dev.cellar.storage.region.RegionClosedException;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A {@link Snapshot} of the embedded engine: a pinned read point of the store's MVCC. Store files
 * keep every cell's sequence number, so a read at the pinned point sees exactly the writes
 * completed when it was taken, in memstores and files alike, however many flushes, splits and
 * compactions happen meanwhile: while any snapshot is open, major compactions drop nothing
 * ({@link Pins#mayDrop}).
 */
final class EmbeddedSnapshot implements Snapshot {
  private final EmbeddedStore store;
  private final long readPoint;
  private final AtomicBoolean closed = new AtomicBoolean();

  EmbeddedSnapshot(EmbeddedStore store) {
    this.store = store;
    this.readPoint = store.snapshots().pin(store.mvcc()::readPoint);
  }

  long readPoint() {
    return readPoint;
  }

  void checkOpen() {
    if (closed.get()) {
      throw new StoreClosedException("snapshot at read point " + readPoint + " is closed");
    }
  }

  @Override
  public Table table(String name, PendingWrites pending) {
    checkOpen();
    store.checkOpen();
    return new EmbeddedTable(store, store.handle(name), this, pending);
  }

  @Override
  public boolean writtenSince(String table, byte[] row) {
    checkOpen();
    store.checkOpen();
    TableHandle handle = store.handle(table);
    while (true) {
      try {
        return handle.regionFor(row).writtenAfter(row, readPoint);
      } catch (RegionClosedException e) {
        // split meanwhile: the daughter holding the row answers
      }
    }
  }

  @Override
  public boolean writtenSince(String table, byte[] startRow, byte[] stopRow) {
    checkOpen();
    store.checkOpen();
    TableHandle handle = store.handle(table);
    while (true) {
      try {
        for (Region r : handle.regions()) {
          boolean before = stopRow.length > 0 && r.startRow().length > 0 && Bytes.compare(r.startRow(), stopRow) >= 0;
          boolean after = r.endRow().length > 0 && Bytes.compare(r.endRow(), startRow) <= 0;
          if (!before && !after && r.writtenAfter(startRow, stopRow, readPoint)) {
            return true;
          }
        }
        return false;
      } catch (RegionClosedException e) {
        // split meanwhile: ask the daughters
      }
    }
  }

  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      store.snapshots().unpin(readPoint);
    }
  }

  @Override
  public String toString() {
    return "EmbeddedSnapshot{readPoint=" + readPoint + (closed.get() ? ", closed" : "") + "}";
  }

  /** The read points of the open snapshots. */
  static final class Pins {
    private final TreeMap<Long, Integer> open = new TreeMap<>();

    /** Pins the read point {@code readPoint} gives now, and returns it. */
    synchronized long pin(java.util.function.LongSupplier readPoint) {
      long r = readPoint.getAsLong();
      open.merge(r, 1, Integer::sum);
      return r;
    }

    synchronized void unpin(long readPoint) {
      open.computeIfPresent(readPoint, (k, n) -> n == 1 ? null : n - 1);
    }

    synchronized int count() {
      return open.values().stream().mapToInt(Integer::intValue).sum();
    }

    /**
     * Whether a major compaction of files whose largest sequence number is {@code maxSequence}
     * may drop what the read rules hide: no snapshot is open, and every cell of the files is at
     * or below the current read point, so a snapshot taken later sees all of them (and pins it
     * under this same lock, so it cannot slip in between).
     */
    synchronized boolean mayDrop(long maxSequence, java.util.function.LongSupplier readPoint) {
      return open.isEmpty() && maxSequence <= readPoint.getAsLong();
    }
  }
}
