package dev.cellar.storage;

/** A table is disabled: it must be enabled before it is read or written. */
public class TableNotEnabledException extends StorageException {
  public TableNotEnabledException(String message) {
    super(message);
  }
}
