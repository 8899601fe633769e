package dev.cellar.sql.profile;

import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.function.Function0;

/**
 * The rows of one operator of a statement that {@code EXPLAIN ANALYZE} runs, counted and timed
 * on their way to the operator above ({@link CellarProfiledRel} generates the call). Public for
 * the generated code only.
 */
public final class ProfiledEnumerable {
  private ProfiledEnumerable() {
  }

  /**
   * The rows of an operator whose code {@code operator} runs (once, when its rows are first
   * asked for), recording into the current {@link QueryProfile} (if any), under operator
   * {@code id}, the rows it gives, the times it is started and the time spent in it: in its code,
   * which is where an operator that reads its input whole (an aggregate, a sort, the build side
   * of a join) does so, and in producing each row.
   */
  public static <T> Enumerable<T> wrap(Function0<Enumerable<T>> operator, int id) {
    return new AbstractEnumerable<T>() {
      private Enumerable<T> rows;

      @Override
      public Enumerator<T> enumerator() {
        QueryProfile profile = QueryProfile.current();
        if (profile == null) {
          return rows().enumerator();
        }
        QueryProfile.OperatorStats stats = profile.operator(id);
        long start = System.nanoTime();
        Enumerator<T> e = rows().enumerator();
        stats.loops++;
        stats.nanos += System.nanoTime() - start;
        return new Enumerator<T>() {
          @Override
          public T current() {
            return e.current();
          }

          @Override
          public boolean moveNext() {
            long t = System.nanoTime();
            boolean more = e.moveNext();
            stats.nanos += System.nanoTime() - t;
            if (more) {
              stats.rows++;
            }
            return more;
          }

          @Override
          public void reset() {
            e.reset();
          }

          @Override
          public void close() {
            long t = System.nanoTime();
            e.close();
            stats.nanos += System.nanoTime() - t;
          }
        };
      }

      private Enumerable<T> rows() {
        if (rows == null) {
          rows = operator.apply();
        }
        return rows;
      }
    };
  }
}
