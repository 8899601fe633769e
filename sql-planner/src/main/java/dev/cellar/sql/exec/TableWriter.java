package dev.cellar.sql.exec;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.database.Operations;
import dev.cellar.sql.database.RowIds;
import dev.cellar.sql.database.Timestamps;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.CheckAndMutate;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Durability;
import dev.cellar.storage.Get;
import dev.cellar.storage.Mutation;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import dev.cellar.storage.WriteBatch;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Applies one DML statement to one table: the rows Calcite computed become puts and deletes
 * of a single {@link WriteBatch}, written with one {@code CellarStore.write}, so the statement
 * is atomic. The statement holds the table's write lock from before it reads its input until
 * its batch is written: duplicate-key checks and read-modify-write updates are race-free, and
 * a failed statement (duplicate key, NULL in a NOT NULL column, a value that cannot be stored)
 * writes nothing. The rows' mutations are made by {@link RowMutations}, a dynamic family's by
 * {@link DynamicCellWriter}; index maintenance is {@link IndexUpdates}'.
 *
 * <p>On a store without atomic multi-row batches (HBase) a statement is atomic per row only: a
 * failure part way leaves the rows before it written, and {@link IndexUpdates#write} keeps the
 * indexes readable whatever is left. On a store other processes share, an INSERT writes each
 * row with a check-and-mutate that it is absent, so that the store, not this process's lock,
 * decides between processes inserting one key.
 *
 * <p>Semantics:
 * <ul>
 *   <li>INSERT: every key must be new (in the store and within the statement), else SQLState
 *       23505 naming the table and the key.</li>
 *   <li>UPSERT: insert or replace by key; only the columns the statement names are written
 *       (others keep their values, as in Phoenix); a NULL deletes the cell.</li>
 *   <li>UPDATE: writes the changed columns (NULL deletes the cell); a changed key moves the row.</li>
 *   <li>On a table whose families have a TTL, UPSERT and UPDATE write the row whole: the columns
 *       they leave alone again, with their values, so that a row's cells expire together and its
 *       index entries with them ({@code indexes.md} §3.2).</li>
 *   <li>DELETE: deletes the whole row.</li>
 * </ul>
 * A table without a primary key finds the rows to update or delete by their values (rows with
 * equal values are interchangeable): it rescans the table under the lock.
 *
 * <p>A mapped table ({@link TableMapping#isMapped()}) is written in its own encodings and gets
 * no marker cell, so its cells are exactly what the tool that wrote the table would write. A row
 * exists through its cells: an INSERT must give a non-key column a value, and DELETE deletes the
 * row's cells in the table's families (the whole row when the table has no non-key column),
 * leaving other families alone. A mapping made {@code READ_ONLY} refuses every statement.
 *
 * <p>A row of a table with a dynamic family ({@link TableMapping#isDynamic()}) is one cell: the
 * statement puts and deletes exactly the cells {@code family:qualifier} of its rows, and the key
 * that must be new for INSERT is the rowkey with the qualifier. Its value cannot be NULL.
 *
 * <p>A table with a {@code ROW_TIMESTAMP} column writes the cells of a row whose value for it is
 * not NULL at that timestamp ({@link TableMapping#cellTimestamp}), its NULL cells' delete
 * markers too; other rows, and UPDATEs that do not set the column, are written at the
 * statement's timestamps.
 */
public final class TableWriter {
  private static final int GET_BATCH = 1000;
  private static final int CHECK_EVERY = 1024;
  /** Rows a statement reads before it is listed among the operations running. */
  private static final int PROGRESS_AFTER = 64 * CHECK_EVERY;

  private final CellarDatabase db;
  /** The store the statement reads and writes: the database's, or its transaction's view of it. */
  private final CellarStore store;
  private final TableMapping m;
  private final TableDef def;
  private final RowMutations mutations;
  private final DynamicCellWriter cells;

  public TableWriter(CellarDatabase db, CellarStore store, TableMapping mapping) {
    this.db = db;
    this.store = store;
    this.m = mapping;
    this.def = mapping.def();
    this.mutations = new RowMutations(mapping,
        store.sharedAcrossProcesses() ? RowMutations.SHARED_MARKER : mapping.markerValue());
    this.cells = new DynamicCellWriter(db, store, mapping, mutations);
  }

  /**
   * INSERT or UPSERT rows of every column. A table without a primary key gets a new rowkey for
   * every row ({@link RowIds}), reported to {@link GeneratedKeys} once the rows are written.
   *
   * @param targeted for UPSERT, which columns the statement names; {@code null} = all
   * @return rows written
   */
  public long insert(Iterable<Object[]> rows, boolean upsert, boolean[] targeted, Cancellation cancel) {
    checkWritable(upsert ? "UPSERT" : "INSERT");
    ReentrantLock lock = lock();
    try {
      List<Object[]> input = m.limits().rows(materialize(rows, cancel, upsert ? "UPSERT SELECT" : "INSERT SELECT"));
      if (m.isDynamic()) {
        cells.write(List.of(), input, !upsert);
        return input.size();
      }
      for (Object[] row : input) {
        mutations.checkNotNull(row, targeted);
      }
      Map<ByteBuffer, Object[]> byKey = new LinkedHashMap<>();
      for (Object[] row : input) {
        byte[] key = def.hiddenKey() ? db.rowIds().nextKey(def.schema(), def.name()) : m.key(row);
        Object[] previous = byKey.put(ByteBuffer.wrap(key), row);
        if (previous != null && !upsert) {
          throw mutations.duplicate(row, "twice in one statement");
        }
      }
      if (!upsert && !def.hiddenKey()) {
        checkAbsent(byKey);
      }
      boolean deletes = false;
      if (upsert) {
        for (Object[] row : byKey.values()) {
          for (int f = 0; f < row.length && !deletes; f++) {
            deletes = (row[f] == null && m.isCell(f) || m.isMap(f)) && (targeted == null || targeted[f]);
          }
        }
      }
      IndexUpdates indexes = IndexUpdates.of(db, store, m);
      // on a table whose rows expire, an UPSERT of some columns writes the others again too
      boolean whole = upsert && targeted != null && !def.hiddenKey() && IndexUpdates.rowsExpire(db, m);
      Map<ByteBuffer, Object[]> old = upsert && !def.hiddenKey() && (whole || !indexes.isEmpty())
          ? currentRows(byKey.keySet()) : Map.of();
      if (!indexes.isEmpty()) {
        indexes.written(byKey, old, upsert ? targeted : null);
        indexes.checkUnique();
        deletes |= indexes.deletes();
      }
      Timestamps.Stamp stamp = db.timestamps().next(deletes);
      WriteBatch batch = new WriteBatch();
      for (Map.Entry<ByteBuffer, Object[]> e : byKey.entrySet()) {
        byte[] key = e.getKey().array();
        Object[] row = e.getValue();
        Put p = whole ? mutations.put(key, withOthers(row, old.get(e.getKey()), targeted), null, stamp.putTs())
            : mutations.put(key, row, upsert ? targeted : null, stamp.putTs());
        if (p.isEmpty()) {
          if (!upsert) {
            throw new CellarSqlException(SqlState.NOT_NULL_VIOLATION, "row " + m.describeKey(row) + " of mapped table "
                + def.name() + " has no non-key value: a row of store table " + def.storageName()
                + " exists only through its cells, so give a non-key column a value");
          }
        } else {
          batch.add(def.storageName(), p);
        }
        if (upsert) {
          Delete d = mutations.nullCells(key, row, targeted, stamp.deleteTs());
          if (d != null) {
            batch.add(def.storageName(), d);
          }
          d = mutations.mapFamilies(key, row, targeted, stamp.deleteTs());
          if (d != null) {
            batch.add(def.storageName(), d);
          }
        }
      }
      if (!upsert && !def.hiddenKey() && !m.isMapped() && store.sharedAcrossProcesses()
          && !store.atomicMultiRowBatches()) {
        // another process may insert the same keys meanwhile: the store decides, row by row
        indexes.write(batch, stamp, data -> putIfAbsent(data, byKey));
      } else {
        indexes.write(batch, stamp);
      }
      if (def.hiddenKey()) {
        List<byte[]> keys = new ArrayList<>(byKey.size());
        byKey.keySet().forEach(k -> keys.add(k.array()));
        GeneratedKeys.generated(keys);
      }
      return input.size();
    } finally {
      lock.unlock();
    }
  }

  /**
   * UPDATE: each input row holds the old values of every column followed by the new values of
   * {@code updated} columns. On a table whose rows expire the row is written whole.
   *
   * @return rows updated
   */
  public long update(Iterable<Object[]> rows, int[] updated, Cancellation cancel) {
    checkWritable("UPDATE");
    ReentrantLock lock = lock();
    try {
      List<Object[]> input = materialize(rows, cancel);
      int n = m.fieldCount();
      if (m.isDynamic()) {
        List<Object[]> newRows = new ArrayList<>(input.size());
        for (Object[] in : input) {
          Object[] row = Arrays.copyOf(in, n);
          for (int u = 0; u < updated.length; u++) {
            row[updated[u]] = m.limits().value(updated[u], in[n + u]);
          }
          mutations.keepStatementTime(row, updated);
          newRows.add(row);
        }
        cells.write(input, newRows, true);
        return input.size();
      }
      boolean[] targeted = new boolean[n];
      for (int f : updated) {
        targeted[f] = true;
      }
      List<byte[]> oldKeys = keysOf(input, n, cancel);
      List<Object[]> newRows = new ArrayList<>(input.size());
      boolean keyChange = false;
      boolean deletes = false;
      for (Object[] in : input) {
        Object[] row = Arrays.copyOf(in, n);
        for (int u = 0; u < updated.length; u++) {
          row[updated[u]] = m.limits().value(updated[u], in[n + u]);
          if (m.isKey(updated[u]) && !Objects.equals(in[updated[u]], row[updated[u]])) {
            keyChange = true;
          }
          deletes |= row[updated[u]] == null || m.isMap(updated[u]);
        }
        mutations.keepStatementTime(row, updated);
        mutations.checkNotNull(row, targeted);
        newRows.add(row);
      }
      deletes |= keyChange;
      IndexUpdates indexes = IndexUpdates.of(db, store, m);
      // on a table whose rows expire, the row is written whole: its cells expire together
      boolean[] written = IndexUpdates.rowsExpire(db, m) ? null : targeted;
      if (!indexes.isEmpty()) {
        indexes.updated(oldKeys, input, newRows, keyChange);
        indexes.checkUnique();
        deletes |= indexes.deletes();
      }
      Timestamps.Stamp stamp = db.timestamps().next(deletes);
      WriteBatch batch = new WriteBatch();
      if (!keyChange) {
        for (int i = 0; i < newRows.size(); i++) {
          byte[] key = oldKeys.get(i);
          mutations.addPut(batch, mutations.put(key, newRows.get(i), written, stamp.putTs()));
          Delete d = mutations.nullCells(key, newRows.get(i), targeted, stamp.deleteTs());
          if (d != null) {
            batch.add(def.storageName(), d);
          }
          d = mutations.mapFamilies(key, newRows.get(i), targeted, stamp.deleteTs());
          if (d != null) {
            batch.add(def.storageName(), d);
          }
        }
      } else {
        Set<ByteBuffer> moved = new HashSet<>();
        for (byte[] k : oldKeys) {
          moved.add(ByteBuffer.wrap(k));
        }
        Map<ByteBuffer, Object[]> newKeys = new LinkedHashMap<>();
        for (Object[] row : newRows) {
          if (newKeys.put(ByteBuffer.wrap(m.key(row)), row) != null) {
            throw mutations.duplicate(row, "twice in one statement");
          }
        }
        Map<ByteBuffer, Object[]> mustBeAbsent = new LinkedHashMap<>();
        newKeys.forEach((k, row) -> {
          if (!moved.contains(k)) {
            mustBeAbsent.put(k, row);
          }
        });
        checkAbsent(mustBeAbsent);
        for (byte[] k : oldKeys) {
          batch.add(def.storageName(), mutations.deleteRow(k, stamp.deleteTs(), indexes.inDataTable()));
        }
        newKeys.forEach((k, row) -> mutations.addPut(batch, mutations.put(k.array(), row, null, stamp.putTs())));
      }
      indexes.write(batch, stamp);
      return input.size();
    } finally {
      lock.unlock();
    }
  }

  /**
   * DELETE: each input row holds the old values of every column.
   *
   * @return rows deleted
   */
  public long delete(Iterable<Object[]> rows, Cancellation cancel) {
    checkWritable("DELETE");
    ReentrantLock lock = lock();
    try {
      List<Object[]> input = materialize(rows, cancel);
      if (m.isDynamic()) {
        cells.write(input, List.of(), false);
        return input.size();
      }
      List<byte[]> keys = keysOf(input, m.fieldCount(), cancel);
      IndexUpdates indexes = IndexUpdates.of(db, store, m);
      indexes.deleted(keys, input);
      Timestamps.Stamp stamp = db.timestamps().next(true);
      WriteBatch batch = new WriteBatch();
      for (byte[] k : keys) {
        batch.add(def.storageName(), mutations.deleteRow(k, stamp.deleteTs(), indexes.inDataTable()));
      }
      indexes.write(batch, stamp);
      return input.size();
    } finally {
      lock.unlock();
    }
  }



  /**
   * Writes the puts of new rows, each only if its row has no marker cell (check-and-mutate, so
   * that the store decides between processes inserting one key), all sent together (one request
   * per region server on HBase); returns the 23505 of the first row that exists (the other rows
   * stay written), else null.
   */
  private RuntimeException putIfAbsent(WriteBatch data, Map<ByteBuffer, Object[]> byKey) {
    Table table = store.table(def.storageName());
    List<CheckAndMutate> checks = new ArrayList<>(data.entries().size());
    for (WriteBatch.Entry e : data.entries()) {
      Mutation put = e.mutation();
      checks.add(CheckAndMutate.newBuilder(put.row()).ifNotExists(m.markerFamily(), TableMapping.MARKER).build(put));
    }
    boolean[] held = table.checkAndMutate(checks);
    for (int i = 0; i < held.length; i++) {
      if (!held[i]) {
        return mutations.duplicate(byKey.get(ByteBuffer.wrap(checks.get(i).row())), "already exists");
      }
    }
    return null;
  }

  /**
   * The row an UPSERT naming the columns {@code targeted} leaves: {@code row}'s values for them,
   * {@code old}'s (the row stored before, or null) for the others.
   */
  private Object[] withOthers(Object[] row, Object[] old, boolean[] targeted) {
    Object[] out = row.clone();
    for (int f = 0; f < out.length && f < m.fieldCount(); f++) {
      if (!targeted[f] && !m.isKey(f)) {
        out[f] = old == null ? null : old[f];
      }
    }
    return out;
  }

  /** The rows now stored under {@code keys}, decoded whole, by key; absent keys are left out. */
  private Map<ByteBuffer, Object[]> currentRows(java.util.Collection<ByteBuffer> keys) {
    Map<ByteBuffer, Object[]> out = new HashMap<>();
    Table table = store.table(def.storageName());
    List<ByteBuffer> all = new ArrayList<>(keys);
    for (int from = 0; from < all.size(); from += GET_BATCH) {
      List<ByteBuffer> chunk = all.subList(from, Math.min(all.size(), from + GET_BATCH));
      List<Get> gets = new ArrayList<>(chunk.size());
      for (ByteBuffer k : chunk) {
        Get g = new Get(k.array());
        for (byte[] f : m.families()) {
          g.addFamily(f);
        }
        gets.add(g);
      }
      List<Result> results = table.get(gets);
      for (int i = 0; i < results.size(); i++) {
        if (!results.get(i).isEmpty()) {
          out.put(chunk.get(i), m.decode(results.get(i)));
        }
      }
    }
    return out;
  }

  private ReentrantLock lock() {
    ReentrantLock lock = db.tableLock(def.storageName());
    try {
      lock.lockInterruptibly();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CellarSqlException(SqlState.CANCELLED, "interrupted while waiting to write table " + def.name());
    }
    return lock;
  }

  /**
   * {@link #materialize(Iterable, Cancellation)}, listed among the database's {@link Operations}
   * as {@code kind} once it has read {@value #PROGRESS_AFTER} rows.
   */
  private List<Object[]> materialize(Iterable<Object[]> rows, Cancellation cancel, String kind) {
    List<Object[]> out = new ArrayList<>();
    Operations.Operation op = null;
    try {
      for (Object[] r : rows) {
        if ((out.size() & (CHECK_EVERY - 1)) == 0) {
          cancel.check();
          if (out.size() >= PROGRESS_AFTER) {
            op = op != null ? op : Operations.of(db).start(kind, def.name(), "rows read", -1, null);
            op.done(out.size());
          }
        }
        out.add(r);
      }
    } finally {
      if (op != null) {
        op.close();
      }
    }
    return out;
  }

  private static List<Object[]> materialize(Iterable<Object[]> rows, Cancellation cancel) {
    List<Object[]> out = new ArrayList<>();
    for (Object[] r : rows) {
      if ((out.size() & (CHECK_EVERY - 1)) == 0) {
        cancel.check();
      }
      out.add(r);
    }
    return out;
  }

  /** The rowkeys of rows given by their values (the first {@code n} fields of each). */
  private List<byte[]> keysOf(List<Object[]> input, int n, Cancellation cancel) {
    List<byte[]> keys = new ArrayList<>(input.size());
    if (!def.hiddenKey()) {
      for (Object[] row : input) {
        keys.add(m.key(row));
      }
      return keys;
    }
    Map<List<Object>, Deque<Integer>> pending = new HashMap<>();
    for (int i = 0; i < input.size(); i++) {
      pending.computeIfAbsent(Arrays.asList(Arrays.copyOf(input.get(i), n)), k -> new ArrayDeque<>()).add(i);
      keys.add(null);
    }
    int found = 0;
    Table table = store.table(def.storageName());
    Scan scan = new Scan();
    for (byte[] f : m.families()) {
      scan.addFamily(f);
    }
    try (ResultScanner s = table.scanner(scan)) {
      long seen = 0;
      for (Result r = s.next(); r != null && found < input.size(); r = s.next()) {
        if ((++seen & (CHECK_EVERY - 1)) == 0) {
          cancel.check();
        }
        Deque<Integer> q = pending.get(Arrays.asList(m.decode(r)));
        if (q != null && !q.isEmpty()) {
          keys.set(q.poll(), r.row());
          found++;
        }
      }
    }
    if (found < input.size()) {
      throw new CellarSqlException(SqlState.INTERNAL_ERROR,
          "rows of table " + def.name() + " changed while being updated");
    }
    return keys;
  }


  private void checkAbsent(Map<ByteBuffer, Object[]> rows) {
    Table table = store.table(def.storageName());
    List<Map.Entry<ByteBuffer, Object[]>> entries = new ArrayList<>(rows.entrySet());
    for (int from = 0; from < entries.size(); from += GET_BATCH) {
      List<Map.Entry<ByteBuffer, Object[]>> chunk = entries.subList(from, Math.min(entries.size(), from + GET_BATCH));
      List<Get> gets = new ArrayList<>(chunk.size());
      for (Map.Entry<ByteBuffer, Object[]> e : chunk) {
        Get g = new Get(e.getKey().array());
        if (m.isMapped()) {
          for (byte[] f : m.families()) {
            g.addFamily(f);
          }
        } else {
          g.addFamily(m.markerFamily());
        }
        gets.add(g);
      }
      List<Result> results = table.get(gets);
      for (int i = 0; i < results.size(); i++) {
        if (!results.get(i).isEmpty()) {
          throw mutations.duplicate(chunk.get(i).getValue(), "already exists");
        }
      }
    }
  }

  private void checkWritable(String statement) {
    if (def.isMapped() && def.mapping().readOnly()) {
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "cannot " + statement + " " + def.name()
          + ": it maps store table " + def.storageName() + " with READ_ONLY=TRUE");
    }
  }
}
