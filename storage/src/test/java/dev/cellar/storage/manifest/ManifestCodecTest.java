package dev.cellar.storage.manifest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.BloomType;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Compression;
import dev.cellar.storage.CorruptionException;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.fs.MemVfs;
import dev.cellar.storage.manifest.ManifestState.RegionState;
import dev.cellar.storage.manifest.ManifestState.TableState;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ManifestCodecTest {
  private static ManifestState sample() {
    TableDescriptor t = TableDescriptor.newBuilder("t1")
        .family(ColumnFamilyDescriptor.newBuilder("f1").maxVersions(5).minVersions(1).ttlSeconds(180)
            .compression(Compression.SNAPPY).bloomType(BloomType.ROWCOL).blockSize(4096).blockCache(false)
            .inMemory(true).build())
        .family(ColumnFamilyDescriptor.of("f2"))
        .build();
    RegionState r1 = new RegionState(Bytes.EMPTY, Bytes.toBytes("m"), 42, Map.of("f1", List.of(7L, 3L), "f2", List.of()));
    RegionState r2 = new RegionState(Bytes.toBytes("m"), Bytes.EMPTY, 40, Map.of("f1", List.of(5L)));
    return new ManifestState(99, 8, 3, List.of(new TableState(2, t, false, List.of(r1, r2))));
  }

  @Test
  void roundTripKeepsEverySetting() {
    ManifestState s = sample();
    ManifestState back = ManifestCodec.decode(ManifestCodec.encode(s), "MANIFEST");
    assertEquals(99, back.lastSequence());
    assertEquals(8, back.nextFileNumber());
    assertEquals(3, back.nextTableId());
    TableState t = back.tables().get(0);
    assertEquals(2, t.id());
    assertEquals(false, t.enabled());
    assertEquals(s.tables().get(0).descriptor(), t.descriptor());
    assertEquals(180, t.descriptor().family("f1").ttlSeconds());
    assertEquals(2, t.regions().size());
    assertArrayEquals(Bytes.toBytes("m"), t.regions().get(0).endRow());
    assertEquals(42, t.regions().get(0).flushedSequence());
    assertEquals(List.of(7L, 3L), t.regions().get(0).files().get("f1"));
    assertEquals(List.of(5L), t.regions().get(1).files().get("f1"));
  }

  @Test
  void everyFlippedByteIsDetected() {
    byte[] good = ManifestCodec.encode(sample());
    for (int i = 0; i < good.length; i++) {
      byte[] bad = good.clone();
      bad[i] ^= 0x40;
      CorruptionException e = assertThrows(CorruptionException.class, () -> ManifestCodec.decode(bad, "MANIFEST"),
          "flip at " + i);
      assertTrue(e.getMessage().contains("MANIFEST"), e.getMessage());
    }
  }

  @Test
  void truncationIsDetected() {
    byte[] good = ManifestCodec.encode(sample());
    for (int n = 0; n < good.length; n++) {
      byte[] cut = java.util.Arrays.copyOf(good, n);
      assertThrows(CorruptionException.class, () -> ManifestCodec.decode(cut, "MANIFEST"), "cut at " + n);
    }
  }

  @Test
  void fileSaveReplacesAtomically() throws Exception {
    MemVfs fs = new MemVfs();
    ManifestFile mf = new ManifestFile(fs);
    assertEquals(null, mf.load());
    mf.save(ManifestState.empty());
    assertEquals(0, mf.load().tables().size());
    mf.save(sample());
    assertEquals(1, mf.load().tables().size());
    assertTrue(!fs.exists(ManifestFile.TEMP));
  }
}
