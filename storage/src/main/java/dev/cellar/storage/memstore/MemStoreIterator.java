package dev.cellar.storage.memstore;

import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.iter.CellIterator;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * A {@link CellIterator} over a memstore's rows: the rows in key order, each row's cells in
 * {@link CellComparator#WITH_SEQUENCE} order. Like any view of a concurrent map it may or may not
 * see cells added after it was created (callers filter by sequence number); a row's cells are
 * read as they were when the iterator reached the row.
 */
final class MemStoreIterator implements CellIterator {
  private final ConcurrentSkipListMap<byte[], MemRow> rows;
  private Iterator<MemRow> rowIt;
  /** The current row's cells, when an array. */
  private Cell[] array;
  private int index;
  /** The current row's cells, when a map. */
  private Iterator<Cell> cellIt;
  private Cell current;
  private boolean sameRow;

  MemStoreIterator(ConcurrentSkipListMap<byte[], MemRow> rows) {
    this.rows = rows;
  }

  @Override
  public void seekToFirst() {
    rowIt = rows.values().iterator();
    nextRow();
  }

  @Override
  public void seek(Cell key) {
    rowIt = rows.tailMap(key.row(), true).values().iterator();
    sameRow = false;
    if (!rowIt.hasNext()) {
      end();
      return;
    }
    MemRow r = rowIt.next();
    // only the first row can be the key's; a later one starts at its first cell
    boolean keyRow = Arrays.equals(r.key, key.row());
    Cell[] a = r.array();
    if (a != null) {
      int at = keyRow ? Arrays.binarySearch(a, key, CellComparator.WITH_SEQUENCE) : 0;
      at = at >= 0 ? at : -at - 1;
      if (at < a.length) {
        startArray(a, at);
        return;
      }
    } else {
      Iterator<Cell> it = (keyRow ? r.map().tailMap(key, true) : r.map()).values().iterator();
      if (it.hasNext()) {
        startMap(it);
        return;
      }
    }
    nextRow();
  }

  /** Moves to the first cell of the next row that has any. */
  private void nextRow() {
    sameRow = false;
    while (rowIt.hasNext()) {
      MemRow r = rowIt.next();
      Cell[] a = r.array();
      if (a != null) {
        if (a.length > 0) {
          startArray(a, 0);
          return;
        }
      } else {
        Iterator<Cell> it = r.map().values().iterator();
        if (it.hasNext()) {
          startMap(it);
          return;
        }
      }
    }
    end();
  }

  private void startArray(Cell[] a, int at) {
    array = a;
    index = at;
    cellIt = null;
    current = a[at];
  }

  private void startMap(Iterator<Cell> it) {
    array = null;
    cellIt = it;
    current = it.next();
  }

  private void end() {
    array = null;
    cellIt = null;
    current = null;
  }

  @Override
  public boolean valid() {
    return current != null;
  }

  @Override
  public Cell cell() {
    return current;
  }

  @Override
  public boolean sameRowAsPrevious() {
    return sameRow;
  }

  @Override
  public void next() {
    if (array != null && index + 1 < array.length) {
      current = array[++index];
      sameRow = true;
    } else if (cellIt != null && cellIt.hasNext()) {
      current = cellIt.next();
      sameRow = true;
    } else {
      nextRow();
    }
  }

  @Override
  public byte[] lastRowBefore(byte[] row) {
    Map.Entry<byte[], MemRow> e = row.length == 0 ? rows.lastEntry() : rows.lowerEntry(row);
    while (e != null && e.getValue().isEmpty()) {
      e = rows.lowerEntry(e.getKey());
    }
    return e == null ? null : e.getKey();
  }

  @Override
  public void close() {
    rowIt = null;
    end();
  }
}
