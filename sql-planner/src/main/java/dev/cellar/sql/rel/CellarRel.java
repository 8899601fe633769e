package dev.cellar.sql.rel;

import dev.cellar.sql.keyrange.AccessPath;
import dev.cellar.sql.runtime.ScanAggregator;
import java.util.List;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;

/**
 * A relational expression that runs inside the store: the nodes of the {@link #CONVENTION}
 * tree below a {@link CellarToEnumerableConverter} describe one storage request, collected by an
 * {@link Implementor} as they are visited.
 */
public interface CellarRel extends RelNode {
  /** Calling convention of expressions evaluated by the store. */
  Convention CONVENTION = new Convention.Impl("CELLAR", CellarRel.class);

  /** Adds this node's part of the storage request. */
  void implement(Implementor implementor);

  /** Collects the storage request while a tree of {@link CellarRel}s is visited. */
  final class Implementor {
    CellarTable cellarTable;
    RelOptTable table;
    AccessPath accessPath;
    /** Fields of the table the request returns, in output order. */
    int[] fields;
    /** The aggregate the store computes over the rows, or null: the request returns its one row. */
    List<ScanAggregator.Spec> aggregates;

    /** Visits the (single) input. */
    void visitChild(RelNode input) {
      ((CellarRel) input).implement(this);
    }

    AccessPath accessPath() {
      return accessPath;
    }
  }
}
