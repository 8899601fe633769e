package dev.cellar.storage.embedded;

import dev.cellar.storage.StorageException;
import dev.cellar.storage.StoreClosedException;
import dev.cellar.storage.fs.CrashPoint;
import dev.cellar.storage.region.Region;
import dev.cellar.storage.region.StoreFileHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes regions' memstores to store files: on demand ({@link #flushNow}) and in the
 * background when a region's memstore passes the flush size. One flush per region at a time.
 */
final class Flusher {
  private static final Logger LOG = LoggerFactory.getLogger(Flusher.class);

  /** {@link #request}'s {@code forcedUpTo} of a flush asked because the memstore is full. */
  static final long NOT_FORCED = -1;

  private final EmbeddedStore store;
  private final ExecutorService background;
  private final ConcurrentHashMap<Region, Pending> queued = new ConcurrentHashMap<>();

  Flusher(EmbeddedStore store) {
    this.store = store;
    this.background = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "cellar-flush");
      t.setDaemon(true);
      return t;
    });
  }

  /**
   * Queues a background flush of {@code region} if its active memstore is over the flush size;
   * it starts a new log segment. The memstores being flushed do not count: counted, every write
   * during a flush would queue another, which would then write the few cells that came in
   * meanwhile as a small file of its own.
   */
  void maybeRequest(Region region) {
    if (isFull(region)) {
      request(region, NOT_FORCED);
    }
  }

  private boolean isFull(Region region) {
    return region.activeMemstoreSize() >= store.options().flushSize();
  }

  /**
   * Queues a background flush of {@code region}, unless one is queued already.
   * {@code forcedUpTo}: {@link #NOT_FORCED} when asked because the memstore reached the flush
   * size, and such a flush is dropped if, when its turn comes, the memstore is no longer full (a
   * writer flushed it meanwhile). Otherwise the region holds log records up to that sequence
   * number that keep old segments ({@link EmbeddedStore#trimWal}): it is flushed whatever it
   * holds, and a request queued already by size becomes a forced one.
   */
  void request(Region region, long forcedUpTo) {
    Pending fresh = new Pending();
    Pending pending = queued.putIfAbsent(region, fresh);
    if (pending == null) {
      pending = fresh;
    }
    if (forcedUpTo != NOT_FORCED) {
      pending.force(forcedUpTo);
    }
    if (pending != fresh) {
      return;
    }
    // The request stands until the flush has frozen the memstore: asked again before (while the
    // log rolls, say), it would queue a second flush for the few cells that come in meanwhile.
    Runnable frozen = () -> queued.remove(region, fresh);
    try {
      background.execute(() -> {
        long upTo = fresh.forcedUpTo();
        try {
          if (!region.isClosed()) {
            flush(region, upTo == NOT_FORCED, upTo, frozen);
          }
        } catch (StoreClosedException e) {
          LOG.debug("background flush stopped: the store is closed");
          return;
        } catch (RuntimeException e) {
          LOG.error("background flush failed", e);
        } finally {
          frozen.run();
        }
        long late = fresh.forcedUpTo();
        if (late != upTo && !region.isClosed()) {
          // forced while this flush decided by size alone: asked again, not lost
          request(region, late);
        }
      });
    } catch (RejectedExecutionException e) {
      queued.remove(region, fresh); // closing
    }
  }

  /**
   * Queues, behind the flushes asked so far, the freeing of the log segments that hold records up
   * to {@code sequence}: the log reached a segment's size without a flush to free it (regions
   * that stay small, written now and then).
   */
  void trimLater(long sequence) {
    try {
      background.execute(() -> {
        try {
          store.trimWal(sequence);
        } catch (StoreClosedException e) {
          LOG.debug("log trimming stopped: the store is closed");
        } catch (RuntimeException e) {
          LOG.error("log trimming failed", e);
        }
      });
    } catch (RejectedExecutionException e) {
      LOG.debug("log trimming not queued: closing");
    }
  }

  /**
   * Whether writers should wait for a flush: the region holds four times the flush size
   * (memstores cannot drain as fast as they fill).
   */
  boolean mustBlock(Region region) {
    return region.memstoreSize() >= 4 * store.options().flushSize();
  }

  /**
   * What a writer does when {@link #mustBlock} says so: waits for the flush running, then
   * flushes the region itself only if its active memstore is still full (a writer flushing
   * whatever came in while it waited would write a small file for nothing).
   */
  void relieve(Region region) {
    flush(region, true, NOT_FORCED, () -> { });
  }

  /** Flushes {@code region} now, in the calling thread, and waits until the result is durable. */
  void flushNow(Region region) {
    flush(region, false, NOT_FORCED, () -> { });
  }

  /**
   * Flushes {@code region}, running {@code frozenHook} once the memstore is frozen (or found
   * empty); {@code onlyIfFull}: nothing is flushed unless the active memstore has reached the
   * flush size once the flush running before it is done. Afterwards the log is trimmed, and the
   * regions holding records of its oldest segment up to {@code forcedUpTo} (a forced flush's, as
   * it was asked) or else up to this flush's own sequence number are asked to flush: a region
   * that wrote only after that point is not, so two regions being written do not ask each other
   * in turn for ever smaller files.
   *
   * <p>The log rolls to a new segment while the region's writes wait for the freeze: the
   * segments before hold no record of the region that is not in the frozen memstore (they go as
   * soon as the file is written, unless other regions' records keep them), and every record
   * logged before any the file holds is forced to the device with them.
   */
  private void flush(Region region, boolean onlyIfFull, long forcedUpTo, Runnable frozenHook) {
    store.checkWritable();
    synchronized (region) {
      if (onlyIfFull && !isFull(region)) {
        frozenHook.run();
        return;
      }
      long[] seq = new long[1];
      List<Region.Frozen> frozen;
      region.updatesLock().writeLock().lock();
      try {
        seq[0] = store.mvcc().lastSequence();
        frozen = region.freeze();
        if (!frozen.isEmpty() && store.wal() != null) {
          // Start a new log segment so that the old ones can be deleted once every region has flushed past them.
          store.wal().roll();
        }
      } finally {
        region.updatesLock().writeLock().unlock();
      }
      frozenHook.run();
      if (frozen.isEmpty()) {
        return;
      }
      // Every write up to seq[0] must be complete (logged as asked) before its cells land in a file.
      store.mvcc().waitForAllBegun();
      store.vfs().reached(CrashPoint.FLUSH_FROZEN);
      List<StoreFileHandle> written = new ArrayList<>();
      try {
        for (Region.Frozen f : frozen) {
          written.add(store.files().write(f.family(), f.memstore()));
        }
      } catch (RuntimeException e) {
        StorageException se = e instanceof StorageException s ? s
            : new StorageException("flush failed: " + e.getMessage(), e);
        store.fail(se);
        throw se;
      }
      store.vfs().reached(CrashPoint.FLUSH_FILES_WRITTEN);
      store.updateCatalog(() -> region.commitFlush(frozen, written, seq[0]));
      store.vfs().reached(CrashPoint.FLUSH_COMMITTED);
      store.trimWal(forcedUpTo == NOT_FORCED ? seq[0] : forcedUpTo);
      store.compactions().maybeRequest(region);
      LOG.debug("flushed region of table {} up to sequence {} into {} files", region.tableId(), seq[0], written.size());
    }
  }

  /** A queued flush: forced (up to a sequence number) or by size until a forced request comes. */
  private static final class Pending {
    private long forcedUpTo = NOT_FORCED;

    synchronized void force(long upTo) {
      forcedUpTo = Math.max(forcedUpTo, upTo);
    }

    synchronized long forcedUpTo() {
      return forcedUpTo;
    }
  }

  void shutdown() {
    background.shutdown();
    try {
      if (!background.awaitTermination(60, TimeUnit.SECONDS)) {
        LOG.warn("background flush still running at close");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
