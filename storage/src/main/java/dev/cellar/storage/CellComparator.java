package dev.cellar.storage;

import java.util.Arrays;
import java.util.Comparator;

/**
 * The one order of cells: row ↑, family ↑, qualifier ↑ (unsigned bytes), timestamp ↓,
 * type code ↓ and — for {@link #WITH_SEQUENCE} — sequence number ↓.
 *
 * <p>{@link #INSTANCE} is the order users see (cells of a {@link Result}); {@link #WITH_SEQUENCE}
 * is the engine's internal order, in which two writes of the same coordinates are distinct and
 * the later one comes first. Its name is stored in store files; see
 * {@code storage/docs/store-file-format.md}.
 */
public final class CellComparator implements Comparator<Cell> {
  /** Name persisted in store files; never change it for the same order. */
  public static final String NAME = "cellar.CellComparator.v1";

  /** Coordinates, timestamp and type; ignores sequence numbers. */
  public static final CellComparator INSTANCE = new CellComparator(false);
  /** Coordinates, timestamp, type and then sequence number descending: the engine's order. */
  public static final CellComparator WITH_SEQUENCE = new CellComparator(true);

  private final boolean withSequence;

  private CellComparator(boolean withSequence) {
    this.withSequence = withSequence;
  }

  @Override
  public int compare(Cell a, Cell b) {
    // cells of one row often share its array (those of one mutation, of one loaded row); a
    // cell's arrays are its own, read here without the calls through CellView, which a JVM
    // that has met many kinds of view cannot inline
    if (a.row() != b.row()) {
      int c = Arrays.compareUnsigned(a.row(), b.row());
      if (c != 0) {
        return c;
      }
    }
    return compareAfterRow(a, b);
  }

  /** Compares two cells known to share a row. */
  public int compareAfterRow(Cell a, Cell b) {
    int c = a.family() == b.family() ? 0 : Arrays.compareUnsigned(a.family(), b.family());
    if (c != 0) {
      return c;
    }
    c = Arrays.compareUnsigned(a.qualifier(), b.qualifier());
    if (c != 0) {
      return c;
    }
    c = Long.compare(b.timestamp(), a.timestamp());
    if (c != 0) {
      return c;
    }
    c = Integer.compare(b.type().code(), a.type().code());
    if (c != 0 || !withSequence) {
      return c;
    }
    return Long.compare(b.sequenceId(), a.sequenceId());
  }

  /**
   * Compares a cell seen through a view with a cell (a seek key such as
   * {@link Cell#firstOnRow(byte[])}), without building a cell from the view.
   */
  public int compare(CellView a, Cell b) {
    return compare(a, (CellView) b);
  }

  /** Compares two cells seen through views, without building either. */
  public int compare(CellView a, CellView b) {
    int ao = a.rowOffset();
    int bo = b.rowOffset();
    int c = Arrays.compareUnsigned(a.rowArray(), ao, ao + a.rowLength(), b.rowArray(), bo, bo + b.rowLength());
    if (c != 0) {
      return c;
    }
    byte[] af = a.family();
    byte[] bf = b.family();
    if (af != bf) {
      c = Arrays.compareUnsigned(af, bf);
      if (c != 0) {
        return c;
      }
    }
    ao = a.qualifierOffset();
    bo = b.qualifierOffset();
    c = Arrays.compareUnsigned(a.qualifierArray(), ao, ao + a.qualifierLength(), b.qualifierArray(), bo,
        bo + b.qualifierLength());
    if (c != 0) {
      return c;
    }
    c = Long.compare(b.timestamp(), a.timestamp());
    if (c != 0) {
      return c;
    }
    c = Integer.compare(b.type().code(), a.type().code());
    if (c != 0 || !withSequence) {
      return c;
    }
    return Long.compare(b.sequenceId(), a.sequenceId());
  }

  /** Compares rows only. */
  public static int compareRows(byte[] a, byte[] b) {
    return Arrays.compareUnsigned(a, b);
  }
}
