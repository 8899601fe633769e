package dev.cellar.storage.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Durability;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.StorageException;
import dev.cellar.storage.StoreReadOnlyException;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.embedded.StoreOptions;
import dev.cellar.storage.fs.CrashPoint;
import dev.cellar.storage.fs.FaultyVfs;
import dev.cellar.storage.fs.FaultyVfs.Op;
import dev.cellar.storage.fs.ForwardingVfs;
import dev.cellar.storage.fs.Vfs;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Two flushes of one region, the first failing while the second waits for it: the second must
 * not record a flushed sequence past the first one's edits, which are only in the log. Found by
 * {@link IoErrorTest}, where a background flush failed to create its file while the workload's
 * own flush waited, and the reopened store had lost the background flush's rows.
 */
class FlushRaceTest {
  private static EmbeddedStore open(Vfs fs) {
    return EmbeddedStore.open(StoreOptions.builder(fs).flushOnClose(false).build());
  }

  @Test
  void aFlushAfterAFailedOneLosesNothing() throws Exception {
    FaultyVfs disk = new FaultyVfs("machine");
    HookedVfs fs = new HookedVfs(disk);
    EmbeddedStore s = open(fs);
    s.admin().createTable(TableDescriptor.of("t", "f"));
    Table t = s.table("t");
    Put first = new Put("r1").addColumn("f", "q", "v1");
    first.setDurability(Durability.SYNC_WAL);
    t.put(first);

    AtomicReference<CompletableFuture<Void>> second = new AtomicReference<>();
    fs.onFlushFrozen = () -> {
      // The first flush has frozen r1. A second flush starts and waits for the region;
      // a write lands in the new memstore; then the first flush's file cannot be created.
      Thread[] waiter = new Thread[1];
      second.set(CompletableFuture.runAsync(() -> {
        waiter[0] = Thread.currentThread();
        s.admin().flush("t");
      }));
      awaitBlocked(waiter);
      Put later = new Put("r2").addColumn("f", "q", "v2");
      later.setDurability(Durability.SYNC_WAL);
      t.put(later);
      disk.failNth(Op.CREATE, 1);
    };
    StorageException failed = assertThrows(StorageException.class, () -> s.admin().flush("t"));
    assertTrue(failed.getMessage().contains("data/"), failed.getMessage());
    Throwable secondFailure = assertThrows(Exception.class, () -> second.get().get(30, TimeUnit.SECONDS)).getCause();
    assertInstanceOf(StoreReadOnlyException.class, secondFailure,
        "the waiting flush is refused once the store has failed: " + secondFailure);
    assertTrue(s.isReadOnly());
    assertEquals("v1", t.get(new Get("r1")).valueAsString("f", "q"), "reads are still served");

    FaultyVfs after = disk.restartProcess();
    s.close();
    try (EmbeddedStore again = open(after)) {
      Table t2 = again.table("t");
      assertEquals("v1", t2.get(new Get("r1")).valueAsString("f", "q"));
      assertEquals("v2", t2.get(new Get("r2")).valueAsString("f", "q"));
    }
  }

  private static void awaitBlocked(Thread[] waiter) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (waiter[0] == null || waiter[0].getState() != Thread.State.BLOCKED) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the second flush never waited for the first");
      }
      Thread.onSpinWait();
    }
  }

  /** A file system that runs a hook, once, when a flush has frozen its memstores. */
  private static final class HookedVfs extends ForwardingVfs {
    volatile Runnable onFlushFrozen;

    HookedVfs(Vfs disk) {
      super(disk);
    }

    @Override
    public void reached(CrashPoint point) {
      Runnable hook = onFlushFrozen;
      if (point == CrashPoint.FLUSH_FROZEN && hook != null) {
        onFlushFrozen = null;
        hook.run();
      }
      super.reached(point);
    }
  }
}
