package dev.cellar.storage.region;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Get;
import dev.cellar.storage.NoSuchFamilyException;
import dev.cellar.storage.Result;
import dev.cellar.storage.Scan;
import dev.cellar.storage.TimeRange;
import dev.cellar.storage.filter.Filter;
import dev.cellar.storage.iter.CellIterator;
import dev.cellar.storage.iter.MergingIterator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeMap;

/**
 * A region's read paths: one row by a {@link Get}, a scanner over the region or a part of it,
 * and whether rows were written after a reader started. Each opens the sources of the families
 * it reads (memstores and store files, skipping files whose bloom filters rule a single row out)
 * and releases the files it acquired.
 */
final class RegionReads {
  private RegionReads() {}

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

  private static void release(List<StoreFileHandle> acquired) {
    for (StoreFileHandle f : acquired) {
      f.release();
    }
  }

  /** See {@link Region#writtenAfter(byte[], byte[], long)}; {@code probe} narrows the files to one row's. */
  static boolean writtenAfter(Region region, byte[] startRow, byte[] stopRow, FamilyStore.RowProbe probe,
      long readPoint) {
    byte[] from = Bytes.compare(startRow, region.startRow()) < 0 ? region.startRow() : startRow;
    byte[] end = region.endRow();
    byte[] to = end.length > 0 && (stopRow.length == 0 || Bytes.compare(end, stopRow) < 0) ? end : stopRow;
    // The memstores row by row (a row updated many times holds every version until the flush),
    // then only the files flushed or compacted after the read point.
    for (FamilyStore fs : region.familyStores()) {
      if (fs.memstoresWrittenAfter(from, to, probe, readPoint)) {
        return true;
      }
    }
    List<CellIterator> sources = new ArrayList<>();
    List<StoreFileHandle> acquired = new ArrayList<>();
    try {
      for (FamilyStore fs : region.familyStores()) {
        fs.openFilesWrittenAfter(sources, acquired, probe, readPoint);
      }
      if (sources.isEmpty()) {
        return false;
      }
      try (CellIterator it = MergingIterator.of(sources)) {
        for (it.seek(Cell.firstOnRow(from)); it.valid(); it.next()) {
          byte[] row = it.cell().row();
          if ((stopRow.length > 0 && Bytes.compare(row, stopRow) >= 0) || !region.contains(row)) {
            return false;
          }
          if (it.cell().sequenceId() > readPoint) {
            return true;
          }
        }
        return false;
      }
    } finally {
      release(acquired);
    }
  }

  /** The family store named {@code family}, or a {@link NoSuchFamilyException} naming table and family. */
  private static FamilyStore family(Region region, byte[] family) {
    FamilyStore fs = region.familyStore(family);
    if (fs == null) {
      throw new NoSuchFamilyException("table '" + region.tableName() + "' has no column family '"
          + Bytes.toStringBinary(family) + "'");
    }
    return fs;
  }

  /** See {@link Region#get(Get, long, long, CellIterator)}. */
  static Result get(Region region, Get get, long readPoint, long nowMs, CellIterator pending) {
    if (pending == null && !mayHold(region, get)) {
      // no memstore or file may hold the row (an INSERT's new key, mostly)
      return Result.empty();
    }
    Map<byte[], NavigableSet<byte[]>> columns = get.columns();
    // the families read, each with the qualifiers named (null: every one)
    List<FamilyStore> stores = new ArrayList<>(4);
    List<NavigableSet<byte[]>> named = new ArrayList<>(4);
    if (columns.isEmpty()) {
      for (FamilyStore fs : region.familyStores()) {
        stores.add(fs);
        named.add(null);
      }
    } else {
      for (Map.Entry<byte[], NavigableSet<byte[]>> e : columns.entrySet()) {
        stores.add(family(region, e.getKey()));
        named.add(e.getValue());
      }
    }
    return readRow(get, stores, named, readPoint, nowMs, pending);
  }

  /** Whether a source of the families {@code get} reads may hold its row, asked without building lists. */
  private static boolean mayHold(Region region, Get get) {
    Map<byte[], NavigableSet<byte[]>> columns = get.columns();
    if (columns.isEmpty()) {
      FamilyStore.RowProbe probe = new FamilyStore.RowProbe(get.row(), null, get.expectsFound());
      for (FamilyStore fs : region.familyStores()) {
        if (fs.mayHold(probe)) {
          return true;
        }
      }
      return false;
    }
    for (Map.Entry<byte[], NavigableSet<byte[]>> e : columns.entrySet()) {
      if (family(region, e.getKey()).mayHold(new FamilyStore.RowProbe(get.row(), e.getValue(), get.expectsFound()))) {
        return true;
      }
    }
    return false;
  }

