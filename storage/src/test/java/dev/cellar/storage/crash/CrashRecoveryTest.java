package dev.cellar.storage.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellType;
import dev.cellar.storage.CorruptionException;
import dev.cellar.storage.Get;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import dev.cellar.storage.crash.CrashWorkload.OpSpec;
import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.fs.LocalVfs;
import dev.cellar.storage.wal.Wal;
import dev.cellar.storage.wal.WalEntry;
import dev.cellar.storage.wal.WalFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Kills a writing process with SIGKILL, over and over on the same store, and checks after each
 * kill that the store reopens and holds exactly what the writes acknowledged before the kill
 * imply.
 *
 * <p>A child JVM ({@link CrashWriter}) writes from several threads with {@code SYNC_WAL} or
 * {@code FSYNC_WAL}, reporting on stdout each operation before it is handed to the store and
 * each acknowledgement. Each thread owns its rows, so every row's writes are ordered. After the
 * kill this test opens the store itself and requires, per thread, that its rows hold exactly
 * the state after all its acknowledged operations, or after those plus the one operation in
 * flight (all of that operation's mutations, or none of them), and the in-flight one if its
 * record is whole in the log. It also requires that every cell in the table is one that was
 * written, that no operation is present whose predecessors (operations acknowledged before it
 * started, in any thread) are missing, and that gets agree with the scan. The next cycle writes
 * on top of the recovered store, its store files and its log segments.
 *
 * <p>Store files and log segments go to {@code target/crash-tests/}; a failed run keeps them
 * (with the last two children's output) for diagnosis, and so does any run with
 * {@code -Dcellar.crash.keep=true}.
 *
 * <p>{@code -Dcellar.crash.seed=N} repeats a run's random choices (not its timing);
 * {@code cellar.test.scale >= 10} (the {@code long} profile) runs ten times as many cycles.
 */
class CrashRecoveryTest {
  private static final int THREADS = 4;
  private static final int SCALE = Integer.getInteger("cellar.test.scale", 1);
  private static final long SEED = Long.getLong("cellar.crash.seed", System.nanoTime());
  /** Quota of a writer thread per process; high enough that writers rarely go idle before the kill. */
  private static final int OPS_PER_THREAD = 2000;
  /** Pace of a writer thread: a few hundred operations per second make a few flushes per cycle. */
  private static final int OPS_PER_SECOND_PER_THREAD = 1000;
  /**
   * Cycles run on one store before a long run starts a fresh one: the engine keeps every store
   * file it flushes until compaction, and the checks read them all.
   */
  private static final int CYCLES_PER_STORE = 25;

  /**
   * Repeated SIGKILLs during writes: every acknowledged write survives, every in-flight one is
   * all-or-nothing, nothing unwritten appears.
   */
  @Test
  void acknowledgedWritesSurviveRepeatedKills() throws Exception {
    int cycles = SCALE >= 10 ? 200 : 20;
    for (int first = 0; first < cycles; first += CYCLES_PER_STORE) {
      killCycles(first / CYCLES_PER_STORE, Math.min(CYCLES_PER_STORE, cycles - first));
    }
  }

  private void killCycles(int store, int cycles) throws Exception {
    Harness h = new Harness("kill-" + store, SEED + store);
    long started = System.nanoTime();
    try {
      for (int cycle = 0; cycle < cycles; cycle++) {
        String mode = cycle % 5 == 4 ? "fsync" : cycle % 5 == 2 ? "mixed" : "sync";
        Child child = h.start(cycle, mode, OPS_PER_THREAD);
        if (h.rnd.nextInt(10) == 0) {
          // Sometimes kill early: during start-up, recovery or the first writes.
          Thread.sleep(100 + h.rnd.nextInt(900));
        } else {
          h.readyMs += child.awaitReady();
          Thread.sleep(100 + h.rnd.nextInt(1400));
        }
        Outcome out = h.kill(child);
        h.inspectLog();
        int[] minK = new int[THREADS];
        for (int t = 0; t < THREADS; t++) {
          minK[t] = out.acked[t];
        }
        h.verify(out, minK);
      }
      h.succeeded(started);
    } finally {
      h.close();
    }
  }

  /**
   * SIGKILL, then the last log segment cut at a random point past every record acknowledged
   * before a snapshot (a torn write, or records the OS had not written): the store opens,
   * everything acknowledged before the snapshot is there, and what survives of the rest is a
   * prefix-consistent state (per thread a prefix of its operations, and nothing present whose
   * prerequisites were lost).
   */
  @Test
  void tornLogTailKeepsAPrefix() throws Exception {
    int cycles = SCALE >= 10 ? 50 : 6;
    Harness h = new Harness("torn", SEED ^ 0x5DEECE66DL);
    long started = System.nanoTime();
    try {
      for (int cycle = 0; cycle < cycles; cycle++) {
        Child child = h.start(cycle, cycle % 3 == 2 ? "mixed" : "sync", OPS_PER_THREAD);
        h.readyMs += child.awaitReady();
        Thread.sleep(100 + h.rnd.nextInt(500));
        // Snapshot: everything acknowledged so far is in the segments listed now, up to the
        // length the newest one has now.
        int snapshotLines = child.lineCount();
        long[] snap = h.newestSegment();
        Thread.sleep(20 + h.rnd.nextInt(300));
        Outcome out = h.kill(child);
        int[] minK = new int[THREADS];
        for (int t = 0; t < THREADS; t++) {
          for (OpSpec op : out.ops.get(t)) {
            Integer ack = out.ackLine.get(op.opId());
            if (ack != null && ack < snapshotLines) {
              minK[t]++;
            }
          }
        }
        h.cutNewestSegment(snap);
        h.verify(out, minK);
      }
      h.succeeded(started);
    } finally {
      h.close();
    }
  }

  // ---------------------------------------------------------------------------------------

  /** What one child process did, as far as its output shows. */
  static final class Outcome {
    final List<List<OpSpec>> ops = new ArrayList<>();
    final Map<Long, Integer> startLine = new HashMap<>();
    final Map<Long, Integer> ackLine = new HashMap<>();
    final int[] acked = new int[THREADS];
    boolean ready;
    boolean done;
    long maxOpId;

    Outcome() {
      for (int t = 0; t < THREADS; t++) {
        ops.add(new ArrayList<>());
      }
    }
  }

  /** A running child process and the lines read from it so far. */
  static final class Child {
    final Process process;
    final Path stderr;
    final List<String> lines = new ArrayList<>();
    final Thread reader;
    final long startedNanos = System.nanoTime();

    Child(Process process, Path stderr) {
      this.process = process;
      this.stderr = stderr;
      this.reader = new Thread(this::read, "crash-child-reader");
      reader.setDaemon(true);
      reader.start();
    }

    /** Collects complete lines; a line cut short by the kill is dropped. */
    private void read() {
      try (InputStream in = process.getInputStream()) {
        ByteArrayOutputStream cur = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        int n;
        while ((n = in.read(buf)) > 0) {
          for (int i = 0; i < n; i++) {
            if (buf[i] == '\n') {
              String line = cur.toString(StandardCharsets.UTF_8);
              cur.reset();
              synchronized (lines) {
                lines.add(line);
                lines.notifyAll();
              }
            } else {
              cur.write(buf[i]);
            }
          }
        }
      } catch (IOException e) {
        // the process is gone
      }
    }

    int lineCount() {
      synchronized (lines) {
        return lines.size();
      }
    }

    /**
     * Waits until the child has opened the store (or died: {@link Harness#kill} reports how);
     * returns the milliseconds since it was started.
     */
    long awaitReady() throws InterruptedException {
      long deadline = System.nanoTime() + 120_000_000_000L;
      synchronized (lines) {
        while (!lines.contains("READY") && (process.isAlive() || reader.isAlive())) {
          if (System.nanoTime() > deadline) {
            process.toHandle().destroyForcibly();
            fail("the writer process did not open the store within 120 s");
          }
          lines.wait(5);
        }
      }
      return (System.nanoTime() - startedNanos) / 1_000_000;
    }
  }

  /** One store directory, the model of its contents and the statistics of a run. */
  static final class Harness implements AutoCloseable {
    final String name;
    final long seed;
    final Random rnd;
    final Path work;
    final Path dir;
    final String childClassPath;
    final CrashModel[] models = new CrashModel[THREADS];
    final Map<String, Set<Long>> serverHistory = new HashMap<>();
    long nextOpId = 1;
    boolean ok;
    int cycle;
    // statistics
    long opsStarted;
    long opsAcked;
    int inFlightApplied;
    int inFlightAbsent;
    int lostAfterSnapshot;
    int tornTails;
    int cuts;
    int idleAtKill;
    int inFlightLogged;
    long maxReopenMs;
    long readyMs;
    long verifyMs;

    Harness(String name, long seed) throws IOException {
      this.name = name;
      this.seed = seed;
      this.rnd = new Random(seed);
      Path base = Path.of("target", "crash-tests").toAbsolutePath();
      Files.createDirectories(base);
      this.work = Files.createTempDirectory(base, name + "-");
      this.dir = work.resolve("store");
      for (int t = 0; t < THREADS; t++) {
        models[t] = new CrashModel();
      }
      this.childClassPath = snapshotClassPath(work.resolve("classpath"));
      try (EmbeddedStore s = EmbeddedStore.open(CrashWorkload.options(dir).build())) {
        s.admin().createTable(CrashWorkload.descriptor());
      }
    }

    /**
     * The test's class path for the child, with every directory on it replaced by a copy taken
     * now, so that a build running meanwhile cannot change the classes under the children.
     */
    private static String snapshotClassPath(Path into) throws IOException {
      String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
      List<String> out = new ArrayList<>();
      int i = 0;
      for (String entry : cp.split(java.io.File.pathSeparator)) {
        Path src = Path.of(entry);
        if (!Files.isDirectory(src)) {
          out.add(entry);
          continue;
        }
        Path dst = into.resolve(Integer.toString(i++));
        try (Stream<Path> s = Files.walk(src)) {
          for (Path p : (Iterable<Path>) s::iterator) {
            Path d = dst.resolve(src.relativize(p).toString());
            if (Files.isDirectory(p)) {
              Files.createDirectories(d);
            } else {
              Files.copy(p, d);
            }
          }
        }
        out.add(dst.toString());
      }
      return String.join(java.io.File.pathSeparator, out);
    }

    String where() {
      return "[" + name + ", -Dcellar.crash.seed=" + SEED + ", cycle " + cycle + ", store " + dir + "]";
    }

    Child start(int cycle, String mode, int opsPerThread) throws IOException {
      this.cycle = cycle;
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      Path err = work.resolve("child-" + cycle + ".err");
      List<String> cmd = List.of(java, "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
          "-cp", childClassPath, CrashWriter.class.getName(), dir.toString(),
          Long.toString(seed * 31 + cycle), Long.toString(nextOpId), Integer.toString(THREADS), mode,
          Integer.toString(opsPerThread), Integer.toString(OPS_PER_SECOND_PER_THREAD),
          Long.toString(rnd.nextInt(3) == 0 ? 200 + rnd.nextInt(800) : 0));
      Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE)
          .start();
      return new Child(p, err);
    }

    /** SIGKILLs the child, then parses everything it reported. */
    Outcome kill(Child child) throws Exception {
      boolean aliveAtKill = child.process.isAlive();
      // SIGKILL through the process handle: Process.destroyForcibly() would also close our end
      // of the child's stdout, dropping the acknowledgements still in the pipe.
      child.process.toHandle().destroyForcibly();
      int code = child.process.waitFor();
      child.reader.join(30_000);
      List<String> lines;
      synchronized (child.lines) {
        lines = new ArrayList<>(child.lines);
      }
      if (!aliveAtKill || code != 137) {
        fail(where() + " child did not die of SIGKILL (exit " + code + ", alive at kill: " + aliveAtKill + "); "
            + errorLines(lines) + "\nstderr:\n" + tail(child.stderr));
      }
      // Kept for diagnosis until the run succeeds; the previous cycle's copy is kept too.
      Files.write(work.resolve("child-" + cycle + ".out"), lines, StandardCharsets.UTF_8);
      Files.deleteIfExists(work.resolve("child-" + (cycle - 2) + ".out"));
      Outcome out = parse(lines);
      if (!errorLines(lines).isEmpty()) {
        fail(where() + " child reported failures: " + errorLines(lines) + "\nstderr:\n" + tail(child.stderr));
      }
      Files.deleteIfExists(child.stderr);
      return out;
    }

    private static String errorLines(List<String> lines) {
      StringBuilder sb = new StringBuilder();
      for (String l : lines) {
        if (l.startsWith("E ")) {
          sb.append("\n  ").append(l);
        }
      }
      return sb.toString();
    }

    private Outcome parse(List<String> lines) {
      Outcome out = new Outcome();
      long[] lastStarted = new long[THREADS];
      boolean[] open = new boolean[THREADS];
      for (int i = 0; i < lines.size(); i++) {
        String l = lines.get(i);
        if (l.equals("READY")) {
          out.ready = true;
        } else if (l.equals("DONE")) {
          out.done = true;
        } else if (l.startsWith("S ")) {
          if (!out.ready) {
            fail(where() + " operation before the store was open: '" + l + "'");
          }
          OpSpec op = OpSpec.decode(l.substring(2));
          int t = op.thread();
          if (open[t]) {
            fail(where() + " thread " + t + " started op " + op.opId() + " before op " + lastStarted[t] + " returned");
          }
          out.ops.get(t).add(op);
          out.startLine.put(op.opId(), i);
          lastStarted[t] = op.opId();
          open[t] = true;
          out.maxOpId = Math.max(out.maxOpId, op.opId());
        } else if (l.startsWith("A ")) {
          String[] p = l.split(" ");
          int t = Integer.parseInt(p[1]);
          long id = Long.parseLong(p[2]);
          if (!open[t] || lastStarted[t] != id) {
            fail(where() + " unexpected acknowledgement line '" + l + "'");
          }
          open[t] = false;
          out.ackLine.put(id, i);
          out.acked[t]++;
        } else if (!l.startsWith("E ")) {
          fail(where() + " unexpected line from the child: '" + l + "'");
        }
      }
      if (out.done) {
        idleAtKill++;
      }
      for (int t = 0; t < THREADS; t++) {
        opsStarted += out.ops.get(t).size();
        opsAcked += out.acked[t];
      }
      if (out.maxOpId >= nextOpId) {
        nextOpId = out.maxOpId + 1;
      }
      return out;
    }

    /** Counts files and notes whether the newest log segment ends in a torn record. */
    void inspectLog() throws IOException {
      long[] newest = newestSegment();
      if (newest != null) {
        byte[] b = Files.readAllBytes(segmentPath(newest[0]));
        if (walFrames(b).torn) {
          tornTails++;
        }
      }
    }

    private Path segmentPath(long number) {
      return dir.resolve(WalFormat.segmentPath(number));
    }

    /** {number, length} of the newest log segment, or null if there is none. */
    long[] newestSegment() throws IOException {
      for (int attempt = 0; ; attempt++) {
        long newest = -1;
        try (Stream<Path> s = Files.list(dir.resolve(WalFormat.DIR))) {
          for (Path p : (Iterable<Path>) s::iterator) {
            newest = Math.max(newest, WalFormat.parseSegmentName(p.getFileName().toString()));
          }
        }
        if (newest < 0) {
          return null;
        }
        try {
          return new long[] {newest, Files.size(segmentPath(newest))};
        } catch (NoSuchFileException e) {
          if (attempt > 100) {
            throw e;
          }
        }
      }
    }

    /** Record starts of a segment image, and whether it ends inside a record. */
    record Frames(List<Long> starts, boolean torn) {}

    static Frames walFrames(byte[] b) {
      List<Long> starts = new ArrayList<>();
      int pos = WalFormat.SEGMENT_HEADER_SIZE;
      if (b.length < pos) {
        return new Frames(starts, true);
      }
      while (pos < b.length) {
        starts.add((long) pos);
        if (pos + WalFormat.RECORD_HEADER_SIZE > b.length) {
          return new Frames(starts, true);
        }
        long len = ByteBuffer.wrap(b, pos, 4).getInt() & 0xFFFFFFFFL;
        long next = pos + WalFormat.RECORD_HEADER_SIZE + len;
        if (next > b.length) {
          return new Frames(starts, true);
        }
        pos = (int) next;
      }
      return new Frames(starts, false);
    }

    /**
     * Truncates the newest segment at a random point that loses nothing acknowledged before
     * {@code snap} (the newest segment and its length then): past {@code snap}'s length if it
     * is still the newest, anywhere (header included) if a newer one was started since.
     */
    void cutNewestSegment(long[] snap) throws IOException {
      long[] now = newestSegment();
      if (now == null) {
        return;
      }
      Path p = segmentPath(now[0]);
      byte[] b = Files.readAllBytes(p);
      long lo = snap != null && snap[0] == now[0] ? snap[1] : 0;
      if (b.length <= lo) {
        return;
      }
      List<Long> candidates = new ArrayList<>();
      for (long s : walFrames(b).starts) {
        if (s >= lo) {
          candidates.add(s);
        }
      }
      long cut;
      int how = rnd.nextInt(10);
      if (lo == 0 && how == 0) {
        cut = rnd.nextInt(WalFormat.SEGMENT_HEADER_SIZE); // the header itself is torn
      } else if (how < 4 && !candidates.isEmpty()) {
        // inside a record header
        long s = candidates.get(rnd.nextInt(candidates.size()));
        cut = Math.min(b.length - 1, s + 1 + rnd.nextInt(WalFormat.RECORD_HEADER_SIZE - 1));
      } else if (how < 6 && !candidates.isEmpty()) {
        // exactly between records: whole records lost, none torn
        cut = candidates.get(rnd.nextInt(candidates.size()));
      } else {
        cut = lo + (long) (rnd.nextDouble() * (b.length - lo));
      }
      cut = Math.max(lo, Math.min(cut, b.length - 1));
      try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE)) {
        ch.truncate(cut);
      }
      cuts++;
    }

    /**
     * Opens the store and checks it against the model: per thread, its rows must hold the
     * state after its first k operations for some k at least {@code minK[t]}; then commits
     * the operations found applied.
     */
    void verify(Outcome out, int[] minK) throws IOException {
      List<String> problems = new ArrayList<>();
      long t0 = System.nanoTime();
      // An operation whose record is whole in the log must be recovered, acknowledged or not.
      Set<Long> logged = loggedOps(out);
      for (int t = 0; t < THREADS; t++) {
        List<OpSpec> ops = out.ops.get(t);
        for (int k = 0; k < ops.size(); k++) {
          if (logged.contains(ops.get(k).opId()) && k + 1 > minK[t]) {
            if (k >= out.acked[t]) {
              inFlightLogged++;
            }
            minK[t] = k + 1;
          }
        }
      }
      boolean flushOnClose = rnd.nextInt(4) == 0;
      EmbeddedStore store;
      try {
        store = EmbeddedStore.open(CrashWorkload.options(dir).flushOnClose(flushOnClose).build());
      } catch (CorruptionException e) {
        throw new AssertionError(where() + " store does not open after the kill: " + e, e);
      } catch (RuntimeException e) {
        throw new AssertionError(where() + " store does not open after the kill: " + e, e);
      }
      maxReopenMs = Math.max(maxReopenMs, (System.nanoTime() - t0) / 1_000_000);
      try {
        Table table = store.table(CrashWorkload.TABLE);
        LinkedHashMap<String, List<Cell>> scanned = scanAll(table, problems);
        CrashModel[] actual = new CrashModel[THREADS];
        for (int t = 0; t < THREADS; t++) {
          actual[t] = new CrashModel();
        }
        List<String[]> olderServerCells = new ArrayList<>();
        for (Map.Entry<String, List<Cell>> e : scanned.entrySet()) {
          checkRow(e.getKey(), e.getValue(), out, actual, olderServerCells, problems);
        }
        if (!problems.isEmpty()) {
          fail(where() + " cells that were never written:\n  " + String.join("\n  ", problems));
        }

        // Which prefix of each thread's operations is present?
        int[] kMin = new int[THREADS];
        int[] kMax = new int[THREADS];
        for (int t = 0; t < THREADS; t++) {
          List<OpSpec> ops = out.ops.get(t);
          CrashModel work = models[t].copy();
          List<Integer> matches = new ArrayList<>();
          for (int k = 0; k <= ops.size(); k++) {
            if (k >= minK[t] && work.equals(actual[t])) {
              matches.add(k);
            }
            if (k < ops.size()) {
              work.apply(ops.get(k), null);
            }
          }
          if (matches.isEmpty()) {
            problems.add(noMatch(t, ops, minK[t], out, actual[t]));
            continue;
          }
          kMin[t] = matches.get(0);
          kMax[t] = matches.get(matches.size() - 1);
        }
        if (!problems.isEmpty()) {
          fail(where() + " recovered state is wrong:\n" + String.join("\n", problems));
        }

        // Nothing may be present whose prerequisites (ops acknowledged before it started) are lost.
        for (int u = 0; u < THREADS; u++) {
          if (kMin[u] == 0) {
            continue;
          }
          OpSpec last = out.ops.get(u).get(kMin[u] - 1);
          int startedAt = out.startLine.get(last.opId());
          for (int t = 0; t < THREADS; t++) {
            int need = 0;
            for (OpSpec op : out.ops.get(t)) {
              Integer ack = out.ackLine.get(op.opId());
              if (ack != null && ack < startedAt) {
                need++;
              }
            }
            if (need > kMax[t]) {
              problems.add("thread " + u + "'s op " + last.opId() + " is present but thread " + t + " has only "
                  + kMax[t] + " of the " + need + " ops acknowledged before it started");
            }
          }
        }
        if (!problems.isEmpty()) {
          fail(where() + " recovered state is not prefix-consistent:\n  " + String.join("\n  ", problems));
        }

        // Commit what is present.
        for (int t = 0; t < THREADS; t++) {
          List<OpSpec> ops = out.ops.get(t);
          for (int k = 0; k < kMax[t]; k++) {
            models[t].apply(ops.get(k), serverHistory);
          }
          if (ops.size() > out.acked[t]) {
            if (kMax[t] > out.acked[t]) {
              inFlightApplied++;
            } else {
              inFlightAbsent++;
            }
          }
          lostAfterSnapshot += Math.max(0, out.acked[t] - kMax[t]);
        }
        for (String[] c : olderServerCells) {
          Set<Long> h = serverHistory.get(c[0] + "/" + c[1]);
          if (h == null || !h.contains(Long.parseLong(c[2]))) {
            problems.add(c[0] + "/" + c[1] + ": older version from op " + c[2] + ", which never wrote it durably");
          }
        }
        if (!problems.isEmpty()) {
          fail(where() + " cells that were never written:\n  " + String.join("\n  ", problems));
        }
        checkGets(table, scanned, out);
      } finally {
        store.close();
      }
      verifyMs += (System.nanoTime() - t0) / 1_000_000;
    }

    private String noMatch(int t, List<OpSpec> ops, int minK, Outcome out, CrashModel actual) {
      StringBuilder sb = new StringBuilder();
      sb.append("  thread ").append(t).append(": rows match no allowed state (").append(out.acked[t])
          .append(" ops acknowledged, ").append(ops.size()).append(" started, at least ").append(minK)
          .append(" must be present)");
      CrashModel work = models[t].copy();
      for (int k = 0; k < minK; k++) {
        work.apply(ops.get(k), null);
      }
      sb.append("\n   vs. the state after ").append(minK).append(" ops:").append(actual.diff(work));
      for (int k = minK; k < ops.size(); k++) {
        work.apply(ops.get(k), null);
        if (k >= ops.size() - 2) {
          sb.append("\n   vs. the state after ").append(k + 1).append(" ops:").append(actual.diff(work));
        }
      }
      int from = Math.max(0, minK - 3);
      sb.append("\n   ops from #").append(from).append(':');
      for (int k = from; k < ops.size() && k < minK + 3; k++) {
        OpSpec op = ops.get(k);
        sb.append("\n    #").append(k).append(out.ackLine.containsKey(op.opId()) ? " acked " : " in flight ")
            .append(op.encode());
      }
      return sb.toString();
    }

    private LinkedHashMap<String, List<Cell>> scanAll(Table table, List<String> problems) {
      LinkedHashMap<String, List<Cell>> rows = new LinkedHashMap<>();
      String prev = null;
      try (ResultScanner s = table.scanner(new Scan().readAllVersions())) {
        for (Result r : s) {
          String row = Bytes.toString(r.row());
          if (prev != null && prev.compareTo(row) >= 0) {
            problems.add("scan returned row " + row + " after " + prev);
          }
          prev = row;
          rows.put(row, r.cells());
        }
      }
      return rows;
    }

    private void checkRow(String row, List<Cell> cells, Outcome out, CrashModel[] actual,
        List<String[]> olderServerCells, List<String> problems) {
      int owner = CrashWorkload.ownerOf(row, THREADS);
      if (owner < 0) {
        problems.add("row " + row + " was never written");
        return;
      }
      boolean server = CrashWorkload.isServerRow(row);
      Map<String, List<String>> cols = new LinkedHashMap<>();
      for (Cell c : cells) {
        String where = c.toString();
        if (!Bytes.toString(c.row()).equals(row)) {
          problems.add(where + ": cell of another row in the result of " + row);
          continue;
        }
        if (c.type() != CellType.PUT) {
          problems.add(where + ": a read returned a " + c.type() + " marker");
          continue;
        }
        String fam = Bytes.toString(c.family());
        if (!fam.equals(CrashWorkload.F1) && !fam.equals(CrashWorkload.F2)) {
          problems.add(where + ": unknown family");
          continue;
        }
        String col = fam + ":" + Bytes.toString(c.qualifier());
        String v = Bytes.toString(c.value());
        CrashWorkload.ParsedValue pv = CrashWorkload.parse(v);
        if (pv == null) {
          problems.add(where + ": value '" + abbreviate(v) + "' was never written");
          continue;
        }
        if (!pv.row().equals(row) || !pv.column().equals(col)) {
          problems.add(where + ": holds the value written to " + pv.row() + "/" + pv.column());
          continue;
        }
        if (pv.opId() >= nextOpId) {
          problems.add(where + ": holds a value of op " + pv.opId() + ", which was never started");
          continue;
        }
        if (!server && c.timestamp() != pv.opId()) {
          problems.add(where + ": timestamp " + c.timestamp() + " but op " + pv.opId() + " wrote it");
          continue;
        }
        cols.computeIfAbsent(col, k -> new ArrayList<>()).add(v);
      }
      TreeMap<String, List<String>> visible = new TreeMap<>();
      for (Map.Entry<String, List<String>> e : cols.entrySet()) {
        String col = e.getKey();
        List<String> versions = e.getValue();
        if (versions.size() > CrashWorkload.maxVersions(col.substring(0, col.indexOf(':')))) {
          problems.add(row + "/" + col + ": " + versions.size() + " versions, more than the family keeps");
        }
        if (new TreeSet<>(versions).size() != versions.size()) {
          problems.add(row + "/" + col + ": the same version returned twice");
        }
        if (server) {
          visible.put(col, new ArrayList<>(versions.subList(0, 1)));
          for (String older : versions.subList(1, versions.size())) {
            olderServerCells.add(new String[] {row, col, Long.toString(CrashWorkload.parse(older).opId())});
          }
        } else {
          visible.put(col, versions);
        }
      }
      if (!visible.isEmpty()) {
        actual[owner].rows.put(row, visible);
      } else if (!cells.isEmpty()) {
        problems.add("row " + row + " has no valid cell");
      } else {
        problems.add("scan returned an empty result for row " + row);
      }
    }

    /**
     * Ids of this cycle's operations with a whole record in the log, read with the engine's
     * own log reader (which only reads) before the store is opened.
     */
    private Set<Long> loggedOps(Outcome out) throws IOException {
      Set<Long> ids = new HashSet<>();
      try {
        Wal.replay(new LocalVfs(dir), edit -> {
          for (WalEntry e : edit.entries()) {
            Cell c = e.cell();
            CrashWorkload.ParsedValue pv = c.type() == CellType.PUT ? CrashWorkload.parse(Bytes.toString(c.value()))
                : null;
            long id = pv != null ? pv.opId() : c.timestamp();
            if (out.startLine.containsKey(id)) {
              ids.add(id);
            }
          }
        });
      } catch (CorruptionException e) {
        throw new AssertionError(where() + " the log does not read after the kill: " + e, e);
      }
      return ids;
    }

    /**
     * Gets, one by one and as a list, must agree with the scan: for the rows of each thread's
     * last operation and a few others. (A get reads every store file, so a sample.)
     */
    private void checkGets(Table table, Map<String, List<Cell>> scanned, Outcome out) {
      TreeSet<String> rows = new TreeSet<>();
      for (List<OpSpec> ops : out.ops) {
        if (!ops.isEmpty()) {
          for (CrashWorkload.MutationSpec m : ops.get(ops.size() - 1).mutations()) {
            rows.add(m.row());
          }
        }
      }
      for (int i = 0; i < 4; i++) {
        int t = rnd.nextInt(THREADS);
        rows.add(rnd.nextInt(4) == 0 ? CrashWorkload.serverRow(t, rnd.nextInt(CrashWorkload.SERVER_ROWS))
            : CrashWorkload.explicitRow(t, rnd.nextInt(CrashWorkload.EXPLICIT_ROWS)));
      }
      List<Get> gets = new ArrayList<>();
      for (String row : rows) {
        gets.add(new Get(Bytes.toBytes(row)).readAllVersions());
      }
      List<Result> multi = table.get(gets);
      int i = 0;
      for (String row : rows) {
        List<Cell> want = scanned.getOrDefault(row, List.of());
        Result single = table.get(new Get(Bytes.toBytes(row)).readAllVersions());
        assertEquals(render(want), render(single.cells()), where() + " get of " + row + " disagrees with the scan");
        assertEquals(render(want), render(multi.get(i++).cells()), where() + " multi-get of " + row
            + " disagrees with the scan");
      }
    }

    private static String render(List<Cell> cells) {
      StringBuilder sb = new StringBuilder();
      for (Cell c : cells) {
        sb.append(c).append('=').append(abbreviate(Bytes.toString(c.value()))).append('\n');
      }
      return sb.toString();
    }

    private static String abbreviate(String s) {
      return s.length() <= 60 ? s : s.substring(0, 60) + "...";
    }

    /** After a successful run: prints the statistics and removes the directory. */
    void succeeded(long startedNanos) throws IOException {
      int files = countFiles("data");
      int segments = countFiles(WalFormat.DIR);
      System.out.printf(Locale.ROOT, "crash test %s: %d cycles in %.1f s, seed %d; ops started %d, acknowledged %d; "
              + "in-flight ops found applied %d (%d of them logged), absent %d; torn log tails seen %d; segments cut %d, "
              + "acknowledged ops lost past the cut %d; store files %d, log segments %d at the end; slowest reopen %d ms; "
              + "children ready after %d ms on average, done before the kill %d times; checking took %.1f s%n",
          name, cycle + 1, (System.nanoTime() - startedNanos) / 1e9, SEED, opsStarted, opsAcked, inFlightApplied,
          inFlightLogged, inFlightAbsent, tornTails, cuts, lostAfterSnapshot, files, segments, maxReopenMs, readyMs / (cycle + 1),
          idleAtKill, verifyMs / 1e3);
      ok = true;
    }

    private int countFiles(String sub) throws IOException {
      Path p = dir.resolve(sub);
      if (!Files.isDirectory(p)) {
        return 0;
      }
      try (Stream<Path> s = Files.list(p)) {
        return (int) s.count();
      }
    }

    @Override
    public void close() throws IOException {
      if (!ok || Boolean.getBoolean("cellar.crash.keep")) {
        System.err.println("crash test " + name + (ok ? "" : " failed;") + " its store is kept in " + dir);
        return;
      }
      try (Stream<Path> s = Files.walk(work)) {
        for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
          Files.deleteIfExists(p);
        }
      }
    }

    private static String tail(Path file) {
      try {
        if (!Files.exists(file)) {
          return "(none)";
        }
        List<String> ls = Files.readAllLines(file, StandardCharsets.UTF_8);
        return String.join("\n", ls.subList(Math.max(0, ls.size() - 60), ls.size()));
      } catch (IOException e) {
        StringWriter sw = new StringWriter();
        e.printStackTrace(new PrintWriter(sw));
        return sw.toString();
      }
    }
  }
}
