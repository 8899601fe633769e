package dev.cellar.sql.prepare;

import dev.cellar.sql.profile.QueryProfile;
import dev.cellar.sql.runtime.CheckedSums;
import java.util.List;
import org.apache.calcite.plan.RelOptLattice;
import org.apache.calcite.plan.RelOptMaterialization;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.metadata.DefaultRelMetadataProvider;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.rules.JoinPushThroughJoinRule;
import org.apache.calcite.rel.rules.MultiJoin;
import org.apache.calcite.rel.rules.MultiJoinOptimizeBushyRule;
import org.apache.calcite.tools.Program;
import org.apache.calcite.tools.Programs;

/**
 * The optimizer program Cellar prepares queries with: Calcite's standard sequence (sub-queries,
 * decorrelation, measures, field trimming, the cost-based planner, then the calc pass), except
 * that a query joining many relations has its joins ordered heuristically rather than by
 * exhaustive search.
 *
 * <p>The cost-based planner enumerates join orders with commute and associate rules; the
 * space it explores grows exponentially with the number of relations, so a join of ten tables
 * already takes seconds to plan and one of twenty does not finish. From
 * {@link #MULTI_JOIN_THRESHOLD} joins on, the joins and the predicates over them are gathered
 * into one multi-join, which is expanded greedily by estimated join size
 * ({@code LoptOptimizeJoinRule}) before the cost-based planner runs: each step joins the relation
 * that gives the smallest intermediate result, preferring relations connected by an equi-join
 * condition, so that planning time grows polynomially and no cross product is built where a
 * condition links the tables. Of the orders so found (one per starting relation) the cheapest is
 * kept, and the cost-based planner, its enumerating rules taken out, only chooses how each join
 * of that order is run. From {@link #BUSHY_JOIN_THRESHOLD} joins on, the order is built greedily
 * by pairs instead, which is much cheaper to find ({@link #orderJoins}).
 *
 * <p>Rules that cannot fire on the plan's shape (join rules without a join, aggregate rules
 * without an aggregate) are taken out of the cost-based planner first ({@link PlanShape}).
 *
 * <p>The chosen plan's BIGINT sums are made checked ({@link CheckedSums}); for
 * {@code EXPLAIN ANALYZE}, it gets its operators counted ({@link QueryProfile#instrument}).
 */
public final class CellarProgram implements Program {
  /** Joins in a query from which join order is chosen heuristically. */
  static final int MULTI_JOIN_THRESHOLD = 4;

  private static final List<RelOptRule> ENUMERATING_JOIN_RULES = List.of(CoreRules.JOIN_COMMUTE,
      CoreRules.JOIN_ASSOCIATE, JoinPushThroughJoinRule.LEFT, JoinPushThroughJoinRule.RIGHT);

  /** Joins in a query from which the greedy order may be bushy ({@link #ORDER_MANY_JOINS}). */
  static final int BUSHY_JOIN_THRESHOLD = 15;

  /**
   * The bushy ordering, for a multi-join of inner joins only: Calcite's rule declines outer
   * joins it recognizes, but not all (a LEFT join of a decorrelated sub-query came out with its
   * row type's nullability changed).
   */
  private static final RelOptRule INNER_BUSHY = new InnerBushyRule();

  /** {@code MultiJoinOptimizeBushyRule} for multi-joins whose joins are all inner. */
  private static final class InnerBushyRule extends MultiJoinOptimizeBushyRule {
    InnerBushyRule() {
      super(MultiJoinOptimizeBushyRule.Config.DEFAULT);
    }

    @Override
    public boolean matches(RelOptRuleCall call) {
      MultiJoin join = call.rel(0);
      return !join.isFullOuterJoin() && join.getJoinTypes().stream().allMatch(t -> t == JoinRelType.INNER);
    }
  }

  private static final HepProgram ORDER_JOINS = orderJoins(false);
  private static final HepProgram ORDER_MANY_JOINS = orderJoins(true);

  /**
   * Gathers joins into a multi-join and orders it: left-deep from every starting relation,
   * keeping the cheapest ({@code LoptOptimizeJoinRule}); or, for {@code many}, by repeatedly
   * joining the two connected inputs whose join is estimated smallest, which may join two joins
   * ({@code MultiJoinOptimizeBushyRule}). The left-deep search tries one order per relation and
   * costs each step, so it grows with the cube of the relations and more: a join of 60 tables
   * spent seconds in it, the greedy pairing a tenth of that. The bushy rule leaves a multi-join
   * with outer joins alone; the left-deep rule then orders it.
   */
  private static HepProgram orderJoins(boolean many) {
    HepProgramBuilder b = new HepProgramBuilder()
        .addRuleInstance(CoreRules.FILTER_INTO_JOIN)
        .addMatchOrder(HepMatchOrder.BOTTOM_UP)
        .addRuleInstance(CoreRules.JOIN_TO_MULTI_JOIN);
    if (many) {
      b.addRuleInstance(INNER_BUSHY);
    }
    return b.addRuleInstance(CoreRules.MULTI_JOIN_OPTIMIZE).build();
  }

  static final CellarProgram INSTANCE = new CellarProgram();

  private CellarProgram() {
  }

  @Override
  public RelNode run(RelOptPlanner planner, RelNode rel, RelTraitSet requiredOutputTraits,
      List<RelOptMaterialization> materializations, List<RelOptLattice> lattices) {
    Program program = Programs.sequence(
        Programs.subQuery(DefaultRelMetadataProvider.INSTANCE),
        Programs.decorrelate(),
        Programs.measure(DefaultRelMetadataProvider.INSTANCE),
        Programs.trim(),
        CellarProgram::optimize,
        Programs.calc(DefaultRelMetadataProvider.INSTANCE));
    RelNode planned;
    try {
      planned = program.run(planner, rel, requiredOutputTraits, materializations, lattices);
    } catch (RuntimeException e) {
      dev.cellar.sql.CellarSqlException stopped = PlanningStop.stopped(e);
      throw stopped != null ? stopped : e;
    } finally {
      PlanningStop.finish();
    }
    RelNode plan = QueryProfile.instrument(CheckedSums.apply(planned));
    ExplainSummary.planned(plan);
    return plan;
  }

  /** The cost-based pass, with joins gathered and ordered heuristically when there are many. */
  private static RelNode optimize(RelOptPlanner planner, RelNode rel, RelTraitSet requiredOutputTraits,
      List<RelOptMaterialization> materializations, List<RelOptLattice> lattices) {
    RelNode input = rel;
    int joins = RelOptUtil.countJoins(rel);
    if (joins >= MULTI_JOIN_THRESHOLD) {
      input = Programs.of(joins >= BUSHY_JOIN_THRESHOLD ? ORDER_MANY_JOINS : ORDER_JOINS, false,
          DefaultRelMetadataProvider.INSTANCE)
          .run(planner, rel, requiredOutputTraits, materializations, lattices);
      for (RelOptRule rule : ENUMERATING_JOIN_RULES) {
        planner.removeRule(rule);
      }
    }
    if (materializations.isEmpty() && lattices.isEmpty()) {
      PlanShape.of(input).trim(planner);
    }
    for (RelOptMaterialization materialization : materializations) {
      planner.addMaterialization(materialization);
    }
    for (RelOptLattice lattice : lattices) {
      planner.addLattice(lattice);
    }
    planner.setRoot(input);
    if (!input.getTraitSet().equals(requiredOutputTraits)) {
      planner.setRoot(planner.changeTraits(input, requiredOutputTraits));
    }
    RelNode best = planner.chooseDelegate().findBestExp();
    PlanningStop.afterSearch();
    return best;
  }
}
