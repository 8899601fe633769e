package dev.cellar.storage.faults;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Power losses at random points of writes, flushes, compactions, splits, bulk loads and manifest
 * changes, on a {@link dev.cellar.storage.fs.FaultyVfs} that keeps of the unforced bytes and
 * directory changes none, some or all. After each, the store must reopen (even when another
 * power loss cuts its recovery short) and hold what {@link FaultWorkload#verify} requires:
 * every acknowledged {@code FSYNC_WAL} write and everything flushed, losses only as a suffix of
 * the log, batches whole or absent, committed bulk loads whole.
 *
 * <p>50 crashes (1,000 with {@code -Dcellar.test.scale=10}); one store lives through 25 of them.
 * {@code -Dcellar.faults.seed=N} repeats a run's random choices (not its thread timing).
 */
class PowerLossTest {
  private static final int SCALE = Integer.getInteger("cellar.test.scale", 1);
  private static final long SEED = Long.getLong("cellar.faults.seed", System.nanoTime());
  private static final int CRASHES_PER_STORE = 25;

  @Test
  void acknowledgedWritesSurvivePowerLoss() {
    int crashes = SCALE >= 10 ? 1000 : 50;
    long started = System.nanoTime();
    int total = 0;
    int recovery = 0;
    Map<String, Integer> sites = new java.util.TreeMap<>();
    FaultWorkload.Counts counts = new FaultWorkload.Counts();
    for (int life = 0; total < crashes; life++) {
      long seed = SEED + life;
      try (FaultMachine m = new FaultMachine(seed)) {
        String where = "store " + life + " (seed " + seed + ")";
        m.open(where + ", first open", false, null);
        while (m.crashes < CRASHES_PER_STORE && total + m.crashes < crashes) {
          // Cut the power at a random call that changes the disk, or during recovery.
          m.fs.crashAfterMutations(1 + m.rnd.nextInt(600));
          m.run(400);
          boolean processCrash = m.rnd.nextInt(8) == 0;
          m.restart(processCrash);
          int n = m.crashes;
          m.open(where + ", crash " + n + " at " + m.lastSite, processCrash,
              fs -> {
                if (m.rnd.nextInt(6) == 0) {
                  fs.crashAfterMutations(1 + m.rnd.nextInt(12));
                }
              });
        }
        total += m.crashes;
        recovery += m.crashesDuringRecovery;
        m.sites.forEach((k, v) -> sites.merge(k, v, Integer::sum));
        counts.add(m.work);
      }
    }
    System.out.printf("PowerLossTest: %d power losses (%d during recovery) in %.1f s, seed %d; %s%n  sites: %s%n",
        total, recovery, (System.nanoTime() - started) / 1e9, SEED, counts, sites);
    assertTrue(sites.keySet().stream().anyMatch(k -> k.contains("data/")), "no crash while writing a store file");
    assertTrue(sites.keySet().stream().anyMatch(k -> k.contains("MANIFEST")), "no crash while saving the manifest");
    assertTrue(sites.keySet().stream().anyMatch(k -> k.contains("wal/")), "no crash while writing the log");
  }
}
