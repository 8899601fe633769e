package dev.cellar.storage.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.StorageException;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.fs.FaultyVfs;
import org.junit.jupiter.api.Test;

/**
 * A flush or compaction whose manifest cannot be saved has already changed the catalog in
 * memory (the flushed sequence, the files): from then on the store is read-only, and nothing
 * the manifest on disk still needs may go, neither the log segments holding the flushed edits
 * nor the files a compaction replaced. Both were lost before (found by {@code DiskFullTest}
 * under load: another region's flush, committed just before, trimmed the log after the failure).
 */
class FailedManifestTest {
  private static StoreOptions options(FaultyVfs fs) {
    return StoreOptions.builder(fs).compactionThreshold(100).build();
  }

  private static void write(Table t, int from, int to, String prefix) {
    for (int i = from; i < to; i++) {
      t.put(new Put(String.format("r%03d", i)).addColumn("f", "q", prefix + i));
    }
  }

  private static void check(FaultyVfs fs, int rows, String prefix) {
    try (EmbeddedStore s = EmbeddedStore.open(options(fs))) {
      Table t = s.table("t");
      for (int i = 0; i < rows; i++) {
        assertEquals(prefix + i, t.get(new Get(String.format("r%03d", i))).valueAsString("f", "q"), "row " + i);
      }
    }
  }

  @Test
  void aFlushWhoseManifestFailedKeepsItsEditsInTheLog() {
    FaultyVfs fs = new FaultyVfs("m");
    try (EmbeddedStore s = EmbeddedStore.open(options(fs))) {
      s.admin().createTable(TableDescriptor.of("t", "f"));
      Table t = s.table("t");
      write(t, 0, 50, "v");
      // the flush writes its file, then saving the manifest fails at its rename
      fs.failNth(FaultyVfs.Op.RENAME, 1);
      assertThrows(StorageException.class, () -> s.admin().flush("t"));
      assertTrue(s.isReadOnly());
      // as a flush of another region that committed just before would, once it has the lock
      s.trimWal(Long.MAX_VALUE);
    }
    fs.clearFaults();
    check(fs, 50, "v");
  }

  @Test
  void aCompactionWhoseManifestFailedKeepsTheFilesItReplaced() {
    FaultyVfs fs = new FaultyVfs("m");
    try (EmbeddedStore s = EmbeddedStore.open(options(fs))) {
      s.admin().createTable(TableDescriptor.of("t", "f"));
      Table t = s.table("t");
      for (int round = 0; round < 3; round++) {
        write(t, round * 20, round * 20 + 20, "w");
        s.admin().flush("t");
      }
      fs.failNth(FaultyVfs.Op.RENAME, 1);
      assertThrows(StorageException.class, () -> s.admin().majorCompact("t"));
      assertTrue(s.isReadOnly());
      // the replaced files are no longer read in memory, but the manifest on disk lists them
      assertEquals("w7", t.get(new Get("r007")).valueAsString("f", "q"));
    }
    fs.clearFaults();
    check(fs, 60, "w");
  }
}
