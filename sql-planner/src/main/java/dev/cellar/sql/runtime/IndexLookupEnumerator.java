package dev.cellar.sql.runtime;

import dev.cellar.sql.exec.Cancellation;
import dev.cellar.sql.exec.IndexMapping;
import dev.cellar.sql.exec.TableMapping;
import dev.cellar.sql.exec.VerifyingIndexTable;
import dev.cellar.sql.keyrange.AccessPath;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Get;
import dev.cellar.storage.Result;
import dev.cellar.storage.Table;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerator;

/**
 * The rows of an index path whose query needs columns the entries do not hold: reads the
 * entries along the path ({@link CellarEnumerator} over the index's entry table, only the data
 * key's fields), then the data rows they point at, {@value #BATCH} keys per batched get, and
 * returns them in index order. An entry whose row is gone (which maintenance never leaves) is
 * skipped.
 */
public final class IndexLookupEnumerator implements Enumerator<Object> {
  /** Data rows read by one batched get. */
  static final int BATCH = CellarEnumerator.GET_BATCH;

  private final IndexMapping index;
  private final TableMapping data;
  private final Table table;
  private final CellarEnumerator entries;
  private final int[] keyFields;
  private final int[] fields;
  private final boolean scalar;
  private final ReadStats stats;
  private final boolean[] wanted;
  private List<Result> batch = List.of();
  private int pos;
  private boolean entriesDone;
  private Object current;

  /**
   * The rows of {@code path} over {@code index}; with {@code checkRows}, every entry is checked
   * against its row before the row is read ({@code VerifyingIndexTable}).
   */
  public IndexLookupEnumerator(CellarStore store, IndexMapping index, boolean checkRows, AccessPath path,
      DataContext context, int[] fields, boolean scalar, Cancellation cancel, ReadStats stats) {
    this.index = index;
    this.data = index.data();
    this.table = store.table(data.def().storageName());
    this.keyFields = dataKeyFields(index);
    this.entries = new CellarEnumerator(VerifyingIndexTable.of(store, index, checkRows, true), path, context, index.entries(),
        keyFields, false, cancel, stats);
    this.fields = fields;
    this.scalar = scalar;
    this.stats = stats;
    this.wanted = new boolean[data.fieldCount()];
    for (int f : fields) {
      wanted[f] = true;
    }
  }

  /** The entry-table fields that make up the data row's key. */
  private static int[] dataKeyFields(IndexMapping index) {
    if (index.data().def().hiddenKey()) {
      return new int[] {index.entryFieldCount() - 1};
    }
    int[] keys = index.data().keyFields();
    if (index.data().isDynamic()) {
      // and the cell's qualifier
      int[] withQualifier = java.util.Arrays.copyOf(keys, keys.length + 1);
      withQualifier[keys.length] = index.data().qualifierField();
      return withQualifier;
    }
    return keys;
  }

  @Override
  public Object current() {
    return current;
  }

  @Override
  public boolean moveNext() {
    while (true) {
      while (pos < batch.size()) {
        Result r = batch.get(pos++);
        if (r.isEmpty()) {
          continue;
        }
        Object[] full = new Object[data.fieldCount()];
        if (data.isDynamic()) {
          data.decodeCellInto(r, r.cells().get(0), full, wanted);
        } else {
          data.decodeInto(r, full, wanted);
        }
        current = CellarEnumerator.output(full, fields, scalar);
        return true;
      }
      if (entriesDone) {
        current = null;
        return false;
      }
      fill();
    }
  }

  /** Reads the next entries and the rows they point at. */
  private void fill() {
    List<Get> gets = new ArrayList<>(BATCH);
    while (gets.size() < BATCH && entries.moveNext()) {
      Object[] keyValues = (Object[]) entries.current();
      Object[] entryRow = new Object[index.entryFieldCount()];
      for (int i = 0; i < keyFields.length; i++) {
        entryRow[keyFields[i]] = keyValues[i];
      }
      // an entry names a row that exists but for a write in flight or a stale entry
      Get g = new Get(index.dataKey(entryRow)).expectFound(true);
      if (data.isDynamic()) {
        g.addColumn(data.families()[0], index.dataQualifier(entryRow));
      } else {
        data.addColumns(g, fields);
      }
      gets.add(g);
    }
    entriesDone = gets.size() < BATCH;
    if (gets.isEmpty()) {
      batch = List.of();
    } else {
      stats.requests.increment();
      batch = table.get(gets);
      for (Result r : batch) {
        if (!r.isEmpty()) {
          stats.rowsRead.increment();
        }
      }
    }
    pos = 0;
  }

  @Override
  public void reset() {
    entries.reset();
    batch = List.of();
    pos = 0;
    entriesDone = false;
  }

  @Override
  public void close() {
    entries.close();
  }
}
