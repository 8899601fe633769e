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

class IndexBuilderSortedChunksTest {
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
      chunks.add(IndexBuilder.SortedChunks.sortedUnique(chunk));
    }
    List<String> got = new ArrayList<>();
    Cell previous = null;
    for (IndexBuilder.SortedChunks it = new IndexBuilder.SortedChunks(chunks); it.hasNext();) {
      Cell cell = it.next();
      if (previous != null) {
        assertEquals(-1, Integer.signum(CellComparator.INSTANCE.compare(previous, cell)), cell.toString());
      }
      previous = cell;
      got.add(Bytes.toString(cell.value()));
    }
    assertEquals(new ArrayList<>(expected.values()), got);
  }
}
