package dev.cellar.storage.sst;

/**
 * Constants of the store file format. Every value here is part of the on-disk format; see
 * {@code storage/docs/store-file-format.md} before changing any of them.
 */
public final class StoreFileFormat {
  /** The last eight bytes of every store file: {@code CE 11 A2 53 53 54 0D 0A}. */
  public static final long MAGIC = 0xCE11A25353540D0AL;

  /**
   * The format version this code writes unless told otherwise; it reads every version from
   * {@link #OLDEST_READABLE_VERSION} to this one. Version 2 stores data blocks' cell keys suffix
   * first ({@link CellKeys}).
   */
  public static final int VERSION = 2;

  /** The first format version; this code still reads and, on request, writes it. */
  public static final int OLDEST_READABLE_VERSION = 1;

  /** Size of the fixed trailer at the end of the file. */
  public static final int TRAILER_SIZE = 64;

  /** Size of the trailer after each block's stored bytes: kind, compression, CRC-32C. */
  static final int BLOCK_TRAILER_SIZE = 6;

  /** Bytes after the qualifier in an encoded cell key: timestamp, type code, sequence id. */
  static final int KEY_SUFFIX_SIZE = 17;

  /** Default number of entries between restart points in every block the writer builds. */
  public static final int DEFAULT_RESTART_INTERVAL = 16;

  /** Largest decoded contents of one block, and so the largest cell a file can hold. */
  public static final int MAX_BLOCK_CONTENTS = 1 << 30;

  /** Prefix of file info keys that carry caller metadata ({@code StoreFileWriter.setMetadata}). */
  static final String USER_KEY_PREFIX = "user.";

  private StoreFileFormat() {}
}
