package dev.cellar.sql.prepare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.calcite.util.CancelFlag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PlanningStopTest {
  @AfterEach
  void clear() {
    PlanningStop.finish();
    System.clearProperty("cellar.planning.budgetMs");
  }

  /** Waits (at most 30 s) for the timer to raise {@code flag}. */
  private static void awaitStop(CancelFlag flag) throws InterruptedException {
    for (int i = 0; i < 3000 && !flag.isCancelRequested(); i++) {
      Thread.sleep(10);
    }
    assertTrue(flag.isCancelRequested(), "the search was stopped");
  }

  @Test
  void aSearchPastTheQueryTimeoutFailsAsATimeout() throws Exception {
    CellarSqlException e = PlanningStop.within(1, null, () -> {
      CancelFlag flag = PlanningStop.start();
      try {
        awaitStop(flag);
      } catch (InterruptedException ie) {
        throw new AssertionError(ie);
      }
      return assertThrows(CellarSqlException.class, PlanningStop::afterSearch);
    });
    assertEquals(SqlState.TIMEOUT, e.state());
    assertTrue(e.getMessage().contains("of planning (query timeout)"), e.getMessage());
  }

  @Test
  void aCancelledStatementStopsItsSearch() throws Exception {
    AtomicBoolean cancelled = new AtomicBoolean();
    CellarSqlException e = PlanningStop.within(0, cancelled, () -> {
      CancelFlag flag = PlanningStop.start();
      assertFalse(flag.isCancelRequested());
      cancelled.set(true);
      try {
        awaitStop(flag);
      } catch (InterruptedException ie) {
        throw new AssertionError(ie);
      }
      // a failure of the stopped search is the statement's cancellation, not an internal error
      return PlanningStop.stopped(new IllegalStateException("no plan"));
    });
    assertEquals(SqlState.CANCELLED, e.state());
  }

  @Test
  void aSearchPastTheBudgetKeepsItsBestPlanOrFailsAsTooComplex() throws Exception {
    System.setProperty("cellar.planning.budgetMs", "0");
    CancelFlag flag = PlanningStop.start();
    awaitStop(flag);
    assertEquals(SqlState.STATEMENT_TOO_COMPLEX, PlanningStop.stopped(new IllegalStateException("no plan")).state());
    // a plan was found by then: the statement goes on with it, and the rewrites after the search
    // are not stopped
    PlanningStop.afterSearch();
    assertFalse(flag.isCancelRequested());
  }

  @Test
  void anUnstoppedSearchChangesNothing() {
    CancelFlag flag = PlanningStop.start();
    PlanningStop.afterSearch();
    assertFalse(flag.isCancelRequested());
    assertNull(PlanningStop.stopped(new IllegalStateException("no plan")));
  }
}
