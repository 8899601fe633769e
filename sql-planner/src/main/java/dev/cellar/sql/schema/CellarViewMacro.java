package dev.cellar.sql.schema;

import dev.cellar.sql.prepare.CellarPrepare;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.DataContexts;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.MaterializedViewTable;
import org.apache.calcite.schema.impl.ViewTableMacro;
import org.apache.calcite.tools.RelRunner;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A view defined by a query, as Calcite's {@link ViewTableMacro} makes it, except that the query
 * is read by Cellar's parser ({@link CellarPrepare#createParser}), so that it may name columns
 * such as {@code value} or {@code date} unquoted as every other statement may. Calcite's own macro
 * analyzes the query with Calcite's default parser. Not modifiable.
 */
final class CellarViewMacro extends ViewTableMacro {
  CellarViewMacro(CalciteSchema schema, String viewSql, List<String> schemaPath, List<String> viewPath) {
    super(schema, viewSql, schemaPath, viewPath, false);
  }

  @Override
  public TranslatableTable apply(List<? extends @Nullable Object> arguments) {
    // the connection and context Calcite's own macro analyzes views in (Schemas.analyzeView)
    CalciteConnection connection = MaterializedViewTable.MATERIALIZATION_CONNECTION;
    CalcitePrepare.Context context = context(connection);
    CalcitePrepare.AnalyzeViewResult parsed;
    CalcitePrepare.Dummy.push(context);
    try {
      parsed = new CellarPrepare().analyzeView(context, viewSql, false);
    } finally {
      CalcitePrepare.Dummy.pop(context);
    }
    return viewTable(parsed, viewSql, schemaPath != null ? schemaPath : schema.path(null), viewPath);
  }

  private CalcitePrepare.Context context(CalciteConnection connection) {
    CalciteConnectionConfig config = connection.config();
    JavaTypeFactory typeFactory = connection.getTypeFactory();
    DataContext dataContext = DataContexts.of(connection, schema.root().plus());
    List<String> defaultPath = schemaPath != null ? schemaPath : schema.path(null);
    return new CalcitePrepare.Context() {
      @Override
      public JavaTypeFactory getTypeFactory() {
        return typeFactory;
      }

      @Override
      public CalciteSchema getRootSchema() {
        return schema.root();
      }

      @Override
      public CalciteSchema getMutableRootSchema() {
        return getRootSchema();
      }

      @Override
      public List<String> getDefaultSchemaPath() {
        return defaultPath;
      }

      @Override
      public @Nullable List<String> getObjectPath() {
        return viewPath;
      }

      @Override
      public CalciteConnectionConfig config() {
        return config;
      }

      @Override
      public DataContext getDataContext() {
        return dataContext;
      }

      @Override
      public RelRunner getRelRunner() {
        throw new UnsupportedOperationException();
      }

      @Override
      public CalcitePrepare.SparkHandler spark() {
        return CalcitePrepare.Dummy.getSparkHandler(config.spark());
      }
    };
  }
}
