package dev.cellar.storage.embedded;

import dev.cellar.storage.StorageException;
import dev.cellar.storage.StoreClosedException;
import dev.cellar.storage.fs.CrashPoint;
import dev.cellar.storage.region.Region;
import dev.cellar.storage.region.StoreFileHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes regions' memstores to store files: on demand ({@link #flushNow}) and in the
 * background when a region's memstore passes the flush size. One flush per region at a time.
 */
final class Flusher {
  private static final Logger LOG = LoggerFactory.getLogger(Flusher.class);

  private final EmbeddedStore store;
  private final ExecutorService background;
  private final Set<Region> queued = ConcurrentHashMap.newKeySet();

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
      request(region, true);
    }
  }

  private boolean isFull(Region region) {
    return region.activeMemstoreSize() >= store.options().flushSize();
  }

  /**
   * Queues a background flush of {@code region}, unless one is queued already. {@code bySize}:
   * asked because the memstore reached the flush size; such a flush is dropped if, when its
   * turn comes, the memstore is no longer full (a writer flushed it meanwhile). Otherwise the
   * flush frees old log segments ({@link EmbeddedStore#trimWal}): the region is flushed
   * whatever it holds, and its own flush does not ask other regions to flush in turn.
   */
  void request(Region region, boolean bySize) {
    if (!queued.add(region)) {
      return;
    }
    // The request stands until the flush has frozen the memstore: asked again before (while the
    // log rolls, say), it would queue a second flush for the few cells that come in meanwhile.
    AtomicBoolean done = new AtomicBoolean();
    Runnable frozen = () -> {
      if (done.compareAndSet(false, true)) {
        queued.remove(region);
      }
    };
    try {
      background.execute(() -> {
        try {
          if (!region.isClosed()) {
            flush(region, bySize, bySize, frozen);
          }
        } catch (StoreClosedException e) {
          LOG.debug("background flush stopped: the store is closed");
        } catch (RuntimeException e) {
          LOG.error("background flush failed", e);
        } finally {
          frozen.run();
        }
      });
    } catch (RejectedExecutionException e) {
      queued.remove(region); // closing
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
    flush(region, true, true, () -> { });
  }

  /** Flushes {@code region} now, in the calling thread, and waits until the result is durable. */
  void flushNow(Region region) {
    flush(region, true, false, () -> { });
  }

  /**
   * Flushes {@code region}, running {@code frozenHook} once the memstore is frozen (or found
   * empty); {@code onlyIfFull}: nothing is flushed unless the active memstore has reached the
   * flush size once the flush running before it is done; {@code mayAskOthers}: whether the
   * log trimming after it may ask other regions to flush ({@link EmbeddedStore#trimWal}).
   *
   * <p>The log rolls to a new segment while the region's writes wait for the freeze: the
   * segments before hold no record of the region that is not in the frozen memstore (they go as
   * soon as the file is written, unless other regions' records keep them), and every record
   * logged before any the file holds is forced to the device with them.
   */
  private void flush(Region region, boolean mayAskOthers, boolean onlyIfFull, Runnable frozenHook) {
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
      store.trimWal(mayAskOthers);
      store.compactions().maybeRequest(region);
      LOG.debug("flushed region of table {} up to sequence {} into {} files", region.tableId(), seq[0], written.size());
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
