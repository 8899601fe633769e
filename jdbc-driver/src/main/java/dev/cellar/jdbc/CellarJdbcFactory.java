package dev.cellar.jdbc;

import dev.cellar.sql.prepare.CellarTypeFactory;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.TimeZone;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaFactory;
import org.apache.calcite.avatica.AvaticaPreparedStatement;
import org.apache.calcite.avatica.AvaticaResultSet;
import org.apache.calcite.avatica.AvaticaSpecificDatabaseMetaData;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.UnregisteredDriver;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.config.CalciteConnectionConfigImpl;
import org.apache.calcite.jdbc.CalciteFactory;
import org.apache.calcite.jdbc.CalciteJdbc41Factory;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.rel.type.DelegatingTypeSystem;
import org.apache.calcite.rel.type.RelDataTypeSystem;

/**
 * Creates the JDBC objects of Cellar connections: {@link CellarConnection}s (whose
 * {@link CellarTypeFactory} makes text UTF-8; no {@code metadata} schema),
 * {@link CellarStatement}s, {@link CellarPreparedStatement}s, {@link CellarResultSet}s,
 * {@link CellarDatabaseMetaData}, and Calcite's result set metadata, with JDBC's column sizes
 * ({@link ColumnSizes}) and column indexes checked ({@link CellarResultSetMetaData}).
 */
public final class CellarJdbcFactory extends CalciteFactory {
  private final CalciteJdbc41Factory calcite = new CalciteJdbc41Factory();

  public CellarJdbcFactory() {
    super(4, 1);
  }

  @Override
  public AvaticaConnection newConnection(UnregisteredDriver driver, AvaticaFactory factory, String url,
      Properties info, CalciteSchema rootSchema, JavaTypeFactory typeFactory) {
    JavaTypeFactory types = typeFactory != null ? typeFactory : new CellarTypeFactory(typeSystem(info));
    // no "metadata" schema: Calcite's own TABLES and COLUMNS are not Cellar's to show
    CalciteSchema root = rootSchema != null ? rootSchema : CalciteSchema.createRootSchema(false);
    return new CellarConnection((org.apache.calcite.jdbc.Driver) driver, factory, url, info, root, types);
  }

  /** The type system {@code info} names, as Calcite's connection would choose it. */
  private static RelDataTypeSystem typeSystem(Properties info) {
    CalciteConnectionConfig config = new CalciteConnectionConfigImpl(info);
    RelDataTypeSystem system = config.typeSystem(RelDataTypeSystem.class, RelDataTypeSystem.DEFAULT);
    if (config.conformance().shouldConvertRaggedUnionTypesToVarying()) {
      return new DelegatingTypeSystem(system) {
        @Override
        public boolean shouldConvertRaggedUnionTypesToVarying() {
          return true;
        }
      };
    }
    return system;
  }

  @Override
  public AvaticaStatement newStatement(AvaticaConnection connection, Meta.StatementHandle h, int resultSetType,
      int resultSetConcurrency, int resultSetHoldability) throws SQLException {
    return new CellarStatement(connection, h, resultSetType, resultSetConcurrency, resultSetHoldability);
  }

  @Override
  public AvaticaPreparedStatement newPreparedStatement(AvaticaConnection connection, Meta.StatementHandle h,
      Meta.Signature signature, int resultSetType, int resultSetConcurrency, int resultSetHoldability)
      throws SQLException {
    return new CellarPreparedStatement(connection, h, signature, resultSetType, resultSetConcurrency,
        resultSetHoldability);
  }

  @Override
  public AvaticaResultSet newResultSet(AvaticaStatement statement, QueryState state, Meta.Signature signature,
      TimeZone timeZone, Meta.Frame firstFrame) throws SQLException {
    return new CellarResultSet(statement, state, signature, newResultSetMetaData(statement, signature), timeZone,
        firstFrame);
  }

  @Override
  public AvaticaSpecificDatabaseMetaData newDatabaseMetaData(AvaticaConnection connection) {
    return new CellarDatabaseMetaData(connection);
  }

  @Override
  public ResultSetMetaData newResultSetMetaData(AvaticaStatement statement, Meta.Signature signature) {
    List<ColumnMetaData> columns = new ArrayList<>(signature.columns.size());
    for (ColumnMetaData c : signature.columns) {
      columns.add(jdbcSizes(c));
    }
    ResultSetMetaData metaData = calcite.newResultSetMetaData(statement, new Meta.Signature(columns, signature.sql,
        signature.parameters, signature.internalParameters, signature.cursorFactory, signature.statementType));
    try {
      return new CellarResultSetMetaData(metaData);
    } catch (SQLException e) {
      return metaData;
    }
  }

  /** {@code c} with JDBC's precision, scale and display size ({@link ColumnSizes}) instead of Calcite's. */
  private static ColumnMetaData jdbcSizes(ColumnMetaData c) {
    int type = c.type.id;
    Integer digits = ColumnSizes.digits(type, c.precision, c.scale);
    return new ColumnMetaData(c.ordinal, c.autoIncrement, c.caseSensitive, c.searchable, c.currency, c.nullable,
        c.signed, ColumnSizes.displaySize(type, c.precision, c.scale), c.label, c.columnName, c.schemaName,
        ColumnSizes.size(type, c.precision), digits == null ? 0 : digits, c.tableName, c.catalogName, c.type,
        c.readOnly, c.writable, c.definitelyWritable, c.columnClassName);
  }
}
