package dev.cellar.storage;

import java.util.List;

/** Schema and maintenance operations of a store. Thread-safe. */
public interface Admin {
  /**
   * Creates a table.
   *
   * @throws TableExistsException if a table of that name exists
   */
  void createTable(TableDescriptor descriptor);

  /** Whether a table of that name exists. */
  boolean tableExists(String name);

  /** Every table's descriptor, in name order. */
  List<TableDescriptor> listTables();

  /**
   * A table's descriptor.
   *
   * @throws TableNotFoundException if there is no such table
   */
  TableDescriptor describe(String name);

  /**
   * Drops a table and all its data.
   *
   * @throws TableNotFoundException if there is no such table
   */
  void deleteTable(String name);

  /** Writes the table's memstores to store files and waits until they are durable. */
  void flush(String name);
}
