package dev.cellar.sql.prepare;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.volcano.VolcanoPlanner;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.SetOp;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.tools.RelBuilder;
import org.junit.jupiter.api.Test;

/** Rules that cannot fire on a plan's shape are taken out of the planner; the others stay. */
class PlanShapeTest {
  private final VolcanoPlanner planner = new VolcanoPlanner();
  private final RelBuilder b;

  PlanShapeTest() {
    RelOptUtil.registerDefaultRules(planner, false, false);
    b = RelBuilder.proto(org.apache.calcite.plan.Contexts.empty()).create(
        RelOptCluster.create(planner, new RexBuilder(new JavaTypeFactoryImpl(CellarTypeSystem.INSTANCE))), null);
  }

  private RelNode values() {
    return b.values(new String[] {"a", "b"}, 1, 2, 3, 4).build();
  }

  @Test
  void aSingleTableReadLosesTheJoinAggregateAndSetOperationRules() {
    RelNode rel = b.push(values()).filter(b.equals(b.field("a"), b.literal(1))).project(b.field("b"))
        .sortLimit(0, 10, b.field(0)).build();
    PlanShape shape = PlanShape.of(rel);
    assertFalse(shape.joins || shape.aggregates || shape.setOps);
    shape.trim(planner);
    assertTrue(planner.getRules().contains(CoreRules.FILTER_PROJECT_TRANSPOSE));
    assertTrue(planner.getRules().contains(CoreRules.SORT_PROJECT_TRANSPOSE));
    assertNone(Join.class);
    assertNone(Aggregate.class);
    assertNone(SetOp.class);
  }

  @Test
  void aGroupByKeepsItsAggregateRulesOnly() {
    RelNode rel = b.push(values()).aggregate(b.groupKey("a"), b.count(false, "c", b.field("b"))).build();
    PlanShape.of(rel).trim(planner);
    assertTrue(planner.getRules().contains(CoreRules.AGGREGATE_REDUCE_FUNCTIONS));
    assertNone(Join.class);
  }

  @Test
  void aDistinctAggregateMayBecomeAJoin() {
    RelNode rel = b.push(values()).aggregate(b.groupKey("a"), b.count(true, "c", b.field("b"))).build();
    PlanShape shape = PlanShape.of(rel);
    assertTrue(shape.joins && shape.aggregates);
    shape.trim(planner);
    assertTrue(planner.getRules().contains(CoreRules.JOIN_COMMUTE));
  }

  @Test
  void aJoinKeepsTheJoinRules() {
    RelNode rel = b.push(values()).push(values())
        .join(JoinRelType.INNER, b.call(SqlStdOperatorTable.EQUALS, b.field(2, 0, "a"), b.field(2, 1, "a"))).build();
    PlanShape.of(rel).trim(planner);
    assertTrue(planner.getRules().contains(CoreRules.FILTER_INTO_JOIN));
    assertTrue(planner.getRules().contains(CoreRules.JOIN_COMMUTE));
    assertNone(Aggregate.class);
  }

  @Test
  void aSetOperationKeepsEverything() {
    RelNode rel = b.push(values()).filter(b.equals(b.field("a"), b.literal(1)))
        .push(values()).filter(b.equals(b.field("b"), b.literal(2))).union(false).build();
    PlanShape shape = PlanShape.of(rel);
    assertTrue(shape.full(), rel::explain);
    int before = planner.getRules().size();
    shape.trim(planner);
    assertTrue(planner.getRules().size() == before);
  }

  /** No rule left in the planner has an operand matching {@code kind}. */
  private void assertNone(Class<?> kind) {
    for (RelOptRule rule : List.copyOf(planner.getRules())) {
      rule.getOperands().forEach(o -> assertFalse(kind.isAssignableFrom(o.getMatchedClass()),
          () -> rule + " matches " + kind.getSimpleName()));
    }
  }
}
