package dev.cellar.storage.region;

import dev.cellar.storage.ColumnFamilyDescriptor;
import java.util.NavigableSet;

/**
 * How one family is read by one query: the qualifiers asked for ({@code null} = all), the
 * versions to return and the expiry boundary fixed when the read started.
 *
 * @param qualifiers requested qualifiers in order, or {@code null} for the whole family
 * @param maxVersions the smaller of the query's and the family's VERSIONS
 * @param minVersions the family's MIN_VERSIONS
 * @param oldestUnexpired cells with a smaller timestamp are expired (TTL); {@link Long#MIN_VALUE} if no TTL
 */
record FamilyReadSpec(NavigableSet<byte[]> qualifiers, int maxVersions, int minVersions, long oldestUnexpired) {

  static FamilyReadSpec of(ColumnFamilyDescriptor fd, NavigableSet<byte[]> qualifiers, int queryVersions, long nowMs) {
    long oldest = Long.MIN_VALUE;
    if (fd.hasTtl()) {
      oldest = nowMs - fd.ttlSeconds() * 1000L;
    }
    return new FamilyReadSpec(qualifiers, Math.min(queryVersions, fd.maxVersions()), fd.minVersions(), oldest);
  }
}
