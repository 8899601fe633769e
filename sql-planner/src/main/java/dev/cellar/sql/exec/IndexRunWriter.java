package dev.cellar.sql.exec;

import com.google.common.util.concurrent.Uninterruptibles;
import dev.cellar.storage.BulkLoad;
import dev.cellar.storage.Cell;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The second half of an index build, in a thread of its own: sorts each chunk of entry cells
 * the build hands over ({@link SortedChunks#sortedUnique}) and, every {@code runEntries} entries,
 * merges the sorted chunks into one run of its bulk load; meanwhile the build reads and encodes
 * the next chunks. Chunks are sorted and loaded in the order they were handed over (of equal
 * cells the later chunk's wins, as if done in the build's thread). At most
 * {@value #CHUNKS_AHEAD} chunks wait to be sorted, so the memory held is a run and those chunks.
 *
 * <p>A failure of the thread (a run the load refuses, an I/O error) is thrown to the build at
 * its next {@link #add} or at {@link #finish()}. {@link #close()} stops the thread; a build
 * closes it before its bulk load.
 */
final class IndexRunWriter implements AutoCloseable {
  /** Chunks handed over and not yet sorted, at most. */
  static final int CHUNKS_AHEAD = 8;

  private final BulkLoad load;
  private final int runEntries;
  private final ExecutorService thread;
  private final Semaphore room = new Semaphore(CHUNKS_AHEAD);
  /** The sorted chunks of the run being gathered, and their entries: the writer thread's own. */
  private final List<List<Cell>> run = new ArrayList<>();
  private int entries;
  private volatile Throwable failure;
  private volatile boolean stopped;

  /** A writer into {@code load}; {@code name} names its thread. */
  IndexRunWriter(BulkLoad load, int runEntries, String name) {
    this.load = load;
    this.runEntries = runEntries;
    this.thread = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "cellar-index-sort-" + name);
      t.setDaemon(true);
      return t;
    });
  }

  /**
   * Hands over a chunk of {@code n} entries' cells, in the order they were made; waits while
   * {@value #CHUNKS_AHEAD} chunks wait to be sorted. The caller must not touch the list again.
   */
  void add(List<Cell> chunk, int n) {
    rethrow();
    room.acquireUninterruptibly();
    try {
      thread.execute(() -> {
        try {
          if (failure == null && !stopped) {
            run.add(SortedChunks.sortedUnique(chunk));
            entries += n;
            if (entries >= runEntries) {
              writeRun();
            }
          }
        } catch (Throwable t) {
          failure = t;
        } finally {
          room.release();
        }
      });
    } catch (RuntimeException e) {
      room.release();
      throw e;
    }
  }

  /** Loads what is left as a last run and waits until every run is in the load. */
  void finish() {
    rethrow();
    Future<?> last = thread.submit(() -> {
      try {
        if (failure == null && !stopped) {
          writeRun();
        }
      } catch (Throwable t) {
        failure = t;
      }
    });
    try {
      Uninterruptibles.getUninterruptibly(last);
    } catch (ExecutionException e) {
      failure = e.getCause();
    }
    rethrow();
  }

  private void writeRun() {
    if (!run.isEmpty()) {
      load.addSortedRun(new SortedChunks(run));
    }
    run.clear();
    entries = 0;
  }

  private void rethrow() {
    Throwable t = failure;
    if (t instanceof RuntimeException e) {
      throw e;
    }
    if (t instanceof Error e) {
      throw e;
    }
    if (t != null) {
      throw new IllegalStateException("index build failed: " + t.getMessage(), t);
    }
  }

  /** Stops the thread once the run it may be writing is written; what was not loaded is dropped. */
  @Override
  public void close() {
    stopped = true;
    thread.shutdown();
    while (!Uninterruptibles.awaitTerminationUninterruptibly(thread, 1, TimeUnit.MINUTES)) {
      // a run being written finishes; nothing else is waited for
    }
  }
}
