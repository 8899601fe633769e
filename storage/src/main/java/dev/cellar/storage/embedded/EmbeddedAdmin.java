package dev.cellar.storage.embedded;

import dev.cellar.storage.Admin;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.CompactionInfo;
import dev.cellar.storage.NoSuchFamilyException;
import dev.cellar.storage.RegionInfo;
import dev.cellar.storage.StoreFileStats;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.TableExistsException;
import dev.cellar.storage.fs.CrashPoint;
import dev.cellar.storage.region.Region;
import dev.cellar.storage.region.StoreFileHandle;
import dev.cellar.storage.sst.StoreFileInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@link Admin} of the embedded engine. */
final class EmbeddedAdmin implements Admin {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedAdmin.class);

  private final EmbeddedStore store;

  EmbeddedAdmin(EmbeddedStore store) {
    this.store = store;
  }

  @Override
  public void createTable(TableDescriptor descriptor) {
    createTable(descriptor, new byte[0][]);
  }

  @Override
  public void createTable(TableDescriptor descriptor, byte[][] splitKeys) {
    store.checkWritable();
    List<byte[]> bounds = splitBounds(descriptor.name(), splitKeys);
    synchronized (store.catalogLock()) {
      if (store.tables().containsKey(descriptor.name())) {
        throw new TableExistsException("table '" + descriptor.name() + "' already exists");
      }
      long id = store.allocateTableId();
      store.tables().put(descriptor.name(), new TableHandle(id, descriptor, regionsFor(id, descriptor, bounds)));
      store.saveManifest();
    }
    LOG.info("created table {} with {} regions", descriptor, bounds.size() + 1);
  }

  private static List<byte[]> splitBounds(String table, byte[][] splitKeys) {
    TreeSet<byte[]> keys = new TreeSet<>(Bytes::compare);
    for (byte[] k : splitKeys) {
      if (k == null || k.length == 0) {
        throw new IllegalArgumentException("split keys of table '" + table + "' must not be empty");
      }
      checkLength(table, k);
      if (!keys.add(k)) {
        throw new IllegalArgumentException("split key '" + Bytes.toStringBinary(k) + "' of table '" + table
            + "' is given twice");
      }
    }
    return new ArrayList<>(keys);
  }

  /** A region boundary is a row key: refused past {@link dev.cellar.storage.Mutation#MAX_ROW_LENGTH} bytes. */
  private static void checkLength(String table, byte[] key) {
    if (key.length > dev.cellar.storage.Mutation.MAX_ROW_LENGTH) {
      throw new IllegalArgumentException("split key of " + key.length + " bytes for table '" + table
          + "' is longer than the maximum row key of " + dev.cellar.storage.Mutation.MAX_ROW_LENGTH + " bytes");
    }
  }

  private static List<Region> regionsFor(long id, TableDescriptor d, List<byte[]> bounds) {
    List<Region> regions = new ArrayList<>();
    byte[] start = Bytes.EMPTY;
    for (byte[] k : bounds) {
      regions.add(new Region(id, d, start, k, Map.of(), 0));
      start = k;
    }
    regions.add(new Region(id, d, start, Bytes.EMPTY, Map.of(), 0));
    return regions;
  }

  @Override
  public boolean tableExists(String name) {
    return store.tables().containsKey(name);
  }

  @Override
  public List<TableDescriptor> listTables() {
    List<TableDescriptor> out = new ArrayList<>();
    for (TableHandle t : new TreeMap<>(store.tables()).values()) {
      out.add(t.descriptor());
    }
    return out;
  }

  @Override
  public TableDescriptor describe(String name) {
    return store.handle(name).descriptor();
  }

  @Override
  public void deleteTable(String name) {
    store.checkWritable();
    List<StoreFileHandle> dropped = new ArrayList<>();
    synchronized (store.catalogLock()) {
      TableHandle t = store.handle(name);
      store.tables().remove(name);
      store.forgetTableView(name);
      t.markDropped();
      store.saveManifest();
      for (Region r : t.regions()) {
        r.markClosed();
        dropped.addAll(r.dropFiles());
      }
    }
    for (StoreFileHandle h : dropped) {
      h.release();
    }
    store.trimWal(store.mvcc().lastSequence());
    store.compactions().log().forget(name);
    LOG.info("dropped table {}", name);
  }

  @Override
  public void addFamily(String table, ColumnFamilyDescriptor family) {
    TableDescriptor d = store.handle(table).descriptor();
    if (d.hasFamily(family.name())) {
      throw new IllegalArgumentException("table '" + table + "' already has a column family '" + family.name() + "'");
    }
    changeDescriptor(table, d.toBuilder().family(family).build(), false);
  }

  @Override
  public void modifyFamily(String table, ColumnFamilyDescriptor family) {
    TableDescriptor d = store.handle(table).descriptor();
    if (!d.hasFamily(family.name())) {
      throw new NoSuchFamilyException("table '" + table + "' has no column family '" + family.name() + "'");
    }
    changeDescriptor(table, d.toBuilder().family(family).build(), false);
  }

  @Override
  public void deleteFamily(String table, String family) {
    TableDescriptor d = store.handle(table).descriptor();
    if (!d.hasFamily(family)) {
      throw new NoSuchFamilyException("table '" + table + "' has no column family '" + family + "'");
    }
    if (d.families().size() == 1) {
      throw new IllegalArgumentException("cannot delete column family '" + family + "': it is the last family of table '"
          + table + "'");
    }
    changeDescriptor(table, d.toBuilder().removeFamily(family).build(), true);
  }

  /**
   * Applies a new descriptor to every region. Removing a family flushes first, so that the log
   * holds no edit of it that a later family of the same name could replay.
   */
  private void changeDescriptor(String table, TableDescriptor next, boolean flushFirst) {
    store.checkWritable();
    TableHandle t = store.handle(table);
    if (flushFirst) {
      flush(table);
    }
    List<StoreFileHandle> released = new ArrayList<>();
    // Region locks before the catalog lock, the order a split takes them in (it flushes under its region's lock).
    while (true) {
      List<Region> regions = t.regions();
      List<Region> locked = new ArrayList<>(regions.size());
      try {
        boolean stale = false;
        for (Region r : regions) {
          r.updatesLock().writeLock().lock();
          locked.add(r);
          if (r.isClosed()) {
            stale = true; // split meanwhile: lock the daughters instead
            break;
          }
        }
        if (stale) {
          continue;
        }
        synchronized (store.catalogLock()) {
          for (Region r : regions) {
            released.addAll(r.applyDescriptor(next));
          }
          t.setDescriptor(next);
          store.saveManifest();
        }
        break;
      } finally {
        for (Region r : locked) {
          r.updatesLock().writeLock().unlock();
        }
      }
    }
    for (StoreFileHandle h : released) {
      h.release();
    }
    LOG.info("altered table {}", next);
  }

  @Override
  public void disableTable(String name) {
    setEnabled(name, false);
  }

  @Override
  public void enableTable(String name) {
    setEnabled(name, true);
  }

  private void setEnabled(String name, boolean enabled) {
    store.checkWritable();
    TableHandle t = store.handle(name);
    store.updateCatalog(() -> t.setEnabled(enabled));
  }

  @Override
  public boolean isTableEnabled(String name) {
    return store.handle(name).isEnabled();
  }

  @Override
  public void truncateTable(String name, boolean preserveSplits) {
    TableHandle t = store.handle(name);
    List<byte[]> bounds = new ArrayList<>();
    if (preserveSplits) {
      for (Region r : t.regions()) {
        if (r.startRow().length > 0) {
          bounds.add(r.startRow());
        }
      }
    }
    TableDescriptor d = t.descriptor();
    boolean enabled = t.isEnabled();
    deleteTable(name);
    createTable(d, bounds.toArray(new byte[0][]));
    if (!enabled) {
      setEnabled(name, false);
    }
  }

  @Override
  public void flush(String name) {
    store.checkWritable();
    for (Region r : store.handle(name).regions()) {
      store.flusher().flushNow(r);
    }
  }

  @Override
  public void compact(String name) {
    store.checkWritable();
    for (Region r : store.handle(name).regions()) {
      store.compactions().run(r, false, 2);
    }
  }

  @Override
  public void majorCompact(String name) {
    store.checkWritable();
    List<Region> regions = store.handle(name).regions();
    // flushed first, so that the totals count every cell the compaction rewrites
    long cells = 0;
    long bytes = 0;
    for (Region r : regions) {
      store.flusher().flushNow(r);
      for (List<StoreFileHandle> files : r.files().values()) {
        for (StoreFileHandle f : files) {
          cells += f.reader().info().entryCount();
          bytes += f.reader().info().fileSize();
        }
      }
    }
    try (CompactionTracker.Running run = store.compactionTracker().start(name, cells, bytes)) {
      for (Region r : regions) {
        store.compactions().run(r, true, 1, run);
      }
    }
  }

  @Override
  public List<dev.cellar.storage.CompactionProgress> runningCompactions() {
    return store.compactionTracker().running();
  }

  @Override
  public void split(String name) {
    store.checkWritable();
    TableHandle t = store.handle(name);
    for (Region r : t.regions()) {
      splitRegion(t, r, null);
    }
  }

  @Override
  public void split(String name, byte[] splitPoint) {
    store.checkWritable();
    checkLength(name, splitPoint);
    TableHandle t = store.handle(name);
    Region r = t.regionFor(splitPoint);
    if (Arrays.equals(r.startRow(), splitPoint)) {
      throw new IllegalArgumentException("'" + Bytes.toStringBinary(splitPoint) + "' is already a region boundary of table '"
          + name + "'");
    }
    splitRegion(t, r, splitPoint);
  }

  /**
   * Splits a region at {@code point} (its middle row when null): flushes it with writers held
   * off, then replaces it by two regions sharing its files. Returns false if there was nothing
   * to split.
   */
  boolean splitRegion(TableHandle t, Region r, byte[] point) {
    List<Region> made = new ArrayList<>();
    synchronized (r) {
      synchronized (r.compactionLock()) {
        if (r.isClosed()) {
          return false;
        }
        r.updatesLock().writeLock().lock();
        CompactionLog.Entry logged = null;
        try {
          store.flusher().flushNow(r);
          byte[] at = point != null ? point : r.midRow();
          if (at != null) {
            logged = store.compactions().log().start(t.name(), r.startRow(), CompactionInfo.Kind.SPLIT);
            int filesIn = 0;
            for (List<StoreFileHandle> files : r.files().values()) {
              filesIn += files.size();
            }
            long bytesIn = r.storeFileBytes();
            store.vfs().reached(CrashPoint.SPLIT_FLUSHED);
            List<Region> daughters = r.splitAt(t.descriptor(), at);
            try {
              store.updateCatalog(() -> {
                List<Region> next = new ArrayList<>();
                for (Region x : t.regions()) {
                  if (x == r) {
                    next.addAll(daughters);
                  } else {
                    next.add(x);
                  }
                }
                t.setRegions(next);
              });
            } finally {
              // closed only once the daughters replace it: a split that failed before (the store
              // read-only, the disk full) leaves the region open and the table as it was
              if (!t.regions().contains(r)) {
                r.markClosed();
              }
            }
            store.vfs().reached(CrashPoint.SPLIT_COMMITTED);
            made.addAll(daughters);
            int filesOut = 0;
            for (Region d : daughters) {
              for (List<StoreFileHandle> files : d.files().values()) {
                filesOut += files.size();
              }
            }
            logged.split(filesIn, bytesIn, filesOut);
            logged.done();
            logged = null;
            LOG.info("split a region of table {} at '{}'{}", t.name(),
                Bytes.toStringBinary(at.length > 64 ? Arrays.copyOf(at, 64) : at),
                at.length > 64 ? "... (" + at.length + " bytes)" : "");
          }
        } finally {
          if (logged != null) {
            logged.failed();
          }
          r.updatesLock().writeLock().unlock();
        }
      }
    }
    // Rewrite each daughter's half of the shared files soon, so that it can split again.
    for (Region d : made) {
      store.compactions().maybeRequest(d);
    }
    return !made.isEmpty();
  }

  @Override
  public List<StoreFileStats> storeFiles(String name) {
    TableHandle t = store.handle(name);
    List<StoreFileStats> out = new ArrayList<>();
    for (Region r : t.regions()) {
      for (Map.Entry<String, List<StoreFileHandle>> e : r.files().entrySet()) {
        for (StoreFileHandle f : e.getValue()) {
          StoreFileInfo info = f.reader().info();
          out.add(new StoreFileStats(name, r.startRow(), e.getKey(), f.reader().path(), info.fileSize(),
              info.entryCount(), info.firstRow(), info.lastRow(),
              info.maxSequenceId() == Long.MIN_VALUE ? -1 : info.maxSequenceId(), info.createdMillis()));
        }
      }
    }
    return out;
  }

  @Override
  public List<CompactionInfo> compactions(String name) {
    store.handle(name);
    return store.compactions().log().of(name);
  }

  @Override
  public List<RegionInfo> regions(String name) {
    TableHandle t = store.handle(name);
    List<RegionInfo> out = new ArrayList<>();
    for (Region r : t.regions()) {
      out.add(r.info(name));
    }
    return out;
  }
}
