package dev.cellar.storage;

/**
 * Stored data failed a checksum or a structural check. Names the file and the byte offset at
 * fault; corrupt data is never returned as if it were valid.
 */
public class CorruptionException extends StorageException {
  private final String file;
  private final long offset;

  public CorruptionException(String file, long offset, String what) {
    super("corruption in " + file + " at offset " + offset + ": " + what);
    this.file = file;
    this.offset = offset;
  }

  public CorruptionException(String file, long offset, String what, Throwable cause) {
    super("corruption in " + file + " at offset " + offset + ": " + what, cause);
    this.file = file;
    this.offset = offset;
  }

  /** The file at fault. */
  public String file() {
    return file;
  }

  /** The byte offset in {@link #file()} where the bad data starts. */
  public long offset() {
    return offset;
  }
}
