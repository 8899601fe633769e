package dev.cellar.storage.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.Cell;
import dev.cellar.storage.filter.Filter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * One large region read on several threads: {@link Table#splitRows} cuts its range from the block
 * index, and a large scan reads it in such parts itself.
 */
class SplitRowsTest {
  private static final int ROWS = 20_000;

  private static byte[] row(int i) {
    return Bytes.toBytes(String.format(Locale.ROOT, "row%06d", i));
  }

  private static EmbeddedStore loaded(byte[]... splits) {
    EmbeddedStore s = EmbeddedStore.open(StoreOptions.inMemory().build());
    s.admin().createTable(TableDescriptor.newBuilder("t")
        .family(ColumnFamilyDescriptor.newBuilder("f").blockSize(4096).build()).build(), splits);
    Table t = s.table("t");
    List<Put> puts = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      puts.add(new Put(row(i)).addColumn("f", "q", "value " + i));
    }
    t.put(puts);
    s.admin().flush("t");
    return s;
  }

  private static int count(Table t, byte[] start, byte[] stop) {
    int n = 0;
    try (ResultScanner sc = t.scanner(new Scan().withStartRow(start).withStopRow(stop))) {
      for (Result r : sc) {
        n++;
      }
    }
    return n;
  }

  /** Scans every piece and checks they hold every row once, in pieces of similar size. */
  private static void assertPieces(Table t, byte[] start, byte[] stop, int expectedRows, List<byte[]> cuts, int pieces) {
    assertEquals(pieces - 1, cuts.size(), "cuts");
    List<byte[]> bounds = new ArrayList<>();
    bounds.add(start);
    bounds.addAll(cuts);
    bounds.add(stop);
    int total = 0;
    int smallest = Integer.MAX_VALUE;
    int largest = 0;
    for (int k = 0; k + 1 < bounds.size(); k++) {
      if (k + 2 < bounds.size()) {
        assertTrue(Bytes.compare(bounds.get(k), bounds.get(k + 1)) < 0, "cuts ascend inside the range");
      }
      int n = count(t, bounds.get(k), bounds.get(k + 1));
      total += n;
      smallest = Math.min(smallest, n);
      largest = Math.max(largest, n);
    }
    assertEquals(expectedRows, total, "every row in exactly one piece");
    assertTrue(largest <= 2 * smallest + 200, "pieces of similar size: " + smallest + " to " + largest);
  }

  @Test
  void oneLargeRegionIsCutByItsBlockIndex() {
    try (EmbeddedStore s = loaded()) {
      Table t = s.table("t");
      assertEquals(1, s.admin().regions("t").size());
      long blocksBefore = s.dataBlocksRead();
      List<byte[]> cuts = t.splitRows(new byte[0], new byte[0], 4);
      assertEquals(blocksBefore, s.dataBlocksRead(), "asking reads no data block");
      assertPieces(t, new byte[0], new byte[0], ROWS, cuts, 4);
      // a sub-range: every cut inside it
      List<byte[]> inner = t.splitRows(row(5_000), row(15_000), 3);
      assertPieces(t, row(5_000), row(15_000), 10_000, inner, 3);
      assertEquals(List.of(), t.splitRows(new byte[0], new byte[0], 1));
      // a range of one block or less has nothing to cut
      assertEquals(List.of(), t.splitRows(row(100), row(101), 8));
    }
  }

  @Test
  void theBlockBoundariesOfARangeAreThoseOfTheWholeRegionInsideIt() {
    try (EmbeddedStore s = loaded(row(12_000))) {
      java.util.Random rnd = new java.util.Random(7);
      for (dev.cellar.storage.region.Region r : s.handle("t").regions()) {
        List<byte[]> all = r.blockBoundaryRows();
        assertTrue(all.size() > 20, "blocks: " + all.size());
        for (int k = 0; k < 200; k++) {
          int a = rnd.nextInt(ROWS + 2) - 1;
          int b = a + rnd.nextInt(4_000);
          byte[] from = a < 0 ? new byte[0] : row(a);
          byte[] to = k % 10 == 0 ? new byte[0] : row(b);
          List<String> expected = new ArrayList<>();
          for (byte[] x : all) {
            if (Bytes.compare(x, from) > 0 && (to.length == 0 || Bytes.compare(x, to) < 0)) {
              expected.add(Bytes.toString(x));
            }
          }
          List<String> got = new ArrayList<>();
          for (byte[] x : r.blockBoundaryRows(from, to)) {
            got.add(Bytes.toString(x));
          }
          assertEquals(expected, got, "rows between " + Bytes.toString(from) + " and " + Bytes.toString(to));
        }
      }
    }
  }

  @Test
  void regionsAreCutToo() {
    try (EmbeddedStore s = loaded(row(10_000))) {
      Table t = s.table("t");
      assertEquals(2, s.admin().regions("t").size());
      assertPieces(t, new byte[0], new byte[0], ROWS, t.splitRows(new byte[0], new byte[0], 6), 6);
    }
  }

  @Test
  void aTableOnlyInMemoryHasNoCuts() {
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.inMemory().build())) {
      s.admin().createTable(TableDescriptor.newBuilder("t").family(ColumnFamilyDescriptor.of("f")).build());
      s.table("t").put(new Put(row(1)).addColumn("f", "q", "v"));
      assertEquals(List.of(), s.table("t").splitRows(new byte[0], new byte[0], 4));
    }
  }

  /** Keeps every row whose number is a multiple of 7 and notes the threads that ran it. */
  static final class EverySeventh extends Filter {
    final Set<String> threads;

    EverySeventh(Set<String> threads) {
      this.threads = threads;
    }

    @Override
    public Filter copy() {
      return new EverySeventh(threads);
    }

    @Override
    public boolean filterRowKey(Cell first) {
      threads.add(Thread.currentThread().getName() + "#" + Thread.currentThread().getId());
      String row = Bytes.toString(first.row());
      return Integer.parseInt(row.substring(3)) % 7 != 0;
    }
  }

  @Test
  void aLargeScanReadsOneLargeRegionInPartsOnSeveralThreadsInKeyOrder() {
    try (EmbeddedStore s = loaded()) {
      Table t = s.table("t");
      assertEquals(1, s.admin().regions("t").size());
      long readsBefore = s.admin().regions("t").get(0).readRequests();
      Set<String> threads = ConcurrentHashMap.newKeySet();
      List<Integer> seen = new ArrayList<>();
      try (ResultScanner sc = t.scanner(new Scan().setFilter(new EverySeventh(threads)))) {
        for (Result r : sc) {
          seen.add(Integer.parseInt(Bytes.toString(r.row()).substring(3)));
          assertEquals("value " + seen.get(seen.size() - 1), Bytes.toString(r.value(Bytes.toBytes("f"), Bytes.toBytes("q"))));
        }
      }
      List<Integer> expected = new ArrayList<>();
      for (int i = 0; i < ROWS; i += 7) {
        expected.add(i);
      }
      assertEquals(expected, seen, "every row that passes, once, in key order");
      assertTrue(threads.size() >= 2 && threads.stream().allMatch(n -> n.startsWith("cellar-scan#")),
          "read ahead by the scan pool in parts: " + threads);
      assertEquals(readsBefore + 1, s.admin().regions("t").get(0).readRequests(), "one scan counts once");
      // a start row inside, a limit above the parallel threshold, and rows written since the flush
      t.put(new Put(row(12_345)).addColumn("f", "q", "changed"));
      int n = 0;
      byte[] last = null;
      try (ResultScanner sc = t.scanner(new Scan().withStartRow(row(3_000)).setLimit(15_000))) {
        for (Result r : sc) {
          if (last != null) {
            assertTrue(Bytes.compare(last, r.row()) < 0);
          }
          last = r.row();
          if (java.util.Arrays.equals(r.row(), row(12_345))) {
            assertEquals("changed", Bytes.toString(r.value(Bytes.toBytes("f"), Bytes.toBytes("q"))));
          }
          n++;
        }
      }
      assertEquals(15_000, n);
      assertEquals(row(17_999).length, last.length);
      assertEquals(Bytes.toString(row(17_999)), Bytes.toString(last));
    }
  }

  @Test
  void aLimitAboveTheParallelThresholdHoldsAcrossRegionsReadAhead() {
    try (EmbeddedStore s = loaded(row(5_000), row(10_000), row(15_000))) {
      int n = 0;
      try (ResultScanner sc = s.table("t").scanner(new Scan().setLimit(12_000))) {
        for (Result r : sc) {
          n++;
        }
      }
      assertEquals(12_000, n);
    }
  }
  @Test
  void wideRowsReadAheadInBatchesComeWholeAndInKeyOrder() {
    // rows of 300 cells: a batch read ahead ends by its cells (RegionPrefetcher.BATCH_CELLS), not its rows
    int rows = 400;
    int width = 300;
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.inMemory().build())) {
      s.admin().createTable(TableDescriptor.newBuilder("w")
          .family(ColumnFamilyDescriptor.newBuilder("f").blockSize(4096).build()).build(), new byte[][] {row(100), row(200)});
      Table t = s.table("w");
      for (int i = 0; i < rows; i++) {
        Put p = new Put(row(i));
        for (int q = 0; q < width; q++) {
          p.addColumn("f", "q" + q, i + "/" + q);
        }
        t.put(p);
      }
      s.admin().flush("w");
      int n = 0;
      try (ResultScanner sc = t.scanner(new Scan())) {
        for (Result r : sc) {
          assertEquals(Bytes.toString(row(n)), Bytes.toString(r.row()), "rows in key order, each once");
          assertEquals(width, r.size(), "row " + n + " whole");
          assertEquals(n + "/" + (width - 1), Bytes.toString(r.value(Bytes.toBytes("f"), Bytes.toBytes("q" + (width - 1)))));
          n++;
        }
      }
      assertEquals(rows, n);
      // closed after a few rows, the scan stops reading ahead and the table reads on
      try (ResultScanner sc = t.scanner(new Scan())) {
        assertEquals(Bytes.toString(row(0)), Bytes.toString(sc.next().row()));
      }
      assertEquals(rows, count(t, new byte[0], new byte[0]));
    }
  }
}
