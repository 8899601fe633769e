package dev.cellar.storage.embedded;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.CheckAndMutate;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Get;
import dev.cellar.storage.Increment;
import dev.cellar.storage.Mutation;
import dev.cellar.storage.PendingWrites;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.ScanVisitor;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.TableNotEnabledException;
import dev.cellar.storage.TableNotFoundException;
import dev.cellar.storage.iter.CellIterator;
import dev.cellar.storage.iter.SortedMapIterator;
import dev.cellar.storage.region.Region;
import dev.cellar.storage.region.RegionScanner;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.function.Supplier;

/**
 * {@link Table} of the embedded engine: the write path (log, memstore, visibility) and reads.
 * A table of a {@link EmbeddedSnapshot} reads at the snapshot's read point, with the pending
 * cells of a transaction merged into every region it reads, and refuses writes.
 */
final class EmbeddedTable implements Table {
  private final EmbeddedStore store;
  private final TableHandle handle;
  /** The snapshot read from, or {@code null} to read the latest writes. */
  private final EmbeddedSnapshot snapshot;
  /** Cells merged into reads, or {@code null}. */
  private final PendingWrites pending;

  EmbeddedTable(EmbeddedStore store, TableHandle handle) {
    this(store, handle, null, null);
  }

  EmbeddedTable(EmbeddedStore store, TableHandle handle, EmbeddedSnapshot snapshot, PendingWrites pending) {
    this.store = store;
    this.handle = handle;
    this.snapshot = snapshot;
    this.pending = pending;
  }

  /** The read point of a read starting now. */
  private long readPoint() {
    if (snapshot != null) {
      return snapshot.readPoint();
    }
    return store.mvcc().readPoint();
  }

  /** A new iterator over the pending cells of this table, or {@code null} if it has none. */
  private CellIterator pendingCells() {
    return pending != null && pending.touches(handle.name()) ? new SortedMapIterator(pending.cells(handle.name()))
        : null;
  }

  private Supplier<CellIterator> pendingSource() {
    return pending != null && pending.touches(handle.name()) ? this::pendingCells : null;
  }

  private void checkWritable() {
    if (snapshot != null) {
      throw new UnsupportedOperationException("table '" + handle.name() + "' of a snapshot is read-only");
    }
  }

  TableHandle handle() {
    return handle;
  }

  void checkLive() {
    store.checkOpen();
    if (snapshot != null) {
      snapshot.checkOpen();
    }
    if (handle.isDropped()) {
      throw new TableNotFoundException("table '" + handle.name() + "' has been dropped");
    }
    if (!handle.isEnabled()) {
      throw new TableNotEnabledException("table '" + handle.name() + "' is disabled; enable it first");
    }
  }

  @Override
  public String name() {
    return handle.name();
  }

  @Override
  public TableDescriptor descriptor() {
    return handle.descriptor();
  }

  @Override
  public void put(Put put) {
    batch(List.of(put));
  }

  @Override
  public void put(List<Put> puts) {
    batch(puts);
  }

  @Override
  public void delete(Delete delete) {
    batch(List.of(delete));
  }

  @Override
  public void delete(List<Delete> deletes) {
    batch(deletes);
  }

  @Override
  public void batch(List<? extends Mutation> mutations) {
    checkWritable();
    checkLive();
    store.checkWritable();
    if (!mutations.isEmpty()) {
      store.writePath().write(List.of(new WritePath.TableWrite(this, mutations)));
    }
  }

  @Override
  public boolean checkAndMutate(CheckAndMutate checkAndMutate) {
    checkWritable();
    checkLive();
    store.checkWritable();
    return store.writePath().checkAndMutate(this, checkAndMutate);
  }

  @Override
  public Result increment(Increment increment) {
    checkWritable();
    checkLive();
    store.checkWritable();
    return store.writePath().increment(this, increment);
  }

  @Override
  public CompactionHold holdCompactions() {
    checkLive();
    return store.compactions().hold(handle());
  }

  @Override
  public dev.cellar.storage.BulkLoad startBulkLoad() {
    checkWritable();
    checkLive();
    store.checkWritable();
    return new EmbeddedBulkLoad(store, this);
  }

  @Override
  public Result get(Get get) {
    checkLive();
    store.snapshotLock().readLock().lock();
    try {
      return getAt(get, readPoint(), store.options().clock().getAsLong());
    } finally {
      store.snapshotLock().readLock().unlock();
    }
  }

