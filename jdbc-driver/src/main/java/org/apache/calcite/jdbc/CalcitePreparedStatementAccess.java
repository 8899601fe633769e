package org.apache.calcite.jdbc;

import java.sql.SQLException;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.Meta;

/**
 * Lets a driver outside this package extend Calcite's package-private prepared statement class
 * (Calcite's connection requires its prepared statements to be one). Cellar's
 * {@code dev.cellar.jdbc.CellarPreparedStatement} extends this to accept {@code java.time}
 * parameters and return generated keys.
 */
public abstract class CalcitePreparedStatementAccess extends CalcitePreparedStatement {
  protected CalcitePreparedStatementAccess(AvaticaConnection connection, Meta.StatementHandle h,
      Meta.Signature signature, int resultSetType, int resultSetConcurrency, int resultSetHoldability)
      throws SQLException {
    super((CalciteConnectionImpl) connection, h, signature, resultSetType, resultSetConcurrency,
        resultSetHoldability);
  }
}
