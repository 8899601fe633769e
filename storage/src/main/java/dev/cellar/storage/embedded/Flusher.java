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

  /** Queues a background flush of {@code region} if it is over the flush size. */
  void maybeRequest(Region region) {
    if (region.memstoreSize() >= store.options().flushSize()) {
      request(region);
    }
  }

  /** Queues a background flush of {@code region}, unless one is queued already. */
  void request(Region region) {
    if (!queued.add(region)) {
      return;
    }
    try {
      background.execute(() -> {
        queued.remove(region);
        try {
          if (!region.isClosed()) {
            flushNow(region);
          }
        } catch (StoreClosedException e) {
          LOG.debug("background flush stopped: the store is closed");
        } catch (RuntimeException e) {
          LOG.error("background flush failed", e);
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

  /** Flushes {@code region} now, in the calling thread, and waits until the result is durable. */
  void flushNow(Region region) {
    store.checkWritable();
    synchronized (region) {
      long[] seq = new long[1];
      List<Region.Frozen> frozen;
      region.updatesLock().writeLock().lock();
      try {
        seq[0] = store.mvcc().lastSequence();
        frozen = region.freeze();
      } finally {
        region.updatesLock().writeLock().unlock();
      }
      if (frozen.isEmpty()) {
        return;
      }
      if (store.wal() != null) {
        // Start a new log segment so that the old ones can be deleted once every region has flushed past them.
        store.wal().roll();
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
      store.trimWal();
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
