package dev.cellar.sql.schema;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlErrors;
import java.util.List;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.FunctionParameter;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.TableMacro;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractTable;

/**
 * A view whose query no longer validates (a table or column it reads is gone, in a catalog
 * written before such drops were refused). It is still a view of the schema, so metadata lists
 * it and every other table and view stays usable; only reading it fails, with the SQLState of
 * its query's error ({@code 42S02} for a table that is gone) and a message naming the view.
 */
final class BrokenView extends AbstractTable implements TranslatableTable {
  private final CellarSqlException error;

  private BrokenView(String name, RuntimeException failure) {
    CellarSqlException cause = SqlErrors.translate(failure);
    this.error = new CellarSqlException(cause.state(), "view " + name + " cannot be read: " + cause.getMessage(),
        failure);
  }

  /** {@code macro}, the macro of view {@code name}, giving a broken view where its query fails. */
  static TableMacro guard(String name, TableMacro macro) {
    return new TableMacro() {
      @Override
      public List<FunctionParameter> getParameters() {
        return macro.getParameters();
      }

      @Override
      public TranslatableTable apply(List<? extends Object> arguments) {
        try {
          return macro.apply(arguments);
        } catch (RuntimeException e) {
          return new BrokenView(name, e);
        }
      }
    };
  }

  @Override
  public RelDataType getRowType(RelDataTypeFactory typeFactory) {
    throw error;
  }

  @Override
  public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable relOptTable) {
    throw error;
  }

  @Override
  public Schema.TableType getJdbcTableType() {
    return Schema.TableType.VIEW;
  }
}
