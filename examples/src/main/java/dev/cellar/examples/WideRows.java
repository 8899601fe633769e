package dev.cellar.examples;

import dev.cellar.jdbc.CellarDriver;
import dev.cellar.storage.Admin;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Scan;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Wide rows as relations: each worked schema of SEEDS.md §6 written in its raw layout through
 * the store API, mapped with {@code CREATE VIEW}, and queried through the JDBC driver, each
 * query printed with its {@code EXPLAIN PLAN FOR} output and its rows.
 *
 * <p>Usage: {@code WideRows [--url URL] [--rows N] [SCHEMA ...]}. The URL defaults to a private
 * in-memory database ({@code jdbc:cellar:mem:}); with {@code jdbc:cellar:file:DIR} the data
 * stays, and a schema whose store tables exist is not written again. {@code --rows} (default
 * 100) is about the number of rows generated into each schema's main table; millions work. The
 * schemas are {@code category}, {@code shop}, {@code sale}, {@code fans}, {@code history} and
 * {@code files}, all by default.
 */
public final class WideRows {
  /** Rows printed of a query's result at most. */
  private static final int SHOWN = 20;

  private WideRows() {}

  /** Every schema, in the order of SEEDS.md §6. */
  static List<WideRowSchema> schemas() {
    return List.of(new CategorySchema(), new ShopItemSchema(), new SalesSchema(), new FansSchema(),
        new ViewingHistorySchema(), new FilesSchema());
  }

  public static void main(String[] args) throws SQLException {
    String url = "jdbc:cellar:mem:";
    int rows = 100;
    List<String> names = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--url" -> url = args[++i];
        case "--rows" -> rows = Integer.parseInt(args[++i].replace("_", ""));
        default -> names.add(args[i]);
      }
    }
    List<WideRowSchema> chosen = new ArrayList<>();
    for (WideRowSchema s : schemas()) {
      if (names.isEmpty() || names.contains(s.name())) {
        chosen.add(s);
      }
    }
    if (chosen.isEmpty()) {
      System.err.println("unknown schema; choose among category, shop, sale, fans, history, files");
      return;
    }
    try (Connection c = DriverManager.getConnection(url)) {
      for (WideRowSchema s : chosen) {
        run(c, s, rows, System.out);
      }
    }
  }

  /** Writes {@code s}'s raw layout unless its store tables exist, then maps it with its views. */
  static void load(Connection c, WideRowSchema s, int rows) throws SQLException {
    CellarStore store = CellarDriver.database(c).store();
    Admin admin = store.admin();
    if (!admin.tableExists(s.storeTables().get(0))) {
      s.createRaw(store, rows);
      for (String t : s.storeTables()) {
        admin.flush(t);
      }
    }
    try (Statement st = c.createStatement()) {
      for (String ddl : s.views()) {
        st.execute(ddl);
      }
    }
  }

  /** Loads {@code s} and prints its layout, views, and queries with plans and rows. */
  static void run(Connection c, WideRowSchema s, int rows, PrintStream out) throws SQLException {
    long start = System.nanoTime();
    load(c, s, rows);
    out.printf("=== %s (loaded in %d ms) ===%n", s.name(), (System.nanoTime() - start) / 1_000_000);
    CellarStore store = CellarDriver.database(c).store();
    for (int i = 0; i < s.storeTables().size(); i++) {
      String t = s.storeTables().get(i);
      String from = s.sampleRows().get(i);
      out.println();
      out.println("scan '" + t + "', {STARTROW => '" + from + "', LIMIT => 2}");
      StorageDemo.printScan(store.table(t), new Scan().withStartRow(Bytes.toBytes(from)).setLimit(2), out);
    }
    for (String ddl : s.views()) {
      out.println();
      out.println(ddl + ";");
    }
    for (WideRowSchema.Query q : s.queries()) {
      out.println();
      out.println("-- " + q.title());
      out.println(q.sql() + ";");
      out.println("EXPLAIN PLAN FOR ...");
      for (String line : rows(c, "EXPLAIN PLAN FOR " + q.sql(), Integer.MAX_VALUE)) {
        out.println("  " + shorten(line));
      }
      long t0 = System.nanoTime();
      List<String> result = rows(c, q.sql(), SHOWN + 1);
      long ms = (System.nanoTime() - t0) / 1_000_000;
      for (int i = 0; i < Math.min(SHOWN, result.size()); i++) {
        out.println("| " + result.get(i));
      }
      out.println(result.size() > SHOWN ? "(more rows)" : result.size() + " row(s) in " + ms + " ms");
    }
    out.println();
  }

  /**
   * A plan line with each long list of a batched join's correlation variables
   * ({@code $cor100, $cor101, ..., $cor199}) cut to its first and last.
   */
  static String shorten(String planLine) {
    return LISTS.matcher(planLine).replaceAll("$1$2...$2$3");
  }

  /** One correlation variable, or a conjunction of a key's columns equal to them. */
  private static final String VAR =
      "(?:\\$cor\\d+(?:\\.\\w+)?|\\((?:\\w+ = \\$cor\\d+\\.\\w+, )*\\w+ = \\$cor\\d+\\.\\w+\\))";
  private static final Pattern LISTS =
      Pattern.compile("(" + VAR + ")(, | OR )(?:" + VAR + "\\2)+(" + VAR + ")");

  /** The first {@code max} rows of {@code sql}, each as its {@code getString} values joined by ", ". */
  static List<String> rows(Connection c, String sql, int max) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (out.size() < max && rs.next()) {
        StringBuilder b = new StringBuilder();
        for (int i = 1; i <= n; i++) {
          b.append(i > 1 ? ", " : "").append(rs.getString(i));
        }
        out.add(b.toString());
      }
    }
    return out;
  }
}
