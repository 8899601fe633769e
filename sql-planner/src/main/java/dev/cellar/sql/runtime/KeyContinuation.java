package dev.cellar.sql.runtime;

import dev.cellar.sql.keyrange.AccessPath;
import dev.cellar.storage.Bytes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where the ordered key scan of one statement's result stopped, and where a new execution of
 * that statement starts: the hook that lets a server continue a result another server began.
 * <p>
 * A caller makes one for an execution ({@link #enter()}) on the thread that runs and reads it;
 * each table scan ({@link CellarEnumerator}) created meanwhile attaches to it. When exactly one
 * scan attached and that scan reads a table's rows in key order (not an index, a salted table's
 * merged buckets, a dynamic family's cells nor a versioned table's versions), it tells where
 * the rows handed out stand. A JDBC result set of the embedded driver reads one row ahead of the
 * rows handed out (Calcite's enumerator iterator asks for the next row when it hands out one):
 * while the scan has not reached its end, its last row is the row that makes the result's next
 * row, so the row before it ({@link #resumeAfter()}) is at or after the last row handed out and
 * before the next: starting just after it gives the rest of the result. A continuation
 * made with a start key makes the scan start just after that key (just before it, reversed):
 * each range's lower bound (upper, reversed) is moved past the key, and the ranges and keys
 * wholly before it dropped.
 * <p>
 * Whether the statement's rows are that scan's rows in the same order (no sort, join or
 * aggregate above it) the caller decides; a scan read to its end or read twice gives no key, so
 * a sort over the scan, which reads it whole before its first row, is never continued by key.
 */
public final class KeyContinuation {
  private static final ThreadLocal<KeyContinuation> CURRENT = new ThreadLocal<>();

  private final byte[] startAfter;
  private int scans;
  private boolean ordered = true;
  private boolean ended;
  private boolean applied;
  private byte[] lastKey;
  private byte[] previousKey;
  private long rows;

  /** A continuation of an execution from the start ({@code startAfter} null) or just after {@code startAfter}. */
  public KeyContinuation(byte[] startAfter) {
    this.startAfter = startAfter == null ? null : startAfter.clone();
  }

  /** Scans created on this thread until {@link Scope#close()} attach to this continuation. */
  public Scope enter() {
    KeyContinuation before = CURRENT.get();
    CURRENT.set(this);
    return () -> {
      if (before == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(before);
      }
    };
  }

  /** The time during which new scans attach to a continuation. */
  public interface Scope extends AutoCloseable {
    @Override
    void close();
  }

  /**
   * The rowkey after which the rest of the result starts, with one row read ahead of those
   * handed out: the one but last row of the one ordered scan of the execution. Null when there
   * is no such scan (none, more than one, one not in key order), when it reached its end, or
   * when it returned one row only (nothing was handed out yet).
   */
  public synchronized byte[] resumeAfter() {
    return scans == 1 && ordered && !ended ? previousKey : null;
  }

  /** Whether the execution's one ordered scan reached its end. */
  public synchronized boolean ended() {
    return scans == 1 && ordered && ended;
  }

  /** The rows the execution's scans returned. */
  public synchronized long rows() {
    return rows;
  }

  /** Whether the start key was applied to the execution's one ordered scan. */
  public synchronized boolean resumed() {
    return startAfter != null && applied && scans == 1 && ordered;
  }

  /** The continuation of the scan being created on this thread, counted; null when none. */
  static KeyContinuation attach(AccessPath path, boolean keyOrdered) {
    KeyContinuation c = CURRENT.get();
    if (c != null) {
      synchronized (c) {
        c.scans++;
        c.ordered &= keyOrdered && path.index() == null;
      }
    }
    return c;
  }

  /** A scan read its ranges again from the start. */
  synchronized void reread() {
    ordered = false;
  }

  /** The scan returned the row of {@code key}. */
  synchronized void returned(byte[] key) {
    previousKey = lastKey;
    lastKey = key;
    rows++;
  }

  /** The scan reached its end. */
  synchronized void end() {
    ended = true;
  }

  /**
   * {@code ranges} (in reading order: descending when {@code reversed}) less what lies up to the
   * start key (from it on, reversed); {@code ranges} itself without a start key or for a scan
   * that is not ordered.
   */
  synchronized List<AccessPath.KeyRange> resume(List<AccessPath.KeyRange> ranges, boolean reversed) {
    for (AccessPath.KeyRange r : ranges) {
      if (r.group() >= 0) {
        ordered = false;
      }
    }
    if (startAfter == null || !ordered || scans != 1 || applied) {
      return ranges;
    }
    applied = true;
    byte[] k = startAfter;
    List<AccessPath.KeyRange> out = new ArrayList<>(ranges.size());
    for (AccessPath.KeyRange r : ranges) {
      if (reversed) {
        if (r.point()) {
          if (Arrays.compareUnsigned(r.start(), k) < 0) {
            out.add(r);
          }
        } else if (Arrays.compareUnsigned(r.start(), k) < 0) {
          boolean cut = r.stop().length == 0 || Arrays.compareUnsigned(r.stop(), k) > 0;
          out.add(cut ? new AccessPath.KeyRange(r.start(), k, false) : r);
        }
      } else {
        byte[] after = Bytes.rowAfter(k);
        if (r.point()) {
          if (Arrays.compareUnsigned(r.start(), k) > 0) {
            out.add(r);
          }
        } else if (r.stop().length == 0 || Arrays.compareUnsigned(r.stop(), after) > 0) {
          boolean cut = Arrays.compareUnsigned(r.start(), after) < 0;
          out.add(cut ? new AccessPath.KeyRange(after, r.stop(), false) : r);
        }
      }
    }
    return out;
  }
}
