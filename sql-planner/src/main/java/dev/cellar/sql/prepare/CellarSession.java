package dev.cellar.sql.prepare;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.schema.CellarSchema;
import dev.cellar.sql.txn.Transaction;
import dev.cellar.storage.CellarStore;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.jdbc.CalciteSchema;

/**
 * What one connection keeps besides Calcite's own state: its database, its plan cache and its
 * transaction. Found from a prepare context, or from a statement's data context, through the
 * connection's {@link CellarSchema}.
 *
 * <p>With auto-commit on (the default) every statement reads the latest data and writes at
 * once. With it off, the first statement begins a {@link Transaction}, which every statement
 * reads and writes through ({@link #store}) until {@link #commit} or {@link #rollback}.
 */
public final class CellarSession {
  /** The default cap on a transaction's uncommitted writes: 64 MiB. */
  public static final long DEFAULT_TRANSACTION_MAX_BYTES = 64L << 20;

  private final CellarDatabase db;
  private final PlanCache plans;
  private final long currentScn;
  private boolean autoCommit = true;
  private long transactionMaxBytes = DEFAULT_TRANSACTION_MAX_BYTES;
  private Transaction transaction;

  public CellarSession(CellarDatabase db, int planCacheSize, long currentScn) {
    this.db = db;
    this.plans = new PlanCache(planCacheSize);
    this.currentScn = currentScn;
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

  PlanCache plans() {
    return plans;
  }

  /** Plans served from the cache. */
  public long planCacheHits() {
    return plans.hits();
  }

  /** Statements prepared because no fresh plan was cached. */
  public long planCacheMisses() {
    return plans.misses();
  }

  /** The session of the connection a statement's data context belongs to, or {@code null}. */
  public static CellarSession of(org.apache.calcite.DataContext root) {
    org.apache.calcite.schema.SchemaPlus schema = root.getRootSchema().getSubSchema(Catalog.DEFAULT_SCHEMA);
    CellarSchema cs = schema == null ? null : schema.unwrap(CellarSchema.class);
    return cs == null ? null : cs.session();
  }

  /** The session of the connection a prepare context belongs to, or {@code null}. */
  public static CellarSession of(CalcitePrepare.Context context) {
    CalciteSchema root = context.getRootSchema();
    CalciteSchema s = root.getSubSchema(Catalog.DEFAULT_SCHEMA, true);
    return s != null && s.schema instanceof CellarSchema cs ? cs.session() : null;
  }
}
