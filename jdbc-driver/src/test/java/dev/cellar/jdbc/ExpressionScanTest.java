package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigInteger;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every integer operator and common numeric and string functions over boundary values (the
 * least and greatest value of each integer type, 0, -1, 1, NULL; empty, short and long text),
 * computed over columns holding the values and, for a sample (longer with
 * {@code cellar.test.scale}), as literals folded while planning. Each answer is the
 * mathematically right one ({@link BigInteger} arithmetic), or, where the type cannot hold it, an
 * SQLException with its SQLState: 22003 out of range, 22012 division by zero. Never another
 * answer, SQLState XX000, a message naming a Java exception, or anything but an SQLException.
 */
class ExpressionScanTest {
  private static final int SCALE = Integer.getInteger("cellar.test.scale", 1);
  private static final Pattern JAVA_EXCEPTION = Pattern.compile("[A-Za-z]+(Exception|Error)\\b");
  private static final String OUT_OF_RANGE = "22003";
  private static final String DIVISION_BY_ZERO = "22012";

  /** An integer type and its range. */
  private enum IntType {
    TINYINT(Byte.MIN_VALUE, Byte.MAX_VALUE),
    SMALLINT(Short.MIN_VALUE, Short.MAX_VALUE),
    INTEGER(Integer.MIN_VALUE, Integer.MAX_VALUE),
    BIGINT(Long.MIN_VALUE, Long.MAX_VALUE);

    final BigInteger min;
    final BigInteger max;

    IntType(long min, long max) {
      this.min = BigInteger.valueOf(min);
      this.max = BigInteger.valueOf(max);
    }

    List<BigInteger> boundaries() {
      return Arrays.asList(min, max, BigInteger.ZERO, BigInteger.ONE.negate(), BigInteger.ONE, null);
    }

    /** The literal of {@code v} typed as this type. */
    String literal(BigInteger v) {
      return "CAST(" + (v == null ? "NULL" : v.toString()) + " AS " + name() + ")";
    }
  }

  /** What an expression must give: a value (null for NULL) or an SQLState. */
  private record Expected(BigInteger value, String state) {
    static Expected of(BigInteger v, IntType t) {
      if (v != null && (v.compareTo(t.min) < 0 || v.compareTo(t.max) > 0)) {
        return new Expected(null, OUT_OF_RANGE);
      }
      return new Expected(v, null);
    }
  }

  private static final List<String> BINARY = List.of("+", "-", "*", "/", "MOD");
  private static final List<String> UNARY = List.of("-", "ABS", "SIGN");

  private static Connection c;

  @BeforeAll
  static void load() throws Exception {
    c = Sql.connect(Sql.freshMem());
    for (IntType t : IntType.values()) {
      run(c, "CREATE TABLE pairs_" + t + " (id INTEGER PRIMARY KEY, x " + t + ", y " + t + ")");
      List<BigInteger> values = t.boundaries();
      try (PreparedStatement p = c.prepareStatement("UPSERT INTO pairs_" + t + " VALUES (?, ?, ?)")) {
        for (int i = 0; i < values.size(); i++) {
          for (int j = 0; j < values.size(); j++) {
            p.setInt(1, i * values.size() + j);
            p.setObject(2, values.get(i) == null ? null : values.get(i).longValue());
            p.setObject(3, values.get(j) == null ? null : values.get(j).longValue());
            p.executeUpdate();
          }
        }
      }
    }
    run(c, "CREATE TABLE texts (id INTEGER PRIMARY KEY, s VARCHAR)");
    try (PreparedStatement p = c.prepareStatement("UPSERT INTO texts VALUES (?, ?)")) {
      for (int i = 0; i < TEXTS.size(); i++) {
        p.setInt(1, i);
        p.setString(2, TEXTS.get(i));
        p.executeUpdate();
      }
    }
  }

  @AfterAll
  static void close() throws Exception {
    c.close();
  }

