package dev.cellar.storage.embedded;

import dev.cellar.storage.CompactionInfo;
import dev.cellar.storage.region.Compaction;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The compactions and splits running in a store and the last {@value #KEPT} that finished,
 * what {@link dev.cellar.storage.Admin#compactions} lists. Thread-safe.
 */
final class CompactionLog {
  /** Finished compactions kept. */
  static final int KEPT = 100;

  private final LongSupplier clock;
  private final AtomicLong ids = new AtomicLong();
  private final Map<Long, Entry> running = new ConcurrentHashMap<>();
  private final Deque<CompactionInfo> finished = new ArrayDeque<>();

  CompactionLog(LongSupplier clock) {
    this.clock = clock;
  }

  /** One compaction while it runs: end it with {@link #done} or {@link #failed}. */
  final class Entry {
    private final long id = ids.incrementAndGet();
    private final String table;
    private final byte[] startRow;
    private final CompactionInfo.Kind kind;
    private final long started = clock.getAsLong();
    final Compaction.Tally tally = new Compaction.Tally();
    /** A split's figures, which no tally counts. */
    private int splitIn;
    private int splitOut;
    private long splitBytes;

    private Entry(String table, byte[] startRow, CompactionInfo.Kind kind) {
      this.table = table;
      this.startRow = startRow;
      this.kind = kind;
    }

    /** Records a split's figures: the parent's files and bytes, and the references its daughters hold. */
    void split(int filesIn, long bytesIn, int filesOut) {
      splitIn = filesIn;
      splitBytes = bytesIn;
      splitOut = filesOut;
    }

    private CompactionInfo info(long ended, CompactionInfo.State state) {
      if (kind == CompactionInfo.Kind.SPLIT) {
        return new CompactionInfo(table, startRow, kind, splitIn, splitOut, splitBytes, 0, started, ended, state);
      }
      return new CompactionInfo(table, startRow, kind, tally.filesIn(), tally.filesOut(), tally.bytesIn(),
          tally.bytesOut(), started, ended, state);
    }

    /** It ended well; one that read no file is forgotten (nothing needed compacting). */
    void done() {
      end(CompactionInfo.State.DONE, kind != CompactionInfo.Kind.SPLIT && tally.filesIn() == 0);
    }

    /** It stopped by an error or because the store is closing. */
    void failed() {
      end(CompactionInfo.State.FAILED, false);
    }

    private void end(CompactionInfo.State state, boolean forget) {
      if (running.remove(id) == null || forget) {
        return;
      }
      CompactionInfo info = info(clock.getAsLong(), state);
      synchronized (finished) {
        finished.addLast(info);
        while (finished.size() > KEPT) {
          finished.removeFirst();
        }
      }
    }
  }

  /** Registers a compaction of the region of {@code table} starting at {@code startRow} that starts now. */
  Entry start(String table, byte[] startRow, CompactionInfo.Kind kind) {
    Entry e = new Entry(table, startRow, kind);
    running.put(e.id, e);
    return e;
  }

  /** The compactions of {@code table}: those running, then those finished, each oldest first. */
  List<CompactionInfo> of(String table) {
    List<CompactionInfo> out = new ArrayList<>();
    List<Entry> now = new ArrayList<>(running.values());
    now.sort((a, b) -> Long.compare(a.id, b.id));
    for (Entry e : now) {
      if (e.table.equals(table)) {
        out.add(e.info(-1, CompactionInfo.State.RUNNING));
      }
    }
    synchronized (finished) {
      for (CompactionInfo i : finished) {
        if (i.table().equals(table)) {
          out.add(i);
        }
      }
    }
    return out;
  }

  /** Forgets the finished compactions of a dropped table. */
  void forget(String table) {
    synchronized (finished) {
      finished.removeIf(i -> i.table().equals(table));
    }
  }
}
