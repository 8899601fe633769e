package dev.cellar.storage.embedded;

import dev.cellar.storage.CompactionInfo;
import dev.cellar.storage.StoreClosedException;
import dev.cellar.storage.fs.CrashPoint;
import dev.cellar.storage.region.Compaction;
import dev.cellar.storage.region.Region;
import dev.cellar.storage.region.StoreFileHandle;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs compactions: in the background when a family reaches the file-count threshold after a
 * flush (minor, or major with {@link StoreOptions#majorAtThreshold()}), minor or major ones on
 * demand, and major ones on a schedule. Compactions never block
 * readers or writers.
 */
final class Compactions {
  private static final Logger LOG = LoggerFactory.getLogger(Compactions.class);

  private final EmbeddedStore store;
  private final ScheduledExecutorService background;
  private final Set<Region> queued = ConcurrentHashMap.newKeySet();
  /** Tables whose compactions are held back, by id, with the number of holds. */
  private final java.util.Map<Long, Integer> held = new ConcurrentHashMap<>();
  private final CompactionLog log;
  private volatile boolean closing;

  Compactions(EmbeddedStore store) {
    this.store = store;
    this.log = new CompactionLog(store.options().clock());
    this.background = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "cellar-compact");
      t.setDaemon(true);
      return t;
    });
    long period = store.options().majorCompactionPeriodMs();
    if (period > 0) {
      background.scheduleAtFixedRate(this::scheduledMajor, period, period, TimeUnit.MILLISECONDS);
    }
  }

  /**
   * After a flush: queues a minor compaction of {@code region} if a family has reached the
   * threshold, and a split if its files have reached the split size.
   */
  void maybeRequest(Region region) {
    maybeRequest(region, store.options().compactionThreshold());
  }

  /**
   * {@link #maybeRequest(Region)} with another file threshold: a family of {@code threshold}
   * files or more is compacted (a request for a region already queued keeps the queued one's).
   */
  void maybeRequest(Region region, int threshold) {
    boolean split = region.storeFileBytes() >= store.options().regionSplitSize() && !region.hasForeignRows();
    if (closing || region.isClosed() || !(split || needsCompaction(region, threshold))) {
      return;
    }
    if (held.containsKey(region.tableId())
        && !needsCompaction(region, dev.cellar.storage.Table.HELD_FILES_CAP * store.options().compactionThreshold())) {
      return; // the hold's release asks again
    }
    if (!queued.add(region)) {
      return;
    }
    try {
      background.execute(() -> compactOrSplit(region, split, threshold));
    } catch (RejectedExecutionException e) {
      queued.remove(region); // closing
    }
  }

  /**
   * Queues the compactions (and splits) the regions of {@code tables} need as the store opens, as
   * a region server does when it opens a region: the flush at close writes a family's last file
   * without compacting, so a store closed right after a load can reopen with a family at the file
   * threshold, and every scan would merge its files until the next flush.
   */
  void atOpen(Iterable<TableHandle> tables) {
    for (TableHandle t : tables) {
      for (Region r : t.regions()) {
        maybeRequest(r);
      }
    }
  }

  private void compactOrSplit(Region region, boolean split, int threshold) {
    queued.remove(region);
    try {
      if (region.isClosed()) {
        return;
      }
      if (split) {
        TableHandle t = store.tableOf(region);
        if (t != null && store.splitRegion(t, region)) {
          return;
        }
      }
      // Major if asked: a family at the threshold has all its files rewritten anyway, and a minor
      // rewrite keeps every overwritten version and deleted cell until the scheduled major compaction
      // (a week by default): a table updated or deleted from grows and its reads slow down meanwhile.
      run(region, store.options().majorAtThreshold(), threshold);
    } catch (CancellationException | StoreClosedException e) {
      LOG.debug("background compaction stopped: the store is closing");
    } catch (RuntimeException e) {
      LOG.error("background compaction or split failed", e);
    }
  }

  /**
   * Holds back the compactions of table {@code t}'s regions until the returned hold is closed
   * ({@link dev.cellar.storage.Table#holdCompactions()}); then queues those its regions need.
   */
  dev.cellar.storage.Table.CompactionHold hold(TableHandle t) {
    held.merge(t.id(), 1, Integer::sum);
    java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();
    return () -> {
      if (closed.compareAndSet(false, true)) {
        held.computeIfPresent(t.id(), (id, n) -> n == 1 ? null : n - 1);
        for (Region r : t.regions()) {
          maybeRequest(r);
        }
      }
    };
  }

  private boolean needsMinor(Region region) {
    return needsCompaction(region, store.options().compactionThreshold());
  }

  /** Whether a family of {@code region} has {@code threshold} files or more. */
  private static boolean needsCompaction(Region region, int threshold) {
    for (List<?> files : region.files().values()) {
      if (files.size() >= threshold) {
        return true;
      }
    }
    return region.hasForeignRows();
  }

  /** The compactions running and the last ones finished. */
  CompactionLog log() {
    return log;
  }

  /** Compacts {@code region} now in the calling thread: a family is compacted when it has at least {@code threshold} files. */
  int run(Region region, boolean major, int threshold) {
    return run(region, major, threshold, null);
  }

  /** {@link #run(Region, boolean, int)}, counting the cells written in {@code progress} (when not null). */
  int run(Region region, boolean major, int threshold, CompactionTracker.Running progress) {
    store.checkWritable();
    if (major) {
      // A request queued while an earlier compaction ran may find its files merged already;
      // asked before the flush, whose own file would otherwise bring the family back to the
      // threshold and have everything rewritten again.
      if (threshold > 1 && !needsCompaction(region, threshold)) {
        return 0;
      }
      store.flusher().flushNow(region);
    }
    TableHandle table = store.tableOf(region);
    if (table == null) {
      return 0; // dropped meanwhile
    }
    CompactionLog.Entry entry = log.start(table.name(), region.startRow(),
        major ? CompactionInfo.Kind.MAJOR : CompactionInfo.Kind.MINOR);
    int n;
    try {
      n = runLogged(region, major, threshold, entry.tally, progress);
    } catch (RuntimeException | Error e) {
      entry.failed();
      throw e;
    }
    entry.done();
    return n;
  }

  private int runLogged(Region region, boolean major, int threshold, Compaction.Tally tally,
      CompactionTracker.Running progress) {
    int n = Compaction.run(region, major, threshold,
        store.options().clock().getAsLong(), (family, cells) -> {
          StoreFileHandle out = store.files().write(family, progress == null ? cells : progress.counting(cells));
          store.vfs().reached(CrashPoint.COMPACTION_WRITTEN);
          return out;
        }, change -> {
          store.snapshotLock().writeLock().lock();
          try {
            store.updateCatalog(change);
          } finally {
            store.snapshotLock().writeLock().unlock();
          }
          store.vfs().reached(CrashPoint.COMPACTION_COMMITTED);
        }, () -> closing, maxSequence -> store.snapshots().mayDrop(maxSequence, store.mvcc()::readPoint), tally);
    if (n > 0) {
      LOG.debug("{} compaction of a region of table {}: {} families", major ? "major" : "minor", region.tableId(), n);
    }
    return n;
  }

  private void scheduledMajor() {
    try {
      for (Region r : store.allRegions()) {
        if (!r.isClosed()) {
          run(r, true, 1);
        }
      }
    } catch (CancellationException e) {
      LOG.debug("scheduled major compaction stopped: the store is closing");
    } catch (RuntimeException e) {
      LOG.error("scheduled major compaction failed", e);
    }
  }

  void shutdown() {
    // No interrupts: a thread interrupted in FileChannel I/O closes the channel for every reader of the file.
    closing = true;
    background.shutdown();
    try {
      if (!background.awaitTermination(60, TimeUnit.SECONDS)) {
        LOG.warn("a compaction was still running at close");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
