package dev.cellar.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.cellar.jdbc.CellarDriver;
import dev.cellar.sql.rel.CellarTable;
import dev.cellar.sql.runtime.ReadStats;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two servers over one database behind a forwarder that the test switches from one to the other
 * between fetches (as a load balancer without sticky sessions may): a query's rows come once
 * each, in key order, rows inserted before the reading position meanwhile neither shifting nor
 * repeating the rest, and a page read on the other server costs a page, not the rows before it.
 */
class StatelessFetchTest {
  private static final int ROWS = 5000;
  private static final int PAGE = 100;

  private CellarServer a;
  private CellarServer b;
  private Forwarder forwarder;
  private Connection writer;
  private Connection embedded;

  @BeforeEach
  void start() throws Exception {
    ServerOptions options = Servers.fresh();
    a = CellarServer.start(options);
    b = CellarServer.start(options);
    forwarder = new Forwarder(a.httpUrl(), b.httpUrl());
    writer = Servers.connect(a);
    embedded = DriverManager.getConnection(options.url());
    try (Statement s = writer.createStatement()) {
      s.execute("CREATE TABLE t (k INTEGER PRIMARY KEY, v VARCHAR)");
    }
    try (PreparedStatement p = writer.prepareStatement("INSERT INTO t VALUES (?, ?)")) {
      for (int i = 0; i < ROWS; i++) {
        p.setInt(1, 2 * i);
        p.setString(2, "v" + 2 * i);
        p.addBatch();
      }
      p.executeBatch();
    }
  }

  @AfterEach
  void stop() throws Exception {
    forwarder.close();
    writer.close();
    embedded.close();
    b.close();
    a.close();
  }

  @Test
  void aKeyOrderedScanContinuesOnTheOtherServer() throws Exception {
    ReadStats stats = CellarTable.readStats(CellarDriver.database(embedded));
    List<Integer> keys = new ArrayList<>();
    long before = stats.rowsRead();
    try (Connection c = forwarder.connect(); Statement s = c.createStatement()) {
      s.setFetchSize(PAGE);
      try (ResultSet rs = s.executeQuery("SELECT k, v FROM t")) {
        assertEquals(2, rs.getMetaData().getColumnCount());
        while (rs.next()) {
          int k = rs.getInt(1);
          assertEquals("v" + k, rs.getString(2));
          keys.add(k);
          if (keys.size() % PAGE == 0) {
            insert(k - 1);   // before the reading position
            forwarder.switchServer();
          }
        }
      }
    }
    same(evens(0, 2 * ROWS), keys);
    assertTrue(forwarder.switches() >= ROWS / PAGE - 1, "switched " + forwarder.switches());
    // re-running the query and skipping the rows read would read about ROWS * ROWS / PAGE / 2 rows
    long read = stats.rowsRead() - before;
    assertTrue(read < 2 * ROWS, "rows read from the store: " + read);
  }

  @Test
  void aReversedScanWithoutTheKeyInItsColumnsContinues() throws Exception {
    List<String> values = new ArrayList<>();
    try (Connection c = forwarder.connect(); PreparedStatement p = c.prepareStatement("SELECT v FROM t ORDER BY k DESC")) {
      p.setFetchSize(PAGE);
      try (ResultSet rs = p.executeQuery()) {
        while (rs.next()) {
          values.add(rs.getString(1));
          if (values.size() % PAGE == 0) {
            insert(Integer.parseInt(rs.getString(1).substring(1)) + 1);   // before the reading position
            forwarder.switchServer();
          }
        }
      }
    }
    List<String> expected = new ArrayList<>();
    for (int k = 2 * ROWS - 2; k >= 0; k -= 2) {
      expected.add("v" + k);
    }
    same(expected, values);
  }

  @Test
  void aRangeWithParametersContinues() throws Exception {
    List<Integer> keys = new ArrayList<>();
    try (Connection c = forwarder.connect();
        PreparedStatement p = c.prepareStatement("SELECT k FROM t WHERE k >= ? AND v <> ?")) {
      p.setFetchSize(PAGE);
      p.setInt(1, 1000);
      p.setString(2, "v2000");
      try (ResultSet rs = p.executeQuery()) {
        while (rs.next()) {
          keys.add(rs.getInt(1));
          if (keys.size() % PAGE == 0) {
            insert(rs.getInt(1) - 1);
            forwarder.switchServer();
          }
        }
      }
    }
    List<Integer> expected = evens(1000, 2 * ROWS);
    expected.remove(Integer.valueOf(2000));
    same(expected, keys);
  }

