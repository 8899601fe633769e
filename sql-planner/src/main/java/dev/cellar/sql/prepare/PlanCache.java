package dev.cellar.sql.prepare;

import dev.cellar.sql.session.CellarSession;
import java.lang.reflect.Type;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.jdbc.CalcitePrepare;

/**
 * Prepared plans of one connection by SQL text (DESIGN.md: preparing costs 6–15 ms and Calcite
 * keeps no plans). A plan is reused only at the catalog version it was made at; any DDL makes
 * every older plan stale. Least recently used plans go first once {@code capacity} is reached.
 * Thread-safe.
 */
final class PlanCache implements CellarSession.PlanCacheStats {
  /** What a plan depends on besides the catalog. */
  record Key(String sql, List<String> schemaPath, long maxRowCount, Type elementType) {}

  /**
   * A plan, or a null signature where none can be made, with the generation of compiled code it
   * was made in ({@link #forgetAll}).
   */
  private record Plan(long version, long generation, CalcitePrepare.CalciteSignature<?> signature) {}

  /** Raised when every plan of every connection must be made again. */
  private static final java.util.concurrent.atomic.AtomicLong GENERATION = new java.util.concurrent.atomic.AtomicLong();

  /**
   * Makes every plan of every connection stale: a plan holds its compiled code, and that code
   * failed to initialize ({@link CellarPrepare#forgetCompiledCode()}).
   */
  static void forgetAll() {
    GENERATION.incrementAndGet();
  }

  private static boolean current(Plan p, long version) {
    return p.version == version && p.generation == GENERATION.get();
  }

  private final int capacity;
  private final Map<Key, Plan> plans;
  private long hits;
  private long misses;

  /** Which literals of each statement shape become parameters, found again without parsing. */
  final LiteralShapes shapes;

  PlanCache(int capacity) {
    this.capacity = capacity;
    this.shapes = new LiteralShapes(capacity);
    this.plans = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<Key, Plan> eldest) {
        return size() > PlanCache.this.capacity;
      }
    };
  }

  /** The plan for {@code key} made at catalog {@code version}, or {@code null}. */
  @SuppressWarnings("unchecked")
  synchronized <T> CalcitePrepare.CalciteSignature<T> get(Key key, long version) {
    Plan p = plans.get(key);
    if (p != null && current(p, version) && p.signature != null) {
      hits++;
      return (CalcitePrepare.CalciteSignature<T>) p.signature;
    }
    if (p != null && !current(p, version)) {
      plans.remove(key);
    }
    misses++;
    return null;
  }

  /** Records that no plan can be made for {@code key} at catalog {@code version}. */
  synchronized void refuse(Key key, long version) {
    if (capacity > 0) {
      plans.put(key, new Plan(version, GENERATION.get(), null));
    }
  }

  /** Whether {@link #refuse} recorded {@code key} at catalog {@code version}. */
  synchronized boolean refused(Key key, long version) {
    Plan p = plans.get(key);
    return p != null && current(p, version) && p.signature == null;
  }

  synchronized void put(Key key, long version, CalcitePrepare.CalciteSignature<?> signature) {
    if (capacity > 0) {
      plans.put(key, new Plan(version, GENERATION.get(), signature));
    }
  }

  @Override
  public synchronized long hits() {
    return hits;
  }

  @Override
  public synchronized long misses() {
    return misses;
  }

  synchronized int size() {
    return plans.size();
  }
}
