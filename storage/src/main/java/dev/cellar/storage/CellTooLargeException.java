package dev.cellar.storage;

/** A cell is larger than the store's configured maximum cell size. */
public class CellTooLargeException extends StorageException {
  public CellTooLargeException(String message) {
    super(message);
  }

  public CellTooLargeException(String message, Throwable cause) {
    super(message, cause);
  }
}
