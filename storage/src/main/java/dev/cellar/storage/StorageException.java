package dev.cellar.storage;

/**
 * Base of the storage layer's errors. Unchecked, so that streaming iterators can raise it;
 * the SQL layer turns each subclass into an {@code SQLException} with its own SQLState.
 */
public class StorageException extends RuntimeException {
  public StorageException(String message) {
    super(message);
  }

  public StorageException(String message, Throwable cause) {
    super(message, cause);
  }
}
