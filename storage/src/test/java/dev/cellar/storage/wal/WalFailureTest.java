package dev.cellar.storage.wal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Durability;
import dev.cellar.storage.StorageException;
import dev.cellar.storage.fs.MemVfs;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** An I/O error fails the waiters it affects and the log for good; what was acknowledged stays. */
class WalFailureTest {
  @Test
  void aFailedWriteFailsTheWaiterAndEveryLaterAppend() {
    MemVfs mem = new MemVfs();
    FaultyVfs vfs = new FaultyVfs(mem);
    Wal wal = Wal.open(vfs, WalTestUtil.quiet());
    wal.await(wal.append(WalTestUtil.edit(1)), Durability.SYNC_WAL);
    vfs.failWrites = true;
    long txid = wal.append(WalTestUtil.edit(2));
    StorageException e = assertThrows(StorageException.class, () -> wal.await(txid, Durability.SYNC_WAL));
    assertTrue(e.getCause() instanceof StorageException, "carries the failure");
    assertTrue(wal.isFailed());
    vfs.failWrites = false;
    assertThrows(StorageException.class, () -> wal.append(WalTestUtil.edit(3)));
    assertThrows(StorageException.class, () -> wal.await(txid, Durability.FSYNC_WAL));
    assertThrows(StorageException.class, wal::roll);
    wal.close(); // the failure was reported to the writer; close only releases the file
    // The half-written record is a torn tail; the acknowledged edit survives.
    ReplayResult r = Wal.replay(mem, x -> { });
    assertTrue(r.tornTail());
    assertEquals(List.of(WalTestUtil.edit(1)), WalTestUtil.replayAll(mem));
  }

  @Test
  void aFailedSyncFailsFsyncWaitersButNotWhatWasAlreadyWritten() {
    FaultyVfs vfs = new FaultyVfs(new MemVfs());
    Wal wal = Wal.open(vfs, WalTestUtil.quiet());
    vfs.failSyncs = true;
    long a = wal.append(WalTestUtil.edit(1));
    wal.await(a, Durability.SYNC_WAL);
    assertThrows(StorageException.class, () -> wal.await(a, Durability.FSYNC_WAL));
    wal.await(a, Durability.SYNC_WAL);
    assertThrows(StorageException.class, () -> wal.append(WalTestUtil.edit(2)));
    wal.close();
  }

  @Test
  void everyConcurrentWaiterOfAFailedGroupFails() throws Exception {
    FaultyVfs vfs = new FaultyVfs(new MemVfs());
    vfs.syncDelayNanos = TimeUnit.MILLISECONDS.toNanos(2);
    Wal wal = Wal.open(vfs, WalTestUtil.quiet());
    wal.await(wal.append(WalTestUtil.edit(0)), Durability.FSYNC_WAL);
    vfs.failSyncs = true;
    int threads = 8;
    CyclicBarrier start = new CyclicBarrier(threads);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<Future<String>> results = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      long seq = t + 1;
      results.add(pool.submit(() -> {
        start.await();
        try {
          long txid = wal.append(WalTestUtil.edit(seq));
          wal.await(txid, Durability.FSYNC_WAL);
          return "acknowledged";
        } catch (StorageException e) {
          return "failed";
        }
      }));
    }
    for (Future<String> f : results) {
      assertEquals("failed", f.get(1, TimeUnit.MINUTES));
    }
    pool.shutdownNow();
    assertTrue(wal.isFailed());
    wal.close();
  }

  @Test
  void aFailedRollFailsTheLog() {
    FaultyVfs vfs = new FaultyVfs(new MemVfs());
    Wal wal = Wal.open(vfs, WalTestUtil.quiet());
    wal.await(wal.append(WalTestUtil.edit(1)), Durability.SYNC_WAL);
    vfs.failCreates = true;
    assertThrows(StorageException.class, wal::roll);
    assertTrue(wal.isFailed());
    assertThrows(StorageException.class, () -> wal.append(WalTestUtil.edit(2)));
    wal.close();
  }

  @Test
  void aFailedBackgroundWriteFailsTheLog() throws InterruptedException {
    FaultyVfs vfs = new FaultyVfs(new MemVfs());
    Wal wal = Wal.open(vfs, WalOptions.defaults().withAsyncFlushInterval(Duration.ofMillis(10)));
    vfs.failWrites = true;
    long txid = wal.append(WalTestUtil.edit(1));
    wal.await(txid, Durability.ASYNC_WAL);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!wal.isFailed()) {
      assertTrue(System.nanoTime() < deadline, "background write never failed");
      Thread.sleep(5);
    }
    assertThrows(StorageException.class, () -> wal.await(txid, Durability.ASYNC_WAL));
    assertThrows(StorageException.class, () -> wal.append(WalTestUtil.edit(2)));
    wal.close();
  }

  @Test
  void aCloseThatCannotWritePendingRecordsSaysSo() {
    FaultyVfs vfs = new FaultyVfs(new MemVfs());
    Wal wal = Wal.open(vfs, WalTestUtil.quiet());
    wal.await(wal.append(WalTestUtil.edit(1)), Durability.ASYNC_WAL);
    vfs.failWrites = true;
    StorageException e = assertThrows(StorageException.class, wal::close);
    assertTrue(e.getMessage().contains("1 records unwritten"), e.getMessage());
    assertTrue(wal.isFailed());
    wal.close(); // idempotent
  }

  @Test
  void openFailsCleanlyWhenTheFirstSegmentCannotBeCreated() {
    FaultyVfs vfs = new FaultyVfs(new MemVfs());
    vfs.failCreates = true;
    assertThrows(StorageException.class, () -> Wal.open(vfs, WalTestUtil.quiet()));
  }
}
