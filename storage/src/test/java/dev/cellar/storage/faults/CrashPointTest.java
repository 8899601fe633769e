package dev.cellar.storage.faults;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.fs.CrashPoint;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A power loss at each named step of the engine's durable changes ({@link CrashPoint}): log
 * writes, forces, rolls and deletions, store files written and installed, flushes, manifest
 * replacements, compactions, splits, bulk-load commits, and the log trim during recovery. Each
 * point is hit 3 times (20 with {@code -Dcellar.test.scale=10}) by the {@link FaultWorkload},
 * at its first, second or third occurrence after the cycle starts; after each, the store reopens
 * and holds what {@link FaultWorkload#verify} requires. {@code -Dcellar.faults.seed=N} repeats a
 * run's random choices.
 */
class CrashPointTest {
  private static final int SCALE = Integer.getInteger("cellar.test.scale", 1);
  private static final long SEED = Long.getLong("cellar.faults.seed", System.nanoTime());
  private static final int CRASHES_PER_STORE = 25;

  @ParameterizedTest
  @EnumSource(CrashPoint.class)
  void storeRecoversFromACrashAt(CrashPoint point) {
    int target = SCALE >= 10 ? 20 : 3;
    // the log's trim is reached only when a crash left a torn record behind: give it more tries
    int budget = target * (point == CrashPoint.WAL_TRIMMED ? 30 : 10);
    int hits = 0;
    int attempts = 0;
    Map<String, Integer> elsewhere = new TreeMap<>();
    int hitsBefore = 0;
    for (int life = 0; hits < target && attempts < budget; life++) {
      long seed = SEED + point.ordinal() * 1000L + life;
      try (FaultMachine m = new FaultMachine(seed)) {
        String where = point + ", store " + life + " (seed " + seed + ")";
        m.open(where + ", first open", false, null);
        while (hits < target && attempts < budget && m.crashes < CRASHES_PER_STORE) {
          attempts++;
          if (point == CrashPoint.WAL_TRIMMED) {
            // Reached only while recovering from a torn log: cut the power while records are unforced.
            m.fs.crashAt(CrashPoint.WAL_WRITTEN, 1 + m.rnd.nextInt(3));
          } else {
            m.fs.crashAt(point, 1 + m.rnd.nextInt(3));
          }
          m.run(300);
          m.restart(false);
          // Steps of recovery (the log's trim, orphans deleted, the new segment) are hit while opening.
          m.open(where + ", crash " + m.crashes + " at " + m.lastSite, false, fs -> {
            if (m.rnd.nextInt(point == CrashPoint.WAL_TRIMMED ? 2 : 3) == 0) {
              fs.crashAt(point, 1);
            }
          });
          hits = hitsBefore + hits(m.sites, point);
        }
        hitsBefore = hits;
        m.sites.forEach((k, v) -> elsewhere.merge(k, v, Integer::sum));
      }
    }
    int h = hits;
    System.out.printf("CrashPointTest: %s hit %d times in %d crashes (seed %d)%n", point, hits, attempts(elsewhere), SEED);
    assertTrue(hits >= target, () -> point + " was hit " + h + " times in " + attempts(elsewhere) + " crashes, not "
        + target + ": " + elsewhere);
  }

  private static int hits(Map<String, Integer> sites, CrashPoint point) {
    int n = 0;
    for (Map.Entry<String, Integer> e : sites.entrySet()) {
      if (e.getKey().startsWith(point.name() + " ")) {
        n += e.getValue();
      }
    }
    return n;
  }

  private static int attempts(Map<String, Integer> sites) {
    return sites.values().stream().mapToInt(Integer::intValue).sum();
  }
}
