package dev.cellar.storage;

/** The store's directory is already open in another process or store instance. */
public class StoreLockedException extends StorageException {
  public StoreLockedException(String message) {
    super(message);
  }

  public StoreLockedException(String message, Throwable cause) {
    super(message, cause);
  }
}
