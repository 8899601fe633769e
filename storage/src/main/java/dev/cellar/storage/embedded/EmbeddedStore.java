package dev.cellar.storage.embedded;

import dev.cellar.storage.Admin;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Mutation;
import dev.cellar.storage.StorageException;
import dev.cellar.storage.StoreClosedException;
import dev.cellar.storage.StoreLockedException;
import dev.cellar.storage.StoreReadOnlyException;
import dev.cellar.storage.Snapshot;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableNotFoundException;
import dev.cellar.storage.WriteBatch;
import dev.cellar.storage.fs.Vfs;
import dev.cellar.storage.manifest.ManifestFile;
import dev.cellar.storage.manifest.ManifestState;
import dev.cellar.storage.manifest.ManifestState.RegionState;
import dev.cellar.storage.manifest.ManifestState.TableState;
import dev.cellar.storage.memstore.Mvcc;
import dev.cellar.storage.region.Region;
import dev.cellar.storage.region.StoreFileHandle;
import dev.cellar.storage.sst.BlockCache;
import dev.cellar.storage.wal.ReplayResult;
import dev.cellar.storage.wal.Wal;
import dev.cellar.storage.wal.WalOptions;
import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded engine: a store in one directory (or in memory) serving the storage API.
 *
 * <p>Layout of the directory: {@code LOCK} (held while open), {@code MANIFEST} (the catalog,
 * see {@code storage/docs/manifest-format.md}), {@code wal/} (the write-ahead log, see
 * {@code storage/docs/wal-format.md}) and {@code data/} (store files, see
 * {@code storage/docs/store-file-format.md}).
 *
 * <p>Open with {@link #open(StoreOptions)}; thread-safe; close when done.
 */
public final class EmbeddedStore implements CellarStore {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedStore.class);
  static final String LOCK_FILE = "LOCK";

  private final StoreOptions options;
  private final Vfs fs;
  private final Closeable lock;
  private final ManifestFile manifestFile;
  private final StoreFiles files;
  private final Mvcc mvcc;
  private final Wal wal;
  private final Flusher flusher;
  private final Map<String, TableHandle> tables = new ConcurrentHashMap<>();
  private final Map<String, EmbeddedTable> tableViews = new ConcurrentHashMap<>();
  private final EmbeddedSnapshot.Pins snapshots = new EmbeddedSnapshot.Pins();
  private final Object catalogLock = new Object();
  private final EmbeddedAdmin admin = new EmbeddedAdmin(this);
  private final Compactions compactions;
  private final CompactionTracker compactionTracker = new CompactionTracker();
  private final WritePath writePath = new WritePath(this);
  /**
   * Readers hold it shared while they fix their read point and take their sources; a
   * compaction holds it exclusively while it swaps its output in. So a reader either holds the
   * compaction's inputs or has a read point that sees everything the output dropped as masked.
   */
  private final ReentrantReadWriteLock snapshotLock =
      new ReentrantReadWriteLock();
  private long nextTableId;
  private volatile StorageException failure;
  private volatile boolean closed;

  private EmbeddedStore(StoreOptions options) throws IOException {
    this.options = options;
    this.fs = options.vfs();
    try {
      this.lock = fs.lock(LOCK_FILE);
    } catch (IOException e) {
      throw new StoreLockedException("cannot open store " + fs.describe() + ": " + e.getMessage(), e);
    }
    boolean ok = false;
    try {
      this.manifestFile = new ManifestFile(fs);
      ManifestState state = manifestFile.load();
      if (state == null) {
        state = ManifestState.empty();
      }
      this.files = new StoreFiles(fs, state.nextFileNumber(),
          options.blockCacheSize() > 0 ? BlockCache.create(options.blockCacheSize()) : null);
      this.nextTableId = state.nextTableId();
      long maxSeq = Math.max(state.lastSequence(), Recovery.loadTables(state, files, tables));
      files.deleteOrphans(liveFileNumbers());
      files.manifestSaved(new HashSet<>(liveFileNumbers()));
      if (options.inMemoryOnly()) {
        this.wal = null;
      } else {
        ReplayResult replayed = Recovery.replayWal(fs, tables.values());
        maxSeq = Math.max(maxSeq, replayed.highestSequence());
        this.wal = Wal.open(fs, WalOptions.defaults().withSegmentSize(options.walSegmentSize())
            .withAsyncFlushInterval(Duration.ofMillis(options.asyncWalIntervalMs())), replayed);
      }
      this.mvcc = new Mvcc(maxSeq);
      this.flusher = new Flusher(this);
      if (wal != null) {
        // small regions written now and then reach no flush size: a full segment frees the old ones
        wal.onFullRoll(flusher::trimLater);
      }
      this.compactions = new Compactions(this);
      ok = true;
      LOG.info("opened store {} with {} tables, last sequence {}", fs.describe(), tables.size(), maxSeq);
    } finally {
      if (!ok) {
        lock.close();
      }
    }
  }

  /**
   * Opens (creating if needed) a store.
   *
   * @throws StoreLockedException if the directory is open elsewhere
   * @throws dev.cellar.storage.CorruptionException if a file fails its checksum
   */
  public static EmbeddedStore open(StoreOptions options) {
    try {
      EmbeddedStore store = new EmbeddedStore(options);
      // the segments of earlier opens whose records are all in files (those of a clean close
      // hold none) go now: each open starts a segment, and nothing else may trim until a flush
      store.trimWal(Flusher.NOT_FORCED);
      store.compactions.atOpen(store.tables.values());
      return store;
    } catch (IOException e) {
      throw new StorageException("cannot open store " + options.vfs().describe() + ": " + e.getMessage(), e);
    }
  }

  /** A new store in memory only, with default options. */
  public static EmbeddedStore inMemory() {
    return open(StoreOptions.inMemory().build());
  }

  private List<Long> liveFileNumbers() {
    List<Long> live = new ArrayList<>();
    for (TableHandle t : tables.values()) {
      for (Region r : t.regions()) {
        for (List<StoreFileHandle> hs : r.files().values()) {
          for (StoreFileHandle h : hs) {
            live.add(h.fileNumber());
          }
        }
      }
    }
    return live;
  }

  StoreOptions options() {
    return options;
  }

  Mvcc mvcc() {
    return mvcc;
  }

  Wal wal() {
    return wal;
  }

  StoreFiles files() {
    return files;
  }

  /** The file system the store lives in. */
  Vfs vfs() {
    return fs;
  }

  Flusher flusher() {
    return flusher;
  }

  ReentrantReadWriteLock snapshotLock() {
    return snapshotLock;
  }

  /** Threads that read regions ahead for large scans (daemon threads, one per core). */
  private final ExecutorService scanPool = Executors.newFixedThreadPool(
      Math.max(2, Runtime.getRuntime().availableProcessors()), r -> {
        Thread t = new Thread(r, "cellar-scan");
        t.setDaemon(true);
        return t;
      });

  ExecutorService scanPool() {
    return scanPool;
  }

  /** Scanners open now ({@link #openScanners}). */
  private final AtomicInteger openScanners = new AtomicInteger();

  AtomicInteger scannerCount() {
    return openScanners;
  }

  @Override
  public int openScanners() {
    return openScanners.get();
  }

  WritePath writePath() {
    return writePath;
  }

  @Override
  public void write(WriteBatch batch) {
    checkWritable();
    if (batch.isEmpty()) {
      return;
    }
    Map<String, List<Mutation>> byTable = new LinkedHashMap<>();
    for (WriteBatch.Entry e : batch.entries()) {
      byTable.computeIfAbsent(e.table(), k -> new ArrayList<>()).add(e.mutation());
    }
    List<WritePath.TableWrite> writes = new ArrayList<>();
    for (Map.Entry<String, List<Mutation>> e : byTable.entrySet()) {
      writes.add(new WritePath.TableWrite((EmbeddedTable) table(e.getKey()), e.getValue()));
    }
    writePath.write(writes);
  }

  CompactionTracker compactionTracker() {
    return compactionTracker;
  }

  Compactions compactions() {
    return compactions;
  }

  Object catalogLock() {
    return catalogLock;
  }

  Map<String, TableHandle> tables() {
    return tables;
  }

  /** Forgets the cached {@link Table} view of a table (dropped or re-created). */
  void forgetTableView(String name) {
    tableViews.remove(name);
  }

  /** The open table a region belongs to, or {@code null} if it was dropped. */
  TableHandle tableOf(Region r) {
    for (TableHandle t : tables.values()) {
      if (t.id() == r.tableId()) {
        return t;
      }
    }
    return null;
  }

  /** Splits a region at its middle row; false if it holds nothing to split. */
  boolean splitRegion(TableHandle t, Region r) {
    return admin.splitRegion(t, r, null);
  }

  /** A new table id; the caller holds the catalog lock. */
  long allocateTableId() {
    return nextTableId++;
  }

  /** The store's block cache, or {@code null} when it was configured off. */
  public BlockCache blockCache() {
    return files.cache();
  }

  /** Data blocks read from store files (not served by the cache) by every open file since the store opened. */
  public long dataBlocksRead() {
    Set<StoreFileHandle> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    long n = 0;
    for (Region r : allRegions()) {
      for (List<StoreFileHandle> hs : r.files().values()) {
        for (StoreFileHandle h : hs) {
          if (seen.add(h)) {
            n += h.reader().dataBlocksRead();
          }
        }
      }
    }
    return n;
  }

  /** Throws if the store is closed; reads call it first. */
  void checkOpen() {
    if (closed) {
      throw new StoreClosedException("store " + fs.describe() + " is closed");
    }
  }

  /**
   * Throws if the store is closed or has failed: after a write to the log, a flush or a manifest
   * change failed, the store is read-only until it is reopened. Writes and every change to
   * files call it first.
   */
  void checkWritable() {
    checkOpen();
    StorageException f = failure;
    if (f != null) {
      throw new StoreReadOnlyException("store " + fs.describe() + " is read-only until it is reopened, after an "
          + "earlier failure: " + f.getMessage(), f);
    }
  }

  /** Whether a failure has made the store read-only. */
  public boolean isReadOnly() {
    return failure != null;
  }

  /** Records a fatal write-path failure: the store refuses writes from now on. */
  void fail(StorageException e) {
    if (failure == null) {
      // the catalog in memory may be ahead of the manifest on disk from now on: no file, and no
      // log segment, that the manifest needs goes (files.freeze, trimWal)
      if (files != null) {
        files.freeze();
      }
      failure = e;
      LOG.error("store {} failed and refuses further writes", fs.describe(), e);
    }
  }

  TableHandle handle(String name) {
    TableHandle t = tables.get(name);
    if (t == null) {
      throw new TableNotFoundException("table '" + name + "' does not exist");
    }
    return t;
  }

  @Override
  public Admin admin() {
    checkOpen();
    return admin;
  }

  /** Snapshots that last across reads, for transactions ({@link EmbeddedSnapshot}). */
  @Override
  public boolean snapshotReads() {
    return true;
  }

  @Override
  public Snapshot snapshot() {
    checkOpen();
    return new EmbeddedSnapshot(this);
  }

  /** The read points pinned by open snapshots. */
  EmbeddedSnapshot.Pins snapshots() {
    return snapshots;
  }

  @Override
  public Table table(String name) {
    checkOpen();
    TableHandle t = handle(name);
    return tableViews.compute(name, (k, v) -> v != null && v.handle() == t ? v : new EmbeddedTable(this, t));
  }

  /** Saves the manifest from the current catalog; the caller holds the catalog lock. */
  void saveManifest() {
    List<TableState> ts = new ArrayList<>();
    for (TableHandle t : new TreeMap<>(tables).values()) {
      List<RegionState> rs = new ArrayList<>();
      for (Region r : t.regions()) {
        Map<String, List<Long>> fm = new LinkedHashMap<>();
        for (Map.Entry<String, List<StoreFileHandle>> e : r.files().entrySet()) {
          List<Long> nums = new ArrayList<>();
          for (StoreFileHandle h : e.getValue()) {
            nums.add(h.fileNumber());
          }
          fm.put(e.getKey(), nums);
        }
        rs.add(new RegionState(r.startRow(), r.endRow(), r.flushedSequence(), fm));
      }
      ts.add(new TableState(t.id(), t.descriptor(), t.isEnabled(), rs));
    }
    try {
      manifestFile.save(new ManifestState(mvcc == null ? 0 : mvcc.lastSequence(), files.nextFileNumber(), nextTableId, ts));
      Set<Long> listed = new HashSet<>();
      for (TableState t : ts) {
        for (RegionState r : t.regions()) {
          for (List<Long> nums : r.files().values()) {
            listed.addAll(nums);
          }
        }
      }
      files.manifestSaved(listed);
    } catch (IOException e) {
      StorageException se = new StorageException("cannot save the manifest of " + fs.describe() + ": " + e.getMessage(), e);
      fail(se);
      throw se;
    }
  }

  /**
   * Runs {@code change} and saves the manifest, under the catalog lock. A store that has failed
   * changes its catalog no more: a flush or compaction that finishes after another one failed
   * is refused here, so the manifest never records a flushed sequence past edits lost with it.
   */
  void updateCatalog(Runnable change) {
    synchronized (catalogLock) {
      checkWritable();
      change.run();
      saveManifest();
    }
  }

  @Override
  public long maxTimestamp() {
    checkOpen();
    long max = Long.MIN_VALUE;
    for (Region r : allRegions()) {
      max = Math.max(max, r.maxTimestamp());
    }
    return max;
  }

  /** Every open region of every table. */
  List<Region> allRegions() {
    List<Region> out = new ArrayList<>();
    for (TableHandle t : tables.values()) {
      out.addAll(t.regions());
    }
    return out;
  }

  /**
   * Deletes log segments whose every write is in a store file. A closed segment that stays
   * because some regions still hold a few of its writes in their memstores (a small table
   * written now and then beside a large one being loaded, the catalog) would keep every later
   * segment too, however much of the rest was flushed: those regions are flushed in the
   * background, and the segments go when they have. They are asked only once the closed
   * segments hold a segment's size of log ({@link StoreOptions#walSegmentSize()}): every flush
   * rolls the log, so asking whenever a closed segment stays would have every flush, and every
   * compaction's flush before it, flush all the regions being written in small files, whose
   * compactions flush again, for ever ({@link StoreOptions#keptLogSegments()} lets more segments
   * wait). Only records up to {@code askUpTo} count: a flush asks for those
   * older than its own freeze, and the flushes it asks pass that bound on, so two regions being
   * written do not ask each other in turn (the segment one's flush closes holds the other's
   * writes since its own flush), and a chain of asking ends once the log before the bound is gone.
   *
   * @param askUpTo the highest sequence number whose regions may be asked to flush
   *     ({@link Flusher#NOT_FORCED}: none is asked)
   */
  void trimWal(long askUpTo) {
    if (wal == null) {
      return;
    }
    List<Region> regions;
    // Under the catalog lock: a flush takes its memstore out of the region and saves the
    // manifest listing its file under that lock, and a split changes the regions under it, so
    // no segment goes before the manifest does and no new region's writes are missed.
    synchronized (catalogLock) {
      if (failure != null) {
        // a flush whose manifest was not saved left its region's flushed sequence ahead of the
        // manifest: the log holds the only durable copy of those edits until the reopen replays it
        return;
      }
      regions = allRegions();
      long min = Long.MAX_VALUE;
      for (Region r : regions) {
        min = Math.min(min, r.minUnflushedSequence());
      }
      long flushedUpTo = min == Long.MAX_VALUE ? mvcc.readPoint() : min - 1;
      try {
        wal.deleteObsolete(flushedUpTo);
      } catch (StorageException e) {
        LOG.warn("cannot delete obsolete log segments of {}: {}", fs.describe(), e.getMessage());
        return;
      }
    }
    long oldest = wal.oldestClosedSegmentSequence();
    long bound = Math.min(oldest, askUpTo);
    if (askUpTo != Flusher.NOT_FORCED && oldest >= 0 && !closed
        && wal.closedSegmentCount() > options.keptLogSegments()
        && wal.closedSegmentBytes() >= options.walSegmentSize()) {
      for (Region r : regions) {
        if (!r.isClosed() && r.minUnflushedSequence() <= bound) {
          flusher.request(r, askUpTo);
        }
      }
    }
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    try {
      if (failure == null && options.flushOnClose() && !options.inMemoryOnly()) {
        for (Region r : allRegions()) {
          flusher.flushNow(r);
        }
      }
    } finally {
      closed = true;
      compactions.shutdown();
      flusher.shutdown();
      scanPool.shutdown();
      try {
        if (wal != null) {
          wal.close();
        }
      } catch (StorageException e) {
        LOG.warn("closing the write-ahead log of {} failed: {}", fs.describe(), e.getMessage());
      }
      Set<StoreFileHandle> open = Collections.newSetFromMap(new IdentityHashMap<>());
      for (Region r : allRegions()) {
        for (List<StoreFileHandle> hs : r.files().values()) {
          open.addAll(hs);
        }
      }
      for (StoreFileHandle h : open) {
        h.closeReader();
      }
      try {
        lock.close();
      } catch (IOException e) {
        LOG.warn("releasing the lock of {} failed: {}", fs.describe(), e.getMessage());
      }
      LOG.info("closed store {}", fs.describe());
    }
  }
}
