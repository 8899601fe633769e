package dev.cellar.console.load;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;

/**
 * {@code cellar load URL TABLE FILE... [OPTION...]}: loads each file into the table with
 * {@code COPY TABLE FROM 'FILE'} (CSV or JSON lines, the bulk path for large files, bad rows to
 * a reject file, resumed after the lines a stopped load committed), showing its progress, then
 * one line per file with its rows and rate. Exits 0 when every file loaded, 1 when one failed,
 * 2 for wrong arguments.
 */
public final class Load {
  static final String USAGE = "usage: cellar load URL TABLE FILE... [--format csv|json] [--header] [--delimiter C] "
      + "[--quote C] [--null TEXT] [--date-format P] [--timestamp-format P] [--columns A,B,...] [--reject-limit N] "
      + "[--reject-file F] [--progress line|plain|none]";

  private Load() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err, System.console() != null));
  }

  /** Runs {@code cellar load} with {@code args}; returns the exit status. */
  static int run(String[] args, PrintStream out, PrintStream err, boolean terminal) {
    LoadOptions o;
    try {
      o = LoadOptions.parse(args);
    } catch (IllegalArgumentException e) {
      err.println("cellar load: " + e.getMessage());
      err.println(USAGE);
      return 2;
    }
    if (o.words.size() < 3) {
      err.println(USAGE);
      return 2;
    }
    String url = o.words.get(0);
    String table = o.words.get(1);
    List<String> files = o.words.subList(2, o.words.size());
    try (Connection c = DriverManager.getConnection(url); Connection watch = DriverManager.getConnection(url)) {
      for (String file : files) {
        Path path = Path.of(file).toAbsolutePath();
        String sql = "COPY " + table + o.columnList() + " FROM " + LoadOptions.literal(path.toString()) + o.with();
        long start = System.nanoTime();
        long rows;
        ProgressLine line = progress(o, err, terminal);
        try (OperationWatch w = line == null ? null : new OperationWatch(watch, "LOAD", path.toString(), line,
            terminal ? 200 : 1000); Statement s = c.createStatement()) {
          rows = s.executeLargeUpdate(sql);
        } finally {
          if (line != null) {
            line.end();
          }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        out.println(String.format(Locale.ROOT, "loaded %,d rows of %s into %s in %.1f s (%,.0f rows/s)%s", rows, file,
            table, seconds, rows / Math.max(seconds, 1e-9), rejects(path, start)));
      }
    } catch (SQLException e) {
      err.println("cellar load: " + e.getSQLState() + " " + e.getMessage());
      return 1;
    }
    return 0;
  }

  /** How progress is shown, or null for not at all. */
  static ProgressLine progress(LoadOptions o, PrintStream err, boolean terminal) {
    String how = o.progress != null ? o.progress : terminal ? "line" : "plain";
    return how.equals("none") ? null : new ProgressLine(err, how.equals("line"), 5_000);
  }

  /** {@code ; N rejected, listed in F} when this load wrote the reject file beside {@code file}. */
  private static String rejects(Path file, long startNanos) {
    Path r = file.resolveSibling(file.getFileName() + ".rejects");
    try {
      if (Files.isRegularFile(r) && Files.getLastModifiedTime(r).toMillis()
          >= System.currentTimeMillis() - (System.nanoTime() - startNanos) / 1_000_000 - 1000) {
        long n;
        try (var lines = Files.lines(r)) {
          n = lines.count() - 1;
        }
        return n > 0 ? "; bad rows listed in " + r : "";
      }
    } catch (IOException | java.io.UncheckedIOException e) {
      return "";
    }
    return "";
  }
}
