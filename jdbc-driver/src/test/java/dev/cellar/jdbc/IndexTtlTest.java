package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.assertFails;
import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.sql.schema.CellarSchema;
import dev.cellar.storage.CellarStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.jdbc.CalciteConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Indexes of a table with a TTL answer exactly what a full scan of the table answers, at every
 * moment: an expired row is found through none of them, and a row written again (whole, or some
 * of its columns, by UPSERT or UPDATE) is found through every index, with all its values, as long
 * as it lives. Once, expired rows were still found through their indexes.
 *
 * <p>Each case writes rows, writes some again {@value #REWRITE} ms later, and reads when the
 * first writes have expired but not the second ({@link #firstGone}), then when all have
 * ({@link #allGone}). The statements are run once before (on rows that expire before the first
 * read) so that their plans are ready and the reads come on time.
 */
class IndexTtlTest {
  /** The tables' TTL, in ms. */
  private static final long TTL = 4000;
  /** When rows are written again, after the first writes. */
  private static final long REWRITE = 2500;
  /** How long past a row's TTL a read waits. */
  private static final long MARGIN = 200;

  private Connection c;
  /** When the first writes ended, and when the second began and ended. */
  private long firstEnd;
  private long secondStart;
  private long secondEnd;

  @BeforeEach
  void open() throws Exception {
    c = Sql.connect(Sql.freshMem());
  }

  @AfterEach
  void close() throws Exception {
    c.close();
  }

  private static void until(long time) throws InterruptedException {
    long wait = time - System.currentTimeMillis();
    if (wait > 0) {
      Thread.sleep(wait);
    }
  }

  /** Statements run in a test's timeline. */
  interface Step {
    void run() throws Exception;
  }

  /** Runs the first writes, then at {@link #REWRITE} the second ones. */
  private void writes(Step first, Step second) throws Exception {
    first.run();
    firstEnd = System.currentTimeMillis();
    until(firstEnd + REWRITE);
    secondStart = System.currentTimeMillis();
    second.run();
    secondEnd = System.currentTimeMillis();
    assertTrue(secondEnd < firstEnd + TTL, "the second writes ended " + (secondEnd - firstEnd)
        + " ms after the first, past their TTL: too slow a machine");
  }

  /** Waits until the first writes have expired; the reads after it must end before the second ones expire. */
  private void firstGone() throws InterruptedException {
    until(firstEnd + TTL + MARGIN);
  }

  /** Checks that the reads since {@link #firstGone} ended while the second writes lived. */
  private void stillInTime() {
    long late = System.currentTimeMillis() - (secondStart + TTL);
    assertTrue(late < 0, "the reads ended " + late + " ms after the rows written again expired: too slow a machine");
  }

  private void allGone() throws InterruptedException {
    until(secondEnd + TTL + MARGIN);
  }

  /**
   * {@code SELECT cols FROM table WHERE cond ORDER BY id} gives {@code expected} through index
   * {@code index} (forced, and shown by EXPLAIN) and through a full scan of the table alike;
   * while {@link #warming}, only runs them.
   */
  private void same(String table, String index, String cols, String cond, String... expected) throws Exception {
    String q = "SELECT " + cols + " FROM " + table + " /*+ %s */ WHERE " + cond + " ORDER BY id";
    String byIndex = String.format(q, "INDEX(" + index + ")");
    if (explained.add(byIndex)) {
      String plan = String.join("\n", Sql.strings(c, "EXPLAIN " + byIndex));
      assertTrue(plan.contains("INDEX " + index.toUpperCase()), plan);
    }
    if (warming) {
      Sql.strings(c, String.format(q, "NO_INDEX"));
      Sql.strings(c, byIndex);
      return;
    }
    assertRows(c, String.format(q, "NO_INDEX"), expected);
    assertRows(c, byIndex, expected);
  }

  /** Whether {@link #same} only runs its queries, so that their plans are ready. */
  private boolean warming;
  /** The queries through an index whose plans {@link #same} has checked. */
  private final Set<String> explained = new HashSet<>();
  /** The statements {@link #exec} has prepared, by SQL. */
  private final Map<String, PreparedStatement> prepared = new HashMap<>();

  /** Runs {@code sql} with {@code params} through a statement prepared once, so that it is planned once. */
  private void exec(String sql, Object... params) throws Exception {
    PreparedStatement p = prepared.get(sql);
    if (p == null) {
      p = c.prepareStatement(sql);
      prepared.put(sql, p);
    }
    for (int i = 0; i < params.length; i++) {
      p.setObject(i + 1, params[i]);
    }
    p.execute();
  }

  /** Table {@code t} with a TTL and indexes of every kind: global, covering, LOCAL, covering LOCAL, unique. */
  private void create(String t) throws Exception {
    run(c, "CREATE TABLE " + t + " (id INTEGER PRIMARY KEY, v VARCHAR, w INTEGER) TTL=4",
        "CREATE INDEX " + t + "_v ON " + t + " (v)", "CREATE INDEX " + t + "_v_w ON " + t + " (v) INCLUDE (w)",
        "CREATE LOCAL INDEX " + t + "_w ON " + t + " (w)",
        "CREATE LOCAL INDEX " + t + "_w_v ON " + t + " (w) INCLUDE (v)",
        "CREATE UNIQUE INDEX " + t + "_u ON " + t + " (w)");
  }

  /**
   * Reads table {@code t} of {@link #create} through each of its indexes, covering the query and
   * not: the rows {@code rows} ({@code id, v, w}, by id), none with a NULL value.
   */
  private void read(String t, String... rows) throws Exception {
    String[] byW = Arrays.stream(rows).map(r -> {
      String[] f = r.split(", ");
      return f[0] + ", " + f[2] + ", " + f[1];
    }).toArray(String[]::new);
    String[] idW = Arrays.stream(rows).map(r -> r.substring(0, r.indexOf(',')) + r.substring(r.lastIndexOf(',')))
        .toArray(String[]::new);
    same(t, t + "_v", "id, v, w", "v >= 'a'", rows);
    same(t, t + "_v_w", "id, v, w", "v >= 'a'", rows);
    same(t, t + "_w", "id, w, v", "w > 0", byW);
    same(t, t + "_w_v", "id, w, v", "w > 0", byW);
    same(t, t + "_u", "id, w", "w > 0", idW);
    same(t, t + "_v_w", "id", "v IS NULL");
    same(t, t + "_w_v", "id", "w IS NULL");
  }

  /**
   * UPSERT of every column, UPSERT of the indexed column only, UPSERT of another column only
   * (rows 1 to 3); UPDATE leaving the indexed value alone, UPDATE changing it, DELETE (rows 4 to
   * 6): each row written again is found through every index, with all its values, until it
   * expires; row 7, not written again, expires with its entries.
   */
  @Test
  void writingARowAgainRenewsItWithEveryEntryOfIt() throws Exception {
    create("t");
    String upsert = "UPSERT INTO t VALUES (?, ?, ?)";
    String upsertV = "UPSERT INTO t (id, v) VALUES (?, ?)";
    String upsertW = "UPSERT INTO t (id, w) VALUES (?, ?)";
    String updateW = "UPDATE t SET w = ? WHERE id = ?";
    String updateV = "UPDATE t SET v = ? WHERE id = ?";
    String delete = "DELETE FROM t WHERE id = ?";
    // the statements once, on rows that expire before the first read
    exec(upsert, 91, "x", 91);
    exec(upsertV, 91, "y");
    exec(upsertW, 91, 92);
    exec(updateW, 93, 91);
    exec(updateV, "z", 91);
    exec(delete, 91);
    warming = true;
    read("t");
    warming = false;
    writes(() -> {
      for (int i = 1; i <= 7; i++) {
        exec(upsert, i, String.valueOf((char) ('a' + i - 1)), i * 10);
      }
    }, () -> {
      exec(upsert, 1, "a", 10); // every column again
      exec(upsertV, 2, "b2"); // the indexed column of t_v, a new value
      exec(upsertW, 3, 30); // w only, as it was; v is kept
      exec(updateW, 41, 4); // t_v's value unchanged
      exec(updateV, "e2", 5); // t_v's value changed, t_w's unchanged
      exec(delete, 6);
    });
    firstGone();
    read("t", "1, a, 10", "2, b2, 20", "3, c, 30", "4, d, 41", "5, e2, 50");
    stillInTime();
    allGone();
    read("t");
    // the unique index has no entry of an expired row left to conflict with
    run(c, "INSERT INTO t VALUES (8, 'h', 10)");
    assertRows(c, "SELECT id FROM t /*+ INDEX(t_u) */ WHERE w = 10", "8");
  }

  @Test
  void anIndexBuiltOverExistingRowsGivesEachEntryItsRowsLife() throws Exception {
    run(c, "CREATE TABLE b (id INTEGER PRIMARY KEY, v VARCHAR, w INTEGER) TTL=4");
    String upsert = "UPSERT INTO %s VALUES (?, ?, ?)";
    exec(String.format(upsert, "b"), 91, "x", 91);
    writes(() -> {
      exec(String.format(upsert, "b"), 1, "a", 10);
      exec(String.format(upsert, "b"), 2, "b", 20);
    }, () -> {
      exec(String.format(upsert, "b"), 1, "a", 10);
      run(c, "CREATE INDEX b_v ON b (v) INCLUDE (w)", "CREATE LOCAL INDEX b_w ON b (w)");
    });
    // the reads once, so that their plans are ready
    warming = true;
    same("b", "b_v", "id, v, w", "v >= 'a'");
    same("b", "b_w", "id, w", "w > 0");
    warming = false;
    firstGone();
    same("b", "b_v", "id, v, w", "v >= 'a'", "1, a, 10");
    same("b", "b_w", "id, w", "w > 0", "1, 10");
    stillInTime();
    allGone();
    same("b", "b_v", "id, v, w", "v >= 'a'");
    same("b", "b_w", "id, w", "w > 0");
  }

  @Test
  void familiesWithTheirOwnTtlsAnIndexChecksItsRows() throws Exception {
    // family 0 (the row's marker, v) keeps cells 2 s, family B (w) 4 s: a row lives as long as any cell
    run(c, "CREATE TABLE p (id INTEGER PRIMARY KEY, v VARCHAR, b.w INTEGER) TTL=2, b.TTL=4");
    assertFails(c, "0A000", "CREATE INDEX p_v ON p (v)", "P_V", "V (family 0, TTL 2 s)", "TTL 4 s");
    run(c, "CREATE INDEX p_w ON p (w)", "CREATE LOCAL INDEX p_wl ON p (w)");
    for (String ix : List.of("p_w", "p_wl")) {
      same("p", ix, "id", "w IS NULL");
      same("p", ix, "id, w", "w = 5");
    }
    // row 1 has cells in family 0 only: it is gone after 2 s, before its entries (4 s)
    run(c, "UPSERT INTO p VALUES (1, 'x', NULL)", "UPSERT INTO p VALUES (2, 'y', 5)");
    long written = System.currentTimeMillis();
    until(written + 2000 + MARGIN);
    for (String ix : List.of("p_w", "p_wl")) {
      same("p", ix, "id", "w IS NULL");
      same("p", ix, "id, w", "w = 5", "2, 5");
    }
    assertTrue(System.currentTimeMillis() < written + TTL, "the reads came too late");
    until(written + TTL + MARGIN);
    for (String ix : List.of("p_w", "p_wl")) {
      same("p", ix, "id, w", "w = 5");
    }
  }

  @Test
  void alterTableTtlReachesItsIndexes() throws Exception {
    run(c, "CREATE TABLE t (id INTEGER PRIMARY KEY, v VARCHAR, b.w INTEGER)",
        "CREATE INDEX t_v ON t (v)", "CREATE LOCAL INDEX t_vl ON t (v)", "CREATE INDEX t_w ON t (w)");
    run(c, "ALTER TABLE t SET TTL=4");
    CellarStore store = c.unwrap(CalciteConnection.class).getRootSchema().getSubSchema("PUBLIC")
        .unwrap(CellarSchema.class).session().database().store();
    assertEquals(4, store.admin().describe("_cellar_index.T.T_V").family("0").ttlSeconds());
    assertEquals(4, store.admin().describe("T").family("_i.T_VL").ttlSeconds());
    same("t", "t_v", "id", "v = 'a'");
    same("t", "t_vl", "id", "v = 'a'");
    run(c, "UPSERT INTO t VALUES (1, 'a', 5)");
    long written = System.currentTimeMillis();
    same("t", "t_vl", "id", "v = 'a'", "1");
    until(written + TTL + MARGIN);
    same("t", "t_v", "id", "v = 'a'");
    same("t", "t_vl", "id", "v = 'a'");
    same("t", "t_w", "id", "w = 5");
    // an index whose column would expire before the rows do: a shorter TTL, a family kept forever
    assertFails(c, "0A000", "ALTER TABLE t SET b.TTL=1", "T_W", "W (family B, TTL 1 s)");
    assertEquals(4, store.admin().describe("T").family("B").ttlSeconds());
    assertFails(c, "0A000", "ALTER TABLE t ADD c.x INTEGER", "T_V", "V (family 0, TTL 4 s)", "kept forever");
    run(c, "ALTER TABLE t ADD c.x INTEGER c.TTL=4");
    run(c, "ALTER TABLE t SET TTL=FOREVER");
    assertEquals(Arrays.asList(false, false), Arrays.asList(
        store.admin().describe("_cellar_index.T.T_V").family("0").hasTtl(),
        store.admin().describe("T").family("_i.T_VL").hasTtl()));
  }
}
