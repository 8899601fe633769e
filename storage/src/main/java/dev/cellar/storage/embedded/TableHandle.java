package dev.cellar.storage.embedded;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.region.Region;
import java.util.List;

/** An open table: its id, current descriptor and regions in key order. */
final class TableHandle {
  private final long id;
  private volatile TableDescriptor descriptor;
  private volatile List<Region> regions;
  private volatile boolean dropped;

  TableHandle(long id, TableDescriptor descriptor, List<Region> regions) {
    this.id = id;
    this.descriptor = descriptor;
    this.regions = List.copyOf(regions);
  }

  long id() {
    return id;
  }

  TableDescriptor descriptor() {
    return descriptor;
  }

  String name() {
    return descriptor.name();
  }

  List<Region> regions() {
    return regions;
  }

  boolean isDropped() {
    return dropped;
  }

  void markDropped() {
    dropped = true;
  }

  /** The region holding {@code row}. */
  Region regionFor(byte[] row) {
    List<Region> rs = regions;
    int lo = 0;
    int hi = rs.size() - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (Bytes.compare(rs.get(mid).startRow(), row) <= 0) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return rs.get(lo);
  }
}
