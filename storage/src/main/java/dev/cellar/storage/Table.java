package dev.cellar.storage;

import java.util.Arrays;
import java.util.List;

/**
 * Data access to one table. Thread-safe: one instance may serve many threads.
 *
 * <p>Every mutation is atomic for its row; {@link #batch} is atomic as a whole, across rows.
 */
public interface Table {
  /** The table's name. */
  String name();

  /** The table's current descriptor. */
  TableDescriptor descriptor();

  /** Applies one put. */
  void put(Put put);

  /** Applies several puts atomically (as {@link #batch}). */
  void put(List<Put> puts);

  /** Applies one delete. */
  void delete(Delete delete);

  /** Applies several deletes atomically (as {@link #batch}). */
  void delete(List<Delete> deletes);

  /**
   * Applies puts and deletes, possibly of many rows, as one atomic write: after a crash either
   * all of them are present or none, and no reader sees some without the others. The batch's
   * durability is the strongest any of its mutations asks for.
   */
  void batch(List<? extends Mutation> mutations);

  /**
   * Applies the mutations of a {@link CheckAndMutate} if its condition holds; the check and the
   * write are atomic with respect to every other write of the row.
   *
   * @return whether the condition held (and the mutations were applied)
   */
  boolean checkAndMutate(CheckAndMutate checkAndMutate);

  /**
   * Applies several {@link CheckAndMutate}s, each atomic for its row as {@link #checkAndMutate}
   * is, but not together: each is applied if its own condition holds, whatever the others'.
   * A store may send them together (HBase: one request per region server); by default they run
   * one after another.
   *
   * @return for each, in order, whether its condition held (and its mutations were applied)
   */
  default boolean[] checkAndMutate(List<CheckAndMutate> checks) {
    boolean[] held = new boolean[checks.size()];
    for (int i = 0; i < held.length; i++) {
      held[i] = checkAndMutate(checks.get(i));
    }
    return held;
  }

  /**
   * Adds to counters of one row atomically and returns their new values.
   *
   * @throws IllegalArgumentException if a counter's current value is not 8 bytes wide
   */
  Result increment(Increment increment);

  /** Adds {@code amount} to one counter and returns its new value. */
  default long incrementColumnValue(byte[] row, byte[] family, byte[] qualifier, long amount) {
    Result r = increment(new Increment(row).addColumn(family, qualifier, amount));
    return Bytes.toLong(r.value(family, qualifier));
  }

  /**
   * Starts a bulk load: sorted runs of cells written straight into store files and added to the
   * table's regions at once by {@link BulkLoad#commit()}, bypassing the log and the memstore.
   *
   * @throws TableNotEnabledException if the table is disabled
   */
  BulkLoad startBulkLoad();

  /**
   * Holds back the compactions that writes to this table would start, until the hold is closed:
   * a load of many chunks ({@code COPY}, {@code cellar load}) adds a file to a region per chunk,
   * and compacting them while the next chunks come rewrites the same rows again and again and
   * takes a core from the load. Once every hold of the table is closed, its regions are
   * compacted as they need. A region whose family gathers many files while held
   * ({@link #HELD_FILES_CAP} times the compaction threshold) is compacted all the same, so that
   * reads meanwhile do not merge an unbounded number of files. A backend that manages its own
   * compactions may ignore holds.
   */
  default CompactionHold holdCompactions() {
    return () -> { };
  }

  /** Times the compaction threshold a family of a held table may reach before it is compacted anyway. */
  int HELD_FILES_CAP = 4;

  /** A hold on a table's compactions ({@link #holdCompactions()}); closing it twice has no effect. */
  interface CompactionHold extends AutoCloseable {
    @Override
    void close();
  }

  /**
   * Loads one sorted run of cells and commits it (see {@link BulkLoad}).
   *
   * @return the number of cells loaded
   */
  default long bulkLoad(java.util.Iterator<? extends Cell> sortedCells) {
    try (BulkLoad load = startBulkLoad()) {
      load.addSortedRun(sortedCells);
      load.commit();
      return load.cellCount();
    }
  }

  /** Reads one row; an empty result if it has no visible cell. */
  Result get(Get get);

  /** Reads several rows from one snapshot, in the order asked. */
  List<Result> get(List<Get> gets);

  /** Whether the get would return a non-empty result. */
  default boolean exists(Get get) {
    return !get(get).isEmpty();
  }

  /**
   * Where and how this table evaluates {@code filter} in a scan, in words, for {@code EXPLAIN}.
   * The embedded engine runs every filter inside its region scanners; a backend may run some
   * filters in the client (the HBase backend runs those HBase has no equivalent for there).
   */
  default String describeFilter(dev.cellar.storage.filter.Filter filter) {
    return filter == null ? "no filter" : filter + " runs in the region scanners";
  }

  /**
   * Rows that cut the rows from {@code startRow} (inclusive) to {@code stopRow} (exclusive; empty
   * for the table's end) into at most {@code pieces} parts of about equal data, in ascending
   * order, each strictly inside the range: scanning {@code [startRow, r1)}, {@code [r1, r2)}, ...,
   * {@code [rk, stopRow)} on as many threads reads the range once. Asking reads no data (the
   * embedded engine takes the rows from its regions' boundaries and the block indexes of their
   * store files). Fewer rows, or none, when the range holds little data or the backend cannot
   * tell; none by default.
   */
  default List<byte[]> splitRows(byte[] startRow, byte[] stopRow, int pieces) {
    return List.of();
  }

  /** Opens a streaming scan. */
  ResultScanner scanner(Scan scan);

  /**
   * Runs {@code scan} to its end, passing every cell it returns to {@code visitor} as a view
   * (same cells, same order, same snapshot rules as {@link #scanner}); the scan's caching and
   * batch size do not apply. A backend may serve it without building a {@link Result} or a
   * {@link Cell} per row: the embedded engine does for forward scans without a filter. By
   * default the cells of {@link #scanner}'s results.
   */
  default void scan(Scan scan, ScanVisitor visitor) {
    try (ResultScanner scanner = scanner(scan)) {
      byte[] row = null;
      for (Result r; (r = scanner.next()) != null;) {
        // a batch size splits a row over several results
        boolean first = row == null || !Arrays.equals(row, r.row());
        row = r.row();
        for (Cell c : r.cells()) {
          if (first) {
            visitor.startRow(c);
            first = false;
          }
          visitor.cell(c);
        }
      }
    }
  }
}
