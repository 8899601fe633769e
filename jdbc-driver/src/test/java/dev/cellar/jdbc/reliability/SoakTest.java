package dev.cellar.jdbc.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.jdbc.ChildJvm;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The soak suite: a child JVM ({@link SoakWorker}) runs a mixed workload of reads, writes and
 * small transactions on several threads over a {@code file:} database (a table with a global
 * index, one with a LOCAL index, a table of wide rows), and the parent SIGKILLs it at random
 * moments and starts it again, life after life (a life's length counts from its first operations
 * done, past the planning of its first statements). After each kill the database reopens, every
 * acknowledged ledger transaction is there whole, and {@code ALTER INDEX ... VERIFY} finds no
 * difference. At the end: each life's throughput in its steady part (operations per CPU second
 * of the child's Java threads, so that other processes on the machine do not count; the child
 * runs with the quick compiler only, so it reaches its steady speed soon), taken at the first
 * life's machine speed (the child times the same fixed work at each report), is at least half the
 * first life's; the heap after a full GC (the least of the life's last reports), the live threads and
 * the open file descriptors at the end of each life, and the database directory's size after it,
 * stay within a stated bound of the first life's.
 *
 * <p>CI: about 90 s in 3 lives. {@code -Dcellar.test.scale=10} (or {@code -Plong}): 60 minutes
 * with a kill every 2 to 5 minutes; {@code -Dcellar.soak.minutes=N} sets the length of either
 * form (lives of 2 to 5 minutes past 10 minutes). {@code -Dcellar.fuzz.seed=N} repeats a run's
 * choices.
 */
class SoakTest {
  private static final int SCALE = Integer.getInteger("cellar.test.scale", 1);
  private static final long SEED = Long.getLong("cellar.fuzz.seed", SCALE > 1 ? System.nanoTime() : 20261126L);
  private static final double MINUTES =
      Double.parseDouble(System.getProperty("cellar.soak.minutes", SCALE > 1 ? "60" : "1.5"));
  private static final long TOTAL_MS = (long) (MINUTES * 60_000);
  private static final boolean LONG = TOTAL_MS > 10 * 60_000;
  private static final long REPORT_MS = LONG ? 10_000 : 2_000;
  private static final long MIB = 1 << 20;

  /**
   * Heap after GC at a life's end may be this factor of the first life's, plus {@link #HEAP_SLACK}:
   * the block cache filling up, and 32 MiB for memstores (each region's flushed at 4 MiB).
   */
  static final double HEAP_FACTOR = 1.5;
  /** Reports at the end of a life whose least heap is the life's ({@link Life#endHeap}). */
  static final int HEAP_REPORTS = 5;
  static final long HEAP_SLACK = SoakWorker.BLOCK_CACHE + 32 * MIB;
  /** Live threads at a life's end: the first life's plus this. */
  static final int THREAD_SLACK = 4;
  /** Open files at a life's end: this factor of the first life's plus {@link #FD_SLACK}. */
  static final double FD_FACTOR = 1.5;
  static final int FD_SLACK = 16;
  /** The database directory after a life: this factor of its size after the first plus {@link #DIR_SLACK}. */
  static final double DIR_FACTOR = 2;
  static final long DIR_SLACK = 16 * MIB;
  /** A life's steady throughput: at least this fraction of the first life's. */
  static final double THROUGHPUT_FRACTION = 0.5;

  /** What one life of the child reported, and what the parent found after it. */
  static final class Life {
    final int number;
    final List<Map<String, Long>> stats = new CopyOnWriteArrayList<>();
    final long[] acks = new long[SoakWorker.THREADS];
    final List<String> errors = new CopyOnWriteArrayList<>();
    final CountDownLatch open = new CountDownLatch(1);
    /** Reported once its first operations are done (after the first statements are planned). */
    final CountDownLatch working = new CountDownLatch(1);
    /** The child's time (ms since it opened the database) of its first report with operations done. */
    volatile long workingMs = -1;
    long startMs;
    long lifeMs;
    long reopenMs;
    long dirBytes;
    long dirFiles;
    /** Bytes and files per sub-directory of the database (its log, its store files). */
    final Map<String, long[]> parts = new TreeMap<>();
    long ledger;

