package dev.cellar.sql.database;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.Catalog;
import dev.cellar.storage.CellarStore;
import java.io.Closeable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SQL side of one open store, shared by every connection to it: the {@link Catalog}, the
 * write lock of each table (statements writing one table run one at a time, which makes
 * duplicate-key checks and read-modify-write statements race-free), the statement
 * {@link Timestamps} and the generated {@link RowIds}. Runs the background work of its
 * statements (index builds) in threads that {@link #close} waits for. Thread-safe.
 */
public final class CellarDatabase implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(CellarDatabase.class);
  /** How long {@link #close} waits for background tasks to stop before closing the store anyway. */
  private static final long CLOSE_WAIT_SECONDS = 30;

  private final CellarStore store;
  private final String description;
  private final Catalog catalog;
  private final Timestamps timestamps;
  private final RowIds rowIds;
  private final ReentrantLock ddlLock = new ReentrantLock();
  private final Map<String, ReentrantLock> tableLocks = new ConcurrentHashMap<>();
  private final Map<Class<?>, Object> extensions = new ConcurrentHashMap<>();
  /** The threads of {@link #startBackground} still running; guards {@link #closed} being set. */
  private final Set<Thread> background = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  private CellarDatabase(CellarStore store, String description) {
    this.store = store;
    this.description = description;
    this.catalog = Catalog.open(store);
    this.rowIds = new RowIds(catalog);
    this.timestamps = new Timestamps(System::currentTimeMillis, store.maxTimestamp());
  }

  /**
   * The SQL layer over {@code store}; loads (or creates) its catalog. The opener then resumes
   * the index builds the last process left unfinished ({@code ddl.IndexBuilds#resume}): this
   * package sits below DDL and does not start them itself.
   */
  public static CellarDatabase open(CellarStore store, String description) {
    return new CellarDatabase(store, description);
  }

  public CellarStore store() {
    checkOpen();
    return store;
  }

  /** What the database is, for messages: {@code mem:test}, {@code file:/data/db}. */
  public String description() {
    return description;
  }

  public Catalog catalog() {
    return catalog;
  }

  public Timestamps timestamps() {
    return timestamps;
  }

  public RowIds rowIds() {
    return rowIds;
  }

  /** The lock every DDL statement holds. */
  public ReentrantLock ddlLock() {
    return ddlLock;
  }

  /** The write lock of a storage table. */
  public ReentrantLock tableLock(String storageTable) {
    return tableLocks.computeIfAbsent(storageTable, k -> new ReentrantLock());
  }

  /**
   * A per-database object of the layers above (the adapter's table cache), created on first
   * use.
   */
  @SuppressWarnings("unchecked")
  public <T> T extension(Class<T> type, Function<CellarDatabase, T> factory) {
    return (T) extensions.computeIfAbsent(type, k -> factory.apply(this));
  }

  public boolean isClosed() {
    return closed;
  }

  /** @throws CellarSqlException with {@link SqlState#CONNECTION_DOES_NOT_EXIST} once closed */
  public void checkOpen() {
    if (closed) {
      throw new CellarSqlException(SqlState.CONNECTION_DOES_NOT_EXIST, "database " + description + " is closed");
    }
  }

  /**
   * Runs {@code task} in a daemon thread called {@code name}. The task must stop soon once
   * {@link #isClosed} is true: {@link #close} waits for it before closing the store.
   *
   * @throws CellarSqlException with {@link SqlState#CONNECTION_DOES_NOT_EXIST} once closed
   */
  public void startBackground(String name, Runnable task) {
    Thread thread = new Thread(() -> {
      try {
        task.run();
      } finally {
        background.remove(Thread.currentThread());
      }
    }, name);
    thread.setDaemon(true);
    synchronized (background) {
      checkOpen();
      background.add(thread);
    }
    thread.start();
  }

  /**
   * Closes the store, once the background tasks have stopped (they stop at their next check of
   * {@link #isClosed}); a task still running after {@value #CLOSE_WAIT_SECONDS} s is logged and
   * the store closed under it.
   */
  @Override
  public void close() {
    List<Thread> running;
    synchronized (background) {
      if (closed) {
        return;
      }
      closed = true;
      running = new ArrayList<>(background);
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CLOSE_WAIT_SECONDS);
    for (Thread t : running) {
      try {
        t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      if (t.isAlive()) {
        LOG.warn("database {}: background task {} did not stop within {} s of close; closing the store anyway",
            description, t.getName(), CLOSE_WAIT_SECONDS);
      }
    }
    store.close();
  }
}
