package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.assertFails;
import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sequences: CREATE and DROP SEQUENCE, NEXT VALUE FOR and CURRENT VALUE FOR, as in Phoenix. */
class SequenceTest {
  private static final int THREADS = 4;
  private static final int PER_THREAD = 500;

  @Test
  void valuesFollowTheDefinition() throws Exception {
    try (Connection c = Sql.connect(Sql.freshMem())) {
      run(c, "CREATE SEQUENCE s");
      assertRows(c, "SELECT NEXT VALUE FOR s", "1");
      assertRows(c, "SELECT NEXT VALUE FOR s, CURRENT VALUE FOR s", "2, 2");
      assertRows(c, "SELECT CURRENT VALUE FOR s", "2");
      run(c, "CREATE SEQUENCE IF NOT EXISTS public.s2 START WITH 100 INCREMENT BY 10 CACHE 3");
      assertRows(c, "SELECT NEXT VALUE FOR s2", "100");
      assertRows(c, "SELECT NEXT VALUE FOR public.s2", "110");
      run(c, "CREATE SEQUENCE IF NOT EXISTS s2 START 5");
      assertRows(c, "SELECT NEXT VALUE FOR s2", "120");
      run(c, "CREATE SEQUENCE other.down START 3 INCREMENT -1 MINVALUE 1");
      assertRows(c, "SELECT NEXT VALUE FOR other.down", "3");
      assertRows(c, "SELECT NEXT VALUE FOR other.down", "2");
      assertRows(c, "SELECT NEXT VALUE FOR other.down", "1");
      assertFails(c, "2200H", "SELECT NEXT VALUE FOR other.down", "OTHER.DOWN", "MINVALUE 1");
      assertRows(c, "SELECT SEQUENCE_SCHEMA, SEQUENCE_NAME, START_WITH, INCREMENT_BY, CACHE_SIZE FROM CELLAR.SEQUENCES "
          + "ORDER BY 1, 2", "OTHER, DOWN, 3, -1, 100", "PUBLIC, S, 1, 1, 100", "PUBLIC, S2, 100, 10, 3");
    }
  }

  @Test
  void nextNValuesReservesThemConsecutivelyAndReturnsTheFirst() throws Exception {
    try (Connection c = Sql.connect(Sql.freshMem())) {
      run(c, "CREATE SEQUENCE s CACHE 5", "CREATE SEQUENCE public.\"Ten\" START WITH 10 INCREMENT BY 10 MAXVALUE 100 "
          + "CACHE 2");
      assertRows(c, "SELECT NEXT VALUE FOR s", "1");
      // 2..4 are left in the batch: taken from it
      assertRows(c, "SELECT NEXT 3 VALUES FOR s, CURRENT VALUE FOR s", "2, 2");
      assertRows(c, "SELECT NEXT VALUE FOR s", "5");
      // more than the cache holds: a batch of its own
      assertRows(c, "select next 12 values for S", "6");
      assertRows(c, "SELECT NEXT VALUE FOR s", "18");
      // 19..22 are left in the batch: not 5 consecutive values with the next batch's, so skipped
      assertRows(c, "SELECT NEXT 5 VALUES FOR public.s", "23");
      assertRows(c, "SELECT NEXT VALUE FOR s", "28");
      assertRows(c, "SELECT NEXT 2 VALUES FOR public.\"Ten\"", "10");
      assertRows(c, "SELECT NEXT VALUE FOR \"Ten\"", "30");
      // 40 is left in the batch, 50..100 in the store
      assertFails(c, "2200H", "SELECT NEXT 8 VALUES FOR \"Ten\"", "PUBLIC.Ten", "6 values left", "MAXVALUE 100");
      assertRows(c, "SELECT NEXT 6 VALUES FOR \"Ten\"", "50");
      assertFails(c, "2200H", "SELECT NEXT VALUE FOR \"Ten\"", "PUBLIC.Ten", "MAXVALUE 100");
      run(c, "CREATE TABLE t (id BIGINT PRIMARY KEY, v VARCHAR)");
      run(c, "UPSERT INTO t VALUES (NEXT 100 VALUES FOR s, 'a')");
      run(c, "UPSERT INTO t VALUES (NEXT VALUE FOR s, 'b')");
      assertRows(c, "SELECT id, v FROM t ORDER BY id", "33, a", "133, b");
      assertFails(c, "22023", "SELECT NEXT 0 VALUES FOR s", "line 1, column 13", "from 1 to");
      assertFails(c, "42S02", "SELECT NEXT 2 VALUES FOR nope", "sequence NOPE does not exist");
      // the text of a string is left alone
      assertRows(c, "SELECT 'NEXT 2 VALUES FOR s'", "NEXT 2 VALUES FOR s");
    }
  }

