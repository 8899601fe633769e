package dev.cellar.sql.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;

class PieceRunnerTest {
  /**
   * Pieces that block until work they hand to the common fork-join pool is done (as an HBase
   * scan waits for a region server in the same JVM, which gathers file statistics with a
   * parallel stream) still finish: no piece holds a thread of that pool. With helpers on the
   * common pool, every one of its threads waits and the handed work never runs.
   */
  @Test
  void piecesBlockedOnTheCommonPoolsWorkDoNotHoldItsThreads() {
    int n = 2 * (ForkJoinPool.getCommonPoolParallelism() + PieceRunner.helpers()) + 2;
    Set<Thread> threads = ConcurrentHashMap.newKeySet();
    AtomicInteger late = new AtomicInteger();
    PieceRunner.run(n, i -> {
      threads.add(Thread.currentThread());
      CountDownLatch ran = new CountDownLatch(1);
      ForkJoinPool.commonPool().execute(ran::countDown);
      try {
        // a plain wait, as a blocked RPC's: the pool does not make up for the waiting thread
        if (!ran.await(5, TimeUnit.SECONDS)) {
          late.incrementAndGet();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, () -> "testing");
    assertEquals(0, late.get(), "pieces whose common-pool work did not run within 5 s");
    assertTrue(threads.stream().noneMatch(t -> t instanceof ForkJoinWorkerThread), threads::toString);
  }

  @Test
  void everyPieceRunsOnceOnTheCallerAndHelpers() {
    int n = 64;
    AtomicLongArray runs = new AtomicLongArray(n);
    Set<String> names = ConcurrentHashMap.newKeySet();
    PieceRunner.run(n, i -> {
      runs.incrementAndGet(i);
      names.add(Thread.currentThread().getName());
      try {
        Thread.sleep(2);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, () -> "testing");
    for (int i = 0; i < n; i++) {
      assertEquals(1, runs.get(i), "piece " + i);
    }
    assertTrue(names.contains(Thread.currentThread().getName()), "the caller runs pieces: " + names);
    assertTrue(names.stream().anyMatch(s -> s.startsWith("cellar-pieces-")), "helpers run pieces: " + names);
  }

  @Test
  void theFirstFailureIsThrownAndStopsTheTaking() {
    IllegalStateException boom = new IllegalStateException("piece 3 failed");
    AtomicInteger ran = new AtomicInteger();
    IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> PieceRunner.run(1000, i -> {
      ran.incrementAndGet();
      if (i == 3) {
        throw boom;
      }
      try {
        Thread.sleep(1);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, () -> "testing"));
    assertSame(boom, thrown);
    assertFalse(ran.get() > 100, "pieces taken after the failure: " + ran.get());
  }
}
