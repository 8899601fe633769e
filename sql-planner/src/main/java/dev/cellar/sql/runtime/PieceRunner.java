package dev.cellar.sql.runtime;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * Runs the pieces of one read (the key ranges of an aggregate) on the calling thread and on
 * helper threads of its own: each thread takes the next piece not taken yet until none is left,
 * so that every thread is busy until the end whatever the pieces' sizes, and the caller waits
 * only for pieces other threads are still running.
 *
 * <p>The helpers are not the common {@link java.util.concurrent.ForkJoinPool}: a piece blocks
 * on storage (an HBase scan waits for its region server), and a common-pool thread blocked so is
 * lost to every other user of that pool in the JVM. A region server in the same JVM (HBase's
 * minicluster, the sandbox) needs it to answer the very scan: its file statistics are gathered
 * by a parallel stream, which then waits for the blocked thread, and the scan times out after a
 * minute. The helpers are daemon threads that end when idle.
 */
final class PieceRunner {
  /** Helper threads: one a core beside the caller's, at least one. */
  private static final int HELPERS = Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
  private static final ThreadPoolExecutor POOL;

  static {
    AtomicInteger n = new AtomicInteger();
    POOL = new ThreadPoolExecutor(HELPERS, HELPERS, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
      Thread t = new Thread(r, "cellar-pieces-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
    POOL.allowCoreThreadTimeOut(true);
  }

  private PieceRunner() {}

  /** The helper threads a run may use besides its caller. */
  static int helpers() {
    return HELPERS;
  }

  /**
   * Runs {@code piece} for each of {@code 0 .. n-1}, on the caller and up to {@link #helpers()}
   * helpers. The first failure stops the taking of pieces and is thrown once the pieces taken
   * are done; an interrupt of the caller stops it too, as a cancellation naming {@code what}.
   */
  static void run(int n, IntConsumer piece, Supplier<String> what) {
    if (n == 1) {
      piece.accept(0);
      return;
    }
    AtomicInteger next = new AtomicInteger();
    CountDownLatch done = new CountDownLatch(n);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Runnable work = () -> {
      for (int i; (i = next.getAndIncrement()) < n; ) {
        try {
          piece.accept(i);
        } catch (RuntimeException | Error e) {
          failure.compareAndSet(null, e);
          // nobody takes the pieces after this one: they are done too
          for (int left = next.getAndSet(n); left < n; left++) {
            done.countDown();
          }
        } finally {
          done.countDown();
        }
      }
    };
    for (int h = Math.min(n - 1, HELPERS); h > 0; h--) {
      POOL.execute(work);
    }
    work.run();
    try {
      done.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      next.set(n);
      throw new CellarSqlException(SqlState.CANCELLED, "interrupted while " + what.get());
    }
    Throwable t = failure.get();
    if (t instanceof RuntimeException e) {
      throw e;
    }
    if (t instanceof Error e) {
      throw e;
    }
  }
}
