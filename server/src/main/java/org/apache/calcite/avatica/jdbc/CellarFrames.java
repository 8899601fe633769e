package org.apache.calcite.avatica.jdbc;

import com.google.common.base.Optional;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.util.DateTimeUtils;

/**
 * Frames of rows read from a JDBC result set, with the values converted as Avatica's
 * {@link JdbcMeta} converts them. It lives in Avatica's package, whose frame builder is
 * package-private.
 */
public final class CellarFrames {
  private CellarFrames() {}

  /**
   * The next {@code rows} rows of {@code resultSet} (all of them if negative) as a frame at
   * {@code offset}; the result set is closed once read to its end.
   */
  public static Meta.Frame frame(ResultSet resultSet, long offset, int rows, Meta.Signature signature)
      throws SQLException {
    return JdbcResultSet.frame(null, resultSet, offset, rows, DateTimeUtils.calendar(),
        Optional.fromNullable(signature));
  }
}
