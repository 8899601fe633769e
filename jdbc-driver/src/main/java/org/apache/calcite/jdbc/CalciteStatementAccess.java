package org.apache.calcite.jdbc;

import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.Meta;

/**
 * Lets a driver outside this package extend Calcite's statement, whose constructor takes
 * Calcite's package-private connection class. Cellar's {@code dev.cellar.jdbc.CellarStatement}
 * extends this to return generated keys.
 */
public abstract class CalciteStatementAccess extends CalciteStatement {
  protected CalciteStatementAccess(AvaticaConnection connection, Meta.StatementHandle h, int resultSetType,
      int resultSetConcurrency, int resultSetHoldability) {
    super((CalciteConnectionImpl) connection, h, resultSetType, resultSetConcurrency, resultSetHoldability);
  }
}
