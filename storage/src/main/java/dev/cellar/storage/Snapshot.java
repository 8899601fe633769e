package dev.cellar.storage;

/**
 * A consistent read view of a store, fixed when {@link CellarStore#snapshot()} opened it: its
 * reads see every write completed by then and none that completes later, however long it is kept
 * open; {@link PendingWrites} given to {@link #table} are laid over it. The view of a
 * transaction: it reads what the store held at its start plus its own writes, and
 * {@link #writtenSince} finds the rows others wrote meanwhile.
 *
 * <p>While a snapshot is open the store keeps what it needs: compactions drop no version and no
 * delete marker that a read at the snapshot could still see. Close it to release them. Thread-safe.
 */
public interface Snapshot extends AutoCloseable {
  /**
   * Reads of table {@code name} as of this snapshot, with {@code pending}'s cells for the table
   * laid over it (as if written after the snapshot, by this reader alone). The table refuses
   * writes ({@link UnsupportedOperationException}).
   *
   * @param pending writes to see, or {@code null}
   * @throws TableNotFoundException if there is no such table
   */
  Table table(String name, PendingWrites pending);

  /**
   * Whether a cell (a value or a delete marker) of {@code row} in table {@code table} was
   * written after this snapshot was taken, by any writer.
   *
   * @throws TableNotFoundException if there is no such table
   */
  boolean writtenSince(String table, byte[] row);

  /**
   * Whether a cell of any row in {@code [startRow, stopRow)} of table {@code table} was written
   * after this snapshot was taken ({@code stopRow} empty: to the end of the table).
   *
   * @throws TableNotFoundException if there is no such table
   */
  boolean writtenSince(String table, byte[] startRow, byte[] stopRow);

  /** Releases what the snapshot holds; idempotent. Tables it gave stop reading. */
  @Override
  void close();
}
