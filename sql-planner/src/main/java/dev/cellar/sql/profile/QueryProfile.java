package dev.cellar.sql.profile;

import dev.cellar.sql.keyrange.AccessPath;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.externalize.RelWriterImpl;
import org.apache.calcite.sql.SqlExplainLevel;
import org.apache.calcite.util.Pair;

/**
 * What each operator and scan of one statement did, collected while {@code EXPLAIN ANALYZE} runs
 * it: per access path, the rows and cells the store returned, the storage requests made and the
 * time spent in them; per enumerable operator of the plan, the rows it gave, the times it was
 * started and the time spent in it, its inputs included. Scans and operators find the profile of
 * the statement running on their thread through {@link #current()}; outside {@code EXPLAIN
 * ANALYZE} there is none and nothing is collected.
 *
 * <p>The operators are counted by a {@link CellarProfiledRel} above each: a plan prepared while
 * {@link #instrumentNextPlan()} is in force gets them ({@link #instrument}, at the end of
 * {@code CellarProgram}), and {@link #render} prints the plan as {@code EXPLAIN PLAN FOR} does,
 * each line followed by its figures.
 */
public final class QueryProfile {
  /** One operator's figures. */
  static final class OperatorStats {
    long rows;
    long loops;
    long nanos;
  }

  /** The plan of a statement as chosen, and the operator number of each of its enumerable operators. */
  public static final class Instrumented {
    private RelNode plan;
    private final Map<RelNode, Integer> ids = new IdentityHashMap<>();

    /** Whether a plan was captured. */
    public boolean captured() {
      return plan != null;
    }
  }

  private static final ThreadLocal<Instrumented> PLANNING = new ThreadLocal<>();

  /**
   * Makes the next plan this thread prepares count its operators, until {@link #endInstrumenting()};
   * the returned holder receives the plan.
   */
  public static Instrumented instrumentNextPlan() {
    Instrumented i = new Instrumented();
    PLANNING.set(i);
    return i;
  }

  public static void endInstrumenting() {
    PLANNING.remove();
  }

  /**
   * {@code physical} with a {@link CellarProfiledRel} above each enumerable operator when this
   * thread is preparing a plan for {@code EXPLAIN ANALYZE}; else {@code physical} itself.
   */
  public static RelNode instrument(RelNode physical) {
    Instrumented i = PLANNING.get();
    if (i == null || i.plan != null) {
      return physical;
    }
    i.plan = physical;
    return wrap(physical, i.ids);
  }

  private static RelNode wrap(RelNode rel, Map<RelNode, Integer> ids) {
    List<RelNode> inputs = new ArrayList<>();
    boolean changed = false;
    for (RelNode in : rel.getInputs()) {
      RelNode w = wrap(in, ids);
      inputs.add(w);
      changed |= w != in;
    }
    RelNode copy = changed ? rel.copy(rel.getTraitSet(), inputs) : rel;
    if (!(rel instanceof EnumerableRel)) {
      return copy;
    }
    // an operator reached twice (a shared input) counts once, under one number
    int id = ids.computeIfAbsent(rel, r -> ids.size());
    return new CellarProfiledRel(rel.getCluster(), rel.getTraitSet(), copy, id);
  }

  private final Map<Integer, OperatorStats> operators = new HashMap<>();
  /** One scan's figures. */
  public static final class ScanStats {
    public long rows;
    public long cells;
    public long requests;
    public long nanos;
  }

  private static final ThreadLocal<QueryProfile> CURRENT = new ThreadLocal<>();

  private final Map<String, ScanStats> scans = new LinkedHashMap<>();

  /** The profile of the statement this thread runs, or null. */
  public static QueryProfile current() {
    return CURRENT.get();
  }

  /** Makes this the current thread's profile until {@link #stop()}. */
  public void start() {
    CURRENT.set(this);
  }

  public void stop() {
    CURRENT.remove();
  }

  /** The figures of operator {@code id}. */
  synchronized OperatorStats operator(int id) {
    return operators.computeIfAbsent(id, k -> new OperatorStats());
  }

  /**
   * The plan of {@code plan} as {@code EXPLAIN PLAN FOR} prints it, each operator's line followed
   * by {@code : rows 10, time 1.234 ms (own 0.210 ms)} (and {@code , started 3 times} when it
   * ran more than once), each scan's by what it read ({@link #annotate}). An operator's time
   * includes its inputs'; its own time is that less the time of the operators directly under it.
   */
  public synchronized String render(Instrumented plan) {
    List<RelNode> order = new ArrayList<>();
    StringWriter text = new StringWriter();
    RelWriterImpl writer = new RelWriterImpl(new PrintWriter(text), SqlExplainLevel.EXPPLAN_ATTRIBUTES, false) {
      @Override
      protected void explain_(RelNode rel, List<Pair<String, Object>> values) {
        if (rel.getCluster().getMetadataQuery().isVisibleInExplain(rel, SqlExplainLevel.EXPPLAN_ATTRIBUTES)) {
          order.add(rel);
        }
        super.explain_(rel, values);
      }
    };
    plan.plan.explain(writer);
    String[] lines = text.toString().split("\n");
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      Integer id = i < order.size() ? plan.ids.get(order.get(i)) : null;
      if (id != null) {
        OperatorStats s = operators.get(id);
        if (s == null) {
          line += ": not run";
        } else {
          long below = 0;
          for (RelNode in : order.get(i).getInputs()) {
            below += timeUnder(in, plan.ids);
          }
          line += ": rows " + s.rows + ", time " + millis(s.nanos) + " ms (own " + millis(Math.max(0, s.nanos - below))
              + " ms)" + (s.loops > 1 ? ", started " + s.loops + " times" : "");
        }
      } else {
        line = annotate(line);
      }
      out.append(line).append('\n');
    }
    return out.toString();
  }

  /** The time of the operators at or nearest under {@code rel}. */
  private long timeUnder(RelNode rel, Map<RelNode, Integer> ids) {
    Integer id = ids.get(rel);
    if (id != null) {
      OperatorStats s = operators.get(id);
      return s == null ? 0 : s.nanos;
    }
    long t = 0;
    for (RelNode in : rel.getInputs()) {
      t += timeUnder(in, ids);
    }
    return t;
  }

  private static String millis(long nanos) {
    return String.format(Locale.ROOT, "%.3f", nanos / 1e6);
  }

  /** The figures of the scan of {@code table} along {@code path}. */
  public synchronized ScanStats scan(String table, AccessPath path) {
    return scans.computeIfAbsent(key(table, path), k -> new ScanStats());
  }

  /**
   * A plan line with the figures of the scan it shows appended: {@code line} itself when it
   * shows no scan this profile has seen.
   */
  synchronized String annotate(String line) {
    if (!line.contains("CellarTableScan(")) {
      return line;
    }
    for (Map.Entry<String, ScanStats> e : scans.entrySet()) {
      String key = e.getKey();
      int bar = key.indexOf('|');
      String table = key.substring(0, bar);
      String path = key.substring(bar + 1);
      if (line.contains(", " + table + "]]") && line.contains("path=[" + path + "]")) {
        ScanStats s = e.getValue();
        return line + ": rows read " + s.rows + ", cells read " + s.cells + ", requests " + s.requests
            + ", time " + millis(s.nanos) + " ms";
      }
    }
    return line + ": not run";
  }

  private static String key(String table, AccessPath path) {
    return table + "|" + path;
  }
}
