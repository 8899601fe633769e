package dev.cellar.sql;

import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.exec.RowIds;
import dev.cellar.sql.exec.Timestamps;
import dev.cellar.storage.CellarStore;
import java.io.Closeable;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * The SQL side of one open store, shared by every connection to it: the {@link Catalog}, the
 * write lock of each table (statements writing one table run one at a time, which makes
 * duplicate-key checks and read-modify-write statements race-free), the statement
 * {@link Timestamps} and the generated {@link RowIds}. Thread-safe.
 */
public final class CellarDatabase implements Closeable {
  private final CellarStore store;
  private final String description;
  private final Catalog catalog;
  private final Timestamps timestamps = new Timestamps(System::currentTimeMillis);
  private final RowIds rowIds;
  private final ReentrantLock ddlLock = new ReentrantLock();
  private final Map<String, ReentrantLock> tableLocks = new ConcurrentHashMap<>();
  private final Map<Class<?>, Object> extensions = new ConcurrentHashMap<>();
  private volatile boolean closed;

  private CellarDatabase(CellarStore store, String description) {
    this.store = store;
    this.description = description;
    this.catalog = Catalog.open(store);
    this.rowIds = new RowIds(catalog);
  }

  /** The SQL layer over {@code store}; loads (or creates) its catalog. */
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

  /** Closes the store. */
  @Override
  public void close() {
    if (!closed) {
      closed = true;
      store.close();
    }
  }
}
