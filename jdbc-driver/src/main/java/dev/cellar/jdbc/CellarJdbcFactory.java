package dev.cellar.jdbc;

import dev.cellar.sql.adapter.CellarTypeFactory;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.Properties;
import java.util.TimeZone;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaFactory;
import org.apache.calcite.avatica.AvaticaPreparedStatement;
import org.apache.calcite.avatica.AvaticaResultSet;
import org.apache.calcite.avatica.AvaticaSpecificDatabaseMetaData;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.UnregisteredDriver;
import org.apache.calcite.jdbc.CalciteFactory;
import org.apache.calcite.jdbc.CalciteJdbc41Factory;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.config.CalciteConnectionConfigImpl;
import org.apache.calcite.rel.type.DelegatingTypeSystem;
import org.apache.calcite.rel.type.RelDataTypeSystem;

/**
 * Creates the JDBC objects of Cellar connections: {@link CellarConnection}s (whose
 * {@link CellarTypeFactory} makes text UTF-8), {@link CellarStatement}s,
 * {@link CellarPreparedStatement}s, Calcite's metadata and {@link CellarResultSet}s.
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
    return new CellarConnection((org.apache.calcite.jdbc.Driver) driver, factory, url, info, rootSchema, types);
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
    return calcite.newDatabaseMetaData(connection);
  }

  @Override
  public ResultSetMetaData newResultSetMetaData(AvaticaStatement statement, Meta.Signature signature) {
    return calcite.newResultSetMetaData(statement, signature);
  }
}
