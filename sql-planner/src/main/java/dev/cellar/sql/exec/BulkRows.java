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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Rows upserted through the store's bulk path ({@link BulkLoad}) rather than batched writes: each
 * chunk of rows is encoded as {@link TableWriter}'s UPSERT encodes it (the row codec, the marker
 * cell, delete markers for the NULLs of the columns written), sorted, written as store files and
 * committed at once, so a chunk is in the table whole or not at all. Only for tables whose
 * writes need nothing but their own cells ({@link #supports}): not mapped, no dynamic family or
 * MAP column, on a store of this process, and no secondary index unless the caller builds the
 * indexes again after the load.
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
    return supports(db, store, def, false);
  }

  /**
   * Whether rows of {@code def} may be written by the bulk path of {@code store}; with
   * {@code indexesRebuilt}, whatever indexes the table has (the caller suspends them and builds
   * them again after the load: this class writes no index entry).
   */
  public static boolean supports(CellarDatabase db, CellarStore store, TableDef def, boolean indexesRebuilt) {
    TableMapping m = new TableMapping(def);
    return store == db.store() && !store.sharedAcrossProcesses() && !def.isMapped() && !m.isDynamic()
        && !m.hasMaps() && def.rowTimestampColumn() == null
        && (indexesRebuilt || db.catalog().snapshot().indexesOf(def.name()).isEmpty());
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
    int n = rows.size();
    if (n == 0) {
      return 0;
    }
    byte[][] keys = new byte[n][];
    if (def.hiddenKey()) {
      for (int i = 0; i < n; i++) {
        keys[i] = firstId >= 0 ? RowIds.key(firstId + i) : db.rowIds().nextKey(def.schema(), def.name());
      }
    }
    Timestamps.Stamp stamp = db.timestamps().next(true);
    // each row checked and keyed on every core; the first bad row (in file order) fails
    Keyed[] keyed = new Keyed[n];
    RuntimeException[] errors = new RuntimeException[n];
    IntStream.range(0, n).parallel().forEach(i -> {
      try {
        keyed[i] = key(rows.get(i), keys[i], targeted, i);
      } catch (RuntimeException e) {
        errors[i] = e;
      }
    });
    throwFirst(errors);
    cancel.check();
    // one sort of the rows by key (stable: of rows with one key, the last in the chunk is kept)
    Arrays.parallelSort(keyed, BulkRows::compare);
    int kept = 0;
    for (int i = 0; i < n; i++) {
      if (i + 1 < n && Arrays.equals(keyed[i].key, keyed[i + 1].key)) {
        continue;
      }
      keyed[kept++] = keyed[i];
    }
    // the rows' cells made in key order, so that writing them reads memory in the order it was filled
    Cell[][] cells = new Cell[kept][];
    int k = kept;
    IntStream.range(0, slices(k)).parallel().forEach(s -> {
      for (int i = (int) ((long) k * s / slices(k)), to = (int) ((long) k * (s + 1) / slices(k)); i < to; i++) {
        Keyed r = keyed[i];
        try {
          cells[i] = encode(rows.get(r.index), r.key, targeted, stamp);
        } catch (RuntimeException e) {
          errors[r.index] = e;
        }
      }
    });
    throwFirst(errors);
    cancel.check();
    try (BulkLoad load = db.store().table(def.storageName()).startBulkLoad()) {
      load.addSortedRun(new CellsOf(cells));
      load.commit();
    }
    return kept;
  }

  /** Parts of {@code n} rows encoded apart: a few per core, each a contiguous range. */
  private static int slices(int n) {
    return Math.max(1, Math.min(n / 1024, 4 * Runtime.getRuntime().availableProcessors()));
  }

  private static void throwFirst(RuntimeException[] errors) {
    for (RuntimeException e : errors) {
      if (e != null) {
        throw e;
      }
    }
  }

  /**
   * A row's key, its first sixteen bytes as two numbers (for a quick compare) and its place in the
   * chunk.
   */
  private record Keyed(byte[] key, long prefix, long prefix2, int index) {}

  private static int compare(Keyed a, Keyed b) {
    int c = Long.compareUnsigned(a.prefix, b.prefix);
    if (c == 0) {
      c = Long.compareUnsigned(a.prefix2, b.prefix2);
      if (c == 0) {
        c = Arrays.compareUnsigned(a.key, b.key);
      }
    }
    return c != 0 ? c : Integer.compare(a.index, b.index);
  }

  private static boolean sorted(Cell[] cells) {
    for (int i = 1; i < cells.length; i++) {
      if (CellComparator.INSTANCE.compareAfterRow(cells[i - 1], cells[i]) > 0) {
        return false;
      }
    }
    return true;
  }

  private Keyed key(Object[] row, byte[] hiddenKey, boolean[] targeted, int index) {
    // the values are checked already (see write): only NOT NULL is left
    mutations.checkNotNull(row, targeted);
    byte[] key = hiddenKey != null ? hiddenKey : m.key(row);
    return new Keyed(key, SortedChunks.prefix(key, 0), SortedChunks.prefix(key, 8), index);
  }

  private Cell[] encode(Object[] row, byte[] key, boolean[] targeted, Timestamps.Stamp stamp) {
    List<Cell> put = mutations.put(key, row, targeted, stamp.putTs()).cells();
    Delete d = mutations.nullCells(key, row, targeted, stamp.deleteTs());
    Cell[] out;
    if (d == null) {
      out = put.toArray(new Cell[0]);
    } else {
      List<Cell> both = new ArrayList<>(put.size() + d.cells().size());
      both.addAll(put);
      both.addAll(d.cells());
      out = both.toArray(new Cell[0]);
    }
    if (!sorted(out)) {
      Arrays.sort(out, CellComparator.INSTANCE::compareAfterRow);
    }
    return out;
  }

  /** The cells of rows in order, row after row. */
  private static final class CellsOf implements Iterator<Cell> {
    private final Cell[][] rows;
    private int row;
    private int cell;

    CellsOf(Cell[][] rows) {
      this.rows = rows;
    }

    @Override
    public boolean hasNext() {
      while (row < rows.length && cell >= rows[row].length) {
        row++;
        cell = 0;
      }
      return row < rows.length;
    }

    @Override
    public Cell next() {
      if (!hasNext()) {
        throw new java.util.NoSuchElementException();
      }
      return rows[row][cell++];
    }
  }
}
