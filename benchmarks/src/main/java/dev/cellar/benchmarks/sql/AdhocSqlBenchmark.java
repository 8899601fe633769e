package dev.cellar.benchmarks.sql;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;
import java.util.stream.Stream;

/**
 * Ad-hoc SQL: statements whose text is new every time (new literals, as a BI tool or a person at
 * a console sends them), each sent through a plain {@link Statement} and its rows read, on
 * Cellar and on H2 (in memory) in the same JVM. A runnable main, not JMH: what is measured is a
 * statement's whole life (parse, plan, compile, run), in a warm JVM.
 *
 * <p>Data: {@code sale (user_id, ts, product, price)} of {@value #SALES} rows keyed by
 * {@code (user_id, ts)}, and ten tables {@code t0..t9 (id, v)} of {@value #JOIN_ROWS} rows each.
 * Every shape ({@link #SHAPES}) runs {@code rounds} rounds of {@code n} statements; each
 * statement has a literal no earlier statement had. The last round is the measured one (mean
 * milliseconds per statement, wall and CPU time of the client thread); the earlier ones warm the
 * JIT. Then a few statement shapes never
 * sent before are timed once each, then {@value #NEW_SHAPE_VARIANTS} more statements of each of
 * those kinds, each a shape of its own (its first column named anew), of which the median is given.
 *
 * <p>{@code cold DIR} instead measures a cold start: in a new JVM per try, the time from
 * {@code DriverManager.getConnection} on the existing {@code file:} database {@code DIR}
 * (created and loaded first if missing) to the first row of a point query.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.cellar.benchmarks.sql.AdhocSqlBenchmark [n [rounds]]
 * java -cp benchmarks/target/benchmarks.jar dev.cellar.benchmarks.sql.AdhocSqlBenchmark cold DIR [tries]
 * </pre>
 */
public final class AdhocSqlBenchmark {
  static final int SALES = 200;
  static final int JOIN_ROWS = 50;
  static final int JOIN_TABLES = 10;
  /** Statements of each never-seen kind timed after the first. */
  static final int NEW_SHAPE_VARIANTS = 7;
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  /** A statement shape: its name and its text for the i-th literal. */
  record Shape(String name, IntFunction<String> sql) {}

  static final List<Shape> SHAPES = List.of(
      new Shape("get by key", i -> "SELECT * FROM sale WHERE user_id = 'u" + (i % 50) + "' AND ts = "
          + (i % SALES)),
      new Shape("group by, order by", i -> "SELECT product, COUNT(*) FROM sale WHERE price > " + decimal(i)
          + " GROUP BY product ORDER BY 2 DESC"),
      new Shape("self-join, a.ts = N", i -> "SELECT a.user_id, a.product, b.product FROM sale a JOIN sale b"
          + " ON a.user_id = b.user_id WHERE a.ts = " + i),
      new Shape("like, having", i -> "SELECT user_id, SUM(price) FROM sale WHERE product LIKE 'p" + i
          + "%' GROUP BY user_id HAVING SUM(price) > " + decimal(i)),
      new Shape("10-table join", AdhocSqlBenchmark::join));

  static final List<String> NEW_SHAPES = List.of(
      "SELECT product, MAX(price), MIN(ts) FROM sale WHERE ts BETWEEN 3 AND 150 GROUP BY product"
          + " HAVING COUNT(*) > 1 ORDER BY 1",
      "SELECT s.user_id, t.v FROM sale s JOIN t3 t ON t.id = s.ts WHERE t.v < 20 AND s.price >= 1.5 ORDER BY 1, 2",
      "SELECT COUNT(DISTINCT product), AVG(price) FROM sale WHERE user_id <> 'u3' AND ts < 180",
      "SELECT user_id FROM sale WHERE price = (SELECT MAX(price) FROM sale WHERE product = 'p9')");

  private AdhocSqlBenchmark() {
  }

