package dev.cellar.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The fluent idiom of plan tests (STYLE.md): {@code check(c, sql).explainContains("path=[FULL
 * SCAN]").returns("1, a", "2, b")}.
 */
final class Check {
  private final Connection c;
  private final String sql;

  private Check(Connection c, String sql) {
    this.c = c;
    this.sql = sql;
  }

  static Check check(Connection c, String sql) {
    return new Check(c, sql);
  }

  /** The plan {@code EXPLAIN PLAN FOR} prints. */
  String plan() throws SQLException {
    return String.join("\n", Sql.strings(c, "EXPLAIN PLAN FOR " + sql));
  }

  Check explainContains(String... parts) throws SQLException {
    String plan = plan();
    for (String p : parts) {
      assertTrue(plan.contains(p), () -> "plan of " + sql + " lacks " + p + ":\n" + plan);
    }
    return this;
  }

  /** The rows, each rendered as {@code getString} values joined by ", ", in order. */
  Check returns(String... rows) throws SQLException {
    assertEquals(Arrays.asList(rows), Sql.strings(c, sql), sql);
    return this;
  }

  /** The rows in any order. */
  Check returnsUnordered(String... rows) throws SQLException {
    List<String> expected = new ArrayList<>(Arrays.asList(rows));
    List<String> actual = new ArrayList<>(Sql.strings(c, sql));
    Collections.sort(expected);
    Collections.sort(actual);
    assertEquals(expected, actual, sql);
    return this;
  }
}
