package dev.cellar.storage.hbase;

import dev.cellar.storage.Admin;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.CompactionInfo;
import dev.cellar.storage.NoSuchFamilyException;
import dev.cellar.storage.RegionInfo;
import dev.cellar.storage.StorageException;
import dev.cellar.storage.StoreFileStats;
import dev.cellar.storage.TableDescriptor;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.Size;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.RegionLocator;

/**
 * {@link Admin} over HBase's {@code Admin}. Operations HBase runs in the background (major
 * compaction, split) are waited for, as the storage API promises: a major compaction until the
 * region servers report no compaction of the table, a split until the new region boundary is in
 * {@code hbase:meta}. Statistics come from the region servers' {@link RegionMetrics}: sizes are
 * whole megabytes (HBase reports them so), cell counts are unknown (-1).
 */
final class HBaseAdmin implements Admin {
  private static final long WAIT_MS = 120_000;

  private final HBaseStore store;

  HBaseAdmin(HBaseStore store) {
    this.store = store;
  }

  private org.apache.hadoop.hbase.client.Admin admin() throws IOException {
    return store.connection().getAdmin();
  }

  private interface AdminCall<T> {
    T call(org.apache.hadoop.hbase.client.Admin admin, TableName tn) throws IOException;
  }

  private <T> T run(String table, String what, AdminCall<T> call) {
    store.checkOpen();
    TableName tn = store.tableName(table);
    try (org.apache.hadoop.hbase.client.Admin admin = admin()) {
      return call.call(admin, tn);
    } catch (IOException | RuntimeException e) {
      if (e instanceof dev.cellar.storage.StorageException || e instanceof IllegalArgumentException) {
        throw (RuntimeException) e;
      }
      throw HBaseErrors.translate(e, table, what);
    }
  }

  @Override
  public void createTable(TableDescriptor descriptor) {
    createTable(descriptor, new byte[0][]);
  }

  @Override
  public void createTable(TableDescriptor descriptor, byte[][] splitKeys) {
    byte[][] keys = splitKeys(descriptor.name(), splitKeys);
    run(descriptor.name(), "create", (admin, tn) -> {
      store.ensureNamespace(admin);
      var d = HBaseDescriptors.toHBase(tn, descriptor);
      if (keys.length == 0) {
        admin.createTable(d);
      } else {
        admin.createTable(d, keys);
      }
      return null;
    });
  }

  /** The keys sorted; checked as the embedded engine checks them. */
  private static byte[][] splitKeys(String table, byte[][] keys) {
    byte[][] sorted = keys.clone();
    for (byte[] k : sorted) {
      if (k == null || k.length == 0) {
        throw new IllegalArgumentException("split keys of table '" + table + "' must not be empty");
      }
    }
    Arrays.sort(sorted, Bytes::compare);
    for (int i = 1; i < sorted.length; i++) {
      if (Arrays.equals(sorted[i - 1], sorted[i])) {
        throw new IllegalArgumentException("split key '" + Bytes.toStringBinary(sorted[i]) + "' of table '" + table
            + "' repeats");
      }
    }
    return sorted;
  }

  @Override
  public boolean tableExists(String name) {
    return run(name, "look up", (admin, tn) -> admin.tableExists(tn));
  }

  @Override
  public List<TableDescriptor> listTables() {
    store.checkOpen();
    try (org.apache.hadoop.hbase.client.Admin admin = admin()) {
      List<TableDescriptor> out = new ArrayList<>();
      for (var d : admin.listTableDescriptorsByNamespace(Bytes.toBytes(store.namespace()))) {
        out.add(HBaseDescriptors.toCellar(d.getTableName().getQualifierAsString(), d));
      }
      out.sort((a, b) -> a.name().compareTo(b.name()));
      return out;
    } catch (org.apache.hadoop.hbase.NamespaceNotFoundException e) {
      return List.of();
    } catch (IOException e) {
      throw HBaseErrors.translate(e, null, "list the tables of namespace " + store.namespace());
    }
  }

  @Override
  public TableDescriptor describe(String name) {
    return run(name, "describe", (admin, tn) -> HBaseDescriptors.toCellar(name, admin.getDescriptor(tn)));
  }

  @Override
  public void deleteTable(String name) {
    run(name, "drop", (admin, tn) -> {
      if (admin.isTableEnabled(tn)) {
        admin.disableTable(tn);
      }
      admin.deleteTable(tn);
      store.forget(name);
      return null;
    });
  }