    Life(int number) {
      this.number = number;
      Arrays.fill(acks, -1);
    }

    Map<String, Long> last() {
      return stats.get(stats.size() - 1);
    }

    /**
     * The heap after GC at the end of the life: the least of its last {@value #HEAP_REPORTS}
     * reports. What a leak keeps raises them all; what is in flight at one report (a compaction,
     * a scan's read-ahead) does not.
     */
    long endHeap() {
      long least = Long.MAX_VALUE;
      for (int i = Math.max(0, stats.size() - HEAP_REPORTS); i < stats.size(); i++) {
        least = Math.min(least, stats.get(i).get("heap"));
      }
      return least;
    }

    long ops(Map<String, Long> stat) {
      long n = 0;
      for (SoakWorker.Kind k : SoakWorker.Kind.values()) {
        n += stat.get(k.name());
      }
      return n;
    }

    /** The first report of the steady part: past the first third of the life's working time. */
    Map<String, Long> steadyStart() {
      for (Map<String, Long> s : stats) {
        if (s.get("ms") >= workingMs + lifeMs / 3) {
          return s;
        }
      }
      return last();
    }

    /**
     * Operations per CPU second of the child's Java threads in the steady part: other processes on
     * the machine, the compiler's threads and the collector's do not count.
     */
    double perCpuSecond() {
      Map<String, Long> a = steadyStart();
      Map<String, Long> b = last();
      return (ops(b) - ops(a)) * 1000.0 / Math.max(1, b.get("cpu") - a.get("cpu"));
    }

    /**
     * The median CPU time in microseconds of the child's calibration (the same work at each report)
     * in the steady part: how fast the machine ran the life.
     */
    double calibration() {
      List<Long> times = new ArrayList<>();
      Map<String, Long> from = steadyStart();
      for (Map<String, Long> s : stats) {
        if (s.get("ms") >= from.get("ms")) {
          times.add(s.get("calib"));
        }
      }
      times.sort(null);
      return Math.max(1, times.get(times.size() / 2));
    }

    /**
     * {@link #perCpuSecond} on the first life's machine speed: a life run while something else
     * slowed the machine (a neighbour on the same core, a throttled clock) is not taken for one that
     * does more work per operation.
     */
    double perCpuSecondAtSpeedOf(Life first) {
      return perCpuSecond() * calibration() / first.calibration();
    }

    /** The share of the steady part's CPU time that {@code key}'s threads (flushes, compactions) took. */
    double share(String key) {
      Map<String, Long> a = steadyStart();
      Map<String, Long> b = last();
      return (b.get(key) - a.get(key)) / (double) Math.max(1, b.get("cpu") - a.get("cpu"));
    }

    /** Operations per second in the steady part. */
    double perSecond() {
      Map<String, Long> a = steadyStart();
      Map<String, Long> b = last();
      return (ops(b) - ops(a)) * 1000.0 / Math.max(1, b.get("ms") - a.get("ms"));
    }

    private String parts() {
      StringBuilder text = new StringBuilder();
      parts.forEach((name, sum) -> text.append(text.length() == 0 ? "" : ", ").append(name)
          .append(String.format(" %.1f MiB in %d", sum[0] / (double) MIB, sum[1])));
      return text.toString();
    }

    @Override
    public String toString() {
      Map<String, Long> end = last();
      StringBuilder kinds = new StringBuilder();
      for (SoakWorker.Kind k : SoakWorker.Kind.values()) {
        kinds.append(kinds.length() == 0 ? "" : " ").append(k.name().toLowerCase()).append(' ')
            .append(end.get(k.name()));
      }
      return String.format("life %d: %d s working (first operations after %.1f s), %d operations (%s), "
              + "steady %.0f ops/s, %.0f ops per CPU s (flushes %.0f%%, compactions %.0f%%), calibration %.0f us; at the end heap %.1f MiB after GC (least of the last "
              + HEAP_REPORTS + " reports), %d threads, "
              + "%d open files; reopened in %d ms, ledger %d; directory %.1f MiB in %d files (%s)",
          number, lifeMs / 1000, workingMs / 1000.0, ops(end), kinds, perSecond(), perCpuSecond(),
          100 * share("flushcpu"), 100 * share("compactcpu"), calibration(),
          endHeap() / (double) MIB, end.get("threads"), end.get("fds"), reopenMs, ledger,
          dirBytes / (double) MIB, dirFiles, parts());
    }
  }

