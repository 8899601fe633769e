package dev.cellar.storage.wal;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The background thread that writes records nobody waits for ({@code ASYNC_WAL}): it runs its
 * task every interval, or at once when {@link #kick() kicked}, until {@link #stop() stopped}.
 */
final class AsyncFlusher {
  private static final Logger LOG = LoggerFactory.getLogger(AsyncFlusher.class);

  private final Thread thread;
  private final long intervalNanos;
  private final Runnable task;
  private volatile boolean stopped;

  AsyncFlusher(String name, long intervalNanos, Runnable task) {
    this.intervalNanos = intervalNanos;
    this.task = task;
    this.thread = new Thread(this::run, name);
    thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  /** Runs the task soon, without waiting for the interval to pass. */
  void kick() {
    LockSupport.unpark(thread);
  }

  /** Stops the thread and waits (briefly) for it to end. */
  void stop() {
    stopped = true;
    LockSupport.unpark(thread);
    if (Thread.currentThread() == thread) {
      return;
    }
    try {
      thread.join(TimeUnit.SECONDS.toMillis(10));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void run() {
    while (!stopped) {
      LockSupport.parkNanos(this, intervalNanos);
      if (stopped) {
        return;
      }
      try {
        task.run();
      } catch (RuntimeException e) {
        LOG.error("Background write of the write-ahead log failed", e);
      }
    }
  }
}
