package dev.cellar.benchmarks.sql;

import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * Loading the {@code sale} table of {@link UserSaleWorkload} from a CSV file with {@code COPY}
 * (what {@code cellar load} runs): the rows the workload inserts (users' purchases in purchase
 * order, so keys land all over the key space), written to a CSV file with a header, then loaded
 * into a new {@code file:} database by the bulk path and, for comparison, by batched writes (the
 * path of files under 8 MB), each time counted and summed afterwards; then the table exported
 * back to CSV. The peer, in the same run: SQLite's shell ({@code sqlite3}, or the program the
 * system property {@code sqlite3} names) importing the same file into a table of the same DDL.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.cellar.benchmarks.sql.LoadBenchmark
 * [rows] [--paths bulk,sqlite,batched] [--dir DIR]} (rows: a multiple of 100, default 1,000,000;
 * paths: which loads to run, all by default). Keeps nothing.
 */
public final class LoadBenchmark {
  private LoadBenchmark() {}

  public static void main(String[] args) throws Exception {
    int rows = 1_000_000;
    Path base = null;
    List<String> paths = List.of("bulk", "batched", "sqlite");
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--dir")) {
        base = Path.of(args[++i]);
      } else if (args[i].equals("--paths")) {
        paths = List.of(args[++i].split(","));
      } else {
        rows = Integer.parseInt(args[i]);
      }
    }
    Path dir = base == null ? Files.createTempDirectory("cellar-load-bench") : Files.createTempDirectory(base, "load");
    try {
      Path csv = dir.resolve("sale.csv");
      long sum = write(csv, rows);
      System.out.printf(Locale.ROOT, "sale.csv: %,d rows, %,d bytes (load average %s)%n", rows, Files.size(csv),
          loadAverage());
      if (paths.contains("bulk")) {
        load(dir.resolve("bulk"), csv, rows, sum, "bulk path", 0);
      }
      if (paths.contains("sqlite")) {
        sqlite(dir.resolve("sqlite.db"), csv, rows, sum);
      }
      if (paths.contains("batched")) {
        load(dir.resolve("batched"), csv, rows, sum, "batched writes", Long.MAX_VALUE);
      }
      System.out.printf(Locale.ROOT, "load average after: %s%n", loadAverage());
    } finally {
      try (Stream<Path> files = Files.walk(dir)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  /** Writes the workload's rows as CSV with a header; returns the sum of their prices. */
  private static long write(Path csv, int rows) throws Exception {
    int users = rows / UserSaleWorkload.PURCHASES;
    SplittableRandom r = new SplittableRandom(0x10ad);
    long sum = 0;
    try (BufferedWriter w = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
      w.write("user_id,rts,product_id,product,TIME,price\n");
      for (int i = 0; i < rows; i++) {
        long time = UserSaleWorkload.START_MILLIS + i * 1_000L + r.nextInt(1_000);
        int product = r.nextInt(UserSaleWorkload.PRODUCTS);
        long price = 1 + r.nextInt(100_000);
        sum += price;
        w.write(UserSaleWorkload.userId(i % users));
        w.write(',');
        w.write(Long.toString(Long.MAX_VALUE - time));
        w.write(',');
        w.write(UserSaleWorkload.productId(product));
        w.write(',');
        w.write(UserSaleWorkload.productName(product));
        w.write(',');
        w.write(Long.toString(time));
        w.write(',');
        w.write(Long.toString(price));
        w.write('\n');
      }
    }
    return sum;
  }

  private static void load(Path db, Path csv, int rows, long sum, String label, long bulkMinBytes) throws Exception {
    System.setProperty("cellar.copy.bulkMinBytes", Long.toString(bulkMinBytes));
    String url = "jdbc:cellar:file:" + db;
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      s.execute(UserSaleWorkload.DDL);
      long start = System.nanoTime();
      long cpu = cpuNanos();
      long loaded = s.executeLargeUpdate("COPY sale FROM '" + csv + "' (HEADER)");
      double seconds = (System.nanoTime() - start) / 1e9;
      double cpuSeconds = (cpuNanos() - cpu) / 1e9;
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*), SUM(price) FROM sale")) {
        rs.next();
        if (loaded != rows || rs.getLong(1) != rows || rs.getLong(2) != sum) {
          throw new IllegalStateException(label + ": loaded " + loaded + ", counted " + rs.getLong(1) + " rows, sum "
              + rs.getLong(2) + " (expected " + rows + ", " + sum + ")");
        }
      }
      System.out.printf(Locale.ROOT, "  %-16s load   %,10d rows in %6.2f s: %,10.0f rows/s (%.2f s of CPU, %,.0f rows "
          + "per CPU second)%n", label, rows, seconds, rows / seconds, cpuSeconds, rows / cpuSeconds);
      Path out = db.resolveSibling(db.getFileName() + "-export.csv");
      start = System.nanoTime();
      long exported = s.executeLargeUpdate("COPY sale TO '" + out + "' (HEADER)");
      seconds = (System.nanoTime() - start) / 1e9;
      System.out.printf(Locale.ROOT, "  %-16s export %,10d rows in %6.2f s: %,10.0f rows/s%n", label, exported, seconds,
          exported / seconds);
    }
  }

  /**
   * The peer: SQLite's command-line shell loading the same file into a table made with the same
   * DDL ({@code .import --csv --skip 1}, one transaction), then counted and summed. Its CPU time
   * is that of the child processes this process waited for ({@code /proc/self/stat}).
   */
  private static void sqlite(Path db, Path csv, int rows, long sum) throws Exception {
    String sqlite3 = System.getProperty("sqlite3", "sqlite3");
    String ddl = UserSaleWorkload.DDL + ";";
    run(List.of(sqlite3, db.toString(), ddl));
    long cpu = childCpuNanos();
    long start = System.nanoTime();
    run(List.of(sqlite3, db.toString(), ".import --csv --skip 1 " + csv + " sale"));
    double seconds = (System.nanoTime() - start) / 1e9;
    double cpuSeconds = (childCpuNanos() - cpu) / 1e9;
    String counted = run(List.of(sqlite3, db.toString(), "SELECT COUNT(*) || ' ' || SUM(price) FROM sale;")).trim();
    if (!counted.equals(rows + " " + sum)) {
      throw new IllegalStateException("sqlite3: counted " + counted + " (expected " + rows + " " + sum + ")");
    }
    System.out.printf(Locale.ROOT, "  %-16s load   %,10d rows in %6.2f s: %,10.0f rows/s (%.2f s of CPU, %,.0f rows "
        + "per CPU second)%n", "sqlite3 .import", rows, seconds, rows / seconds, cpuSeconds, rows / cpuSeconds);
  }

  private static String run(List<String> command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new IllegalStateException(command.get(0) + " failed: " + out);
    }
    return out;
  }

  /** CPU time of the child processes waited for (user + system), in nanoseconds. */
  private static long childCpuNanos() throws Exception {
    String stat = Files.readString(Path.of("/proc/self/stat"));
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    // fields 16 and 17 of stat (cutime, cstime, in clock ticks of 1/100 s), counted from the state field (3)
    return (Long.parseLong(f[13]) + Long.parseLong(f[14])) * 10_000_000L;
  }

  /** CPU time of the process (every thread), in nanoseconds. */
  private static long cpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  private static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).trim();
    } catch (Exception e) {
      return "unknown";
    }
  }
}
