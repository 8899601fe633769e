package dev.cellar.storage.embedded;

import dev.cellar.storage.Result;
import dev.cellar.storage.StorageException;
import dev.cellar.storage.region.RegionScanner;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Reads one region's results ahead of the consumer, in a pool thread, into a bounded queue:
 * how a large scan reads several regions at once while still returning rows in key order.
 * The prefetcher owns its region scanner and closes it when done or cancelled.
 *
 * <p>Results travel in batches, so that the two threads meet once a batch, not once a row (a
 * consumer slower than the scan would otherwise wake the waiting producer at every row, and
 * the reverse). The first batches are small, so the first rows reach the consumer at once:
 * a batch holds one result, then each holds twice as many as the one before, up to
 * {@value #BATCH}. A batch ends early once it holds {@value #BATCH_CELLS} cells, so that wide
 * rows read ahead stay few.
 */
final class RegionPrefetcher implements Runnable {
  private static final Object END = new Object();
  /** Results a batch holds at most. */
  static final int BATCH = 64;
  /** Cells after which a batch is handed over whatever its number of results. */
  static final int BATCH_CELLS = 1024;
  /** Batches waiting for the consumer, at most. */
  private static final int QUEUE = 8;

  private final RegionScanner scanner;
  private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(QUEUE);
  private volatile boolean cancelled;
  private boolean finished;
  /** The consumer's batch and its next result. */
  private List<Result> batch = List.of();
  private int position;

  RegionPrefetcher(RegionScanner scanner) {
    this.scanner = scanner;
  }

  @Override
  public void run() {
    try {
      int size = 1;
      int cells = 0;
      List<Result> out = new ArrayList<>(size);
      Result r;
      while (!cancelled && (r = scanner.next()) != null) {
        out.add(r);
        cells += r.size();
        if (out.size() == size || cells >= BATCH_CELLS) {
          put(out);
          size = Math.min(BATCH, size * 2);
          cells = 0;
          out = new ArrayList<>(size);
        }
      }
      if (!out.isEmpty()) {
        put(out);
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
  @SuppressWarnings("unchecked")
  Result next() {
    if (position < batch.size()) {
      return batch.get(position++);
    }
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
    batch = (List<Result>) o;
    position = 1;
    return batch.get(0);
  }

  /** Stops the producer; it closes its scanner. */
  void cancel() {
    cancelled = true;
    queue.clear();
  }
}
