package dev.cellar.storage;

/**
 * How durable a write is when the call that made it returns. Chosen per mutation (or per
 * batch); {@link #USE_DEFAULT} takes the store's default.
 */
public enum Durability {
  /** The store's default (see the store options). */
  USE_DEFAULT,
  /** Not logged: lost if the process dies before the next flush. */
  SKIP_WAL,
  /** Logged in the background: the call returns before the log is written. */
  ASYNC_WAL,
  /**
   * Logged and handed to the operating system before the call returns: survives a process crash,
   * but a power loss only once the log is forced (by a later {@link #FSYNC_WAL} write, a flush or
   * a log roll). See {@code storage/docs/failures.md}.
   */
  SYNC_WAL,
  /** Logged and forced to the device before the call returns: survives a machine crash. */
  FSYNC_WAL
}
