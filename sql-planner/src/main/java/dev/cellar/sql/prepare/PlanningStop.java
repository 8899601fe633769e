package dev.cellar.sql.prepare;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apache.calcite.util.CancelFlag;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Bounds the cost-based search of a statement's plan in time. Calcite's planner checks a flag
 * before each rule it fires and, once it is set, stops searching and keeps the cheapest plan it
 * has found. The flag is set when the statement is cancelled ({@code Statement.cancel()}), when
 * its query timeout passes (the statement then fails with HYT00, as it would while running), or
 * when the search has run for the planning budget ({@code -Dcellar.planning.budgetMs}, 30 s
 * unless set): then the statement runs with the cheapest plan found so far, or, if none was
 * complete, fails with 54001. No statement waits without end on a search that does not converge.
 */
public final class PlanningStop {
  private static final Logger LOG = LoggerFactory.getLogger(PlanningStop.class);
  private static final ThreadLocal<Limits> LIMITS = new ThreadLocal<>();
  private static final ThreadLocal<Search> CURRENT = new ThreadLocal<>();
  private static final ScheduledThreadPoolExecutor TIMER = timer();
  /** How often a search looks at its statement's cancel flag, in milliseconds. */
  private static final long CANCEL_POLL_MS = 50;

  private PlanningStop() {}

  private static ScheduledThreadPoolExecutor timer() {
    ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, r -> {
      Thread thread = new Thread(r, "cellar-planning-timer");
      thread.setDaemon(true);
      return thread;
    });
    t.setRemoveOnCancelPolicy(true);
    return t;
  }

  /** What bounds the statements prepared by this thread meanwhile. */
  private record Limits(long timeoutMs, AtomicBoolean cancelled) {}

  /** Why a search was stopped. */
  private enum Reason { CANCELLED, TIMEOUT, BUDGET }

  /** One search: its flag, the reason it was set, and the timer's task. */
  private static final class Search {
    final AtomicBoolean stop = new AtomicBoolean();
    final long startNanos = System.nanoTime();
    volatile Reason reason;
    volatile ScheduledFuture<?> task;

    void stop(Reason why) {
      if (reason == null) {
        reason = why;
      }
      stop.set(true);
      ScheduledFuture<?> t = task;
      if (t != null) {
        t.cancel(false);
      }
    }
  }

  /** The planning budget in milliseconds. */
  static long budgetMs() {
    return Long.getLong("cellar.planning.budgetMs", 30_000L);
  }

  /**
   * Runs {@code work} (the preparation of one statement, its execution included) with the
   * statement's query timeout ({@code 0} for none) and cancel flag ({@code null} for none)
   * bounding the planning of what it prepares.
   */
  public static <T> T within(long timeoutMs, AtomicBoolean cancelled, Supplier<T> work) {
    Limits outer = LIMITS.get();
    LIMITS.set(new Limits(timeoutMs, cancelled));
    try {
      return work.get();
    } finally {
      if (outer == null) {
        LIMITS.remove();
      } else {
        LIMITS.set(outer);
      }
    }
  }

  /** The flag for the planner of the statement this thread starts to plan: a context entry. */
  static CancelFlag start() {
    finish();
    Search s = new Search();
    Limits limits = LIMITS.get();
    long budget = budgetMs();
    long timeout = limits == null ? 0 : limits.timeoutMs();
    AtomicBoolean cancelled = limits == null ? null : limits.cancelled();
    s.task = TIMER.scheduleAtFixedRate(() -> {
      long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - s.startNanos);
      if (cancelled != null && cancelled.get()) {
        s.stop(Reason.CANCELLED);
      } else if (timeout > 0 && elapsedMs >= timeout) {
        s.stop(Reason.TIMEOUT);
      } else if (elapsedMs >= budget) {
        s.stop(Reason.BUDGET);
      }
    }, CANCEL_POLL_MS, CANCEL_POLL_MS, TimeUnit.MILLISECONDS);
    CURRENT.set(s);
    return new CancelFlag(s.stop);
  }

  /**
   * After the cost-based search: throws the statement's error if it was cancelled or timed out
   * while planning, logs a search cut short by the budget; then lowers the flag and stops the
   * timer, so that the rewrites after the search run to their end.
   */
  static void afterSearch() {
    Search s = CURRENT.get();
    if (s == null) {
      return;
    }
    s.task.cancel(false);
    Reason reason = s.reason;
    if (reason == Reason.CANCELLED) {
      throw new CellarSqlException(SqlState.CANCELLED, "statement cancelled while it was planned");
    }
    if (reason == Reason.TIMEOUT) {
      throw timedOut(s);
    }
    if (reason == Reason.BUDGET) {
      LOG.warn("planning stopped after {} ms (the planning budget): the statement runs with the cheapest plan "
          + "found by then", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - s.startNanos));
    }
    s.stop.set(false);
  }

  /**
   * The statement's error for {@code e}, a failure of planning (Calcite's "preparation aborted",
   * or no complete plan) after the search was stopped; null if it was not stopped.
   */
  static CellarSqlException stopped(RuntimeException e) {
    Search s = CURRENT.get();
    if (s == null || s.reason == null || e instanceof CellarSqlException) {
      return null;
    }
    return switch (s.reason) {
      case CANCELLED -> new CellarSqlException(SqlState.CANCELLED, "statement cancelled while it was planned", e);
      case TIMEOUT -> timedOut(s);
      default -> new CellarSqlException(SqlState.STATEMENT_TOO_COMPLEX, "statement too complex: no plan was found in "
          + budgetMs() + " ms of planning (-Dcellar.planning.budgetMs); write it with fewer joins or sub-queries", e);
    };
  }

  private static CellarSqlException timedOut(Search s) {
    return new CellarSqlException(SqlState.TIMEOUT, "statement timed out after "
        + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - s.startNanos) + " ms of planning (query timeout)");
  }

  /** Ends the search this thread started, if any: its timer task is cancelled. */
  static void finish() {
    Search s = CURRENT.get();
    if (s != null) {
      s.task.cancel(false);
      CURRENT.remove();
    }
  }
}
