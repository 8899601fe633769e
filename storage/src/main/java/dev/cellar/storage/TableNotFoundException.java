package dev.cellar.storage;

/** A table named in a request does not exist. */
public class TableNotFoundException extends StorageException {
  public TableNotFoundException(String message) {
    super(message);
  }

  public TableNotFoundException(String message, Throwable cause) {
    super(message, cause);
  }
}
