package dev.cellar.storage.sst;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.embedded.StoreOptions;
import dev.cellar.storage.fs.MemVfs;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A compaction reads every block of its input files once: it takes the blocks the cache holds
 * but adds none, so that it does not push out the blocks queries use, as a region server's
 * compactions do not fill its block cache.
 */
class CompactionCachingTest {
  private static final int FILES = 3;
  private static final int ROWS_PER_FILE = 3_000;

  @Test
  void aCompactionDoesNotFillTheBlockCache() {
    try (EmbeddedStore store = EmbeddedStore.open(StoreOptions.builder(new MemVfs())
        .blockCacheSize(64 << 10)
        .compactionThreshold(1000)
        .majorCompactionPeriodMs(0)
        .build())) {
      store.admin().createTable(TableDescriptor.newBuilder("t")
          .family(ColumnFamilyDescriptor.newBuilder("f").blockSize(1024).build()).build());
      Table t = store.table("t");
      for (int f = 0; f < FILES; f++) {
        List<Put> puts = new ArrayList<>();
        for (int i = f; i < FILES * ROWS_PER_FILE; i += FILES) {
          puts.add(new Put(Bytes.toBytes(String.format("row%06d", i))).addColumn("f", "v", "value-" + i));
        }
        t.put(puts);
        store.admin().flush("t");
      }
      // the files' blocks (about 100 KiB each) are more than the cache holds
      t.get(new Get(Bytes.toBytes("row000042")));
      t.get(new Get(Bytes.toBytes("row000042")));
      BlockCache.Stats before = store.blockCache().stats();
      assertTrue(before.hits() > 0, "the first get's block is cached");

      store.admin().majorCompact("t");
      assertEquals(1, store.admin().regions("t").get(0).storeFiles());
      BlockCache.Stats after = store.blockCache().stats();
      assertEquals(before.evictions(), after.evictions(), "the compaction pushed nothing out of the cache");

      int rows = 0;
      try (ResultScanner s = t.scanner(new Scan())) {
        while (s.next() != null) {
          rows++;
        }
      }
      assertEquals(FILES * ROWS_PER_FILE, rows);
    }
  }
}
