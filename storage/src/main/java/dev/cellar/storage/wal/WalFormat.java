package dev.cellar.storage.wal;

import java.util.Locale;

/**
 * The constants of the write-ahead log's on-disk format. Every number here is specified,
 * byte by byte, in {@code storage/docs/wal-format.md}; change the two together.
 */
public final class WalFormat {
  private WalFormat() {}

  /** Directory of the segments, relative to the store's root (wal-format.md, "Segment files"). */
  public static final String DIR = "wal";

  /** Suffix of a segment file name (wal-format.md, "Segment files"). */
  public static final String SEGMENT_SUFFIX = ".log";

  /** Digits of the zero-padded segment number in a file name (wal-format.md, "Segment files"). */
  public static final int SEGMENT_NUMBER_DIGITS = 16;

  /** Suffix of the temporary copy written while a torn segment is trimmed (wal-format.md, "Replay"). */
  public static final String TEMP_SUFFIX = ".tmp";

  /** First four bytes of every segment: ASCII {@code "CWAL"} (wal-format.md, "Segment header"). */
  public static final int MAGIC = 0x4357_414C;

  /** The only format version this code writes and reads (wal-format.md, "Segment header"). */
  public static final int VERSION = 1;

  /**
   * Bytes of the segment header: magic, version, segment number, predecessor's number and
   * length, header CRC (wal-format.md, "Segment header").
   */
  public static final int SEGMENT_HEADER_SIZE = 4 + 4 + 8 + 8 + 8 + 4;

  /** Bytes of a record header: length, type, payload CRC, header CRC (wal-format.md, "Record framing"). */
  public static final int RECORD_HEADER_SIZE = 4 + 1 + 4 + 4;

  /** Record type of an edit record, the only type defined (wal-format.md, "Record framing"). */
  public static final int RECORD_TYPE_EDIT = 1;

  /**
   * Largest payload a record may carry: 256 MiB. A longer header-CRC-valid length is
   * corruption, never a torn tail (wal-format.md, "Replay").
   */
  public static final int MAX_PAYLOAD_LENGTH = 256 << 20;

  /**
   * Smallest payload of an edit: a one-byte sequence number and a one-byte entry count
   * (wal-format.md, "Edit payload").
   */
  public static final int MIN_PAYLOAD_LENGTH = 2;

  /** Highest sequence number of a segment that holds no record. */
  public static final long NO_SEQUENCE = -1L;

  /** Path of segment {@code number}, e.g. {@code wal/0000000000000007.log}. */
  public static String segmentPath(long number) {
    return DIR + "/" + segmentName(number);
  }

  /** File name of segment {@code number}, e.g. {@code 0000000000000007.log}. */
  public static String segmentName(long number) {
    if (number < 0) {
      throw new IllegalArgumentException("negative segment number " + number);
    }
    return String.format(Locale.ROOT, "%0" + SEGMENT_NUMBER_DIGITS + "d", number) + SEGMENT_SUFFIX;
  }

  /**
   * The segment number a file name stands for, or {@code -1} if the name is not exactly
   * {@value #SEGMENT_NUMBER_DIGITS} decimal digits followed by {@value #SEGMENT_SUFFIX}.
   */
  public static long parseSegmentName(String name) {
    if (name.length() != SEGMENT_NUMBER_DIGITS + SEGMENT_SUFFIX.length() || !name.endsWith(SEGMENT_SUFFIX)) {
      return -1;
    }
    long n = 0;
    for (int i = 0; i < SEGMENT_NUMBER_DIGITS; i++) {
      char c = name.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      n = n * 10 + (c - '0');
    }
    return n;
  }
}
