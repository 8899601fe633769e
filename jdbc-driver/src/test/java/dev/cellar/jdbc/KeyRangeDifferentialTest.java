package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Key ranges lose no row and invent none: random predicates over a table keyed by
 * {@code (a INTEGER, b VARCHAR DESC, c BIGINT)} — negative numbers, a descending string in the
 * middle of the key, strings that are prefixes of each other — return the same rows as over a
 * copy of the table without a primary key, which can only be scanned whole.
 */
class KeyRangeDifferentialTest {
  private static final String[] STRINGS = {"", "a", "ab", "abc", "abd", "b", "ba", "z", "\u00e9t\u00e9", "a b"};
  private static Connection c;

  @BeforeAll
  static void load() throws Exception {
    c = Sql.connect(Sql.freshMem());
    run(c, "CREATE TABLE keyed (a INTEGER NOT NULL, b VARCHAR NOT NULL, c BIGINT NOT NULL, v INTEGER, "
        + "CONSTRAINT pk PRIMARY KEY (a, b DESC, c))", "CREATE TABLE heap (a INTEGER, b VARCHAR, c BIGINT, v INTEGER)",
        "CREATE TABLE salted (a INTEGER NOT NULL, b VARCHAR NOT NULL, c BIGINT NOT NULL, v INTEGER, "
            + "CONSTRAINT pk PRIMARY KEY (a, b DESC, c)) SALT_BUCKETS=3");
    Random r = new Random(7);
    StringJoiner rows = new StringJoiner(", ");
    int n = 0;
    for (int a = -3; a <= 3; a++) {
      for (String b : STRINGS) {
        for (long cc : new long[] {Long.MIN_VALUE, -5, 0, 7, Long.MAX_VALUE}) {
          if (r.nextInt(4) > 0) {
            rows.add("(" + a + ", '" + b + "', " + cc + ", " + (n++) + ")");
          }
        }
      }
    }
    run(c, "INSERT INTO keyed VALUES " + rows, "INSERT INTO heap VALUES " + rows, "INSERT INTO salted VALUES " + rows);
  }

  @AfterAll
  static void close() throws Exception {
    c.close();
  }

  @Test
  void randomKeyPredicatesAgreeWithAFullScan() throws Exception {
    Random r = new Random(42);
    int bounded = 0;
    for (int i = 0; i < 400; i++) {
      String where = predicate(r, 2);
      String keyed = "SELECT a, b, c, v FROM keyed WHERE " + where;
      String heap = "SELECT a, b, c, v FROM heap WHERE " + where;
      List<String> expected = sorted(Sql.strings(c, heap));
      assertEquals(expected, sorted(Sql.strings(c, keyed)), keyed);
      if (!Check.check(c, keyed).plan().contains("FULL SCAN")) {
        bounded++;
      }
    }
    assertTrue(bounded > 200, "most random predicates bound the key; only " + bounded + " did");
  }

  @Test
  void orderedReadsOfASaltedTableMergeItsBucketsInKeyOrder() throws Exception {
    Random r = new Random(11);
    for (int i = 0; i < 120; i++) {
      String where = predicate(r, 1);
      String order = r.nextBoolean() ? "a, b DESC, c" : "a DESC, b, c DESC";
      String limit = r.nextInt(3) == 0 ? " LIMIT " + (1 + r.nextInt(20)) : "";
      String salted = "SELECT a, b, c, v FROM salted WHERE " + where + " ORDER BY " + order + limit;
      assertEquals(Sql.strings(c, "SELECT a, b, c, v FROM heap WHERE " + where + " ORDER BY " + order + limit),
          Sql.strings(c, salted), salted);
    }
  }

  private static String predicate(Random r, int depth) {
    int kind = r.nextInt(depth > 0 ? 10 : 7);
    switch (kind) {
      case 0:
        return "a " + op(r) + " " + (r.nextInt(9) - 4);
      case 1:
        return "a IN (" + (r.nextInt(9) - 4) + ", " + (r.nextInt(9) - 4) + ", " + (r.nextInt(9) - 4) + ")";
      case 2:
        return "a = " + (r.nextInt(7) - 3) + " AND b " + op(r) + " '" + STRINGS[r.nextInt(STRINGS.length)] + "'";
      case 3:
        return "a = " + (r.nextInt(7) - 3) + " AND b LIKE '" + STRINGS[r.nextInt(STRINGS.length)] + "%'";
      case 4:
        return "a BETWEEN " + (r.nextInt(9) - 4) + " AND " + (r.nextInt(9) - 4) + " AND c " + op(r) + " "
            + new long[] {Long.MIN_VALUE, -6, -5, 0, 7, 8, Long.MAX_VALUE}[r.nextInt(7)];
      case 5:
        return "a = " + (r.nextInt(7) - 3) + " AND b = '" + STRINGS[r.nextInt(STRINGS.length)] + "' AND c "
            + op(r) + " " + (r.nextInt(20) - 10);
      case 6:
        return "a " + op(r) + " " + (r.nextInt(9) - 4) + ".5";
      case 7:
        return "(" + predicate(r, depth - 1) + ") OR (" + predicate(r, depth - 1) + ")";
      case 8:
        return "(" + predicate(r, depth - 1) + ") AND (" + predicate(r, depth - 1) + ")";
      default:
        return "(" + predicate(r, depth - 1) + ") AND v > " + r.nextInt(200);
    }
  }

  private static String op(Random r) {
    return new String[] {"=", "<", "<=", ">", ">=", "<>"}[r.nextInt(6)];
  }

  private static List<String> sorted(List<String> rows) {
    List<String> s = new ArrayList<>(rows);
    s.sort(null);
    return s;
  }
}
