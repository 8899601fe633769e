package dev.cellar.storage;

import dev.cellar.storage.filter.Filter;
import java.util.Collections;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What {@link Get} and {@link Scan} share: the columns to read, a time range, how many
 * versions of each column to return and an optional {@link Filter}.
 */
public abstract class Query<Q extends Query<Q>> {
  /** family → qualifiers; a {@code null} set means the whole family. Empty map: every family. */
  private final TreeMap<byte[], NavigableSet<byte[]>> columns = new TreeMap<>(Bytes::compare);
  private TimeRange timeRange = TimeRange.ALL;
  private int maxVersions = 1;
  private Filter filter;

  @SuppressWarnings("unchecked")
  private Q self() {
    return (Q) this;
  }

  /** Reads every column of {@code family}. */
  public Q addFamily(byte[] family) {
    columns.put(Mutation.family(family), null);
    return self();
  }

  /** Convenience: UTF-8 family. */
  public Q addFamily(String family) {
    return addFamily(Bytes.toBytes(family));
  }

  /** Reads one column; has no effect if the whole family is already requested. */
  public Q addColumn(byte[] family, byte[] qualifier) {
    Objects.requireNonNull(qualifier, "qualifier");
    byte[] f = Mutation.family(family);
    if (columns.containsKey(f) && columns.get(f) == null) {
      return self();
    }
    columns.computeIfAbsent(f, k -> new TreeSet<>(Bytes::compare)).add(qualifier);
    return self();
  }

  /** Convenience: UTF-8 family and qualifier. */
  public Q addColumn(String family, String qualifier) {
    return addColumn(Bytes.toBytes(family), Bytes.toBytes(qualifier));
  }

  /** The requested columns: family → qualifiers ({@code null} = whole family); empty = everything. */
  public Map<byte[], NavigableSet<byte[]>> columns() {
    return Collections.unmodifiableMap(columns);
  }

  /** Only cells with timestamps in {@code [min, max)}. */
  public Q setTimeRange(long min, long max) {
    this.timeRange = TimeRange.between(min, max);
    return self();
  }

  /** Only cells with exactly this timestamp. */
  public Q setTimestamp(long ts) {
    this.timeRange = TimeRange.at(ts);
    return self();
  }

  public TimeRange timeRange() {
    return timeRange;
  }

  /**
   * Returns up to {@code n} versions of each column (capped by the family's VERSIONS).
   *
   * @throws IllegalArgumentException if {@code n < 1}
   */
  public Q readVersions(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("versions to read must be at least 1, got " + n);
    }
    this.maxVersions = n;
    return self();
  }

  /** Returns every version each family keeps. */
  public Q readAllVersions() {
    this.maxVersions = Integer.MAX_VALUE;
    return self();
  }

  public int maxVersions() {
    return maxVersions;
  }

  /**
   * Evaluates {@code filter} inside the engine on the cells the other settings select (after
   * versions, time range, TTL and deletes); {@code null} removes it. A filter instance holds
   * the state of one read: give each scan or get its own (see {@link Filter}).
   */
  public Q setFilter(Filter filter) {
    this.filter = filter;
    return self();
  }

  /** The filter, or {@code null}. */
  public Filter filter() {
    return filter;
  }
}
