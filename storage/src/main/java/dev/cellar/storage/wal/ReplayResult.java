package dev.cellar.storage.wal;

import java.util.List;

/**
 * What {@link Wal#replay} delivered: a summary of the whole log and one {@link SegmentInfo}
 * per segment, in segment order. Passing it to {@link Wal#open(dev.cellar.storage.fs.Vfs,
 * WalOptions, ReplayResult)} spares the open a second read of the log.
 *
 * @param segments every segment found, oldest first
 * @param highestSequence the highest sequence number delivered, or
 *     {@link WalFormat#NO_SEQUENCE} if no record was
 * @param edits how many edits were delivered
 */
public record ReplayResult(List<SegmentInfo> segments, long highestSequence, long edits) {
  public ReplayResult {
    segments = List.copyOf(segments);
  }

  /** Whether a torn tail was dropped from the last segment. */
  public boolean tornTail() {
    return !segments.isEmpty() && segments.get(segments.size() - 1).torn();
  }
}
