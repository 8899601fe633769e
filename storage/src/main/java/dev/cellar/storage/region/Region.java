package dev.cellar.storage.region;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.NoSuchFamilyException;
import dev.cellar.storage.Scan;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.iter.CellIterator;
import dev.cellar.storage.iter.MergingIterator;
import dev.cellar.storage.memstore.MemStore;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A contiguous rowkey range {@code [startRow, endRow)} of one table, with one
 * {@link FamilyStore} per family. Writers hold the updates lock shared while they add cells;
 * a flush holds it exclusively for the instant it swaps memstores.
 */
public final class Region {
  private final long tableId;
  private final String tableName;
  private final byte[] startRow;
  private final byte[] endRow;
  private final TreeMap<byte[], FamilyStore> families = new TreeMap<>(Bytes::compare);
  private final ReentrantReadWriteLock updatesLock = new ReentrantReadWriteLock();
  private volatile long flushedSequence;

  /**
   * @param files existing store files per family name
   * @param flushedSequence every write of this region at or below it is in a store file
   */
  public Region(long tableId, TableDescriptor descriptor, byte[] startRow, byte[] endRow,
      Map<String, List<StoreFileHandle>> files, long flushedSequence) {
    this.tableId = tableId;
    this.tableName = descriptor.name();
    this.startRow = startRow;
    this.endRow = endRow;
    this.flushedSequence = flushedSequence;
    for (ColumnFamilyDescriptor fd : descriptor.families()) {
      families.put(fd.nameBytes(), new FamilyStore(fd, files.getOrDefault(fd.name(), List.of())));
    }
  }

  public long tableId() {
    return tableId;
  }

  public byte[] startRow() {
    return startRow;
  }

  public byte[] endRow() {
    return endRow;
  }

  public long flushedSequence() {
    return flushedSequence;
  }

  /** The lock writers take shared around {@link #add}, and a flush takes exclusively to freeze. */
  public ReentrantReadWriteLock updatesLock() {
    return updatesLock;
  }

  /** The family's descriptor, or {@code null} if the region has no such family. */
  public ColumnFamilyDescriptor family(byte[] family) {
    FamilyStore fs = families.get(family);
    return fs == null ? null : fs.descriptor();
  }

  /** Adds a written cell (sequence number assigned) to its family's memstore; caller holds the updates lock. */
  public void add(Cell c) {
    FamilyStore fs = families.get(c.family());
    if (fs == null) {
      throw new NoSuchFamilyException("table '" + tableName + "' has no column family '"
          + Bytes.toStringBinary(c.family()) + "'");
    }
    fs.add(c);
  }

  /** Removes a cell whose write failed. */
  public void rollback(Cell c) {
    FamilyStore fs = families.get(c.family());
    if (fs != null) {
      fs.rollback(c);
    }
  }

  /** Bytes held in memstores (active and flushing). */
  public long memstoreSize() {
    long n = 0;
    for (FamilyStore fs : families.values()) {
      n += fs.memstoreSize();
    }
    return n;
  }

  /** Smallest sequence number of this region not yet in a store file, or {@link Long#MAX_VALUE}. */
  public long minUnflushedSequence() {
    long min = Long.MAX_VALUE;
    for (FamilyStore fs : families.values()) {
      min = Math.min(min, fs.minUnflushedSequence());
    }
    return min;
  }

  /** A memstore frozen for flushing, with its family. */
  public record Frozen(ColumnFamilyDescriptor family, MemStore memstore) {}

  /**
   * Freezes every family's memstore (flushing one family flushes the region's all, as in
   * HBase). Takes the updates lock exclusively for the swap only.
   */
  public List<Frozen> freeze() {
    updatesLock.writeLock().lock();
    try {
      List<Frozen> out = new ArrayList<>();
      for (FamilyStore fs : families.values()) {
        MemStore m = fs.freeze();
        if (m != null) {
          out.add(new Frozen(fs.descriptor(), m));
        }
      }
      return out;
    } finally {
      updatesLock.writeLock().unlock();
    }
  }

  /** Publishes the files of a flush (null where a family's file was empty) and the new flushed sequence. */
  public void commitFlush(List<Frozen> frozen, List<StoreFileHandle> files, long flushedSeq) {
    for (int i = 0; i < frozen.size(); i++) {
      Frozen f = frozen.get(i);
      families.get(f.family().nameBytes()).commitFlush(f.memstore(), files.get(i));
    }
    this.flushedSequence = Math.max(this.flushedSequence, flushedSeq);
  }

  /** Store files per family name, newest first. */
  public Map<String, List<StoreFileHandle>> files() {
    Map<String, List<StoreFileHandle>> out = new LinkedHashMap<>();
    for (FamilyStore fs : families.values()) {
      out.put(fs.descriptor().name(), fs.files());
    }
    return out;
  }

  /** Removes and returns every store file (the table is being dropped). */
  public List<StoreFileHandle> dropFiles() {
    List<StoreFileHandle> out = new ArrayList<>();
    for (FamilyStore fs : families.values()) {
      out.addAll(fs.dropFiles());
    }
    return out;
  }

  /**
   * Opens a scanner over this region for {@code scan}, seeing writes at or below {@code readPoint}
   * and treating cells older than each family's TTL before {@code nowMs} as expired.
   *
   * @throws NoSuchFamilyException if the scan names a family the table lacks
   */
  public RegionScanner scanner(Scan scan, long readPoint, long nowMs) {
    Map<byte[], FamilyReadSpec> specs = new TreeMap<>(Bytes::compare);
    List<FamilyStore> read = new ArrayList<>();
    if (scan.columns().isEmpty()) {
      for (FamilyStore fs : families.values()) {
        specs.put(fs.descriptor().nameBytes(), FamilyReadSpec.of(fs.descriptor(), null, scan.maxVersions(), nowMs));
        read.add(fs);
      }
    } else {
      for (Map.Entry<byte[], NavigableSet<byte[]>> e : scan.columns().entrySet()) {
        FamilyStore fs = families.get(e.getKey());
        if (fs == null) {
          throw new NoSuchFamilyException("table '" + tableName + "' has no column family '"
              + Bytes.toStringBinary(e.getKey()) + "'");
        }
        specs.put(e.getKey(), FamilyReadSpec.of(fs.descriptor(), e.getValue(), scan.maxVersions(), nowMs));
        read.add(fs);
      }
    }
    List<CellIterator> sources = new ArrayList<>();
    List<StoreFileHandle> acquired = new ArrayList<>();
    for (FamilyStore fs : read) {
      fs.openSources(sources, acquired);
    }
    CellIterator merged = MergingIterator.of(sources);
    return new RegionScanner(scan, merged, readPoint, specs, startRow, endRow, () -> {
      for (StoreFileHandle f : acquired) {
        f.release();
      }
    });
  }
}
