package dev.cellar.benchmarks.storage;

import dev.cellar.storage.Cell;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import dev.cellar.storage.embedded.EmbeddedStore;
import java.nio.file.Path;
import java.util.Arrays;
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
 * Warm full-table scans over flushed data: {@value #ROWS} rows of three 32-byte cells, in one
 * store file, read with a {@link ResultScanner}; against the ceiling of a plain loop that sums
 * every byte of the same cells' arrays (row, family, qualifier, value), each cell holding its own
 * copies as a scanner's output would. One invocation reads the whole table; scores are cells per
 * second (single-threaded, so per core).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", BenchData.QUIET_LOG})
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 5)
public class ScanBenchmark {
  public static final int ROWS = 500_000;
  public static final int CELLS = ROWS * 3;

  /** A store whose table is loaded and flushed into one store file. */
  @State(Scope.Benchmark)
  public static class Flushed {
    Path dir;
    EmbeddedStore store;
    Table table;

    @Setup(Level.Trial)
    public void setup() {
      if (BenchData.CELLS_PER_ROW * ROWS != CELLS) {
        throw new IllegalStateException("CELLS is out of date");
      }
      dir = BenchData.tempDir("cellar-scan-");
      store = BenchData.openStore(dir, 4L << 30);
      table = store.table(BenchData.TABLE);
      BenchData.load(table, BenchData.rows(ROWS));
      store.admin().flush(BenchData.TABLE);
      System.out.printf("%n[scan] flushed %,d rows into %,d bytes on disk%n", ROWS, BenchData.directorySize(dir));
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      System.out.printf("%n[%s] data blocks read from store files during the trial: %,d%n", "scan",
          store.dataBlocksRead());
      store.close();
      BenchData.deleteTree(dir);
    }
  }

  /** The same cells in memory, in scan order, each with its own arrays. */
  @State(Scope.Benchmark)
  public static class Plain {
    Cell[] cells;

    @Setup(Level.Trial)
    public void setup() {
      byte[][] rows = BenchData.rows(ROWS);
      Arrays.sort(rows, BenchData.UNSIGNED);
      cells = new Cell[CELLS];
      int n = 0;
      for (byte[] row : rows) {
        for (int q = 0; q < BenchData.CELLS_PER_ROW; q++) {
          Cell c = BenchData.cell(row, q, 1L, 1L);
          cells[n++] = new Cell(row.clone(), c.family().clone(), c.qualifier().clone(), c.timestamp(), c.type(),
              c.value().clone(), c.sequenceId());
        }
      }
    }
  }

  @Benchmark
  @OperationsPerInvocation(CELLS)
  public long scanFlushed(Flushed s) {
    long cells = 0;
    try (ResultScanner scanner = s.table.scanner(new Scan())) {
      for (Result r = scanner.next(); r != null; r = scanner.next()) {
        cells += r.size();
      }
    }
    if (cells != CELLS) {
      throw new IllegalStateException("scan returned " + cells + " cells, expected " + CELLS);
    }
    return cells;
  }

  /** Ceiling: sum every byte of every cell's arrays. */
  @Benchmark
  @OperationsPerInvocation(CELLS)
  public long ceilingSumBytes(Plain p) {
    long sum = 0;
    for (Cell c : p.cells) {
      sum += sum(c.row()) + sum(c.family()) + sum(c.qualifier()) + sum(c.value()) + c.timestamp();
    }
    return sum;
  }

  private static long sum(byte[] b) {
    long s = 0;
    for (byte x : b) {
      s += x;
    }
    return s;
  }
}
