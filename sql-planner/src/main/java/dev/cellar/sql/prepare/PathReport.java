package dev.cellar.sql.prepare;

import dev.cellar.sql.exec.IndexMapping;
import dev.cellar.sql.keyrange.PathChoices;
import dev.cellar.sql.rel.CellarTableScan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexNode;

/**
 * The lines {@code EXPLAIN} prints after the plan: for each table the plan reads, the paths
 * considered and why each was rejected, and a suggestion when no path serves the filter
 * ({@link PathChoices}).
 *
 * <pre>
 * CONSIDERED PRIMARY KEY OF SALE (USER_ID, N): chosen, reads every row: the filter constrains only N, ...
 * REJECTED INDEX SALE_V (V): the filter does not constrain its leading column V
 * SUGGESTION: CREATE INDEX SALE_N ON SALE (N) INCLUDE (V); or a key order that starts with N: ...
 * </pre>
 */
final class PathReport {
  private PathReport() {}

  /** The report of {@code plan}, given the filters the planner saw over each table ({@link PathChoices#seen}). */
  static List<String> of(RelNode plan, Map<String, RexNode> seen) {
    Map<String, CellarTableScan> scans = new LinkedHashMap<>();
    collect(plan, scans);
    List<String> out = new ArrayList<>();
    for (CellarTableScan s : scans.values()) {
      out.addAll(report(s, seen.get(s.cellarTable.def().name())));
    }
    return out;
  }

  private static void collect(RelNode rel, Map<String, CellarTableScan> scans) {
    if (rel instanceof CellarTableScan s) {
      scans.putIfAbsent(s.cellarTable.def().name(), s);
      return;
    }
    for (RelNode input : rel.getInputs()) {
      collect(input, scans);
    }
  }

  private static List<String> report(CellarTableScan s, RexNode condition) {
    int fieldCount = s.cellarTable.mapping().fieldCount();
    TreeSet<Integer> needed = new TreeSet<>();
    for (int i = 0; i < s.getRowType().getFieldCount(); i++) {
      needed.add(s.tableField(i));
    }
    if (condition != null) {
      for (int f : RelOptUtil.InputFinder.bits(condition)) {
        if (f < fieldCount) {
          needed.add(f);
        }
      }
    }
    Map<String, String> excluded = new LinkedHashMap<>();
    for (IndexMapping ix : s.cellarTable.indexes()) {
      String name = ix.index().name();
      if (!s.hint.allows(name)) {
        excluded.put(name, "the query's hints leave it out");
      } else if (s.accessPath.time().isBounded() || s.cellarTable.mapping().readVersions() != 1) {
        excluded.put(name, "an index holds the rows as they are now, and the query reads the past or older versions");
      }
    }
    int[] fields = needed.stream().mapToInt(Integer::intValue).toArray();
    return PathChoices.explain(s.cellarTable.mapping(), s.cellarTable.indexes(), condition, fields, s.accessPath,
        s.getTable().getRowCount(), excluded);
  }
}
