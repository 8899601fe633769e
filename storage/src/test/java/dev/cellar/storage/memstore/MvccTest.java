package dev.cellar.storage.memstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class MvccTest {
  @Test
  void readPointWaitsForEarlierWrites() throws Exception {
    Mvcc mvcc = new Mvcc(10);
    assertEquals(10, mvcc.readPoint());
    Mvcc.WriteEntry a = mvcc.begin();
    Mvcc.WriteEntry b = mvcc.begin();
    assertEquals(11, a.sequence());
    assertEquals(12, b.sequence());
    CountDownLatch bDone = new CountDownLatch(1);
    Thread t = new Thread(() -> {
      mvcc.completeAndWait(b);
      bDone.countDown();
    });
    t.start();
    // b completed first but cannot become visible before a.
    assertTrue(!bDone.await(100, TimeUnit.MILLISECONDS));
    assertEquals(10, mvcc.readPoint());
    mvcc.completeAndWait(a);
    assertTrue(bDone.await(5, TimeUnit.SECONDS));
    assertEquals(12, mvcc.readPoint());
    assertEquals(12, mvcc.lastSequence());
    t.join();
  }
}
