package dev.cellar.storage.filter;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Keeps the rows inside any of several row ranges, reading nothing between them: a row outside
 * every range is rejected from its key and the scan seeks straight to the next range's start
 * (in a reversed scan, to the next lower range's stop row); after the last range the scan
 * ends. Overlapping or touching ranges are merged. Holds scan state (whether the last range has
 * been passed): one instance per scan.
 */
public final class MultiRowRangeFilter extends Filter {
  private final List<RowRange> ranges;
  private boolean done;

  /** @param ranges in any order; merged where they overlap */
  public MultiRowRangeFilter(List<RowRange> ranges) {
    this.ranges = Collections.unmodifiableList(sortAndMerge(ranges));
  }

  /** The ranges, sorted and merged. */
  public List<RowRange> getRowRanges() {
    return ranges;
  }

  @Override
  public boolean filterAllRemaining() {
    return done;
  }

  @Override
  public boolean filterRowKey(Cell firstRowCell) {
    byte[] row = firstRowCell.row();
    int i = firstEndingAtOrAbove(row);
    if (i < ranges.size() && ranges.get(i).contains(row)) {
      return false;
    }
    if (isReversed() ? i == 0 : i == ranges.size()) {
      done = true;
    }
    return true;
  }

  @Override
  public Cell getNextCellHint(Cell current) {
    byte[] row = current.row();
    int i = firstEndingAtOrAbove(row);
    if (isReversed()) {
      // Ranges before i lie wholly below the row: continue at the top of the nearest one.
      return i == 0 ? null : Hints.row(ranges.get(i - 1).getStopRow());
    }
    if (i == ranges.size()) {
      return null;
    }
    RowRange r = ranges.get(i);
    return Hints.row(r.isStartRowInclusive() ? r.getStartRow() : Bytes.rowAfter(r.getStartRow()));
  }

  /** Index of the first range whose upper end is not below {@code row}, or the number of ranges. */
  private int firstEndingAtOrAbove(byte[] row) {
    int lo = 0;
    int hi = ranges.size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (ranges.get(mid).isBelow(row)) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private static List<RowRange> sortAndMerge(List<RowRange> in) {
    List<RowRange> sorted = new ArrayList<>(in);
    sorted.sort(Comparator.comparing(RowRange::getStartRow, Bytes::compare)
        .thenComparing(r -> !r.isStartRowInclusive()));
    List<RowRange> out = new ArrayList<>();
    for (RowRange r : sorted) {
      if (r.isEmpty()) {
        continue;
      }
      RowRange last = out.isEmpty() ? null : out.get(out.size() - 1);
      if (last != null && last.reaches(r)) {
        out.set(out.size() - 1, last.extendTo(r));
      } else {
        out.add(r);
      }
    }
    return out;
  }

  @Override
  public String toString() {
    return "MultiRowRangeFilter" + ranges;
  }

  /**
   * One row range: an empty start row means from the first row, an empty stop row to the
   * last. Immutable.
   */
  public static final class RowRange {
    private final byte[] startRow;
    private final boolean startRowInclusive;
    private final byte[] stopRow;
    private final boolean stopRowInclusive;

    public RowRange(byte[] startRow, boolean startRowInclusive, byte[] stopRow, boolean stopRowInclusive) {
      this.startRow = Objects.requireNonNull(startRow, "start row");
      this.startRowInclusive = startRowInclusive || startRow.length == 0;
      this.stopRow = Objects.requireNonNull(stopRow, "stop row");
      this.stopRowInclusive = stopRowInclusive;
    }

    /** Convenience: {@code [start, stop)} of UTF-8 rows. */
    public RowRange(String startRow, String stopRow) {
      this(Bytes.toBytes(startRow), true, Bytes.toBytes(stopRow), false);
    }

    public byte[] getStartRow() {
      return startRow;
    }

    public boolean isStartRowInclusive() {
      return startRowInclusive;
    }

    public byte[] getStopRow() {
      return stopRow;
    }

    public boolean isStopRowInclusive() {
      return stopRowInclusive;
    }

    /** Whether {@code row} lies in the range. */
    public boolean contains(byte[] row) {
      int c = Bytes.compare(row, startRow);
      if (c < 0 || (c == 0 && !startRowInclusive)) {
        return false;
      }
      return !isBelow(row);
    }

    /** Whether the whole range lies below {@code row}. */
    boolean isBelow(byte[] row) {
      if (stopRow.length == 0) {
        return false;
      }
      int c = Bytes.compare(stopRow, row);
      return c < 0 || (c == 0 && !stopRowInclusive);
    }

    /** Whether no row lies in the range. */
    boolean isEmpty() {
      if (stopRow.length == 0) {
        return false;
      }
      int c = Bytes.compare(startRow, stopRow);
      return c > 0 || (c == 0 && !(startRowInclusive && stopRowInclusive));
    }

    /** Whether {@code next} (starting at or after this range's start) overlaps or touches this range. */
    boolean reaches(RowRange next) {
      if (stopRow.length == 0) {
        return true;
      }
      int c = Bytes.compare(next.startRow, stopRow);
      return c < 0 || (c == 0 && (stopRowInclusive || next.startRowInclusive));
    }

    /** This range widened to cover {@code next}'s end. */
    RowRange extendTo(RowRange next) {
      if (stopRow.length == 0) {
        return this;
      }
      if (next.stopRow.length == 0) {
        return new RowRange(startRow, startRowInclusive, next.stopRow, next.stopRowInclusive);
      }
      int c = Bytes.compare(next.stopRow, stopRow);
      if (c < 0 || (c == 0 && !next.stopRowInclusive)) {
        return this;
      }
      return new RowRange(startRow, startRowInclusive, next.stopRow, next.stopRowInclusive || (c == 0
          && stopRowInclusive));
    }

    @Override
    public String toString() {
      return (startRowInclusive ? "[" : "(") + Bytes.toStringBinary(startRow) + ", " + Bytes.toStringBinary(stopRow)
          + (stopRowInclusive ? "]" : ")");
    }
  }

  @Override
  public Filter copy() {
    return new MultiRowRangeFilter(ranges);
  }
}
