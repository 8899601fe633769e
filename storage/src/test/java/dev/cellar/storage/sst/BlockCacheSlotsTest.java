package dev.cellar.storage.sst;

import static dev.cellar.storage.sst.SstFixtures.FAMILY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellType;
import dev.cellar.storage.fs.MemVfs;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A reader's own array of cached blocks: reads of a cached block come from it and still count
 * as hits; it never holds more than the cache does (an evicted block leaves it); the cache's
 * policy still hears of the blocks in use; a closed reader's blocks are let go.
 */
class BlockCacheSlotsTest {
  private static final String PATH = "data/000011.sst";

  private static List<Cell> cells(int n) {
    List<Cell> cells = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      cells.add(new Cell(Bytes.toBytes(String.format("row%07d", i)), FAMILY, Bytes.toBytes("q"), 1000, CellType.PUT,
          Bytes.toBytes("value " + i + " ".repeat(40)), 5));
    }
    return cells;
  }

  @Test
  void slotsHoldOnlyWhatTheCacheHolds() throws Exception {
    List<Cell> cells = cells(20_000);
    MemVfs vfs = new MemVfs();
    SstFixtures.write(vfs, PATH, SstFixtures.options().withBlockSize(4096), cells);
    BlockCache cache = BlockCache.create(64 * 1024);
    try (StoreFileReader reader = StoreFileReader.open(vfs.open(PATH), cache)) {
      int blocks = reader.info().dataBlockCount();
      assertTrue(blocks > 100, "many more blocks than the cache holds: " + blocks);
      Random rnd = new Random(3);
      for (int i = 0; i < 5_000; i++) {
        int b = rnd.nextInt(4) == 0 ? rnd.nextInt(blocks) : rnd.nextInt(8);
        Block block = reader.readBlock(b);
        assertTrue(block.length() > 0);
        if (i % 100 == 0) {
          cache.cleanUp();
          long[] held = reader.slots().held();
          assertTrue(held[1] <= cache.stats().bytes(), "slots hold " + held[1] + " bytes in " + held[0]
              + " blocks, the cache " + cache.stats().bytes());
        }
      }
      cache.cleanUp();
      long[] held = reader.slots().held();
      assertTrue(held[0] > 0 && held[1] <= 64 * 1024, "the hot blocks stay: " + held[0] + " blocks, " + held[1] + " bytes");
      // the eight blocks read three times in four stay cached
      long loadsBefore = reader.dataBlocksRead();
      for (int b = 0; b < 8; b++) {
        reader.readBlock(b);
      }
      assertTrue(reader.dataBlocksRead() - loadsBefore <= 2, "hot blocks reloaded: " + (reader.dataBlocksRead() - loadsBefore));
    }
  }

  @Test
  void readsFromSlotsCountAsHitsAndAClosedReaderHoldsNothing() throws Exception {
    List<Cell> cells = cells(2_000);
    MemVfs vfs = new MemVfs();
    SstFixtures.write(vfs, PATH, SstFixtures.options().withBlockSize(4096).withRestartInterval(2), cells);
    BlockCache cache = BlockCache.create(16 << 20);
    StoreFileReader reader = StoreFileReader.open(vfs.open(PATH), cache);
    int blocks = reader.info().dataBlockCount();
    long loadedAtOpen = reader.dataBlocksRead();
    BlockCache.Stats atOpen = cache.stats();
    for (int round = 0; round < 3; round++) {
      for (int b = 0; b < blocks; b++) {
        reader.readBlock(b);
      }
    }
    assertEquals(blocks, reader.dataBlocksRead() - loadedAtOpen, "each block loaded once");
    BlockCache.Stats stats = cache.stats();
    assertEquals(blocks, stats.misses() - atOpen.misses());
    assertEquals(2L * blocks, stats.hits() - atOpen.hits());
    assertEquals(blocks, reader.slots().held()[0]);
    // each block weighs its bytes and the restart rows a seek may make for it
    long weight = 0;
    long restartRowsBytes = 0;
    for (int b = 0; b < blocks; b++) {
      Block block = reader.readBlock(b);
      weight += BlockCache.weight(block);
      if (block.restartCount() >= RestartRows.MIN_RESTARTS) {
        restartRowsBytes += 8L * block.restartCount();
      }
    }
    assertTrue(restartRowsBytes > 0, "blocks with restart rows");
    assertEquals(weight, cache.stats().bytes());
    assertTrue(weight >= reader.slots().held()[1] + restartRowsBytes, weight + " bytes weighed");
    reader.close();
    assertEquals(0, reader.slots().held()[0], "a closed reader keeps no block");
  }
}
