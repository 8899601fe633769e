package dev.cellar.storage.region;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.NoSuchFamilyException;
import dev.cellar.storage.RegionInfo;
import dev.cellar.storage.Scan;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.iter.CellIterator;
import dev.cellar.storage.iter.MergingIterator;
import dev.cellar.storage.memstore.MemStore;
import dev.cellar.storage.sst.StoreFileReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeMap;
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
    StoreFileHandle biggest = null;
    for (FamilyStore fs : families.values()) {
      for (StoreFileHandle f : fs.view().files()) {
        if (biggest == null || f.reader().info().fileSize() > biggest.reader().info().fileSize()) {
          biggest = f;
        }
      }
    }
    if (biggest == null) {
      return null;
    }
    // A file of many blocks, all ours, knows its middle; otherwise weigh our own rows.
    if (biggest.reader().info().dataBlockCount() >= MIN_BLOCKS_FOR_INDEX_SPLIT) {
      byte[] mid = biggest.reader().midRow();
      byte[] first = biggest.reader().firstRow();
      byte[] last = biggest.reader().lastRow();
      if (mid != null && contains(first) && contains(last) && !Arrays.equals(mid, startRow)
          && !Arrays.equals(mid, first)) {
        return mid;
      }
    }
    return middleRowByWeight();
  }

  /**
   * Rows at which this region's data can be cut into pieces of about one data block each, in
   * ascending order, each inside the region and after its first row: the last rows of the data
   * blocks of its largest store file (by bytes, whatever the family), from that file's index, so
   * no data is read. Empty when the region has no store file or its largest has one block.
   */
  public List<byte[]> blockBoundaryRows() {
    StoreFileHandle biggest = null;
    for (FamilyStore fs : families.values()) {
      for (StoreFileHandle f : fs.view().files()) {
        if (biggest == null || f.reader().info().fileSize() > biggest.reader().info().fileSize()) {
          biggest = f;
        }
      }
    }
    List<byte[]> out = new ArrayList<>();
    if (biggest == null) {
      return out;
    }
    StoreFileReader reader = biggest.reader();
    byte[] previous = startRow;
    for (int i = 0, n = reader.dataBlockCount(); i < n; i++) {
      byte[] row = reader.lastRowOfBlock(i);
      // a row spanning several blocks is one cut; rows of a sibling region (a file shared after a split) are not ours
      if (Bytes.compare(row, previous) > 0 && contains(row)) {
        out.add(row);
        previous = row;
      }
    }
    return out;
  }

  /** Files with fewer blocks are split by walking the region's rows. */
  static final int MIN_BLOCKS_FOR_INDEX_SPLIT = 8;

  /**
   * The row at which half the region's cell bytes lie before it (not its first row), found by
   * walking the region; {@code null} if the region holds fewer than two rows.
   */
  private byte[] middleRowByWeight() {
    List<byte[]> rows = new ArrayList<>();
    List<Long> weights = new ArrayList<>();
    long total = 0;
    Scan scan = new Scan().withStartRow(startRow).withStopRow(endRow).readAllVersions();
    try (RegionScanner s = scanner(scan, Long.MAX_VALUE, Long.MIN_VALUE)) {
      for (dev.cellar.storage.Result r = s.next(); r != null; r = s.next()) {
        long w = 0;
        for (dev.cellar.storage.Cell c : r.cells()) {
          w += c.estimatedSize();
        }
        rows.add(r.row());
        weights.add(w);
        total += w;
      }
    }
    if (rows.size() < 2) {
      return null;
    }
    long acc = 0;
    for (int i = 0; i < rows.size() - 1; i++) {
      acc += weights.get(i);
      if (acc * 2 >= total) {
        return rows.get(i + 1);
      }
    }
    return rows.get(rows.size() - 1);
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

  /** The family stores, for compaction and splits. */
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
   * The row a scan reads if it can read only one (start and stop row equal, non-empty and both
   * inclusive: what a {@code Get} becomes), else {@code null}. Such a read skips the store
   * files whose bloom filters rule the row (or its columns) out.
   */
  private static byte[] singleRow(Scan scan) {
    byte[] start = scan.startRow();
    if (start.length > 0 && scan.includeStartRow() && scan.includeStopRow() && Arrays.equals(start, scan.stopRow())) {
      return start;
    }
    return null;
  }

  /**
   * Whether a cell of {@code row} (a value or a delete marker, in any family) has a sequence
   * number above {@code readPoint}: whether it was written after a reader at that point started.
   */
  public boolean writtenAfter(byte[] row, long readPoint) {
    return writtenAfter(row, Bytes.rowAfter(row), new FamilyStore.RowProbe(row, null), readPoint);
  }

  /**
   * Whether a cell of a row in {@code [startRow, stopRow)} (clipped to this region; an empty
   * stop row is no bound) has a sequence number above {@code readPoint}.
   */
  public boolean writtenAfter(byte[] startRow, byte[] stopRow, long readPoint) {
    return writtenAfter(startRow, stopRow, null, readPoint);
  }

  private boolean writtenAfter(byte[] startRow, byte[] stopRow, FamilyStore.RowProbe probe, long readPoint) {
    byte[] from = Bytes.compare(startRow, this.startRow) < 0 ? this.startRow : startRow;
    List<CellIterator> sources = new ArrayList<>();
    List<StoreFileHandle> acquired = new ArrayList<>();
    try {
      for (FamilyStore fs : families.values()) {
        fs.openSources(sources, acquired, probe);
      }
      try (CellIterator it = MergingIterator.of(sources)) {
        for (it.seek(Cell.firstOnRow(from)); it.valid(); it.next()) {
          byte[] row = it.cell().row();
          if ((stopRow.length > 0 && Bytes.compare(row, stopRow) >= 0) || !contains(row)) {
            return false;
          }
          if (it.cell().sequenceId() > readPoint) {
            return true;
          }
        }
        return false;
      }
    } finally {
      for (StoreFileHandle f : acquired) {
        f.release();
      }
    }
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
    byte[] row = get.row();
    Map<byte[], NavigableSet<byte[]>> columns = get.columns();
    Map<byte[], FamilyReadSpec> specs = new TreeMap<>(Bytes::compare);
    List<CellIterator> sources = new ArrayList<>(4);
    List<StoreFileHandle> acquired = new ArrayList<>(4);
    try {
      if (columns.isEmpty()) {
        for (FamilyStore fs : families.values()) {
          specs.put(fs.descriptor().nameBytes(), FamilyReadSpec.of(fs.descriptor(), null, get.maxVersions(), nowMs));
          fs.openSources(sources, acquired, new FamilyStore.RowProbe(row, null));
        }
      } else {
        for (Map.Entry<byte[], NavigableSet<byte[]>> e : columns.entrySet()) {
          FamilyStore fs = families.get(e.getKey());
          if (fs == null) {
            throw new NoSuchFamilyException("table '" + tableName + "' has no column family '"
                + Bytes.toStringBinary(e.getKey()) + "'");
          }
          specs.put(e.getKey(), FamilyReadSpec.of(fs.descriptor(), e.getValue(), get.maxVersions(), nowMs));
          fs.openSources(sources, acquired, new FamilyStore.RowProbe(row, e.getValue()));
        }
      }
      if (pending != null) {
        sources.add(pending);
      }
      if (sources.isEmpty()) {
        return dev.cellar.storage.Result.empty();
      }
      try (CellIterator it = MergingIterator.of(sources)) {
        it.seek(Cell.firstOnRow(row));
        RowCellReader reader = new RowCellReader(it, readPoint, get.timeRange(), specs);
        reader.startRow(row);
        List<Cell> cells = new ArrayList<>();
        for (Cell c = reader.next(); c != null; c = reader.next()) {
          cells.add(c);
        }
        return dev.cellar.storage.Result.ofOwned(cells);
      }
    } finally {
      for (StoreFileHandle f : acquired) {
        f.release();
      }
    }
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
    byte[] singleRow = singleRow(scan);
    List<CellIterator> sources = new ArrayList<>();
    List<StoreFileHandle> acquired = new ArrayList<>();
    try {
      for (FamilyStore fs : read) {
        FamilyStore.RowProbe probe = null;
        if (singleRow != null) {
          probe = new FamilyStore.RowProbe(singleRow, scan.columns().get(fs.descriptor().nameBytes()));
        }
        fs.openSources(sources, acquired, probe);
      }
    } catch (RegionClosedException e) {
      for (StoreFileHandle f : acquired) {
        f.release();
      }
      throw e;
    }
    if (pending != null) {
      sources.add(pending);
    }
    CellIterator merged = MergingIterator.of(sources);
    return new RegionScanner(scan, filter, merged, readPoint, specs, from, to, () -> {
      for (StoreFileHandle f : acquired) {
        f.release();
      }
    });
  }
}
