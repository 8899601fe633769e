package dev.cellar.sql.prepare;

import dev.cellar.sql.interp.PlanInterpreter;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.runtime.Bindable;
import org.apache.calcite.runtime.Typed;
import org.apache.calcite.sql.SqlKind;

/**
 * A query's plan prepared to run through {@link PlanInterpreter} instead of generated code: the
 * result Calcite's implementation would give, with the same final projection of the root's
 * fields, but no Java generated and compiled for it.
 */
final class Interpreted {
  private Interpreted() {
  }

  /**
   * The prepared result of {@code root} run by the interpreter; null for a statement that is not
   * a query, when the interpreter is off, or when it does not cover the plan.
   */
  static Prepare.PreparedResult implement(RelRoot root, RelDataType parameterRowType,
      List<? extends List<String>> fieldOrigins) {
    if (!PlanInterpreter.enabled() || root.kind.belongsTo(SqlKind.DML) || !(root.rel instanceof EnumerableRel)
        || parameterRowType == null || fieldOrigins == null) {
      return null;
    }
    RelNode rel = root.rel;
    if (!root.isRefTrivial()) {
      // as Calcite's implementation: the root's fields projected
      RexBuilder rexBuilder = rel.getCluster().getRexBuilder();
      List<RexNode> projects = new ArrayList<>();
      for (int field : org.apache.calcite.util.Pair.left(root.fields)) {
        projects.add(rexBuilder.makeInputRef(rel, field));
      }
      RexProgram program = RexProgram.create(rel.getRowType(), projects, null, root.validatedRowType, rexBuilder);
      if (rel.getClass() == EnumerableCalc.class) {
        // one calculation, not a copy of the one below
        EnumerableCalc below = (EnumerableCalc) rel;
        rel = EnumerableCalc.create(below.getInput(),
            org.apache.calcite.rex.RexProgramBuilder.mergePrograms(program, below.getProgram(), rexBuilder));
      } else {
        rel = EnumerableCalc.create(rel, program);
      }
    }
    Bindable<Object> bindable = PlanInterpreter.bindable(rel);
    if (bindable == null) {
      return null;
    }
    return new Prepare.PreparedResultImpl(root.rel.getRowType(), parameterRowType, fieldOrigins,
        root.collation.getFieldCollations().isEmpty() ? List.of() : List.of(root.collation), root.rel, null, false) {
      @Override
      public String getCode() {
        throw new UnsupportedOperationException();
      }

      @SuppressWarnings({"unchecked", "rawtypes"})
      @Override
      public Bindable getBindable(Meta.CursorFactory cursorFactory) {
        return bindable;
      }

      @Override
      public Type getElementType() {
        return ((Typed) bindable).getElementType();
      }
    };
  }
}
