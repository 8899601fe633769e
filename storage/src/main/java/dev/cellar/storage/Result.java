package dev.cellar.storage;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The visible cells of one row (or, for a scan with a batch size, part of one row), in
 * {@link CellComparator} order. Immutable. An empty result means the row has no visible cell.
 */
public final class Result {
  private static final Result EMPTY = new Result(null, Collections.emptyList());

  private final byte[] row;
  private final List<Cell> cells;

  private Result(byte[] row, List<Cell> cells) {
    this.row = row;
    this.cells = cells;
  }

  /** The empty result. */
  public static Result empty() {
    return EMPTY;
  }

  /** A result over cells of one row, already in {@link CellComparator} order. */
  public static Result of(List<Cell> cells) {
    if (cells.isEmpty()) {
      return EMPTY;
    }
    return new Result(cells.get(0).row(), Collections.unmodifiableList(new ArrayList<>(cells)));
  }

  /**
   * A result over cells of one row in {@link CellComparator} order, taking ownership of the
   * list: the caller must not change it afterwards. Saves the copy {@link #of} makes.
   */
  public static Result ofOwned(List<Cell> cells) {
    if (cells.isEmpty()) {
      return EMPTY;
    }
    return new Result(cells.get(0).row(), Collections.unmodifiableList(cells));
  }

  /** The row key, or {@code null} for an empty result. */
  public byte[] row() {
    return row;
  }

  public boolean isEmpty() {
    return cells.isEmpty();
  }

  /** Number of cells. */
  public int size() {
    return cells.size();
  }

  /** The cells, in order. */
  public List<Cell> cells() {
    return cells;
  }

  /** Every returned version of one column, newest first. */
  public List<Cell> columnCells(byte[] family, byte[] qualifier) {
    List<Cell> out = new ArrayList<>();
    for (Cell c : cells) {
      if (Arrays.equals(c.family(), family) && Arrays.equals(c.qualifier(), qualifier)) {
        out.add(c);
      }
    }
    return out;
  }

  /** The newest returned cell of one column, or {@code null}. */
  public Cell latestCell(byte[] family, byte[] qualifier) {
    for (Cell c : cells) {
      if (Arrays.equals(c.family(), family) && Arrays.equals(c.qualifier(), qualifier)) {
        return c;
      }
    }
    return null;
  }

  /** The newest value of one column, or {@code null}. */
  public byte[] value(byte[] family, byte[] qualifier) {
    Cell c = latestCell(family, qualifier);
    return c == null ? null : c.value();
  }

  /** Convenience: the newest value of {@code family:qualifier} decoded as UTF-8, or {@code null}. */
  public String valueAsString(String family, String qualifier) {
    return Bytes.toString(value(Bytes.toBytes(family), Bytes.toBytes(qualifier)));
  }

  /** Whether the result holds a cell of the column. */
  public boolean containsColumn(byte[] family, byte[] qualifier) {
    return latestCell(family, qualifier) != null;
  }

  /** qualifier → newest value, for one family. */
  public NavigableMap<byte[], byte[]> familyMap(byte[] family) {
    NavigableMap<byte[], byte[]> m = new TreeMap<>(Bytes::compare);
    for (Cell c : cells) {
      if (Arrays.equals(c.family(), family)) {
        m.putIfAbsent(c.qualifier(), c.value());
      }
    }
    return m;
  }

  @Override
  public String toString() {
    return "Result{" + (row == null ? "empty" : "row=" + Bytes.toStringBinary(row) + ", cells=" + cells) + "}";
  }
}
