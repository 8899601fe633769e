package dev.cellar.storage;

import java.util.Iterator;

/**
 * A bulk load into one table: cells written straight into new store files, without the log or
 * the memstore, and added to the table's regions together by {@link #commit()}. Obtain one from
 * {@link Table#startBulkLoad()}; not thread-safe; close it (a load closed before it commits
 * leaves no trace). See {@code storage/docs/bulk-load.md}.
 *
 * <p><b>Runs.</b> Cells arrive in <em>runs</em>: each run is strictly ascending in
 * {@link CellComparator#INSTANCE} order (row, family, qualifier, timestamp descending, type) and
 * may span families and regions; the load cuts it at region boundaries into one file per region
 * and family. Runs are independent of each other: their rows may interleave.
 *
 * <p><b>Visibility and order.</b> Nothing of the load is visible before {@link #commit()}; at
 * commit every file appears in its regions at once, to readers that start afterwards (a scanner
 * or get that started before keeps its view). Against other writes of the same column,
 * timestamps decide as always. Each run takes a sequence number when it starts: a loaded cell
 * wins a tie (same coordinates, timestamp and type) against writes completed before its run
 * started and against cells of earlier runs, and loses it against writes that began after. The
 * cells' own sequence numbers are ignored.
 *
 * <p><b>Durability.</b> Files are forced to the device before commit records them in the
 * manifest; after a crash a load is either wholly present or absent.
 *
 * <p><b>Errors.</b> A run with cells out of order or repeated, of a family the table lacks, with
 * an empty row, an unassigned timestamp ({@link Mutation#LATEST_TIMESTAMP}), a seek-only type, or
 * larger than the store's maximum cell size is rejected with an exception naming the table,
 * family and cell; the whole load is then abandoned (its files deleted) and only {@link #close()}
 * is allowed.
 */
public interface BulkLoad extends AutoCloseable {
  /** The table loaded into. */
  String table();

  /**
   * Writes one run of cells, each in strictly ascending order, into new store files (durable
   * when this returns, visible only after {@link #commit()}).
   *
   * @throws IllegalArgumentException if a cell breaks the order or is invalid (see above)
   * @throws NoSuchFamilyException if a cell's family is not one of the table's
   * @throws CellTooLargeException if a cell exceeds the store's maximum cell size
   * @throws IllegalStateException if the load was committed, abandoned or closed
   */
  void addSortedRun(Iterator<? extends Cell> cells);

  /** Cells written so far. */
  long cellCount();

  /** Store files written so far. */
  int fileCount();

  /**
   * Adds every file written to the table's regions in one atomic manifest change (a file whose
   * region was split meanwhile goes to both daughters). A load without cells commits nothing.
   *
   * @throws TableNotFoundException if the table was dropped meanwhile
   * @throws TableNotEnabledException if the table was disabled meanwhile
   * @throws NoSuchFamilyException if a loaded family was deleted meanwhile
   * @throws IllegalStateException if already committed, abandoned or closed
   */
  void commit();

  /** Deletes the files of a load that did not commit; idempotent. */
  @Override
  void close();
}
