package dev.cellar.storage.wal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Durability;
import dev.cellar.storage.fs.MemVfs;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** ASYNC_WAL: the call returns at once and the background thread, or close, writes the record. */
class WalAsyncTest {
  private static void waitFor(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (!condition.getAsBoolean()) {
      assertTrue(System.nanoTime() < deadline, "timed out waiting for " + what);
      Thread.sleep(5);
    }
  }

  @Test
  void asyncRecordsAreWrittenWithinTheInterval() throws InterruptedException {
    MemVfs vfs = new MemVfs();
    try (Wal wal = Wal.open(vfs, WalOptions.defaults().withAsyncFlushInterval(Duration.ofMillis(20)))) {
      List<WalEdit> written = new ArrayList<>();
      long start = System.nanoTime();
      for (int i = 1; i <= 100; i++) {
        WalEdit e = WalTestUtil.edit(i);
        wal.await(wal.append(e), Durability.ASYNC_WAL);
        written.add(e);
      }
      assertTrue(System.nanoTime() - start < Duration.ofSeconds(5).toNanos());
      waitFor(() -> wal.writtenTxid() == 100, "the background write");
      assertEquals(written, WalTestUtil.replayAll(vfs));
      assertEquals(0, wal.syncedTxid(), "the background write does not force");
    }
  }

  @Test
  void asyncRecordsWaitForTheIntervalOrClose() throws InterruptedException {
    MemVfs vfs = new MemVfs();
    Wal wal = Wal.open(vfs, WalTestUtil.quiet());
    for (int i = 1; i <= 10; i++) {
      wal.await(wal.append(WalTestUtil.edit(i)), Durability.ASYNC_WAL);
    }
    Thread.sleep(100);
    assertEquals(0, wal.writtenTxid());
    assertEquals(List.of(), WalTestUtil.replayAll(vfs));
    wal.close();
    assertEquals(10, wal.syncedTxid(), "close writes and forces pending records");
    assertEquals(10, WalTestUtil.replayAll(vfs).size());
    assertThrows(dev.cellar.storage.StorageException.class, () -> wal.append(WalTestUtil.edit(11)));
  }

  @Test
  void aLargeBacklogIsWrittenWithoutWaitingForTheInterval() throws InterruptedException {
    MemVfs vfs = new MemVfs();
    try (Wal wal = Wal.open(vfs, WalTestUtil.quiet())) {
      long txid = 0;
      int bytes = 0;
      for (int i = 1; bytes < 2 << 20; i++) {
        WalEdit e = WalTestUtil.edit(i);
        bytes += WalEditCodec.encode(e).length;
        txid = wal.append(e);
      }
      long last = txid;
      waitFor(() -> wal.writtenTxid() > 0, "the early background write");
      assertTrue(wal.writtenTxid() <= last);
    }
  }

  @Test
  void aSyncWaitAlsoWritesEarlierAsyncRecords() {
    MemVfs vfs = new MemVfs();
    try (Wal wal = Wal.open(vfs, WalTestUtil.quiet())) {
      for (int i = 1; i <= 5; i++) {
        wal.await(wal.append(WalTestUtil.edit(i)), Durability.ASYNC_WAL);
      }
      wal.await(wal.append(WalTestUtil.edit(6)), Durability.SYNC_WAL);
      assertEquals(6, wal.writtenTxid());
      assertEquals(6, WalTestUtil.replayAll(vfs).size());
    }
  }

  @Test
  void durabilitiesTheLogDoesNotHandleAreRejected() {
    try (Wal wal = Wal.open(new MemVfs(), WalTestUtil.quiet())) {
      long txid = wal.append(WalTestUtil.edit(1));
      assertThrows(IllegalArgumentException.class, () -> wal.await(txid, Durability.USE_DEFAULT));
      assertThrows(IllegalArgumentException.class, () -> wal.await(txid, Durability.SKIP_WAL));
      assertThrows(IllegalArgumentException.class, () -> wal.await(txid + 1, Durability.SYNC_WAL));
      assertThrows(IllegalArgumentException.class, () -> wal.await(0, Durability.SYNC_WAL));
    }
  }
}