  @Test
  void aLimitCountsTheRowsReadOnEveryServer() throws Exception {
    try (Connection c = forwarder.connect(); Statement s = c.createStatement()) {
      s.setFetchSize(PAGE);
      List<Integer> keys = readSwitching(s.executeQuery("SELECT k FROM t WHERE k > 10 LIMIT 1234"));
      same(evens(12, 12 + 2 * 1234), keys);
      s.setMaxRows(250);
      keys = readSwitching(s.executeQuery("SELECT k FROM t"));
      same(evens(0, 500), keys);
    }
  }

  @Test
  void aSortAUnionAndAWindowContinueByOffset() throws Exception {
    try (Connection c = forwarder.connect(); Statement s = c.createStatement()) {
      s.setFetchSize(PAGE);
      List<Integer> keys = readSwitching(s.executeQuery("SELECT k FROM t ORDER BY v DESC"));
      List<Integer> expected = evens(0, 2 * ROWS);
      expected.sort((x, y) -> ("v" + y).compareTo("v" + x));
      same(expected, keys);
      keys = readSwitching(s.executeQuery("SELECT k FROM t WHERE k < 1000 UNION ALL SELECT k FROM t WHERE k < 1000"));
      assertEquals(1000, keys.size());
      List<Integer> counts = readSwitching(s.executeQuery("SELECT COUNT(*) OVER () FROM t"));
      assertEquals(ROWS, counts.size());
      assertTrue(counts.stream().allMatch(n -> n == ROWS), "every row counts the table's rows");
    }
  }

  @Test
  void aTransactionStaysOnItsServer() throws Exception {
    try (Connection c = forwarder.connect(); Statement s = c.createStatement()) {
      c.setAutoCommit(false);
      s.setFetchSize(PAGE);
      try (ResultSet rs = s.executeQuery("SELECT k FROM t")) {
        for (int i = 0; i < PAGE; i++) {
          assertTrue(rs.next());
        }
        forwarder.switchServer();
        // the next page was read with the last row of this one: the one after goes to the other server
        SQLException e = assertThrows(SQLException.class, () -> {
          while (rs.next()) {
            assertTrue(rs.getInt(1) >= 0);
          }
        });
        assertEquals("08003", e.getSQLState(), e.getMessage());
      }
    }
  }

  private List<Integer> readSwitching(ResultSet rs) throws SQLException {
    List<Integer> keys = new ArrayList<>();
    try (rs) {
      while (rs.next()) {
        keys.add(rs.getInt(1));
        if (keys.size() % PAGE == 0) {
          forwarder.switchServer();
        }
      }
    }
    return keys;
  }

  private void insert(int k) throws SQLException {
    try (PreparedStatement p = writer.prepareStatement("INSERT INTO t VALUES (?, ?)")) {
      p.setInt(1, k);
      p.setString(2, "v" + k);
      assertEquals(1, p.executeUpdate());
    }
  }

  /** Asserts that {@code actual} is {@code expected}, naming the first row that differs. */
  private static void same(List<?> expected, List<?> actual) {
    for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
      if (!expected.get(i).equals(actual.get(i))) {
        assertEquals(expected.subList(i, Math.min(i + 5, expected.size())),
            actual.subList(i, Math.min(i + 5, actual.size())), "rows from row " + i);
      }
    }
    assertEquals(expected.size(), actual.size(), "rows");
  }

  private static List<Integer> evens(int from, int to) {
    List<Integer> out = new ArrayList<>();
    for (int k = from; k < to; k += 2) {
      out.add(k);
    }
    return out;
  }

  /** An HTTP forwarder sending every request to one of two servers, switched by the test. */
  private static final class Forwarder implements AutoCloseable {
    private final String[] targets;
    private final AtomicInteger current = new AtomicInteger();
    private final HttpServer http;
    private final HttpClient client = HttpClient.newHttpClient();

    Forwarder(String first, String second) throws IOException {
      targets = new String[] {first, second};
      http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      http.createContext("/", this::forward);
      http.start();
    }

    Connection connect() throws SQLException {
      return DriverManager.getConnection("jdbc:cellar:remote:http://127.0.0.1:" + http.getAddress().getPort());
    }

    void switchServer() {
      current.incrementAndGet();
    }

    int switches() {
      return current.get();
    }

    private void forward(HttpExchange exchange) throws IOException {
      byte[] body;
      try (InputStream in = exchange.getRequestBody()) {
        body = in.readAllBytes();
      }
      HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(targets[current.get() % 2] + "/"))
          .POST(HttpRequest.BodyPublishers.ofByteArray(body));
      String type = exchange.getRequestHeaders().getFirst("Content-Type");
      if (type != null) {
        request.header("Content-Type", type);
      }
      try {
        HttpResponse<byte[]> response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        exchange.sendResponseHeaders(response.statusCode(), response.body().length);
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(response.body());
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        exchange.sendResponseHeaders(502, -1);
      }
    }

    @Override
    public void close() {
      http.stop(0);
    }
  }
}
