package dev.cellar.storage.memstore;

import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import java.util.Arrays;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The cells of one row in a memstore, in {@link CellComparator#WITH_SEQUENCE} order: an array
 * replaced whole on each change (readers take it as it is, without locks), or, once the row
 * holds more than {@value #MAX_ARRAY} cells (a wide row, a counter's many versions), a
 * concurrent sorted map, so that adding stays cheap. Writers of one row take its lock.
 */
final class MemRow {
  static final int MAX_ARRAY = 64;
  private static final Cell[] NONE = new Cell[0];

  final byte[] key;
  private volatile Cell[] cells = NONE;
  private volatile ConcurrentSkipListMap<Cell, Cell> many;
  /** The highest sequence number of a cell ever added (a removal does not lower it). */
  private volatile long maxSequence = Long.MIN_VALUE;

  MemRow(byte[] key) {
    this.key = key;
  }

  /** The row's cells if it holds them in an array (a snapshot), else null: read {@link #map()}. */
  Cell[] array() {
    return many == null ? cells : null;
  }

  /** The row's cells as a map, once it has one; null while they are an array. */
  NavigableMap<Cell, Cell> map() {
    return many;
  }

  boolean isEmpty() {
    NavigableMap<Cell, Cell> m = many;
    return m != null ? m.isEmpty() : cells.length == 0;
  }

  /**
   * Adds {@code c}; a cell with an identical key (the same column twice in one batch) replaces
   * the earlier one. Whether the row has one cell more.
   */
  synchronized boolean add(Cell c) {
    if (c.sequenceId() > maxSequence) {
      maxSequence = c.sequenceId();
    }
    ConcurrentSkipListMap<Cell, Cell> m = many;
    if (m != null) {
      return m.put(c, c) == null;
    }
    Cell[] old = cells;
    int at = Arrays.binarySearch(old, c, CellComparator.WITH_SEQUENCE);
    if (at >= 0) {
      Cell[] next = old.clone();
      next[at] = c;
      cells = next;
      return false;
    }
    int insert = -at - 1;
    if (old.length >= MAX_ARRAY) {
      m = new ConcurrentSkipListMap<>(CellComparator.WITH_SEQUENCE);
      for (Cell o : old) {
        m.put(o, o);
      }
      m.put(c, c);
      many = m;
      return true;
    }
    Cell[] next = new Cell[old.length + 1];
    System.arraycopy(old, 0, next, 0, insert);
    next[insert] = c;
    System.arraycopy(old, insert, next, insert + 1, old.length - insert);
    cells = next;
    return true;
  }

  /**
   * Whether the row holds a cell with a sequence number above {@code readPoint}: answered from
   * the highest one added, and only when that is above, by looking at the cells (a cell removed
   * again, by a write that failed, does not count).
   */
  boolean writtenAfter(long readPoint) {
    if (maxSequence <= readPoint) {
      return false;
    }
    NavigableMap<Cell, Cell> m = many;
    Iterable<Cell> all = m != null ? m.keySet() : Arrays.asList(cells);
    for (Cell c : all) {
      if (c.sequenceId() > readPoint) {
        return true;
      }
    }
    return false;
  }

  /** Removes the cell with {@code c}'s key, if there is one; whether there was. */
  synchronized boolean remove(Cell c) {
    ConcurrentSkipListMap<Cell, Cell> m = many;
    if (m != null) {
      return m.remove(c) != null;
    }
    Cell[] old = cells;
    int at = Arrays.binarySearch(old, c, CellComparator.WITH_SEQUENCE);
    if (at < 0) {
      return false;
    }
    Cell[] next = new Cell[old.length - 1];
    System.arraycopy(old, 0, next, 0, at);
    System.arraycopy(old, at + 1, next, at, old.length - at - 1);
    cells = next;
    return true;
  }
}
