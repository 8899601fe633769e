package dev.cellar.storage.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.StorageException;
import dev.cellar.storage.StorageTimeoutException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import org.apache.hadoop.hbase.client.RetriesExhaustedException;
import org.apache.hadoop.hbase.ipc.CallTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The client's exceptions as the storage API raises them; no cluster needed. */
class HBaseErrorsTest {
  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  @Test
  void aScanThatGotNoAnswerIsATimeoutNotAnInterrupt() {
    // what the client raised when a region server did not answer a scan call
    SocketTimeoutException timeout = new SocketTimeoutException("callTimeout=60000, callDuration=60112: Call to "
        + "address=localhost:34059 failed on local exception: CallTimeoutException: Call[id=181690,methodName=Scan], "
        + "waitTime=60009ms, rpcTimeout=60000ms row 'u0001250' on table 'bench:SALE'");
    RuntimeException e = HBaseErrors.translate(new RetriesExhaustedException("Failed after attempts=16, exceptions:",
        timeout), "SALE", "scan");
    assertInstanceOf(StorageTimeoutException.class, e);
    assertTrue(e.getMessage().startsWith("HBase did not answer in time: cannot scan table 'SALE' (no answer within "
        + "60000 ms)"), e.getMessage());
    assertFalse(e.getMessage().contains("Exception"), e.getMessage());
    assertFalse(Thread.currentThread().isInterrupted(), "nothing interrupted the caller");

    RuntimeException call = HBaseErrors.translate(new CallTimeoutException("Call[id=1,methodName=Get], waitTime=5001ms"),
        "T", "get");
    assertInstanceOf(StorageTimeoutException.class, call);
    assertTrue(call.getMessage().startsWith("HBase did not answer in time: cannot get table 'T';"), call.getMessage());
  }

  @Test
  void anInterruptStaysAnInterrupt() {
    RuntimeException e = HBaseErrors.translate(new InterruptedIOException("Interrupted while waiting"), "T", "scan");
    assertEquals(StorageException.class, e.getClass());
    assertEquals("interrupted while scan table 'T'", e.getMessage());
    assertTrue(Thread.currentThread().isInterrupted(), "the interrupt is kept for the caller");
  }
}
