package dev.cellar.storage.wal;

import dev.cellar.storage.CorruptionException;
import dev.cellar.storage.util.ByteReader;
import dev.cellar.storage.util.ByteWriter;
import dev.cellar.storage.util.Checksums;
import java.util.Locale;

/**
 * The {@value WalFormat#SEGMENT_HEADER_SIZE}-byte header that starts every segment, all
 * big-endian (wal-format.md, "Segment header"):
 *
 * <pre>
 * offset  0  u32 magic ("CWAL")
 * offset  4  u32 format version
 * offset  8  u64 this segment's number
 * offset 16  u64 number of the segment written before this one, 0 if none
 * offset 24  u64 final length in bytes of that segment
 * offset 32  u32 CRC-32C of bytes [0, 32)
 * </pre>
 *
 * <p>The predecessor's final length lets replay notice a segment that lost whole records at
 * its end, which no record checksum can. Immutable.
 */
public final class SegmentHeader {
  private static final int CRC_SCOPE = WalFormat.SEGMENT_HEADER_SIZE - 4;

  private final int version;
  private final long segmentNumber;
  private final long previousNumber;
  private final long previousLength;

  private SegmentHeader(int version, long segmentNumber, long previousNumber, long previousLength) {
    this.version = version;
    this.segmentNumber = segmentNumber;
    this.previousNumber = previousNumber;
    this.previousLength = previousLength;
  }

  /** The format version the segment was written with. */
  public int version() {
    return version;
  }

  /** The segment number the header records (equal to the one in the file name). */
  public long segmentNumber() {
    return segmentNumber;
  }

  /** Number of the segment written just before this one, or 0 if there was none. */
  public long previousNumber() {
    return previousNumber;
  }

  /** Final length in bytes of segment {@link #previousNumber()} (0 if there was none). */
  public long previousLength() {
    return previousLength;
  }

  /**
   * The header of segment {@code number} in the current format.
   *
   * @param previousNumber the segment written before it, 0 if none
   * @param previousLength that segment's final length, 0 if none
   */
  public static byte[] write(long number, long previousNumber, long previousLength) {
    if (number <= 0 || previousNumber < 0 || previousNumber >= number || previousLength < 0) {
      throw new IllegalArgumentException("bad segment header fields: " + number + ", " + previousNumber + ", "
          + previousLength);
    }
    ByteWriter w = new ByteWriter(WalFormat.SEGMENT_HEADER_SIZE);
    w.putInt(WalFormat.MAGIC);
    w.putInt(WalFormat.VERSION);
    w.putLong(number);
    w.putLong(previousNumber);
    w.putLong(previousLength);
    w.putInt(Checksums.crc32c(w.array(), 0, CRC_SCOPE));
    return w.toByteArray();
  }

  /**
   * Checks and decodes a header: magic, version, CRC, then the segment number against the
   * file's name.
   *
   * @param b at least {@value WalFormat#SEGMENT_HEADER_SIZE} bytes from the segment's start
   * @param file the segment, for messages
   * @param expectedNumber the number in the segment's file name
   * @throws CorruptionException (offset 0) if any check fails
   */
  public static SegmentHeader read(byte[] b, String file, long expectedNumber) {
    if (b.length < WalFormat.SEGMENT_HEADER_SIZE) {
      throw new CorruptionException(file, 0, "segment header needs " + WalFormat.SEGMENT_HEADER_SIZE
          + " bytes, got " + b.length);
    }
    ByteReader r = new ByteReader(b, 0, WalFormat.SEGMENT_HEADER_SIZE);
    int magic = r.getInt();
    if (magic != WalFormat.MAGIC) {
      throw new CorruptionException(file, 0, String.format(Locale.ROOT, "bad segment magic 0x%08x, expected 0x%08x",
          magic, WalFormat.MAGIC));
    }
    int version = r.getInt();
    if (version != WalFormat.VERSION) {
      throw new CorruptionException(file, 0, "unsupported segment format version " + version
          + ", this code reads version " + WalFormat.VERSION);
    }
    long number = r.getLong();
    long previousNumber = r.getLong();
    long previousLength = r.getLong();
    int stored = r.getInt();
    int actual = Checksums.crc32c(b, 0, CRC_SCOPE);
    if (stored != actual) {
      throw new CorruptionException(file, 0, String.format(Locale.ROOT,
          "segment header checksum mismatch: stored 0x%08x, computed 0x%08x", stored, actual));
    }
    if (number != expectedNumber) {
      throw new CorruptionException(file, 0, "segment header says segment " + number
          + " but the file is named for segment " + expectedNumber);
    }
    if (previousNumber < 0 || previousNumber >= number || previousLength < 0) {
      throw new CorruptionException(file, 0, "impossible predecessor " + previousNumber + " of length "
          + previousLength);
    }
    return new SegmentHeader(version, number, previousNumber, previousLength);
  }
}
