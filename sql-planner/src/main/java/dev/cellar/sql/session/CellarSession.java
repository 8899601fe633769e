package dev.cellar.sql.session;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.txn.Transaction;
import dev.cellar.storage.CellarStore;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.jdbc.CalciteSchema;

/**
 * What one connection keeps besides Calcite's own state: its database, its plan cache and its
 * transaction. Found from a prepare context, or from a statement's data context, through the
 * connection's schema (a {@link Holder}).
 *
 * <p>The layers above keep what they need here without this class knowing them: the prepare
 * layer's plan cache ({@link #planCache}) and the prepare that analyzes views
 * ({@link #prepare}), which the driver gives when it makes the session.
 *
 * <p>With auto-commit on (the default) every statement reads the latest data and writes at
 * once. With it off, the first statement begins a {@link Transaction}, which every statement
 * reads and writes through ({@link #store}) until {@link #commit} or {@link #rollback}.
 */
public final class CellarSession {
  /** The default cap on a transaction's uncommitted writes: 64 MiB. */
  static final long DEFAULT_TRANSACTION_MAX_BYTES = 64L << 20;

  /** A schema that carries the session of its connection. */
  public interface Holder {
    /** The session of the connection this schema belongs to. */
    CellarSession session();
  }

  /** The counters of a plan cache; the prepare layer's cache keeps them. */
  public interface PlanCacheStats {
    /** Plans served from the cache. */
    long hits();

    /** Statements prepared because no fresh plan was cached. */
    long misses();
  }

  private final CellarDatabase db;
  private final int planCacheSize;
  private final Supplier<CalcitePrepare> prepare;
  private PlanCacheStats plans;
  private final long currentScn;
  private boolean autoCommit = true;
  private long transactionMaxBytes = DEFAULT_TRANSACTION_MAX_BYTES;
  private Transaction transaction;

  private volatile boolean fileAccess = true;

  /**
   * A session of {@code db}.
   *
   * @param planCacheSize plans the connection keeps (0 turns caching off)
   * @param currentScn see {@link #currentScn()}
   * @param prepare makes the prepare the connection's views are analyzed with
   */
  public CellarSession(CellarDatabase db, int planCacheSize, long currentScn, Supplier<CalcitePrepare> prepare) {
    this.db = db;
    this.planCacheSize = planCacheSize;
    this.currentScn = currentScn;
    this.prepare = prepare;
  }

  /** A new prepare of this connection's kind, for analyzing a view's query. */
  public CalcitePrepare prepare() {
    return prepare.get();
  }

  /**
   * The connection's {@code currentScn}: it reads only cells with a timestamp before it and
   * writes nothing; -1 for a connection that reads the latest data.
   */
  public long currentScn() {
    return currentScn;
  }

  public CellarDatabase database() {
    return db;
  }

  /**
   * The store as this connection's statements see it: the database's own with auto-commit on;
   * otherwise the open transaction's (begun now if none is open).
   */
  public synchronized CellarStore store() {
    if (autoCommit) {
      return db.store();
    }
    if (transaction == null || transaction.isEnded()) {
      transaction = Transaction.begin(db, transactionMaxBytes);
    }
    return transaction.store();
  }

  public synchronized boolean autoCommit() {
    return autoCommit;
  }

  /** Turns auto-commit on (committing the open transaction first, as JDBC asks) or off. */
  public synchronized void setAutoCommit(boolean on) {
    if (on && !autoCommit) {
      commit();
    }
    autoCommit = on;
  }

  /** Sets the cap on a transaction's uncommitted writes (approximate bytes) for transactions begun later. */
  public synchronized void setTransactionMaxBytes(long bytes) {
    if (bytes <= 0) {
      throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE,
          "transactionMaxBytes must be positive, got " + bytes);
    }
    this.transactionMaxBytes = bytes;
  }

  /**
   * Whether statements may read and write files of this process's machine ({@code COPY}): on for
   * embedded connections, off for those a server makes for remote clients unless it allows it.
   */
  public boolean fileAccess() {
    return fileAccess;
  }

  /** Allows or refuses {@link #fileAccess()}. */
  public void setFileAccess(boolean allowed) {
    this.fileAccess = allowed;
  }

  /** Whether a transaction is open and has written something not yet committed. */
  public synchronized boolean hasUncommittedWrites() {
    return transaction != null && !transaction.isEnded() && transaction.hasWrites();
  }

  /** Commits the open transaction, if any (see {@link Transaction#commit}). */
  public synchronized void commit() {
    Transaction t = transaction;
    transaction = null;
    if (t != null && !t.isEnded()) {
      t.commit();
    }
  }

  /** Rolls back the open transaction, if any. */
  public synchronized void rollback() {
    Transaction t = transaction;
    transaction = null;
    if (t != null) {
      t.rollback();
    }
  }

  /**
   * The connection's plan cache, made by {@code make} from the cache size the connection asked
   * for on first use.
   */
  @SuppressWarnings("unchecked")
  public synchronized <T extends PlanCacheStats> T planCache(IntFunction<T> make) {
    if (plans == null) {
      plans = make.apply(planCacheSize);
    }
    return (T) plans;
  }

  private synchronized PlanCacheStats plans() {
    return plans;
  }

  /** Plans served from the cache. */
  public long planCacheHits() {
    PlanCacheStats p = plans();
    return p == null ? 0 : p.hits();
  }

  /** Statements prepared because no fresh plan was cached. */
  public long planCacheMisses() {
    PlanCacheStats p = plans();
    return p == null ? 0 : p.misses();
  }

  /** The session of the connection a statement's data context belongs to, or {@code null}. */
  public static CellarSession of(org.apache.calcite.DataContext root) {
    org.apache.calcite.schema.SchemaPlus schema = root.getRootSchema().getSubSchema(Catalog.DEFAULT_SCHEMA);
    Holder h = schema == null ? null : schema.unwrap(Holder.class);
    return h == null ? null : h.session();
  }

  /** The session of the connection a prepare context belongs to, or {@code null}. */
  public static CellarSession of(CalcitePrepare.Context context) {
    CalciteSchema root = context.getRootSchema();
    CalciteSchema s = root.getSubSchema(Catalog.DEFAULT_SCHEMA, true);
    return s != null && s.schema instanceof Holder h ? h.session() : null;
  }
}
