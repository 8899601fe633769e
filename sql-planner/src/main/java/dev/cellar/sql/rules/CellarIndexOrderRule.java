package dev.cellar.sql.rules;

import dev.cellar.sql.exec.IndexMapping;
import dev.cellar.sql.keyrange.AccessPath;
import dev.cellar.sql.rel.CellarTableScan;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;

/**
 * Offers a full scan of a table also as a full read of each of its readable indexes: the same
 * rows, in the index's order (indexed columns, then the key). The planner then satisfies
 * {@code ORDER BY} an indexed column from the index and removes the sort, which pays when a
 * {@code LIMIT} stops the read early or the index covers the query; otherwise the lookups of an
 * uncovered index cost more than sorting, and the table's own scan stays cheaper.
 */
public class CellarIndexOrderRule extends RelRule<CellarRuleConfig> {
  /** The default configuration. */
  static final CellarRuleConfig DEFAULT_CONFIG = CellarRuleConfig.of("CellarIndexOrderRule",
      b0 -> b0.operand(CellarTableScan.class).predicate(CellarIndexOrderRule::plainFullScan).noInputs(),
      CellarIndexOrderRule::new);

  protected CellarIndexOrderRule(CellarRuleConfig config) {
    super(config);
  }

  private static boolean plainFullScan(CellarTableScan s) {
    AccessPath p = s.accessPath;
    return p.kind() == AccessPath.Kind.FULL_SCAN && p.index() == null && !p.hasLimit() && !p.isReversed()
        && !p.hasFilters() && !p.time().isBounded() && s.cellarTable.mapping().readVersions() == 1
        && !s.cellarTable.indexes().isEmpty();
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    CellarTableScan scan = call.rel(0);
    for (IndexMapping ix : scan.cellarTable.indexes()) {
      if (!scan.hint.allows(ix.index().name())) {
        continue;
      }
      call.transformTo(scan.withPath(AccessPath.fullScan(scan.accessPath.table()).onIndex(ix.index().name())));
    }
  }
}
