package dev.cellar.sql.prepare;

import dev.cellar.sql.keyrange.AccessPath;
import dev.cellar.sql.keyrange.PathChoices;
import dev.cellar.sql.rel.CellarTableScan;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableModify;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexNode;

/**
 * The first line of {@code EXPLAIN}: what the statement reads, in the words of Phoenix's plans, a
 * line a person takes in at a glance above the operator tree. One part per table read, in the
 * order of the plan, joined by {@code "; "}:
 *
 * <pre>
 * RANGE SCAN OVER SALE (USER_ID = 'u0001'), est. 12 rows
 * POINT LOOKUP ON 2 KEYS OVER T (K IN (1, 2)), est. 2 rows
 * INDEX RANGE SCAN OVER T_IDX (V > 5) OF T, est. 33 rows
 * FULL SCAN OVER T, est. 1000 rows
 * </pre>
 *
 * A statement that reads no table says {@code NO TABLE READ}, or {@code PUT ROWS INTO T} when it
 * writes its VALUES to a table. The estimate is the planner's, from
 * the table's statistics ({@code UPDATE STATISTICS}) or its store's cell counts.
 */
final class ExplainSummary {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ExplainSummary.class);
  /** The plan the program made last on this thread, while a summary is asked for. */
  private static final ThreadLocal<RelNode[]> PLAN = new ThreadLocal<>();
  /** Longest key description shown; the tree below shows all of it. */
  private static final int MAX_DETAILS = 120;

  private ExplainSummary() {}

  /** The access-path report of the plan {@link #finish} summarized last on this thread. */
  private static final ThreadLocal<List<String>> REPORT = new ThreadLocal<>();

  /** Starts recording the plan of the statement this thread prepares, and the filters the planner sees. */
  static void start() {
    PLAN.set(new RelNode[1]);
    REPORT.remove();
    PathChoices.startRecording();
  }

  /** Called by the program with each plan it makes. */
  static void planned(RelNode rel) {
    RelNode[] slot = PLAN.get();
    if (slot != null) {
      slot[0] = rel;
    }
  }

  /** The summary of the plan recorded since {@link #start}, or null if none was made; stops recording. */
  static String finish() {
    RelNode[] slot = PLAN.get();
    PLAN.remove();
    Map<String, RexNode> seen = PathChoices.stopRecording();
    if (slot == null || slot[0] == null) {
      return null;
    }
    try {
      REPORT.set(PathReport.of(slot[0], seen));
    } catch (RuntimeException e) {
      // the report explains a plan; a plan it cannot explain still runs and shows
      LOG.debug("no access-path report for this plan", e);
    }
    return of(slot[0]);
  }

  /**
   * The access-path report ({@link PathReport}) of the plan {@link #finish} summarized last on
   * this thread, or an empty list; forgets it.
   */
  static List<String> report() {
    List<String> r = REPORT.get();
    REPORT.remove();
    return r == null ? List.of() : r;
  }

  /** The summary of {@code plan}. */
  static String of(RelNode plan) {
    List<String> parts = new ArrayList<>();
    collect(plan, plan.getCluster().getMetadataQuery(), parts);
    if (plan instanceof TableModify m && parts.isEmpty()) {
      parts.add("PUT ROWS INTO " + String.join(".", m.getTable().getQualifiedName()).replace("PUBLIC.", ""));
    }
    return parts.isEmpty() ? "NO TABLE READ" : String.join("; ", parts);
  }

  private static void collect(RelNode rel, RelMetadataQuery mq, List<String> parts) {
    if (rel instanceof CellarTableScan s) {
      parts.add(describe(s, mq));
      return;
    }
    if (rel instanceof TableScan t) {
      parts.add("FULL SCAN OVER " + String.join(".", t.getTable().getQualifiedName()));
      return;
    }
    for (RelNode input : rel.getInputs()) {
      collect(input, mq, parts);
    }
  }

  private static String describe(CellarTableScan s, RelMetadataQuery mq) {
    AccessPath p = s.accessPath;
    String table = s.cellarTable.def().name();
    StringBuilder b = new StringBuilder();
    if (p.index() != null) {
      b.append("INDEX ");
    }
    switch (p.kind()) {
      case GET:
      case MULTI_GET:
        long keys = p.rangeCount();
        b.append("POINT LOOKUP ON ").append(keys).append(keys == 1 ? " KEY" : " KEYS");
        break;
      default:
        b.append(p.kind().label());
    }
    b.append(" OVER ").append(p.index() != null ? p.index() : table);
    String details = p.details();
    if (details.length() > MAX_DETAILS) {
      details = details.substring(0, MAX_DETAILS) + "...";
    }
    if (!details.isEmpty()) {
      b.append(' ').append(details);
    }
    if (p.index() != null) {
      b.append(" OF ").append(table);
    }
    String rows = String.format(Locale.ROOT, "%.0f", s.estimateRowCount(mq));
    return b.append(", est. ").append(rows).append(rows.equals("1") ? " row" : " rows").toString();
  }
}
