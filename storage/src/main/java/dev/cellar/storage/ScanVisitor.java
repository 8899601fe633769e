package dev.cellar.storage;

/**
 * Receives the cells of a scan as {@link CellView}s, row by row, in the order a
 * {@link ResultScanner} would return them ({@link Table#scan(Scan, ScanVisitor)}). Nothing is
 * built per cell or per row: a view and the arrays it shows are valid only during the call
 * that receives them, so a visitor that keeps anything copies it.
 *
 * <p>For reads that fold a range into a few numbers (counts, sums) or copy out a few fields.
 * An exception thrown by the visitor ends the scan (its resources are released) and reaches
 * the caller of {@code scan}.
 */
public interface ScanVisitor {
  /** A row with at least one cell to visit begins; {@code first} is that cell, passed next to {@link #cell}. */
  default void startRow(CellView first) {}

  /** One cell of the current row. */
  void cell(CellView cell);

  /**
   * Whether the visitor has what it needs of the current row, asked after each of its cells: a
   * store may then skip the row's other cells, stepping over them without showing them. It is
   * a hint: a store may also go on showing them.
   */
  default boolean rowDone() {
    return false;
  }

  /**
   * Whether the visitor wants only the rows, not their cells' values or every cell: it may then
   * be shown just the first cell of each row, without its value (HBase's {@code FirstKeyOnlyFilter}
   * and {@code KeyOnlyFilter} on the region servers). A store may also show it everything.
   */
  default boolean rowsOnly() {
    return false;
  }
}
