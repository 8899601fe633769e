package dev.cellar.storage.wal;

/**
 * What replay found in one segment.
 *
 * @param number the segment number (from its file name)
 * @param fileLength the file's length in bytes
 * @param validLength bytes from the start through the end of the last complete, valid record
 *     (or of the header); less than {@code fileLength} only for a torn last segment
 * @param maxSequence the highest sequence number of its records, or
 *     {@link WalFormat#NO_SEQUENCE} if it holds none
 * @param edits how many records it holds
 * @param torn whether its end was cut short by a crash (only ever the last segment): a partial
 *     header or a partial final record, dropped by replay
 */
public record SegmentInfo(long number, long fileLength, long validLength, long maxSequence, int edits,
    boolean torn) {

  /** The segment's path, {@code wal/<number>.log}. */
  public String path() {
    return WalFormat.segmentPath(number);
  }
}
