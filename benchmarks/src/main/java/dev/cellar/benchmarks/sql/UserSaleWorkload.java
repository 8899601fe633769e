package dev.cellar.benchmarks.sql;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The {@code sale} table as a user makes it: plain DDL with every default (no split points,
 * no salting, no compression option), rows inserted through JDBC with a prepared
 * {@code INSERT} and {@code executeBatch} every 1,000 rows in purchase order (every user's
 * first purchase, then every user's second, ...), so inserts land all over the key space; the
 * database then closed and reopened, nothing else. SQLite gets the same schema and rows with
 * its default settings (a prepared {@code INSERT}, a commit every 1,000 rows). One client
 * thread; both engines measured in the same run.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.cellar.benchmarks.sql.UserSaleWorkload
 * [rows] [--engines cellar,sqlite] [--dir DIR] [--seconds S]} (rows: a multiple of 100,
 * default 1,000,000; S: measured seconds per throughput figure, default 5). Prints one table of
 * figures, Cellar beside SQLite, and keeps nothing: the databases are made in a new directory
 * and removed at the end.
 */
public final class UserSaleWorkload {
  static final String DDL = "CREATE TABLE sale (user_id CHAR(8) NOT NULL, rts BIGINT NOT NULL, "
      + "product_id VARCHAR NOT NULL, product VARCHAR, \"TIME\" BIGINT, price BIGINT, "
      + "CONSTRAINT pk PRIMARY KEY (user_id, rts, product_id))";
  static final String INSERT =
      "INSERT INTO sale (user_id, rts, product_id, product, \"TIME\", price) VALUES (?, ?, ?, ?, ?, ?)";
  static final String POINT = "SELECT product, \"TIME\", price FROM sale WHERE user_id = ? AND rts = ? AND product_id = ?";
  static final String LATEST = "SELECT product_id, product, price FROM sale WHERE user_id = ? ORDER BY rts LIMIT ";
  static final String COUNT_SUM = "SELECT COUNT(*), SUM(price) FROM sale";
  static final String BY_PRODUCT = "SELECT user_id, rts, product_id, price FROM sale WHERE product = ?";
  static final String INDEX = "CREATE INDEX i_product ON sale (product)";
  static final String INDEX_INCLUDE = "CREATE INDEX i_product ON sale (product) INCLUDE (price)";

  static final int PURCHASES = 100;
  static final int PRODUCTS = 100_000;
  static final int BATCH = 1_000;
  static final long START_MILLIS = 1_704_067_200_000L;
  private static final long SEED = 0x05a1e0001L;

  private final int rows;
  private final int users;
  private final long[] time;
  private final int[] product;
  private final long[] price;
  private final long totalPrice;
  private final double seconds;
  /** Figures in the order they were taken: name to {cellar, sqlite}. */
  private final Map<String, double[]> figures = new LinkedHashMap<>();
  private final Map<String, String> units = new LinkedHashMap<>();

  private UserSaleWorkload(int rows, double seconds) {
    if (rows <= 0 || rows % PURCHASES != 0) {
      throw new IllegalArgumentException("rows must be a positive multiple of " + PURCHASES + ", got " + rows);
    }
    this.rows = rows;
    this.users = rows / PURCHASES;
    this.seconds = seconds;
    time = new long[rows];
    product = new int[rows];
    price = new long[rows];
    SplittableRandom r = new SplittableRandom(SEED);
    long total = 0;
    // row i = purchase i / users of user i % users: the insertion order; times rise with i
    for (int i = 0; i < rows; i++) {
      time[i] = START_MILLIS + i * 1_000L + r.nextInt(1_000);
      product[i] = r.nextInt(PRODUCTS);
      price[i] = 1 + r.nextInt(100_000);
      total += price[i];
    }
    totalPrice = total;
  }

  static String userId(int u) {
    return SaleData.zeroPadded("u", u, 7);
  }

  static String productId(int p) {
    return SaleData.zeroPadded("p", p, 5);
  }

  static String productName(int p) {
    return SaleData.zeroPadded("product ", p, 5);
  }

  private int userOf(int i) {
    return i % users;
  }

  private interface Engine {
    String name();

    Connection open() throws SQLException;

    /** Called once after the load, with the connection still open. */
    default void afterLoad(Connection c) throws SQLException {}
  }

  private void bind(PreparedStatement p, int i) throws SQLException {
    p.setString(1, userId(userOf(i)));
    p.setLong(2, Long.MAX_VALUE - time[i]);
    p.setString(3, productId(product[i]));
    p.setString(4, productName(product[i]));
    p.setLong(5, time[i]);
    p.setLong(6, price[i]);
  }

