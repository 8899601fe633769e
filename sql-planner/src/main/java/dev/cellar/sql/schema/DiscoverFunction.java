package dev.cellar.sql.schema;

import dev.cellar.sql.discover.Discovery;
import dev.cellar.sql.session.CellarSession;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.schema.impl.TableFunctionImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * {@code CELLAR.DISCOVER('store_table', sample_rows)}, a table function of the system schema:
 * {@code SELECT * FROM TABLE(CELLAR.DISCOVER('sale', 1000))} samples the store table and returns
 * one row per finding and the proposed {@code CREATE VIEW} statements last ({@link Discovery}).
 */
public final class DiscoverFunction {
  private DiscoverFunction() {}

  private static final java.util.regex.Pattern CALL = java.util.regex.Pattern.compile(
      "\\s*CALL\\s+(CELLAR\\s*\\.\\s*DISCOVER\\s*\\(.*\\))\\s*;?\\s*",
      java.util.regex.Pattern.CASE_INSENSITIVE | java.util.regex.Pattern.DOTALL);

  /**
   * {@code CALL CELLAR.DISCOVER(...)} as the query {@code SELECT * FROM TABLE(CELLAR.DISCOVER(...))}
   * (Calcite calls only scalar functions); any other statement as it is.
   */
  public static String callAsQuery(String sql) {
    java.util.regex.Matcher m = CALL.matcher(sql);
    return m.matches() ? "SELECT * FROM TABLE(" + m.group(1) + ")" : sql;
  }

  /** The function the system schema lists. */
  static org.apache.calcite.schema.TableFunction function() {
    return TableFunctionImpl.create(DiscoverFunction.class, "discover");
  }

  /** The findings of {@code table}'s first {@code sampleRows} rows; called by the generated code. */
  public static ScannableTable discover(String table, Integer sampleRows) {
    // the planner calls this with null for a statement parameter, to learn the row type
    return new Findings(table, sampleRows);
  }

  /** The rows of one call. */
  private static final class Findings extends AbstractTable implements ScannableTable {
    private final String table;
    private final Integer sampleRows;

    Findings(String table, Integer sampleRows) {
      this.table = table;
      this.sampleRows = sampleRows;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory f) {
      RelDataType text = f.createTypeWithNullability(f.createSqlType(SqlTypeName.VARCHAR), true);
      RelDataType number = f.createTypeWithNullability(f.createSqlType(SqlTypeName.BIGINT), true);
      RelDataType length = f.createTypeWithNullability(f.createSqlType(SqlTypeName.INTEGER), true);
      return f.builder().add("KIND", text).add("FAMILY", text).add("QUALIFIER", text).add("COLUMN_NAME", text)
          .add("ROWS_SEEN", number).add("FREQUENCY", f.createTypeWithNullability(f.createSqlType(SqlTypeName.DOUBLE),
              true))
          .add("MIN_LENGTH", length).add("MAX_LENGTH", length).add("LIKELY_TYPE", text).add("ENCODING", text)
          .add("DDL", text).build();
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root) {
      CellarSession session = CellarSession.of(root);
      if (session == null) {
        throw new dev.cellar.sql.CellarSqlException(dev.cellar.sql.SqlState.FEATURE_NOT_SUPPORTED,
            "CELLAR.DISCOVER runs only in a statement of a Cellar connection");
      }
      if (table == null || sampleRows == null) {
        throw new dev.cellar.sql.CellarSqlException(dev.cellar.sql.SqlState.INVALID_PARAMETER_VALUE,
            "CELLAR.DISCOVER needs a store table and a number of rows, not NULL");
      }
      List<Object[]> rows = new ArrayList<>();
      for (Discovery.Finding d : Discovery.discover(session.database().store(), table, sampleRows)) {
        rows.add(new Object[] {d.kind(), d.family(), d.qualifier(), d.column(), d.rows(), d.frequency(),
            d.minLength() < 0 ? null : d.minLength(), d.maxLength() < 0 ? null : d.maxLength(), d.type(), d.encoding(),
            d.ddl()});
      }
      return Linq4j.asEnumerable(rows);
    }
  }
}
