package dev.cellar.sql.rules;

import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRules;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.ImmutableIntList;

/**
 * Calcite's merge-join rule, kept from joins on a BOOLEAN key: the code Calcite generates for such
 * a merge join selects the key with a predicate where its merge join takes a function, and does
 * not compile (a comparison of a {@code NOT IN} with a column, decorrelated into a join on its
 * truth value, ended in an internal error). Such joins are hashed or nested instead.
 */
public final class MergeJoinKeys extends ConverterRule {
  /** Calcite's rule, which this one replaces. */
  public static final RelOptRule REPLACED = EnumerableRules.ENUMERABLE_MERGE_JOIN_RULE;

  /** This rule. */
  public static final RelOptRule RULE = new MergeJoinKeys(Config.INSTANCE
      .withConversion(LogicalJoin.class, Convention.NONE, EnumerableConvention.INSTANCE, "CellarMergeJoinRule")
      .withRuleFactory(MergeJoinKeys::new));

  private MergeJoinKeys(Config config) {
    super(config);
  }

  @Override
  public RelNode convert(RelNode rel) {
    LogicalJoin join = (LogicalJoin) rel;
    JoinInfo info = join.analyzeCondition();
    if (hasBoolean(join.getLeft().getRowType(), info.leftKeys)
        || hasBoolean(join.getRight().getRowType(), info.rightKeys)) {
      return null;
    }
    return ((ConverterRule) REPLACED).convert(rel);
  }

  private static boolean hasBoolean(RelDataType row, ImmutableIntList keys) {
    for (int k : keys) {
      if (row.getFieldList().get(k).getType().getSqlTypeName() == SqlTypeName.BOOLEAN) {
        return true;
      }
    }
    return false;
  }
}
