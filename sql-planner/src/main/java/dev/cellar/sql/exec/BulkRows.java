package dev.cellar.sql.exec;

import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.database.RowIds;
import dev.cellar.sql.database.Timestamps;
import dev.cellar.storage.BulkLoad;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Delete;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Rows upserted through the store's bulk path ({@link BulkLoad}) rather than batched writes: each
 * chunk of rows is encoded as {@link TableWriter}'s UPSERT encodes it (the row codec, the marker
 * cell, delete markers for the NULLs of the columns written), sorted, written as store files and
 * committed at once, so a chunk is in the table whole or not at all. Only for tables whose
 * writes need nothing but their own cells ({@link #supports}): no secondary index, not mapped,
 * no dynamic family or MAP column, on a store of this process.
 */
public final class BulkRows {
  private final CellarDatabase db;
  private final TableMapping m;
  private final TableDef def;
  private final RowMutations mutations;

  /** The bulk writer of {@code def}'s rows into {@code db}'s store. */
  public BulkRows(CellarDatabase db, TableDef def) {
    this.db = db;
    this.m = new TableMapping(def);
    this.def = def;
    this.mutations = new RowMutations(m, m.markerValue());
  }

  /** Whether rows of {@code def} may be written by the bulk path of {@code store}. */
  public static boolean supports(CellarDatabase db, CellarStore store, TableDef def) {
    TableMapping m = new TableMapping(def);
    return store == db.store() && !store.sharedAcrossProcesses() && !def.isMapped() && !m.isDynamic()
        && !m.hasMaps() && def.rowTimestampColumn() == null
        && db.catalog().snapshot().indexesOf(def.name()).isEmpty();
  }

  /**
   * Upserts {@code rows} (values of every column, checked and as the codecs take them) in one
   * bulk load: of rows with one key, the last.
   *
   * @param targeted the columns written; the others keep their values
   * @return rows written
   */
  public long write(List<Object[]> rows, boolean[] targeted, Cancellation cancel) {
    return write(rows, targeted, cancel, -1);
  }

  /**
   * {@link #write(List, boolean[], Cancellation)}; for a table without a primary key, with the
   * rows' ids {@code firstId}, {@code firstId + 1}, ... (reserved by {@link RowIds#reserve}), so
   * that writing the same rows again replaces them rather than adding them twice.
   *
   * @param firstId the first row's id, or -1 for new ids
   */
  public long write(List<Object[]> rows, boolean[] targeted, Cancellation cancel, long firstId) {
    Map<ByteBuffer, Object[]> byKey = new LinkedHashMap<>();
    long id = firstId;
    for (Object[] row : m.limits().rows(new ArrayList<>(rows))) {
      mutations.checkNotNull(row, targeted);
      byte[] key = !def.hiddenKey() ? m.key(row) : id >= 0 ? RowIds.key(id++)
          : db.rowIds().nextKey(def.schema(), def.name());
      byKey.put(ByteBuffer.wrap(key), row);
    }
    if (byKey.isEmpty()) {
      return 0;
    }
    cancel.check();
    Timestamps.Stamp stamp = db.timestamps().next(true);
    // rows in key order, then each row's few cells sorted: no sort of all the cells
    List<Map.Entry<ByteBuffer, Object[]>> ordered = new ArrayList<>(byKey.entrySet());
    ordered.sort((a, b) -> Arrays.compareUnsigned(a.getKey().array(), b.getKey().array()));
    List<Cell> sorted = new ArrayList<>(byKey.size() * (def.columns().size() + 1));
    List<Cell> row = new ArrayList<>();
    for (Map.Entry<ByteBuffer, Object[]> e : ordered) {
      byte[] key = e.getKey().array();
      row.clear();
      row.addAll(mutations.put(key, e.getValue(), targeted, stamp.putTs()).cells());
      Delete d = mutations.nullCells(key, e.getValue(), targeted, stamp.deleteTs());
      if (d != null) {
        row.addAll(d.cells());
      }
      row.sort(CellComparator.INSTANCE::compareAfterRow);
      sorted.addAll(row);
    }
    cancel.check();
    try (BulkLoad load = db.store().table(def.storageName()).startBulkLoad()) {
      load.addSortedRun(sorted.iterator());
      load.commit();
    }
    return byKey.size();
  }
}
