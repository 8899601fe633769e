package dev.cellar.sql.database;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The long operations running on a database (loads, exports, index builds, {@code UPSERT
 * SELECT}s), each with the rows it has done and, when known, how many it will do: what the
 * system table {@code CELLAR.OPERATIONS} lists and consoles show progress from. Thread-safe.
 */
public final class Operations {
  private final AtomicLong ids = new AtomicLong();
  private final Map<Long, Operation> running = new ConcurrentHashMap<>();
  private final CellarDatabase db;
  /** The ids given to the store's running major compactions, by the store's own ids. */
  private final Map<Long, Long> compactionIds = new ConcurrentHashMap<>();

  private Operations(CellarDatabase db) {
    this.db = db;
  }

  /** The operations of {@code db}. */
  public static Operations of(CellarDatabase db) {
    return db.extension(Operations.class, Operations::new);
  }

  /**
   * Registers an operation that starts now; close it when it ends.
   *
   * @param kind what it does: {@code LOAD}, {@code EXPORT}, {@code INDEX BUILD}, {@code UPSERT SELECT}
   * @param table the table it works on, or null
   * @param total rows it will do, or -1 if not known
   */
  public Operation start(String kind, String table, long total) {
    return start(kind, table, null, total, null);
  }

  /**
   * Registers an operation that starts now and counts its rows itself; close it when it ends.
   *
   * @param detail what else names it (an index, a file), or null
   * @param done reads the rows done so far, or null to count them through {@link Operation#advance}
   */
  public Operation start(String kind, String table, String detail, long total, java.util.function.LongSupplier done) {
    Operation op = new Operation(ids.incrementAndGet(), kind, table, detail, total, done);
    running.put(op.id, op);
    return op;
  }

  /**
   * The operations running now, oldest first, the store's major compactions among them (kind
   * {@code MAJOR COMPACTION}: rows are the cells written of those of the files rewritten, the
   * detail says the bytes).
   */
  public List<Operation> running() {
    List<Operation> out = new ArrayList<>(running.values());
    out.addAll(compactions());
    out.sort((a, b) -> Long.compare(a.id, b.id));
    return out;
  }

  private List<Operation> compactions() {
    List<dev.cellar.storage.CompactionProgress> now;
    try {
      now = db.store().admin().runningCompactions();
    } catch (RuntimeException e) {
      return List.of(); // a store closed meanwhile
    }
    java.util.Set<Long> seen = new java.util.HashSet<>();
    List<Operation> out = new ArrayList<>();
    for (dev.cellar.storage.CompactionProgress p : now) {
      seen.add(p.id());
      long id = compactionIds.computeIfAbsent(p.id(), k -> ids.incrementAndGet());
      String table = p.table();
      for (dev.cellar.sql.catalog.TableDef t : db.catalog().snapshot().tables().values()) {
        if (t.storageName().equals(p.table())) {
          table = t.name();
        }
      }
      String detail = String.format(java.util.Locale.ROOT, "cells %d of %d, bytes %d of %d", p.cellsDone(),
          p.cellsTotal(), p.bytesDone(), p.bytesTotal());
      long done = p.cellsDone();
      Operation op = new Operation(id, "MAJOR COMPACTION", table, detail, p.cellsTotal(), () -> done,
          p.startedMillis());
      out.add(op);
    }
    compactionIds.keySet().retainAll(seen);
    return out;
  }

  /** Receives the progress of one operation. */
  public interface Progress {
    /** {@code rows} more rows are done. */
    void advance(long rows);

    /** The operation will do about {@code rows} rows in all (-1: not known). */
    void total(long rows);

    /** Progress that goes nowhere. */
    Progress NONE = new Progress() {
      @Override
      public void advance(long rows) {}

      @Override
      public void total(long rows) {}
    };
  }

  /** One running operation: its progress, read by other threads. */
  public final class Operation implements Progress, AutoCloseable {
    private final long id;
    private final String kind;
    private final String table;
    private final String detail;
    private final java.util.function.LongSupplier counted;
    private final long startedMillis;
    private final long startedNanos;
    private final AtomicLong done = new AtomicLong();
    private volatile long total;

    private Operation(long id, String kind, String table, String detail, long total,
        java.util.function.LongSupplier counted) {
      this(id, kind, table, detail, total, counted, System.currentTimeMillis());
    }

    private Operation(long id, String kind, String table, String detail, long total,
        java.util.function.LongSupplier counted, long startedMillis) {
      this.startedMillis = startedMillis;
      this.startedNanos = System.nanoTime() - Math.max(0, System.currentTimeMillis() - startedMillis) * 1_000_000;
      this.id = id;
      this.kind = kind;
      this.table = table;
      this.detail = detail;
      this.total = total;
      this.counted = counted;
    }

    public long id() {
      return id;
    }

    public String kind() {
      return kind;
    }

    public String table() {
      return table;
    }

    /** What else names it (the index built, the file loaded), or null. */
    public String detail() {
      return detail;
    }

    /** When it started, in milliseconds since the epoch. */
    public long startedMillis() {
      return startedMillis;
    }

    /** Rows done so far. */
    public long rowsDone() {
      return counted != null ? counted.getAsLong() : done.get();
    }

    /** Rows it will do (an estimate for a load), or -1 if not known. */
    public long rowsTotal() {
      return total;
    }

    /** Rows a second since it started. */
    public double rate() {
      double seconds = (System.nanoTime() - startedNanos) / 1e9;
      return seconds <= 0 ? 0 : rowsDone() / seconds;
    }

    @Override
    public void advance(long rows) {
      done.addAndGet(rows);
    }

    /** Sets the rows done (for work that counts its own). */
    public void done(long rows) {
      done.set(rows);
    }

    @Override
    public void total(long rows) {
      total = rows;
    }

    /** The operation has ended: it is no longer listed. */
    @Override
    public void close() {
      running.remove(id, this);
    }
  }
}
