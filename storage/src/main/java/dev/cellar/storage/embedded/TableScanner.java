package dev.cellar.storage.embedded;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.iter.CellIterator;
import dev.cellar.storage.Scan;
import dev.cellar.storage.region.Region;
import dev.cellar.storage.region.RegionClosedException;
import dev.cellar.storage.region.RegionScanner;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * A {@link ResultScanner} over a table: the regions overlapping the scan's range one after
 * another (in reverse for a reversed scan), all read at the same read point. A large scan reads
 * the next regions ahead in the store's scan pool, and a large region as several parts of its
 * range, each read ahead likewise.
 *
 * <p>Every region's sources (memstores and files) are taken when the scanner opens, so that
 * flushes, compactions and splits that happen while it runs cannot change what it sees: a
 * compaction may drop versions this snapshot still needs from the files it writes, but the
 * files this scanner holds stay until it closes.
 */
final class TableScanner implements ResultScanner {
  /**
   * Regions (or parts) read at once by a large scan without a limit: the one being consumed
   * and those after it. A scan with a limit reads one at a time, since it may end inside it.
   */
  static final int PREFETCH_REGIONS = 2;
  /**
   * Parts a large forward scan reads one large region in, each read ahead by the pool like a
   * region of its own: a table made without split points is one region until it reaches the
   * split size, and is still read on every core.
   */
  static final int PIECES_PER_REGION = 8;
  /** Data blocks below which a part is not worth a scanner of its own. */
  static final int MIN_BLOCKS_PER_PIECE = 16;
  /** Scans with a limit at or below this read regions one at a time. */
  static final int PARALLEL_MIN_LIMIT = 1000;

  private final Scan scan;
  private final List<RegionScanner> scanners;
  private final ExecutorService pool;
  private final RegionPrefetcher[] prefetchers;
  /** Prefetchers running at once: {@link #PREFETCH_REGIONS}, or 1 for a scan with a limit. */
  private final int prefetchAhead;
  private int index;
  private int rowsReturned;
  private byte[] lastRow;
  private boolean closed;
  private AtomicInteger open;

  /**
   * @param pool runs region prefetchers for large multi-region scans; {@code null} reads
   *     regions one at a time in the caller's thread
   */
  TableScanner(TableHandle table, Scan scan, long readPoint, long nowMs, ExecutorService pool) {
    this(table, scan, readPoint, nowMs, pool, null);
  }

  /** @param pending a transaction's cells to merge into every region read (a new iterator each call), or {@code null} */
  TableScanner(TableHandle table, Scan scan, long readPoint, long nowMs, ExecutorService pool,
      Supplier<CellIterator> pending) {
    this.scan = scan;
    // A filter whose state spans the scan (a page count…) cannot be copied: its regions are read in turn.
    boolean perRegionFilters = scan.filter() != null && scan.filter().copy() != null;
    boolean large = pool != null && (scan.limit() == 0 || scan.limit() > PARALLEL_MIN_LIMIT)
        && (scan.filter() == null || perRegionFilters);
    this.scanners = openAll(table, scan, readPoint, nowMs, perRegionFilters, pending,
        large && !scan.isReversed() ? PIECES_PER_REGION : 1);
    boolean parallel = large && scanners.size() > 1;
    this.pool = parallel ? pool : null;
    this.prefetchers = parallel ? new RegionPrefetcher[scanners.size()] : null;
    if (!scanners.isEmpty()) {
      scanners.get(0).limitRows(scan.limit());
    }
    this.prefetchAhead = scan.limit() > 0 ? 1 : PREFETCH_REGIONS;
    if (parallel) {
      for (int i = 0; i < Math.min(prefetchAhead, scanners.size()); i++) {
        startPrefetch(i);
      }
    }
  }

  /** This scanner, counted in {@code open} until it closes. */
  TableScanner counted(AtomicInteger open) {
    this.open = open;
    open.incrementAndGet();
    return this;
  }

  private void startPrefetch(int i) {
    RegionPrefetcher p = new RegionPrefetcher(scanners.get(i), pool);
    prefetchers[i] = p;
    p.start();
  }

  /** The next result of region {@code index}, from its prefetcher or directly. */
  private Result nextOfCurrent() {
    if (prefetchers == null) {
      return scanners.get(index).next();
    }
    return prefetchers[index].next();
  }

