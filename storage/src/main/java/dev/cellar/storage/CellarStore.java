package dev.cellar.storage;

import java.io.Closeable;

/**
 * An open store: a set of tables. The embedded engine ({@code EmbeddedStore}) is one
 * implementation. Thread-safe. Closing it flushes nothing that is not already durable by its
 * writes' {@link Durability}, and releases the directory lock.
 */
public interface CellarStore extends Closeable {
  /** Schema and maintenance operations. */
  Admin admin();

  /**
   * Data access to a table.
   *
   * @throws TableNotFoundException if there is no such table
   */
  Table table(String name);

  /**
   * Applies mutations of several tables as one atomic write.
   *
   * @throws TableNotFoundException if a table does not exist (nothing is applied)
   */
  void write(WriteBatch batch);

  /**
   * Whether a batch spanning rows (and tables) is atomic: true for the embedded engine. When
   * false, {@link #write} and {@link Table#batch} apply each row's mutations atomically but not
   * the batch as a whole: after a failure or a crash some rows may be written and others not,
   * and readers may see some rows of a batch before the others (what keeping secondary indexes in
   * step with their tables needs is then missing).
   */
  default boolean atomicMultiRowBatches() {
    return true;
  }

  /**
   * Whether {@link Table#startBulkLoad()} (and {@link Table#bulkLoad}) work: true for the embedded
   * engine. When false they throw {@link UnsupportedOperationException}; load with batches of puts.
   */
  default boolean bulkLoads() {
    return true;
  }

  /**
   * Whether {@link Admin#regions}' statistics are exact at the moment they are asked for, cell
   * counts included: true for the embedded engine. When false, {@link RegionInfo#cells()} is -1
   * (unknown) and sizes, file and request counts are as the servers last reported them (HBase's
   * region servers report every few seconds); estimate rows from bytes instead.
   */
  default boolean exactRegionStatistics() {
    return true;
  }

  /**
   * Whether a query that needs some columns of a small family (a few columns) should read the
   * family whole rather than name its columns: true for the embedded engine, whose scanner steps
   * over a few cells faster than it seeks to each named one. False where every cell read is sent
   * to the client (HBase), so that the cells a query does not need are not sent.
   */
  default boolean readsSmallFamiliesWhole() {
    return true;
  }

  /**
   * Whether other processes may open the same store at once and write it (a cluster's store):
   * false for the embedded engine, whose directory one process holds. When true, what a process
   * keeps in memory about the store (its SQL catalog) must be checked against the store for
   * other processes' changes, and uniqueness must be decided by the store (check-and-mutate),
   * not by locks inside one process.
   */
  default boolean sharedAcrossProcesses() {
    return false;
  }

  /**
   * Whether {@link #snapshot()} is supported: consistent read views that last across many reads,
   * with pending writes laid over them (what transactions need). True for the embedded engine.
   */
  default boolean snapshotReads() {
    return false;
  }

  /**
   * Opens a consistent read view of the store as it is now (see {@link Snapshot}); close it
   * when done.
   *
   * @throws UnsupportedOperationException if the backend has no {@link #snapshotReads()}
   */
  default Snapshot snapshot() {
    throw new UnsupportedOperationException(getClass().getSimpleName() + " has no snapshot reads");
  }

  /**
   * Scanners opened by {@link Table#scanner} and not yet closed, or -1 if the backend does not
   * count them. A server's gauge: a client that went away must leave none behind.
   */
  default int openScanners() {
    return -1;
  }

  /**
   * The highest timestamp of a cell the store holds (a delete marker included; a cell deleted
   * or compacted away may still count), or {@link Long#MIN_VALUE} when the store cannot tell
   * cheaply. A writer that stamps cells ahead of its clock starts above it after a restart, so
   * that its delete markers hide the puts an earlier process stamped.
   */
  default long maxTimestamp() {
    return Long.MIN_VALUE;
  }

  @Override
  void close();
}
