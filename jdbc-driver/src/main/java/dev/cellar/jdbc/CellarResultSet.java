package dev.cellar.jdbc;

import dev.cellar.sql.SqlState;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.TimeZone;
import org.apache.calcite.avatica.AvaticaResultSet;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.QueryState;

/**
 * Avatica's result set, except that a failure while fetching a row (a storage error, a data
 * error in an expression, a cancelled or timed-out statement) is a {@code SQLException} with
 * a SQLState instead of an unchecked exception.
 */
final class CellarResultSet extends AvaticaResultSet {
  CellarResultSet(AvaticaStatement statement, QueryState state, Meta.Signature signature,
      ResultSetMetaData metaData, TimeZone timeZone, Meta.Frame firstFrame) throws SQLException {
    super(statement, state, signature, metaData, timeZone, firstFrame);
  }

  @Override
  public boolean next() throws SQLException {
    try {
      return super.next();
    } catch (RuntimeException | StackOverflowError e) {
      throw JdbcErrors.toSql(e);
    } catch (SQLException e) {
      if (e.getSQLState() == null && "Statement canceled".equals(e.getMessage())) {
        throw JdbcErrors.of(SqlState.CANCELLED.code(), "statement cancelled", e);
      }
      throw e;
    }
  }
}
