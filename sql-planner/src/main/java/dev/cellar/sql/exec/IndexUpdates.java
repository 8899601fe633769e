package dev.cellar.sql.exec;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.IndexDef;
import dev.cellar.sql.database.CellarDatabase;
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
  /** The store the statement reads: the database's, or its transaction's view of it. */
  private final CellarStore store;
  private final TableMapping data;
  private final List<IndexMapping> indexes;
  /** Per index, the entries to delete and to put, by entry key. */
  private final List<Map<ByteBuffer, Object[]>> removed = new ArrayList<>();
  private final List<Map<ByteBuffer, Object[]>> added = new ArrayList<>();
  /** The data keys whose rows the statement changes or deletes. */
  private final Set<ByteBuffer> changedKeys = new HashSet<>();

  private IndexUpdates(CellarStore store, TableMapping data, List<IndexMapping> indexes) {
    this.store = store;
    this.data = data;
    this.indexes = indexes;
    for (int i = 0; i < indexes.size(); i++) {
      removed.add(new LinkedHashMap<>());
      added.add(new LinkedHashMap<>());
    }
  }

  /** The index maintenance of a statement writing {@code data}'s table; empty if it has no index. */
  public static IndexUpdates of(CellarDatabase db, CellarStore store, TableMapping data) {
    return new IndexUpdates(store, data, mappings(db, data));
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
    if (!db.store().atomicMultiRowBatches()) {
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "table " + data.def().name() + " has index "
          + defs.get(0).name() + ", but database " + db.description() + " runs on a store without atomic multi-row "
          + "batches, where index entries and data rows could drift apart; drop the index to write the table");
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
    Table t = store.table(ix.index().storageName());
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

  /** Adds the statement's index writes to {@code batch}: deletes at {@code deleteTs}, puts at {@code putTs}. */
  public void addTo(WriteBatch batch, long deleteTs, long putTs) {
    for (int i = 0; i < indexes.size(); i++) {
      IndexMapping ix = indexes.get(i);
      String table = ix.index().storageName();
      Map<ByteBuffer, Object[]> gone = removed.get(i);
      Map<ByteBuffer, Object[]> come = added.get(i);
      for (Map.Entry<ByteBuffer, Object[]> e : gone.entrySet()) {
        if (!come.containsKey(e.getKey())) {
          batch.add(table, new Delete(e.getKey().array(), deleteTs).addFamily(ix.family()));
        }
      }
      for (Map.Entry<ByteBuffer, Object[]> e : come.entrySet()) {
        Object[] before = gone.get(e.getKey());
        if (before != null && ix.sameEntry(before, e.getValue())) {
          continue;
        }
        if (before != null) {
          // an included column may have become NULL: the entry is written anew
          batch.add(table, new Delete(e.getKey().array(), deleteTs).addFamily(ix.family()));
        }
        batch.add(table, ix.entryPut(e.getKey().array(), e.getValue(), putTs));
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
