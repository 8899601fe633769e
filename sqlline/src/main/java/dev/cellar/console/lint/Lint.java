package dev.cellar.console.lint;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * {@code cellar lint [URL]}: the schema advice on every table of a database, one line each
 * ({@code RULE on TABLE (SUBJECT): problem; fix: ...}), from the system table
 * {@code CELLAR.ADVICE}. Exits 0 when there is none, 1 when there is some, 2 when the database
 * cannot be read.
 */
public final class Lint {
  private Lint() {}

  public static void main(String[] args) {
    String url = args.length > 0 ? args[0] : "jdbc:cellar:file:" + System.getProperty("user.home") + "/.cellar/demo-sql";
    System.exit(run(url, System.out, System.err));
  }

  /** Prints the advice on the database at {@code url} to {@code out}; returns the exit status. */
  static int run(String url, PrintStream out, PrintStream err) {
    int found = 0;
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT table_name, rule, subject, problem, fix FROM CELLAR.ADVICE "
            + "ORDER BY table_name, rule, subject")) {
      while (rs.next()) {
        out.println(rs.getString(2) + " on " + rs.getString(1) + " (" + rs.getString(3) + "): " + rs.getString(4)
            + "; fix: " + rs.getString(5));
        found++;
      }
    } catch (SQLException e) {
      err.println("cellar lint: " + e.getSQLState() + " " + e.getMessage());
      return 2;
    }
    out.println(found == 0 ? "no advice: every table follows the schema guides" : found + " piece"
        + (found == 1 ? "" : "s") + " of advice");
    return found == 0 ? 0 : 1;
  }
}