  private void finishCurrent() {
    if (prefetchers == null) {
      scanners.get(index).close();
    }
    // A prefetcher closes its own scanner.
  }

  static List<RegionScanner> openAll(TableHandle table, Scan scan, long readPoint, long nowMs,
      boolean perRegionFilters, Supplier<CellIterator> pending) {
    return openAll(table, scan, readPoint, nowMs, perRegionFilters, pending, 1);
  }

  /**
   * One scanner per region overlapping the scan, in scan order; with {@code pieces} above 1 a
   * region of many data blocks (a forward scan's) is read as up to that many parts of its range,
   * cut at rows of its largest file's block index, each a scanner of its own.
   */
  static List<RegionScanner> openAll(TableHandle table, Scan scan, long readPoint, long nowMs,
      boolean perRegionFilters, Supplier<CellIterator> pending, int pieces) {
    while (true) {
      List<RegionScanner> out = new ArrayList<>();
      try {
        for (Region r : table.regions()) {
          if (!overlaps(r, scan)) {
            continue;
          }
          List<byte[]> cuts = pieces > 1 ? cuts(r, scan, pieces) : List.of();
          byte[] from = r.startRow();
          for (int k = 0; k <= cuts.size(); k++) {
            byte[] to = k < cuts.size() ? cuts.get(k) : r.endRow();
            out.add(r.scanner(scan, perRegionFilters ? scan.filter().copy() : scan.filter(), readPoint, nowMs,
                pending == null ? null : pending.get(), from, to));
            from = to;
          }
        }
      } catch (RegionClosedException e) {
        // A region was split while we opened: release what we took and take the new regions.
        for (RegionScanner s : out) {
          s.close();
        }
        continue;
      } catch (RuntimeException e) {
        for (RegionScanner s : out) {
          s.close();
        }
        throw e;
      }
      if (scan.isReversed()) {
        Collections.reverse(out);
      }
      return out;
    }
  }

  /**
   * Rows cutting the part of region {@code r} that a forward scan reads into at most
   * {@code pieces} parts of about equal data, at least {@link #MIN_BLOCKS_PER_PIECE} data blocks
   * each; none for a smaller region.
   */
  private static List<byte[]> cuts(Region r, Scan scan, int pieces) {
    List<byte[]> inside = r.blockBoundaryRows(scan.startRow(), scan.stopRow());
    int n = Math.min(pieces, (inside.size() + 1) / MIN_BLOCKS_PER_PIECE);
    List<byte[]> out = new ArrayList<>();
    for (int k = 1; k < n; k++) {
      out.add(inside.get((int) ((long) k * (inside.size() + 1) / n) - 1));
    }
    return out;
  }

  private static boolean overlaps(Region r, Scan s) {
    byte[] lo = s.isReversed() ? s.stopRow() : s.startRow();
    byte[] hi = s.isReversed() ? s.startRow() : s.stopRow();
    boolean belowEnd = r.endRow().length == 0 || lo.length == 0 || Bytes.compare(lo, r.endRow()) < 0;
    boolean aboveStart = hi.length == 0 || Bytes.compare(hi, r.startRow()) >= 0;
    return belowEnd && aboveStart;
  }

  @Override
  public Result next() {
    if (closed) {
      return null;
    }
    while (index < scanners.size()) {
      Result r = nextOfCurrent();
      if (r != null) {
        if (lastRow == null || !Arrays.equals(lastRow, r.row())) {
          if (scan.limit() > 0 && rowsReturned >= scan.limit()) {
            // a region or part read ahead knows nothing of the rows before it
            close();
            return null;
          }
          rowsReturned++;
          lastRow = r.row();
        }
        return r;
      }
      finishCurrent();
      index++;
      if (scan.limit() > 0 && rowsReturned >= scan.limit()) {
        break;
      }
      if (prefetchers != null) {
        int ahead = index + prefetchAhead - 1;
        if (ahead < scanners.size() && prefetchers[ahead] == null) {
          startPrefetch(ahead);
        }
      } else if (index < scanners.size()) {
        scanners.get(index).limitRows(scan.limit() == 0 ? 0 : scan.limit() - rowsReturned);
      }
    }
    return null;
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      if (open != null) {
        open.decrementAndGet();
      }
      for (int i = index; i < scanners.size(); i++) {
        if (prefetchers != null && prefetchers[i] != null) {
          prefetchers[i].cancel();
        } else {
          scanners.get(i).close();
        }
      }
    }
  }
}
