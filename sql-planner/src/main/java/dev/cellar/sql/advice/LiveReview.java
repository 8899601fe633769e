package dev.cellar.sql.advice;

import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.database.RegionRates;
import dev.cellar.sql.database.TableStatistics;
import dev.cellar.storage.RegionInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rules over a table's live statistics: the store's figures for its regions now, and the
 * counts {@code UPDATE STATISTICS} last took ({@link TableStatistics}):
 * <ul>
 *   <li>{@code HOT_REGION}: one region took at least {@value #HOT_SHARE_PERCENT}% of the table's
 *       writes (or reads) over the database's window ({@link RegionRates}; before a second sample,
 *       since the store opened), and the table had at least {@value #HOT_MIN_REQUESTS} of them;
 *   <li>{@code REGION_SIZE_SKEW}: one region holds at least {@value #SKEW_RATIO} times the median
 *       of its siblings' bytes (store files and memstore) and at least {@value #SKEW_MIN_BYTES}
 *       bytes;
 *   <li>{@code FAMILY_ROW_SKEW}: the family with the most rows has a cell in at least
 *       {@value FamilyRowSkew#RATIO} times as many rows as another family of the table (which may
 *       have none), and in at least {@value FamilyRowSkew#MIN_ROWS} ({@link FamilyRowSkew}).
 * </ul>
 * A table of one region gets neither region rule: it has nothing to compare with. The family
 * rule is also a warning of DDL that changes the table ({@link CatalogReview#changes}).
 */
public final class LiveReview {
  private static final Logger LOG = LoggerFactory.getLogger(LiveReview.class);

  /** The share of a table's requests that makes a region hot. */
  static final int HOT_SHARE_PERCENT = 75;
  /** The requests a table must have had for its regions to be judged hot. */
  static final long HOT_MIN_REQUESTS = 1_000;
  /** How many times its siblings' median a region must hold to be skewed. */
  static final int SKEW_RATIO = 10;
  /** The bytes a region must hold to be skewed. */
  static final long SKEW_MIN_BYTES = 1L << 20;

  private LiveReview() {}

  /**
   * The advice on {@code t}'s regions now (none when the store cannot give their statistics) and
   * on its families' rows as last counted.
   *
   * @throws dev.cellar.sql.CellarSqlException XX001 if the table's statistics record cannot be read
   */
  public static List<Advice> table(CellarDatabase db, TableDef t) {
    List<Advice> out = regions(db, t);
    out.addAll(statistics(db, t));
    return out;
  }

  /**
   * The advice on {@code t}'s families' rows as {@code UPDATE STATISTICS} last counted them: a
   * {@code FAMILY_ROW_SKEW}, or nothing.
   *
   * @throws dev.cellar.sql.CellarSqlException XX001 if the table's statistics record cannot be read
   */
  static List<Advice> statistics(CellarDatabase db, TableDef t) {
    Optional<TableStatistics.Counts> counts = TableStatistics.of(db).counts(t.schema(), t.name());
    Advice a = counts.isEmpty() ? null : FamilyRowSkew.advice(t, counts.get());
    return a == null ? List.of() : List.of(a);
  }

  private static List<Advice> regions(CellarDatabase db, TableDef t) {
    List<RegionRates.Rated> regions;
    try {
      regions = RegionRates.of(db).sample(db.store().admin().regions(t.storageName()));
    } catch (RuntimeException e) {
      LOG.debug("no region statistics of store table {} for advice: {}", t.storageName(), e.toString());
      return new ArrayList<>();
    }
    List<Advice> out = new ArrayList<>();
    if (regions.size() < 2) {
      return out;
    }
    hot(t, regions, true, out);
    hot(t, regions, false, out);
    skew(t, regions, out);
    return out;
  }

  private static void hot(TableDef t, List<RegionRates.Rated> regions, boolean writes, List<Advice> out) {
    boolean windowed = true;
    for (RegionRates.Rated r : regions) {
      windowed &= r.windowMillis() > 0;
    }
    double total = 0;
    double[] each = new double[regions.size()];
    for (int i = 0; i < each.length; i++) {
      RegionRates.Rated r = regions.get(i);
      // requests in the window, or since the store opened
      each[i] = windowed ? (writes ? r.writesInWindow() : r.readsInWindow())
          : writes ? r.region().writeRequests() : r.region().readRequests();
      total += each[i];
    }
    if (total < HOT_MIN_REQUESTS) {
      return;
    }
    for (int i = 0; i < each.length; i++) {
      double share = each[i] / total;
      if (share * 100 >= HOT_SHARE_PERCENT) {
        String what = writes ? "writes" : "reads";
        String when = windowed ? "over the last " + Math.max(1, regions.get(i).windowMillis() / 1000) + " s"
            : "since the store opened";
        out.add(new Advice(Advice.Rule.HOT_REGION, t.name(), regions.get(i).region().name(),
            String.format(Locale.ROOT, "this region took %d%% of the %s of its table's %d regions %s (%,d of %,d): "
                + "one region server does the table's work", Math.round(share * 100), what, regions.size(), when,
                Math.round(each[i]), Math.round(total)),
            "spread the " + what + " over the key: SALT_BUCKETS=N, or a key that does not start with the hot "
                + "values; or split the region (ALTER TABLE " + t.name() + " SPLIT AT (...)) if its load has more "
                + "than one hot key"));
      }
    }
  }

  private static void skew(TableDef t, List<RegionRates.Rated> regions, List<Advice> out) {
    long[] bytes = new long[regions.size()];
    for (int i = 0; i < bytes.length; i++) {
      RegionInfo r = regions.get(i).region();
      bytes[i] = r.storeFileBytes() + r.memstoreBytes();
    }
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] < SKEW_MIN_BYTES) {
        continue;
      }
      long[] siblings = new long[bytes.length - 1];
      for (int j = 0, k = 0; j < bytes.length; j++) {
        if (j != i) {
          siblings[k++] = bytes[j];
        }
      }
      java.util.Arrays.sort(siblings);
      int n = siblings.length;
      double median = n % 2 == 1 ? siblings[n / 2] : (siblings[n / 2 - 1] + siblings[n / 2]) / 2.0;
      if (bytes[i] >= SKEW_RATIO * median) {
        String times = median == 0 ? "while its siblings are empty"
            : String.format(Locale.ROOT, "%,.0f times the median of its %d siblings (%,.0f bytes)", bytes[i] / median,
                n, median);
        out.add(new Advice(Advice.Rule.REGION_SIZE_SKEW, t.name(), regions.get(i).region().name(),
            String.format(Locale.ROOT, "this region holds %,d bytes, %s: its reads, flushes and compactions fall on "
                + "one region server", bytes[i], times),
            "split it at a key inside it (ALTER TABLE " + t.name() + " SPLIT AT (...), or SPLIT without a point at "
                + "its middle), or choose split points over the values the key takes"));
      }
    }
  }
}
