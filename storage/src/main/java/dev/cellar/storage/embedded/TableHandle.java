package dev.cellar.storage.embedded;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.region.Region;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/** An open table: its id, current descriptor and regions in key order. */
final class TableHandle {
  private final long id;
  private volatile TableDescriptor descriptor;
  private volatile List<Region> regions;
  private volatile boolean dropped;
  private volatile boolean enabled = true;
  /** Striped row locks: every write holds its rows' stripes, so check-and-mutate and increments are atomic. */
  private final ReentrantLock[] rowLocks = new ReentrantLock[ROW_LOCK_STRIPES];
  static final int ROW_LOCK_STRIPES = 1024;

  TableHandle(long id, TableDescriptor descriptor, List<Region> regions) {
    this.id = id;
    this.descriptor = descriptor;
    this.regions = List.copyOf(regions);
    for (int i = 0; i < rowLocks.length; i++) {
      rowLocks[i] = new ReentrantLock();
    }
  }

  /** The stripe index of a row's lock. */
  static int stripe(byte[] row) {
    int h = Arrays.hashCode(row);
    return (h ^ (h >>> 16)) & (ROW_LOCK_STRIPES - 1);
  }

  ReentrantLock rowLock(int stripe) {
    return rowLocks[stripe];
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

  void setDescriptor(TableDescriptor d) {
    this.descriptor = d;
  }

  void setRegions(List<Region> rs) {
    this.regions = List.copyOf(rs);
  }

  boolean isEnabled() {
    return enabled;
  }

  void setEnabled(boolean e) {
    this.enabled = e;
  }

  boolean isDropped() {
    return dropped;
  }

  void markDropped() {
    dropped = true;
  }

  /** The last region (the one ending at the end of the key space). */
  Region lastRegion() {
    List<Region> rs = regions;
    return rs.get(rs.size() - 1);
  }

  /** The region holding the rows just below {@code start} (a region boundary). */
  Region regionBefore(byte[] start) {
    List<Region> rs = regions;
    Region best = rs.get(0);
    for (Region r : rs) {
      if (Bytes.compare(r.startRow(), start) < 0) {
        best = r;
      } else {
        break;
      }
    }
    return best;
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
