package dev.cellar.storage.memstore;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.CellType;
import dev.cellar.storage.iter.CellIterator;
import dev.cellar.storage.iter.SortedMapIterator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentSkipListMap;
import org.junit.jupiter.api.Test;

/**
 * The memstore against a model, a plain sorted map of cells read through
 * {@link SortedMapIterator}: the same cells in the same order from the first cell and from any
 * seek key, the same rows before any row, the same counts, after random adds (rows narrow and
 * wide enough to leave their array for a map, the same key written twice) and removals.
 */
class MemStoreModelTest {
  private static final byte[] F = "f".getBytes(StandardCharsets.UTF_8);

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static Cell randomCell(Random rnd) {
    // row 0 is wide (many qualifiers and versions); the others narrow
    int row = rnd.nextInt(8) == 0 ? 0 : rnd.nextInt(200);
    int qualifiers = row == 0 ? 90 : 4;
    String q = row == 0 || rnd.nextBoolean() ? "q" + rnd.nextInt(qualifiers) : "";
    CellType type = rnd.nextInt(10) == 0 ? CellType.DELETE_COLUMN : CellType.PUT;
    Cell c = new Cell(bytes("r" + row), F, bytes(q), 1 + rnd.nextInt(5), type, bytes("v" + rnd.nextInt(100)));
    return c.withSequenceId(1 + rnd.nextInt(50));
  }

  @Test
  void readsAsASortedMapOfItsCells() {
    for (long seed = 1; seed <= 20; seed++) {
      Random rnd = new Random(seed);
      MemStore m = new MemStore();
      ConcurrentSkipListMap<Cell, Cell> model = new ConcurrentSkipListMap<>(CellComparator.WITH_SEQUENCE);
      List<Cell> added = new ArrayList<>();
      long bytes = 0;
      for (int i = 0; i < 3000; i++) {
        if (i % 7 == 6 && !added.isEmpty()) {
          Cell gone = added.get(rnd.nextInt(added.size()));
          Cell was = model.remove(gone);
          bytes -= was == null ? 0 : gone.estimatedSize();
          m.remove(gone);
        } else {
          Cell c = randomCell(rnd);
          Cell was = model.put(c, c);
          bytes += was == null ? c.estimatedSize() : 0;
          m.add(c);
          added.add(c);
        }
      }
      assertEquals(model.size(), m.cellCount(), "seed " + seed);
      assertEquals(model.isEmpty(), m.isEmpty());
      assertEquals(bytes, m.heapSize());
      List<Cell> expected = new ArrayList<>(model.values());
      List<Cell> flushed = new ArrayList<>();
      m.cellsInOrder().forEachRemaining(flushed::add);
      assertEquals(expected.size(), flushed.size());
      for (int i = 0; i < expected.size(); i++) {
        assertSame(expected.get(i), flushed.get(i), "seed " + seed + " cell " + i);
      }
      CellIterator mine = m.iterator();
      CellIterator theirs = new SortedMapIterator(model);
      for (int probe = 0; probe < 500; probe++) {
        Cell key = switch (probe % 3) {
          case 0 -> Cell.firstOnRow(bytes("r" + rnd.nextInt(220)));
          case 1 -> randomCell(rnd);
          default -> Cell.lastOnColumn(bytes("r" + rnd.nextInt(220)), F, bytes("q" + rnd.nextInt(90)));
        };
        mine.seek(key);
        theirs.seek(key);
        for (int step = 0; step < 70 && theirs.valid(); step++) {
          assertTrue(mine.valid(), "seed " + seed + " probe " + probe + " step " + step);
          assertSame(theirs.cell(), mine.cell(), "seed " + seed + " probe " + probe + " step " + step);
          Cell before = mine.cell();
          mine.next();
          theirs.next();
          if (mine.sameRowAsPrevious()) {
            assertArrayEquals(before.row(), mine.cell().row());
          }
        }
        if (!theirs.valid()) {
          assertEquals(false, mine.valid());
        }
        byte[] row = probe % 5 == 0 ? new byte[0] : bytes("r" + rnd.nextInt(220));
        assertArrayEquals(theirs.lastRowBefore(row), mine.lastRowBefore(row), "seed " + seed + " before row");
      }
      mine.seekToFirst();
      Iterator<Cell> all = model.values().iterator();
      while (all.hasNext()) {
        assertSame(all.next(), mine.cell());
        mine.next();
      }
      assertEquals(false, mine.valid());
    }
  }

  /** A row whose cells were all rolled back is not a row before another. */
  @Test
  void aRowWithoutCellsIsNoRow() {
    MemStore m = new MemStore();
    Cell a = new Cell(bytes("a"), F, bytes("q"), 1, CellType.PUT, bytes("v")).withSequenceId(1);
    Cell b = new Cell(bytes("b"), F, bytes("q"), 1, CellType.PUT, bytes("v")).withSequenceId(2);
    m.add(a);
    m.add(b);
    m.remove(b);
    CellIterator it = m.iterator();
    assertArrayEquals(bytes("a"), it.lastRowBefore(new byte[0]));
    it.seek(Cell.firstOnRow(bytes("aa")));
    assertEquals(false, it.valid());
    assertEquals(1, m.cellCount());
  }
}