  @Test
  void throughputRecoversAfterEachKillAndResourcesStayFlat(@TempDir Path dir) throws Exception {
    System.out.println("SoakTest seed " + SEED + " (-Dcellar.fuzz.seed=" + SEED + " repeats its choices), "
        + MINUTES + " minutes");
    Path db = dir.resolve("db");
    try (Connection c = DriverManager.getConnection(SoakWorker.url(db.toString()))) {
      SoakWorker.create(c);
    }
    Random rnd = new Random(SEED);
    long[] committed = new long[SoakWorker.THREADS]; // each writer's ledger sequence after the last check
    List<Life> lives = new ArrayList<>();
    long start = System.nanoTime();
    long lived = 0;
    while (LONG ? lived < TOTAL_MS - 60_000 : lives.size() < 3) {
      Life life = new Life(lives.size());
      life.lifeMs = LONG ? Math.max(120_000, Math.min(120_000 + rnd.nextInt(180_001), TOTAL_MS - lived))
          : TOTAL_MS / 3 * (85 + rnd.nextInt(31)) / 100;
      runLife(dir, db, life);
      lived += life.lifeMs;
      check(db, life, committed);
      lives.add(life);
      System.out.println("SoakTest " + life);
    }
    System.out.println("SoakTest: " + lives.size() + " lives, " + lives.size() + " kills, "
        + (System.nanoTime() - start) / 1_000_000_000 + " s in all");

    Life first = lives.get(0);
    Map<String, Long> firstEnd = first.last();
    for (Life life : lives) {
      assertEquals(List.of(), life.errors, "errors in life " + life.number);
      Map<String, Long> end = life.last();
      assertTrue(life.perCpuSecondAtSpeedOf(first) >= THROUGHPUT_FRACTION * first.perCpuSecond(),
          () -> "throughput of life " + life.number + " fell: " + life + " against " + first);
      assertTrue(life.endHeap() <= HEAP_FACTOR * first.endHeap() + HEAP_SLACK,
          () -> "heap grew: " + life + " against " + first);
      assertTrue(end.get("threads") <= firstEnd.get("threads") + THREAD_SLACK,
          () -> "threads grew: " + life + " against " + first);
      assertTrue(end.get("fds") <= FD_FACTOR * firstEnd.get("fds") + FD_SLACK,
          () -> "open files grew: " + life + " against " + first);
      assertTrue(life.dirBytes <= DIR_FACTOR * first.dirBytes + DIR_SLACK,
          () -> "the database directory grew: " + life + " against " + first);
    }
  }

  /** Starts the child, lets it work {@code life.lifeMs} after it opened the database, and SIGKILLs it. */
  private static void runLife(Path dir, Path db, Life life) throws Exception {
    Path err = dir.resolve("child-" + life.number + ".err");
    Process p = ChildJvm.start(err, List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"),
        SoakWorker.class, db.toString(), Integer.toString(life.number), Long.toString(SEED), Long.toString(REPORT_MS));
    Thread reader = new Thread(() -> read(p, life), "soak-reader-" + life.number);
    reader.setDaemon(true);
    reader.start();
    try {
      assertTrue(life.open.await(180, TimeUnit.SECONDS) && p.isAlive(),
          () -> "life " + life.number + " did not open the database: " + read(err));
      assertTrue(life.working.await(300, TimeUnit.SECONDS) && p.isAlive(),
          () -> "life " + life.number + " did no work: " + read(err));
      long deadline = System.nanoTime() + life.lifeMs * 1_000_000;
      while (System.nanoTime() < deadline) {
        assertTrue(p.isAlive(), () -> "life " + life.number + " ended before it was killed: " + read(err));
        Thread.sleep(Math.min(500, Math.max(1, (deadline - System.nanoTime()) / 1_000_000)));
      }
      p.toHandle().destroyForcibly();
      int exit = p.waitFor();
      assertEquals(137, exit, () -> "life " + life.number + " died of SIGKILL: " + read(err));
    } finally {
      p.destroyForcibly();
    }
    reader.join(10_000);
    assertTrue(life.stats.size() >= 3, () -> "life " + life.number + " reported " + life.stats.size() + " times: "
        + read(err));
  }

