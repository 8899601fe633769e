package dev.cellar.storage.region;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellView;
import dev.cellar.storage.Scan;
import dev.cellar.storage.iter.CellIterator;
import dev.cellar.storage.sst.StoreFileIterator;
import java.util.Arrays;

/**
 * Where the rows of a {@link RegionScanner} begin: the scan's start and stop rows clipped to the
 * region, the first row, and each next row, forwards (past the rest of the row read before) or
 * reversed (the largest row before it). Moves the scanner's iterator; the scanner reads the
 * row's cells.
 */
final class ScanRows {
  private final Scan scan;
  private final CellIterator it;
  private final RowCellReader reader;
  private final byte[] start;
  private final byte[] stop;
  /**
   * Forward scans: the lower of the region's end (exclusive) and the scan's stop row, empty for
   * none; whether a row equal to it is read.
   */
  private final byte[] bound;
  private final boolean boundIncluded;
  /** The iterator's part last compared with the bound, and whether all its rows are within it. */
  private Object partChecked;
  private boolean partWithinBound;
  private boolean started;
  /** A forward scan has started a row: the next row begins past its rest. */
  private boolean rowStarted;

  /**
   * @param regionStart the region's first row (inclusive), empty for the first region
   * @param regionEnd the region's end row (exclusive), empty for the last region
   */
  ScanRows(Scan scan, CellIterator it, RowCellReader reader, byte[] regionStart, byte[] regionEnd) {
    this.scan = scan;
    this.it = it;
    this.reader = reader;
    this.start = regionStart;
    this.stop = regionEnd;
    byte[] scanStop = scan.stopRow();
    if (scanStop.length > 0 && (regionEnd.length == 0 || Bytes.compare(scanStop, regionEnd) < 0)) {
      this.bound = scanStop;
      this.boundIncluded = scan.includeStopRow();
    } else {
      this.bound = regionEnd;
      this.boundIncluded = false;
    }
  }

  /** Whether the first row was looked for. */
  boolean started() {
    return started;
  }

  /** Seeks a forward scan to its first cell: the scan's start row, or the region's if later. */
  void seekFirstForward() {
    started = true;
    byte[] from = scan.startRow();
    if (Bytes.compare(from, start) < 0) {
      from = start;
    }
    it.seek(Cell.firstOnRow(from));
    byte[] scanStart = scan.startRow();
    if (it.valid() && !scan.includeStartRow() && it.view().rowEquals(scanStart, 0, scanStart.length)) {
      it.seek(Cell.firstOnRow(Bytes.rowAfter(scanStart)));
    }
  }

  /**
   * Moves the iterator to the first cell of the next row of a forward scan: the first row, the
   * row of {@code rowHint} (a filter's hint into a later row, or null), or the row after the
   * one read before; false at the end of the scan in this region.
   */
  boolean nextForward(Cell rowHint) {
    if (!started) {
      seekFirstForward();
    } else if (rowHint != null) {
      it.seek(Cell.firstOnRow(rowHint.row()));
    } else if (rowStarted) {
      reader.skipRow(); // the rest of the row just read, if any
    }
    rowStarted = true;
    return it.valid() && !pastBound(it.view());
  }

  /** Whether the row of {@code v} is past where this forward scan ends in the region. */
  boolean pastBound(CellView v) {
    return bound.length != 0 && !partWithinBound(it.part()) && rowPastBound(v);
  }

  /** {@link #pastBound(CellView)} for a scan whose only source is {@code file}, called as itself. */
  boolean pastBound(StoreFileIterator file, CellView v) {
    return bound.length != 0 && !partWithinBound(file.part()) && rowPastBound(v);
  }

  /** Whether every row of the iterator's current part (or null: none) is within the bound. */
  private boolean partWithinBound(Object part) {
    if (part == null) {
      return false;
    }
    if (part != partChecked) {
      // compared once a part (a data block), not once a row
      int c = Bytes.compare(it.lastRowOfPart(), bound);
      partChecked = part;
      partWithinBound = c < 0 || (c == 0 && boundIncluded);
    }
    return partWithinBound;
  }

  private boolean rowPastBound(CellView v) {
    int ro = v.rowOffset();
    int cmp = Arrays.compareUnsigned(v.rowArray(), ro, ro + v.rowLength(), bound, 0, bound.length);
    return cmp > 0 || (cmp == 0 && !boundIncluded);
  }

  /**
   * The next row of a reversed scan, the iterator at its first cell: the largest row before
   * {@code currentRow} (or not above {@code rowHint}'s row, when a filter gave one), within the
   * scan and the region; null at the end.
   */
  byte[] nextReversed(Cell rowHint, byte[] currentRow) {
    byte[] candidate;
    if (!started) {
      started = true;
      byte[] from = scan.startRow();
      // Upper bound: the scan's start row (inclusive or not) clipped to the region's end (exclusive).
      if (from.length == 0 || (stop.length > 0 && Bytes.compare(from, stop) >= 0)) {
        candidate = it.lastRowBefore(stop);
      } else if (scan.includeStartRow()) {
        candidate = it.lastRowBefore(Bytes.rowAfter(from));
      } else {
        candidate = it.lastRowBefore(from);
      }
    } else if (rowHint != null) {
      // The largest row not above the hint's row (below the current row: hints only move forward).
      candidate = it.lastRowBefore(Bytes.rowAfter(rowHint.row()));
    } else {
      candidate = it.lastRowBefore(currentRow);
    }
    if (candidate == null) {
      return null;
    }
    if (start.length > 0 && Bytes.compare(candidate, start) < 0) {
      return null;
    }
    byte[] scanStop = scan.stopRow();
    if (scanStop.length > 0) {
      int cmp = Bytes.compare(candidate, scanStop);
      if (cmp < 0 || (cmp == 0 && !scan.includeStopRow())) {
        return null;
      }
    }
    it.seek(Cell.firstOnRow(candidate));
    return candidate;
  }
}