  @Override
  public void addFamily(String table, ColumnFamilyDescriptor family) {
    run(table, "add a family to", (admin, tn) -> {
      if (admin.getDescriptor(tn).hasColumnFamily(family.nameBytes())) {
        throw new IllegalArgumentException("table '" + table + "' has a family '" + family.name() + "' already");
      }
      admin.addColumnFamily(tn, HBaseDescriptors.toHBase(family));
      return null;
    });
  }

  @Override
  public void modifyFamily(String table, ColumnFamilyDescriptor family) {
    run(table, "alter a family of", (admin, tn) -> {
      requireFamily(admin, tn, table, family.name());
      admin.modifyColumnFamily(tn, HBaseDescriptors.toHBase(family));
      return null;
    });
  }

  @Override
  public void deleteFamily(String table, String family) {
    run(table, "remove a family of", (admin, tn) -> {
      var d = requireFamily(admin, tn, table, family);
      if (d.getColumnFamilyCount() == 1) {
        throw new IllegalArgumentException("family '" + family + "' is the last of table '" + table
            + "'; a table needs at least one");
      }
      admin.deleteColumnFamily(tn, Bytes.toBytes(family));
      return null;
    });
  }

  private static org.apache.hadoop.hbase.client.TableDescriptor requireFamily(org.apache.hadoop.hbase.client.Admin admin,
      TableName tn, String table, String family) throws IOException {
    var d = admin.getDescriptor(tn);
    if (!d.hasColumnFamily(Bytes.toBytes(family))) {
      throw new NoSuchFamilyException("table '" + table + "' has no family '" + family + "'");
    }
    return d;
  }

  @Override
  public void disableTable(String name) {
    run(name, "disable", (admin, tn) -> {
      admin.disableTable(tn);
      return null;
    });
  }

  @Override
  public void enableTable(String name) {
    run(name, "enable", (admin, tn) -> {
      admin.enableTable(tn);
      return null;
    });
  }

  @Override
  public boolean isTableEnabled(String name) {
    return run(name, "look up", (admin, tn) -> admin.isTableEnabled(tn));
  }

  @Override
  public void truncateTable(String name, boolean preserveSplits) {
    run(name, "truncate", (admin, tn) -> {
      if (admin.isTableEnabled(tn)) {
        admin.disableTable(tn);
      }
      admin.truncateTable(tn, preserveSplits);
      return null;
    });
  }

  @Override
  public void flush(String name) {
    run(name, "flush", (admin, tn) -> {
      admin.flush(tn);
      return null;
    });
  }

  @Override
  public void compact(String name) {
    run(name, "compact", (admin, tn) -> {
      admin.compact(tn);
      waitForCompaction(admin, tn, name);
      return null;
    });
  }

  @Override
  public void majorCompact(String name) {
    run(name, "major-compact", (admin, tn) -> {
      admin.flush(tn);
      admin.majorCompact(tn);
      waitForCompaction(admin, tn, name);
      return null;
    });
  }

  /**
   * Waits until no region of the table is compacting: first (briefly) for the requested
   * compaction to start, then for it to end.
   */
  private static void waitForCompaction(org.apache.hadoop.hbase.client.Admin admin, TableName tn, String table)
      throws IOException {
    long start = System.currentTimeMillis();
    boolean seen = false;
    while (true) {
      CompactionState state = admin.getCompactionState(tn);
      if (state != CompactionState.NONE) {
        seen = true;
      } else if (seen || System.currentTimeMillis() - start > 1_000) {
        return;
      }
      if (System.currentTimeMillis() - start > WAIT_MS) {
        throw new StorageException("the compaction of table '" + table + "' did not finish within " + WAIT_MS + " ms");
      }
      sleep();
    }
  }

  @Override
  public void split(String name) {
    run(name, "split", (admin, tn) -> {
      int before = admin.getRegions(tn).size();
      admin.flush(tn);
      admin.split(tn);
      long start = System.currentTimeMillis();
      while (admin.getRegions(tn).size() <= before && System.currentTimeMillis() - start < 5_000) {
        sleep();
      }
      return null;
    });
  }

