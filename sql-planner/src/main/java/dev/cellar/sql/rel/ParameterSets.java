package dev.cellar.sql.rel;

import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.linq4j.QueryProvider;
import org.apache.calcite.schema.SchemaPlus;

/**
 * The parameter sets of a JDBC batch ({@code addBatch} ... {@code executeBatch}) handed to one
 * execution of its statement: its data context ({@link #context}) answers {@code ?0},
 * {@code ?1}, ... with the values of the {@link #select selected} set, the first to begin with.
 * A statement that can write the rows of every set as one statement ({@link DirectInsert}) does
 * so and records each set's count ({@link #ranWhole}); any other statement runs with the first
 * set only, and the caller runs the others one at a time.
 */
public final class ParameterSets {
  /** The name under which the data context holds this object. */
  public static final String KEY = "cellarParameterSets";

  private final List<Object[]> sets;
  private int current;
  private boolean attempted;
  private long[] counts;

  /** Sets of parameter values, each in Calcite's representation of its parameter's type. */
  public ParameterSets(List<Object[]> sets) {
    if (sets.isEmpty()) {
      throw new IllegalArgumentException("no parameter sets");
    }
    this.sets = sets;
  }

  public int size() {
    return sets.size();
  }

  /** Makes set {@code k} the one the context answers from. */
  void select(int k) {
    current = k;
  }

  /** Called as a statement starts writing every set's rows at once. */
  void attempt() {
    attempted = true;
  }

  /** Whether a statement tried to write every set's rows at once (whether or not it succeeded). */
  public boolean attempted() {
    return attempted;
  }

  /** Records that every set ran, each writing {@code rowsPerSet} rows. */
  void ranWhole(long rowsPerSet) {
    counts = new long[sets.size()];
    java.util.Arrays.fill(counts, rowsPerSet);
  }

  /** Each set's update count if the statement ran every set, else null (it ran the first only). */
  public long[] counts() {
    return counts;
  }

  /** {@code base} (which holds this object under {@link #KEY}), its parameters read from the selected set. */
  public DataContext context(DataContext base) {
    return new DataContext() {
      @Override
      public SchemaPlus getRootSchema() {
        return base.getRootSchema();
      }

      @Override
      public JavaTypeFactory getTypeFactory() {
        return base.getTypeFactory();
      }

      @Override
      public QueryProvider getQueryProvider() {
        return base.getQueryProvider();
      }

      @Override
      public Object get(String name) {
        int i = parameterIndex(name);
        Object[] set = sets.get(current);
        return i >= 0 && i < set.length ? set[i] : base.get(name);
      }
    };
  }

  /**
   * The index of a statement parameter's name in a data context ({@code ?N}), or -1 if
   * {@code name} is not {@code ?} and a decimal number.
   */
  public static int parameterIndex(String name) {
    if (name.length() < 2 || name.charAt(0) != '?') {
      return -1;
    }
    int i = 0;
    for (int p = 1; p < name.length(); p++) {
      char c = name.charAt(p);
      if (c < '0' || c > '9' || i > (Integer.MAX_VALUE - 9) / 10) {
        return -1;
      }
      i = i * 10 + (c - '0');
    }
    return i;
  }
}
