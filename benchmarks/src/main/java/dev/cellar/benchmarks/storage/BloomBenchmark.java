package dev.cellar.benchmarks.storage;

import dev.cellar.storage.BloomType;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Durability;
import dev.cellar.storage.Get;
import dev.cellar.storage.Result;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.embedded.StoreOptions;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
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
 * Gets of rows that do not exist ({@code Table.get} of a whole row) against a family of
 * {@code files} store files holding {@code rows} rows between them, with the family's
 * BLOOMFILTER set to ROW or NONE. The store has no block cache, so every data block a get
 * touches is read from its file and checked; each trial prints the data blocks read per get
 * (from {@link EmbeddedStore#dataBlocksRead()}). Scores are gets per second, single-threaded.
 *
 * <p>Rows and probes are {@link BenchData#row}: the probes are the rows numbered after the
 * loaded ones, so they are spread over the same key range and never present. Compaction is
 * off, so the files stay as flushed.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", BenchData.QUIET_LOG})
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 5)
public class BloomBenchmark {

  /** The loaded store and the probe sequence. */
  @State(Scope.Benchmark)
  public static class Loaded {
    @Param({"ROW", "NONE"})
    public String bloom;

    @Param({"1000000"})
    public int rows;

    @Param({"8"})
    public int files;

    Path dir;
    EmbeddedStore store;
    Table table;
    byte[][] probes;
    final LongAdder gets = new LongAdder();
    long blocksAtStart;

    @Setup(Level.Trial)
    public void setup() {
      dir = BenchData.tempDir("cellar-bloom-");
      store = EmbeddedStore.open(StoreOptions.builder(dir)
          .flushSize(4L << 30)
          .flushOnClose(false)
          .defaultDurability(Durability.SKIP_WAL)
          .blockCacheSize(0)
          .compactionThreshold(1000)
          .majorCompactionPeriodMs(0)
          .build());
      store.admin().createTable(TableDescriptor.newBuilder(BenchData.TABLE)
          .family(ColumnFamilyDescriptor.newBuilder("f").bloomType(BloomType.parse(bloom)).build())
          .build());
      table = store.table(BenchData.TABLE);
      byte[][] all = BenchData.rows(rows);
      int per = (rows + files - 1) / files;
      for (int from = 0; from < rows; from += per) {
        BenchData.load(table, Arrays.copyOfRange(all, from, Math.min(rows, from + per)));
        store.admin().flush(BenchData.TABLE);
      }
      probes = new byte[rows][];
      for (int i = 0; i < rows; i++) {
        probes[i] = BenchData.row((long) rows + i);
      }
      for (int i = 0; i < 1000; i++) {
        if (!table.get(new Get(probes[i])).isEmpty()) {
          throw new IllegalStateException("probe " + i + " is present");
        }
        if (table.get(new Get(all[i * (rows / 1000)])).size() != BenchData.CELLS_PER_ROW) {
          throw new IllegalStateException("row " + i * (rows / 1000) + " is missing");
        }
      }
      System.out.printf("%n[bloom %s] %,d rows in %d store files, %,d bytes on disk%n", bloom, rows,
          store.admin().regions(BenchData.TABLE).get(0).storeFiles(), BenchData.directorySize(dir));
      blocksAtStart = store.dataBlocksRead();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      long blocks = store.dataBlocksRead() - blocksAtStart;
      long n = gets.sum();
      System.out.printf("%n[bloom %s] %,d absent-row gets read %,d data blocks: %.4f blocks per get%n", bloom, n, blocks,
          n == 0 ? 0.0 : (double) blocks / n);
      store.close();
      BenchData.deleteTree(dir);
    }
  }

  /** The probing thread's position in the probe sequence. */
  @State(Scope.Thread)
  public static class Cursor {
    int next;

    byte[] next(Loaded s) {
      int i = next;
      next = i + 1 == s.probes.length ? 0 : i + 1;
      return s.probes[i];
    }
  }

  @Benchmark
  public Result absentRowGet(Loaded s, Cursor c) {
    s.gets.increment();
    return s.table.get(new Get(c.next(s)));
  }
}
