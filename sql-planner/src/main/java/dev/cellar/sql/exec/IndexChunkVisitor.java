package dev.cellar.sql.exec;

import dev.cellar.storage.CellView;
import dev.cellar.storage.ScanVisitor;
import java.util.Arrays;

/**
 * Reads the rows of an index build's chunk as the store shows them ({@link ScanVisitor}): the
 * columns an entry needs are decoded from the cells in place, and no result or cell is built
 * for a row. Only for rows whose wanted fields are all value columns of one cell each
 * ({@link #canRead}); the build reads other tables through results.
 */
final class IndexChunkVisitor implements ScanVisitor {
  /** Receives each row read. */
  interface RowSink {
    /**
     * @param row the row's fields, the wanted ones decoded (the array is the sink's)
     * @param key the row's key (the array is the sink's)
     * @param maxTimestamp the largest timestamp of the row's cells read
     */
    void accept(Object[] row, byte[] key, long maxTimestamp);
  }

  private final TableMapping m;
  private final boolean[] wanted;
  private final RowSink sink;
  /** Whether the sink needs every cell's timestamp; else a row is read up to its last wanted cell. */
  private final boolean allCells;
  /** The last of {@code m.valueFields} the sink wants, -1 if none. */
  private final int lastWanted;
  /** Whether the current row's wanted cells have all gone by. */
  private boolean complete;
  private Object[] row;
  private byte[] key;
  private long maxTs;
  /** The value field to compare the next cell with: cells and value fields come in the same order. */
  private int next;
  private int rows;

  /**
   * @param allCells whether the sink's {@code maxTimestamp} must be the largest of all the
   *     row's cells; if not, it is that of the cells up to the last wanted one, and the row's
   *     later cells are stepped over ({@link #rowDone})
   */
  IndexChunkVisitor(TableMapping m, boolean[] wanted, boolean allCells, RowSink sink) {
    this.m = m;
    this.wanted = wanted;
    this.sink = sink;
    this.allCells = allCells;
    int last = -1;
    for (int j = 0; j < m.valueFields.length; j++) {
      last = wanted[m.valueFields[j]] ? j : last;
    }
    this.lastWanted = last;
  }

  /**
   * Whether a build can read the table this way: one SQL row a store row, one version, and no
   * wanted field from the key, the row's timestamp or a MAP column's cells.
   */
  static boolean canRead(TableMapping m, boolean[] wanted) {
    if (m.def().isDynamic() || m.readVersions() != 1) {
      return false;
    }
    for (int f : m.keyFields) {
      if (wanted[f]) {
        return false;
      }
    }
    for (int f : m.mapFields) {
      if (wanted[f]) {
        return false;
      }
    }
    return m.rowTimestampField < 0 || !wanted[m.rowTimestampField];
  }

  @Override
  public void startRow(CellView first) {
    finish();
    int ro = first.rowOffset();
    key = Arrays.copyOfRange(first.rowArray(), ro, ro + first.rowLength());
    row = new Object[m.fieldCount()];
    maxTs = Long.MIN_VALUE;
    next = 0;
    complete = false;
  }

  @Override
  public void cell(CellView c) {
    maxTs = Math.max(maxTs, c.timestamp());
    int[] fields = m.valueFields;
    while (next < fields.length && RowCodec.compareToValueField(m, c, next) > 0) {
      next++;
    }
    // several fields may read one cell (a column a query declares again with another type)
    for (int j = next; j < fields.length && RowCodec.compareToValueField(m, c, j) == 0; j++) {
      int f = fields[j];
      if (wanted[f]) {
        row[f] = m.readValue(key, f, c.value());
      }
      complete |= j >= lastWanted;
    }
    complete |= next > lastWanted;
  }

  @Override
  public boolean rowDone() {
    return complete && !allCells;
  }

  /** Hands the row being read, if any, to the sink; called after the scan for the last row. */
  void finish() {
    if (row != null) {
      sink.accept(row, key, maxTs);
      rows++;
      row = null;
    }
  }

  /** Rows handed to the sink. */
  int rows() {
    return rows;
  }

  /** The key of the last row read, or null if none was. */
  byte[] lastKey() {
    return key;
  }
}
