package dev.cellar.storage.memstore;

import java.util.ArrayDeque;

/**
 * Multi-version concurrency control over one sequence of write numbers. A writer
 * {@link #begin()}s (getting the next sequence number), applies its cells, then
 * {@link #complete}s. The <em>read point</em> is the highest sequence number below which every
 * write has completed; a reader that fixes the read point when it starts sees exactly the
 * writes at or below it, however long it runs and whatever is written meanwhile.
 */
public final class Mvcc {
  private final ArrayDeque<WriteEntry> pending = new ArrayDeque<>();
  private long nextSequence;
  private volatile long readPoint;

  /** Starts counting after {@code lastSequence} (the highest sequence number already used). */
  public Mvcc(long lastSequence) {
    this.nextSequence = lastSequence + 1;
    this.readPoint = lastSequence;
  }

  /** One write in flight. */
  public static final class WriteEntry {
    private final long sequence;
    private boolean completed;

    WriteEntry(long sequence) {
      this.sequence = sequence;
    }

    public long sequence() {
      return sequence;
    }
  }

  /** Assigns the next sequence number to a new write. */
  public synchronized WriteEntry begin() {
    WriteEntry e = new WriteEntry(nextSequence++);
    pending.addLast(e);
    return e;
  }

  /**
   * Marks the write complete and waits until it (and every earlier write) is visible, so that a
   * writer reads its own writes.
   */
  public void completeAndWait(WriteEntry e) {
    synchronized (this) {
      e.completed = true;
      boolean advanced = false;
      while (!pending.isEmpty() && pending.peekFirst().completed) {
        readPoint = pending.pollFirst().sequence;
        advanced = true;
      }
      if (advanced) {
        notifyAll();
      }
      awaitReadPoint(e.sequence);
    }
  }

  /** Waits, holding this monitor, until the read point reaches {@code target}; keeps the interrupt status. */
  private void awaitReadPoint(long target) {
    boolean interrupted = false;
    while (readPoint < target) {
      try {
        wait();
      } catch (InterruptedException ie) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Takes a sequence number for a write that reaches readers by other means than the memstore
   * (a bulk load's files): it is begun and completed at once, so it never holds back the read
   * point, and every write begun later gets a higher number.
   */
  public long reserve() {
    WriteEntry e = begin();
    completeAndWait(e);
    return e.sequence();
  }

  /** Waits until every write begun so far is visible; returns the read point then reached. */
  public long waitForAllBegun() {
    long target;
    synchronized (this) {
      target = nextSequence - 1;
      awaitReadPoint(target);
    }
    return target;
  }

  /** The current read point: every write with a sequence number at or below it is complete. */
  public long readPoint() {
    return readPoint;
  }

  /** The highest sequence number handed out. */
  public synchronized long lastSequence() {
    return nextSequence - 1;
  }
}
