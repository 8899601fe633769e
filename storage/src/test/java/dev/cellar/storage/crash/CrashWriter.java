package dev.cellar.storage.crash;

import dev.cellar.storage.Table;
import dev.cellar.storage.embedded.EmbeddedStore;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The process {@link CrashRecoveryTest} kills: opens the store, then writes from several
 * threads until it is killed, reporting each operation on stdout.
 *
 * <p>Protocol, one line each, every line flushed on its own:
 * <ul>
 *   <li>{@code READY} once the store is open;</li>
 *   <li>{@code S <op>} just before an operation is handed to the table ({@link CrashWorkload.OpSpec#encode});</li>
 *   <li>{@code A <thread> <opId>} once the call has returned (the write is acknowledged);</li>
 *   <li>{@code DONE} once every thread has made its quota of operations (the process then idles);</li>
 *   <li>{@code E <thread> <message>} if a call failed (the process then exits with status 3).</li>
 * </ul>
 *
 * <p>Arguments: {@code <dir> <seed> <firstOpId> <threads> <sync|mixed|fsync> <opsPerThread>
 * <opsPerSecondPerThread> <majorCompactionPeriodMs>}. Each thread paces itself to that rate
 * (catching up in bursts when it falls behind), so that a kill after a random delay usually
 * finds it writing; a non-zero period runs major compactions that often.
 */
public final class CrashWriter {
  private static final Object OUT_LOCK = new Object();
  private static OutputStream out;

  private CrashWriter() {}

  /** Writes one line in one write call, so that a kill never leaves a torn line mid-stream. */
  static void line(String s) {
    byte[] b = (s + "\n").getBytes(StandardCharsets.UTF_8);
    synchronized (OUT_LOCK) {
      try {
        out.write(b);
        out.flush();
      } catch (IOException e) {
        Runtime.getRuntime().halt(4);
      }
    }
  }

  public static void main(String[] args) throws Exception {
    out = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16);
    Path dir = Path.of(args[0]);
    long seed = Long.parseLong(args[1]);
    AtomicLong nextOpId = new AtomicLong(Long.parseLong(args[2]));
    int threads = Integer.parseInt(args[3]);
    String mode = args[4];
    int opsPerThread = Integer.parseInt(args[5]);
    long intervalNanos = 1_000_000_000L / Integer.parseInt(args[6]);
    long majorCompactionPeriodMs = Long.parseLong(args[7]);

    EmbeddedStore store = EmbeddedStore.open(CrashWorkload.options(dir)
        .majorCompactionPeriodMs(majorCompactionPeriodMs).build());
    Table table = store.table(CrashWorkload.TABLE);
    line("READY");
    Thread[] ts = new Thread[threads];
    for (int i = 0; i < threads; i++) {
      int thread = i;
      ts[i] = new Thread(() -> {
        CrashWorkload.Generator gen = new CrashWorkload.Generator(seed, thread, mode);
        long start = System.nanoTime();
        for (int n = 0; n < opsPerThread; n++) {
          long wait = start + n * intervalNanos - System.nanoTime();
          if (wait > 0) {
            LockSupport.parkNanos(wait);
          }
          CrashWorkload.OpSpec op = gen.next(nextOpId.getAndIncrement());
          line("S " + op.encode());
          try {
            op.apply(table);
          } catch (Throwable e) {
            StringWriter sw = new StringWriter();
            e.printStackTrace(new PrintWriter(sw));
            System.err.println("operation " + op.opId() + " failed: " + sw);
            System.err.flush();
            line("E " + thread + " " + String.valueOf(e).replace('\n', ' '));
            Runtime.getRuntime().halt(3);
          }
          line("A " + thread + " " + op.opId());
        }
      }, "crash-writer-" + i);
      ts[i].start();
    }
    for (Thread t : ts) {
      t.join();
    }
    line("DONE");
    // Wait to be killed: the test decides when the process dies.
    Thread.sleep(Long.MAX_VALUE);
  }
}