  private void put(String figure, String unit, int engine, double value) {
    figures.computeIfAbsent(figure, k -> new double[] {Double.NaN, Double.NaN})[engine] = value;
    units.put(figure, unit);
    System.out.printf(Locale.ROOT, "  %-8s %-52s %,16.3f %s%n", engine == 0 ? "cellar" : "sqlite", figure, value, unit);
  }

  /** Loads, reopens and measures one engine. */
  private void run(int e, Engine engine, Path dir) throws Exception {
    System.out.printf(Locale.ROOT, "%s (load average %s)%n", engine.name(), loadAverage());
    long t0 = System.nanoTime();
    long cpu0 = cpuNanos();
    try (Connection c = engine.open()) {
      try (Statement s = c.createStatement()) {
        s.execute(DDL);
      }
      boolean autoCommit = e == 0;
      c.setAutoCommit(autoCommit);
      try (PreparedStatement p = c.prepareStatement(INSERT)) {
        for (int i = 0; i < rows; i++) {
          bind(p, i);
          p.addBatch();
          if ((i + 1) % BATCH == 0 || i == rows - 1) {
            p.executeBatch();
            if (!autoCommit) {
              c.commit();
            }
          }
        }
      }
      double loadSeconds = (System.nanoTime() - t0) / 1e9;
      put("load, rows/s", "rows/s", e, rows / loadSeconds);
      put("load, rows per CPU-s", "/cpu-s", e, rows / ((cpuNanos() - cpu0) / 1e9));
      put("on disk with the connection open after the load, bytes/row", "B/row", e, (double) size(dir) / rows);
      if (e == 0) {
        put("  of which write-ahead log, bytes/row", "B/row", e, (double) size(dir.resolve("wal")) / rows);
        System.out.println("  files: " + files(dir));
      }
      engine.afterLoad(c);
    }
    put("on disk after load and close, bytes/row", "B/row", e, (double) size(dir) / rows);
    try (Connection c = engine.open()) {
      put("on disk after load and reopen, bytes/row", "B/row", e, (double) size(dir) / rows);
      if (e == 0) {
        System.out.println("  files: " + files(dir));
      }
      check(c);
      pointSelects(e, c);
      latest(e, c, 10);
      latest(e, c, 100);
      put("COUNT(*), SUM(price), s", "s", e, timeScan(c, COUNT_SUM, 5));
      put("COUNT(*), SUM(price), CPU-s", "s", e, lastCpuSeconds);
      put("WHERE product = ? without an index, s", "s", e, timeScan(c, BY_PRODUCT, 5));
      put("WHERE product = ? without an index, CPU-s", "s", e, lastCpuSeconds);
      put("on disk after the reads, bytes/row", "B/row", e, (double) size(dir) / rows);
      long t1 = System.nanoTime();
      long c1 = cpuNanos();
      try (Statement s = c.createStatement()) {
        s.execute(INDEX);
      }
      put("CREATE INDEX ON sale(product), s", "s", e, (System.nanoTime() - t1) / 1e9);
      put("CREATE INDEX ON sale(product), CPU-s", "s", e, (cpuNanos() - c1) / 1e9);
      byProduct(e, c, "WHERE product = ? through the index, /s");
      if (e == 0) {
        try (Statement s = c.createStatement()) {
          s.execute("DROP INDEX i_product");
          s.execute(INDEX_INCLUDE);
        }
        byProduct(e, c, "WHERE product = ? through an index INCLUDE (price), /s");
      }
    }
  }

