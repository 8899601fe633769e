package dev.cellar.sql.exec;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.database.RowIds;
import dev.cellar.sql.database.Timestamps;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.CellarStore;
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
 * writes nothing.
 *
 * <p>Semantics:
 * <ul>
 *   <li>INSERT: every key must be new (in the store and within the statement), else SQLState
 *       23505 naming the table and the key.</li>
 *   <li>UPSERT: insert or replace by key; only the columns the statement names are written
 *       (others keep their values, as in Phoenix); a NULL deletes the cell.</li>
 *   <li>UPDATE: writes the changed columns (NULL deletes the cell); a changed key moves the row.</li>
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

  private final CellarDatabase db;
  /** The store the statement reads and writes: the database's, or its transaction's view of it. */
  private final CellarStore store;
  private final TableMapping m;
  private final TableDef def;
  private final Durability durability;

  public TableWriter(CellarDatabase db, CellarStore store, TableMapping mapping) {
    this.db = db;
    this.store = store;
    this.m = mapping;
    this.def = mapping.def();
    this.durability = def.flag("DISABLE_WAL") ? Durability.SKIP_WAL : Durability.USE_DEFAULT;
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
      List<Object[]> input = m.limits().rows(materialize(rows, cancel));
      if (m.isDynamic()) {
        writeCells(List.of(), input, !upsert);
        return input.size();
      }
      for (Object[] row : input) {
        checkNotNull(row, targeted);
      }
      Map<ByteBuffer, Object[]> byKey = new LinkedHashMap<>();
      for (Object[] row : input) {
        byte[] key = def.hiddenKey() ? db.rowIds().nextKey(def.schema(), def.name()) : m.key(row);
        Object[] previous = byKey.put(ByteBuffer.wrap(key), row);
        if (previous != null && !upsert) {
          throw duplicate(row, "twice in one statement");
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
      if (!indexes.isEmpty()) {
        Map<ByteBuffer, Object[]> old = upsert && !def.hiddenKey() ? currentRows(byKey.keySet()) : Map.of();
        for (Map.Entry<ByteBuffer, Object[]> e : byKey.entrySet()) {
          Object[] before = old.get(e.getKey());
          Object[] after = Arrays.copyOf(e.getValue(), m.fieldCount());
          for (int f = 0; upsert && targeted != null && f < after.length; f++) {
            if (!targeted[f] && !m.isKey(f)) {
              after[f] = before == null ? null : before[f];
            }
          }
          byte[] key = e.getKey().array();
          indexes.change(before == null ? null : key, before, key, after);
        }
        indexes.checkUnique();
        deletes |= indexes.deletes();
      }
      Timestamps.Stamp stamp = db.timestamps().next(deletes);
      WriteBatch batch = new WriteBatch();
      for (Map.Entry<ByteBuffer, Object[]> e : byKey.entrySet()) {
        byte[] key = e.getKey().array();
        Object[] row = e.getValue();
        Put p = put(key, row, upsert ? targeted : null, stamp.putTs());
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
          Delete d = nullCells(key, row, targeted, stamp.deleteTs());
          if (d != null) {
            batch.add(def.storageName(), d);
          }
          d = mapFamilies(key, row, targeted, stamp.deleteTs());
          if (d != null) {
            batch.add(def.storageName(), d);
          }
        }
      }
      indexes.addTo(batch, stamp.deleteTs(), stamp.putTs());
      store.write(batch);
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
   * {@code updated} columns.
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
          keepStatementTime(row, updated);
          newRows.add(row);
        }
        writeCells(input, newRows, true);
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
        keepStatementTime(row, updated);
        checkNotNull(row, targeted);
        newRows.add(row);
      }
      deletes |= keyChange;
      IndexUpdates indexes = IndexUpdates.of(db, store, m);
      if (!indexes.isEmpty()) {
        for (int i = 0; i < newRows.size(); i++) {
          Object[] after = newRows.get(i);
          indexes.change(oldKeys.get(i), Arrays.copyOf(input.get(i), n), keyChange ? m.key(after) : oldKeys.get(i),
              after);
        }
        indexes.checkUnique();
        deletes |= indexes.deletes();
      }
      Timestamps.Stamp stamp = db.timestamps().next(deletes);
      WriteBatch batch = new WriteBatch();
      if (!keyChange) {
        for (int i = 0; i < newRows.size(); i++) {
          byte[] key = oldKeys.get(i);
          addPut(batch, put(key, newRows.get(i), targeted, stamp.putTs()));
          Delete d = nullCells(key, newRows.get(i), targeted, stamp.deleteTs());
          if (d != null) {
            batch.add(def.storageName(), d);
          }
          d = mapFamilies(key, newRows.get(i), targeted, stamp.deleteTs());
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
            throw duplicate(row, "twice in one statement");
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
          batch.add(def.storageName(), deleteRow(k, stamp.deleteTs(), indexes.inDataTable()));
        }
        newKeys.forEach((k, row) -> addPut(batch, put(k.array(), row, null, stamp.putTs())));
      }
      indexes.addTo(batch, stamp.deleteTs(), stamp.putTs());
      store.write(batch);
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
        writeCells(input, List.of(), false);
        return input.size();
      }
      List<byte[]> keys = keysOf(input, m.fieldCount(), cancel);
      IndexUpdates indexes = IndexUpdates.of(db, store, m);
      for (int i = 0; i < keys.size() && !indexes.isEmpty(); i++) {
        indexes.change(keys.get(i), Arrays.copyOf(input.get(i), m.fieldCount()), null, null);
      }
      Timestamps.Stamp stamp = db.timestamps().next(true);
      WriteBatch batch = new WriteBatch();
      for (byte[] k : keys) {
        batch.add(def.storageName(), deleteRow(k, stamp.deleteTs(), indexes.inDataTable()));
      }
      indexes.addTo(batch, stamp.deleteTs(), stamp.putTs());
      store.write(batch);
      return input.size();
    } finally {
      lock.unlock();
    }
  }

  /**
   * The writes of a dynamic-family table, in one batch: deletes the cells of {@code removed}
   * rows, then puts the cells of {@code written} rows; with {@code mustBeNew}, a written row
   * whose cell exists and is not removed is a duplicate key.
   */
  private void writeCells(List<Object[]> removed, List<Object[]> written, boolean mustBeNew) {
    byte[] family = Bytes.toBytes(def.mapping().dynamicFamily());
    Map<List<ByteBuffer>, Object[]> gone = new LinkedHashMap<>();
    for (Object[] row : removed) {
      gone.put(cellKey(row), row);
    }
    Map<List<ByteBuffer>, Object[]> puts = new LinkedHashMap<>();
    for (Object[] row : written) {
      checkNotNull(row, null);
      if (row[m.cellValueField()] == null) {
        throw new CellarSqlException(SqlState.NOT_NULL_VIOLATION, "NULL in column "
            + def.columns().get(m.cellValueField()).name() + " of table " + def.name() + ": a row of it is a cell of "
            + "family " + def.mapping().dynamicFamily() + ", which cannot be absent");
      }
      if (puts.put(cellKey(row), row) != null && mustBeNew) {
        throw duplicate(row, "twice in one statement");
      }
    }
    if (mustBeNew) {
      Table table = store.table(def.storageName());
      for (Map.Entry<List<ByteBuffer>, Object[]> e : puts.entrySet()) {
        if (gone.containsKey(e.getKey())) {
          continue;
        }
        Get g = new Get(e.getKey().get(0).array()).addColumn(family, e.getKey().get(1).array());
        if (!table.get(g).isEmpty()) {
          throw duplicate(e.getValue(), "already exists");
        }
      }
    }
    IndexUpdates indexes = IndexUpdates.of(db, store, m);
    if (!indexes.isEmpty()) {
      Table table = store.table(def.storageName());
      for (Map.Entry<List<ByteBuffer>, Object[]> e : gone.entrySet()) {
        Object[] after = puts.get(e.getKey());
        byte[] id = IndexMapping.cellIdentity(e.getKey().get(0).array(), e.getKey().get(1).array());
        indexes.change(id, e.getValue(), after == null ? null : id, after);
      }
      for (Map.Entry<List<ByteBuffer>, Object[]> e : puts.entrySet()) {
        if (gone.containsKey(e.getKey())) {
          continue;
        }
        Object[] before = null;
        if (!mustBeNew) {
          // an UPSERT replaces the cell's value: its old entries go
          Result r = table.get(new Get(e.getKey().get(0).array()).addColumn(family, e.getKey().get(1).array()));
          if (!r.isEmpty()) {
            before = new Object[m.fieldCount()];
            m.decodeCellInto(r, r.cells().get(0), before, null);
          }
        }
        byte[] id = IndexMapping.cellIdentity(e.getKey().get(0).array(), e.getKey().get(1).array());
        indexes.change(before == null ? null : id, before, id, e.getValue());
      }
      indexes.checkUnique();
    }
    Timestamps.Stamp stamp = db.timestamps().next(!gone.isEmpty() || indexes.deletes());
    WriteBatch batch = new WriteBatch();
    indexes.addTo(batch, stamp.deleteTs(), stamp.putTs());
    for (List<ByteBuffer> k : gone.keySet()) {
      if (!puts.containsKey(k)) {
        batch.add(def.storageName(), withDurability(new Delete(k.get(0).array(), stamp.deleteTs())
            .addColumns(family, k.get(1).array())));
      }
    }
    for (Map.Entry<List<ByteBuffer>, Object[]> e : puts.entrySet()) {
      Put p = new Put(e.getKey().get(0).array(), m.cellTimestamp(e.getValue(), stamp.putTs()));
      p.addColumn(family, e.getKey().get(1).array(), m.encodeValue(m.cellValueField(), e.getValue()[m.cellValueField()]));
      p.setDurability(durability);
      batch.add(def.storageName(), p);
    }
    store.write(batch);
  }

  /** The rowkey and qualifier of a row of a dynamic-family table. */
  private List<ByteBuffer> cellKey(Object[] row) {
    return List.of(ByteBuffer.wrap(m.key(row)), ByteBuffer.wrap(m.cellQualifier(row)));
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

  private void checkNotNull(Object[] row, boolean[] targeted) {
    List<ColumnDef> cols = def.columns();
    for (int f = 0; f < cols.size(); f++) {
      ColumnDef c = cols.get(f);
      if (row[f] == null && !c.nullable() && !c.rowTimestamp() && (c.isKey() || targeted == null || targeted[f])) {
        throw new CellarSqlException(SqlState.NOT_NULL_VIOLATION,
            "NULL in column " + c.name() + " of table " + def.name() + ", which is NOT NULL");
      }
    }
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
          throw duplicate(chunk.get(i).getValue(), "already exists");
        }
      }
    }
  }

  private CellarSqlException duplicate(Object[] row, String how) {
    return new CellarSqlException(SqlState.UNIQUE_VIOLATION,
        "duplicate key " + m.describeKey(row) + " in table " + def.name() + ": the key " + how);
  }

  /** The put of a row's non-NULL columns (only {@code targeted} ones if given) and its marker. */
  private Put put(byte[] key, Object[] row, boolean[] targeted, long ts) {
    Put p = new Put(key, m.cellTimestamp(row, ts));
    if (!m.isMapped()) {
      p.addColumn(m.markerFamily(), TableMapping.MARKER, m.markerValue());
    }
    for (int f = 0; f < row.length && f < m.fieldCount(); f++) {
      if (row[f] == null || (targeted != null && !targeted[f])) {
        continue;
      }
      if (m.isCell(f)) {
        p.addColumn(m.family(f), m.qualifier(f), m.encodeValue(f, row[f]));
      } else if (m.isMap(f)) {
        for (Map.Entry<byte[], byte[]> e : m.encodeMap(f, row[f]).entrySet()) {
          p.addColumn(m.family(f), e.getKey(), e.getValue());
        }
      }
    }
    p.setDurability(durability);
    return p;
  }

  /** Delete markers for the targeted columns that are NULL, or {@code null} if none. */
  private Delete nullCells(byte[] key, Object[] row, boolean[] targeted, long ts) {
    Delete d = null;
    for (int f = 0; f < m.fieldCount(); f++) {
      if (!m.isCell(f) || row[f] != null || (targeted != null && !targeted[f])) {
        continue;
      }
      if (d == null) {
        d = new Delete(key, m.cellTimestamp(row, ts));
      }
      d.addColumns(m.family(f), m.qualifier(f));
    }
    if (d != null) {
      d.setDurability(durability);
    }
    return d;
  }

  /**
   * The delete of the families of the targeted MAP columns, whose entries the row's values
   * replace whole, or {@code null} if none. Its puts are later than it: at {@code ts}, before
   * the statement's put timestamp, or, for a row written at its {@code ROW_TIMESTAMP}, just before
   * that (entries written later than it are kept, as any cell written later would be).
   */
  private Delete mapFamilies(byte[] key, Object[] row, boolean[] targeted, long ts) {
    if (!m.hasMaps()) {
      return null;
    }
    boolean explicit = m.rowTimestampField() >= 0 && row[m.rowTimestampField()] != null;
    long at = explicit ? m.cellTimestamp(row, ts) - 1 : ts;
    Delete d = null;
    for (int f = 0; f < m.fieldCount() && at >= 0; f++) {
      if (m.isMap(f) && (targeted == null || targeted[f])) {
        d = d == null ? new Delete(key, at) : d;
        d.addFamily(m.family(f));
      }
    }
    if (d != null) {
      d.setDurability(durability);
    }
    return d;
  }

  /**
   * Clears the {@code ROW_TIMESTAMP} value of an updated row unless the UPDATE sets it: the row
   * read holds its cells' timestamp, and writing at it would hide the change behind it.
   */
  private void keepStatementTime(Object[] row, int[] updated) {
    int ts = m.rowTimestampField();
    if (ts >= 0 && java.util.Arrays.stream(updated).noneMatch(u -> u == ts)) {
      row[ts] = null;
    }
  }

  private Mutation withDurability(Delete d) {
    return d.setDurability(durability);
  }

  /** Adds {@code p} unless it has no cell (a mapped row whose columns are all NULL). */
  private void addPut(WriteBatch batch, Put p) {
    if (!p.isEmpty()) {
      batch.add(def.storageName(), p);
    }
  }

  /**
   * The delete of a row: the whole row, or its cells in the table's families for a mapped table
   * and for a table whose index families ({@code localIndexes}) share its rowkeys.
   */
  private Mutation deleteRow(byte[] key, long ts, boolean localIndexes) {
    Delete d = new Delete(key, ts);
    if (m.isMapped() || localIndexes) {
      for (byte[] f : m.families()) {
        d.addFamily(f);
      }
    }
    return withDurability(d);
  }

  private void checkWritable(String statement) {
    if (def.isMapped() && def.mapping().readOnly()) {
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "cannot " + statement + " " + def.name()
          + ": it maps store table " + def.storageName() + " with READ_ONLY=TRUE");
    }
  }
}
