package dev.cellar.sql.prepare;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.sequence.Sequences;
import dev.cellar.sql.session.CellarSession;
import java.lang.reflect.Method;
import org.apache.calcite.DataContext;

/**
 * What the code generated for {@code NEXT VALUE FOR s} and {@code CURRENT VALUE FOR s} calls:
 * the value of the statement's connection ({@link Sequences#next}, {@link Sequences#current}).
 * The sequence is named {@code SCHEMA.NAME}, resolved when the statement was prepared.
 */
public final class SequenceFunctions {
  /** {@link #nextValue}. */
  public static final Method NEXT_VALUE = method("nextValue");
  /** {@link #nextValues}. */
  public static final Method NEXT_VALUES;

  static {
    try {
      NEXT_VALUES = SequenceFunctions.class.getMethod("nextValues", DataContext.class, String.class, long.class);
    } catch (NoSuchMethodException e) {
      throw new AssertionError(e);
    }
  }

  /** {@link #currentValue}. */
  public static final Method CURRENT_VALUE = method("currentValue");

  private SequenceFunctions() {}

  /** {@code NEXT VALUE FOR sequence}. */
  public static long nextValue(DataContext root, String sequence) {
    CellarSession session = session(root);
    return Sequences.of(session.database()).next(session, sequence);
  }

  /** {@code NEXT n VALUES FOR sequence}: reserves {@code n} consecutive values and returns the first. */
  public static long nextValues(DataContext root, String sequence, long n) {
    CellarSession session = session(root);
    return Sequences.of(session.database()).next(session, sequence, n);
  }

  /** {@code CURRENT VALUE FOR sequence}. */
  public static long currentValue(DataContext root, String sequence) {
    CellarSession session = session(root);
    return Sequences.of(session.database()).current(session, sequence);
  }

  private static CellarSession session(DataContext root) {
    CellarSession s = CellarSession.of(root);
    if (s == null) {
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "sequences need a Cellar connection");
    }
    return s;
  }

  private static Method method(String name) {
    try {
      return SequenceFunctions.class.getMethod(name, DataContext.class, String.class);
    } catch (NoSuchMethodException e) {
      throw new AssertionError(e);
    }
  }
}
