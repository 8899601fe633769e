package dev.cellar.sql.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.BulkLoad;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.CellType;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The thread that sorts an index build's chunks and loads them as runs: runs of the size asked,
 * in order, each sorted, the later chunk's cell kept of equal ones; a failure of the load reaches
 * the build, and closing stops the thread.
 */
class IndexRunWriterTest {
  /** A bulk load that keeps its runs, or fails on the run {@code failAt}. */
  private static final class Runs implements BulkLoad {
    final List<List<Cell>> runs = new ArrayList<>();
    final List<String> threads = new ArrayList<>();
    final int failAt;
    final RuntimeException failure = new IllegalArgumentException("cell out of order in table I");

    Runs(int failAt) {
      this.failAt = failAt;
    }

    @Override
    public String table() {
      return "I";
    }

    @Override
    public void addSortedRun(Iterator<? extends Cell> cells) {
      threads.add(Thread.currentThread().getName());
      if (runs.size() == failAt) {
        throw failure;
      }
      List<Cell> run = new ArrayList<>();
      cells.forEachRemaining(run::add);
      runs.add(run);
    }

    @Override
    public long cellCount() {
      return runs.stream().mapToLong(List::size).sum();
    }

    @Override
    public int fileCount() {
      return runs.size();
    }

    @Override
    public void commit() {}

    @Override
    public void close() {}
  }

  private static Cell cell(int key, int ts, String value) {
    return new Cell(Bytes.toBytes(String.format("product %05d", key)), Bytes.toBytes("i"), Bytes.toBytes("_"), ts,
        CellType.PUT, Bytes.toBytes(value));
  }

  @Test
  void chunksAreSortedAndLoadedAsRunsInTheirOrder() {
    Runs load = new Runs(-1);
    Random rnd = new Random(3);
    List<TreeMap<Cell, String>> expected = new ArrayList<>();
    try (IndexRunWriter writer = new IndexRunWriter(load, 250, "I_PRODUCT")) {
      TreeMap<Cell, String> run = new TreeMap<>(CellComparator.INSTANCE);
      int inRun = 0;
      for (int c = 0; c < 40; c++) {
        List<Cell> chunk = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
          Cell cell = cell(rnd.nextInt(2000), 1 + rnd.nextInt(2), c + "." + i);
          chunk.add(cell);
          run.put(cell, c + "." + i);
        }
        writer.add(chunk, 100);
        inRun += 100;
        if (inRun >= 250) {
          expected.add(run);
          run = new TreeMap<>(CellComparator.INSTANCE);
          inRun = 0;
        }
      }
      expected.add(run);
      writer.finish();
    }
    assertEquals(expected.size(), load.runs.size());
    for (int r = 0; r < expected.size(); r++) {
      List<String> values = new ArrayList<>();
      for (Cell c : load.runs.get(r)) {
        values.add(Bytes.toString(c.value()));
      }
      assertEquals(new ArrayList<>(expected.get(r).values()), values, "run " + r);
    }
    assertTrue(load.threads.stream().allMatch(t -> t.equals("cellar-index-sort-I_PRODUCT")), load.threads::toString);
  }

  @Test
  void aFailedRunReachesTheBuildAndCloseStopsTheThread() throws Exception {
    Runs load = new Runs(1);
    IndexRunWriter writer = new IndexRunWriter(load, 100, "I_FAIL");
    RuntimeException thrown = assertThrows(RuntimeException.class, () -> {
      for (int c = 0; c < 50; c++) {
        writer.add(List.of(cell(c, 1, "x")), 100);
      }
      writer.finish();
    });
    assertSame(load.failure, thrown);
    writer.close();
    assertEquals(2, load.threads.size(), "no run loaded after the failure: " + load.threads);
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().equals("cellar-index-sort-I_FAIL")) {
        // close() returns once the executor has terminated; its worker may still be returning from
        // its last call, so the thread is given a moment to end, not forever
        t.join(10_000);
        assertFalse(t.isAlive(), "the writer's thread ended");
      }
    }
  }
}
