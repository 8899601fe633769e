package dev.cellar.sql.exec;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.database.Timestamps;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.Table;
import dev.cellar.storage.WriteBatch;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The statements of {@link TableWriter} on a table with a dynamic family
 * ({@link TableMapping#isDynamic()}), whose SQL rows are single cells: puts and deletes exactly
 * the cells {@code family:qualifier} of its rows, and maintains the table's indexes. Called under
 * the table's write lock.
 */
final class DynamicCellWriter {
  private final CellarDatabase db;
  private final CellarStore store;
  private final TableMapping m;
  private final TableDef def;
  private final RowMutations mutations;

  DynamicCellWriter(CellarDatabase db, CellarStore store, TableMapping mapping, RowMutations mutations) {
    this.db = db;
    this.store = store;
    this.m = mapping;
    this.def = mapping.def();
    this.mutations = mutations;
  }

  /**
   * The writes of a dynamic-family table, in one batch: deletes the cells of {@code removed}
   * rows, then puts the cells of {@code written} rows; with {@code mustBeNew}, a written row
   * whose cell exists and is not removed is a duplicate key.
   */
  void write(List<Object[]> removed, List<Object[]> written, boolean mustBeNew) {
    byte[] family = Bytes.toBytes(def.mapping().dynamicFamily());
    Map<List<ByteBuffer>, Object[]> gone = new LinkedHashMap<>();
    for (Object[] row : removed) {
      gone.put(cellKey(row), row);
    }
    Map<List<ByteBuffer>, Object[]> puts = new LinkedHashMap<>();
    for (Object[] row : written) {
      mutations.checkNotNull(row, null);
      if (row[m.cellValueField()] == null) {
        throw new CellarSqlException(SqlState.NOT_NULL_VIOLATION, "NULL in column "
            + def.columns().get(m.cellValueField()).name() + " of table " + def.name() + ": a row of it is a cell of "
            + "family " + def.mapping().dynamicFamily() + ", which cannot be absent");
      }
      if (puts.put(cellKey(row), row) != null && mustBeNew) {
        throw mutations.duplicate(row, "twice in one statement");
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
          throw mutations.duplicate(e.getValue(), "already exists");
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
    for (List<ByteBuffer> k : gone.keySet()) {
      if (!puts.containsKey(k)) {
        batch.add(def.storageName(), mutations.withDurability(new Delete(k.get(0).array(), stamp.deleteTs())
            .addColumns(family, k.get(1).array())));
      }
    }
    for (Map.Entry<List<ByteBuffer>, Object[]> e : puts.entrySet()) {
      Put p = new Put(e.getKey().get(0).array(), m.cellTimestamp(e.getValue(), stamp.putTs()));
      p.addColumn(family, e.getKey().get(1).array(), m.encodeValue(m.cellValueField(), e.getValue()[m.cellValueField()]));
      p.setDurability(mutations.durability());
      batch.add(def.storageName(), p);
    }
    indexes.write(batch, stamp);
  }

  /** The rowkey and qualifier of a row of a dynamic-family table. */
  private List<ByteBuffer> cellKey(Object[] row) {
    return List.of(ByteBuffer.wrap(m.key(row)), ByteBuffer.wrap(m.cellQualifier(row)));
  }
}
