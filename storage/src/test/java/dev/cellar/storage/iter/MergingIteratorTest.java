package dev.cellar.storage.iter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.CellType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The merge of several sorted sources against the sorted union of their cells: rows spread over
 * sources (a row wholly in one, or its columns and versions split between several), seeks to
 * random keys, and the same-row hint, which may be false but never wrongly true.
 */
class MergingIteratorTest {
  /** A source over a sorted list that reports, as store files do, when a step stays in the row. */
  private static final class ListSource implements CellIterator {
    private final List<Cell> cells;
    private int at;
    private boolean stepped;

    ListSource(List<Cell> cells) {
      this.cells = cells;
      this.at = cells.size();
    }

    @Override
    public void seekToFirst() {
      at = 0;
      stepped = false;
    }

    @Override
    public void seek(Cell key) {
      at = 0;
      while (at < cells.size() && CellComparator.WITH_SEQUENCE.compare(cells.get(at), key) < 0) {
        at++;
      }
      stepped = false;
    }

    @Override
    public boolean valid() {
      return at < cells.size();
    }

    @Override
    public Cell cell() {
      return cells.get(at);
    }

    @Override
    public void next() {
      at++;
      stepped = true;
    }

    @Override
    public boolean sameRowAsPrevious() {
      return stepped && at < cells.size() && Arrays.equals(cells.get(at).row(), cells.get(at - 1).row());
    }

    @Override
    public boolean otherRowThanPrevious() {
      return stepped && at < cells.size() && !Arrays.equals(cells.get(at).row(), cells.get(at - 1).row());
    }

    @Override
    public byte[] lastRowBefore(byte[] row) {
      return null;
    }

    @Override
    public void close() {}
  }

  @Test
  void mergesInOrderAndNeverClaimsASameRowWrongly() {
    Random rnd = new Random(7);
    for (int round = 0; round < 300; round++) {
      int sources = 1 + rnd.nextInt(4);
      List<List<Cell>> parts = new ArrayList<>();
      for (int i = 0; i < sources; i++) {
        parts.add(new ArrayList<>());
      }
      List<Cell> all = new ArrayList<>();
      long seq = 1;
      int rows = 1 + rnd.nextInt(40);
      for (int r = 0; r < rows; r++) {
        byte[] row = Bytes.toBytes(String.format("r%03d", rnd.nextInt(60)));
        boolean oneSource = rnd.nextBoolean();
        int home = rnd.nextInt(sources);
        int cellsInRow = 1 + rnd.nextInt(6);
        for (int k = 0; k < cellsInRow; k++) {
          Cell c = new Cell(row, Bytes.toBytes(rnd.nextBoolean() ? "f" : "g"), Bytes.toBytes("q" + rnd.nextInt(3)),
              rnd.nextInt(5), CellType.PUT, Bytes.toBytes("v" + seq), seq++);
          parts.get(oneSource ? home : rnd.nextInt(sources)).add(c);
          all.add(c);
        }
      }
      for (List<Cell> p : parts) {
        p.sort(CellComparator.WITH_SEQUENCE);
      }
      all.sort(CellComparator.WITH_SEQUENCE);
      List<CellIterator> its = new ArrayList<>();
      for (List<Cell> p : parts) {
        its.add(new ListSource(p));
      }
      CellIterator merged = MergingIterator.of(its);
      Cell key = rnd.nextInt(3) == 0 ? Cell.firstOnRow(Bytes.toBytes(String.format("r%03d", rnd.nextInt(60)))) : null;
      if (key == null) {
        merged.seekToFirst();
      } else {
        merged.seek(key);
      }
      List<Cell> expected = new ArrayList<>();
      for (Cell c : all) {
        if (key == null || CellComparator.WITH_SEQUENCE.compare(c, key) >= 0) {
          expected.add(c);
        }
      }
      int i = 0;
      byte[] previousRow = null;
      boolean first = true;
      for (; merged.valid(); merged.next(), i++) {
        Cell c = merged.cell();
        assertTrue(i < expected.size(), "round " + round + ": more cells than the sources hold");
        assertEquals(0, CellComparator.WITH_SEQUENCE.compare(expected.get(i), c), "round " + round + ", cell " + i);
        assertEquals(expected.get(i).sequenceId(), c.sequenceId(), "round " + round + ", cell " + i);
        if (!first && merged.sameRowAsPrevious()) {
          assertTrue(Arrays.equals(previousRow, c.row()), "round " + round + ": same-row hint at a new row, cell " + i);
        }
        if (!first && merged.otherRowThanPrevious()) {
          assertFalse(Arrays.equals(previousRow, c.row()), "round " + round + ": other-row hint in the same row, cell " + i);
        }
        first = false;
        previousRow = c.row();
      }
      assertEquals(expected.size(), i, "round " + round);
      assertFalse(merged.valid());
    }
  }
}
