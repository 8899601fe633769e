package dev.cellar.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A child JVM writes random DML (the statements of {@link IndexWorkload}) to a database directory
 * and is killed with SIGKILL mid-write; after reopening the directory, every index equals its
 * table ({@code ALTER INDEX ... VERIFY} finds no difference). Data and entries are one store
 * write, so the log holds both or neither.
 */
class IndexCrashTest {
  private static final int CYCLES = Integer.getInteger("cellar.index.crashCycles", 6);
  private static final long SEED = Long.getLong("cellar.index.seed", 20261121L);

  /** The child: writes statements until killed. Args: database directory, seed. */
  public static void main(String[] args) throws Exception {
    Random rnd = new Random(Long.parseLong(args[1]));
    try (Connection c = DriverManager.getConnection("jdbc:cellar:file:" + args[0]);
        Statement s = c.createStatement()) {
      for (long n = 1; ; n++) {
        IndexWorkload.run(s, IndexWorkload.next(rnd));
        // progress, so that the parent kills a child that is writing, however slowly it started
        System.out.println(n);
        System.out.flush();
      }
    }
  }

  @Test
  void indexesEqualTheirTablesAfterEveryCrash(@TempDir Path dir) throws Exception {
    Path db = dir.resolve("db");
    try (Connection c = DriverManager.getConnection("jdbc:cellar:file:" + db)) {
      IndexWorkload.create(c);
    }
    Random rnd = new Random(SEED);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    long rowsSeen = 0;
    for (int cycle = 0; cycle < CYCLES; cycle++) {
      Path err = dir.resolve("child-" + cycle + ".err");
      Process p = new ProcessBuilder(List.of(java, "-Xmx256m", "-XX:+UseSerialGC", "-cp", cp,
          IndexCrashTest.class.getName(), db.toString(), Long.toString(SEED * 31 + cycle)))
          .redirectError(err.toFile()).start();
      try {
        killMidWrite(p, rnd, err);
      } finally {
        p.destroyForcibly();
      }
      try (Connection c = DriverManager.getConnection("jdbc:cellar:file:" + db); Statement s = c.createStatement()) {
        for (String ix : IndexWorkload.INDEXES) {
          assertEquals(0, s.executeLargeUpdate("ALTER INDEX " + ix + " ON t VERIFY"),
              "differences between " + ix + " and T after crash " + cycle + " (seed " + SEED + ")");
        }
        rowsSeen = Long.parseLong(Sql.strings(c, "SELECT COUNT(*) FROM t").get(0));
      }
    }
    assertTrue(rowsSeen > 0, "the children wrote rows");
  }

  /** Waits until the child has written some statements, then SIGKILLs it at a random point of the next ones. */
  private static void killMidWrite(Process p, Random rnd, Path err) throws Exception {
    java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream()));
    int target = 20 + rnd.nextInt(100);
    for (int n = 0; n < target; n++) {
      String line = out.readLine();
      assertTrue(line != null, () -> "child stopped before it was killed: " + read(err));
    }
    Thread.sleep(rnd.nextInt(200));
    assertTrue(p.isAlive(), () -> "child stopped before it was killed: " + read(err));
    p.toHandle().destroyForcibly();
    assertEquals(137, p.waitFor(), "child died of SIGKILL");
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (java.io.IOException e) {
      return "(no stderr: " + e + ")";
    }
  }
}
