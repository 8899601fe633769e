package dev.cellar.storage.iter;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.CellView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Merges several {@link CellIterator}s into one, in {@link CellComparator#WITH_SEQUENCE}
 * order. Cells with equal keys from different children are all returned. Closing it closes
 * the children.
 */
public final class MergingIterator implements CellIterator {
  private final List<CellIterator> children;
  private final PriorityQueue<CellIterator> heap;
  private CellIterator current;
  private boolean sameRow;
  private boolean otherRow;
  /**
   * Whether the current source's row sorts before the row of every other source: while the
   * current source stays in that row, it stays the smallest.
   */
  private boolean belowTopRow;

  public MergingIterator(List<CellIterator> children) {
    this.children = new ArrayList<>(children);
    this.heap = new PriorityQueue<>(Math.max(1, children.size()),
        (a, b) -> CellComparator.WITH_SEQUENCE.compare(a.view(), b.view()));
  }

  /** One iterator over {@code children}: the child itself when there is only one. */
  public static CellIterator of(List<CellIterator> children) {
    return children.size() == 1 ? children.get(0) : new MergingIterator(children);
  }

  private void rebuild() {
    sameRow = false;
    otherRow = false;
    belowTopRow = false;
    heap.clear();
    for (CellIterator c : children) {
      if (c.valid()) {
        heap.add(c);
      }
    }
    current = heap.poll();
  }

  @Override
  public void seekToFirst() {
    for (CellIterator c : children) {
      c.seekToFirst();
    }
    rebuild();
  }

  @Override
  public void seek(Cell key) {
    for (CellIterator c : children) {
      c.seek(key);
    }
    rebuild();
  }

  @Override
  public boolean valid() {
    return current != null;
  }

  @Override
  public Cell cell() {
    return current.cell();
  }

  @Override
  public CellView view() {
    return current.view();
  }

  @Override
  public void next() {
    current.next();
    sameRow = false;
    otherRow = false;
    if (heap.isEmpty()) {
      if (!current.valid()) {
        current = null;
      } else {
        sameRow = current.sameRowAsPrevious();
        otherRow = current.otherRowThanPrevious();
      }
      return;
    }
    if (current.valid()) {
      boolean sameRowInChild = current.sameRowAsPrevious();
      if (sameRowInChild && belowTopRow) {
        // still in a row that sorts before every other source's row: no comparison needed
        sameRow = true;
        return;
      }
      CellView v = current.view();
      CellView t = heap.peek().view();
      int vo = v.rowOffset();
      int to = t.rowOffset();
      int rc = Arrays.compareUnsigned(v.rowArray(), vo, vo + v.rowLength(), t.rowArray(), to, to + t.rowLength());
      if (rc < 0 || (rc == 0 && CellComparator.WITH_SEQUENCE.compare(v, t) <= 0)) {
        // the child stays current: the cell before was its previous one
        belowTopRow = rc < 0;
        sameRow = sameRowInChild;
        otherRow = current.otherRowThanPrevious();
        return;
      }
      heap.add(current);
    }
    current = heap.poll();
    belowTopRow = false;
  }

  /** True when the child that was current stays current and reports the same row. */
  @Override
  public boolean sameRowAsPrevious() {
    return sameRow;
  }

  /** True when the child that was current stays current and reports another row. */
  @Override
  public boolean otherRowThanPrevious() {
    return otherRow;
  }

  @Override
  public byte[] lastRowBefore(byte[] row) {
    byte[] best = null;
    for (CellIterator c : children) {
      byte[] r = c.lastRowBefore(row);
      if (r != null && (best == null || Bytes.compare(r, best) > 0)) {
        best = r;
      }
    }
    current = null;
    sameRow = false;
    otherRow = false;
    belowTopRow = false;
    heap.clear();
    return best;
  }

  @Override
  public void close() {
    for (CellIterator c : children) {
      c.close();
    }
    heap.clear();
    current = null;
  }
}
