package dev.cellar.storage;

import java.util.ArrayList;
import java.util.List;

/** The rows a {@link Table#scan(Scan, ScanVisitor)} visits, for comparing with a scanner's. */
final class VisitedRows {
  private VisitedRows() {}

  /** The cells {@link Table#scan(Scan, ScanVisitor)} passes, copied and grouped by row. */
  static List<Result> of(Table table, Scan s) {
    return of(table, s, Integer.MAX_VALUE);
  }

  /**
   * As {@link #of(Table, Scan)}, by a visitor that has what it needs of a row
   * ({@link ScanVisitor#rowDone}) once it was shown {@code cellsPerRow} of its cells.
   */
  static List<Result> of(Table table, Scan s, int cellsPerRow) {
    List<List<Cell>> rows = new ArrayList<>();
    table.scan(s, new ScanVisitor() {
      @Override
      public void startRow(CellView first) {
        rows.add(new ArrayList<>());
      }

      @Override
      public void cell(CellView cell) {
        rows.get(rows.size() - 1).add(cell.toCell());
      }

      @Override
      public boolean rowDone() {
        return rows.get(rows.size() - 1).size() >= cellsPerRow;
      }
    });
    List<Result> out = new ArrayList<>();
    for (List<Cell> r : rows) {
      out.add(Result.of(r));
    }
    return out;
  }
}
