package dev.cellar.storage;

/**
 * A compaction or split of one region, running or finished, as {@link Admin#compactions} lists it.
 *
 * @param table the table's name
 * @param regionStartRow the first row of the region (empty for the first region)
 * @param kind what it does
 * @param filesIn the store files it reads (for a split, the parent's files)
 * @param filesOut the store files it wrote (for a split, the references the daughters hold)
 * @param bytesIn the bytes of the files it reads
 * @param bytesOut the bytes of the files it wrote (0 for a split, which rewrites nothing)
 * @param startedMillis when it started, in milliseconds since the epoch, or -1 when not known
 * @param endedMillis when it ended, or -1 while it runs
 * @param state where it is
 */
public record CompactionInfo(String table, byte[] regionStartRow, Kind kind, int filesIn, int filesOut, long bytesIn,
    long bytesOut, long startedMillis, long endedMillis, State state) {

  /** What a compaction does. */
  public enum Kind {
    /** Merges a family's files, keeping every cell. */
    MINOR,
    /** Rewrites every family into one file, dropping what reads can no longer return. */
    MAJOR,
    /** Replaces a region by two. */
    SPLIT
  }

  /** Where a compaction is. */
  public enum State {
    RUNNING,
    DONE,
    /** Stopped by an error or by the store closing; its inputs stay in place. */
    FAILED
  }

  /** The name of the region, as {@link RegionInfo#name()} gives it. */
  public String regionName() {
    return table + "," + Bytes.toStringBinary(regionStartRow);
  }
}
