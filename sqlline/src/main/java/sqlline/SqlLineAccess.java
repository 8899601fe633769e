package sqlline;

import java.sql.Connection;

/**
 * Reads what SQLLine keeps package-private: the JDBC connection of its current database
 * connection, for the Cellar console's completion of table, column and alias names. Nothing
 * else of the Cellar console lives in SQLLine's package.
 */
public final class SqlLineAccess {
  private SqlLineAccess() {}

  /** The connection {@code sqlLine} is on, or null before it connects. */
  public static Connection connection(SqlLine sqlLine) {
    DatabaseConnection dc = sqlLine.getDatabaseConnection();
    return dc == null ? null : dc.connection;
  }
}
