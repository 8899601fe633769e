package dev.cellar.server;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntSupplier;

/**
 * The server's counters and gauges, written in Prometheus' text format for {@code /metrics}:
 * Avatica requests by type with a latency histogram, errors by SQLState, HTTP responses by
 * status (401s included, which never reach a request handler), and the open connections,
 * statements and storage scanners at the moment of the scrape.
 */
public final class ServerMetrics {
  /** The upper bounds of the latency histogram's buckets, in seconds. */
  private static final double[] BUCKETS = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5,
      5, 10, 30};

  /** The latencies of one request type. */
  private static final class Histogram {
    final LongAdder[] counts = new LongAdder[BUCKETS.length + 1];
    final DoubleAdder sum = new DoubleAdder();

    Histogram() {
      for (int i = 0; i < counts.length; i++) {
        counts[i] = new LongAdder();
      }
    }

    void observe(double seconds) {
      int i = 0;
      while (i < BUCKETS.length && seconds > BUCKETS[i]) {
        i++;
      }
      counts[i].increment();
      sum.add(seconds);
    }

    long count() {
      long n = 0;
      for (LongAdder c : counts) {
        n += c.sum();
      }
      return n;
    }
  }

  private final Map<String, Histogram> requests = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();
  private final Map<Integer, LongAdder> responses = new ConcurrentHashMap<>();
  private final IntSupplier connections;
  private final IntSupplier statements;
  private final IntSupplier scanners;

  /**
   * Metrics whose gauges read {@code connections}, {@code statements} and {@code scanners}; a
   * supplier answering a negative number leaves its gauge out (a backend that does not count).
   */
  public ServerMetrics(IntSupplier connections, IntSupplier statements, IntSupplier scanners) {
    this.connections = connections;
    this.statements = statements;
    this.scanners = scanners;
  }

  /** Notes a request of {@code type} ({@link #typeLabel} of Avatica's request class) that took {@code nanos}. */
  void request(String type, long nanos) {
    requests.computeIfAbsent(type, t -> new Histogram()).observe(nanos / 1e9);
  }

  /** Notes a request that failed with {@code sqlState}. */
  void error(String sqlState) {
    errors.computeIfAbsent(sqlState == null ? "" : sqlState, s -> new LongAdder()).increment();
  }

  /** Notes an HTTP response with {@code status}. */
  void response(int status) {
    responses.computeIfAbsent(status, s -> new LongAdder()).increment();
  }

  /** Requests of {@code type} served so far. */
  public long requests(String type) {
    Histogram h = requests.get(type);
    return h == null ? 0 : h.count();
  }

  /** Requests that failed with {@code sqlState} so far. */
  public long errors(String sqlState) {
    LongAdder a = errors.get(sqlState);
    return a == null ? 0 : a.sum();
  }

  /** Storage scanners open now, or -1 if the backend does not count them. */
  public int openScanners() {
    return scanners.getAsInt();
  }

  /** The metrics in Prometheus' text exposition format (version 0.0.4). */
  public String prometheus() {
    StringBuilder b = new StringBuilder(4096);
    header(b, "cellar_requests_total", "counter", "Avatica requests served, by request type.");
    Map<String, Histogram> byType = new TreeMap<>(requests);
    byType.forEach((t, h) -> b.append("cellar_requests_total{type=\"").append(t).append("\"} ")
        .append(h.count()).append('\n'));
    header(b, "cellar_request_duration_seconds", "histogram",
        "Time to serve an Avatica request (statement, fetch, metadata...), by request type.");
    byType.forEach((t, h) -> {
      long cumulative = 0;
      for (int i = 0; i <= BUCKETS.length; i++) {
        cumulative += h.counts[i].sum();
        String le = i == BUCKETS.length ? "+Inf" : number(BUCKETS[i]);
        b.append("cellar_request_duration_seconds_bucket{type=\"").append(t).append("\",le=\"").append(le)
            .append("\"} ").append(cumulative).append('\n');
      }
      b.append("cellar_request_duration_seconds_sum{type=\"").append(t).append("\"} ").append(number(h.sum.sum()))
          .append('\n');
      b.append("cellar_request_duration_seconds_count{type=\"").append(t).append("\"} ").append(cumulative)
          .append('\n');
    });
    header(b, "cellar_errors_total", "counter", "Requests that failed, by SQLState.");
    new TreeMap<>(errors).forEach((s, n) -> b.append("cellar_errors_total{sqlstate=\"").append(s).append("\"} ")
        .append(n.sum()).append('\n'));
    header(b, "cellar_http_responses_total", "counter",
        "HTTP responses, by status (401: no valid credentials).");
    new TreeMap<>(responses).forEach((s, n) -> b.append("cellar_http_responses_total{status=\"").append(s)
        .append("\"} ").append(n.sum()).append('\n'));
    gauge(b, "cellar_open_connections", "Remote connections open.", connections.getAsInt());
    gauge(b, "cellar_open_statements", "Remote statements open.", statements.getAsInt());
    gauge(b, "cellar_open_scanners", "Storage scanners open (result sets not read to their end or closed).",
        scanners.getAsInt());
    return b.toString();
  }

  private static void header(StringBuilder b, String name, String type, String help) {
    b.append("# HELP ").append(name).append(' ').append(help).append('\n');
    b.append("# TYPE ").append(name).append(' ').append(type).append('\n');
  }

  private static void gauge(StringBuilder b, String name, String help, int value) {
    if (value >= 0) {
      header(b, name, "gauge", help);
      b.append(name).append(' ').append(value).append('\n');
    }
  }

  private static String number(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) + ".0"
        : String.format(Locale.ROOT, "%s", d);
  }

  /** {@code PrepareAndExecuteRequest} as {@code prepare_and_execute}: a request class as a label value. */
  static String typeLabel(String requestClass) {
    String s = requestClass.endsWith("Request") ? requestClass.substring(0, requestClass.length() - 7)
        : requestClass;
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isUpperCase(c)) {
        if (i > 0) {
          b.append('_');
        }
        b.append(Character.toLowerCase(c));
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }
}
