package dev.cellar.sql.keyrange;

import dev.cellar.sql.exec.TableMapping;
import dev.cellar.sql.rules.CellarRules;
import dev.cellar.sql.schema.CellarTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;

/**
 * Translates a filter condition on a Cellar table into what the store can do — an
 * {@link AccessPath} with key ranges and storage filters — and what stays for Calcite. Kept
 * apart from the rules (as Calcite's InnoDB adapter keeps {@code InnodbFilterTranslator}) so that
 * each pushdown feature is a change here plus one rule in {@link CellarRules}.
 *
 * <p>Key predicates become the path's key ranges ({@link KeyConditions}). Key ranges are planned
 * to hold every matching row, not exactly those, so that what the analysis cannot decide (a
 * value a column cannot hold, a parameter's range) costs a wider read, never a lost row; the
 * conjuncts the ranges do evaluate exactly are dropped from the condition, and the rest remains
 * for Calcite. Of the rest, predicates on single columns the store can test exactly
 * ({@link ValuePredicate}) are also evaluated by the store, so that failing rows never leave it.
 */
public final class CellarFilterTranslator {
  /**
   * The result of a translation: an immutable value.
   *
   * @param path the access path the pushed part becomes
   * @param pushed the part of the condition the path evaluates, or {@code null} if none
   * @param remaining the part Calcite must still evaluate, or {@code null} if none
   * @param exact the conjuncts of the condition the path evaluates exactly
   */
  public record Translation(AccessPath path, RexNode pushed, RexNode remaining, List<RexNode> exact) {
    public Translation {
      Objects.requireNonNull(path, "path");
    }

    /** Whether anything was pushed into the store. */
    public boolean pushedAnything() {
      return pushed != null;
    }
  }

  private final CellarTable table;
  private final RexBuilder rexBuilder;

  public CellarFilterTranslator(CellarTable table, RexBuilder rexBuilder) {
    this.table = table;
    this.rexBuilder = rexBuilder;
  }

  /** The translation of {@code condition}, a filter over all the table's columns. */
  public Translation translate(RexNode condition) {
    TableMapping mapping = table.mapping();
    Objects.requireNonNull(mapping, "mapping");
    List<KeyBox> boxes = KeyConditions.of(condition, mapping);
    AccessPath path = AccessPath.of(table.def().name(), mapping, boxes);
    List<RexNode> exact = path.kind() == AccessPath.Kind.FULL_SCAN ? List.of()
        : KeyConditions.exactConjuncts(condition, boxes, mapping);
    List<RexNode> remaining = new ArrayList<>(RelOptUtil.conjunctions(condition));
    remaining.removeAll(exact);
    List<ValuePredicate> filters = new ArrayList<>();
    for (RexNode c : remaining) {
      // a range comes as SEARCH(c, Sarg[...]): its comparisons are filters
      List<RexNode> parts = c.getKind() == SqlKind.SEARCH
          ? RelOptUtil.conjunctions(RexUtil.expandSearch(rexBuilder, null, c)) : List.of(c);
      for (RexNode part : parts) {
        ValuePredicate p = ValuePredicate.of(part, mapping);
        if (p != null) {
          filters.add(p);
        }
      }
    }
    path = path.withFilters(filters);
    if (path.kind() == AccessPath.Kind.FULL_SCAN && filters.isEmpty()) {
      return new Translation(path, null, condition, List.of());
    }
    return new Translation(path, condition, RexUtil.composeConjunction(rexBuilder, remaining, true), exact);
  }
}
