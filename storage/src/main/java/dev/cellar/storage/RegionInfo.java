package dev.cellar.storage;

/**
 * One region of a table and its statistics at the moment it was asked for.
 *
 * @param table the table's name
 * @param startRow first row (inclusive); empty for the first region
 * @param endRow end row (exclusive); empty for the last region
 * @param storeFileBytes bytes of the region's store files (a file shared with a sibling after a
 *     split counts in full for both)
 * @param memstoreBytes bytes held in memstores
 * @param cells cells in store files plus memstores, before visibility rules (markers and old versions
 *     included); -1 when the backend does not count them ({@link CellarStore#exactRegionStatistics()})
 * @param storeFiles number of store files over all families
 * @param readRequests gets and scans that read this region since the store opened
 * @param writeRequests mutations applied to this region since the store opened
 */
public record RegionInfo(String table, byte[] startRow, byte[] endRow, long storeFileBytes, long memstoreBytes,
    long cells, int storeFiles, long readRequests, long writeRequests) {

  /** Printable name in HBase's style: {@code table,startRow}. */
  public String name() {
    return table + "," + Bytes.toStringBinary(startRow);
  }

  @Override
  public String toString() {
    return "{NAME => '" + name() + "', STARTKEY => '" + Bytes.toStringBinary(startRow) + "', ENDKEY => '"
        + Bytes.toStringBinary(endRow) + "', STOREFILES => " + storeFiles + ", STOREFILE_BYTES => " + storeFileBytes
        + ", MEMSTORE_BYTES => " + memstoreBytes + ", CELLS => " + cells + ", READS => " + readRequests
        + ", WRITES => " + writeRequests + "}";
  }
}