  private Result getAt(Get get, long readPoint, long now) {
    if (get.filter() == null) {
      while (true) {
        try {
          return handle.regionFor(get.row()).get(get, readPoint, now, pendingCells());
        } catch (dev.cellar.storage.region.RegionClosedException e) {
          // split meanwhile: the daughter holding the row serves it
        }
      }
    }
    Scan scan = new Scan().withStartRow(get.row(), true).withStopRow(get.row(), true).setLimit(1)
        .readVersions(get.maxVersions()).setFilter(get.filter());
    scan.setTimeRange(get.timeRange().min(), get.timeRange().max());
    for (Map.Entry<byte[], NavigableSet<byte[]>> e : get.columns().entrySet()) {
      if (e.getValue() == null) {
        scan.addFamily(e.getKey());
      } else {
        for (byte[] q : e.getValue()) {
          scan.addColumn(e.getKey(), q);
        }
      }
    }
    try (TableScanner s = new TableScanner(handle, scan, readPoint, now, null, pendingSource())) {
      Result r = s.next();
      return r == null ? Result.empty() : r;
    }
  }

  @Override
  public List<Result> get(List<Get> gets) {
    checkLive();
    store.snapshotLock().readLock().lock();
    try {
      long readPoint = readPoint();
      long now = store.options().clock().getAsLong();
      List<Result> out = new ArrayList<>(gets.size());
      for (Get g : gets) {
        out.add(getAt(g, readPoint, now));
      }
      return out;
    } finally {
      store.snapshotLock().readLock().unlock();
    }
  }

  @Override
  public ResultScanner scanner(Scan scan) {
    checkLive();
    store.snapshotLock().readLock().lock();
    try {
      // Regions are read ahead in parallel unless the filter's state spans regions (see Filter#copy).
      TableScanner s = new TableScanner(handle, scan, readPoint(), store.options().clock().getAsLong(),
          store.scanPool(), pendingSource());
      return s.counted(store.scannerCount());
    } finally {
      store.snapshotLock().readLock().unlock();
    }
  }

  /**
   * A forward scan without a filter visits each region's cells in place, one region after
   * another in the caller's thread (callers wanting parallelism scan region ranges
   * concurrently); other scans go through {@link #scanner}.
   */
  @Override
  public void scan(Scan scan, ScanVisitor visitor) {
    if (scan.filter() != null || scan.isReversed()) {
      Table.super.scan(scan, visitor);
      return;
    }
    checkLive();
    List<RegionScanner> scanners;
    store.snapshotLock().readLock().lock();
    try {
      scanners = TableScanner.openAll(handle, scan, readPoint(), store.options().clock().getAsLong(), false,
          pendingSource());
    } finally {
      store.snapshotLock().readLock().unlock();
    }
    int left = scan.limit() > 0 ? scan.limit() : Integer.MAX_VALUE;
    try {
      for (RegionScanner s : scanners) {
        if (left <= 0) {
          break;
        }
        left -= s.visit(visitor, left);
      }
    } finally {
      for (RegionScanner s : scanners) {
        s.close();
      }
    }
  }

  /**
   * Cuts at region boundaries and at the last rows of the data blocks of each region's largest
   * store file (about one block of data apart), then keeps {@code pieces - 1} of those cuts spread
   * evenly over them.
   */
  @Override
  public List<byte[]> splitRows(byte[] startRow, byte[] stopRow, int pieces) {
    checkLive();
    List<byte[]> cuts = new ArrayList<>();
    for (Region r : handle.regions()) {
      boolean beforeStop = stopRow.length == 0 || Bytes.compare(r.startRow(), stopRow) < 0;
      boolean afterStart = r.endRow().length == 0 || Bytes.compare(r.endRow(), startRow) > 0;
      if (!beforeStop || !afterStart) {
        continue;
      }
      addInside(cuts, r.startRow(), startRow, stopRow);
      for (byte[] row : r.blockBoundaryRows()) {
        addInside(cuts, row, startRow, stopRow);
      }
    }
    if (pieces <= 1) {
      return List.of();
    }
    int segments = cuts.size() + 1;
    if (segments <= pieces) {
      return cuts;
    }
    List<byte[]> out = new ArrayList<>(pieces - 1);
    for (int k = 1; k < pieces; k++) {
      out.add(cuts.get((int) ((long) k * segments / pieces) - 1));
    }
    return out;
  }

  /** Adds {@code row} if it lies strictly inside the range and after the last row added. */
  private static void addInside(List<byte[]> cuts, byte[] row, byte[] startRow, byte[] stopRow) {
    if (Bytes.compare(row, startRow) > 0 && (stopRow.length == 0 || Bytes.compare(row, stopRow) < 0)
        && (cuts.isEmpty() || Bytes.compare(row, cuts.get(cuts.size() - 1)) > 0)) {
      cuts.add(row);
    }
  }

  @Override
  public String toString() {
    return "EmbeddedTable{" + handle.name() + "}";
  }
}
