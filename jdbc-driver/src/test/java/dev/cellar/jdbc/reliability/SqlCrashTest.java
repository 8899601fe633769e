package dev.cellar.jdbc.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.jdbc.ChildJvm;
import dev.cellar.jdbc.reliability.CrashWorkload.Model;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQL through crashes: a child JVM writes the operations of {@link CrashWorkload} through JDBC
 * into a {@code file:} database (single statements and multi-statement transactions, on tables
 * with global and local secondary indexes), logging the number of each operation once its
 * statement or commit returned to a side file it forces to disk. The parent kills it with SIGKILL
 * at a random moment (while it opens the database, too), reopens the database and checks that it
 * holds exactly the operations up to the last logged one, or those and the one in flight, whole
 * (every acknowledged statement present, none half applied), and that {@code ALTER INDEX ...
 * VERIFY} finds no difference in any index. 10 kills in CI, 200 with
 * {@code -Dcellar.test.scale=10}; {@code -Dcellar.fuzz.seed=N} repeats a run's choices.
 */
class SqlCrashTest {
  private static final int SCALE = Integer.getInteger("cellar.test.scale", 1);
  /**
   * The run's random choices: {@code -Dcellar.fuzz.seed=N}, else a fixed seed in the CI form (so
   * that CI checks the same inputs every time) and a new one in the long form.
   */
  private static final long SEED = Long.getLong("cellar.fuzz.seed",
      Integer.getInteger("cellar.test.scale", 1) > 1 ? System.nanoTime() : 20261126L);

  /** The child. Args: database directory, side log, seed, first operation. Runs until killed. */
  public static void main(String[] args) throws Exception {
    long seed = Long.parseLong(args[2]);
    try (FileChannel log = FileChannel.open(Path.of(args[1]), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
            StandardOpenOption.APPEND);
        Connection c = DriverManager.getConnection("jdbc:cellar:file:" + args[0])) {
      System.out.println("open");
      System.out.flush();
      for (long n = Long.parseLong(args[3]); ; n++) {
        CrashWorkload.run(c, CrashWorkload.op(seed, n));
        log.write(ByteBuffer.wrap((n + "\n").getBytes(StandardCharsets.US_ASCII)));
        log.force(false);
        System.out.println(n);
        System.out.flush();
      }
    }
  }

  @Test
  void everyAcknowledgedOperationSurvivesASigkillWholeAndIndexesMatch(@TempDir Path dir) throws Exception {
    System.out.println("SqlCrashTest seed " + SEED + " (-Dcellar.fuzz.seed=" + SEED + " repeats its choices)");
    Path db = dir.resolve("db");
    Path acks = dir.resolve("acknowledged");
    try (Connection c = DriverManager.getConnection("jdbc:cellar:file:" + db)) {
      CrashWorkload.create(c);
    }
    Random rnd = new Random(SEED);
    Model applied = new Model(); // the state after operations 0..next-1
    long next = 0;
    int kills = SCALE > 1 ? 20 * SCALE : 10;
    int inFlightApplied = 0;
    int duringOpen = 0;
    long start = System.nanoTime();
    for (int cycle = 0; cycle < kills; cycle++) {
      Path err = dir.resolve("child-" + cycle + ".err");
      Process p = ChildJvm.start(err, List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"),
          SqlCrashTest.class, db.toString(), acks.toString(), Long.toString(SEED), Long.toString(next));
      try {
        if (rnd.nextInt(8) == 0) {
          duringOpen++;
          Thread.sleep(200 + rnd.nextInt(2500)); // while it starts, opens and recovers the database
        } else {
          BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream()));
          int target = 1 + rnd.nextInt(40);
          for (int n = 0; n < target; n++) {
            String line = out.readLine();
            assertTrue(line != null, () -> "child stopped before it was killed: " + read(err));
          }
          Thread.sleep(rnd.nextInt(30));
        }
        p.toHandle().destroyForcibly();
        int exit = p.waitFor();
        assertEquals(137, exit, () -> "child died of SIGKILL: " + read(err));
      } finally {
        p.destroyForcibly();
      }
      long lastAcknowledged = lastAcknowledged(acks);
      // every acknowledged operation: the model up to it
      while (next <= lastAcknowledged) {
        CrashWorkload.op(SEED, next).effect().accept(applied);
        next++;
      }
      Model withInFlight = applied.copy();
      CrashWorkload.op(SEED, next).effect().accept(withInFlight);
      try (Connection c = DriverManager.getConnection("jdbc:cellar:file:" + db); Statement s = c.createStatement()) {
        Model found = Model.read(c);
        if (found.equals(withInFlight) && !found.equals(applied)) {
          applied = withInFlight;
          next++;
          inFlightApplied++;
        } else {
          int at = cycle;
          long acknowledged = lastAcknowledged;
          Model expected = applied;
          assertEquals(expected.toString(), found.toString(), () -> "after kill " + at + " (seed " + SEED
              + "): operations 0.." + acknowledged + " acknowledged, the next one " + CrashWorkload.op(SEED, acknowledged + 1).sql());
        }
        for (String index : CrashWorkload.INDEXES) {
          assertEquals(0, s.executeLargeUpdate("ALTER INDEX " + index + " VERIFY"),
              "differences in " + index + " after kill " + cycle + " (seed " + SEED + ")");
        }
      }
    }
    System.out.println("SqlCrashTest: " + kills + " kills (" + duringOpen + " while opening), " + next
        + " operations acknowledged or found, " + inFlightApplied + " in flight found whole, "
        + (System.nanoTime() - start) / 1_000_000 + " ms");
    assertTrue(next > kills, "the children wrote " + next + " operations");
  }

  /** The last operation number the children logged (-1 for none); a torn last line is not counted. */
  private static long lastAcknowledged(Path acks) throws IOException {
    if (!Files.exists(acks)) {
      return -1;
    }
    String text = Files.readString(acks, StandardCharsets.US_ASCII);
    int end = text.lastIndexOf('\n');
    if (end < 0) {
      return -1;
    }
    int begin = text.lastIndexOf('\n', end - 1) + 1;
    return Long.parseLong(text.substring(begin, end));
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      return "(no stderr: " + e + ")";
    }
  }
}
