package dev.cellar.benchmarks.storage;

import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.Durability;
import dev.cellar.storage.Table;
import dev.cellar.storage.embedded.EmbeddedStore;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Single-threaded puts of one row with three 32-byte cells (16-byte random row, one family),
 * against the ceiling of inserting the same cells into a bare {@link ConcurrentSkipListMap}
 * ordered by {@link CellComparator#WITH_SEQUENCE} (the structure the memstore is built on).
 *
 * <p>Each invocation writes {@value #ROWS} fresh rows into an empty structure: a new store in a
 * new directory for the engine (opened and closed outside the timed region, flush size 1 GiB so
 * nothing flushes), a new map for the ceiling. Both therefore insert the same keys, in the same
 * order, into a structure of the same size. Scores are puts (rows) per second.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", BenchData.QUIET_LOG})
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 5)
public class PutBenchmark {
  /** Rows written per invocation. */
  public static final int ROWS = 100_000;

  /** The keys, shared by every benchmark of this class: random order in key space. */
  @State(Scope.Thread)
  public static class Keys {
    byte[][] rows;

    @Setup(Level.Trial)
    public void setup() {
      rows = BenchData.rows(ROWS);
    }
  }

  /** A new, empty store per invocation. */
  @State(Scope.Thread)
  public static class Engine {
    Path dir;
    EmbeddedStore store;
    Table table;

    @Setup(Level.Invocation)
    public void open() {
      dir = BenchData.tempDir("cellar-put-");
      store = BenchData.openStore(dir, 1L << 30);
      table = store.table(BenchData.TABLE);
    }

    @TearDown(Level.Invocation)
    public void close() {
      store.close();
      BenchData.deleteTree(dir);
    }
  }

  private static int putAll(Engine e, Keys k, Durability d) {
    Table t = e.table;
    for (byte[] row : k.rows) {
      t.put(BenchData.put(row, d));
    }
    return k.rows.length;
  }

  @Benchmark
  @OperationsPerInvocation(ROWS)
  public int putSkipWal(Engine e, Keys k) {
    return putAll(e, k, Durability.SKIP_WAL);
  }

  @Benchmark
  @OperationsPerInvocation(ROWS)
  public int putAsyncWal(Engine e, Keys k) {
    return putAll(e, k, Durability.ASYNC_WAL);
  }

  @Benchmark
  @OperationsPerInvocation(ROWS)
  public int putSyncWal(Engine e, Keys k) {
    return putAll(e, k, Durability.SYNC_WAL);
  }

  /**
   * Ceiling: the same three cells per row (concrete timestamp and sequence number, as the
   * engine stores them) put into a fresh skip-list map with the engine's comparator.
   */
  @Benchmark
  @OperationsPerInvocation(ROWS)
  public ConcurrentSkipListMap<Cell, Cell> ceilingSkipListInsert(Keys k) {
    ConcurrentSkipListMap<Cell, Cell> map = new ConcurrentSkipListMap<>(CellComparator.WITH_SEQUENCE);
    long seq = 0;
    for (byte[] row : k.rows) {
      long ts = System.currentTimeMillis();
      seq++;
      for (int q = 0; q < BenchData.CELLS_PER_ROW; q++) {
        Cell c = BenchData.cell(row, q, ts, seq);
        map.put(c, c);
      }
    }
    return map;
  }
}
