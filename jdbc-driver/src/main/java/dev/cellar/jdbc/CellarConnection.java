package dev.cellar.jdbc;

import java.sql.SQLException;
import java.util.Properties;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.avatica.AvaticaFactory;
import org.apache.calcite.jdbc.CalciteConnectionAccess;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.Driver;

/** A Cellar connection: Calcite's, with SQLStates on the errors of {@code prepareStatement}. */
final class CellarConnection extends CalciteConnectionAccess {
  CellarConnection(Driver driver, AvaticaFactory factory, String url, Properties info, CalciteSchema rootSchema,
      JavaTypeFactory typeFactory) {
    super(driver, factory, url, info, rootSchema, typeFactory);
  }

  @Override
  protected SQLException prepareError(String sql, SQLException e) {
    if (e.getSQLState() != null || e.getCause() == null) {
      return e;
    }
    return JdbcErrors.toSql(JdbcErrors.translate(e.getCause()), "Error while preparing statement [" + sql + "]: ");
  }
}