  private static void read(Process p, Life life) {
    try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line; (line = out.readLine()) != null; ) {
        String[] words = line.split(" ");
        if (line.equals("open")) {
          life.open.countDown();
        } else if (words[0].equals("ack") && words.length == 3) {
          int t = Integer.parseInt(words[1]);
          life.acks[t] = Math.max(life.acks[t], Long.parseLong(words[2]));
        } else if (words[0].equals("stat")) {
          Map<String, Long> stat = new HashMap<>();
          for (int i = 1; i < words.length; i++) {
            String[] kv = words[i].split("=");
            stat.put(kv[0], Long.parseLong(kv[1]));
          }
          life.stats.add(stat);
          if (life.workingMs < 0 && life.ops(stat) > 0) {
            life.workingMs = stat.get("ms");
            life.working.countDown();
          }
        } else if (words[0].equals("error")) {
          life.errors.add(line);
        }
      }
    } catch (IOException | RuntimeException e) {
      life.errors.add("reading the child's output: " + e);
    }
  }

  /**
   * Reopens the database after a kill: each writer's ledger sequence is its last acknowledged one,
   * or one past it (the transaction in flight committed), with the rows of its window whole; every
   * index verifies. Then measures the directory (the log of the killed life still in it).
   */
  private static void check(Path db, Life life, long[] committed) throws Exception {
    long t0 = System.nanoTime();
    // not flushed on close: the next life recovers the killed one's log itself
    try (Connection c = DriverManager.getConnection(SoakWorker.url(db.toString()) + ";flushOnClose=false");
        Statement s = c.createStatement()) {
      life.reopenMs = (System.nanoTime() - t0) / 1_000_000;
      for (int t = 0; t < SoakWorker.THREADS; t++) {
        long acked = Math.max(committed[t], life.acks[t]);
        long n;
        try (ResultSet rs = s.executeQuery("SELECT N FROM LCOUNT WHERE T = " + t)) {
          assertTrue(rs.next());
          n = rs.getLong(1);
        }
        int writer = t;
        assertTrue(n == acked || n == acked + 1, () -> "life " + life.number + ", writer " + writer + ": "
            + "acknowledged up to " + acked + ", the database holds " + n);
        try (ResultSet rs = s.executeQuery("SELECT COUNT(*), MIN(SEQ), MAX(SEQ) FROM LEDGER WHERE T = " + t)) {
          assertTrue(rs.next());
          long expected = Math.min(SoakWorker.WINDOW, n);
          assertEquals(expected, rs.getLong(1), "ledger rows of writer " + t + " after life " + life.number);
          if (n > 0) {
            assertEquals(Math.max(1, n - SoakWorker.WINDOW + 1), rs.getLong(2), "oldest ledger row of writer " + t);
            assertEquals(n, rs.getLong(3), "newest ledger row of writer " + t);
          }
        }
        committed[t] = n;
        life.ledger += n;
      }
      for (String index : SoakWorker.INDEXES) {
        assertEquals(0, s.executeLargeUpdate("ALTER INDEX " + index + " VERIFY"),
            "differences in " + index + " after life " + life.number);
      }
    }
    try (Stream<Path> files = Files.walk(db)) {
      for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
        long bytes = size(f);
        life.dirBytes += bytes;
        life.dirFiles++;
        String part = db.relativize(f).getNameCount() > 1 ? db.relativize(f).getName(0).toString() : ".";
        long[] sum = life.parts.computeIfAbsent(part, k -> new long[2]);
        sum[0] += bytes;
        sum[1]++;
      }
    }
  }

  private static long size(Path f) {
    try {
      return Files.size(f);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      return "(no stderr: " + e + ")";
    }
  }
}