  /** A price literal with two decimals, different for every {@code i} below 10,000. */
  static String decimal(int i) {
    int cents = i / 100 % 100;
    return (i % 100) + "." + (cents < 10 ? "0" : "") + cents;
  }

  static String join(int i) {
    StringBuilder sb = new StringBuilder("SELECT COUNT(*), SUM(t9.v) FROM t0");
    for (int t = 1; t < JOIN_TABLES; t++) {
      sb.append(" JOIN t").append(t).append(" ON t").append(t).append(".id = t").append(t - 1).append(".id");
    }
    return sb.append(" WHERE t0.v > ").append(i % JOIN_ROWS).append(" AND t5.v < ").append(1000 + i).toString();
  }

  /** Runs the benchmark; see the class comment for the arguments. */
  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("cold")) {
      cold(Path.of(args[1]), args.length > 2 ? Integer.parseInt(args[2]) : 3);
      return;
    }
    if (args.length > 0 && args[0].equals("coldchild")) {
      coldChild(Path.of(args[1]));
      return;
    }
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 100;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 4;
    Path dir = Files.createTempDirectory("adhoc-bench");
    try (Connection cellar = DriverManager.getConnection("jdbc:cellar:file:" + dir.resolve("db"));
        Connection h2 = DriverManager.getConnection("jdbc:h2:mem:adhoc")) {
      load(cellar, true);
      load(h2, false);
      System.out.printf(Locale.ROOT, "%-22s %10s %10s %7s   %10s %10s %7s%n", "ms per statement", "Cellar", "H2",
          "ratio", "Cellar CPU", "H2 CPU", "ratio");
      int base = 0;
      for (Shape s : SHAPES) {
        double[] c = null;
        double[] h = null;
        for (int r = 0; r < rounds; r++) {
          c = round(cellar, s, base + r * n, n);
          h = round(h2, s, base + r * n, n);
        }
        base += rounds * n;
        System.out.printf(Locale.ROOT, "%-22s %10.2f %10.2f %6.1fx   %10.2f %10.2f %6.1fx%n", s.name, c[0], h[0],
            c[0] / h[0], c[1], h[1], c[1] / h[1]);
      }
      for (String q : NEW_SHAPES) {
        double[] c = once(cellar, q);
        double[] h = once(h2, q);
        System.out.printf(Locale.ROOT, "never seen: %7.1f ms (CPU %7.1f) Cellar, %6.1f ms (CPU %6.1f) H2: %s%n", c[0],
            c[1], h[0], h[1], q);
      }
      // the same kinds again, each statement a shape never seen (its first column named anew):
      // the first statement of a kind above also paid for the code it was the first to run
      for (String q : NEW_SHAPES) {
        double[][] c = new double[NEW_SHAPE_VARIANTS][];
        double[][] h = new double[NEW_SHAPE_VARIANTS][];
        for (int k = 0; k < NEW_SHAPE_VARIANTS; k++) {
          c[k] = once(cellar, renamed(q, k));
          h[k] = once(h2, renamed(q, k));
        }
        System.out.printf(Locale.ROOT, "never seen, median of %d more: %7.1f ms (CPU %7.1f) Cellar, %6.1f ms (CPU %6.1f)"
            + " H2: %s%n", NEW_SHAPE_VARIANTS, median(c, 0), median(c, 1), median(h, 0), median(h, 1), q);
      }
    } finally {
      delete(dir);
    }
  }

  /**
   * Mean milliseconds per statement of statements {@code first .. first + n - 1} of {@code s}: wall
   * time and the CPU time of the calling thread (steadier on a shared machine).
   */
  static double[] round(Connection c, Shape s, int first, int n) throws SQLException {
    long cpu = THREADS.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    for (int i = first; i < first + n; i++) {
      run(c, s.sql.apply(i));
    }
    return new double[] {(System.nanoTime() - start) / 1e6 / n, (THREADS.getCurrentThreadCpuTime() - cpu) / 1e6 / n};
  }

  /** {@code q} with its first output column named {@code c<k>}: a statement shape of its own. */
  static String renamed(String q, int k) {
    int from = q.indexOf(" FROM ");
    return q.substring(0, from) + " AS c" + k + q.substring(from);
  }

  /** The median of column {@code i} of {@code runs}. */
  static double median(double[][] runs, int i) {
    double[] v = new double[runs.length];
    for (int k = 0; k < runs.length; k++) {
      v[k] = runs[k][i];
    }
    java.util.Arrays.sort(v);
    return v[v.length / 2];
  }

  static double[] once(Connection c, String sql) throws SQLException {
    long cpu = THREADS.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    run(c, sql);
    return new double[] {(System.nanoTime() - start) / 1e6, (THREADS.getCurrentThreadCpuTime() - cpu) / 1e6};
  }

  static long run(Connection c, String sql) throws SQLException {
    long cells = 0;
    try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      int columns = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        for (int k = 1; k <= columns; k++) {
          if (rs.getObject(k) != null) {
            cells++;
          }
        }
      }
    }
    return cells;
  }

  static void load(Connection c, boolean cellar) throws SQLException {
    try (Statement st = c.createStatement()) {
      st.execute("CREATE TABLE sale (user_id VARCHAR(20) NOT NULL, ts INTEGER NOT NULL, product VARCHAR(20), "
          + "price DECIMAL(10,2), " + (cellar ? "CONSTRAINT pk " : "") + "PRIMARY KEY (user_id, ts))");
      StringBuilder values = new StringBuilder("INSERT INTO sale VALUES ");
      for (int r = 0; r < SALES; r++) {
        values.append(r == 0 ? "" : ", ").append("('u").append(r % 50).append("', ").append(r).append(", 'p")
            .append(r % 23).append("', ").append(r * 37 % 1000 / 10).append('.').append(r % 10).append(')');
      }
      st.execute(values.toString());
      for (int t = 0; t < JOIN_TABLES; t++) {
        st.execute("CREATE TABLE t" + t + " (id INTEGER PRIMARY KEY, v INTEGER)");
        StringBuilder tv = new StringBuilder("INSERT INTO t" + t + " VALUES ");
        for (int r = 0; r < JOIN_ROWS; r++) {
          tv.append(r == 0 ? "" : ", ").append('(').append(r).append(", ").append((r * 7 + t) % JOIN_ROWS).append(')');
        }
        st.execute(tv.toString());
      }
    }
  }

  /** Creates {@code dir}'s database if missing, then times {@code tries} cold starts, each in a new JVM. */
  static void cold(Path dir, int tries) throws Exception {
    if (!Files.exists(dir)) {
      try (Connection c = DriverManager.getConnection("jdbc:cellar:file:" + dir)) {
        load(c, true);
      }
    }
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    for (int t = 0; t < tries; t++) {
      Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
          "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", AdhocSqlBenchmark.class.getName(), "coldchild",
          dir.toString()).inheritIO().start();
      if (p.waitFor() != 0) {
        throw new IllegalStateException("cold start try failed: exit " + p.exitValue());
      }
    }
  }

  static void coldChild(Path dir) throws SQLException {
    long start = System.nanoTime();
    try (Connection c = DriverManager.getConnection("jdbc:cellar:file:" + dir)) {
      long connected = System.nanoTime();
      try (Statement st = c.createStatement();
          ResultSet rs = st.executeQuery("SELECT price FROM sale WHERE user_id = 'u7' AND ts = 7")) {
        if (!rs.next()) {
          throw new IllegalStateException("no row");
        }
        long end = System.nanoTime();
        long cpu = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
            .getProcessCpuTime();
        System.out.printf(Locale.ROOT, "cold start: %.0f ms to the first row (getConnection %.0f ms, query %.0f ms); "
            + "JVM CPU time since its start %.0f ms, JVM uptime %d ms%n", (end - start) / 1e6, (connected - start) / 1e6,
            (end - connected) / 1e6, cpu / 1e6, ManagementFactory.getRuntimeMXBean().getUptime());
      }
    }
  }

  static void delete(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

}
