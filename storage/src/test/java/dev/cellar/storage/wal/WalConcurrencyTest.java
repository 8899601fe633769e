package dev.cellar.storage.wal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Durability;
import dev.cellar.storage.fs.LocalVfs;
import dev.cellar.storage.fs.MemVfs;
import dev.cellar.storage.fs.Vfs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Many writers at once: every acknowledged edit is replayed exactly once, and syncs are shared. */
class WalConcurrencyTest {
  private static final Logger LOG = LoggerFactory.getLogger(WalConcurrencyTest.class);
  private static final int THREADS = 8;

  @TempDir
  Path dir;

  /**
   * Runs {@code THREADS} writers of {@code perThread} edits each, the way the engine does:
   * append (sequence numbers handed out under one lock, as the engine's), then await.
   *
   * @return the acknowledged edits
   */
  private static List<WalEdit> hammer(Wal wal, int perThread, Durability... modes) throws Exception {
    Object engineLock = new Object();
    long[] nextSeq = {1};
    ConcurrentLinkedQueue<WalEdit> acked = new ConcurrentLinkedQueue<>();
    CyclicBarrier start = new CyclicBarrier(THREADS);
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        Durability mode = modes[t % modes.length];
        Random rnd = new Random(t);
        futures.add(pool.submit(() -> {
          start.await();
          for (int i = 0; i < perThread; i++) {
            WalEdit edit;
            long txid;
            synchronized (engineLock) {
              edit = WalTestUtil.randomEdit(nextSeq[0]++, rnd);
              txid = wal.append(edit);
            }
            wal.await(txid, mode);
            acked.add(edit);
          }
          return null;
        }));
      }
      for (Future<?> f : futures) {
        f.get(2, TimeUnit.MINUTES);
      }
    } finally {
      pool.shutdownNow();
    }
    return new ArrayList<>(acked);
  }

  private static void assertExactlyOnce(List<WalEdit> acked, List<WalEdit> replayed) {
    Map<Long, WalEdit> bySeq = new HashMap<>();
    for (WalEdit e : replayed) {
      WalEdit dup = bySeq.put(e.sequence(), e);
      assertEquals(null, dup, "sequence " + e.sequence() + " replayed twice");
    }
    for (WalEdit e : acked) {
      assertEquals(e, bySeq.get(e.sequence()), "acknowledged edit " + e.sequence());
    }
    assertEquals(acked.size(), replayed.size());
    for (int i = 1; i < replayed.size(); i++) {
      assertTrue(replayed.get(i - 1).sequence() < replayed.get(i).sequence(), "replayed in append order");
    }
  }

  private void concurrentWriters(Vfs vfs, Durability... modes) throws Exception {
    List<WalEdit> acked;
    try (Wal wal = Wal.open(vfs, WalTestUtil.quiet().withSegmentSize(64 << 10))) {
      acked = hammer(wal, 400, modes);
      if (!java.util.Arrays.asList(modes).contains(Durability.ASYNC_WAL)) {
        // ASYNC_WAL records may still be pending here (written within the interval or at close).
        assertEquals(wal.lastTxid(), wal.writtenTxid(), "every awaited record is written");
      }
    }
    List<WalEdit> replayed = new ArrayList<>();
    ReplayResult r = Wal.replay(vfs, replayed::add);
    assertTrue(r.segments().size() > 3, "rolled under load: " + r.segments().size());
    assertExactlyOnce(acked, replayed);
  }

  @Test
  void syncWritersOnDisk() throws Exception {
    concurrentWriters(new LocalVfs(dir), Durability.SYNC_WAL);
  }

  @Test
  void fsyncWritersOnDisk() throws Exception {
    concurrentWriters(new LocalVfs(dir), Durability.FSYNC_WAL);
  }

  @Test
  void mixedWritersInMemory() throws Exception {
    concurrentWriters(new MemVfs(), Durability.SYNC_WAL, Durability.FSYNC_WAL, Durability.ASYNC_WAL);
  }

  @Test
  void fsyncAcknowledgedEditsSurviveAPowerLoss() throws Exception {
    MemVfs vfs = new MemVfs();
    Wal wal = Wal.open(vfs, WalTestUtil.quiet().withSegmentSize(32 << 10));
    List<WalEdit> acked = hammer(wal, 300, Durability.FSYNC_WAL);
    vfs.dropUnsynced();
    assertExactlyOnce(acked, WalTestUtil.replayAll(vfs));
    wal.close();
  }

  /** Throughput of {@code threads} FSYNC writers on a device whose sync takes one millisecond. */
  private static double fsyncRate(int threads, int perThread, FaultyVfs vfs) throws Exception {
    try (Wal wal = Wal.open(vfs, WalTestUtil.quiet())) {
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      Object engineLock = new Object();
      long[] seq = {1};
      CyclicBarrier start = new CyclicBarrier(threads + 1);
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        futures.add(pool.submit(() -> {
          start.await();
          for (int i = 0; i < perThread; i++) {
            long txid;
            synchronized (engineLock) {
              txid = wal.append(WalTestUtil.edit(seq[0]++));
            }
            wal.await(txid, Durability.FSYNC_WAL);
          }
          return null;
        }));
      }
      start.await();
      long t0 = System.nanoTime();
      for (Future<?> f : futures) {
        f.get(2, TimeUnit.MINUTES);
      }
      long nanos = System.nanoTime() - t0;
      pool.shutdownNow();
      return threads * perThread / (nanos / 1e9);
    }
  }

  @Test
  void concurrentFsyncWritersShareSyncs() throws Exception {
    FaultyVfs one = new FaultyVfs(new MemVfs());
    one.syncDelayNanos = TimeUnit.MILLISECONDS.toNanos(1);
    double single = fsyncRate(1, 200, one);
    int singleSyncs = one.syncs.get();

    FaultyVfs eight = new FaultyVfs(new MemVfs());
    eight.syncDelayNanos = TimeUnit.MILLISECONDS.toNanos(1);
    double many = fsyncRate(THREADS, 200, eight);
    int manySyncs = eight.syncs.get();
    LOG.info("FSYNC writers on a 1 ms-sync device: 1 thread {} edits/s with {} syncs; {} threads {} edits/s with "
        + "{} syncs", Math.round(single), singleSyncs, THREADS, Math.round(many), manySyncs);

    assertTrue(singleSyncs >= 200, "a lone writer syncs once per edit: " + singleSyncs);
    // Throughput is measured by the JMH benchmark; here only the sharing of syncs, which does not depend on load.
    assertTrue(manySyncs * 4 < THREADS * 200, "group commit shares syncs: " + manySyncs + " for " + THREADS * 200);
  }
}
