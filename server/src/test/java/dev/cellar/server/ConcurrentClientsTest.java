package dev.cellar.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * 100 thin clients at once, each on its own connection, all connected before any starts:
 * point selects, a range aggregate and writes of their own rows; every one succeeds with the
 * right answers, and the server is left with nothing open.
 */
class ConcurrentClientsTest {
  private static final int CLIENTS = 100;
  private static final int ROUNDS = 5;

  @Test
  void oneHundredClientsAtOnce() throws Exception {
    try (CellarServer server = CellarServer.start(Servers.fresh())) {
      try (Connection c = Servers.connect(server); Statement s = c.createStatement()) {
        s.execute("CREATE TABLE kv (k INTEGER PRIMARY KEY, v VARCHAR)");
        s.execute("CREATE TABLE mine (client INTEGER, n INTEGER, PRIMARY KEY (client, n))");
        try (PreparedStatement p = c.prepareStatement("INSERT INTO kv VALUES (?, ?)")) {
          for (int k = 0; k < 1000; k++) {
            p.setInt(1, k);
            p.setString(2, "v" + k);
            p.addBatch();
          }
          p.executeBatch();
        }
      }
      ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
      CountDownLatch connected = new CountDownLatch(CLIENTS);
      List<Future<Integer>> results = new ArrayList<>();
      try {
        for (int i = 0; i < CLIENTS; i++) {
          int client = i;
          results.add(pool.submit(() -> {
            try (Connection c = Servers.connect(server);
                PreparedStatement get = c.prepareStatement("SELECT v FROM kv WHERE k = ?");
                PreparedStatement sum = c.prepareStatement("SELECT COUNT(*), SUM(k) FROM kv WHERE k BETWEEN ? AND ?");
                PreparedStatement put = c.prepareStatement("INSERT INTO mine VALUES (?, ?)")) {
              connected.countDown();
              assertTrue(connected.await(60, TimeUnit.SECONDS), "all clients connected");
              int done = 0;
              for (int r = 0; r < ROUNDS; r++) {
                int k = (client * 37 + r * 11) % 1000;
                get.setInt(1, k);
                try (ResultSet rs = get.executeQuery()) {
                  assertTrue(rs.next());
                  assertEquals("v" + k, rs.getString(1));
                }
                sum.setInt(1, k);
                sum.setInt(2, k + 9);
                try (ResultSet rs = sum.executeQuery()) {
                  assertTrue(rs.next());
                  int rows = Math.min(10, 1000 - k);
                  assertEquals(rows, rs.getLong(1));
                  assertEquals((long) rows * k + (long) rows * (rows - 1) / 2, rs.getLong(2));
                }
                put.setInt(1, client);
                put.setInt(2, r);
                assertEquals(1, put.executeUpdate());
                done++;
              }
              return done;
            }
          }));
        }
        for (Future<Integer> f : results) {
          assertEquals(ROUNDS, f.get(180, TimeUnit.SECONDS));
        }
      } finally {
        pool.shutdownNow();
      }
      try (Connection c = Servers.connect(server); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT COUNT(*), COUNT(DISTINCT client) FROM mine")) {
        assertTrue(rs.next());
        assertEquals(CLIENTS * ROUNDS, rs.getInt(1));
        assertEquals(CLIENTS, rs.getInt(2));
      }
      assertEquals(0, server.meta().openConnections());
      assertEquals(0, server.metrics().openScanners());
      assertEquals(0, server.metrics().errors("XX000"));
    }
  }
}
