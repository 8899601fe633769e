package dev.cellar.storage.hbase;

import static dev.cellar.jdbc.Sql.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.jdbc.CellarDriver;
import dev.cellar.jdbc.Sql;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The same SQL on both backends at once: a fresh in-memory database ({@code jdbc:cellar:mem:})
 * and a fresh HBase namespace on the minicluster ({@code jdbc:cellar:hbase:}). Every statement
 * runs on both; every query's rows are compared row for row between the two and with the
 * expected rows; every plan's access paths ({@code path=[...]}) must be the same on both.
 */
final class Backends implements AutoCloseable {
  private static final AtomicInteger NEXT = new AtomicInteger();

  /** The embedded engine's connection. */
  final Connection mem;
  /** The HBase backend's connection. */
  final Connection hbase;

  /** The URLs of the two databases. */
  final String memUrl;
  final String hbaseUrl;

  private Backends(String memUrl, String hbaseUrl) throws SQLException {
    this.memUrl = memUrl;
    this.hbaseUrl = hbaseUrl;
    this.mem = DriverManager.getConnection(memUrl + ";shutdown=true");
    try {
      this.hbase = DriverManager.getConnection(hbaseUrl);
    } catch (SQLException | RuntimeException e) {
      mem.close();
      throw e;
    }
  }

  /** Opens a new in-memory database and a new HBase namespace. */
  static Backends open() throws SQLException {
    int n = NEXT.incrementAndGet();
    // a short client pause: DDL polls its procedure's end at that pace
    return new Backends("jdbc:cellar:mem:suite" + n,
        MiniHBase.jdbcUrl() + ";hbaseNamespace=suite" + n + ";hbase.client.pause=20");
  }

  /** The two connections, the embedded engine's first. */
  List<Connection> both() {
    return List.of(mem, hbase);
  }

  /** The store under {@code c}. */
  static CellarStore store(Connection c) throws SQLException {
    return CellarDriver.database(c).store();
  }

  /** Runs {@code sql} on both backends. */
  void run(String... sql) throws SQLException {
    for (Connection c : both()) {
      Sql.run(c, sql);
    }
  }

  /** Runs an INSERT, UPDATE or DELETE on both; both must report {@code count} rows. */
  void update(long count, String sql) throws SQLException {
    for (Connection c : both()) {
      try (Statement s = c.createStatement()) {
        assertEquals(count, s.executeLargeUpdate(sql), () -> backend(c) + ": " + sql);
      }
    }
  }

  /** Expects {@code sql} to fail with {@code state} on both backends, with the same message. */
  void fails(String state, String sql, String... words) {
    List<String> messages = new ArrayList<>();
    for (Connection c : both()) {
      SQLException e = assertThrows(SQLException.class, () -> {
        try (Statement s = c.createStatement()) {
          if (s.execute(sql)) {
            try (ResultSet rs = s.getResultSet()) {
              while (rs.next()) {
                // errors may surface while rows are fetched
              }
            }
          }
        }
      }, () -> backend(c) + ": " + sql);
      assertEquals(state, e.getSQLState(), () -> backend(c) + ": SQLState of " + sql + ": " + e.getMessage());
      for (String w : words) {
        assertTrue(e.getMessage().contains(w), () -> backend(c) + ": message of " + sql + " lacks " + w + ": "
            + e.getMessage());
      }
      messages.add(e.getMessage());
    }
    assertEquals(messages.get(0), messages.get(1), sql);
  }

  /** Starts the checks of a query. */
  Query query(String sql) {
    return new Query(sql);
  }

  /** A query checked on both backends. */
  final class Query {
    private final String sql;

    private Query(String sql) {
      this.sql = sql;
    }

    /**
     * The access paths of the plan are the same on both backends, and the first contains each
     * of {@code parts}.
     */
    Query path(String... parts) throws SQLException {
      List<String> memPaths = paths(plan(mem, sql));
      List<String> hbasePaths = paths(plan(hbase, sql));
      assertEquals(memPaths, hbasePaths, () -> "access paths of " + sql);
      assertTrue(!memPaths.isEmpty(), () -> "no access path in the plan of " + sql);
      String all = String.join("\n", memPaths);
      for (String p : parts) {
        assertTrue(all.contains(p), () -> "access paths of " + sql + " lack " + p + ": " + all);
      }
      return this;
    }

