package dev.cellar.sql.rules;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.keyrange.AccessPath;
import dev.cellar.sql.keyrange.KeyConditions;
import dev.cellar.sql.keyrange.KeyOperand;
import dev.cellar.sql.keyrange.TimeBound;
import dev.cellar.sql.rel.CellarTableScan;
import java.util.List;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Snapshot;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Plans {@code FROM t FOR SYSTEM_TIME AS OF x} over a Cellar table as a scan that reads the
 * table as it was at {@code x} ({@link TimeBound}): every cell newer than {@code x} is left
 * out, so each column reads its latest version at or before {@code x}, and rows written after
 * {@code x} (or deleted before it) are absent. {@code x} is a TIMESTAMP literal or a parameter.
 */
public class CellarSnapshotRule extends RelRule<CellarRuleConfig> {
  /** A snapshot over a scan. */
  static final CellarRuleConfig DEFAULT_CONFIG = CellarRuleConfig.of("CellarSnapshotRule",
      b0 -> b0.operand(Snapshot.class).oneInput(b1 -> b1.operand(CellarTableScan.class)
          .predicate(CellarSnapshotRule::readsEveryRow).noInputs()),
      CellarSnapshotRule::new);

  /** A snapshot over a projection of a scan (field trimming puts the projection below the snapshot). */
  static final CellarRuleConfig PROJECTED = CellarRuleConfig.of("CellarSnapshotRule:project",
      b0 -> b0.operand(Snapshot.class).oneInput(b1 -> b1.operand(Project.class).oneInput(
          b2 -> b2.operand(CellarTableScan.class).predicate(CellarSnapshotRule::readsEveryRow).noInputs())),
      CellarSnapshotRule::new);

  /**
   * Whether a scan reads the table's present rows, every one: the table's own, or a whole index
   * (as a hint forcing the index starts the scan).
   */
  private static boolean readsEveryRow(CellarTableScan s) {
    AccessPath p = s.accessPath;
    return p.time().asOf() == null && (p.index() == null
        || p.kind() == AccessPath.Kind.FULL_SCAN && !p.hasLimit() && !p.hasFilters());
  }

  protected CellarSnapshotRule(CellarRuleConfig config) {
    super(config);
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    Snapshot snapshot = call.rel(0);
    CellarTableScan scan = call.rel(call.getRelList().size() - 1);
    KeyOperand t = operand(snapshot.getPeriod());
    if (t == null) {
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "FOR SYSTEM_TIME AS OF " + snapshot.getPeriod()
          + " on table " + scan.cellarTable.def().name() + " is not supported: give a TIMESTAMP literal or a "
          + "parameter (CAST(? AS TIMESTAMP))");
    }
    // an index holds only the present rows: the past is read from the table
    AccessPath path = scan.accessPath.index() == null ? scan.accessPath : AccessPath.fullScan(scan.accessPath.table());
    CellarTableScan past = scan.withPath(path.withTime(scan.accessPath.time().withAsOf(t)));
    if (call.getRelList().size() == 2) {
      call.transformTo(past);
    } else {
      Project project = call.rel(1);
      call.transformTo(project.copy(project.getTraitSet(), List.of(past)));
    }
  }

  /** A TIMESTAMP literal or a parameter (possibly cast to TIMESTAMP), else null. */
  private static KeyOperand operand(RexNode e) {
    if (e instanceof RexCall c && c.getKind() == SqlKind.CAST && c.getOperands().get(0) instanceof RexDynamicParam) {
      e = c.getOperands().get(0);
    }
    if (e instanceof RexDynamicParam p) {
      return KeyOperand.param(p.getIndex());
    }
    if (e instanceof RexLiteral lit && !lit.isNull() && lit.getType().getSqlTypeName() == SqlTypeName.TIMESTAMP) {
      Long v = lit.getValueAs(Long.class);
      return v == null ? null : KeyOperand.constant(v, KeyConditions.display(v, SqlTypeName.TIMESTAMP));
    }
    return null;
  }
}
