package dev.cellar.storage.embedded;

import dev.cellar.storage.BulkLoad;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.CellTooLargeException;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Mutation;
import dev.cellar.storage.NoSuchFamilyException;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.TableNotFoundException;
import dev.cellar.storage.fs.CrashPoint;
import dev.cellar.storage.region.Region;
import dev.cellar.storage.region.StoreFileHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link BulkLoad} of the embedded engine. A run is cut at the boundaries of the regions the
 * table has while it is written, into one {@link StoreFiles.PendingFile} per region and family,
 * every cell carrying the sequence number the run reserved. {@link #commit()} takes the monitors
 * of the regions the files fall in (so no flush or split of them runs meanwhile), then the
 * snapshot lock exclusively (so no reader takes its sources halfway), then the catalog lock, adds
 * the files and saves the manifest.
 */
final class EmbeddedBulkLoad implements BulkLoad {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedBulkLoad.class);

  private enum State { OPEN, COMMITTED, ABANDONED, CLOSED }

  /** A finished file and the rows it spans. */
  private record Loaded(byte[] family, StoreFileHandle file, byte[] firstRow, byte[] lastRow) {}

  private final EmbeddedStore store;
  private final EmbeddedTable table;
  private final List<Loaded> loaded = new ArrayList<>();
  private State state = State.OPEN;
  private long cells;
  /** Set once the files are in their regions: from then on they belong to the table. */
  private boolean attached;

  EmbeddedBulkLoad(EmbeddedStore store, EmbeddedTable table) {
    this.store = store;
    this.table = table;
  }

  @Override
  public String table() {
    return table.name();
  }

  @Override
  public long cellCount() {
    return cells;
  }

  @Override
  public int fileCount() {
    return loaded.size();
  }

  private void checkState() {
    if (state != State.OPEN) {
      throw new IllegalStateException("bulk load into table '" + table.name() + "' is "
          + state.name().toLowerCase(java.util.Locale.ROOT));
    }
  }

  @Override
  public void addSortedRun(Iterator<? extends Cell> run) {
    checkState();
    table.checkLive();
    TableHandle handle = table.handle();
    TableDescriptor descriptor = handle.descriptor();
    int maxCellSize = store.options().maxCellSize();
    long seq = store.mvcc().reserve();
    Map<byte[], StoreFiles.PendingFile> open = new TreeMap<>(Bytes::compare);
    Region region = null;
    Cell previous = null;
    // the family of the last cell, its descriptor and its file in the current region
    byte[] family = null;
    ColumnFamilyDescriptor familyDescriptor = null;
    StoreFiles.PendingFile file = null;
    long n = 0;
    try {
      while (run.hasNext()) {
        Cell c = run.next();
        if (c.family() != family && !Arrays.equals(c.family(), family)) {
          familyDescriptor = familyOf(c, descriptor);
          family = c.family();
          file = null;
        }
        check(c, previous, descriptor, maxCellSize);
        // the cells of one row share its array, and its region
        if (region == null || previous.row() != c.row() && !region.contains(c.row())) {
          finish(open);
          region = handle.regionFor(c.row());
          file = null;
        }
        StoreFiles.PendingFile f = file;
        if (f == null) {
          f = open.get(c.family());
          if (f == null) {
            f = store.files().create(familyDescriptor);
            open.put(c.family(), f);
          }
          file = f;
        }
        f.append(c, seq);
        previous = c;
        n++;
      }
      finish(open);
    } catch (RuntimeException e) {
      for (StoreFiles.PendingFile f : open.values()) {
        f.abort();
      }
      abandon();
      throw e;
    }
    cells += n;
    LOG.debug("bulk load into table {}: run of {} cells at sequence {}", table.name(), n, seq);
  }

  /** Finishes the files of one region's part of a run. */
  private void finish(Map<byte[], StoreFiles.PendingFile> open) {
    for (Iterator<StoreFiles.PendingFile> it = open.values().iterator(); it.hasNext();) {
      StoreFiles.PendingFile f = it.next();
      it.remove();
      StoreFileHandle h;
      try {
        h = f.finish();
      } catch (RuntimeException e) {
        f.abort();
        throw e;
      }
      loaded.add(new Loaded(f.family().nameBytes(), h, h.reader().firstRow(), h.reader().lastRow()));
    }
  }

  /** The descriptor of the cell's family. */
  private static ColumnFamilyDescriptor familyOf(Cell c, TableDescriptor d) {
    ColumnFamilyDescriptor f = d.family(Bytes.toString(c.family()));
    if (f == null) {
      throw new NoSuchFamilyException("bulk load into table '" + d.name() + "': the table has no column family '"
          + Bytes.toStringBinary(c.family()) + "' (cell " + c + "); families: " + d.familyNames());
    }
    return f;
  }

  private static void check(Cell c, Cell previous, TableDescriptor d, int maxCellSize) {
    if (c.row().length == 0) {
      throw invalid(d, c, "a cell has an empty row");
    }
    if (c.timestamp() == Mutation.LATEST_TIMESTAMP || c.timestamp() < 0) {
      throw invalid(d, c, "cell " + c + " needs an explicit, non-negative timestamp");
    }
    if (!c.type().isStorable()) {
      throw invalid(d, c, "cell " + c + " has seek-only type " + c.type());
    }
    long size = (long) c.row().length + c.family().length + c.qualifier().length + c.value().length;
    if (size > maxCellSize) {
      throw new CellTooLargeException(where(d, c) + ": cell " + c + " of " + size
          + " bytes exceeds the maximum cell size of " + maxCellSize + " bytes");
    }
    if (previous != null) {
      int cmp = CellComparator.INSTANCE.compare(previous, c);
      if (cmp >= 0) {
        throw invalid(d, c, "cells of a run must be strictly ascending, but " + c
            + (cmp == 0 ? " repeats " : " comes after ") + previous);
      }
    }
  }

  private static String where(TableDescriptor d, Cell c) {
    return "bulk load into table '" + d.name() + "', family '" + Bytes.toStringBinary(c.family()) + "'";
  }

  private static IllegalArgumentException invalid(TableDescriptor d, Cell c, String what) {
    return new IllegalArgumentException(where(d, c) + ": " + what);
  }

  @Override
  public void commit() {
    checkState();
    if (loaded.isEmpty()) {
      state = State.COMMITTED;
      return;
    }
    try {
      table.checkLive();
      TableHandle handle = table.handle();
      List<Region> targets;
      long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
      while (true) {
        store.checkWritable();
        table.checkLive();
        List<Region> regions = handle.regions();
        targets = targets(regions);
        if (attachLocked(handle, targets, 0)) {
          break;
        }
        // a region was split meanwhile: take the new ones, once the split has replaced it
        if (handle.regions().equals(regions)) {
          if (System.nanoTime() > deadline) {
            throw new dev.cellar.storage.StorageException("bulk load into table " + table.name()
                + ": a region it overlaps stayed closed for 30 s without being replaced");
          }
          java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
        }
      }
      state = State.COMMITTED;
      LOG.info("bulk load into table {}: {} cells in {} files committed", table.name(), cells, loaded.size());
      for (Region r : targets) {
        // a load that gave a family of the region several files (runs of a sort too large for
        // memory) has them merged in the background even below the threshold: every read would
        // otherwise merge them until the next flush
        store.compactions().maybeRequest(r, severalFilesInto(r) ? 2 : store.options().compactionThreshold());
      }
    } catch (RuntimeException e) {
      if (state != State.COMMITTED) {
        abandon();
      }
      throw e;
    }
  }

  /** Whether this load gave one family of region {@code r} more than one file. */
  private boolean severalFilesInto(Region r) {
    Map<byte[], Integer> files = new TreeMap<>(Bytes::compare);
    for (Loaded l : loaded) {
      if (r.overlaps(l.firstRow(), l.lastRow()) && files.merge(l.family(), 1, Integer::sum) > 1) {
        return true;
      }
    }
    return false;
  }

  /** The regions, in key order, that some loaded file overlaps. */
  private List<Region> targets(List<Region> regions) {
    Set<Region> out = new LinkedHashSet<>();
    for (Region r : regions) {
      for (Loaded l : loaded) {
        if (r.overlaps(l.firstRow(), l.lastRow())) {
          out.add(r);
          break;
        }
      }
    }
    return new ArrayList<>(out);
  }

  /** Takes the monitors of {@code targets} from {@code i} on, in order, then attaches; false if one was closed. */
  private boolean attachLocked(TableHandle handle, List<Region> targets, int i) {
    if (i < targets.size()) {
      synchronized (targets.get(i)) {
        return attachLocked(handle, targets, i + 1);
      }
    }
    for (Region r : targets) {
      if (r.isClosed()) {
        return false;
      }
    }
    store.vfs().reached(CrashPoint.BULK_LOAD_FILES_WRITTEN);
    store.snapshotLock().writeLock().lock();
    try {
      store.updateCatalog(() -> attach(handle, targets));
    } finally {
      store.snapshotLock().writeLock().unlock();
    }
    store.vfs().reached(CrashPoint.BULK_LOAD_COMMITTED);
    return true;
  }

  /** Adds every file to the regions it overlaps; the caller holds the catalog lock. */
  private void attach(TableHandle handle, List<Region> targets) {
    store.checkWritable();
    if (handle.isDropped() || store.tables().get(handle.name()) != handle) {
      throw new TableNotFoundException("bulk load into table '" + handle.name() + "': the table has been dropped");
    }
    table.checkLive();
    for (Loaded l : loaded) {
      if (handle.descriptor().family(Bytes.toString(l.family())) == null) {
        throw new NoSuchFamilyException("bulk load into table '" + handle.name() + "': column family '"
            + Bytes.toStringBinary(l.family()) + "' has been deleted");
      }
    }
    for (Loaded l : loaded) {
      boolean first = true;
      for (Region r : targets) {
        if (!r.overlaps(l.firstRow(), l.lastRow())) {
          continue;
        }
        // the file's own reference goes to the first region, each further one takes another
        if (!first && !l.file().tryAcquire()) {
          throw new IllegalStateException("store file " + l.file().fileNumber() + " released while loading");
        }
        r.addBulkLoadedFile(l.family(), l.file());
        first = false;
      }
    }
    attached = true;
  }

  /** Deletes every file written; the load can only be closed afterwards. */
  private void abandon() {
    if (!attached) { // else the manifest could not be saved: the store has failed, the files stay listed
      for (Loaded l : loaded) {
        l.file().release();
      }
    }
    loaded.clear();
    state = State.ABANDONED;
  }

  @Override
  public void close() {
    if (state == State.OPEN) {
      abandon();
    }
    state = State.CLOSED;
  }
}
