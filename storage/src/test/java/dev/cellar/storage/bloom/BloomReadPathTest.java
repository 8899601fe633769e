package dev.cellar.storage.bloom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.BloomType;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.embedded.StoreOptions;
import dev.cellar.storage.fs.MemVfs;
import dev.cellar.storage.sst.StoreFileReader;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Gets skip the store files whose bloom filters rule their row (ROW) or their columns (ROWCOL)
 * out, which {@link EmbeddedStore#dataBlocksRead()} shows (the block cache is off, so every data
 * block a get touches is read from its file); and the family's BLOOMFILTER setting decides what
 * each newly written file carries.
 */
class BloomReadPathTest {
  private static final int FILES = 8;
  private static final int ROWS_PER_FILE = 2000;
  private static final int ABSENT_GETS = 10_000;

  /** A store with no block cache and no automatic compaction: every flush stays a file. */
  private static EmbeddedStore openStore(MemVfs vfs) {
    return EmbeddedStore.open(StoreOptions.builder(vfs)
        .blockCacheSize(0)
        .compactionThreshold(1000)
        .majorCompactionPeriodMs(0)
        .flushOnClose(false)
        .build());
  }

  private static TableDescriptor table(BloomType bloom) {
    return TableDescriptor.newBuilder("t").family(ColumnFamilyDescriptor.newBuilder("f").bloomType(bloom).build())
        .build();
  }

