package dev.cellar.sql.adapter;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What each scan of one statement read, collected while {@code EXPLAIN ANALYZE} runs it: per
 * access path, the rows and cells the store returned, the storage requests made and the time
 * spent in them. Scans find the profile of the statement running on their thread through
 * {@link #current()}; outside {@code EXPLAIN ANALYZE} there is none and nothing is collected.
 */
final class QueryProfile {
  /** One scan's figures. */
  static final class ScanStats {
    long rows;
    long cells;
    long requests;
    long nanos;
  }

  private static final ThreadLocal<QueryProfile> CURRENT = new ThreadLocal<>();

  private final Map<String, ScanStats> scans = new LinkedHashMap<>();

  /** The profile of the statement this thread runs, or null. */
  static QueryProfile current() {
    return CURRENT.get();
  }

  /** Makes this the current thread's profile until {@link #stop()}. */
  void start() {
    CURRENT.set(this);
  }

  void stop() {
    CURRENT.remove();
  }

  /** The figures of the scan of {@code table} along {@code path}. */
  synchronized ScanStats scan(String table, AccessPath path) {
    return scans.computeIfAbsent(key(table, path), k -> new ScanStats());
  }

  /**
   * A plan line with the figures of the scan it shows appended: {@code line} itself when it
   * shows no scan this profile has seen.
   */
  synchronized String annotate(String line) {
    if (!line.contains("CellarTableScan(")) {
      return line;
    }
    for (Map.Entry<String, ScanStats> e : scans.entrySet()) {
      String key = e.getKey();
      int bar = key.indexOf('|');
      String table = key.substring(0, bar);
      String path = key.substring(bar + 1);
      if (line.contains(", " + table + "]]") && line.contains("path=[" + path + "]")) {
        ScanStats s = e.getValue();
        return line + ": rows read " + s.rows + ", cells read " + s.cells + ", requests " + s.requests
            + ", time " + String.format(java.util.Locale.ROOT, "%.3f", s.nanos / 1e6) + " ms";
      }
    }
    return line + ": not run";
  }

  private static String key(String table, AccessPath path) {
    return table + "|" + path;
  }
}
