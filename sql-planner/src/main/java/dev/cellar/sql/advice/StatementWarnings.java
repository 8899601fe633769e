package dev.cellar.sql.advice;

import java.util.ArrayList;
import java.util.List;

/**
 * The advice a statement gives, for the driver's {@code Statement.getWarnings}: a statement runs
 * on the thread that executes it, so the advice of one execution is what is reported between
 * {@link #capture} and {@link #release} on that thread.
 */
public final class StatementWarnings {
  private static final ThreadLocal<List<Advice>> CAPTURED = new ThreadLocal<>();

  private StatementWarnings() {}

  /** Starts keeping the advice given on this thread. */
  public static void capture() {
    CAPTURED.set(new ArrayList<>());
  }

  /** Stops keeping advice on this thread and returns what was given since {@link #capture}. */
  public static List<Advice> release() {
    List<Advice> a = CAPTURED.get();
    CAPTURED.remove();
    return a == null ? List.of() : a;
  }

  /** Whether advice given on this thread is kept: else a statement need not compute it. */
  public static boolean capturing() {
    return CAPTURED.get() != null;
  }

  /** A statement on this thread gives this advice. */
  public static void report(List<Advice> advice) {
    List<Advice> captured = CAPTURED.get();
    if (captured != null) {
      captured.addAll(advice);
    }
  }
}
