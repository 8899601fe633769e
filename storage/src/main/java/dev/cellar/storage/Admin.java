package dev.cellar.storage;

import java.util.List;

/** Schema and maintenance operations of a store. Thread-safe. */
public interface Admin {
  /**
   * Creates a table with one region.
   *
   * @throws TableExistsException if a table of that name exists
   */
  void createTable(TableDescriptor descriptor);

  /**
   * Creates a table pre-split at {@code splitKeys} (SEEDS.md §2 {@code SPLITS => [...]}): n keys
   * give n + 1 regions.
   *
   * @throws IllegalArgumentException if a key is empty or keys repeat
   */
  void createTable(TableDescriptor descriptor, byte[][] splitKeys);

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

  /**
   * Adds a family. Existing rows simply have no cells in it.
   *
   * @throws IllegalArgumentException if the table has the family already
   */
  void addFamily(String table, ColumnFamilyDescriptor family);

  /**
   * Changes a family's settings. VERSIONS, TTL and MIN_VERSIONS apply to reads at once;
   * COMPRESSION, BLOCKSIZE and BLOOMFILTER apply to files written from now on (next flush or
   * compaction; a major compaction rewrites every file).
   *
   * @throws NoSuchFamilyException if the table has no such family
   */
  void modifyFamily(String table, ColumnFamilyDescriptor family);

  /**
   * Removes a family and all its cells.
   *
   * @throws NoSuchFamilyException if the table has no such family
   * @throws IllegalArgumentException if it is the table's last family
   */
  void deleteFamily(String table, String family);

  /** Takes a table offline: reads and writes fail with {@link TableNotEnabledException} until enabled. */
  void disableTable(String name);

  /** Brings a disabled table back online. */
  void enableTable(String name);

  /** Whether the table is enabled. */
  boolean isTableEnabled(String name);

  /** Removes every row of a table, keeping its schema (and, if asked, its region boundaries). */
  void truncateTable(String name, boolean preserveSplits);

  /** Writes the table's memstores to store files and waits until they are durable. */
  void flush(String name);

  /** Merges each family's store files of every region into one, keeping every cell (a minor compaction). */
  void compact(String name);

  /**
   * Flushes, then rewrites each family of every region into one file with the family's current
   * settings, dropping delete markers and the cells they mask, expired cells beyond MIN_VERSIONS
   * and versions beyond VERSIONS. Waits until done.
   */
  void majorCompact(String name);

  /** The major compactions ({@link #majorCompact}) running now, oldest first; none if the store does not tell. */
  default java.util.List<CompactionProgress> runningCompactions() {
    return java.util.List.of();
  }

  /** Splits every region of the table that holds data at its middle key. */
  void split(String name);

  /**
   * Splits the region holding {@code splitPoint} at that key.
   *
   * @throws IllegalArgumentException if the key is a region boundary already
   */
  void split(String name, byte[] splitPoint);

  /** The table's regions in key order, with their statistics. */
  List<RegionInfo> regions(String name);

  /**
   * The store files of every region of the table, by region in key order, then family, newest
   * file first. A file shared by the two daughters of a split is listed under each.
   *
   * @throws TableNotFoundException if there is no such table
   */
  List<StoreFileStats> storeFiles(String name);

  /**
   * The compactions and splits of the table's regions that are running, then the last ones
   * that finished (the store keeps a bounded number), oldest first.
   *
   * @throws TableNotFoundException if there is no such table
   */
  List<CompactionInfo> compactions(String name);
}
