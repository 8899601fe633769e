package dev.cellar.sql.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.CellType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class SortedChunksTest {
  private static Cell cell(int key, long ts, String value) {
    // half the keys share their first 8 bytes, so that the merge compares them in full
    return new Cell(Bytes.toBytes(String.format(key % 2 == 0 ? "k%03d" : "kkkkkkkkk%03d", key)), Bytes.toBytes("i"), Bytes.toBytes("_"), ts,
        CellType.PUT, Bytes.toBytes(value));
  }

  @Test
  void mergesSortedChunksIntoOneOrderKeepingTheLatestOfEqualCells() {
    Random rnd = new Random(7);
    List<List<Cell>> chunks = new ArrayList<>();
    TreeMap<Cell, String> expected = new TreeMap<>(CellComparator.INSTANCE);
    for (int c = 0; c < 12; c++) {
      List<Cell> chunk = new ArrayList<>();
      for (int i = 0; i < 1 + rnd.nextInt(60); i++) {
        Cell cell = cell(rnd.nextInt(200), 1 + rnd.nextInt(3), "c" + c + "." + i);
        chunk.add(cell);
        expected.put(cell, Bytes.toString(cell.value())); // the later one replaces an equal cell
      }
      chunks.add(SortedChunks.sortedUnique(chunk));
    }
    List<String> got = new ArrayList<>();
    Cell previous = null;
    for (SortedChunks it = new SortedChunks(chunks); it.hasNext();) {
      Cell cell = it.next();
      if (previous != null) {
        assertEquals(-1, Integer.signum(CellComparator.INSTANCE.compare(previous, cell)), cell.toString());
      }
      previous = cell;
      got.add(Bytes.toString(cell.value()));
    }
    assertEquals(new ArrayList<>(expected.values()), got);
  }

  /**
   * Rows that share a long start (as the entries of an index on a column of values such as
   * 'product 01234' do), rows that are the start of others, and rows that go on with zero bytes
   * (which compare like the end of a shorter row in the sort's first key) come out in cell order.
   */
  @Test
  void sortsRowsThatShareALongStartOrEndInZeroBytes() {
    Random rnd = new Random(11);
    for (int round = 0; round < 50; round++) {
      List<Cell> chunk = new ArrayList<>();
      TreeMap<Cell, String> expected = new TreeMap<>(CellComparator.INSTANCE);
      byte[] start = Bytes.toBytes("product " + rnd.nextInt(10));
      for (int i = 0; i < 1 + rnd.nextInt(300); i++) {
        byte[] tail = new byte[rnd.nextInt(12)];
        for (int k = 0; k < tail.length; k++) {
          tail[k] = (byte) (rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(3) - 1);
        }
        Cell cell = new Cell(Bytes.concat(start, tail), Bytes.toBytes("i"), Bytes.toBytes(rnd.nextBoolean() ? "_" : "a"),
            1 + rnd.nextInt(2), CellType.PUT, Bytes.toBytes("v" + i));
        chunk.add(cell);
        expected.put(cell, Bytes.toString(cell.value()));
      }
      List<Cell> sorted = SortedChunks.sortedUnique(chunk);
      List<String> got = new ArrayList<>();
      for (Cell c : sorted) {
        got.add(Bytes.toString(c.value()));
      }
      assertEquals(new ArrayList<>(expected.values()), got, "round " + round);
      List<String> merged = new ArrayList<>();
      for (SortedChunks it = new SortedChunks(List.of(sorted.subList(0, sorted.size() / 2),
          sorted.subList(sorted.size() / 2, sorted.size()))); it.hasNext();) {
        merged.add(Bytes.toString(it.next().value()));
      }
      assertEquals(got, merged, "round " + round);
    }
  }
  /**
   * A chunk larger than the index build's, of few distinct rows (an index on a column of three
   * values: long runs of equal bytes the sort must order in full) with repeats, some rows bytes
   * of 80 and above: sorted in cell order, the last made of equal cells kept.
   */
  @Test
  void sortsALargeChunkOfFewDistinctRows() {
    Random rnd = new Random(5);
    List<Cell> chunk = new ArrayList<>();
    TreeMap<Cell, String> expected = new TreeMap<>(CellComparator.INSTANCE);
    String[] values = {"new", "paid", "\u00e9t\u00e9"};
    for (int i = 0; i < 5003; i++) {
      byte[] row = Bytes.concat(Bytes.toBytes(values[rnd.nextInt(3)]), new byte[] {0},
          Bytes.toBytes(rnd.nextInt(40) - 20));
      Cell cell = new Cell(row, Bytes.toBytes("i"), Bytes.toBytes("_"), 1 + rnd.nextInt(2), CellType.PUT,
          Bytes.toBytes("v" + i));
      chunk.add(cell);
      expected.put(cell, Bytes.toString(cell.value()));
    }
    List<String> got = new ArrayList<>();
    for (Cell c : SortedChunks.sortedUnique(chunk)) {
      got.add(Bytes.toString(c.value()));
    }
    assertEquals(new ArrayList<>(expected.values()), got);
  }
}
