package org.apache.calcite.jdbc;

import java.sql.SQLException;
import java.util.Properties;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.avatica.AvaticaFactory;

/**
 * Lets a driver outside this package extend Calcite's package-private connection class. Cellar's
 * {@code dev.cellar.jdbc.CellarConnection} extends this to give errors of
 * {@code prepareStatement} their SQLState and message (Calcite prepares statements without
 * going through the {@code Meta}, and wraps every failure in a plain {@code SQLException}).
 */
public abstract class CalciteConnectionAccess extends CalciteConnectionImpl {
  protected CalciteConnectionAccess(Driver driver, AvaticaFactory factory, String url, Properties info,
      CalciteSchema rootSchema, JavaTypeFactory typeFactory) {
    super(driver, factory, url, info, rootSchema, typeFactory);
  }

  @Override
  public CalcitePreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency,
      int resultSetHoldability) throws SQLException {
    checkOpen();
    checkResultSetKind(resultSetType, resultSetConcurrency);
    if (sql == null) {
      // Calcite asserts that there is a statement; with assertions off it fails later, without words
      throw prepareError(null, new java.sql.SQLSyntaxErrorException("Syntax error: no SQL statement (null)", "42000"));
    }
    try {
      return super.prepareStatement(sql, resultSetType, resultSetConcurrency, resultSetHoldability);
    } catch (SQLException e) {
      throw prepareError(sql, e);
    } catch (StackOverflowError e) {
      throw prepareError(sql, new SQLException("Error while preparing statement [" + sql + "]", e));
    }
  }

  /** Refuses a kind of result set the driver has none of. */
  protected abstract void checkResultSetKind(int resultSetType, int resultSetConcurrency) throws SQLException;

  /** The exception to report for a statement that failed to prepare. */
  protected abstract SQLException prepareError(String sql, SQLException e);
}
