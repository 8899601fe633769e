package dev.cellar.storage.memstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Cell;
import dev.cellar.storage.CellType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RowFilterTest {
  private static byte[] row(String prefix, int i) {
    return (prefix + i).getBytes(StandardCharsets.UTF_8);
  }

  /** Every row added is "maybe"; of rows never added, few are, at a full memstore's row count. */
  @Test
  void neverMissesARowAndRarelyClaimsOneItLacks() {
    RowFilter f = new RowFilter();
    int added = 150_000;
    for (int i = 0; i < added; i++) {
      f.add(row("u", i * 7));
    }
    for (int i = 0; i < added; i++) {
      assertTrue(f.mayContain(row("u", i * 7)), "row " + i);
    }
    int claimed = 0;
    int absent = 200_000;
    for (int i = 0; i < absent; i++) {
      claimed += f.mayContain(row("u", i * 7 + 3)) ? 1 : 0;
    }
    assertTrue(claimed < absent / 200, claimed + " of " + absent + " absent rows claimed");
    // rows of every length, the empty one included
    RowFilter g = new RowFilter();
    for (int n = 0; n < 40; n++) {
      g.add(new byte[n]);
    }
    for (int n = 0; n < 40; n++) {
      assertTrue(g.mayContain(new byte[n]), "row of " + n + " zero bytes");
    }
  }

  @Test
  void anEmptyFilterHoldsNothing() {
    RowFilter f = new RowFilter();
    for (int i = 0; i < 1000; i++) {
      assertFalse(f.mayContain(row("r", i)));
    }
  }

  /** Writers adding at once lose none of each other's bits. */
  @Test
  void concurrentWritersLoseNoRow() throws Exception {
    RowFilter f = new RowFilter();
    int threads = 4;
    int each = 50_000;
    List<Thread> ts = new ArrayList<>();
    AtomicInteger ready = new AtomicInteger();
    for (int t = 0; t < threads; t++) {
      int id = t;
      ts.add(new Thread(() -> {
        ready.incrementAndGet();
        while (ready.get() < threads) {
          Thread.onSpinWait();
        }
        for (int i = 0; i < each; i++) {
          f.add(row("t" + id + "-", i));
        }
      }));
    }
    ts.forEach(Thread::start);
    for (Thread t : ts) {
      t.join();
    }
    int missing = 0;
    for (int t = 0; t < threads; t++) {
      for (int i = 0; i < each; i++) {
        missing += f.mayContain(row("t" + t + "-", i)) ? 0 : 1;
      }
    }
    assertEquals(0, missing);
  }

  /** A memstore answers for the rows of its cells, delete markers included. */
  @Test
  void aMemstoreKnowsTheRowsOfItsCells() {
    MemStore m = new MemStore();
    byte[] f = "f".getBytes(StandardCharsets.UTF_8);
    m.add(new Cell(row("a", 1), f, f, 5, CellType.PUT, f).withSequenceId(1));
    m.add(new Cell(row("b", 2), f, new byte[0], 5, CellType.DELETE_FAMILY, new byte[0]).withSequenceId(2));
    assertTrue(m.mayHoldRow(row("a", 1)));
    assertTrue(m.mayHoldRow(row("b", 2)));
    assertFalse(new MemStore().mayHoldRow(row("a", 1)));
  }
}