  @Override
  public void split(String name, byte[] splitPoint) {
    run(name, "split", (admin, tn) -> {
      for (var r : admin.getRegions(tn)) {
        if (Arrays.equals(r.getStartKey(), splitPoint)) {
          throw new IllegalArgumentException("row '" + Bytes.toStringBinary(splitPoint)
              + "' is a region boundary of table '" + name + "' already");
        }
      }
      admin.split(tn, splitPoint);
      long start = System.currentTimeMillis();
      while (true) {
        for (var r : admin.getRegions(tn)) {
          if (Arrays.equals(r.getStartKey(), splitPoint) && !r.isSplitParent() && !r.isOffline()) {
            return null;
          }
        }
        if (System.currentTimeMillis() - start > WAIT_MS) {
          throw new StorageException("the split of table '" + name + "' at '" + Bytes.toStringBinary(splitPoint)
              + "' did not finish within " + WAIT_MS + " ms");
        }
        sleep();
      }
    });
  }

  @Override
  public List<RegionInfo> regions(String name) {
    return run(name, "list the regions of", (admin, tn) -> {
      Map<String, RegionMetrics> metrics = new HashMap<>();
      List<HRegionLocation> locations;
      try (RegionLocator locator = store.connection().getRegionLocator(tn)) {
        locations = locator.getAllRegionLocations();
      }
      if (locations.isEmpty() && !admin.tableExists(tn)) {
        throw new dev.cellar.storage.TableNotFoundException("table '" + name + "' does not exist");
      }
      List<ServerName> servers = new ArrayList<>();
      for (HRegionLocation l : locations) {
        if (l.getServerName() != null && !servers.contains(l.getServerName())) {
          servers.add(l.getServerName());
        }
      }
      for (ServerName s : servers) {
        for (RegionMetrics m : admin.getRegionMetrics(s, tn)) {
          metrics.put(m.getNameAsString(), m);
        }
      }
      List<RegionInfo> out = new ArrayList<>();
      for (HRegionLocation l : locations) {
        var r = l.getRegion();
        if (r.isSplitParent() || r.isOffline()) {
          continue;
        }
        RegionMetrics m = metrics.get(r.getRegionNameAsString());
        out.add(new RegionInfo(name, r.getStartKey(), r.getEndKey(),
            m == null ? 0 : bytes(m.getStoreFileSize()), m == null ? 0 : bytes(m.getMemStoreSize()), -1,
            m == null ? 0 : m.getStoreFileCount(), m == null ? 0 : m.getReadRequestCount(),
            m == null ? 0 : m.getWriteRequestCount()));
      }
      out.sort((a, b) -> Bytes.compare(a.startRow(), b.startRow()));
      return out;
    });
  }

  /**
   * Empty for an existing table: HBase's client API ({@code Admin}, {@code RegionMetrics}) counts
   * a region's store files but does not list them (their paths, sizes and key ranges are known to
   * the region servers and the file system only).
   */
  @Override
  public List<StoreFileStats> storeFiles(String name) {
    return run(name, "list the store files of", (admin, tn) -> {
      if (!admin.tableExists(tn)) {
        throw new dev.cellar.storage.TableNotFoundException("table '" + name + "' does not exist");
      }
      return List.of();
    });
  }

  /**
   * The regions compacting now, as the region servers report them ({@code getCompactionStateForRegion}):
   * their files and bytes are the region's, their start time unknown (-1). HBase's client API keeps
   * no history of finished compactions, so none is listed.
   */
  @Override
  public List<CompactionInfo> compactions(String name) {
    return run(name, "list the compactions of", (admin, tn) -> {
      if (!admin.tableExists(tn)) {
        throw new dev.cellar.storage.TableNotFoundException("table '" + name + "' does not exist");
      }
      List<CompactionInfo> out = new ArrayList<>();
      for (var r : admin.getRegions(tn)) {
        if (r.isSplitParent() || r.isOffline()) {
          continue;
        }
        CompactionState state = admin.getCompactionStateForRegion(r.getRegionName());
        if (state == CompactionState.NONE) {
          continue;
        }
        CompactionInfo.Kind kind = state == CompactionState.MINOR ? CompactionInfo.Kind.MINOR
            : CompactionInfo.Kind.MAJOR;
        out.add(new CompactionInfo(name, r.getStartKey(), kind, 0, 0, 0, 0, -1, -1, CompactionInfo.State.RUNNING));
      }
      return out;
    });
  }

  private static long bytes(Size s) {
    return (long) s.get(Size.Unit.BYTE);
  }

  private static void sleep() throws java.io.InterruptedIOException {
    try {
      Thread.sleep(50);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while waiting");
    }
  }
}
