package dev.cellar.storage.iter;

import dev.cellar.storage.Cell;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;

/**
 * A {@link CellIterator} over a sorted map of cells (key and value the same cell, or the value
 * a later cell with an equal key): a memstore, or a transaction's pending cells. It reads the
 * map's values, so that a cell replacing another with an equal key is the one seen. Sees cells
 * added to a concurrent map after it was created (callers filter by sequence number).
 */
public final class SortedMapIterator implements CellIterator {
  private final NavigableMap<Cell, Cell> cells;
  private Iterator<Cell> it;
  private Cell current;

  public SortedMapIterator(NavigableMap<Cell, Cell> cells) {
    this.cells = cells;
  }

  @Override
  public void seekToFirst() {
    position(cells);
  }

  @Override
  public void seek(Cell key) {
    position(cells.tailMap(key, true));
  }

  private void position(NavigableMap<Cell, Cell> view) {
    it = view.values().iterator();
    current = it.hasNext() ? it.next() : null;
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
  public void next() {
    current = it.hasNext() ? it.next() : null;
  }

  @Override
  public byte[] lastRowBefore(byte[] row) {
    Map.Entry<Cell, Cell> e = row.length == 0 ? cells.lastEntry() : cells.lowerEntry(Cell.firstOnRow(row));
    return e == null ? null : e.getKey().row();
  }

  @Override
  public void close() {
    it = null;
    current = null;
  }
}
