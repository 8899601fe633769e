package dev.cellar.benchmarks.storage;

import dev.cellar.storage.Durability;
import dev.cellar.storage.Table;
import dev.cellar.storage.embedded.EmbeddedStore;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Logged puts (one row, three 32-byte cells) with {@link Durability#FSYNC_WAL} and
 * {@link Durability#SYNC_WAL}, from one thread and from eight threads sharing one store, so
 * that the log's group commit shows: eight FSYNC writers should share forces. The ceiling is a
 * bare loop of {@link FileChannel#write} of one record-sized buffer plus
 * {@link FileChannel#force force(false)} on one file in the same kind of directory. Scores are
 * puts (or forces) per second, summed over the threads.
 *
 * <p>Each iteration gets a new store in a new directory (flush size 2 GiB: nothing flushes) and
 * prints its puts, log bytes per put and puts per write system call (the average commit group).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", BenchData.QUIET_LOG})
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 5)
public class SyncedWriteBenchmark {
  /** Bytes the ceiling writes per force: the size of one put's log record (212 bytes, measured). */
  public static final int RECORD_BYTES = 212;

  private static final AtomicLong THREADS = new AtomicLong();

  /** One store shared by the writer threads, new each iteration. */
  @State(Scope.Benchmark)
  public static class Engine {
    Path dir;
    EmbeddedStore store;
    Table table;
    final LongAdder puts = new LongAdder();
    long writeCallsAtStart;

    @Setup(Level.Iteration)
    public void open() {
      dir = BenchData.tempDir("cellar-sync-");
      store = BenchData.openStore(dir, 2L << 30);
      table = store.table(BenchData.TABLE);
      puts.reset();
      writeCallsAtStart = writeCalls();
    }

    @TearDown(Level.Iteration)
    public void close() {
      long n = puts.sum();
      long calls = writeCalls() - writeCallsAtStart;
      long walBytes = BenchData.directorySize(dir.resolve("wal"));
      store.close();
      if (n > 0) {
        System.out.printf(" [%,d puts, %.0f log bytes/put, %.2f puts per write call]", n, (double) walBytes / n,
            writeCallsAtStart < 0 ? Double.NaN : (double) n / calls);
      }
      BenchData.deleteTree(dir);
    }
  }

  /** A writer thread's own row numbers. */
  @State(Scope.Thread)
  public static class Writer {
    long base;
    long next;

    @Setup(Level.Trial)
    public void setup() {
      base = THREADS.incrementAndGet() << 40;
    }

    byte[] nextRow() {
      return BenchData.row(base | next++);
    }
  }

  /**
   * Write system calls made by this JVM so far ({@code syscw} of {@code /proc/self/io}), or -1
   * where that file does not exist. The log writes each commit group with one call, so puts
   * per call is the average group size: how many puts share one write (and, for FSYNC_WAL,
   * one force).
   */
  static long writeCalls() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/io"))) {
        if (line.startsWith("syscw:")) {
          return Long.parseLong(line.substring(6).trim());
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux
    }
    return -1;
  }

  private static void put(Engine e, Writer w, Durability d) {
    e.table.put(BenchData.put(w.nextRow(), d));
    e.puts.increment();
  }

  @Benchmark
  @Threads(1)
  public void fsyncPut1Thread(Engine e, Writer w) {
    put(e, w, Durability.FSYNC_WAL);
  }

  @Benchmark
  @Threads(8)
  public void fsyncPut8Threads(Engine e, Writer w) {
    put(e, w, Durability.FSYNC_WAL);
  }

  @Benchmark
  @Threads(1)
  public void syncPut1Thread(Engine e, Writer w) {
    put(e, w, Durability.SYNC_WAL);
  }

  @Benchmark
  @Threads(8)
  public void syncPut8Threads(Engine e, Writer w) {
    put(e, w, Durability.SYNC_WAL);
  }

  /** The ceiling's file, in a directory made like the stores'. */
  @State(Scope.Benchmark)
  public static class BareFile {
    Path dir;
    FileChannel channel;
    ByteBuffer record;

    @Setup(Level.Trial)
    public void open() throws IOException {
      dir = BenchData.tempDir("cellar-fsync-");
      channel = FileChannel.open(dir.resolve("log"), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
          StandardOpenOption.APPEND);
      record = ByteBuffer.allocateDirect(RECORD_BYTES);
      for (int i = 0; i < RECORD_BYTES; i++) {
        record.put(i, (byte) BenchData.mix(i));
      }
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
      channel.close();
      BenchData.deleteTree(dir);
    }
  }

  /** Ceiling: append one record and force it, in a loop, one thread. */
  @Benchmark
  @Threads(1)
  public long ceilingWriteForce(BareFile f) throws IOException {
    f.record.clear();
    int n = f.channel.write(f.record);
    f.channel.force(false);
    return n;
  }
}
