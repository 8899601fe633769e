package dev.cellar.sql.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class TimestampsTest {
  @Test
  void deletesNeverHideLaterPuts() {
    AtomicLong clock = new AtomicLong(1000);
    Timestamps ts = new Timestamps(clock::get);
    Timestamps.Stamp put = ts.next(false);
    assertEquals(1000, put.putTs());
    Timestamps.Stamp del = ts.next(true);
    assertTrue(del.deleteTs() >= put.putTs(), "a delete hides earlier puts");
    assertEquals(del.deleteTs() + 1, del.putTs());
    Timestamps.Stamp again = ts.next(false);
    assertTrue(again.putTs() > del.deleteTs(), "a later put survives the delete");
    Timestamps.Stamp del2 = ts.next(true);
    assertTrue(del2.deleteTs() > del.deleteTs());
    assertTrue(del2.deleteTs() >= again.putTs());
    // the clock catches up: stamps follow it again
    clock.set(5000);
    assertEquals(5000, ts.next(false).putTs());
    assertEquals(5000, ts.next(true).deleteTs());
    // a clock that goes back does not make puts older than earlier ones
    clock.set(10);
    assertTrue(ts.next(false).putTs() >= 5001);
  }

  @Test
  void aReopenedDatabaseStampsAboveWhatItsStoreHolds() {
    // an earlier process ran ahead of the clock (many deleting statements a millisecond) and
    // wrote puts at 9000; after a restart the clock says 1000
    AtomicLong clock = new AtomicLong(1000);
    Timestamps ts = new Timestamps(clock::get, 9000);
    Timestamps.Stamp del = ts.next(true);
    assertTrue(del.deleteTs() >= 9000, "a delete hides the puts the earlier process stamped: " + del);
    assertTrue(ts.next(false).putTs() > del.deleteTs(), "a later put survives the delete");
    // an empty store gives no floor
    assertEquals(1000, new Timestamps(clock::get, Long.MIN_VALUE).next(false).putTs());
  }
}
