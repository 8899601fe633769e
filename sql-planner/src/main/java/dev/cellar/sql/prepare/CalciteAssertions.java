package dev.cellar.sql.prepare;

import org.apache.calcite.rel.core.Calc;
import org.apache.calcite.rex.RexSimplify;

/**
 * Keeps two of Calcite's internal self-checks out of statements run in a JVM started with
 * {@code -ea}, so that such a JVM answers every statement as one without assertions does.
 *
 * <p>Both checks compare an expression with what expression simplification would make of it,
 * and both fail on expressions Calcite's own rules build from valid SQL, for example a
 * {@code CASE} whose branches are folded away after the expression around it was typed:
 * <ul>
 *   <li>{@link RexSimplify} checks, before simplifying {@code x IS [NOT] NULL}, that {@code x}'s
 *       nullability agrees with its operands', which a folded {@code CASE} inside a unary minus
 *       no longer does ({@code COALESCE(-CASE ... END, 1)} over an aggregate);</li>
 *   <li>{@link Calc} checks that its program is already in the form simplification gives, which
 *       a projection holding {@code CASE ... WHEN x THEN NULL ELSE NULL END} is not.</li>
 * </ul>
 * Without assertions Calcite goes on from either point with the expression as it is, which
 * evaluates correctly; with them, the statement failed as an internal error. Turning the checks
 * off for these two classes only leaves every other Calcite assertion (type agreement of
 * projections, joins and rule results) in force.
 *
 * <p>A class's assertion status is fixed when it is initialized, so {@link #relax()} runs before
 * the first statement is prepared: from the driver's and {@link CellarPrepare}'s static
 * initializers. Naming a class literal loads the class without initializing it.
 */
public final class CalciteAssertions {
  private CalciteAssertions() {
  }

  /** Turns the two checks off; a no-op for a class already initialized. */
  public static void relax() {
    for (Class<?> c : new Class<?>[] {RexSimplify.class, Calc.class}) {
      ClassLoader loader = c.getClassLoader();
      if (loader != null) {
        loader.setClassAssertionStatus(c.getName(), false);
      }
    }
  }
}