  /** Spot checks of the loaded table, so a wrong answer is not measured as a fast one. */
  private void check(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(COUNT_SUM)) {
      r.next();
      if (r.getLong(1) != rows || r.getLong(2) != totalPrice) {
        throw new IllegalStateException("COUNT/SUM " + r.getLong(1) + "/" + r.getLong(2) + ", expected " + rows + "/" + totalPrice);
      }
    }
    try (PreparedStatement p = c.prepareStatement(POINT)) {
      for (int i : new int[] {0, rows / 2, rows - 1}) {
        p.setString(1, userId(userOf(i)));
        p.setLong(2, Long.MAX_VALUE - time[i]);
        p.setString(3, productId(product[i]));
        try (ResultSet r = p.executeQuery()) {
          if (!r.next() || r.getLong(3) != price[i] || !r.getString(1).equals(productName(product[i]))) {
            throw new IllegalStateException("row " + i + " not found or wrong");
          }
        }
      }
    }
  }

  private void pointSelects(int e, Connection c) throws SQLException {
    SplittableRandom r = new SplittableRandom(SEED + 1);
    try (PreparedStatement p = c.prepareStatement(POINT)) {
      Op op = () -> {
        int i = r.nextInt(rows);
        p.setString(1, userId(userOf(i)));
        p.setLong(2, Long.MAX_VALUE - time[i]);
        p.setString(3, productId(product[i]));
        int n = 0;
        try (ResultSet rs = p.executeQuery()) {
          while (rs.next()) {
            n += rs.getString(1).length() + (int) rs.getLong(2) + (int) rs.getLong(3);
          }
        }
        return n;
      };
      long[] lat = throughput(op);
      put("point select by full key, /s", "/s", e, lat.length / seconds);
      put("point select by full key, per CPU-s", "/cpu-s", e, lat.length / lastCpuSeconds);
      Arrays.sort(lat);
      put("point select p50, µs", "µs", e, lat[lat.length / 2] / 1e3);
    }
  }

  private void latest(int e, Connection c, int n) throws SQLException {
    SplittableRandom r = new SplittableRandom(SEED + 2);
    try (PreparedStatement p = c.prepareStatement(LATEST + n)) {
      Op op = () -> {
        p.setString(1, userId(r.nextInt(users)));
        int k = 0;
        try (ResultSet rs = p.executeQuery()) {
          while (rs.next()) {
            k += rs.getString(1).length() + rs.getString(2).length() + (int) rs.getLong(3);
          }
        }
        return k;
      };
      int ops = throughput(op).length;
      put("latest " + n + " of a user, /s", "/s", e, ops / seconds);
      put("latest " + n + " of a user, per CPU-s", "/cpu-s", e, ops / lastCpuSeconds);
    }
  }

  private void byProduct(int e, Connection c, String figure) throws SQLException {
    SplittableRandom r = new SplittableRandom(SEED + 3);
    try (PreparedStatement p = c.prepareStatement(BY_PRODUCT)) {
      Op op = () -> {
        p.setString(1, productName(r.nextInt(PRODUCTS)));
        int k = 0;
        try (ResultSet rs = p.executeQuery()) {
          while (rs.next()) {
            k += rs.getString(1).length() + (int) rs.getLong(2) + rs.getString(3).length() + (int) rs.getLong(4);
          }
        }
        return k;
      };
      int ops = throughput(op).length;
      put(figure, "/s", e, ops / seconds);
      put(figure.replace(", /s", ", per CPU-s"), "/cpu-s", e, ops / lastCpuSeconds);
    }
  }

  /**
   * The median time of {@code runs} executions (after one unmeasured) of a query read to its end;
   * {@link #lastCpuSeconds} the median CPU time of the process over each.
   */
  private double timeScan(Connection c, String sql, int runs) throws SQLException {
    double[] t = new double[runs];
    double[] cpu = new double[runs];
    try (PreparedStatement p = c.prepareStatement(sql)) {
      for (int k = -1; k < runs; k++) {
        if (sql.contains("?")) {
          p.setString(1, productName(k + 2));
        }
        long t0 = System.nanoTime();
        long c0 = cpuNanos();
        try (ResultSet rs = p.executeQuery()) {
          while (rs.next()) {
            rs.getObject(1);
          }
        }
        if (k >= 0) {
          t[k] = (System.nanoTime() - t0) / 1e9;
          cpu[k] = (cpuNanos() - c0) / 1e9;
        }
      }
    }
    Arrays.sort(t);
    Arrays.sort(cpu);
    lastCpuSeconds = cpu[runs / 2];
    return t[runs / 2];
  }

  private interface Op {
    int run() throws SQLException;
  }

  private static volatile int sink;
  /** CPU seconds of the whole process (every thread, SQLite's native code included) over the last measurement. */
  private double lastCpuSeconds;

  /** CPU time the process has used so far: on a loaded machine the figure to compare besides wall time. */
  static long cpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  /** Runs {@code op} for a warm-up of {@code seconds / 2}, then for {@code seconds}; the latencies of the measured ones. */
  private long[] throughput(Op op) throws SQLException {
    long warm = System.nanoTime() + (long) (seconds / 2 * 1e9);
    int s = 0;
    while (System.nanoTime() < warm) {
      s += op.run();
    }
    long[] lat = new long[1 << 16];
    int n = 0;
    long cpu0 = cpuNanos();
    long end = System.nanoTime() + (long) (seconds * 1e9);
    long now = System.nanoTime();
    while (now < end) {
      s += op.run();
      long after = System.nanoTime();
      if (n == lat.length) {
        lat = Arrays.copyOf(lat, n * 2);
      }
      lat[n++] = after - now;
      now = after;
    }
    lastCpuSeconds = (cpuNanos() - cpu0) / 1e9;
    sink = s;
    return Arrays.copyOf(lat, n);
  }

  static long size(Path dir) {
    try (var s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Files under {@code dir} per directory: count and bytes. */
  static String files(Path dir) {
    Map<String, long[]> out = new java.util.TreeMap<>();
    try (var s = Files.walk(dir)) {
      s.filter(Files::isRegularFile).forEach(p -> {
        long[] a = out.computeIfAbsent(dir.relativize(p.getParent()).toString(), k -> new long[2]);
        a[0]++;
        a[1] += p.toFile().length();
      });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    StringBuilder b = new StringBuilder();
    out.forEach((k, v) -> b.append(String.format(Locale.ROOT, "%s/ %d files %,d B; ", k, v[0], v[1])));
    return b.toString();
  }

  static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).trim();
    } catch (IOException e) {
      return "?";
    }
  }

  private void print(List<String> engines) {
    System.out.printf(Locale.ROOT, "%n| workload | Cellar | SQLite | Cellar / SQLite |%n|---|---:|---:|---:|%n");
    for (Map.Entry<String, double[]> f : figures.entrySet()) {
      double c = f.getValue()[0];
      double s = f.getValue()[1];
      String unit = units.get(f.getKey());
      boolean lowerIsBetter = unit.equals("s") || unit.equals("µs") || unit.equals("B/row");
      String ratio = Double.isNaN(c) || Double.isNaN(s) ? "" : String.format(Locale.ROOT, "%.2f×", lowerIsBetter ? s / c : c / s);
      System.out.printf(Locale.ROOT, "| %s | %s | %s | %s |%n", f.getKey(), fmt(c), fmt(s), ratio);
    }
    System.out.printf(Locale.ROOT, "(ratios: higher is better for Cellar; for times and sizes SQLite's / Cellar's)%n");
  }

  private static String fmt(double v) {
    if (Double.isNaN(v)) {
      return "";
    }
    return v >= 1_000 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.3f", v);
  }

  /** Runs the workload; see the class comment for the arguments. */
  public static void main(String[] args) throws Exception {
    int rows = 1_000_000;
    List<String> engines = List.of("cellar", "sqlite");
    Path base = null;
    double seconds = 5;
    for (int k = 0; k < args.length; k++) {
      switch (args[k]) {
        case "--engines" -> engines = List.of(args[++k].split(","));
        case "--dir" -> base = Path.of(args[++k]);
        case "--seconds" -> seconds = Double.parseDouble(args[++k]);
        default -> rows = Integer.parseInt(args[k].replace("_", ""));
      }
    }
    if (base == null) {
      base = SaleDatabases.base();
    }
    Files.createDirectories(base);
    Path work = Files.createTempDirectory(base, "user-sale-" + rows + "-");
    UserSaleWorkload w = new UserSaleWorkload(rows, seconds);
    System.out.printf(Locale.ROOT, "%,d rows in %s; heap max %,d MiB; load average %s%n", rows, work,
        Runtime.getRuntime().maxMemory() >> 20, loadAverage());
    List<String> ran = new ArrayList<>();
    try {
      if (engines.contains("cellar")) {
        Path dir = work.resolve("cellar");
        w.run(0, new Engine() {
          @Override
          public String name() {
            return "cellar";
          }

          @Override
          public Connection open() throws SQLException {
            return DriverManager.getConnection("jdbc:cellar:file:" + dir);
          }
        }, dir);
        ran.add("cellar");
      }
      if (engines.contains("sqlite")) {
        Path dir = work.resolve("sqlite");
        Files.createDirectories(dir);
        w.run(1, new Engine() {
          @Override
          public String name() {
            return "sqlite";
          }

          @Override
          public Connection open() throws SQLException {
            return DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("sale.db"));
          }
        }, dir);
        ran.add("sqlite");
      }
    } finally {
      SaleDatabases.deleteTree(work);
    }
    w.print(ran);
    System.out.printf(Locale.ROOT, "load average at the end %s%n", loadAverage());
  }
}
