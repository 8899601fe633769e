package dev.cellar.sql.rules;

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
 * except over an aggregate without group keys, and the one that turns a join with a side unique
 * on its keys into a semi-join ({@link CoreRules#JOIN_ON_UNIQUE_TO_SEMI_JOIN}); none of them over
 * a join that binds correlation variables. {@code CellarPrepare} puts them in place of Calcite's.
 *
 * <p>A join with an aggregate grouped by the join keys, whose columns the query does not use,
 * keeps the rows whose keys occur in the aggregate's input: a semi-join with that input. An
 * aggregate without group keys is different: it yields one row even when its input has none, so
 * a join with it keeps every row, where the semi-join with its empty input keeps none. Sub-query
 * removal builds that shape for {@code x IN (SELECT ...)} under an {@code OR}: a join with the
 * sub-query's row count, which the filter reads only until it is simplified away. Left alone,
 * such a join stays what it is, a join with one row.
 *
 * <p>A join that binds correlation variables is a key-lookup join ({@link CellarLookupJoinRule}):
 * its inner side reads the keys of the outer rows the join hands it, as a filter of correlated
 * values or a MULTI-GET of them. Calcite's rules match any join; rebuilt as a semi-join of the
 * same two sides, that inner side would end up below a hash join that binds nothing, which
 * cannot run. The logical join the lookup join came from is rewritten instead.
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

  /** {@link CoreRules#JOIN_ON_UNIQUE_TO_SEMI_JOIN}, not over a join that binds correlation variables. */
  static final RelOptRule UNIQUE = new UniqueRule(
      SemiJoinRule.JoinOnUniqueToSemiJoinRule.JoinOnUniqueToSemiJoinRuleConfig.DEFAULT
          .withDescription("CellarSemiJoinRule:unique")
          .as(SemiJoinRule.JoinOnUniqueToSemiJoinRule.JoinOnUniqueToSemiJoinRuleConfig.class));

  /** Calcite's rules that these replace. */
  public static final List<RelOptRule> REPLACED = List.of(CoreRules.PROJECT_TO_SEMI_JOIN, CoreRules.JOIN_TO_SEMI_JOIN,
      CoreRules.JOIN_ON_UNIQUE_TO_SEMI_JOIN);

  /** These rules. */
  public static final List<RelOptRule> RULES = List.of(PROJECT, JOIN, UNIQUE);

  /**
   * Whether the call's join (the first join among its relations) binds correlation variables: a
   * key-lookup join, whose inner side reads values only it hands over.
   */
  static boolean bindsVariables(RelOptRuleCall call) {
    for (int i = 0; i < call.rels.length; i++) {
      if (call.rels[i] instanceof Join join) {
        return !join.getVariablesSet().isEmpty();
      }
    }
    return false;
  }

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
      return !overGrandTotal(call) && !bindsVariables(call);
    }
  }

  /** The rule over a join with a side unique on the join keys. */
  static final class UniqueRule extends SemiJoinRule.JoinOnUniqueToSemiJoinRule {
    UniqueRule(JoinOnUniqueToSemiJoinRuleConfig config) {
      super(config);
    }

    @Override
    public boolean matches(RelOptRuleCall call) {
      return !bindsVariables(call) && super.matches(call);
    }
  }

  /** The rule over the join itself. */
  static final class JoinRule extends SemiJoinRule.JoinToSemiJoinRule {
    JoinRule(JoinToSemiJoinRuleConfig config) {
      super(config);
    }

    @Override
    public boolean matches(RelOptRuleCall call) {
      return !overGrandTotal(call) && !bindsVariables(call);
    }
  }
}
