package dev.cellar.jdbc;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.ddl.DdlParser;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.Meta.PrepareCallback;

/**
 * The callback of a plain {@code Statement}'s prepare-and-execute: a statement with parameter
 * markers ({@code ?}) is refused (07001) once prepared, before it runs, since a {@code Statement}
 * binds no values; run as it is, its markers would be NULL and its query would answer no rows.
 * {@code EXPLAIN} is the exception: it shows the plan a prepared statement of its text would run,
 * markers and all, and runs nothing.
 */
final class PlainStatementCallback implements PrepareCallback {
  private final PrepareCallback callback;

  PlainStatementCallback(PrepareCallback callback) {
    this.callback = callback;
  }

  @Override
  public Object getMonitor() {
    return callback.getMonitor();
  }

  @Override
  public void clear() throws java.sql.SQLException {
    callback.clear();
  }

  @Override
  public void assign(Meta.Signature signature, Meta.Frame firstFrame, long updateCount)
      throws java.sql.SQLException {
    int markers = signature.parameters == null ? 0 : signature.parameters.size();
    if (markers > 0 && !"EXPLAIN".equals(DdlParser.firstWord(signature.sql == null ? "" : signature.sql))) {
      throw new CellarSqlException(SqlState.PARAMETER_NOT_SET, "the statement has " + markers + " parameter marker"
          + (markers == 1 ? "" : "s") + " (?) and a Statement binds no values: use a PreparedStatement and set "
          + (markers == 1 ? "it" : "them"));
    }
    callback.assign(signature, firstFrame, updateCount);
  }

  @Override
  public void execute() throws java.sql.SQLException {
    callback.execute();
  }
}
