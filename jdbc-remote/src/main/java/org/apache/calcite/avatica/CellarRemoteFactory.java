package org.apache.calcite.avatica;

import dev.cellar.jdbc.remote.RemoteDatabaseMetaData;
import java.sql.SQLException;
import java.util.Properties;
import java.util.TimeZone;

/**
 * The remote driver's factory: Avatica's JDBC 4.1 objects, with Cellar's connection
 * ({@link CellarRemoteConnection}), statements ({@link CellarRemoteStatement}) and
 * {@code DatabaseMetaData}. It lives in Avatica's package because the factory it extends is
 * package-private.
 */
public class CellarRemoteFactory extends AvaticaJdbc41Factory {
  /** The factory the driver names; Avatica creates it by reflection. */
  public CellarRemoteFactory() {
    super();
  }

  @Override
  public AvaticaConnection newConnection(UnregisteredDriver driver, AvaticaFactory factory, String url,
      Properties info) {
    return new CellarRemoteConnection(driver, factory, url, info);
  }

  @Override
  public AvaticaStatement newStatement(AvaticaConnection connection, Meta.StatementHandle h, int resultSetType,
      int resultSetConcurrency, int resultSetHoldability) {
    return new CellarRemoteStatement(connection, h, resultSetType, resultSetConcurrency, resultSetHoldability);
  }

  @Override
  public AvaticaPreparedStatement newPreparedStatement(AvaticaConnection connection, Meta.StatementHandle h,
      Meta.Signature signature, int resultSetType, int resultSetConcurrency, int resultSetHoldability)
      throws SQLException {
    return new CellarRemotePreparedStatement(connection, h, signature, resultSetType, resultSetConcurrency,
        resultSetHoldability);
  }

  @Override
  public AvaticaResultSet newResultSet(AvaticaStatement statement, QueryState state, Meta.Signature signature,
      TimeZone timeZone, Meta.Frame firstFrame) throws SQLException {
    return new CellarRemoteResultSet(statement, state, signature, newResultSetMetaData(statement, signature),
        timeZone, firstFrame);
  }

  @Override
  public AvaticaSpecificDatabaseMetaData newDatabaseMetaData(AvaticaConnection connection) {
    return new RemoteDatabaseMetaData(connection);
  }
}
