package dev.cellar.storage;

/**
 * A storage call that got no answer in the time allowed (a remote store's RPC or operation
 * timeout): the request may or may not have been carried out. Retrying a read is safe.
 */
public class StorageTimeoutException extends StorageException {
  public StorageTimeoutException(String message, Throwable cause) {
    super(message, cause);
  }
}
