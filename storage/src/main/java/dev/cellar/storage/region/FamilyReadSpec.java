package dev.cellar.storage.region;

import dev.cellar.storage.ColumnFamilyDescriptor;
import java.util.Arrays;
import java.util.NavigableSet;

/**
 * How one family is read by one query: the qualifiers asked for ({@code null} = all), the
 * versions to return and the expiry boundary fixed when the read started.
 *
 * @param qualifiers requested qualifiers in unsigned byte order, or {@code null} for the whole family
 * @param maxVersions the smaller of the query's and the family's VERSIONS
 * @param minVersions the family's MIN_VERSIONS
 * @param oldestUnexpired cells with a smaller timestamp are expired (TTL); {@link Long#MIN_VALUE} if no TTL
 */
record FamilyReadSpec(byte[][] qualifiers, int maxVersions, int minVersions, long oldestUnexpired) {

  static FamilyReadSpec of(ColumnFamilyDescriptor fd, NavigableSet<byte[]> qualifiers, int queryVersions, long nowMs) {
    long oldest = Long.MIN_VALUE;
    if (fd.hasTtl()) {
      oldest = nowMs - fd.ttlSeconds() * 1000L;
    }
    // the set is ordered as unsigned bytes (Query keeps its qualifiers so)
    byte[][] sorted = qualifiers == null ? null : qualifiers.toArray(new byte[0][]);
    return new FamilyReadSpec(sorted, Math.min(queryVersions, fd.maxVersions()), fd.minVersions(), oldest);
  }

  /** Whether every qualifier of the family is read. */
  boolean wholeFamily() {
    return qualifiers == null;
  }

  /**
   * Where {@code q[off, off+len)} lies among the requested qualifiers: its index if requested,
   * else {@code -(insertion point) - 1}, as {@link Arrays#binarySearch} answers.
   */
  int find(byte[] q, int off, int len) {
    int lo = 0;
    int hi = qualifiers.length - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      byte[] m = qualifiers[mid];
      int c = Arrays.compareUnsigned(m, 0, m.length, q, off, off + len);
      if (c < 0) {
        lo = mid + 1;
      } else if (c > 0) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    return -lo - 1;
  }
}
