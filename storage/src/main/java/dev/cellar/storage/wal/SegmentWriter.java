package dev.cellar.storage.wal;

import dev.cellar.storage.fs.CrashPoint;
import dev.cellar.storage.fs.Vfs;
import java.io.IOException;

/**
 * The open, newest segment: a file that starts with its {@link SegmentHeader} and grows by
 * whole batches of records. Not thread-safe; {@link Wal} calls it under its write lock.
 */
final class SegmentWriter {
  private final long number;
  private final Vfs.WritableFile file;
  private long size;
  private long maxSequence = WalFormat.NO_SEQUENCE;

  private SegmentWriter(long number, Vfs.WritableFile file, long size) {
    this.number = number;
    this.file = file;
    this.size = size;
  }

  /**
   * Creates segment {@code number}, writes its header and makes both the header and the
   * directory entry durable, so that a record forced into it later cannot be lost with the file.
   *
   * @param previousNumber the segment written before it, 0 if none
   * @param previousLength that segment's final length, 0 if none
   */
  static SegmentWriter create(Vfs vfs, long number, long previousNumber, long previousLength) throws IOException {
    Vfs.WritableFile f = vfs.create(WalFormat.segmentPath(number));
    try {
      vfs.reached(CrashPoint.WAL_SEGMENT_CREATED);
      byte[] header = SegmentHeader.write(number, previousNumber, previousLength);
      f.write(header, 0, header.length);
      f.sync();
      vfs.syncDirectory(WalFormat.DIR);
      vfs.reached(CrashPoint.WAL_SEGMENT_READY);
      return new SegmentWriter(number, f, header.length);
    } catch (IOException | RuntimeException e) {
      try {
        f.close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  long number() {
    return number;
  }

  /** Bytes in the file, header included. */
  long size() {
    return size;
  }

  /** Highest sequence number written into this segment, or {@link WalFormat#NO_SEQUENCE}. */
  long maxSequence() {
    return maxSequence;
  }

  /** Writes whole records and hands them to the operating system. */
  void write(byte[] b, int off, int len, long batchMaxSequence) throws IOException {
    file.write(b, off, len);
    file.flush();
    size += len;
    maxSequence = Math.max(maxSequence, batchMaxSequence);
  }

  /** Forces everything written to the device. */
  void sync() throws IOException {
    file.sync();
  }

  void close() throws IOException {
    file.close();
  }
}
