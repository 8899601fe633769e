package dev.cellar.storage.region;

/**
 * A region was replaced (split) between being looked up and being read; the caller looks the
 * rows up again. Never reaches users.
 */
public final class RegionClosedException extends RuntimeException {
  public RegionClosedException(String message) {
    super(message, null, false, false);
  }
}
