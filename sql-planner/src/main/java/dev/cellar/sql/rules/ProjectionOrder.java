package dev.cellar.sql.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelCollationTraitDef;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Calc;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.metadata.RelMdCollation;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexCallBinding;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.sql.validate.SqlMonotonicity;

/**
 * The orders a projection's rows come in, derived soundly from its input's.
 *
 * <p>Calcite derives them ({@link RelMdCollation#project}) by carrying the input's orders over to
 * the columns that copy input columns, and by declaring each expression monotonic in an input
 * column (such as {@code -n}, {@code n + 1}, {@code CAST(n AS BIGINT)}, {@code FLOOR(n)}) ordered
 * as well. For the latter it takes any column of an input order as ordered, where only the
 * first one is: rows of a scan in the order of the key {@code (k DESC, n)} are ordered by
 * {@code n} only among rows of equal {@code k}, so {@code -n} is in no order at all. The
 * planner, told otherwise, drops the sort an {@code ORDER BY} of such an expression needs.
 *
 * <p>Here an expression is ordered only when it is monotonic in the first column of an input
 * order, and only when it cannot be NULL (where its NULLs come is not what Calcite assumes when
 * the input's NULLs come first). Columns copied from the input keep Calcite's orders.
 * {@code CellarPrepare}'s planner gives every projection and calc it registers these orders.
 */
public final class ProjectionOrder {
  private ProjectionOrder() {}

  /** The orders of {@code projects} over {@code input}. */
  public static List<RelCollation> project(RelMetadataQuery mq, RelNode input, List<? extends RexNode> projects) {
    List<RelCollation> inputOrders = mq.collations(input);
    if (inputOrders == null || inputOrders.isEmpty()) {
      return List.of();
    }
    RexBuilder rexBuilder = input.getCluster().getRexBuilder();
    // Calcite's orders of the copied columns: each computed column replaced by a literal, which
    // Calcite takes as neither a copy nor an ordered expression
    List<RexNode> copies = new ArrayList<>(projects.size());
    List<RelCollation> leading = new ArrayList<>();
    for (RelCollation c : inputOrders) {
      if (!c.getFieldCollations().isEmpty()) {
        leading.add(RelCollations.of(c.getFieldCollations().get(0)));
      }
    }
    List<RelFieldCollation> computed = new ArrayList<>();
    for (int i = 0; i < projects.size(); i++) {
      RexNode e = projects.get(i);
      if (!(e instanceof RexCall call)) {
        copies.add(e);
        continue;
      }
      copies.add(rexBuilder.makeLiteral(true));
      if (e.getType().isNullable()) {
        continue;
      }
      RexCallBinding binding = RexCallBinding.create(input.getCluster().getTypeFactory(), call, leading);
      SqlMonotonicity m = call.getOperator().getMonotonicity(binding);
      if (m != SqlMonotonicity.NOT_MONOTONIC && m != SqlMonotonicity.CONSTANT) {
        computed.add(new RelFieldCollation(i, RelFieldCollation.Direction.of(m)));
      }
    }
    List<RelCollation> copied = RelMdCollation.project(mq, input, copies);
    TreeSet<RelCollation> out = new TreeSet<>(copied == null ? List.of() : copied);
    // each computed column is ordered on its own, so all of them together are too
    if (!computed.isEmpty()) {
      out.add(RelCollations.of(computed));
    }
    return List.copyOf(out);
  }

  /** The orders of {@code program}'s output over {@code input}. */
  public static List<RelCollation> calc(RelMetadataQuery mq, RelNode input, RexProgram program) {
    List<RexNode> projects = new ArrayList<>();
    for (var ref : program.getProjectList()) {
      projects.add(program.expandLocalRef(ref));
    }
    return project(mq, input, projects);
  }

  /**
   * {@code rel}, when it is a projection or a calc, over its input as {@code register} gives it
   * (the planner's set of the input, whose orders are the ones known) and with the orders of
   * {@link #project} over that; else {@code rel} itself.
   */
  public static RelNode withSoundOrder(RelNode rel, UnaryOperator<RelNode> register) {
    if (!(rel instanceof Project) && !(rel instanceof Calc)) {
      return rel;
    }
    RelNode input = register.apply(rel.getInput(0));
    return withSoundOrder(input == rel.getInput(0) ? rel : rel.copy(rel.getTraitSet(), List.of(input)));
  }

  /**
   * {@code rel} with the orders of {@link #project} over its input when it is a projection or a
   * calc that declares others; else {@code rel} itself.
   */
  public static RelNode withSoundOrder(RelNode rel) {
    if (!(rel instanceof Project) && !(rel instanceof Calc)) {
      return rel;
    }
    RelTraitSet traits = rel.getTraitSet();
    if (traits.getTraits(RelCollationTraitDef.INSTANCE) == null) {
      return rel;
    }
    RelMetadataQuery mq = rel.getCluster().getMetadataQuery();
    RelNode input = rel.getInput(0);
    List<RelCollation> sound = rel instanceof Project p ? project(mq, input, p.getProjects())
        : calc(mq, input, ((Calc) rel).getProgram());
    RelTraitSet fixed = traits.replace(RelCollationTraitDef.INSTANCE, sound);
    return fixed.equals(traits) ? rel : rel.copy(fixed, rel.getInputs());
  }
}
