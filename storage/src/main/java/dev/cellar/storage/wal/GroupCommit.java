package dev.cellar.storage.wal;

import dev.cellar.storage.StorageException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Leader/follower coordination of waiters (wal-format.md, "Group commit"). At most one waiter
 * leads at a time: it writes, and if needed forces, every pending record — its own and everyone
 * else's — while the others wait on a monitor and return as soon as their record is done. A
 * leader about to force first gives the writers released by the previous force a moment to
 * append again, so that one force serves them all instead of every other force serving one.
 */
final class GroupCommit {
  /** What the coordination needs from the log. */
  interface Log {
    /** Whether record {@code txid} is written, and forced if {@code force}. */
    boolean isDone(long txid, boolean force);

    /** The error that failed the log, or {@code null}. */
    StorageException failure();

    /** Writes (and forces, if asked or wanted by a waiter) every pending record; records I/O errors as failure. */
    void lead(long txid, boolean force);

    /** The highest transaction id appended so far. */
    long lastTxid();

    /** The highest transaction id written so far. */
    long writtenTxid();
  }

  /** Longest a leader waits for other writers to append before it forces. */
  static final long MAX_GATHER_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

  private final Log log;
  private final Object monitor = new Object();
  private boolean leaderActive;
  private final AtomicInteger waiting = new AtomicInteger();
  private volatile int expectedGroup = 1;
  private volatile long lastForceNanos;
  private volatile Thread gatherer;
  private volatile long gatherTarget;

  GroupCommit(Log log) {
    this.log = log;
  }

  /** Called after each append: wakes a gathering leader once enough records are pending. */
  void appended(long txid) {
    Thread g = gatherer;
    if (g != null && txid >= gatherTarget) {
      LockSupport.unpark(g);
    }
  }

  /**
   * Returns once record {@code txid} is done, leading writes as needed.
   *
   * @throws StorageException if the log fails first
   */
  void await(long txid, boolean force) {
    if (log.isDone(txid, force)) {
      return;
    }
    waiting.incrementAndGet();
    boolean interrupted = false;
    try {
      while (!log.isDone(txid, force)) {
        synchronized (monitor) {
          while (leaderActive && !log.isDone(txid, force) && log.failure() == null) {
            try {
              monitor.wait();
            } catch (InterruptedException e) {
              interrupted = true; // a durable write is seen through; the flag is restored below
            }
          }
          if (log.isDone(txid, force)) {
            return;
          }
          if (log.failure() != null) {
            throw new StorageException("write-ahead log has failed; record " + txid + " may not be durable: "
                + log.failure().getMessage(), log.failure());
          }
          leaderActive = true;
        }
        try {
          lead(txid, force);
        } finally {
          synchronized (monitor) {
            leaderActive = false;
            monitor.notifyAll();
          }
        }
      }
    } finally {
      waiting.decrementAndGet();
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private void lead(long txid, boolean force) {
    if (!force) {
      log.lead(txid, false);
      return;
    }
    gather();
    long start = System.nanoTime();
    log.lead(txid, true);
    lastForceNanos = System.nanoTime() - start;
    // Everyone now waiting (this leader included) will, in a steady load, write again soon.
    expectedGroup = Math.max(1, waiting.get());
  }

  /**
   * Waits, for at most half the last force's duration (capped at {@link #MAX_GATHER_NANOS}),
   * until as many records are pending as writers took part in the last group. A lone writer
   * never waits.
   */
  private void gather() {
    int expected = expectedGroup;
    if (expected <= 1) {
      return;
    }
    long target = log.writtenTxid() + expected;
    long deadline = System.nanoTime() + Math.min(lastForceNanos / 2, MAX_GATHER_NANOS);
    gatherTarget = target;
    gatherer = Thread.currentThread();
    try {
      long left;
      while (log.lastTxid() < target && (left = deadline - System.nanoTime()) > 0) {
        LockSupport.parkNanos(this, left);
      }
    } finally {
      gatherer = null;
    }
  }
}