  @Test
  void cycleMinAndMax() throws Exception {
    try (Connection c = Sql.connect(Sql.freshMem())) {
      run(c, "CREATE SEQUENCE c START WITH 2 INCREMENT BY 2 MINVALUE 1 MAXVALUE 7 CYCLE CACHE 2");
      List<Long> got = new ArrayList<>();
      for (int i = 0; i < 7; i++) {
        got.add(one(c, "SELECT NEXT VALUE FOR c"));
      }
      assertEquals(List.of(2L, 4L, 6L, 1L, 3L, 5L, 7L), got);
      assertEquals(1L, one(c, "SELECT NEXT VALUE FOR c"));
      run(c, "CREATE SEQUENCE d START WITH -2 INCREMENT BY -3 MINVALUE -8 MAXVALUE 0 CYCLE");
      got.clear();
      for (int i = 0; i < 5; i++) {
        got.add(one(c, "SELECT NEXT VALUE FOR d"));
      }
      assertEquals(List.of(-2L, -5L, -8L, 0L, -3L), got);
      run(c, "CREATE SEQUENCE e START WITH 9223372036854775806 CACHE 10");
      assertEquals(Long.MAX_VALUE - 1, one(c, "SELECT NEXT VALUE FOR e"));
      assertEquals(Long.MAX_VALUE, one(c, "SELECT NEXT VALUE FOR e"));
      assertFails(c, "2200H", "SELECT NEXT VALUE FOR e", "PUBLIC.E", "MAXVALUE");
    }
  }

  @Test
  void errors() throws Exception {
    try (Connection c = Sql.connect(Sql.freshMem())) {
      assertFails(c, "42S02", "SELECT NEXT VALUE FOR nope", "sequence NOPE does not exist", "line 1, column 23");
      run(c, "CREATE SEQUENCE s");
      assertFails(c, "42S01", "CREATE SEQUENCE s", "PUBLIC.S exists already");
      assertFails(c, "55000", "SELECT CURRENT VALUE FOR s", "PUBLIC.S", "NEXT VALUE FOR");
      assertFails(c, "22023", "CREATE SEQUENCE z INCREMENT BY 0", "INCREMENT BY cannot be 0");
      assertFails(c, "22023", "CREATE SEQUENCE z MINVALUE 5 MAXVALUE 1", "MINVALUE 5");
      assertFails(c, "22023", "CREATE SEQUENCE z START WITH 0 MINVALUE 1", "START WITH 0");
      assertFails(c, "22023", "CREATE SEQUENCE z CACHE 0", "CACHE");
      assertFails(c, "42000", "CREATE SEQUENCE z START WITH 1 START WITH 2", "line 1, column 32", "twice");
      assertFails(c, "42000", "CREATE SEQUENCE z INCREMENT BY x", "a number after INCREMENT");
      run(c, "DROP SEQUENCE s");
      assertFails(c, "42S02", "SELECT NEXT VALUE FOR s", "sequence S does not exist");
      assertFails(c, "42S02", "DROP SEQUENCE s", "PUBLIC.S does not exist");
      run(c, "DROP SEQUENCE IF EXISTS s");
      run(c, "CREATE SEQUENCE s START WITH 40");
      assertRows(c, "SELECT NEXT VALUE FOR s", "40");
    }
  }

