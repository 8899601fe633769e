package dev.cellar.storage.embedded;

import dev.cellar.storage.Result;
import dev.cellar.storage.StorageException;
import dev.cellar.storage.region.RegionScanner;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

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
 *
 * <p>The reading never waits for the consumer: a run that finds the queue full ends, giving its
 * thread back to the pool, and the consumer schedules the next run once it has taken a batch.
 * Otherwise scans read in turns (the buckets of a salted table merged, result sets a client reads
 * alternately) could hold every pool thread in regions whose consumers wait on another region
 * that no thread is left to read. At most one run is scheduled or running at a time
 * ({@link #scheduled}); it hands the reading state to the next run through that flag.
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
  private final Executor pool;
  private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(QUEUE);
  /** Whether a run is scheduled or running. */
  private final AtomicBoolean scheduled = new AtomicBoolean();
  private volatile boolean cancelled;
  /** Set once the scanner is closed and nothing is left to hand over: no run is needed again. */
  private volatile boolean over;
  // The reading state, of the one run scheduled or running.
  /** The results of the next batch. */
  private int size = 1;
  /** A batch, {@link #END} or a failure that the full queue did not take yet. */
  private Object held;
  /** Whether the scanner is done (exhausted, failed or cancelled) and closed. */
  private boolean closed;
  // The consumer's state.
  private boolean finished;
  /** The consumer's batch and its next result. */
  private List<Result> batch = List.of();
  private int position;

  RegionPrefetcher(RegionScanner scanner, Executor pool) {
    this.scanner = scanner;
    this.pool = pool;
  }

  /** Schedules the first run. */
  void start() {
    scheduled.set(true);
    pool.execute(this);
  }

  @Override
  public void run() {
    do {
      read();
      scheduled.set(false);
      // a batch taken from the full queue after this run found it full asks for another run,
      // which the consumer could not schedule while this one was still on
    } while (!over && (cancelled || queue.remainingCapacity() > 0) && scheduled.compareAndSet(false, true));
  }

  /** Reads batches into the queue until it is full, the region is done or the scan cancelled. */
  private void read() {
    if (cancelled) {
      close();
      return;
    }
    if (held != null) {
      if (!queue.offer(held)) {
        return;
      }
      held = null;
    }
    while (!closed && queue.remainingCapacity() > 0) {
      if (cancelled) {
        close();
        return;
      }
      Object last = null;
      List<Result> out = new ArrayList<>(size);
      try {
        int cells = 0;
        Result r;
        while (out.size() < size && cells < BATCH_CELLS && (r = scanner.next()) != null) {
          out.add(r);
          cells += r.size();
        }
        if (out.size() < size && cells < BATCH_CELLS) {
          last = END;
        }
      } catch (RuntimeException | Error e) {
        out.clear();
        last = e;
      }
      size = Math.min(BATCH, size * 2);
      if (!out.isEmpty()) {
        queue.add(out); // room: only this run adds, and the consumer only takes
      }
      if (last != null) {
        scanner.close();
        closed = true;
        if (!queue.offer(last)) {
          held = last;
          return;
        }
      }
    }
    if (closed && held == null) {
      over = true;
    }
  }

  /** Closes the scanner of a cancelled scan; nothing more is handed over. */
  private void close() {
    if (!closed) {
      scanner.close();
      closed = true;
    }
    held = null;
    over = true;
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
    if (!over && scheduled.compareAndSet(false, true)) {
      // the queue has room again: the reading goes on
      pool.execute(this);
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

  /** Stops the reading; the scanner is closed by the run on, or here if none is. */
  void cancel() {
    cancelled = true;
    queue.clear();
    if (!over && scheduled.compareAndSet(false, true)) {
      run();
    }
  }
}
