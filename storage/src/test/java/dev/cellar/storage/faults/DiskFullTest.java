package dev.cellar.storage.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.StorageException;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.embedded.StoreOptions;
import dev.cellar.storage.fs.FaultyVfs;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A full disk during the {@link FaultWorkload}: log writes, flushes, compactions, bulk loads and
 * manifest changes run out of space part-way. The caller gets a {@link StorageException} that
 * says so; reads keep working; a failed log write or flush leaves the store read-only, a failed
 * compaction or bulk load does not (and leaves no partial file taking space); once space is
 * freed and the store reopened, writes resume and every acknowledged {@code SYNC_WAL} or
 * {@code FSYNC_WAL} write is there. Reopening while the disk is still full either works or fails
 * with the same clear error. 40 rounds (400 with {@code -Dcellar.test.scale=10}).
 */
class DiskFullTest {
  private static final int SCALE = Integer.getInteger("cellar.test.scale", 1);
  private static final long SEED = Long.getLong("cellar.faults.seed", System.nanoTime());

  @Test
  void fullDiskIsReportedAndLosesNothingAcknowledged() {
    int rounds = SCALE >= 10 ? 400 : 40;
    Map<String, Integer> seen = new TreeMap<>();
    try (FaultMachine m = new FaultMachine(SEED)) {
      String where = "seed " + SEED;
      m.open(where + ", first open", false, null);
      for (int round = 0; round < rounds; round++) {
        String at = where + ", round " + round;
        long room = m.rnd.nextInt(4) == 0 ? m.rnd.nextInt(512) : m.rnd.nextInt(64 << 10);
        m.fs.capacity(m.fs.used() + room);
        EmbeddedStore s = m.store;
        RuntimeException failure = m.runUntilFailure(300);
        if (failure != null) {
          String kind = m.work.lastKind;
          IoErrorTest.checkClear(failure, at + " (" + kind + ")");
          assertTrue(mentionsNoSpace(failure), at + ": the error does not say the disk is full: " + failure);
          seen.merge(kind, 1, Integer::sum);
          if (kind.equals("write") || s.isReadOnly()) {
            m.timed(() -> {
              IoErrorTest.checkReadOnly(s, at + " (" + kind + ")");
              return null;
            });
          }
        }
        m.restart(true);
        if (m.rnd.nextBoolean()) {
          // Reopen with the disk still full: it works, or says why not.
          m.open(at + ", reopened on a full disk", true, null, e -> {
            IoErrorTest.checkClear(e, at + ", reopened on a full disk");
            assertTrue(mentionsNoSpace(e), at + ": the error does not say the disk is full: " + e);
            m.fs.capacity(Long.MAX_VALUE);
            seen.merge("open", 1, Integer::sum);
          });
        } else {
          m.fs.capacity(Long.MAX_VALUE);
          m.open(at, true, null);
        }
        m.fs.capacity(Long.MAX_VALUE);
      }
    }
    System.out.printf("DiskFullTest: %d rounds, full disk surfaced by %s (seed %d)%n", rounds, seen, SEED);
  }

  private static boolean mentionsNoSpace(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (String.valueOf(t.getMessage()).contains("No space left on device")) {
        return true;
      }
    }
    return false;
  }

  /** A compaction that runs out of space deletes its partial output, and the store carries on. */
  @Test
  void compactionOutOfSpaceLeavesNoPartialFile() throws Exception {
    FaultyVfs fs = new FaultyVfs("machine");
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.builder(fs).flushOnClose(false)
        .compactionThreshold(100).build())) {
      s.admin().createTable(TableDescriptor.of("t", "f"));
      Table t = s.table("t");
      for (int f = 0; f < 3; f++) {
        for (int i = 0; i < 200; i++) {
          t.put(new Put(Bytes.toBytes(String.format("r%04d", i))).addColumn("f", "q", "value-" + f + "-" + i));
        }
        s.admin().flush("t");
      }
      List<String> before = fs.paths();
      fs.capacity(fs.used() + 2000);
      StorageException e = assertThrows(StorageException.class, () -> s.admin().compact("t"));
      assertTrue(mentionsNoSpace(e), e.toString());
      assertEquals(before, fs.paths(), "files after the failed compaction");
      fs.capacity(Long.MAX_VALUE);
      assertEquals("value-2-7", t.get(new Get("r0007")).valueAsString("f", "q"));
      t.put(new Put("r9999").addColumn("f", "q", "after"));
      s.admin().compact("t");
      assertEquals("after", t.get(new Get("r9999")).valueAsString("f", "q"));
    }
  }
}
