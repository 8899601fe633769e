package dev.cellar.storage.embedded;

import dev.cellar.storage.Result;
import dev.cellar.storage.StorageException;
import dev.cellar.storage.region.RegionScanner;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Reads one region's results ahead of the consumer, in a pool thread, into a bounded queue:
 * how a large scan reads several regions at once while still returning rows in key order.
 * The prefetcher owns its region scanner and closes it when done or cancelled.
 */
final class RegionPrefetcher implements Runnable {
  private static final Object END = new Object();
  private static final int QUEUE = 256;

  private final RegionScanner scanner;
  private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(QUEUE);
  private volatile boolean cancelled;
  private boolean finished;

  RegionPrefetcher(RegionScanner scanner) {
    this.scanner = scanner;
  }

  @Override
  public void run() {
    try {
      Result r;
      while (!cancelled && (r = scanner.next()) != null) {
        put(r);
      }
      put(END);
    } catch (RuntimeException | Error e) {
      put(e);
    } finally {
      scanner.close();
    }
  }

  private void put(Object o) {
    try {
      while (!cancelled && !queue.offer(o, 50, TimeUnit.MILLISECONDS)) {
        // wait for the consumer or a cancel
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      cancelled = true;
    }
  }

  /** The next result, or {@code null} when the region is done; rethrows the producer's failure. */
  Result next() {
    if (finished) {
      return null;
    }
    Object o;
    try {
      o = queue.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StorageException("scan interrupted", e);
    }
    if (o == END) {
      finished = true;
      return null;
    }
    if (o instanceof RuntimeException re) {
      finished = true;
      throw re;
    }
    if (o instanceof Error err) {
      finished = true;
      throw err;
    }
    return (Result) o;
  }

  /** Stops the producer; it closes its scanner. */
  void cancel() {
    cancelled = true;
    queue.clear();
  }
}