  /**
   * The row of {@link #get} from the sources of {@code stores} that may hold it: a method of its
   * own, so that a get that rules every source out (a load's INSERTs) compiles small and is
   * not compiled again as the kinds of sources a row is read from change.
   */
  private static Result readRow(Get get, List<FamilyStore> stores, List<NavigableSet<byte[]>> named,
      long readPoint, long nowMs, CellIterator pending) {
    byte[] row = get.row();
    List<CellIterator> sources = new ArrayList<>(4);
    List<StoreFileHandle> acquired = new ArrayList<>(4);
    try {
      for (int f = 0; f < stores.size(); f++) {
        stores.get(f).openSources(sources, acquired, new FamilyStore.RowProbe(row, named.get(f), get.expectsFound()));
      }
      if (pending != null) {
        sources.add(pending);
      }
      if (sources.isEmpty()) {
        // no memstore or file may hold the row (an INSERT's new key, mostly)
        return Result.empty();
      }
      Map<byte[], FamilyReadSpec> specs = new TreeMap<>(Bytes::compare);
      for (int f = 0; f < stores.size(); f++) {
        ColumnFamilyDescriptor d = stores.get(f).descriptor();
        specs.put(d.nameBytes(), FamilyReadSpec.of(d, named.get(f), get.maxVersions(), nowMs));
      }
      try (CellIterator it = MergingIterator.of(sources)) {
        it.seek(Cell.firstOnRow(row));
        RowCellReader reader = new RowCellReader(it, readPoint, get.timeRange(), specs);
        if (onlyVisibleCells(sources, acquired, specs, get.timeRange(), readPoint)) {
          reader.allCellsVisible();
        }
        reader.startRow(row);
        List<Cell> cells = new ArrayList<>();
        for (Cell c = reader.next(); c != null; c = reader.next()) {
          cells.add(c);
        }
        return Result.ofOwned(cells);
      }
    } finally {
      release(acquired);
    }
  }

  /** See {@link Region#scanner(Scan, Filter, long, long, CellIterator, byte[], byte[])}. */
  static RegionScanner scanner(Region region, Scan scan, Filter filter, long readPoint, long nowMs,
      CellIterator pending, byte[] from, byte[] to) {
    Map<byte[], FamilyReadSpec> specs = new TreeMap<>(Bytes::compare);
    List<FamilyStore> read = new ArrayList<>();
    if (scan.columns().isEmpty()) {
      for (FamilyStore fs : region.familyStores()) {
        specs.put(fs.descriptor().nameBytes(), FamilyReadSpec.of(fs.descriptor(), null, scan.maxVersions(), nowMs));
        read.add(fs);
      }
    } else {
      for (Map.Entry<byte[], NavigableSet<byte[]>> e : scan.columns().entrySet()) {
        FamilyStore fs = family(region, e.getKey());
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
      release(acquired);
      throw e;
    }
    if (pending != null) {
      sources.add(pending);
    }
    CellIterator merged = MergingIterator.of(sources);
    RegionScanner scanner = new RegionScanner(scan, filter, merged, readPoint, specs, from, to, () -> release(acquired));
    // one store file whose every cell is visible, read without a filter that moves the reader by
    // columns (one that decides rows on views only includes, skips or asks for the next row)
    if ((filter == null || filter.decidesRowsOnViews())
        && onlyVisibleCells(sources, acquired, specs, scan.timeRange(), readPoint)) {
      scanner.allCellsVisible();
    }
    return scanner;
  }

  /**
   * Whether the read's only source (a transaction's pending cells being one more) is one store
   * file whose every cell the read rules let through ({@link RowCellReader#allVisible}).
   */
  private static boolean onlyVisibleCells(List<CellIterator> sources, List<StoreFileHandle> acquired,
      Map<byte[], FamilyReadSpec> specs, TimeRange timeRange, long readPoint) {
    return sources.size() == 1 && acquired.size() == 1
        && RowCellReader.allVisible(acquired.get(0).reader().info(), specs, timeRange, readPoint);
  }
}
