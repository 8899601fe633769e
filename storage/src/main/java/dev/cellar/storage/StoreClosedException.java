package dev.cellar.storage;

/** The store was used after it was closed, or after a fatal write-ahead-log error. */
public class StoreClosedException extends StorageException {
  public StoreClosedException(String message) {
    super(message);
  }

  public StoreClosedException(String message, Throwable cause) {
    super(message, cause);
  }
}
