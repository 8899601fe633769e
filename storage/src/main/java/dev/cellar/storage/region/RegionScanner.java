package dev.cellar.storage.region;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.Result;
import dev.cellar.storage.Scan;
import dev.cellar.storage.iter.CellIterator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Streams the rows of one region that a {@link Scan} selects, forwards or reversed, from the
 * snapshot fixed when it was opened. Each {@link #next()} returns one row, or at most
 * {@code batch} cells of one row.
 */
public final class RegionScanner implements AutoCloseable {
  private final Scan scan;
  private final CellIterator it;
  private final RowCellReader reader;
  private final Runnable onClose;
  private final byte[] start;
  private final byte[] stop;
  private final int batch;
  private int rowsLeft;
  private byte[] currentRow;
  private boolean midRow;
  private boolean rowCounted;
  private boolean exhausted;
  private boolean started;
  private boolean closed;

  /**
   * @param it merged iterator over every source of the families read (owned: closed with the scanner)
   * @param families the spec of each family read, in a map ordered as unsigned bytes
   * @param regionStart the region's first row (inclusive), empty for the first region
   * @param regionEnd the region's end row (exclusive), empty for the last region
   * @param onClose released when the scanner closes (file references)
   */
  RegionScanner(Scan scan, CellIterator it, long readPoint, Map<byte[], FamilyReadSpec> families,
      byte[] regionStart, byte[] regionEnd, Runnable onClose) {
    this.scan = scan;
    this.it = it;
    this.reader = new RowCellReader(it, readPoint, scan.timeRange(), families);
    this.onClose = onClose;
    this.batch = scan.batch();
    this.rowsLeft = scan.limit() > 0 ? scan.limit() : Integer.MAX_VALUE;
    // Clip the scan's bounds to the region (both kept as inclusive-start / exclusive-stop for forward).
    this.start = regionStart;
    this.stop = regionEnd;
  }

  /** Lowers the number of rows this scanner may still return (0 = no limit); the table's limit spans regions. */
  public void limitRows(int rows) {
    rowsLeft = rows == 0 ? Integer.MAX_VALUE : rows;
  }

  /** The next row (or part of a row), or {@code null} at the end of the scan in this region. */
  public Result next() {
    if (exhausted || closed) {
      return null;
    }
    while (true) {
      if (!midRow) {
        if (rowsLeft <= 0) {
          exhausted = true;
          return null;
        }
        byte[] row = scan.isReversed() ? nextRowReversed() : nextRowForward();
        if (row == null) {
          exhausted = true;
          return null;
        }
        currentRow = row;
        reader.startRow(row);
        midRow = true;
        rowCounted = false;
      }
      List<Cell> cells = new ArrayList<>();
      Cell c;
      while ((batch == 0 || cells.size() < batch) && (c = reader.next()) != null) {
        cells.add(c);
      }
      if (batch == 0 || cells.size() < batch) {
        midRow = false;
      }
      if (!cells.isEmpty()) {
        if (!rowCounted) {
          rowCounted = true;
          rowsLeft--;
        }
        return Result.of(cells);
      }
    }
  }

  private byte[] nextRowForward() {
    if (!started) {
      started = true;
      byte[] from = scan.startRow();
      if (Bytes.compare(from, start) < 0) {
        from = start;
      }
      it.seek(Cell.firstOnRow(from));
      if (it.valid() && !scan.includeStartRow() && Arrays.equals(it.cell().row(), scan.startRow())) {
        it.seek(Cell.firstOnRow(Bytes.rowAfter(scan.startRow())));
      }
    } else if (it.valid() && currentRow != null && Arrays.equals(it.cell().row(), currentRow)) {
      reader.skipRow();
    }
    if (!it.valid()) {
      return null;
    }
    byte[] row = it.cell().row();
    if (stop.length > 0 && Bytes.compare(row, stop) >= 0) {
      return null;
    }
    byte[] scanStop = scan.stopRow();
    if (scanStop.length > 0) {
      int cmp = Bytes.compare(row, scanStop);
      if (cmp > 0 || (cmp == 0 && !scan.includeStopRow())) {
        return null;
      }
    }
    return row;
  }

  private byte[] nextRowReversed() {
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

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      try {
        it.close();
      } finally {
        onClose.run();
      }
    }
  }
}
