package dev.cellar.sql.txn;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.catalog.IndexDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.storage.Admin;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.PendingWrites;
import dev.cellar.storage.Snapshot;
import dev.cellar.storage.Table;
import dev.cellar.storage.WriteBatch;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One transaction of one connection: snapshot isolation over the embedded engine.
 *
 * <ul>
 *   <li><b>Reads</b> see the {@link Snapshot} taken when the transaction began (its first
 *       statement), with the transaction's own writes laid over it, in every read path: scans,
 *       gets, index lookups, joins, aggregates.</li>
 *   <li><b>Writes</b> of its statements go to {@link PendingWrites} and reach the store only at
 *       {@link #commit}. Each statement stays atomic: a failed one adds nothing.</li>
 *   <li><b>Commit</b> takes the write locks of every table it wrote (the locks autocommit
 *       statements take), checks that no row it writes was written by anyone after its snapshot
 *       (first committer wins: otherwise SQLState 40001 and nothing applied), and writes all its
 *       rows and index entries as one atomic batch.</li>
 *   <li><b>Rollback</b> forgets the pending writes.</li>
 * </ul>
 *
 * <p>The cells keep the timestamps of the statements that wrote them. Not thread-safe beyond
 * what one connection needs: its methods are synchronized.
 */
public final class Transaction {
  private final CellarDatabase db;
  private final Snapshot snapshot;
  private final PendingWrites pending = new PendingWrites();
  private final long maxBytes;
  private final CellarStore view;
  /** For each storage table written, the indexes statements maintained when it was first written. */
  private final Map<String, Set<String>> indexesAtWrite = new HashMap<>();
  /** Prefixes of storage tables the transaction relied on ({@link RangeWatch}), by table. */
  private final Map<String, Set<java.nio.ByteBuffer>> watched = new HashMap<>();
  private boolean ended;

  private Transaction(CellarDatabase db, long maxBytes) {
    this.db = db;
    this.maxBytes = maxBytes;
    CellarStore store = db.store();
    if (!store.snapshotReads()) {
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "database " + db.description()
          + " runs on a store without snapshot reads, so it has no transactions: use auto-commit");
    }
    this.snapshot = store.snapshot();
    this.view = new View(store);
  }

  /**
   * Begins a transaction of {@code db}: takes its snapshot now.
   *
   * @param maxBytes the most the uncommitted writes may hold (approximate heap bytes of their cells)
   */
  public static Transaction begin(CellarDatabase db, long maxBytes) {
    db.checkOpen();
    return new Transaction(db, maxBytes);
  }

  /** The store as this transaction sees it: reads of its snapshot and own writes; writes held back. */
  public CellarStore store() {
    return view;
  }

  /** Whether the transaction has written anything. */
  public synchronized boolean hasWrites() {
    return !pending.isEmpty();
  }

  /** Approximate bytes of the uncommitted writes. */
  public long pendingBytes() {
    return pending.byteSize();
  }

  /**
   * Writes the transaction's rows and index entries as one atomic batch, unless a row it wrote
   * was written by another since its snapshot; ends the transaction either way.
   *
   * @throws CellarSqlException {@link SqlState#SERIALIZATION_FAILURE} on a conflict (nothing
   *     is written)
   */
  public synchronized void commit() {
    checkNotEnded();
    try {
      if (pending.isEmpty()) {
        return;
      }
      Map<String, List<byte[]>> rows = pending.rows();
      List<ReentrantLock> locks = new ArrayList<>();
      try {
        Set<String> tables = new TreeSet<>(rows.keySet());
        tables.addAll(watched.keySet());
        for (String table : tables) {
          ReentrantLock l = db.tableLock(table);
          try {
            l.lockInterruptibly();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CellarSqlException(SqlState.CANCELLED, "interrupted while committing: nothing was written");
          }
          locks.add(l);
        }
        checkIndexesUnchanged();
        for (Map.Entry<String, List<byte[]>> e : rows.entrySet()) {
          for (byte[] row : e.getValue()) {
            if (snapshot.writtenSince(e.getKey(), row)) {
              throw new CellarSqlException(SqlState.SERIALIZATION_FAILURE, "could not commit: "
                  + describeRow(e.getKey(), row) + " was changed by another transaction after this one began; nothing was written, retry the "
                  + "transaction");
            }
          }
        }
        for (Map.Entry<String, Set<java.nio.ByteBuffer>> e : watched.entrySet()) {
          for (java.nio.ByteBuffer prefix : e.getValue()) {
            byte[] p = prefix.array();
            if (snapshot.writtenSince(e.getKey(), p, Bytes.prefixEnd(p))) {
              throw new CellarSqlException(SqlState.SERIALIZATION_FAILURE, "could not commit: another transaction "
                  + "wrote the entries " + Bytes.toStringBinary(p) + "... of " + describe(e.getKey())
                  + " after this one checked them; nothing was written, retry the transaction");
            }
          }
        }
        db.store().write(pending.toBatch());
      } finally {
        for (int i = locks.size() - 1; i >= 0; i--) {
          locks.get(i).unlock();
        }
      }
    } finally {
      end();
    }
  }

  /** Forgets the transaction's writes and ends it. */
  public synchronized void rollback() {
    if (!ended) {
      end();
    }
  }

  public synchronized boolean isEnded() {
    return ended;
  }

  private void end() {
    ended = true;
    pending.clear();
    watched.clear();
    snapshot.close();
  }

  private void checkNotEnded() {
    if (ended) {
      throw new CellarSqlException(SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE, "the transaction has ended");
    }
  }

  /**
   * Refuses the commit if a table written has an index now that statements did not maintain
   * when they wrote it (created while the transaction was open): its entries would be missing.
   */
  private void checkIndexesUnchanged() {
    Map<String, Set<String>> now = maintainedIndexes();
    for (Map.Entry<String, Set<String>> e : indexesAtWrite.entrySet()) {
      for (String ix : now.getOrDefault(e.getKey(), Set.of())) {
        if (!e.getValue().contains(ix)) {
          throw new CellarSqlException(SqlState.SERIALIZATION_FAILURE, "could not commit: index " + ix + " of "
              + describe(e.getKey()) + " was created after this transaction wrote the table; nothing was "
              + "written, retry the transaction");
        }
      }
    }
  }

  /** The indexes statements maintain, by the storage table of their data table. */
  private Map<String, Set<String>> maintainedIndexes() {
    Catalog.Snapshot snap = db.catalog().snapshot();
    Map<String, Set<String>> out = new HashMap<>();
    for (TableDef t : snap.tables().values()) {
      Set<String> names = out.computeIfAbsent(t.storageName(), k -> new TreeSet<>());
      for (IndexDef ix : snap.indexesOf(t.name())) {
        if (ix.state() != IndexDef.State.FAILED) {
          names.add(ix.name());
        }
      }
    }
    return out;
  }

  /** {@code table T} for a storage table of a SQL table, {@code store table t} otherwise. */
  /** {@code row (ID)=(1) of table T}: a row by its key columns' values, or by its bytes in a store table. */
  private String describeRow(String storageTable, byte[] row) {
    for (TableDef t : db.catalog().snapshot().tables().values()) {
      if (t.storageName().equals(storageTable)) {
        return "row " + t.describeKey(row) + " of table " + t.name();
      }
    }
    return "row " + Bytes.toStringBinary(row) + " of store table " + storageTable;
  }

  private String describe(String storageTable) {
    for (TableDef t : db.catalog().snapshot().tables().values()) {
      if (t.storageName().equals(storageTable)) {
        return "table " + t.name();
      }
    }
    return "store table " + storageTable;
  }

  /** Adds a statement's batch to the pending writes, within the size cap. */
  private synchronized void add(WriteBatch batch, Admin admin) {
    checkNotEnded();
    Map<String, Set<String>> maintained = null;
    for (WriteBatch.Entry e : batch.entries()) {
      if (!indexesAtWrite.containsKey(e.table())) {
        maintained = maintained == null ? maintainedIndexes() : maintained;
        indexesAtWrite.put(e.table(), maintained.getOrDefault(e.table(), Set.of()));
      }
    }
    long adding = 0;
    for (WriteBatch.Entry e : batch.entries()) {
      for (dev.cellar.storage.Cell c : e.mutation().cells()) {
        adding += c.estimatedSize();
      }
    }
    if (pending.byteSize() + adding > maxBytes) {
      throw new CellarSqlException(SqlState.PROGRAM_LIMIT_EXCEEDED, "the statement would bring the transaction's "
          + "uncommitted writes to " + (pending.byteSize() + adding) + " bytes, over the limit of " + maxBytes
          + " (connection property transactionMaxBytes): it was not applied; commit in smaller parts");
    }
    Map<String, dev.cellar.storage.TableDescriptor> described = new TreeMap<>();
    pending.add(batch, name -> described.computeIfAbsent(name, admin::describe), System.currentTimeMillis());
  }

  /** The store as the transaction sees it. */
  private synchronized void watch(String table, byte[] prefix) {
    watched.computeIfAbsent(table, t -> new java.util.HashSet<>()).add(java.nio.ByteBuffer.wrap(prefix.clone()));
  }

  private final class View implements CellarStore, RangeWatch {
    private final CellarStore base;

    View(CellarStore base) {
      this.base = base;
    }

    @Override
    public Admin admin() {
      return base.admin();
    }

    @Override
    public Table table(String name) {
      checkNotEnded();
      return snapshot.table(name, pending);
    }

    @Override
    public void write(WriteBatch batch) {
      add(batch, base.admin());
    }

    @Override
    public void watchPrefix(String table, byte[] prefix) {
      watch(table, prefix);
    }

    @Override
    public void close() {
      // the database's store is closed by the database
    }
  }
}
