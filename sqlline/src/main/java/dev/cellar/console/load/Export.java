package dev.cellar.console.load;

import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * {@code cellar export URL QUERY|TABLE FILE [OPTION...]}: writes a table or a query's rows to a
 * CSV or JSON-lines file with {@code COPY ... TO 'FILE'}, showing its progress, then one line with
 * the rows and rate. An argument with a space in it is a query, else a table. Exits 0 when done,
 * 1 when it failed, 2 for wrong arguments.
 */
public final class Export {
  static final String USAGE = "usage: cellar export URL QUERY|TABLE FILE [--format csv|json] [--header] "
      + "[--delimiter C] [--quote C] [--null TEXT] [--date-format P] [--timestamp-format P] [--columns A,B,...] "
      + "[--progress line|plain|none]";

  private Export() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err, System.console() != null));
  }

  /** Runs {@code cellar export} with {@code args}; returns the exit status. */
  static int run(String[] args, PrintStream out, PrintStream err, boolean terminal) {
    LoadOptions o;
    try {
      o = LoadOptions.parse(args);
    } catch (IllegalArgumentException e) {
      err.println("cellar export: " + e.getMessage());
      err.println(USAGE);
      return 2;
    }
    if (o.words.size() != 3) {
      err.println(USAGE);
      return 2;
    }
    String url = o.words.get(0);
    String what = o.words.get(1).trim();
    Path path = Path.of(o.words.get(2)).toAbsolutePath();
    boolean query = what.chars().anyMatch(Character::isWhitespace);
    String sql = "COPY " + (query ? "(" + what + ")" : what + o.columnList()) + " TO "
        + LoadOptions.literal(path.toString()) + o.with();
    long start = System.nanoTime();
    try (Connection c = DriverManager.getConnection(url); Connection watch = DriverManager.getConnection(url)) {
      long rows;
      ProgressLine line = Load.progress(o, err, terminal);
      try (OperationWatch w = line == null ? null : new OperationWatch(watch, "EXPORT", path.toString(), line,
          terminal ? 200 : 1000); Statement s = c.createStatement()) {
        rows = s.executeLargeUpdate(sql);
      } finally {
        if (line != null) {
          line.end();
        }
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      out.println(String.format(Locale.ROOT, "exported %,d rows to %s in %.1f s (%,.0f rows/s)", rows,
          o.words.get(2), seconds, rows / Math.max(seconds, 1e-9)));
    } catch (SQLException e) {
      err.println("cellar export: " + e.getSQLState() + " " + e.getMessage());
      return 1;
    }
    return 0;
  }
}