    /** The rows are {@code expected}, in order, on both backends. */
    Query returns(String... expected) throws SQLException {
      List<String> m = strings(mem, sql);
      List<String> h = strings(hbase, sql);
      assertEquals(m, h, () -> "rows of " + sql + " on mem (expected) and hbase (actual)");
      assertEquals(Arrays.asList(expected), m, sql);
      return this;
    }

    /** The rows on both backends are the same, in order, and there are {@code count} of them. */
    Query same(int count) throws SQLException {
      List<String> m = strings(mem, sql);
      assertEquals(m, strings(hbase, sql), () -> "rows of " + sql + " on mem (expected) and hbase (actual)");
      assertEquals(count, m.size(), () -> "rows of " + sql + ": " + m);
      return this;
    }
  }

  /** The text {@code EXPLAIN PLAN FOR sql} prints. */
  static String plan(Connection c, String sql) throws SQLException {
    return String.join("\n", strings(c, "EXPLAIN PLAN FOR " + sql));
  }

  /** The {@code path=[...]} items of a plan, in order. */
  static List<String> paths(String plan) {
    List<String> out = new ArrayList<>();
    int at = 0;
    while ((at = plan.indexOf("path=[", at)) >= 0) {
      int start = at + "path=[".length();
      int depth = 1;
      int i = start;
      for (; i < plan.length() && depth > 0; i++) {
        char ch = plan.charAt(i);
        depth += ch == '[' ? 1 : ch == ']' ? -1 : 0;
      }
      out.add(plan.substring(start, i - 1));
      at = i;
    }
    return out;
  }

  /** Creates store table {@code name} with {@code families} (3 versions kept) on both backends. */
  void rawTable(String name, String... families) throws SQLException {
    for (Connection c : both()) {
      TableDescriptor.Builder b = TableDescriptor.newBuilder(name);
      for (String f : families) {
        b.family(ColumnFamilyDescriptor.newBuilder(f).maxVersions(3).build());
      }
      store(c).admin().createTable(b.build());
    }
  }

  /**
   * {@code put 'name', row, 'f:q', 'text', ...} of the HBase shell on both backends, at
   * {@code ts} (or the server's time if {@code ts} is {@code Long.MAX_VALUE}): values as UTF-8 text.
   */
  void shellPut(String name, String row, long ts, String... familyQualifierValue) throws SQLException {
    for (Connection c : both()) {
      Table t = store(c).table(name);
      Put p = ts == Long.MAX_VALUE ? new Put(Bytes.toBytes(row)) : new Put(Bytes.toBytes(row), ts);
      for (int i = 0; i < familyQualifierValue.length; i += 2) {
        String[] fq = familyQualifierValue[i].split(":");
        p.addColumn(Bytes.toBytes(fq[0]), Bytes.toBytes(fq[1]),
            familyQualifierValue[i + 1].getBytes(StandardCharsets.UTF_8));
      }
      t.put(p);
    }
  }

  /** {@code shellPut} at the server's time. */
  void shellPut(String name, String row, String... familyQualifierValue) throws SQLException {
    shellPut(name, row, Long.MAX_VALUE, familyQualifierValue);
  }

  /**
   * {@code family:qualifier@timestamp=value} of every version of every cell of raw row
   * {@code row} of store table {@code name} (values as text), the same on both backends (the
   * timestamps too, unless {@code withTimes} is false).
   */
  List<String> cells(String name, byte[] row, boolean withTimes) throws SQLException {
    List<List<String>> each = new ArrayList<>();
    for (Connection c : both()) {
      List<String> out = new ArrayList<>();
      Result r = store(c).table(name).get(new Get(row).readAllVersions());
      for (Cell cell : r.cells()) {
        out.add(Bytes.toString(cell.family()) + ":" + Bytes.toStringBinary(cell.qualifier())
            + (withTimes ? "@" + cell.timestamp() : "") + "=" + new String(cell.value(), StandardCharsets.UTF_8));
      }
      each.add(out);
    }
    assertEquals(each.get(0), each.get(1), () -> "cells of " + name + " row " + Bytes.toStringBinary(row)
        + " on mem (expected) and hbase (actual)");
    return each.get(0);
  }

  /** {@link #cells(String, byte[], boolean)} of a row whose key is text, with timestamps. */
  List<String> cells(String name, String row) throws SQLException {
    return cells(name, Bytes.toBytes(row), true);
  }

  private String backend(Connection c) {
    return c == mem ? "mem" : "hbase";
  }

  @Override
  public void close() throws SQLException {
    try {
      hbase.close();
    } finally {
      mem.close();
    }
  }
}
