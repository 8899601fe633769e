package dev.cellar.storage;

/**
 * One store file of one family of one region, as {@link Admin#storeFiles} lists it.
 *
 * @param table the table's name
 * @param regionStartRow the first row of the region listing the file (empty for the first region)
 * @param family the family's name
 * @param name the file's name or path in the store
 * @param bytes the file's size
 * @param cells the cells in the file (markers and old versions included)
 * @param firstRow the file's first row, or {@code null} when it is empty
 * @param lastRow the file's last row, or {@code null} when it is empty
 * @param maxSequence the largest write sequence number in the file, or -1 when not known
 * @param createdMillis when the file was written, in milliseconds since the epoch, or -1 when not known
 */
public record StoreFileStats(String table, byte[] regionStartRow, String family, String name, long bytes, long cells,
    byte[] firstRow, byte[] lastRow, long maxSequence, long createdMillis) {

  /** The name of the region listing the file, as {@link RegionInfo#name()} gives it. */
  public String regionName() {
    return table + "," + Bytes.toStringBinary(regionStartRow);
  }
}
