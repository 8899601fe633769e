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

  /** Whether a batch spanning rows (and tables) is atomic: true for the embedded engine. */
  default boolean atomicMultiRowBatches() {
    return true;
  }

  @Override
  void close();
}
