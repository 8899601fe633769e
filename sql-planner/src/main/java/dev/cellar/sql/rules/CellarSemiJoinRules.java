package dev.cellar.sql.rules;

import dev.cellar.sql.prepare.CellarPrepare;
import java.util.List;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.rules.SemiJoinRule;

/**
 * Calcite's rules that turn an inner join with an aggregate into a semi-join with the
 * aggregate's input ({@link CoreRules#PROJECT_TO_SEMI_JOIN}, {@link CoreRules#JOIN_TO_SEMI_JOIN}),
 * except over an aggregate without group keys, which {@link CellarPrepare} puts in their place.
 *
 * <p>A join with an aggregate grouped by the join keys, whose columns the query does not use,
 * keeps the rows whose keys occur in the aggregate's input: a semi-join with that input. An
 * aggregate without group keys is different: it yields one row even when its input has none, so
 * a join with it keeps every row, where the semi-join with its empty input keeps none. Sub-query
 * removal builds that shape for {@code x IN (SELECT ...)} under an {@code OR}: a join with the
 * sub-query's row count, which the filter reads only until it is simplified away. Left alone,
 * such a join stays what it is, a join with one row.
 */
public final class CellarSemiJoinRules {
  private CellarSemiJoinRules() {}

  /** {@link CoreRules#PROJECT_TO_SEMI_JOIN}, not over an aggregate without group keys. */
  static final RelOptRule PROJECT = new ProjectRule(
      SemiJoinRule.ProjectToSemiJoinRule.ProjectToSemiJoinRuleConfig.DEFAULT
          .withDescription("CellarSemiJoinRule:project")
          .as(SemiJoinRule.ProjectToSemiJoinRule.ProjectToSemiJoinRuleConfig.class));

  /** {@link CoreRules#JOIN_TO_SEMI_JOIN}, not over an aggregate without group keys. */
  static final RelOptRule JOIN = new JoinRule(
      SemiJoinRule.JoinToSemiJoinRule.JoinToSemiJoinRuleConfig.DEFAULT
          .withDescription("CellarSemiJoinRule:join")
          .as(SemiJoinRule.JoinToSemiJoinRule.JoinToSemiJoinRuleConfig.class));

  /** Calcite's rules that these replace. */
  public static final List<RelOptRule> REPLACED = List.of(CoreRules.PROJECT_TO_SEMI_JOIN, CoreRules.JOIN_TO_SEMI_JOIN);

  /** These rules. */
  public static final List<RelOptRule> RULES = List.of(PROJECT, JOIN);

  /**
   * Whether the call's join (the first join among its relations) is an inner join with its last
   * relation, an aggregate, that has no group keys: one the rules must not rewrite.
   */
  static boolean overGrandTotal(RelOptRuleCall call) {
    Aggregate aggregate = call.rel(call.rels.length - 1);
    for (int i = 0; i < call.rels.length; i++) {
      if (call.rels[i] instanceof Join join) {
        return join.getJoinType() == JoinRelType.INNER && aggregate.getGroupSet().isEmpty();
      }
    }
    return false;
  }

  /** The rule over a projection of the join. */
  static final class ProjectRule extends SemiJoinRule.ProjectToSemiJoinRule {
    ProjectRule(ProjectToSemiJoinRuleConfig config) {
      super(config);
    }

    @Override
    public boolean matches(RelOptRuleCall call) {
      return !overGrandTotal(call);
    }
  }

  /** The rule over the join itself. */
  static final class JoinRule extends SemiJoinRule.JoinToSemiJoinRule {
    JoinRule(JoinToSemiJoinRuleConfig config) {
      super(config);
    }

    @Override
    public boolean matches(RelOptRuleCall call) {
      return !overGrandTotal(call);
    }
  }
}