  @Test
  void aPreparedStatementAfterDropFailsAndStartsAgainAfterCreate() throws Exception {
    try (Connection c = Sql.connect(Sql.freshMem())) {
      run(c, "CREATE SEQUENCE s");
      try (PreparedStatement p = c.prepareStatement("SELECT NEXT VALUE FOR s")) {
        assertEquals(1L, one(p));
        run(c, "DROP SEQUENCE s");
        SQLException e = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class, () -> one(p));
        assertEquals("42S02", e.getSQLState());
        run(c, "CREATE SEQUENCE s START WITH 7");
        assertEquals(7L, one(p));
      }
    }
  }

  @Test
  void oneValuePerRowInSelectsAndUpserts() throws Exception {
    try (Connection c = Sql.connect(Sql.freshMem())) {
      run(c, "CREATE SEQUENCE s", "CREATE TABLE t (id BIGINT PRIMARY KEY, copy BIGINT, name VARCHAR)",
          "UPSERT INTO t VALUES (NEXT VALUE FOR s, NEXT VALUE FOR s, 'a')",
          "UPSERT INTO t (id, name) VALUES (NEXT VALUE FOR s, 'b'), (NEXT VALUE FOR s, 'c')",
          "INSERT INTO t (id, copy, name) VALUES (NEXT VALUE FOR s, CURRENT VALUE FOR s, 'd')");
      assertRows(c, "SELECT id, copy, name FROM t ORDER BY id", "1, 1, a", "2, null, b", "3, null, c", "4, 4, d");
      run(c, "CREATE TABLE u (id BIGINT PRIMARY KEY, src BIGINT)",
          "UPSERT INTO u SELECT NEXT VALUE FOR s, id FROM t");
      assertRows(c, "SELECT COUNT(*), COUNT(DISTINCT id), MIN(id), MAX(id) FROM u", "4, 4, 5, 8");
      assertRows(c, "SELECT NEXT VALUE FOR s, name FROM t ORDER BY name", "9, a", "10, b", "11, c", "12, d");
      try (PreparedStatement p = c.prepareStatement("UPSERT INTO t (id, name) VALUES (NEXT VALUE FOR s, ?)")) {
        p.setString(1, "e");
        assertEquals(1, p.executeUpdate());
        p.setString(1, "f");
        assertEquals(1, p.executeUpdate());
      }
      assertRows(c, "SELECT id, name FROM t WHERE id > 12 ORDER BY id", "13, e", "14, f");
    }
  }

  /**
   * {@value #THREADS} threads, each on its own connection, take values of one sequence with a
   * small cache: no value twice, every batch handed out whole, and after the database is closed
   * and opened again the values continue past everything handed out.
   */
  @Test
  void concurrentConnectionsNeverShareAValueAcrossARestart(@TempDir Path dir) throws Exception {
    String url = "jdbc:cellar:file:" + dir.resolve("db");
    Set<Long> seen = new HashSet<>();
    try (Connection c = Sql.connect(url)) {
      run(c, "CREATE SEQUENCE s CACHE 7");
      seen.addAll(takeConcurrently(url));
      assertEquals(THREADS * PER_THREAD, seen.size(), "no value handed out twice");
      // one process: batches are taken in order, so the values are 1..n with no gap
      assertEquals(THREADS * PER_THREAD, (long) seen.stream().mapToLong(Long::longValue).max().orElse(0));
    }
    try (Connection c = Sql.connect(url)) {
      List<Long> more = takeConcurrently(url);
      for (long v : more) {
        assertTrue(seen.add(v), "value " + v + " handed out again after the restart");
        assertTrue(v > THREADS * PER_THREAD, "value " + v + " not past the values before the restart");
      }
      assertRows(c, "SELECT SEQUENCE_NAME, CACHE_SIZE FROM CELLAR.SEQUENCES", "S, 7");
    }
  }

  /** Values taken by {@value #THREADS} connections at once; each thread's in increasing order. */
  private static List<Long> takeConcurrently(String url) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<List<Long>>> futures = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        futures.add(pool.submit(() -> {
          List<Long> mine = new ArrayList<>();
          try (Connection c = Sql.connect(url);
              PreparedStatement p = c.prepareStatement("SELECT NEXT VALUE FOR s")) {
            for (int i = 0; i < PER_THREAD; i++) {
              long v = one(p);
              if (!mine.isEmpty()) {
                assertTrue(v > mine.get(mine.size() - 1), "values of one connection increase");
              }
              mine.add(v);
            }
          }
          return mine;
        }));
      }
      List<Long> all = new ArrayList<>();
      for (Future<List<Long>> f : futures) {
        all.addAll(f.get());
      }
      return all;
    } finally {
      pool.shutdownNow();
    }
  }

  private static long one(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      assertTrue(rs.next());
      return rs.getLong(1);
    }
  }

  private static long one(PreparedStatement p) throws SQLException {
    try (ResultSet rs = p.executeQuery()) {
      assertTrue(rs.next());
      return rs.getLong(1);
    }
  }
}
