package dev.cellar.benchmarks.storage;

import dev.cellar.storage.Durability;
import dev.cellar.storage.Get;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.embedded.StoreOptions;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Warm point-get latency as the data grows: {@code megabytes} of rows (the rows of
 * {@link GetBenchmark}, about 130 bytes of cells each) are loaded into an on-disk store with
 * the default flush size (so flushes and compactions run as in real use), major-compacted,
 * and read once by a full scan so that the block cache (sized to hold everything) is warm.
 * The score is the average time of a random whole-row get. The issue asks that the 1 GB
 * figure stay within 1.5× of the 100 MB one.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms8g", "-Xmx8g", BenchData.QUIET_LOG})
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 5)
public class LoadScaleGetBenchmark {
  /** Cell bytes per row, roughly: row, three qualifiers and three 32-byte values. */
  static final int ROW_BYTES = 130;

  @State(Scope.Benchmark)
  public static class Loaded {
    @Param({"100", "1000"})
    public int megabytes;

    Path dir;
    EmbeddedStore store;
    Table table;
    byte[][] probes;
    int next;

    @Setup(Level.Trial)
    public void setup() {
      int rows = (int) ((long) megabytes * 1_000_000 / ROW_BYTES);
      dir = BenchData.tempDir("cellar-scale-");
      store = EmbeddedStore.open(StoreOptions.builder(dir)
          .defaultDurability(Durability.SKIP_WAL)
          .blockCacheSize(3L << 30)
          .build());
      store.admin().createTable(TableDescriptor.of(BenchData.TABLE, "f"));
      table = store.table(BenchData.TABLE);
      long t0 = System.nanoTime();
      int chunk = 100_000;
      for (int from = 0; from < rows; from += chunk) {
        byte[][] keys = new byte[Math.min(chunk, rows - from)][];
        for (int i = 0; i < keys.length; i++) {
          keys[i] = BenchData.row(from + i);
        }
        BenchData.load(table, keys);
      }
      store.admin().majorCompact(BenchData.TABLE);
      long cells = 0;
      try (ResultScanner s = table.scanner(new Scan())) {
        for (Result r : s) {
          cells += r.size();
        }
      }
      System.out.printf("%n[scale] %,d MB: %,d rows, %,d cells, %,d bytes on disk, loaded in %.1f s, %d regions%n",
          megabytes, rows, cells, BenchData.directorySize(dir), (System.nanoTime() - t0) / 1e9,
          store.admin().regions(BenchData.TABLE).size());
      probes = new byte[1 << 20][];
      java.util.Random rnd = new java.util.Random(42);
      for (int i = 0; i < probes.length; i++) {
        probes[i] = BenchData.row(rnd.nextInt(rows));
      }
    }

    byte[] nextProbe() {
      byte[] p = probes[next];
      next = (next + 1) & (probes.length - 1);
      return p;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      System.out.printf("%n[scale] %,d MB: block cache %s; data blocks read from files %,d%n", megabytes,
          store.blockCache().stats(), store.dataBlocksRead());
      store.close();
      BenchData.deleteTree(dir);
    }
  }

  @Benchmark
  public Result warmGet(Loaded s) {
    return s.table.get(new Get(s.nextProbe()));
  }
}
