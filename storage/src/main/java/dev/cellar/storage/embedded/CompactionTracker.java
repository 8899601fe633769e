package dev.cellar.storage.embedded;

import dev.cellar.storage.Cell;
import dev.cellar.storage.CompactionProgress;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** The major compactions of a store running now, and how far each has got. Thread-safe. */
final class CompactionTracker {
  private final AtomicLong ids = new AtomicLong();
  private final Map<Long, Running> running = new ConcurrentHashMap<>();

  /** Registers a compaction of {@code table} rewriting {@code cells} cells in {@code bytes} bytes; close it when done. */
  Running start(String table, long cells, long bytes) {
    Running r = new Running(ids.incrementAndGet(), table, cells, bytes);
    running.put(r.id, r);
    return r;
  }

  /** The compactions running now, oldest first. */
  List<CompactionProgress> running() {
    List<CompactionProgress> out = new ArrayList<>();
    for (Running r : running.values()) {
      out.add(r.progress());
    }
    out.sort(Comparator.comparingLong(CompactionProgress::id));
    return out;
  }

  /** One running compaction. */
  final class Running implements AutoCloseable {
    private final long id;
    private final String table;
    private final long cellsTotal;
    private final long bytesTotal;
    private final long startedMillis = System.currentTimeMillis();
    private final AtomicLong cellsDone = new AtomicLong();

    private Running(long id, String table, long cellsTotal, long bytesTotal) {
      this.id = id;
      this.table = table;
      this.cellsTotal = cellsTotal;
      this.bytesTotal = bytesTotal;
    }

    CompactionProgress progress() {
      long done = Math.min(cellsDone.get(), cellsTotal);
      long bytes = cellsTotal == 0 ? 0 : (long) (bytesTotal * ((double) done / cellsTotal));
      return new CompactionProgress(id, table, done, cellsTotal, bytes, bytesTotal, startedMillis);
    }

    /** {@code cells}, each counted as done once it is taken. */
    Iterator<Cell> counting(Iterator<Cell> cells) {
      return new Iterator<>() {
        private long pending;

        @Override
        public boolean hasNext() {
          boolean more = cells.hasNext();
          if (!more || pending >= 1024) {
            cellsDone.addAndGet(pending);
            pending = 0;
          }
          return more;
        }

        @Override
        public Cell next() {
          Cell c = cells.next();
          pending++;
          return c;
        }
      };
    }

    @Override
    public void close() {
      running.remove(id, this);
    }
  }
}
