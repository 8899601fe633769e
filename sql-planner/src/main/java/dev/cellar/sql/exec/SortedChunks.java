package dev.cellar.sql.exec;

import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/**
 * The cells of several chunks, each sorted without repeats by {@link #sortedUnique} (small
 * enough to stay in the CPU caches), merged into one ascending order without repeats. Of equal
 * cells, the one of the latest chunk is kept.
 */
final class SortedChunks implements Iterator<Cell> {
  private static final java.lang.invoke.VarHandle BIG_ENDIAN =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.BIG_ENDIAN);
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
   * value's common start, such as {@code 'product '}): the sort orders numbers made of the bytes
   * after the part every row shares (as many as leave room for the cell's position in the chunk
   * below them) and compares cells in full only where those bytes are equal.
   */
  static List<Cell> sortedUnique(List<Cell> cells) {
    int n = cells.size();
    if (n == 0) {
      return new ArrayList<>(0);
    }
    int common = commonRowPrefix(cells);
    Cell[] cs = cells.toArray(new Cell[0]);
    // the low bits of each number hold the cell's position: equal bytes keep the order made
    int bits = Math.max(1, 32 - Integer.numberOfLeadingZeros(n - 1));
    long low = (1L << bits) - 1;
    long[] keys = new long[n];
    for (int i = 0; i < n; i++) {
      // the sign bit flipped, so that the signed sort orders the bytes as unsigned
      keys[i] = ((prefix(cs[i].row(), common) & ~low) | i) ^ Long.MIN_VALUE;
    }
    Arrays.sort(keys);
    for (int i = 0; i < n;) {
      int j = i + 1;
      while (j < n && (keys[j] & ~low) == (keys[i] & ~low)) {
        j++;
      }
      if (j - i > 1) {
        sortInFull(keys, i, j, low, cs);
      }
      i = j;
    }
    List<Cell> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      Cell c = cs[(int) (keys[i] & low)];
      if (i + 1 < n && (keys[i + 1] & ~low) == (keys[i] & ~low)
          && CellComparator.INSTANCE.compare(c, cs[(int) (keys[i + 1] & low)]) == 0) {
        continue; // a later equal cell follows
      }
      out.add(new Cell(c.row().clone(), c.family(), c.qualifier(), c.timestamp(), c.type(), c.value()));
    }
    return out;
  }

  /** Two keys of {@link #sortedUnique} by their cells, then by position. */
  private static int compareInFull(long a, long b, long low, Cell[] cs) {
    int c = CellComparator.INSTANCE.compare(cs[(int) (a & low)], cs[(int) (b & low)]);
    return c != 0 ? c : Long.compare(a & low, b & low);
  }

  /**
   * Sorts {@code keys[from, to)}, whose cells agree in the bytes the numbers hold, by cell and,
   * of equal cells, by position.
   */
  private static void sortInFull(long[] keys, int from, int to, long low, Cell[] cs) {
    if (to - from <= 16) {
      for (int i = from + 1; i < to; i++) {
        long k = keys[i];
        int j = i - 1;
        while (j >= from && compareInFull(keys[j], k, low, cs) > 0) {
          keys[j + 1] = keys[j];
          j--;
        }
        keys[j + 1] = k;
      }
      return;
    }
    Long[] run = new Long[to - from];
    for (int i = from; i < to; i++) {
      run[i - from] = keys[i];
    }
    Arrays.sort(run, (a, b) -> compareInFull(a, b, low, cs));
    for (int i = from; i < to; i++) {
      keys[i] = run[i - from];
    }
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
    if (row.length - from >= 8) {
      return (long) BIG_ENDIAN.get(row, from);
    }
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
