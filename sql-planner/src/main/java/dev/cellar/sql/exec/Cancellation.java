package dev.cellar.sql.exec;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A statement's cancel flag and deadline, checked by scans and writes as they go so that
 * {@code Statement.cancel()} and {@code setQueryTimeout} stop long work, not only the next row
 * fetch.
 */
public final class Cancellation {
  /** Never cancelled. */
  public static final Cancellation NONE = new Cancellation(null, Long.MAX_VALUE, 0);

  private final AtomicBoolean flag;
  private final long deadline;
  private final long timeoutMs;

  /**
   * @param flag set when the statement is cancelled; may be {@code null}
   * @param deadline {@link System#currentTimeMillis()} after which the statement times out
   * @param timeoutMs the timeout, for messages
   */
  public Cancellation(AtomicBoolean flag, long deadline, long timeoutMs) {
    this.flag = flag;
    this.deadline = deadline;
    this.timeoutMs = timeoutMs;
  }

  /**
   * @throws CellarSqlException with {@link SqlState#CANCELLED} or {@link SqlState#TIMEOUT}
   */
  public void check() {
    if (flag != null && flag.get()) {
      throw new CellarSqlException(SqlState.CANCELLED, "statement cancelled");
    }
    if (deadline != Long.MAX_VALUE && System.currentTimeMillis() > deadline) {
      throw new CellarSqlException(SqlState.TIMEOUT, "statement timed out after " + timeoutMs + " ms (query timeout)");
    }
  }
}
