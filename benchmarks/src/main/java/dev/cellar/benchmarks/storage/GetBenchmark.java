package dev.cellar.benchmarks.storage;

import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.Get;
import dev.cellar.storage.Result;
import dev.cellar.storage.Table;
import dev.cellar.storage.embedded.EmbeddedStore;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
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
 * Warm point gets of random existing rows ({@code Table.get} of a whole row: three 32-byte
 * cells) from a table of {@code rows} rows, either flushed into one store file or held in the
 * memstore, against the ceiling of finding the same key by binary search in a sorted array of
 * all keys ({@link Arrays#binarySearch(Object[], Object, java.util.Comparator)} with the
 * unsigned byte comparator). Scores are gets per second, single-threaded.
 *
 * <p>The probe keys are distinct arrays from the stored ones (equal contents), visited in
 * generation order, which is random in key space; every probe hits.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", BenchData.QUIET_LOG})
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 5)
public class GetBenchmark {

  /** Keys of the table and the probe sequence. */
  @State(Scope.Benchmark)
  public static class Keys {
    @Param({"1000000"})
    public int rows;

    byte[][] loaded;
    byte[][] sorted;
    byte[][] probes;

    @Setup(Level.Trial)
    public void setup() {
      loaded = BenchData.rows(rows);
      sorted = loaded.clone();
      Arrays.sort(sorted, BenchData.UNSIGNED);
      probes = BenchData.rows(rows);
    }
  }

  /** The probing thread's position in the probe sequence. */
  @State(Scope.Thread)
  public static class Cursor {
    int next;

    byte[] next(Keys k) {
      int i = next;
      next = i + 1 == k.probes.length ? 0 : i + 1;
      return k.probes[i];
    }
  }

  /** A store whose table is loaded and then flushed: one store file, empty memstore. */
  @State(Scope.Benchmark)
  public static class Flushed {
    Path dir;
    EmbeddedStore store;
    Table table;

    @Setup(Level.Trial)
    public void setup(Keys k) {
      dir = BenchData.tempDir("cellar-get-");
      store = BenchData.openStore(dir, 4L << 30);
      table = store.table(BenchData.TABLE);
      BenchData.load(table, k.loaded);
      store.admin().flush(BenchData.TABLE);
      System.out.printf("%n[get] flushed %,d rows into %,d bytes on disk%n", k.rows, BenchData.directorySize(dir));
      check(table, k);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      System.out.printf("%n[%s] data blocks read from store files during the trial: %,d%n", "get",
          store.dataBlocksRead());
      store.close();
      BenchData.deleteTree(dir);
    }
  }

  /** A store whose table is loaded and kept in the memstore (flush size 4 GiB: it never flushes). */
  @State(Scope.Benchmark)
  public static class InMemstore {
    Path dir;
    EmbeddedStore store;
    Table table;

    @Setup(Level.Trial)
    public void setup(Keys k) {
      dir = BenchData.tempDir("cellar-get-mem-");
      store = BenchData.openStore(dir, 4L << 30);
      table = store.table(BenchData.TABLE);
      BenchData.load(table, k.loaded);
      check(table, k);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      System.out.printf("%n[%s] data blocks read from store files during the trial: %,d%n", "get",
          store.dataBlocksRead());
      store.close();
      BenchData.deleteTree(dir);
    }
  }

  /**
   * The memstore's own structure with the same cells: a skip-list map in the engine's order,
   * for {@link #referenceSkipListSeek}.
   */
  @State(Scope.Benchmark)
  public static class SkipList {
    ConcurrentSkipListMap<Cell, Cell> map;

    @Setup(Level.Trial)
    public void setup(Keys k) {
      map = new ConcurrentSkipListMap<>(CellComparator.WITH_SEQUENCE);
      long seq = 0;
      for (byte[] row : k.loaded) {
        seq++;
        for (int q = 0; q < BenchData.CELLS_PER_ROW; q++) {
          Cell c = BenchData.cell(row, q, 1L, seq);
          map.put(c, c);
        }
      }
    }
  }

  static void check(Table table, Keys k) {
    for (int i = 0; i < k.rows; i += Math.max(1, k.rows / 1000)) {
      Result r = table.get(new Get(k.probes[i]));
      if (r.size() != BenchData.CELLS_PER_ROW || !Arrays.equals(r.row(), k.probes[i])) {
        throw new IllegalStateException("row " + i + " reads back as " + r);
      }
    }
  }

  @Benchmark
  public Result getFlushed(Flushed s, Keys k, Cursor c) {
    return s.table.get(new Get(c.next(k)));
  }

  @Benchmark
  public Result getMemstore(InMemstore s, Keys k, Cursor c) {
    return s.table.get(new Get(c.next(k)));
  }

  /**
   * Not a ceiling but a reference for the memstore variant: the seek that a memstore read
   * starts with, on a bare skip-list map holding the same cells (three per row), in the same
   * order. The difference between it and {@link #getMemstore} is the engine's read-path cost
   * beyond the data structure.
   */
  @Benchmark
  public Cell referenceSkipListSeek(SkipList s, Keys k, Cursor c) {
    Map.Entry<Cell, Cell> e = s.map.ceilingEntry(Cell.firstOnRow(c.next(k)));
    if (e == null) {
      throw new IllegalStateException("probe not found");
    }
    return e.getKey();
  }

  /** Ceiling: binary search of the probe in the sorted array of all keys. */
  @Benchmark
  public byte[] ceilingBinarySearch(Keys k, Cursor c) {
    int i = Arrays.binarySearch(k.sorted, c.next(k), BenchData.UNSIGNED);
    if (i < 0) {
      throw new IllegalStateException("probe not found");
    }
    return k.sorted[i];
  }
}
