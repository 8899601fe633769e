package dev.cellar.storage.wal;

import dev.cellar.storage.StorageException;
import dev.cellar.storage.fs.CrashPoint;
import dev.cellar.storage.fs.Vfs;
import java.io.IOException;
import java.util.List;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What {@link Wal#open} does to the segments it finds before it starts a new one
 * (wal-format.md, "Opening"): removes leftover temporary files, learns each segment's highest
 * sequence number, and trims a torn tail off the last segment so that, once a newer segment
 * exists, the old one still reads as complete.
 */
final class WalRecovery {
  private static final Logger LOG = LoggerFactory.getLogger(WalRecovery.class);

  /**
   * The existing segments (number to highest sequence number), the number to open next, and the
   * newest existing segment's number and final length (0 and 0 if none).
   */
  record State(TreeMap<Long, Wal.ClosedSegment> segments, long nextNumber, long previousNumber, long previousLength) {}

  private WalRecovery() {}

  static State recover(Vfs vfs, ReplayResult replayed) throws IOException {
    deleteTemporaryFiles(vfs);
    List<Long> numbers = WalReader.listSegments(vfs);
    ReplayResult scan = replayed != null && describesCurrent(vfs, replayed, numbers)
        ? replayed
        : WalReader.replay(vfs, edit -> { });
    TreeMap<Long, Wal.ClosedSegment> segments = new TreeMap<>();
    long previousNumber = 0;
    long previousLength = 0;
    for (SegmentInfo s : scan.segments()) {
      if (s.torn() && !trim(vfs, s)) {
        continue;
      }
      segments.put(s.number(), new Wal.ClosedSegment(s.maxSequence(), s.validLength()));
      previousNumber = s.number();
      previousLength = s.validLength();
    }
    long next = numbers.isEmpty() ? 1 : numbers.get(numbers.size() - 1) + 1;
    return new State(segments, next, previousNumber, previousLength);
  }

  private static void deleteTemporaryFiles(Vfs vfs) throws IOException {
    for (String name : vfs.list(WalFormat.DIR)) {
      if (name.endsWith(WalFormat.SEGMENT_SUFFIX + WalFormat.TEMP_SUFFIX)) {
        LOG.info("Deleting leftover temporary write-ahead log file {}/{}", WalFormat.DIR, name);
        vfs.delete(WalFormat.DIR + "/" + name);
      }
    }
  }

  /** Whether {@code r} was read from exactly the segment files now present, at their current lengths. */
  private static boolean describesCurrent(Vfs vfs, ReplayResult r, List<Long> numbers) throws IOException {
    if (r.segments().size() != numbers.size()) {
      return false;
    }
    for (int i = 0; i < numbers.size(); i++) {
      SegmentInfo s = r.segments().get(i);
      if (s.number() != numbers.get(i)) {
        return false;
      }
      try (Vfs.ReadableFile f = vfs.open(s.path())) {
        if (f.size() != s.fileLength()) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Cuts a torn segment back to its valid prefix: rewrites the prefix to a temporary file and
   * renames it over the segment, or deletes the segment if not even its header is whole.
   *
   * @return whether the segment still exists
   */
  private static boolean trim(Vfs vfs, SegmentInfo s) throws IOException {
    String path = s.path();
    if (s.validLength() < WalFormat.SEGMENT_HEADER_SIZE) {
      LOG.warn("Deleting write-ahead log segment {} whose header was cut short ({} bytes)", path, s.fileLength());
      vfs.delete(path);
      vfs.syncDirectory(WalFormat.DIR);
      vfs.reached(CrashPoint.WAL_TRIMMED);
      return false;
    }
    LOG.warn("Trimming write-ahead log segment {} from {} to {} bytes to drop its torn tail", path, s.fileLength(),
        s.validLength());
    String temp = path + WalFormat.TEMP_SUFFIX;
    byte[] buf = new byte[1 << 20];
    try (Vfs.ReadableFile in = vfs.open(path); Vfs.WritableFile out = vfs.create(temp)) {
      for (long pos = 0; pos < s.validLength(); ) {
        int n = (int) Math.min(buf.length, s.validLength() - pos);
        in.readFully(pos, buf, 0, n);
        out.write(buf, 0, n);
        pos += n;
      }
      out.sync();
    }
    vfs.rename(temp, path);
    vfs.syncDirectory(WalFormat.DIR);
    vfs.reached(CrashPoint.WAL_TRIMMED);
    return true;
  }

  static StorageException openFailed(Vfs vfs, IOException e) {
    return new StorageException("cannot open the write-ahead log in " + vfs.describe() + "/" + WalFormat.DIR, e);
  }
}
