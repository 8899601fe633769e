package dev.cellar.sql.exec;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.IndexDef;
import dev.cellar.sql.catalog.RowTtl;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.database.Timestamps;
import dev.cellar.sql.txn.RangeWatch;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import dev.cellar.storage.WriteBatch;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The index entries one statement changes: given each data row it changes (its values before
 * and after, and its rowkey before and after), the deletes of entries that no longer hold and
 * the puts of new ones, for every index of the table, added to the statement's own
 * {@link WriteBatch} so that data and indexes change in one atomic write. Unique indexes are
 * checked before anything is written.
 *
 * <p>A statement builds one while holding its table's write lock, after taking the catalog's
 * indexes as they are then: an index being built ({@link IndexDef.State#BUILDING}) is
 * maintained too, so that a build that reads the table under the same lock misses no write.
 */
public final class IndexUpdates {
  private final CellarDatabase db;
  /** The store the statement reads: the database's, or its transaction's view of it. */
  private final CellarStore store;
  private final TableMapping data;
  private final List<IndexMapping> indexes;
  /** Per index, the entries to delete and to put, by entry key. */
  private final List<Map<ByteBuffer, Object[]>> removed = new ArrayList<>();
  private final List<Map<ByteBuffer, Object[]>> added = new ArrayList<>();
  /** The data keys whose rows the statement changes or deletes. */
  private final Set<ByteBuffer> changedKeys = new HashSet<>();
  /**
   * Whether the table's rows expire ({@link RowTtl#expires}): every row the statement writes is
   * written whole again ({@link TableWriter}), so its entries are written again too, even when
   * unchanged, and expire with it.
   */
  private final boolean renew;

  private IndexUpdates(CellarDatabase db, CellarStore store, TableMapping data, List<IndexMapping> indexes) {
    this.db = db;
    this.store = store;
    this.data = data;
    this.indexes = indexes;
    for (int i = 0; i < indexes.size(); i++) {
      removed.add(new LinkedHashMap<>());
      added.add(new LinkedHashMap<>());
    }
    this.renew = !indexes.isEmpty() && rowsExpire(db, data);
  }

  /** The index maintenance of a statement writing {@code data}'s table; empty if it has no index. */
  public static IndexUpdates of(CellarDatabase db, CellarStore store, TableMapping data) {
    return new IndexUpdates(db, store, data, mappings(db, data));
  }

  /** Whether a family of the cells of {@code data}'s table has a TTL. */
  static boolean rowsExpire(CellarDatabase db, TableMapping data) {
    return RowTtls.of(db, data.def()).expires();
  }

  /**
   * The mappings of the indexes of {@code data}'s table that statements maintain (those being
   * built or readable, not those whose build failed), as the catalog has them now.
   */
  public static List<IndexMapping> mappings(CellarDatabase db, TableMapping data) {
    List<IndexDef> defs = db.catalog().snapshot().indexesOf(data.def().name());
    if (defs.isEmpty()) {
      return List.of();
    }
    Cache cache = db.extension(Cache.class, d -> new Cache());
    List<IndexMapping> out = new ArrayList<>(defs.size());
    for (IndexDef ix : defs) {
      if (ix.state() != IndexDef.State.FAILED) {
        out.add(cache.get(ix, data));
      }
    }
    return out;
  }

  /** Index mappings by index and table definition, so statements do not rebuild them. */
  private static final class Cache {
    private final Map<List<Object>, IndexMapping> map = new ConcurrentHashMap<>();

    IndexMapping get(IndexDef ix, TableMapping data) {
      List<Object> key = List.of(ix, data.def());
      IndexMapping m = map.get(key);
      if (m == null) {
        if (map.size() > 1000) {
          map.clear();
        }
        m = new IndexMapping(ix, data);
        map.put(key, m);
      }
      return m;
    }
  }

  /** Whether an index keeps its entries in a family of the data table (LOCAL), whose rowkeys rows share. */
  public boolean inDataTable() {
    for (IndexMapping ix : indexes) {
      if (ix.index().layout() == IndexDef.Layout.FAMILY) {
        return true;
      }
    }
    return false;
  }

  /** Whether the table has indexes to maintain. */
  public boolean isEmpty() {
    return indexes.isEmpty();
  }

  /**
   * Records that the row at {@code oldKey} with values {@code oldRow} (null: there was none)
   * becomes the row at {@code newKey} with values {@code newRow} (null: it is deleted).
   */
  public void change(byte[] oldKey, Object[] oldRow, byte[] newKey, Object[] newRow) {
    if (oldRow != null) {
      changedKeys.add(ByteBuffer.wrap(oldKey));
    }
    for (int i = 0; i < indexes.size(); i++) {
      IndexMapping ix = indexes.get(i);
      if (oldRow != null) {
        Object[] e = ix.entryRow(oldRow, oldKey);
        removed.get(i).put(ByteBuffer.wrap(ix.entryKey(e)), e);
      }
      if (newRow != null) {
        Object[] e = ix.newEntryRow(newRow, newKey);
        ByteBuffer k = ByteBuffer.wrap(ix.entryKey(e));
        if (added.get(i).put(k, e) != null && ix.index().unique()) {
          throw duplicate(ix, e);
        }
      }
    }
  }

  /**
   * Records the rows an INSERT or UPSERT writes, by rowkey: each becomes its values in
   * {@code written}, replacing the row {@code old} has under its key (if any). With
   * {@code targeted} (an UPSERT naming some columns) the columns it does not name keep their old
   * values.
   */
  public void written(Map<ByteBuffer, Object[]> written, Map<ByteBuffer, Object[]> old, boolean[] targeted) {
    for (Map.Entry<ByteBuffer, Object[]> e : written.entrySet()) {
      Object[] before = old.get(e.getKey());
      Object[] after = Arrays.copyOf(e.getValue(), data.fieldCount());
      for (int f = 0; targeted != null && f < after.length; f++) {
        if (!targeted[f] && !data.isKey(f)) {
          after[f] = before == null ? null : before[f];
        }
      }
      byte[] key = e.getKey().array();
      change(before == null ? null : key, before, key, after);
    }
  }

  /**
   * Records the rows an UPDATE changes: row {@code i} at {@code oldKeys[i]} with the old values
   * {@code input[i]} (its first fields) becomes {@code newRows[i]}, at a new key if {@code keyChange}.
   */
  public void updated(List<byte[]> oldKeys, List<Object[]> input, List<Object[]> newRows, boolean keyChange) {
    for (int i = 0; i < newRows.size(); i++) {
      Object[] after = newRows.get(i);
      change(oldKeys.get(i), Arrays.copyOf(input.get(i), data.fieldCount()),
          keyChange ? data.key(after) : oldKeys.get(i), after);
    }
  }

  /** Records the rows a DELETE removes: at {@code keys[i]}, with the values {@code input[i]} (its first fields). */
  public void deleted(List<byte[]> keys, List<Object[]> input) {
    for (int i = 0; i < keys.size() && !isEmpty(); i++) {
      change(keys.get(i), Arrays.copyOf(input.get(i), data.fieldCount()), null, null);
    }
  }

  /**
   * Checks unique indexes: no two rows the statement writes, and no row it writes and a row it
   * leaves alone, have equal values in every indexed column (none NULL).
   *
   * @throws CellarSqlException 23505 naming the index, the table and the values
   */
  public void checkUnique() {
    for (int i = 0; i < indexes.size(); i++) {
      IndexMapping ix = indexes.get(i);
      if (!ix.index().unique()) {
        continue;
      }
      Map<ByteBuffer, byte[]> written = new HashMap<>();
      for (Object[] e : added.get(i).values()) {
        byte[] prefix = ix.uniquePrefix(e);
        if (prefix == null) {
          continue;
        }
        byte[] dataKey = ix.identity(e);
        byte[] other = written.put(ByteBuffer.wrap(prefix), dataKey);
        if (other != null && !java.util.Arrays.equals(other, dataKey)) {
          throw duplicate(ix, e);
        }
        if (existing(ix, prefix, dataKey)) {
          throw duplicate(ix, e);
        }
      }
    }
  }

  /** Whether an entry with {@code prefix} points at a row other than {@code dataKey} that the statement leaves alone. */
  private boolean existing(IndexMapping ix, byte[] prefix, byte[] dataKey) {
    if (store instanceof RangeWatch w) {
      w.watchPrefix(ix.index().storageName(), prefix);
    }
    Table t = VerifyingIndexTable.of(store, ix, RowTtls.checkRows(db, data.def()));
    Scan scan = new Scan().setRowPrefix(prefix).addFamily(ix.family());
    try (ResultScanner s = t.scanner(scan)) {
      for (Result r = s.next(); r != null; r = s.next()) {
        Object[] e = ix.entries().decode(r);
        byte[] k = ix.identity(e);
        if (!java.util.Arrays.equals(k, dataKey) && !changedKeys.contains(ByteBuffer.wrap(k))) {
          return true;
        }
      }
    }
    return false;
  }

  private static CellarSqlException duplicate(IndexMapping ix, Object[] entryRow) {
    return new CellarSqlException(SqlState.UNIQUE_VIOLATION, "duplicate value " + ix.describeValues(entryRow)
        + " in unique index " + ix.index().name() + " of table " + ix.data().def().name());
  }

  /**
   * Writes the statement: its data mutations {@code data} and its index changes, with the
   * statement's {@code stamp}. On a store with atomic multi-row batches both are one write. On
   * any other store the entries are kept by the protocol of {@code indexes.md} §3, which
   * leaves no entry a reader would take for a row that is not there, whatever write fails:
   * <ol>
   *   <li>new and changed entries are written unverified, and entries to remove are marked
   *       unverified;</li>
   *   <li>the data rows are written;</li>
   *   <li>the new entries are marked verified and the removed ones deleted, at a later stamp.</li>
   * </ol>
   */
  public void write(WriteBatch data, Timestamps.Stamp stamp) {
    write(data, stamp, d -> {
      store.write(d);
      return null;
    });
  }

  /**
   * How a statement writes its data rows on a store without atomic multi-row batches: returns
   * the error that stopped it after it may have written some rows (which stay written), or null.
   */
  @FunctionalInterface
  public interface DataWrite {
    RuntimeException write(WriteBatch data);
  }

  /**
   * As {@link #write(WriteBatch, Timestamps.Stamp)}, the data rows written by {@code writer} (on a
   * store with atomic batches it must write {@code data} in one batch). When the writer stops
   * with an error, each of the statement's entries is settled by its data row as a reader would
   * see it (verified if the row calls for it, else deleted) and the error is thrown.
   */
  public void write(WriteBatch data, Timestamps.Stamp stamp, DataWrite writer) {
    if (indexes.isEmpty() || store.atomicMultiRowBatches()) {
      addTo(data, stamp.deleteTs(), stamp.putTs());
      RuntimeException stopped = data.isEmpty() ? null : writer.write(data);
      if (stopped != null) {
        throw stopped;
      }
      return;
    }
    WriteBatch unverified = new WriteBatch();
    addTo(unverified, stamp.deleteTs(), stamp.putTs(), false);
    if (!unverified.isEmpty()) {
      store.write(unverified);
    }
    RuntimeException stopped = data.isEmpty() ? null : writer.write(data);
    Timestamps.Stamp after = db.timestamps().next(true);
    if (stopped != null) {
      try {
        settle(after);
      } catch (RuntimeException e) {
        // the entries stay unverified: readers check them, REPAIR settles them
        stopped.addSuppressed(e);
      }
      throw stopped;
    }
    WriteBatch settled = new WriteBatch();
    for (int i = 0; i < indexes.size(); i++) {
      IndexMapping ix = indexes.get(i);
      String table = ix.index().storageName();
      Map<ByteBuffer, Object[]> gone = removed.get(i);
      Map<ByteBuffer, Object[]> come = added.get(i);
      for (Map.Entry<ByteBuffer, Object[]> e : gone.entrySet()) {
        if (!come.containsKey(e.getKey())) {
          settled.add(table, new Delete(e.getKey().array(), after.deleteTs()).addFamily(ix.family()));
        }
      }
      for (Map.Entry<ByteBuffer, Object[]> e : come.entrySet()) {
        Object[] before = gone.get(e.getKey());
        if (before == null || !ix.sameEntry(before, e.getValue()) || renew) {
          settled.add(table, ix.markerPut(e.getKey().array(), true, after.putTs()));
        }
      }
    }
    if (!settled.isEmpty()) {
      store.write(settled);
    }
  }

  /**
   * After a data write that stopped part way: each entry the statement wrote or marked is checked
   * against its data row, and written verified as the row makes it or deleted.
   */
  private void settle(Timestamps.Stamp after) {
    WriteBatch settled = new WriteBatch();
    for (int i = 0; i < indexes.size(); i++) {
      IndexMapping ix = indexes.get(i);
      Table rows = store.table(ix.data().def().storageName());
      java.util.Set<ByteBuffer> keys = new java.util.LinkedHashSet<>(removed.get(i).keySet());
      keys.addAll(added.get(i).keySet());
      for (ByteBuffer k : keys) {
        Object[] e = removed.get(i).containsKey(k) ? removed.get(i).get(k) : added.get(i).get(k);
        Object[] want = ix.entryOf(rows.get(ix.dataGet(e)));
        if (want != null && Arrays.equals(ix.entryKey(want), k.array())) {
          settled.add(ix.index().storageName(), new Delete(k.array(), after.deleteTs()).addFamily(ix.family()));
          settled.add(ix.index().storageName(), ix.entryPut(k.array(), want, after.putTs()));
        } else {
          settled.add(ix.index().storageName(), new Delete(k.array(), after.deleteTs()).addFamily(ix.family()));
        }
      }
    }
    if (!settled.isEmpty()) {
      store.write(settled);
    }
  }

  /** Adds the statement's index writes to {@code batch}: deletes at {@code deleteTs}, puts at {@code putTs}. */
  public void addTo(WriteBatch batch, long deleteTs, long putTs) {
    addTo(batch, deleteTs, putTs, true);
  }

  /**
   * As {@link #addTo(WriteBatch, long, long)}; unless {@code verified}, the new entries are
   * written unverified and the entries to remove are marked unverified instead of deleted.
   */
  private void addTo(WriteBatch batch, long deleteTs, long putTs, boolean verified) {
    for (int i = 0; i < indexes.size(); i++) {
      IndexMapping ix = indexes.get(i);
      String table = ix.index().storageName();
      Map<ByteBuffer, Object[]> gone = removed.get(i);
      Map<ByteBuffer, Object[]> come = added.get(i);
      for (Map.Entry<ByteBuffer, Object[]> e : gone.entrySet()) {
        if (!come.containsKey(e.getKey())) {
          batch.add(table, verified ? new Delete(e.getKey().array(), deleteTs).addFamily(ix.family())
              : ix.markerPut(e.getKey().array(), false, putTs));
        }
      }
      for (Map.Entry<ByteBuffer, Object[]> e : come.entrySet()) {
        Object[] before = gone.get(e.getKey());
        if (before != null && ix.sameEntry(before, e.getValue()) && !renew) {
          continue;
        }
        if (before != null) {
          // an included column may have become NULL: the entry is written anew (renewed, with
          // its row, on a table whose rows expire)
          batch.add(table, new Delete(e.getKey().array(), deleteTs).addFamily(ix.family()));
        }
        batch.add(table, ix.entryPut(e.getKey().array(), e.getValue(), putTs, verified));
      }
    }
  }

  /** Whether any write needs a delete marker (so the statement's stamp must have one). */
  public boolean deletes() {
    for (Map<ByteBuffer, Object[]> r : removed) {
      if (!r.isEmpty()) {
        return true;
      }
    }
    return false;
  }
}
