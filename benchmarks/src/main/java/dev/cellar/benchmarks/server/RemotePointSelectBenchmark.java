package dev.cellar.benchmarks.server;

import dev.cellar.server.CellarServer;
import dev.cellar.server.ServerOptions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Thin clients doing point selects through a Cellar server on loopback: for each client count
 * (1, 8 and 32 by default), that many threads, each with its own {@code jdbc:cellar:remote:}
 * connection and prepared {@code SELECT v FROM kv WHERE k = ?} on a random key, run for a fixed
 * time; prints throughput, the 50th and 99th percentile latency and the errors. Not JMH: the
 * figures wanted are latency percentiles under concurrency, over one server started here (or
 * the one at {@code --server URL}). A warm-up run comes first and is not reported.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.cellar.benchmarks.server.RemotePointSelectBenchmark \
 *     [--seconds 30] [--clients 1,8,32] [--rows 20000] [--warmup 15] [--server jdbc:cellar:remote:http://HOST:PORT]
 * </pre>
 */
public final class RemotePointSelectBenchmark {
  private RemotePointSelectBenchmark() {}

  /** One run's figures. */
  record Result(int clients, long operations, long errors, double seconds, long p50Nanos, long p99Nanos) {
    double throughput() {
      return operations / seconds;
    }
  }

  /** Runs the benchmark; see the class comment. */
  public static void main(String[] args) throws Exception {
    int seconds = 30;
    int warmup = 15;
    int rows = 20_000;
    int[] clients = {1, 8, 32};
    String url = null;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--seconds" -> seconds = Integer.parseInt(args[i + 1]);
        case "--warmup" -> warmup = Integer.parseInt(args[i + 1]);
        case "--rows" -> rows = Integer.parseInt(args[i + 1]);
        case "--clients" -> clients = Arrays.stream(args[i + 1].split(",")).mapToInt(Integer::parseInt).toArray();
        case "--server" -> url = args[i + 1];
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    CellarServer server = null;
    if (url == null) {
      server = CellarServer.start(ServerOptions.defaults("jdbc:cellar:mem:bench").withPort(0));
      url = server.clientUrl();
    }
    try {
      load(url, rows);
      System.out.printf(Locale.ROOT, "server %s, %d rows, %d cores, load average %.2f%n", url, rows,
          Runtime.getRuntime().availableProcessors(), loadAverage());
      run(url, rows, 8, warmup);
      System.out.println("clients  ops/s     p50 ms  p99 ms  errors  operations");
      List<Result> results = new ArrayList<>();
      for (int n : clients) {
        Result r = run(url, rows, n, seconds);
        results.add(r);
        System.out.printf(Locale.ROOT, "%7d  %8.0f  %6.2f  %6.2f  %6d  %d%n", r.clients(), r.throughput(),
            r.p50Nanos() / 1e6, r.p99Nanos() / 1e6, r.errors(), r.operations());
      }
      System.out.printf(Locale.ROOT, "load average after: %.2f%n", loadAverage());
    } finally {
      if (server != null) {
        server.close();
      }
    }
  }

  private static double loadAverage() {
    return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  /** Creates {@code kv} with {@code rows} rows unless it is there. */
  private static void load(String url, int rows) throws SQLException {
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM kv")) {
        rs.next();
        if (rs.getLong(1) == rows) {
          return;
        }
      } catch (SQLException absent) {
        s.execute("CREATE TABLE kv (k INTEGER PRIMARY KEY, v VARCHAR)");
      }
      try (PreparedStatement p = c.prepareStatement("UPSERT INTO kv VALUES (?, ?)")) {
        for (int k = 0; k < rows; k++) {
          p.setInt(1, k);
          p.setString(2, "value-" + k);
          p.addBatch();
          if (k % 2000 == 1999) {
            p.executeBatch();
          }
        }
        p.executeBatch();
      }
    }
  }

  /** {@code clients} threads doing point selects for {@code seconds}. */
  static Result run(String url, int rows, int clients, int seconds) throws Exception {
    long[][] latencies = new long[clients][];
    AtomicLong errors = new AtomicLong();
    CountDownLatch ready = new CountDownLatch(clients);
    CountDownLatch go = new CountDownLatch(1);
    long[] window = new long[2];
    List<Thread> threads = new ArrayList<>();
    int[] counts = new int[clients];
    for (int t = 0; t < clients; t++) {
      int id = t;
      Thread thread = new Thread(() -> {
        try (Connection c = DriverManager.getConnection(url);
            PreparedStatement p = c.prepareStatement("SELECT v FROM kv WHERE k = ?")) {
          ready.countDown();
          go.await();
          long[] mine = new long[1 << 16];
          int n = 0;
          while (System.nanoTime() < window[1]) {
            int k = ThreadLocalRandom.current().nextInt(rows);
            long start = System.nanoTime();
            try {
              p.setInt(1, k);
              try (ResultSet rs = p.executeQuery()) {
                if (!rs.next() || !rs.getString(1).equals("value-" + k)) {
                  errors.incrementAndGet();
                }
              }
            } catch (SQLException e) {
              errors.incrementAndGet();
            }
            if (n == mine.length) {
              mine = Arrays.copyOf(mine, n * 2);
            }
            mine[n++] = System.nanoTime() - start;
          }
          latencies[id] = mine;
          counts[id] = n;
        } catch (Exception e) {
          errors.incrementAndGet();
          ready.countDown();
        }
      }, "client-" + t);
      threads.add(thread);
      thread.start();
    }
    ready.await();
    window[0] = System.nanoTime();
    window[1] = window[0] + seconds * 1_000_000_000L;
    go.countDown();
    for (Thread t : threads) {
      t.join();
    }
    double elapsed = (System.nanoTime() - window[0]) / 1e9;
    int total = Arrays.stream(counts).sum();
    long[] all = new long[total];
    int at = 0;
    for (int t = 0; t < clients; t++) {
      if (counts[t] > 0) {
        System.arraycopy(latencies[t], 0, all, at, counts[t]);
      }
      at += counts[t];
    }
    Arrays.sort(all);
    long p50 = total == 0 ? 0 : all[(int) Math.min(total - 1, (long) (total * 0.50))];
    long p99 = total == 0 ? 0 : all[(int) Math.min(total - 1, (long) (total * 0.99))];
    return new Result(clients, total, errors.get(), elapsed, p50, p99);
  }
}
