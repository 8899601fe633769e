package dev.cellar.sql.adapter;

import java.util.List;
import org.apache.calcite.plan.RelOptRule;

/**
 * The planner rules of the Cellar adapter. A scan registers {@link #TO_ENUMERABLE} and
 * {@link #RULES}; a write registers {@link #MODIFY}. Each pushdown feature (filters to key
 * ranges, projections, sorts, limits) is one rule added to {@link #RULES}.
 */
public final class CellarRules {
  private CellarRules() {}

  /** Hands a Cellar subtree to Calcite's enumerable engine. */
  public static final CellarToEnumerableConverterRule TO_ENUMERABLE =
      CellarToEnumerableConverterRule.DEFAULT_CONFIG.toRule(CellarToEnumerableConverterRule.class);

  /** Implements INSERT, UPSERT, UPDATE and DELETE of a Cellar table. */
  public static final CellarTableModify.EnumerableRule MODIFY =
      CellarTableModify.EnumerableRule.DEFAULT_CONFIG.toRule(CellarTableModify.EnumerableRule.class);

  /** Pushdown rules; none yet, so every read is a full scan. */
  public static final List<RelOptRule> RULES = List.of();
}
