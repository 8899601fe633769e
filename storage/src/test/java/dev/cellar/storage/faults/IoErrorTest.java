package dev.cellar.storage.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cellar.storage.Durability;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.StorageException;
import dev.cellar.storage.StoreReadOnlyException;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.embedded.StoreOptions;
import dev.cellar.storage.fs.FaultyVfs;
import dev.cellar.storage.fs.FaultyVfs.Op;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An I/O error at the n-th call of each kind of file operation, during the {@link FaultWorkload}
 * or while the store opens. Each error must reach the caller as a {@link StorageException}
 * naming the store or file (never a raw {@code IOException}, never a hang); a write that fails,
 * or any failure of the log or of a flush, makes the store read-only (writes refused with
 * {@link StoreReadOnlyException}, reads still served) until it is reopened; and after a reopen
 * every acknowledged {@code SYNC_WAL} or {@code FSYNC_WAL} write is there. 12 rounds per kind
 * (120 with {@code -Dcellar.test.scale=10}); {@code -Dcellar.faults.seed=N} repeats a run.
 */
class IoErrorTest {
  private static final int SCALE = Integer.getInteger("cellar.test.scale", 1);
  private static final long SEED = Long.getLong("cellar.faults.seed", System.nanoTime());

  @ParameterizedTest
  @EnumSource(Op.class)
  void errorsAreClearAndLoseNothingAcknowledged(Op op) {
    int rounds = SCALE >= 10 ? 120 : 12;
    long seed = SEED + op.ordinal();
    Map<String, Integer> seen = new TreeMap<>();
    try (FaultMachine m = new FaultMachine(seed)) {
      String where = op + " (seed " + seed + ")";
      m.open(where + ", first open", false, null);
      for (int round = 0; round < rounds; round++) {
        int n = 1 + m.rnd.nextInt(op == Op.WRITE || op == Op.READ ? 120 : 12);
        String at = where + ", round " + round + ", call " + n;
        if (m.rnd.nextInt(4) == 0) {
          // While the store opens.
          m.restart(true);
          m.open(at + " while opening", true, fs -> fs.failNth(op, n), e -> {
            checkClear(e, at + " while opening");
            seen.merge("open", 1, Integer::sum);
          });
          continue;
        }
        m.fs.failNth(op, n);
        EmbeddedStore s = m.store;
        RuntimeException failure = m.runUntilFailure(300);
        if (failure != null) {
          String kind = m.work.lastKind;
          checkClear(failure, at + " (" + kind + ")");
          seen.merge(kind, 1, Integer::sum);
          if (kind.equals("write") || s.isReadOnly()) {
            m.timed(() -> {
              checkReadOnly(s, at + " (" + kind + ")");
              return null;
            });
          }
        }
        m.restart(true);
        m.open(at, true, null);
      }
    }
    System.out.printf("IoErrorTest: %s errors surfaced by %s (seed %d)%n", op, seen, SEED);
  }

  /** A failure reaches the caller as a storage error that says where. */
  static void checkClear(RuntimeException e, String where) {
    if (!(e instanceof StorageException)) {
      throw new AssertionError(where + ": not a StorageException: " + e, e);
    }
    String m = String.valueOf(e.getMessage());
    if (!(m.contains("machine") || m.contains("data/") || m.contains("wal/") || m.contains("MANIFEST"))) {
      throw new AssertionError(where + ": the message names neither the store nor a file: " + m, e);
    }
  }

  /** Writes are refused with a clear error; reads work. */
  static void checkReadOnly(EmbeddedStore s, String where) {
    assertTrue(s.isReadOnly(), where + ": a failed write must leave the store read-only");
    StoreReadOnlyException e = assertThrows(StoreReadOnlyException.class,
        () -> s.table(FaultWorkload.TABLE).put(new Put("k000").addColumn("f", "q0", "x")), where);
    assertTrue(e.getMessage().contains("read-only until it is reopened"), e.getMessage());
    assertThrows(StoreReadOnlyException.class, () -> s.admin().flush(FaultWorkload.TABLE), where);
    try (ResultScanner sc = s.table(FaultWorkload.TABLE).scanner(new Scan())) {
      for (Result r : sc) {
        assertTrue(r.size() > 0);
      }
    } catch (StorageException ex) {
      fail(where + ": reads fail once the store is read-only: " + ex, ex);
    }
  }

  /** A failed log force: the writer gets the error, the store turns read-only, reads work, a reopen restores writes. */
  @Test
  void failedLogSyncMakesTheStoreReadOnlyUntilReopened() {
    FaultyVfs fs = new FaultyVfs("machine");
    EmbeddedStore s = EmbeddedStore.open(StoreOptions.builder(fs).flushOnClose(false).build());
    s.admin().createTable(TableDescriptor.of("t", "f"));
    Table t = s.table("t");
    Put before = new Put("a").addColumn("f", "q", "1");
    before.setDurability(Durability.FSYNC_WAL);
    t.put(before);
    fs.failNth(Op.SYNC, 1);
    Put failing = new Put("b").addColumn("f", "q", "2");
    failing.setDurability(Durability.FSYNC_WAL);
    StorageException e = assertThrows(StorageException.class, () -> t.put(failing));
    assertTrue(e.getMessage().contains("wal/"), e.getMessage());
    assertEquals("1", t.get(new Get("a")).valueAsString("f", "q"));
    assertTrue(t.get(new Get("b")).isEmpty(), "the failed write is not visible");
    checkReadOnly(s, "after a failed sync");
    FaultyVfs after = fs.restartProcess();
    s.close();
    try (EmbeddedStore again = EmbeddedStore.open(StoreOptions.builder(after).flushOnClose(false).build())) {
      Table t2 = again.table("t");
      assertEquals("1", t2.get(new Get("a")).valueAsString("f", "q"));
      t2.put(new Put("c").addColumn("f", "q", "3"));
      assertEquals("3", t2.get(new Get("c")).valueAsString("f", "q"));
    }
  }
}
