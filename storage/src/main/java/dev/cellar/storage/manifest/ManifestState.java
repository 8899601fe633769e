package dev.cellar.storage.manifest;

import dev.cellar.storage.TableDescriptor;
import java.util.List;
import java.util.Map;

/**
 * Everything the manifest records, immutable.
 *
 * @param lastSequence a sequence number at or above every one written when the manifest was saved
 * @param nextFileNumber the number the next store file gets
 * @param nextTableId the id the next table gets (ids are never reused, so log records of a
 *     dropped table never reach a new table of the same name)
 * @param tables the tables, in name order
 */
public record ManifestState(long lastSequence, long nextFileNumber, long nextTableId, List<TableState> tables) {

  /** A new store's state. */
  public static ManifestState empty() {
    return new ManifestState(0, 1, 1, List.of());
  }

  /**
   * One table.
   *
   * @param id never reused
   * @param enabled false while the table is disabled
   * @param regions in key order, covering the whole key space
   */
  public record TableState(long id, TableDescriptor descriptor, boolean enabled, List<RegionState> regions) {}

  /**
   * One region of a table.
   *
   * @param startRow inclusive, empty for the first region
   * @param endRow exclusive, empty for the last region
   * @param flushedSequence every write of this region at or below it is in its store files
   * @param files store file numbers per family name, newest first
   */
  public record RegionState(byte[] startRow, byte[] endRow, long flushedSequence, Map<String, List<Long>> files) {}
}
