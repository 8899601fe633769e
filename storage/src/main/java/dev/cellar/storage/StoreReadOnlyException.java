package dev.cellar.storage;

/**
 * A write (or a flush, compaction, split or catalog change) refused because the store became
 * read-only: an earlier write to the log, flush or manifest change failed, and the store accepts
 * no more changes until it is reopened (reads keep working). The cause is the first failure.
 */
public class StoreReadOnlyException extends StoreClosedException {
  public StoreReadOnlyException(String message, Throwable cause) {
    super(message, cause);
  }
}