  private static Expected binary(String op, BigInteger a, BigInteger b, IntType t) {
    if (a == null || b == null) {
      return new Expected(null, null);
    }
    switch (op) {
      case "+":
        return Expected.of(a.add(b), t);
      case "-":
        return Expected.of(a.subtract(b), t);
      case "*":
        return Expected.of(a.multiply(b), t);
      case "/":
        return b.signum() == 0 ? new Expected(null, DIVISION_BY_ZERO) : Expected.of(a.divide(b), t);
      default:
        return b.signum() == 0 ? new Expected(null, DIVISION_BY_ZERO) : Expected.of(a.remainder(b), t);
    }
  }

  private static Expected unary(String op, BigInteger a, IntType t) {
    if (a == null) {
      return new Expected(null, null);
    }
    switch (op) {
      case "-":
        return Expected.of(a.negate(), t);
      case "ABS":
        return Expected.of(a.abs(), t);
      default:
        return Expected.of(BigInteger.valueOf(a.signum()), t);
    }
  }

  private static String binarySql(String op, String x, String y) {
    return op.equals("MOD") ? "MOD(" + x + ", " + y + ")" : x + " " + op + " " + y;
  }

  private static String unarySql(String op, String x) {
    return op.equals("-") ? "-(" + x + ")" : op + "(" + x + ")";
  }

  @Test
  void integerOperatorsOverColumns() throws Exception {
    int checked = 0;
    for (IntType t : IntType.values()) {
      List<BigInteger> values = t.boundaries();
      for (String op : BINARY) {
        String sql = "SELECT " + binarySql(op, "x", "y") + " FROM pairs_" + t + " WHERE id = ?";
        try (PreparedStatement p = c.prepareStatement(sql)) {
          for (int i = 0; i < values.size(); i++) {
            for (int j = 0; j < values.size(); j++) {
              p.setInt(1, i * values.size() + j);
              String what = sql + " with x = " + values.get(i) + ", y = " + values.get(j);
              check(what, binary(op, values.get(i), values.get(j), t), () -> p.executeQuery());
              checked++;
            }
          }
        }
      }
      for (String op : UNARY) {
        String sql = "SELECT " + unarySql(op, "x") + " FROM pairs_" + t + " WHERE id = ?";
        try (PreparedStatement p = c.prepareStatement(sql)) {
          for (int i = 0; i < values.size(); i++) {
            p.setInt(1, i * values.size());
            check(sql + " with x = " + values.get(i), unary(op, values.get(i), t), () -> p.executeQuery());
            checked++;
          }
        }
      }
    }
    assertEquals(IntType.values().length * (BINARY.size() * 36 + UNARY.size() * 6), checked);
  }

  @Test
  void integerOperatorsOverLiterals() throws Exception {
    List<Runnable> cases = new ArrayList<>();
    for (IntType t : IntType.values()) {
      for (BigInteger a : t.boundaries()) {
        for (String op : UNARY) {
          cases.add(() -> checkLiteral(unarySql(op, t.literal(a)), unary(op, a, t)));
        }
        for (BigInteger b : t.boundaries()) {
          for (String op : BINARY) {
            cases.add(() -> checkLiteral(binarySql(op, t.literal(a), t.literal(b)), binary(op, a, b, t)));
          }
        }
      }
    }
    // every case at a scale of 10 or more; a seeded sample of them otherwise
    java.util.Collections.shuffle(cases, new Random(42));
    int n = Math.min(cases.size(), SCALE >= 10 ? cases.size() : 60 * SCALE);
    for (Runnable r : cases.subList(0, n)) {
      r.run();
    }
  }

  private static void checkLiteral(String expression, Expected expected) {
    String sql = "SELECT " + expression;
    try (Statement s = c.createStatement()) {
      check(sql, expected, () -> s.executeQuery(sql));
    } catch (SQLException e) {
      fail(sql + ": " + e);
    }
  }

  /** A query of one row and one column. */
  private interface Query {
    ResultSet run() throws SQLException;
  }

  private static void check(String what, Expected expected, Query query) {
    String got;
    try (ResultSet rs = query.run()) {
      assertTrue(rs.next(), what);
      got = rs.getString(1);
      assertFalse(rs.next(), what);
    } catch (SQLException e) {
      checkError(what, e);
      assertEquals(expected.state == null ? "a value: " + expected.value : expected.state, e.getSQLState(),
          () -> what + ": " + e.getMessage());
      return;
    } catch (Throwable t) {
      throw new AssertionError(what + " threw " + t + ", not an SQLException", t);
    }
    assertEquals(expected.state == null ? String.valueOf(expected.value) : "SQLState " + expected.state,
        String.valueOf(got), what);
  }

