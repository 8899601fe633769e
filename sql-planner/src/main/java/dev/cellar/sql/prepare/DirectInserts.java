package dev.cellar.sql.prepare;

import dev.cellar.sql.rel.DirectInsert;
import java.lang.reflect.Type;
import java.util.List;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.TableModify;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.runtime.Bindable;
import org.apache.calcite.sql.SqlKind;

/**
 * An INSERT or UPSERT of rows of parameters prepared to run as a {@link DirectInsert}: the
 * result Calcite's implementation would give, without Java generated and compiled for it.
 */
final class DirectInserts {
  private DirectInserts() {
  }

  /** The prepared result of {@code root} as a {@link DirectInsert}; null if it is not such a statement. */
  static Prepare.PreparedResult implement(RelRoot root, RelDataType parameterRowType,
      List<? extends List<String>> fieldOrigins) {
    if (root.kind != SqlKind.INSERT || parameterRowType == null || fieldOrigins == null || !root.isRefTrivial()) {
      return null;
    }
    DirectInsert direct = DirectInsert.of(root.rel);
    if (direct == null) {
      return null;
    }
    return new Prepare.PreparedResultImpl(root.rel.getRowType(), parameterRowType, fieldOrigins, List.of(), root.rel,
        TableModify.Operation.INSERT, true) {
      @Override
      public String getCode() {
        throw new UnsupportedOperationException();
      }

      @SuppressWarnings("rawtypes")
      @Override
      public Bindable getBindable(Meta.CursorFactory cursorFactory) {
        return direct;
      }

      @Override
      public Type getElementType() {
        return direct.getElementType();
      }
    };
  }
}
