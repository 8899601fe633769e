package org.apache.calcite.avatica;

import java.util.List;

/**
 * Lets a result set outside this package read its statement's rows as the connection's
 * {@link Meta} gives them (the rows its cursor would read), which Avatica keeps to its package:
 * Cellar's {@code dev.cellar.jdbc.CellarResultSet} reads them all to scroll over them.
 */
public final class ResultSetRowsAccess {
  private ResultSetRowsAccess() {}

  /** The rows of {@code rs}'s execution, in the representation of its signature's cursor factory. */
  public static Iterable<Object> rows(AvaticaResultSet rs) {
    return rs.statement.connection.meta.createIterable(rs.statement.handle, rs.state, rs.signature, List.of(),
        rs.firstFrame);
  }
}
