package dev.cellar.sql.database;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.RegionInfo;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Reads and writes per second of each region, from the store's request counters
 * ({@link RegionInfo#readRequests()}, {@link RegionInfo#writeRequests()}) over a sliding window
 * of {@value #WINDOW_MS} ms: each look at a table's regions ({@code CELLAR.REGIONS},
 * {@code CELLAR.ADVICE}) records a sample, and a region's rate is the change of its counters
 * from its oldest sample in the window to now. A region seen for the first time (a new table, a
 * daughter of a split) has no rate until it is looked at again. Thread-safe.
 */
public final class RegionRates {
  /** The window rates are measured over. */
  public static final long WINDOW_MS = 60_000;

  private final LongSupplier clock;
  private final Map<String, Deque<Sample>> samples = new HashMap<>();

  private record Sample(long millis, long reads, long writes) {}

  /**
   * A region's statistics with its rates.
   *
   * @param readsPerSecond reads per second over the window, or {@code null} before a second sample
   * @param writesPerSecond writes per second over the window, or {@code null} before a second sample
   * @param windowMillis the time the rates are measured over (0 when there are none)
   * @param readsInWindow the reads counted over that time (0 when there are no rates)
   * @param writesInWindow the writes counted over that time (0 when there are no rates)
   */
  public record Rated(RegionInfo region, Double readsPerSecond, Double writesPerSecond, long windowMillis,
      long readsInWindow, long writesInWindow) {}

  RegionRates(LongSupplier clock) {
    this.clock = clock;
  }

  /** The rates of {@code db}. */
  public static RegionRates of(CellarDatabase db) {
    return db.extension(RegionRates.class, d -> new RegionRates(System::currentTimeMillis));
  }

  /** Records a sample of {@code regions} (one table's, as the store gives them) and returns them with their rates. */
  public synchronized List<Rated> sample(List<RegionInfo> regions) {
    long now = clock.getAsLong();
    List<Rated> out = new ArrayList<>(regions.size());
    for (RegionInfo r : regions) {
      String key = r.table() + "\u0000" + Bytes.toStringBinary(r.startRow()) + "\u0000"
          + Bytes.toStringBinary(r.endRow());
      Deque<Sample> d = samples.computeIfAbsent(key, k -> new ArrayDeque<>());
      while (d.size() > 1 && now - d.peekFirst().millis() > WINDOW_MS) {
        d.removeFirst();
      }
      Sample first = d.peekFirst();
      if (first != null && (r.readRequests() < first.reads() || r.writeRequests() < first.writes())) {
        d.clear(); // counters started again (the store reopened)
        first = null;
      }
      long span = first == null ? 0 : now - first.millis();
      if (first != null && span > 0) {
        double seconds = span / 1000.0;
        long reads = r.readRequests() - first.reads();
        long writes = r.writeRequests() - first.writes();
        out.add(new Rated(r, reads / seconds, writes / seconds, span, reads, writes));
      } else {
        out.add(new Rated(r, null, null, 0, 0, 0));
      }
      d.addLast(new Sample(now, r.readRequests(), r.writeRequests()));
      if (d.size() > 1_000) {
        d.removeFirst();
      }
    }
    if (samples.size() > 10_000) {
      samples.entrySet().removeIf(e -> now - e.getValue().peekLast().millis() > WINDOW_MS);
    }
    return out;
  }
}
