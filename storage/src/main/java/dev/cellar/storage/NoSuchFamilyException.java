package dev.cellar.storage;

/** A request names a column family its table does not have. */
public class NoSuchFamilyException extends StorageException {
  public NoSuchFamilyException(String message) {
    super(message);
  }

  public NoSuchFamilyException(String message, Throwable cause) {
    super(message, cause);
  }
}
