package dev.cellar.jdbc;

import dev.cellar.sql.SqlState;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.avatica.AvaticaFactory;
import org.apache.calcite.jdbc.CalciteConnectionAccess;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.Driver;

/**
 * A Cellar connection: Calcite's, with SQLStates on the errors of {@code prepareStatement}, and
 * auto-commit only: every statement is atomic and committed when it returns, so {@code commit}
 * and {@code rollback} have nothing to do and turning auto-commit off is refused (0A000) rather
 * than pretending that a later rollback could undo anything.
 */
final class CellarConnection extends CalciteConnectionAccess {
  CellarConnection(Driver driver, AvaticaFactory factory, String url, Properties info, CalciteSchema rootSchema,
      JavaTypeFactory typeFactory) {
    super(driver, factory, url, info, rootSchema, typeFactory);
  }

  @Override
  public void setAutoCommit(boolean autoCommit) throws SQLException {
    if (!autoCommit) {
      throw new SQLFeatureNotSupportedException("Cellar runs in auto-commit mode: each statement is atomic and "
          + "committed when it returns; transactions spanning statements are not supported",
          SqlState.FEATURE_NOT_SUPPORTED.code());
    }
    super.setAutoCommit(true);
  }

  @Override
  public boolean getAutoCommit() throws SQLException {
    checkOpen();
    return true;
  }

  /** Nothing to commit: every statement committed when it returned. */
  @Override
  public void commit() throws SQLException {
    checkOpen();
  }

  /** Nothing to roll back: every statement committed when it returned. */
  @Override
  public void rollback() throws SQLException {
    checkOpen();
  }

  @Override
  protected SQLException prepareError(String sql, SQLException e) {
    if (e.getSQLState() != null || e.getCause() == null) {
      return e;
    }
    return JdbcErrors.toSql(JdbcErrors.translate(e.getCause()), "Error while preparing statement [" + sql + "]: ");
  }
}