  private static void checkError(String what, SQLException e) {
    assertNotEquals("XX000", e.getSQLState(), () -> what + ": " + e.getMessage());
    assertFalse(JAVA_EXCEPTION.matcher(e.getMessage()).find(), () -> what + " names a Java exception: "
        + e.getMessage());
  }

  // ---- text ----------------------------------------------------------------------------------

  private static final List<String> TEXTS = Arrays.asList("", "a", " Ab c ", "x".repeat(1000) + "B", null);

  /** A text function: its SQL over {@code s}, and what it gives in Java. */
  private record TextFunction(String sql, Function<String, Object> java) {
    /** A function that is NULL for a NULL {@code s}. */
    static TextFunction strict(String sql, Function<String, Object> java) {
      return new TextFunction(sql, s -> s == null ? null : java.apply(s));
    }
  }

  private static final List<TextFunction> TEXT_FUNCTIONS = List.of(
      TextFunction.strict("UPPER(s)", s -> s.toUpperCase(Locale.ROOT)),
      TextFunction.strict("LOWER(s)", s -> s.toLowerCase(Locale.ROOT)),
      TextFunction.strict("CHAR_LENGTH(s)", String::length),
      TextFunction.strict("TRIM(s)", s -> s.strip()),
      TextFunction.strict("s || '|' || s", s -> s + "|" + s),
      TextFunction.strict("SUBSTRING(s FROM 2 FOR 3)", s -> s.substring(Math.min(1, s.length()),
          Math.min(4, s.length()))),
      TextFunction.strict("POSITION('b' IN s)", s -> s.indexOf('b') + 1),
      TextFunction.strict("REPLACE(s, 'x', 'yz')", s -> s.replace("x", "yz")),
      TextFunction.strict("CHAR_LENGTH(s || s) + 1", s -> 2 * s.length() + 1),
      new TextFunction("CASE WHEN s = '' THEN 'none' ELSE 'some' END || '|'",
          s -> (s != null && s.isEmpty() ? "none" : "some") + "|"));

  @Test
  void textFunctionsOverColumnsAndLiterals() throws Exception {
    for (TextFunction f : TEXT_FUNCTIONS) {
      String sql = "SELECT " + f.sql + " FROM texts WHERE id = ?";
      try (PreparedStatement p = c.prepareStatement(sql)) {
        for (int i = 0; i < TEXTS.size(); i++) {
          String s = TEXTS.get(i);
          Object expected = f.java.apply(s);
          p.setInt(1, i);
          String what = sql + " with s = " + (s == null ? null : "'" + abbreviate(s) + "'");
          checkText(what, expected, p::executeQuery);
          // the same over a literal, folded while planning (or computed by the generated code)
          String literal = s == null ? "CAST(NULL AS VARCHAR)" : "'" + s.replace("'", "''") + "'";
          String folded = literalSql(f.sql, literal);
          try (Statement st = c.createStatement()) {
            checkText(folded.length() > 120 ? what + " as a literal" : folded, expected,
                () -> st.executeQuery(folded));
          }
        }
      }
    }
  }

  /** {@code sql} over the literal {@code literal} in place of the column {@code s}. */
  private static String literalSql(String sql, String literal) {
    return "SELECT " + sql.replaceAll("\\bs\\b", java.util.regex.Matcher.quoteReplacement(literal));
  }

  private static String abbreviate(String s) {
    return s.length() > 12 ? s.substring(0, 5) + "...(" + s.length() + ")" : s;
  }

  private static void checkText(String what, Object expected, Query query) {
    try (ResultSet rs = query.run()) {
      assertTrue(rs.next(), what);
      assertEquals(expected == null ? null : String.valueOf(expected), rs.getString(1), what);
      assertFalse(rs.next(), what);
    } catch (SQLException e) {
      checkError(what, e);
      fail(what + ": " + e.getSQLState() + " " + e.getMessage());
    }
  }
}
