package dev.cellar.sql.rules;

import dev.cellar.sql.rel.CellarTableModify;
import java.util.List;
import org.apache.calcite.plan.RelOptRule;

/**
 * The planner rules of the Cellar adapter. {@code CellarPrepare} adds {@link #MODIFY},
 * {@link #TO_ENUMERABLE} and {@link #RULES} to every planner it makes (the pushdown rules match
 * only Cellar scans, so a statement without one is planned as before). Each pushdown feature
 * (filters to key ranges, projections, sorts, limits) is one rule added to {@link #RULES}.
 */
public final class CellarRules {
  private CellarRules() {}

  /** Hands a Cellar subtree to Calcite's enumerable engine. */
  public static final CellarToEnumerableConverterRule TO_ENUMERABLE =
      CellarToEnumerableConverterRule.DEFAULT_CONFIG.toRule(CellarToEnumerableConverterRule.class);

  /** Implements INSERT, UPSERT, UPDATE and DELETE of a Cellar table. */
  public static final CellarTableModify.Rule MODIFY =
      CellarTableModify.Rule.DEFAULT_CONFIG.toRule(CellarTableModify.Rule.class);

  /** Turns key predicates of a filter over a scan into the scan's key ranges. */
  static final CellarFilterRule FILTER = CellarFilterRule.DEFAULT_CONFIG.toRule(CellarFilterRule.class);

  /** As {@link #FILTER}, under a projection that then goes straight over the new paths. */
  static final CellarFilterRule FILTER_UNDER_PROJECT =
      CellarFilterRule.UNDER_PROJECT.toRule(CellarFilterRule.class);

  /** As {@link #FILTER}, through a projection that picks columns. */
  static final CellarFilterRule FILTER_PROJECTED = CellarFilterRule.PROJECTED.toRule(CellarFilterRule.class);

  /** Pushes {@code LIMIT} into a scan whose rows come in the order the query asks for. */
  static final CellarLimitRule LIMIT = CellarLimitRule.DEFAULT_CONFIG.toRule(CellarLimitRule.class);

  /** Offers each scan read backwards, for a sort on the reverse of its key order. */
  static final CellarReverseRule REVERSE = CellarReverseRule.DEFAULT_CONFIG.toRule(CellarReverseRule.class);

  /** Offers full reads of a table's indexes, for their order. */
  static final CellarIndexOrderRule INDEX_ORDER =
      CellarIndexOrderRule.DEFAULT_CONFIG.toRule(CellarIndexOrderRule.class);

  /** Reads only the columns a projection uses. */
  static final CellarProjectRule PROJECT = CellarProjectRule.DEFAULT_CONFIG.toRule(CellarProjectRule.class);

  /** Reads only the columns an aggregate over a scan uses. */
  static final CellarProjectRule AGGREGATE_COLUMNS =
      CellarProjectRule.AGGREGATE.toRule(CellarProjectRule.class);

  /** Joins by looking the outer rows' keys up in batches. */
  static final CellarLookupJoinRule LOOKUP_JOIN =
      CellarLookupJoinRule.DEFAULT_CONFIG.toRule(CellarLookupJoinRule.class);

  /** As {@link #LOOKUP_JOIN}, the inner side a projection of a table. */
  static final CellarLookupJoinRule LOOKUP_JOIN_PROJECTED =
      CellarLookupJoinRule.PROJECTED.toRule(CellarLookupJoinRule.class);

  /** Computes an aggregate without grouping in the store. */
  static final CellarAggregateRule AGGREGATE =
      CellarAggregateRule.DEFAULT_CONFIG.toRule(CellarAggregateRule.class);

  /** Reads a table as of a point in time ({@code FOR SYSTEM_TIME AS OF}). */
  static final CellarSnapshotRule SNAPSHOT =
      CellarSnapshotRule.DEFAULT_CONFIG.toRule(CellarSnapshotRule.class);

  /** As {@link #SNAPSHOT}, through a projection of the table. */
  static final CellarSnapshotRule SNAPSHOT_PROJECTED =
      CellarSnapshotRule.PROJECTED.toRule(CellarSnapshotRule.class);

  /** Pushdown rules. */
  public static final List<RelOptRule> RULES = List.of(FILTER, FILTER_PROJECTED, FILTER_UNDER_PROJECT, LIMIT, REVERSE, INDEX_ORDER,
      PROJECT, AGGREGATE_COLUMNS, LOOKUP_JOIN, LOOKUP_JOIN_PROJECTED, AGGREGATE, SNAPSHOT, SNAPSHOT_PROJECTED);
}
