package dev.cellar.storage.filter;

import dev.cellar.storage.Cell;
import java.util.Collection;
import java.util.Collections;
import java.util.NavigableSet;
import java.util.TreeSet;

/**
 * Keeps the cells whose timestamp is one of a given list. Versions of a column come newest
 * first, so once a column is below the smallest listed timestamp the rest of it is skipped.
 * The filter applies to the versions the read rules return: to find an old version, read
 * enough versions ({@link dev.cellar.storage.Query#readVersions}) or set a time range. An
 * empty list keeps nothing. Stateless.
 */
public final class TimestampsFilter extends Filter {
  private final NavigableSet<Long> timestamps;

  public TimestampsFilter(Collection<Long> timestamps) {
    this.timestamps = Collections.unmodifiableNavigableSet(new TreeSet<>(timestamps));
  }

  /** The listed timestamps, ascending. */
  public NavigableSet<Long> getTimestamps() {
    return timestamps;
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    if (timestamps.contains(c.timestamp())) {
      return ReturnCode.INCLUDE;
    }
    if (timestamps.isEmpty() || c.timestamp() < timestamps.first()) {
      return ReturnCode.NEXT_COL;
    }
    return ReturnCode.SKIP;
  }

  @Override
  public String toString() {
    return "TimestampsFilter(" + timestamps + ")";
  }

  @Override
  public Filter copy() {
    return new TimestampsFilter(timestamps);
  }
}
