package dev.cellar.console.sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import sqlline.AbstractCommandHandler;
import sqlline.DispatchCallback;
import sqlline.SqlLine;
import sqlline.SqlLineAccess;

/**
 * {@code !discover TABLE [ROWS]}: samples store table {@code TABLE} (1,000 rows unless told) with
 * {@code CELLAR.DISCOVER} and prints one line per key field, column and dynamic family found,
 * then the proposed {@code CREATE VIEW} statements, ready to run.
 */
final class DiscoverCommand extends AbstractCommandHandler {
  /** Rows sampled when the command gives none. */
  static final int DEFAULT_ROWS = 1000;

  DiscoverCommand(SqlLine sqlLine) {
    super(sqlLine, new String[] {"discover"},
        "Sample a store table and propose the CREATE VIEW that maps it: !discover TABLE [ROWS]", List.of());
  }

  @Override
  public void execute(String line, DispatchCallback callback) {
    String[] words = line.trim().split("\\s+");
    if (words.length < 2 || words.length > 3) {
      sqlLine.error("Usage: !discover TABLE [ROWS]");
      callback.setToFailure();
      return;
    }
    String table = words[1].replaceAll("^['\"](.*)['\"]$", "$1");
    int rows = DEFAULT_ROWS;
    if (words.length == 3) {
      try {
        rows = Integer.parseInt(words[2]);
      } catch (NumberFormatException e) {
        sqlLine.error("Usage: !discover TABLE [ROWS]: ROWS is a whole number, not " + words[2]);
        callback.setToFailure();
        return;
      }
    }
    Connection c = SqlLineAccess.connection(sqlLine);
    if (c == null) {
      sqlLine.error("No current connection");
      callback.setToFailure();
      return;
    }
    List<String> views = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT kind, family, qualifier, column_name, rows_seen, frequency, min_length, "
            + "max_length, likely_type, encoding, ddl FROM TABLE(CELLAR.DISCOVER('" + table.replace("'", "''") + "', "
            + rows + "))")) {
      while (r.next()) {
        String kind = r.getString(1);
        if (kind.equals("VIEW")) {
          views.add(r.getString(11) + ";");
          continue;
        }
        StringBuilder b = new StringBuilder(kind).append(' ');
        b.append(kind.equals("KEY") ? r.getString(4) : r.getString(2) + ":" + (kind.equals("COLUMN") ? r.getString(3)
            : "* (" + r.getString(3) + ")"));
        b.append(' ').append(r.getString(9)).append(", ").append(r.getString(10));
        if (!kind.equals("KEY")) {
          b.append(String.format(Locale.ROOT, ", in %d rows (%.0f%%)", r.getLong(5), 100 * r.getDouble(6)));
        }
        int min = r.getInt(7);
        if (!r.wasNull() && !kind.equals("KEY")) {
          b.append(", ").append(min).append(min == r.getInt(8) ? "" : " to " + r.getInt(8)).append(" bytes");
        }
        sqlLine.output(b.toString());
      }
      for (String v : views) {
        sqlLine.output("");
        sqlLine.output(v);
      }
      callback.setToSuccess();
    } catch (SQLException e) {
      callback.setToFailure();
      // the message without the statement the command ran for the user
      String m = e.getMessage() == null ? "" : e.getMessage();
      int statement = m.indexOf("; SQL statement:");
      sqlLine.handleException(new SQLException(statement < 0 ? m : m.substring(0, statement), e.getSQLState(), e));
    }
  }
}
