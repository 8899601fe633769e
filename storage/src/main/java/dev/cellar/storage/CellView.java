package dev.cellar.storage;

import dev.cellar.storage.util.ShortBytes;
import java.util.Arrays;

/**
 * Read access to the fields of one cell without building a {@link Cell}: the row, qualifier
 * and value are ranges of arrays the view does not own. A {@link Cell} is its own view (every
 * range covers a whole array); a view of a cell in a store file points into the decoded block.
 *
 * <p>Unless its producer says otherwise, a view is valid only until the producer moves on
 * (the next cell of a scan, the next call of a {@link ScanVisitor}); the arrays must not be
 * changed, and a consumer that keeps a value copies it ({@link #toCell()}, {@link #value()}).
 */
public interface CellView {
  /** The array holding the row: {@code rowArray()[rowOffset(), rowOffset() + rowLength())}. */
  byte[] rowArray();

  int rowOffset();

  int rowLength();

  /** The family, a whole array. */
  byte[] family();

  /** The array holding the qualifier, in {@code [qualifierOffset(), qualifierOffset() + qualifierLength())}. */
  byte[] qualifierArray();

  int qualifierOffset();

  int qualifierLength();

  long timestamp();

  CellType type();

  /** The engine's sequence number of the write that made the cell. */
  long sequenceId();

  /** The array holding the value, in {@code [valueOffset(), valueOffset() + valueLength())}. */
  byte[] valueArray();

  int valueOffset();

  int valueLength();

  /** Whether the qualifier equals {@code q}. */
  default boolean qualifierEquals(byte[] q) {
    int len = qualifierLength();
    if (len != q.length) {
      return false;
    }
    return ShortBytes.equals(qualifierArray(), qualifierOffset(), q, 0, len);
  }

  /** Whether the row equals {@code row[off, off + len)}. */
  default boolean rowEquals(byte[] row, int off, int len) {
    int o = rowOffset();
    return Arrays.equals(rowArray(), o, o + rowLength(), row, off, off + len);
  }

  /** The value as an array the caller may keep: a copy, or a {@link Cell}'s own (immutable) array. */
  default byte[] value() {
    int off = valueOffset();
    return valueLength() == 0 ? Bytes.EMPTY : Arrays.copyOfRange(valueArray(), off, off + valueLength());
  }

  /** The cell this view shows, as an immutable {@link Cell} with arrays of its own. */
  default Cell toCell() {
    int r = rowOffset();
    int q = qualifierOffset();
    return new Cell(Arrays.copyOfRange(rowArray(), r, r + rowLength()), family(),
        qualifierLength() == 0 ? Bytes.EMPTY : Arrays.copyOfRange(qualifierArray(), q, q + qualifierLength()),
        timestamp(), type(), value(), sequenceId());
  }
}
