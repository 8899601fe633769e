package dev.cellar.storage.wal;

import dev.cellar.storage.CorruptionException;
import dev.cellar.storage.StorageException;
import dev.cellar.storage.fs.Vfs;
import java.io.IOException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads one segment from start to end, checking every byte, and delivers its edits. Applies
 * the replay rules of wal-format.md: a record cut short by the end of the <em>last</em>
 * segment is a torn tail (logged and dropped); anything else that is wrong is a
 * {@link CorruptionException} naming the file and the offset of the bad record.
 */
final class SegmentReader {
  private static final Logger LOG = LoggerFactory.getLogger(SegmentReader.class);

  /** Bytes read from the file at a time. */
  private static final int WINDOW = 1 << 20;

  private final Vfs.ReadableFile in;
  private final String file;
  private final long size;
  private final byte[] window;
  private long windowStart;
  private int windowLength;

  private SegmentReader(Vfs.ReadableFile in, long size) {
    this.in = in;
    this.file = in.path();
    this.size = size;
    this.window = new byte[(int) Math.min(WINDOW, Math.max(size, 1))];
  }

  /**
   * Reads segment {@code number}.
   *
   * @param last whether it is the newest segment, the only one allowed a torn tail
   * @param previous the segment read just before, or {@code null}
   * @param sink receives each valid edit in order
   */
  static SegmentInfo read(Vfs vfs, long number, boolean last, SegmentInfo previous, Consumer<WalEdit> sink) {
    String path = WalFormat.segmentPath(number);
    try (Vfs.ReadableFile in = vfs.open(path)) {
      return new SegmentReader(in, in.size()).readAll(number, last, previous, sink);
    } catch (IOException e) {
      throw new StorageException("cannot read write-ahead log segment " + vfs.describe() + "/" + path, e);
    }
  }

  private SegmentInfo readAll(long number, boolean last, SegmentInfo previous, Consumer<WalEdit> sink)
      throws IOException {
    if (size < WalFormat.SEGMENT_HEADER_SIZE) {
      String what = "segment is " + size + " bytes, shorter than its " + WalFormat.SEGMENT_HEADER_SIZE
          + "-byte header";
      torn(last, 0, what);
      return new SegmentInfo(number, size, 0, WalFormat.NO_SEQUENCE, 0, true);
    }
    byte[] header = new byte[WalFormat.SEGMENT_HEADER_SIZE];
    fill(0, header, 0, header.length);
    checkPrevious(SegmentHeader.read(header, file, number), previous);

    byte[] recordHeader = new byte[WalFormat.RECORD_HEADER_SIZE];
    long pos = WalFormat.SEGMENT_HEADER_SIZE;
    long maxSeq = WalFormat.NO_SEQUENCE;
    int edits = 0;
    while (pos < size) {
      long left = size - pos;
      if (left < WalFormat.RECORD_HEADER_SIZE) {
        torn(last, pos, "record header cut short: " + left + " of " + WalFormat.RECORD_HEADER_SIZE + " bytes");
        return new SegmentInfo(number, size, pos, maxSeq, edits, true);
      }
      fill(pos, recordHeader, 0, recordHeader.length);
      RecordHeader h = RecordHeader.read(recordHeader, 0, file, pos);
      int len = h.payloadLength();
      if (left - WalFormat.RECORD_HEADER_SIZE < len) {
        torn(last, pos, "record cut short: " + (left - WalFormat.RECORD_HEADER_SIZE) + " of " + len
            + " payload bytes");
        return new SegmentInfo(number, size, pos, maxSeq, edits, true);
      }
      byte[] payload = new byte[len];
      fill(pos + WalFormat.RECORD_HEADER_SIZE, payload, 0, len);
      h.checkPayload(payload, 0, file, pos);
      WalEdit edit = WalEditCodec.read(payload, 0, len, file, pos);
      sink.accept(edit);
      maxSeq = Math.max(maxSeq, edit.sequence());
      edits++;
      pos += WalFormat.RECORD_HEADER_SIZE + len;
    }
    return new SegmentInfo(number, size, pos, maxSeq, edits, false);
  }

  /**
   * Checks the length this segment's header records for its predecessor, if that predecessor
   * is the segment read before (it is absent if it was deleted as obsolete): a predecessor that
   * lost or gained whole records at its end is corruption there.
   */
  private void checkPrevious(SegmentHeader header, SegmentInfo previous) {
    if (previous == null || header.previousNumber() != previous.number()
        || header.previousLength() == previous.fileLength()) {
      return;
    }
    String name = WalFormat.segmentName(header.segmentNumber());
    String previousFile = file.endsWith(name)
        ? file.substring(0, file.length() - name.length()) + WalFormat.segmentName(previous.number())
        : previous.path();
    throw new CorruptionException(previousFile, Math.min(previous.fileLength(), header.previousLength()),
        "segment is " + previous.fileLength() + " bytes but segment " + header.segmentNumber()
        + " records its final length as " + header.previousLength() + " (whole records lost or added at its end)");
  }

  /** A record cut short: tolerated at the end of the last segment, corruption anywhere else. */
  private void torn(boolean last, long offset, String what) {
    if (!last) {
      throw new CorruptionException(file, offset, what + " in a segment that is not the last");
    }
    LOG.warn("Dropping the torn tail of write-ahead log segment {} at offset {} ({} bytes; {}): the end of a write "
        + "cut short by a crash", file, offset, size - offset, what);
  }

  /** Reads {@code len} bytes at {@code pos} (all within the file) through the window. */
  private void fill(long pos, byte[] dst, int off, int len) throws IOException {
    if (pos >= windowStart && pos + len <= windowStart + windowLength) {
      System.arraycopy(window, (int) (pos - windowStart), dst, off, len);
      return;
    }
    if (len >= window.length) {
      in.readFully(pos, dst, off, len);
      return;
    }
    windowStart = pos;
    windowLength = (int) Math.min(window.length, size - pos);
    in.readFully(pos, window, 0, windowLength);
    System.arraycopy(window, 0, dst, off, len);
  }
}
