package dev.cellar.storage.filter;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;

/** Seek keys that filters return as hints. */
final class Hints {
  private Hints() {}

  /** The start of the first family after {@code c}'s, in the same row. */
  static Cell nextFamily(Cell c) {
    return Cell.firstOnColumn(c.row(), Bytes.rowAfter(c.family()), Bytes.EMPTY);
  }

  /** The start of column {@code qualifier} in {@code c}'s row and family. */
  static Cell column(Cell c, byte[] qualifier) {
    return Cell.firstOnColumn(c.row(), c.family(), qualifier);
  }

  /** The start of {@code row}. */
  static Cell row(byte[] row) {
    return Cell.firstOnRow(row);
  }
}
