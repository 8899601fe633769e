package dev.cellar.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.embedded.EmbeddedStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SplitKeysTest {
  private static int[] spread(byte[][] splits, List<byte[]> keys) {
    int[] counts = new int[splits.length + 1];
    for (byte[] k : keys) {
      int region = 0;
      while (region < splits.length && Bytes.compare(k, splits[region]) >= 0) {
        region++;
      }
      counts[region]++;
    }
    return counts;
  }

  private static List<byte[]> randomHexKeys(int n, int width) {
    Random rnd = new Random(7);
    List<byte[]> keys = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      StringBuilder sb = new StringBuilder();
      for (int c = 0; c < width; c++) {
        sb.append(SplitKeys.HEX.charAt(rnd.nextInt(16)));
      }
      keys.add(Bytes.toBytes(sb.toString()));
    }
    return keys;
  }

  @Test
  void hexSplitsLeaveNoEmptyRegions() {
    byte[][] splits = SplitKeys.hex(4, 16);
    assertEquals(15, splits.length);
    assertEquals("1000", Bytes.toString(splits[0]));
    assertEquals("8000", Bytes.toString(splits[7]));
    assertEquals("f000", Bytes.toString(splits[14]));
    int[] counts = spread(splits, randomHexKeys(16_000, 8));
    for (int c : counts) {
      assertTrue(c > 800 && c < 1200, "regions get about 1000 keys each: " + java.util.Arrays.toString(counts));
    }
  }

  @Test
  void naiveByteSplitsOfHexKeysLeaveMostRegionsEmpty() {
    byte[][] splits = SplitKeys.uniformBytes(Bytes.toBytes("0000"), Bytes.toBytes("ffff"), 16);
    int[] counts = spread(splits, randomHexKeys(16_000, 8));
    int empty = 0;
    for (int c : counts) {
      if (c == 0) {
        empty++;
      }
    }
    assertTrue(empty >= 8, "the ASCII gap between '9' and 'a' swallows regions: " + java.util.Arrays.toString(counts));
  }

  @Test
  void sampleSplitsFollowTheKeys() {
    List<byte[]> keys = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      keys.add(Bytes.toBytes(String.format("user%05d", i * i)));
    }
    byte[][] splits = SplitKeys.fromSample(keys, 4);
    assertEquals(3, splits.length);
    int[] counts = spread(splits, keys);
    for (int c : counts) {
      assertEquals(250, c, 1.0);
    }
    assertEquals(0, SplitKeys.fromSample(List.of(Bytes.toBytes("a"), Bytes.toBytes("a")), 4).length);
    assertThrows(IllegalArgumentException.class, () -> SplitKeys.hex(1, 17));
  }

  @Test
  void splitsFromAnExistingTableCreateBalancedRegions() {
    try (EmbeddedStore s = EmbeddedStore.inMemory()) {
      s.admin().createTable(TableDescriptor.of("src", "f"));
      Table t = s.table("src");
      List<Put> puts = new ArrayList<>();
      for (byte[] k : randomHexKeys(2000, 6)) {
        puts.add(new Put(k).addColumn("f", "q", "v"));
      }
      t.batch(puts);
      byte[][] splits = SplitKeys.fromTable(t, 8);
      s.admin().createTable(TableDescriptor.of("dst", "f"), splits);
      s.table("dst").batch(puts);
      for (RegionInfo r : s.admin().regions("dst")) {
        assertTrue(r.cells() > 150, "no empty or tiny region: " + s.admin().regions("dst"));
      }
    }
  }
}
