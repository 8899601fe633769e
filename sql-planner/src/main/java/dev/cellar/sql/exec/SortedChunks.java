package dev.cellar.sql.exec;

import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;

/**
 * The cells of several chunks, each sorted without repeats by {@link #sortedUnique} (small
 * enough to stay in the CPU caches), merged into one ascending order without repeats. Of equal
 * cells, the one of the latest chunk is kept.
 */
final class SortedChunks implements Iterator<Cell> {
  private final List<List<Cell>> chunks;
  private final int[] next;
  /**
   * Each chunk's next cell, and 8 bytes of its row as an unsigned number: those after the
   * {@link #common} first bytes, which every row of every chunk shares.
   */
  private final Cell[] heads;
  private final long[] prefixes;
  private final int common;
  /** A binary min-heap of the chunks that have cells left, by head (the later chunk first on ties). */
  private final int[] heap;
  private int size;
  private Cell pending;

  SortedChunks(List<List<Cell>> chunks) {
    this.chunks = List.copyOf(chunks);
    int n = chunks.size();
    this.next = new int[n];
    this.heads = new Cell[n];
    this.prefixes = new long[n];
    this.heap = new int[n];
    this.common = commonPrefix(this.chunks);
    for (int i = 0; i < n; i++) {
      if (!this.chunks.get(i).isEmpty()) {
        load(i, 0);
        heap[size++] = i;
        siftUp(size - 1);
      }
    }
    advance();
  }

  private void load(int chunk, int index) {
    next[chunk] = index;
    Cell c = chunks.get(chunk).get(index);
    heads[chunk] = c;
    prefixes[chunk] = prefix(c.row(), common);
  }

  /** How many first bytes all rows of sorted chunks share: those their first and last rows share. */
  private static int commonPrefix(List<List<Cell>> chunks) {
    byte[] first = null;
    int common = 0;
    for (List<Cell> chunk : chunks) {
      if (chunk.isEmpty()) {
        continue;
      }
      for (byte[] row : new byte[][] {chunk.get(0).row(), chunk.get(chunk.size() - 1).row()}) {
        if (first == null) {
          first = row;
          common = row.length;
        } else {
          int m = Arrays.mismatch(first, 0, common, row, 0, Math.min(common, row.length));
          common = m >= 0 ? m : Math.min(common, row.length);
        }
      }
    }
    return common;
  }

  private int compare(int a, int b) {
    int c = Long.compareUnsigned(prefixes[a], prefixes[b]);
    if (c == 0) {
      c = CellComparator.INSTANCE.compare(heads[a], heads[b]);
    }
    return c != 0 ? c : Integer.compare(b, a);
  }

  private void siftUp(int i) {
    int x = heap[i];
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (compare(x, heap[parent]) >= 0) {
        break;
      }
      heap[i] = heap[parent];
      i = parent;
    }
    heap[i] = x;
  }

  private void siftDown(int i) {
    int x = heap[i];
    while (true) {
      int child = 2 * i + 1;
      if (child >= size) {
        break;
      }
      if (child + 1 < size && compare(heap[child + 1], heap[child]) < 0) {
        child++;
      }
      if (compare(heap[child], x) >= 0) {
        break;
      }
      heap[i] = heap[child];
      i = child;
    }
    heap[i] = x;
  }

  /** Moves the top chunk to its next cell, or drops it from the heap when it has none. */
  private void stepTop() {
    int top = heap[0];
    if (next[top] + 1 < chunks.get(top).size()) {
      load(top, next[top] + 1);
    } else {
      heads[top] = null;
      heap[0] = heap[--size];
    }
    if (size > 0) {
      siftDown(0);
    }
  }

  /**
   * The cells sorted, of equal ones the last made, each copied (so that the merge reads each
   * chunk's cells in memory order rather than all over the heap).
   *
   * <p>The cells of a chunk of index entries share a long first part of their rows (an indexed
   * value's common start, such as {@code 'product '}): the sort compares the eight bytes after the
   * part every row shares, as one number, and compares cells in full only when those are equal.
   */
  static List<Cell> sortedUnique(List<Cell> cells) {
    int n = cells.size();
    if (n == 0) {
      return new ArrayList<>(0);
    }
    int common = commonRowPrefix(cells);
    Keyed[] keyed = new Keyed[n];
    for (int i = 0; i < n; i++) {
      Cell c = cells.get(i);
      keyed[i] = new Keyed(prefix(c.row(), common), c);
    }
    Arrays.sort(keyed, Keyed.ORDER); // stable: equal cells keep the order they were made in
    List<Cell> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      if (i + 1 == n || Keyed.ORDER.compare(keyed[i], keyed[i + 1]) != 0) {
        Cell c = keyed[i].cell;
        out.add(new Cell(c.row().clone(), c.family(), c.qualifier(), c.timestamp(), c.type(), c.value()));
      }
    }
    return out;
  }

  /** A cell and eight bytes of its row as an unsigned number, the sort's first key. */
  private record Keyed(long prefix, Cell cell) {
    static final Comparator<Keyed> ORDER = (a, b) -> {
      int c = Long.compareUnsigned(a.prefix, b.prefix);
      return c != 0 ? c : CellComparator.INSTANCE.compare(a.cell, b.cell);
    };
  }

  /** How many first bytes every cell's row shares with the first cell's. */
  private static int commonRowPrefix(List<Cell> cells) {
    byte[] first = cells.get(0).row();
    int common = first.length;
    for (int i = 1; i < cells.size() && common > 0; i++) {
      byte[] row = cells.get(i).row();
      if (row != first) {
        int m = Arrays.mismatch(first, 0, common, row, 0, Math.min(common, row.length));
        if (m >= 0) {
          common = m;
        } else if (row.length < common) {
          common = row.length;
        }
      }
    }
    return common;
  }

  /**
   * Bytes {@code [from, from + 8)} of a row (or key), big-endian, zero-padded: of two rows equal
   * before {@code from}, the one with the smaller number sorts first (equal numbers decide
   * nothing).
   */
  static long prefix(byte[] row, int from) {
    long p = 0;
    for (int i = from; i < from + 8; i++) {
      p = (p << 8) | (i < row.length ? row[i] & 0xFF : 0);
    }
    return p;
  }

  /** Takes the smallest head into {@code pending} (the latest chunk's of equal ones) and drops the others. */
  private void advance() {
    if (size == 0) {
      pending = null;
      return;
    }
    int top = heap[0];
    Cell c = heads[top];
    long p = prefixes[top];
    stepTop();
    while (size > 0 && prefixes[heap[0]] == p && CellComparator.INSTANCE.compare(heads[heap[0]], c) == 0) {
      stepTop();
    }
    pending = c;
  }

  @Override
  public boolean hasNext() {
    return pending != null;
  }

  @Override
  public Cell next() {
    if (pending == null) {
      throw new java.util.NoSuchElementException();
    }
    Cell c = pending;
    advance();
    return c;
  }
}
