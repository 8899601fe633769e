package dev.cellar.storage;

/** A table to be created exists already. */
public class TableExistsException extends StorageException {
  public TableExistsException(String message) {
    super(message);
  }

  public TableExistsException(String message, Throwable cause) {
    super(message, cause);
  }
}