  /** Eight files of 2,000 random 10-byte rows each (three cells a row); rows are 20 hex digits. */
  private static void loadRandomRows(EmbeddedStore store, Random rnd) {
    Table t = store.table("t");
    for (int f = 0; f < FILES; f++) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < ROWS_PER_FILE; i++) {
        Put p = new Put(randomRow(rnd, 10));
        for (String q : new String[] {"a", "b", "c"}) {
          p.addColumn("f", q, "value-" + f + "-" + i);
        }
        puts.add(p);
      }
      t.put(puts);
      store.admin().flush("t");
    }
    assertEquals(FILES, store.admin().regions("t").get(0).storeFiles());
  }

  private static byte[] randomRow(Random rnd, int bytes) {
    byte[] b = new byte[bytes];
    rnd.nextBytes(b);
    return Bytes.toBytes(HexFormat.of().formatHex(b));
  }

  /** Blocks read by each of {@code ABSENT_GETS} gets of rows that do not exist (11 bytes: never a stored row). */
  private static int[] blocksPerAbsentGet(EmbeddedStore store, Random rnd) {
    Table t = store.table("t");
    int[] blocks = new int[ABSENT_GETS];
    for (int i = 0; i < ABSENT_GETS; i++) {
      byte[] row = randomRow(rnd, 11);
      long before = store.dataBlocksRead();
      Result r = t.get(new Get(row));
      blocks[i] = (int) (store.dataBlocksRead() - before);
      assertTrue(r.isEmpty(), "absent row found: " + r);
    }
    return blocks;
  }

  private static int zeros(int[] blocks) {
    int n = 0;
    for (int b : blocks) {
      if (b == 0) {
        n++;
      }
    }
    return n;
  }

  private static long sum(int[] blocks) {
    long n = 0;
    for (int b : blocks) {
      n += b;
    }
    return n;
  }

  @ParameterizedTest
  @EnumSource(value = BloomType.class, names = {"ROW", "ROWCOL"})
  void absentRowGetsReadNoDataBlock(BloomType bloom) {
    try (EmbeddedStore store = openStore(new MemVfs())) {
      store.admin().createTable(table(bloom));
      loadRandomRows(store, new Random(1));
      int[] blocks = blocksPerAbsentGet(store, new Random(2));
      int zero = zeros(blocks);
      System.out.printf(Locale.ROOT, "[bloom] %s, %d files: %d of %d absent-row gets read no data block (%.2f%%), "
          + "%d blocks in all%n", bloom, FILES, zero, ABSENT_GETS, 100.0 * zero / ABSENT_GETS, sum(blocks));
      assertTrue(zero >= ABSENT_GETS * 99 / 100, zero + " of " + ABSENT_GETS + " gets read no block");
      // Present rows are still found, from the right file.
      Random again = new Random(1);
      Table t = store.table("t");
      for (int f = 0; f < FILES; f++) {
        for (int i = 0; i < ROWS_PER_FILE; i++) {
          byte[] row = randomRow(again, 10);
          if (i % 97 == 0) {
            assertEquals("value-" + f + "-" + i, t.get(new Get(row)).valueAsString("f", "b"));
          }
        }
      }
    }
  }

  /**
   * A get that expects its row to exist skips the bloom filter of the oldest file only: an
   * absent row then costs one block of that file and none of the seven newer ones, where a get
   * without the hint reads none; present rows read the same either way.
   */
  @Test
  void aGetExpectingItsRowSkipsOnlyTheOldestFilesFilter() {
    try (EmbeddedStore store = openStore(new MemVfs())) {
      store.admin().createTable(table(BloomType.ROW));
      loadRandomRows(store, new Random(1));
      Table t = store.table("t");
      Random rnd = new Random(2);
      int gets = 2000;
      long hinted = 0;
      long plain = 0;
      for (int i = 0; i < gets; i++) {
        byte[] row = randomRow(rnd, 11);
        long before = store.dataBlocksRead();
        assertTrue(t.get(new Get(row)).isEmpty());
        plain += store.dataBlocksRead() - before;
        before = store.dataBlocksRead();
        assertTrue(t.get(new Get(row).expectFound(true)).isEmpty());
        hinted += store.dataBlocksRead() - before;
      }
      // false positives: about 0.1% a file
      assertTrue(plain <= gets / 40, plain + " blocks without the hint");
      assertTrue(hinted >= gets && hinted <= gets + gets / 40, hinted + " blocks with the hint");
      Random again = new Random(1);
      long expected = 0;
      long read = 0;
      int checked = 0;
      for (int f = 0; f < FILES; f++) {
        for (int i = 0; i < ROWS_PER_FILE; i++) {
          byte[] row = randomRow(again, 10);
          if (i % 53 == 0) {
            long before = store.dataBlocksRead();
            Result r = t.get(new Get(row).expectFound(true));
            assertEquals("value-" + f + "-" + i, r.valueAsString("f", "b"));
            assertEquals(3, r.size());
            read += store.dataBlocksRead() - before;
            // the file holding the row, and the oldest one unless it is that file
            expected += f == 0 ? 1 : 2;
            checked++;
          }
        }
      }
      assertTrue(read >= expected && read <= expected + checked / 20, read + " blocks for " + checked
          + " present rows, " + expected + " expected but for false positives");
    }
  }

  @Test
  void withoutBloomFiltersAbsentRowGetsReadABlockPerFile() {
    try (EmbeddedStore store = openStore(new MemVfs())) {
      store.admin().createTable(table(BloomType.NONE));
      loadRandomRows(store, new Random(1));
      int[] blocks = blocksPerAbsentGet(store, new Random(2));
      int zero = zeros(blocks);
      long total = sum(blocks);
      System.out.printf(Locale.ROOT, "[bloom] NONE, %d files: %d of %d absent-row gets read no data block, "
          + "%.2f blocks per get%n", FILES, zero, ABSENT_GETS, (double) total / ABSENT_GETS);
      assertTrue(zero < ABSENT_GETS / 100, zero + " gets read no block");
      assertTrue(total >= (long) ABSENT_GETS * (FILES - 1), total + " blocks");
    }
  }

  /**
   * Every file holds every row, each file under its own qualifier: a ROWCOL filter lets a get of
   * one qualifier read one file, and a get of an absent qualifier none; a ROW filter cannot.
   */
  @ParameterizedTest
  @EnumSource(value = BloomType.class, names = {"ROW", "ROWCOL"})
  void rowcolSkipsFilesForAbsentColumnsOfPresentRows(BloomType bloom) {
    int rows = 500;
    try (EmbeddedStore store = openStore(new MemVfs())) {
      store.admin().createTable(table(bloom));
      Table t = store.table("t");
      for (int f = 0; f < FILES; f++) {
        List<Put> puts = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
          puts.add(new Put(row(i)).addColumn("f", "c" + f, "v" + f + "/" + i));
        }
        t.put(puts);
        store.admin().flush("t");
      }
      Random rnd = new Random(3);
      int gets = 2000;
      int zero = 0;
      long absentBlocks = 0;
      long oneColumnBlocks = 0;
      for (int g = 0; g < gets; g++) {
        int i = rnd.nextInt(rows);
        long before = store.dataBlocksRead();
        Result r = t.get(new Get(row(i)).addColumn("f", "x" + g));
        long n = store.dataBlocksRead() - before;
        assertTrue(r.isEmpty());
        absentBlocks += n;
        if (n == 0) {
          zero++;
        }
        int f = rnd.nextInt(FILES);
        before = store.dataBlocksRead();
        r = t.get(new Get(row(i)).addColumn("f", "c" + f));
        oneColumnBlocks += store.dataBlocksRead() - before;
        assertEquals("v" + f + "/" + i, r.valueAsString("f", "c" + f));
        assertEquals(1, r.size());
      }
      System.out.printf(Locale.ROOT, "[bloom] %s, %d files holding every row: absent column: %d of %d gets read no "
          + "data block (%.2f blocks per get); one present column: %.2f blocks per get%n", bloom, FILES, zero, gets,
          (double) absentBlocks / gets, (double) oneColumnBlocks / gets);
      if (bloom == BloomType.ROWCOL) {
        assertTrue(zero >= gets * 99 / 100, zero + " of " + gets);
        assertTrue(oneColumnBlocks <= gets * 11L / 10, oneColumnBlocks + " blocks");
      } else {
        assertEquals(0, zero);
        assertEquals((long) gets * FILES, absentBlocks);
      }
      // A whole-row get reads every file, whatever the filter: the row is in all of them.
      Result whole = t.get(new Get(row(7)));
      assertEquals(FILES, whole.size());
    }
  }

  private static byte[] row(int i) {
    return Bytes.toBytes(String.format(Locale.ROOT, "row%05d", i));
  }

  /**
   * A file holding only delete markers for a row is "present" for that row, and a ROWCOL file
   * holding only a family marker is read for a get of any qualifier: the markers mask older files.
   */
  @ParameterizedTest
  @EnumSource(value = BloomType.class, names = {"ROW", "ROWCOL"})
  void deleteMarkersInNewerFilesStillMaskOlderFiles(BloomType bloom) {
    try (EmbeddedStore store = openStore(new MemVfs())) {
      store.admin().createTable(table(bloom));
      Table t = store.table("t");
      // Row delete (a family marker), alone in the newer file.
      t.put(new Put("r").addColumn(Bytes.toBytes("f"), Bytes.toBytes("q"), 1, Bytes.toBytes("x"))
          .addColumn(Bytes.toBytes("f"), Bytes.toBytes("p"), 1, Bytes.toBytes("y")));
      store.admin().flush("t");
      t.delete(new Delete("r"));
      store.admin().flush("t");
      // Column marker.
      t.put(new Put("s").addColumn(Bytes.toBytes("f"), Bytes.toBytes("q"), 1, Bytes.toBytes("x")));
      store.admin().flush("t");
      t.delete(new Delete("s").addColumns(Bytes.toBytes("f"), Bytes.toBytes("q")));
      store.admin().flush("t");
      // Version marker.
      t.put(new Put("u").addColumn(Bytes.toBytes("f"), Bytes.toBytes("q"), 1, Bytes.toBytes("one"))
          .addColumn(Bytes.toBytes("f"), Bytes.toBytes("q"), 2, Bytes.toBytes("two")));
      store.admin().flush("t");
      t.delete(new Delete("u").addColumn(Bytes.toBytes("f"), Bytes.toBytes("q"), 2));
      store.admin().flush("t");
      // Family-version marker (empty qualifier, masks every column at one timestamp).
      t.put(new Put("v").addColumn(Bytes.toBytes("f"), Bytes.toBytes("q"), 5, Bytes.toBytes("x")));
      store.admin().flush("t");
      t.delete(new Delete("v").addFamilyVersion(Bytes.toBytes("f"), 5));
      store.admin().flush("t");

      assertTrue(t.get(new Get("r")).isEmpty());
      assertTrue(t.get(new Get("r").addColumn("f", "q")).isEmpty());
      assertTrue(t.get(new Get("r").addColumn("f", "p")).isEmpty());
      assertTrue(t.get(new Get("r").addFamily("f")).isEmpty());
      assertTrue(t.get(new Get("s").addColumn("f", "q")).isEmpty());
      assertTrue(t.get(new Get("s")).isEmpty());
      assertEquals("one", t.get(new Get("u").addColumn("f", "q")).valueAsString("f", "q"));
      assertEquals("one", t.get(new Get("u")).valueAsString("f", "q"));
      assertTrue(t.get(new Get("v").addColumn("f", "q")).isEmpty());
      assertTrue(t.get(new Get("v")).isEmpty());
    }
  }

  /** Flushes and compactions write with the family's BLOOMFILTER at the time. */
  @Test
  void newFilesCarryTheFamilysCurrentSetting() throws Exception {
    MemVfs vfs = new MemVfs();
    try (EmbeddedStore store = openStore(vfs)) {
      store.admin().createTable(table(BloomType.NONE));
      Table t = store.table("t");
      t.put(new Put("a").addColumn("f", "q", "1"));
      store.admin().flush("t");
      assertEquals(List.of(BloomType.NONE), bloomTypes(vfs));

      setBloom(store, BloomType.ROW);
      t.put(new Put("b").addColumn("f", "q", "2"));
      store.admin().flush("t");
      assertEquals(List.of(BloomType.NONE, BloomType.ROW), bloomTypes(vfs));
      assertEquals("1", t.get(new Get("a")).valueAsString("f", "q"));
      assertEquals("2", t.get(new Get("b")).valueAsString("f", "q"));

      store.admin().majorCompact("t");
      assertEquals(List.of(BloomType.ROW), bloomTypes(vfs));

      setBloom(store, BloomType.ROWCOL);
      store.admin().majorCompact("t");
      assertEquals(List.of(BloomType.ROWCOL), bloomTypes(vfs));
      assertEquals("1", t.get(new Get("a").addColumn("f", "q")).valueAsString("f", "q"));
      assertTrue(t.get(new Get("a").addColumn("f", "other")).isEmpty());

      setBloom(store, BloomType.NONE);
      store.admin().majorCompact("t");
      assertEquals(List.of(BloomType.NONE), bloomTypes(vfs));
      assertEquals("2", t.get(new Get("b")).valueAsString("f", "q"));
    }
  }

  private static void setBloom(EmbeddedStore store, BloomType bloom) {
    ColumnFamilyDescriptor f = store.admin().describe("t").family("f");
    store.admin().modifyFamily("t", f.toBuilder().bloomType(bloom).build());
  }

  /** Bloom types of the store files in the store's data directory, oldest file first. */
  private static List<BloomType> bloomTypes(MemVfs vfs) throws Exception {
    List<BloomType> out = new ArrayList<>();
    for (String name : vfs.list("data").stream().sorted().toList()) {
      try (StoreFileReader r = StoreFileReader.open(vfs.open("data/" + name))) {
        out.add(r.info().bloomType());
        if (r.info().bloomType() == BloomType.NONE) {
          assertNull(r.bloomFilter());
        } else {
          assertEquals(r.info().bloomType(), r.bloomFilter().type());
        }
      }
    }
    return out;
  }
}
