package dev.cellar.storage.region;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.NoSuchFamilyException;
import dev.cellar.storage.RegionInfo;
import dev.cellar.storage.Scan;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.iter.CellIterator;
import dev.cellar.storage.memstore.MemStore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.LongAdder;
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
  private final ConcurrentSkipListMap<byte[], FamilyStore> families = new ConcurrentSkipListMap<>(Bytes::compare);
  private final ReentrantReadWriteLock updatesLock = new ReentrantReadWriteLock();
  private volatile long flushedSequence;
  private volatile boolean closed;
  private final LongAdder reads = new LongAdder();
  private final LongAdder writes = new LongAdder();
  private final Object compactionLock = new Object();

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

  /** Whether the region has been replaced (split, dropped); writers that find it closed look again. */
  public boolean isClosed() {
    return closed;
  }

  /** Marks the region replaced; the caller holds the updates lock exclusively. */
  public void markClosed() {
    closed = true;
  }

  /** Held while a compaction of this region runs: one at a time. */
  public Object compactionLock() {
    return compactionLock;
  }

  /** Whether {@code row} lies in this region. */
  public boolean contains(byte[] row) {
    return Bytes.compare(row, startRow) >= 0 && (endRow.length == 0 || Bytes.compare(row, endRow) < 0);
  }

  /** Counts applied mutations for the statistics. */
  public void countWrites(int n) {
    writes.add(n);
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

  /**
   * Bytes held in the active memstores: what a flush started now would write (those being
   * flushed are on their way out).
   */
  public long activeMemstoreSize() {
    long n = 0;
    for (FamilyStore fs : families.values()) {
      n += fs.activeMemstoreSize();
    }
    return n;
  }

  /** The highest cell timestamp the region holds (memstores and files), or {@link Long#MIN_VALUE} when none. */
  public long maxTimestamp() {
    long max = Long.MIN_VALUE;
    for (FamilyStore fs : families.values()) {
      max = Math.max(max, fs.maxTimestamp());
    }
    return max;
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

  /**
   * Publishes the files of a flush (null where a family's file was empty) and the new flushed
   * sequence. The flushed sequence never passes an edit still only in memory: if an earlier
   * frozen memstore is not in a file yet (its flush failed), it stays below that memstore's
   * first edit, so that the log replays it after a restart.
   */
  public void commitFlush(List<Frozen> frozen, List<StoreFileHandle> files, long flushedSeq) {
    for (int i = 0; i < frozen.size(); i++) {
      Frozen f = frozen.get(i);
      families.get(f.family().nameBytes()).commitFlush(f.memstore(), files.get(i));
    }
    long unflushed = minUnflushedSequence();
    long safe = unflushed == Long.MAX_VALUE ? flushedSeq : Math.min(flushedSeq, unflushed - 1);
    this.flushedSequence = Math.max(this.flushedSequence, safe);
  }

  /**
   * Adds a bulk-loaded store file to a family, handing it this region's reference to the file.
   * The caller holds the store's catalog lock and has checked that the family exists.
   */
  public void addBulkLoadedFile(byte[] family, StoreFileHandle file) {
    FamilyStore fs = families.get(family);
    if (fs == null) {
      throw new NoSuchFamilyException("table '" + tableName + "' has no column family '"
          + Bytes.toStringBinary(family) + "'");
    }
    fs.addFile(file);
  }

  /** Whether the rows {@code [first, last]} (both inclusive) overlap this region. */
  public boolean overlaps(byte[] first, byte[] last) {
    return (endRow.length == 0 || Bytes.compare(first, endRow) < 0) && Bytes.compare(last, startRow) >= 0;
  }

  /** Store files per family name, newest first. */
  public Map<String, List<StoreFileHandle>> files() {
    Map<String, List<StoreFileHandle>> out = new LinkedHashMap<>();
    for (FamilyStore fs : families.values()) {
      out.put(fs.descriptor().name(), fs.files());
    }
    return out;
  }

  /** Statistics of this region now. */
  public RegionInfo info(String table) {
    long bytes = 0;
    long cells = 0;
    int nFiles = 0;
    for (FamilyStore fs : families.values()) {
      FamilyStore.View v = fs.view();
      for (StoreFileHandle f : v.files()) {
        bytes += f.reader().info().fileSize();
        cells += f.reader().entryCount();
        nFiles++;
      }
      cells += v.active().cellCount();
      for (MemStore m : v.flushing()) {
        cells += m.cellCount();
      }
    }
    return new RegionInfo(table, startRow, endRow, bytes, memstoreSize(), cells, nFiles, reads.sum(), writes.sum());
  }

  /** Whether a file of {@code fs} holds rows outside this region (inherited from the parent of a split). */
  boolean hasForeignRows(FamilyStore fs) {
    for (StoreFileHandle f : fs.view().files()) {
      byte[] first = f.reader().firstRow();
      byte[] last = f.reader().lastRow();
      if (first == null) {
        continue;
      }
      if (Bytes.compare(first, startRow) < 0 || (endRow.length > 0 && Bytes.compare(last, endRow) >= 0)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether some store file still holds rows outside this region: a daughter of a split until
   * compaction rewrites its half. Such a region is not split again (its size is overstated).
   */
  public boolean hasForeignRows() {
    for (FamilyStore fs : families.values()) {
      if (hasForeignRows(fs)) {
        return true;
      }
    }
    return false;
  }

  /** Bytes of this region's store files. */
  public long storeFileBytes() {
    long bytes = 0;
    for (FamilyStore fs : families.values()) {
      for (StoreFileHandle f : fs.view().files()) {
        bytes += f.reader().info().fileSize();
      }
    }
    return bytes;
  }

  /**
   * A row near the middle of the region's data, inside the region and not its first row, or
   * {@code null} when the region cannot be split (no data, or a single row).
   */
  public byte[] midRow() {
    return SplitPoints.midRow(this);
  }

  /**
   * Rows at which this region's data can be cut into pieces of about one data block each, in
   * ascending order, each inside the region and after its first row: the last rows of the data
   * blocks of its largest store file (by bytes, whatever the family), from that file's index, so
   * no data is read. Empty when the region has no store file or its largest has one block.
   */
  public List<byte[]> blockBoundaryRows() {
    return SplitPoints.blockBoundaryRows(this, Bytes.EMPTY, Bytes.EMPTY);
  }

  /**
   * The {@link #blockBoundaryRows()} after {@code from} and before {@code to} (empty: no bound),
   * found by a binary search of the file's block index: a scan of a few rows of a large region
   * decodes a few of its index entries, not all of them.
   */
  public List<byte[]> blockBoundaryRows(byte[] from, byte[] to) {
    return SplitPoints.blockBoundaryRows(this, from, to);
  }

  /**
   * Splits this region at {@code splitRow} into two regions sharing its store files (each reads
   * only its own range; compactions later rewrite each half). The caller holds the updates lock
   * exclusively, has flushed every memstore, and marks this region closed. This region's
   * references to the files pass to the lower daughter; the upper takes its own.
   */
  public List<Region> splitAt(TableDescriptor descriptor, byte[] splitRow) {
    if (!contains(splitRow) || Arrays.equals(splitRow, startRow)) {
      throw new IllegalArgumentException("split point '" + Bytes.toStringBinary(splitRow) + "' is not inside region ["
          + Bytes.toStringBinary(startRow) + ", " + Bytes.toStringBinary(endRow) + ") of table '" + tableName + "'");
    }
    Map<String, List<StoreFileHandle>> files = files();
    for (List<StoreFileHandle> hs : files.values()) {
      for (StoreFileHandle h : hs) {
        if (!h.tryAcquire()) {
          throw new IllegalStateException("store file " + h.fileNumber() + " was released while still listed");
        }
      }
    }
    Region low = new Region(tableId, descriptor, startRow, splitRow, files, flushedSequence);
    Region high = new Region(tableId, descriptor, splitRow, endRow, files, flushedSequence);
    return List.of(low, high);
  }

  /**
   * Brings the families in line with a changed descriptor: settings of existing families change
   * at once, new families start empty, removed families' files are returned for release. The
   * caller holds the updates lock exclusively.
   */
  public List<StoreFileHandle> applyDescriptor(TableDescriptor descriptor) {
    List<StoreFileHandle> removed = new ArrayList<>();
    for (Iterator<Map.Entry<byte[], FamilyStore>> it = families.entrySet().iterator(); it.hasNext();) {
      FamilyStore fs = it.next().getValue();
      ColumnFamilyDescriptor d = descriptor.family(fs.descriptor().name());
      if (d == null) {
        removed.addAll(fs.dropFiles());
        it.remove();
      } else {
        fs.setDescriptor(d);
      }
    }
    for (ColumnFamilyDescriptor d : descriptor.families()) {
      families.computeIfAbsent(d.nameBytes(), k -> new FamilyStore(d, List.of()));
    }
    return removed;
  }

  /** The family stores in family name order, for reads, compactions and splits. */
  Collection<FamilyStore> familyStores() {
    return families.values();
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
   * Whether a cell of {@code row} (a value or a delete marker, in any family) has a sequence
   * number above {@code readPoint}: whether it was written after a reader at that point started.
   */
  public boolean writtenAfter(byte[] row, long readPoint) {
    return RegionReads.writtenAfter(this, row, Bytes.rowAfter(row), new FamilyStore.RowProbe(row, null), readPoint);
  }

  /**
   * Whether a cell of a row in {@code [startRow, stopRow)} (clipped to this region; an empty
   * stop row is no bound) has a sequence number above {@code readPoint}.
   */
  public boolean writtenAfter(byte[] startRow, byte[] stopRow, long readPoint) {
    return RegionReads.writtenAfter(this, startRow, stopRow, null, readPoint);
  }

  /**
   * Reads one row: the lean path of a {@link dev.cellar.storage.Get} without a filter. Same
   * rules and results as a one-row scan, without a scanner's set-up.
   *
   * @throws NoSuchFamilyException if the get names a family the table lacks
   */
  public dev.cellar.storage.Result get(dev.cellar.storage.Get get, long readPoint, long nowMs) {
    return get(get, readPoint, nowMs, null);
  }

  /**
   * As {@link #get(dev.cellar.storage.Get, long, long)}, with {@code pending}'s cells (a
   * transaction's, {@link dev.cellar.storage.PendingWrites}) merged in; {@code null} for none.
   */
  public dev.cellar.storage.Result get(dev.cellar.storage.Get get, long readPoint, long nowMs, CellIterator pending) {
    reads.increment();
    return RegionReads.get(this, get, readPoint, nowMs, pending);
  }

  /**
   * Opens a scanner over this region for {@code scan}, seeing writes at or below {@code readPoint}
   * and treating cells older than each family's TTL before {@code nowMs} as expired.
   *
   * @throws NoSuchFamilyException if the scan names a family the table lacks
   */
  public RegionScanner scanner(Scan scan, long readPoint, long nowMs) {
    return scanner(scan, scan.filter(), readPoint, nowMs, null);
  }

  /**
   * As {@link #scanner(Scan, long, long)}, applying {@code filter} (the scan's, or a copy of it
   * for this region), with {@code pending}'s cells (a transaction's,
   * {@link dev.cellar.storage.PendingWrites}) merged in; {@code null} for none. The scanner owns
   * {@code pending}.
   */
  public RegionScanner scanner(Scan scan, dev.cellar.storage.filter.Filter filter, long readPoint, long nowMs,
      CellIterator pending) {
    return scanner(scan, filter, readPoint, nowMs, pending, startRow, endRow);
  }

  /**
   * As {@link #scanner(Scan, dev.cellar.storage.filter.Filter, long, long, CellIterator)}, reading
   * only the rows from {@code from} (inclusive) to {@code to} (exclusive; empty for the region's
   * end), a part of this region's range: how one large region is read on several threads.
   */
  public RegionScanner scanner(Scan scan, dev.cellar.storage.filter.Filter filter, long readPoint, long nowMs,
      CellIterator pending, byte[] from, byte[] to) {
    if (Arrays.equals(from, startRow)) {
      reads.increment(); // a scan read in parts counts once
    }
    return RegionReads.scanner(this, scan, filter, readPoint, nowMs, pending, from, to);
  }

  /** The store of family {@code name}, or {@code null}. */
  FamilyStore familyStore(byte[] name) {
    return families.get(name);
  }

  /** The table's name, for messages. */
  String tableName() {
    return tableName;
  }
}
