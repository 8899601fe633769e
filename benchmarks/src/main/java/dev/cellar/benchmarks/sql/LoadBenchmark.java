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
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * Loading the {@code sale} table of {@link UserSaleWorkload} from a CSV file with {@code COPY}
 * (what {@code cellar load} runs): the rows the workload inserts (users' purchases in purchase
 * order, so keys land all over the key space), written to a CSV file with a header, then loaded
 * into a new {@code file:} database by the bulk path and, for comparison, by batched writes (the
 * path of files under 8 MB), each time counted and summed afterwards; then the table exported
 * back to CSV.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.cellar.benchmarks.sql.LoadBenchmark
 * [rows] [--dir DIR]} (rows: a multiple of 100, default 1,000,000). Keeps nothing.
 */
public final class LoadBenchmark {
  private LoadBenchmark() {}

  public static void main(String[] args) throws Exception {
    int rows = 1_000_000;
    Path base = null;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--dir")) {
        base = Path.of(args[++i]);
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
      load(dir.resolve("bulk"), csv, rows, sum, "bulk path", 0);
      load(dir.resolve("batched"), csv, rows, sum, "batched writes", Long.MAX_VALUE);
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
