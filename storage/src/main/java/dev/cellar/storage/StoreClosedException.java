package dev.cellar.storage;

/** The store was used after it was closed, or written after a failure made it read-only ({@link StoreReadOnlyException}). */
public class StoreClosedException extends StorageException {
  public StoreClosedException(String message) {
    super(message);
  }

  public StoreClosedException(String message, Throwable cause) {
    super(message, cause);
  }
}
