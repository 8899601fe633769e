package dev.cellar.jdbc.reliability;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;

/**
 * Mutates SQL text token by token: deletes, swaps, duplicates and replaces tokens, puts huge
 * literals, invalid Unicode and deep nesting in, cuts statements short, and makes IN lists of
 * 10,000 elements.
 */
final class SqlMutator {
  private static final String[] TOKENS = {"SELECT", "FROM", "WHERE", "AND", "OR", "NOT", "NULL", "(", ")", ",", "*",
      "=", "<>", "<", ">=", "+", "-", "/", "||", "IN", "LIKE", "BETWEEN", "IS", "CASE", "WHEN", "THEN", "ELSE", "END",
      "CAST", "AS", "ORDER", "BY", "GROUP", "HAVING", "LIMIT", "OFFSET", "DISTINCT", "JOIN", "ON", "UNION", "ALL",
      "EXISTS", "VALUES", "SET", "INTO", "PRIMARY", "KEY", "INDEX", "TABLE", "VIEW", "?", "'", "\"", ";", ".", "0",
      "-1", "1.5e308", "''", "DATE", "TIMESTAMP", "INTERVAL", "COUNT(*)", "SUM", "OVER", "PARTITION", "ROWS", "MAP",
      "ARRAY", "[", "]", "DESC", "ASC", "NULLS", "FIRST", "EXPLAIN", "ANALYZE", "WITH", "RECURSIVE", "LATERAL",
      "UNNEST", "TABLESAMPLE", "FETCH", "NEXT", "ROW", "ONLY", "CURRENT_TIMESTAMP", "USER", "VERSIONS", "TTL"};
  private static final String[] ODD_TEXT = {"\uD800", "\uDFFF\uD800", "\u0000", "\uFFFE", "\uFFFF", "\u202E",
      "\uD83D\uDE00", "\u00e9", "\r\n", "\t", "\\", "%", "_", "'||'", "--", "/*", "*/", "\u2028"};

  /**
   * The most values of an IN list or OR chain that may land on a column outside the key: Calcite
   * compiles such a filter to Java, in time that grows with the square of the values, and past
   * about 700 values the code is too large for the JVM (54001). TESTING.md lists this.
   */
  static final int MAX_LIST = 200;

  /**
   * The longest chain of unary operators ({@code - - - x}, {@code NOT NOT x}): one of some 1,500
   * minus signs before nested sub-queries took Calcite more than a minute. TESTING.md lists this.
   */
  static final int MAX_UNARY = 200;

  private final Random r;

  SqlMutator(Random r) {
    this.r = r;
  }

  /** The tokens of {@code sql}: quoted strings and names whole, words, numbers, single symbols. */
  static List<String> tokens(String sql) {
    List<String> out = new ArrayList<>();
    int i = 0;
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
        continue;
      }
      int start = i;
      if (c == '\'' || c == '"') {
        i++;
        while (i < n && !(sql.charAt(i) == c && (i + 1 == n || sql.charAt(i + 1) != c))) {
          i += sql.charAt(i) == c ? 2 : 1;
        }
        i = Math.min(n, i + 1);
      } else if (Character.isLetterOrDigit(c) || c == '_') {
        while (i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_'
            || sql.charAt(i) == '.' && Character.isDigit(c))) {
          i++;
        }
      } else {
        i++;
      }
      out.add(sql.substring(start, i));
    }
    return out;
  }

  /** One to three mutations of {@code sql}. */
  String mutate(String sql) {
    List<String> t = tokens(sql);
    int n = 1 + r.nextInt(3);
    for (int k = 0; k < n && !t.isEmpty(); k++) {
      mutateOnce(t);
    }
    return String.join(" ", t);
  }

  private void mutateOnce(List<String> t) {
    int i = r.nextInt(t.size());
    switch (r.nextInt(12)) {
      case 0:
        t.remove(i);
        break;
      case 1: {
        int j = r.nextInt(t.size());
        String a = t.get(i);
        t.set(i, t.get(j));
        t.set(j, a);
        break;
      }
      case 2:
        t.add(i, t.get(i));
        break;
      case 3:
        t.set(i, TOKENS[r.nextInt(TOKENS.length)]);
        break;
      case 4:
        t.add(i, TOKENS[r.nextInt(TOKENS.length)]);
        break;
      case 5: { // a huge literal in place of a literal (or anywhere)
        int lit = literalIndex(t, i);
        t.set(lit, hugeLiteral());
        break;
      }
      case 6: { // invalid or odd Unicode inside a token
        String tok = t.get(i);
        int at = r.nextInt(tok.length() + 1);
        t.set(i, tok.substring(0, at) + ODD_TEXT[r.nextInt(ODD_TEXT.length)] + tok.substring(at));
        break;
      }
      case 7: { // deep nesting of an operand
        int lit = literalIndex(t, i);
        int depth = r.nextInt(4) == 0 ? 500 + r.nextInt(5000) : 20 + r.nextInt(200);
        String open = r.nextBoolean() ? "(" : r.nextBoolean() ? "-(" : "ABS(";
        t.set(lit, open.repeat(depth) + t.get(lit) + ")".repeat(depth));
        break;
      }
      case 8: // cut short
        t.subList(i, t.size()).clear();
        break;
      case 9: { // an IN list after a name (the 10,000-value lists are bigIn's, over the key)
        int count = 1 + r.nextInt(MAX_LIST);
        t.add(i + 1, (r.nextBoolean() ? "IN (" : "NOT IN (") + inList(count, r.nextBoolean()) + ")");
        break;
      }
      case 10: { // a nested sub-query
        int lit = literalIndex(t, i);
        int depth = 2 + r.nextInt(r.nextInt(4) == 0 ? 60 : 20);
        t.set(lit, "(SELECT ".repeat(depth) + t.get(lit) + ")".repeat(depth));
        break;
      }
      default: { // a NOT / unary minus chain, or a long chain of ORs
        if (r.nextBoolean()) {
          t.add(i, (r.nextBoolean() ? "NOT " : "- ").repeat(1 + r.nextInt(MAX_UNARY)));
        } else {
          StringJoiner or = new StringJoiner(" OR ");
          int count = 1 + r.nextInt(r.nextInt(4) == 0 ? MAX_LIST : 50);
          for (int k = 0; k < count; k++) {
            or.add(t.get(i) + " = " + k);
          }
          t.set(i, or.toString());
        }
      }
    }
  }

  /** A literal's index near {@code i}, or {@code i} itself if there is none. */
  private static int literalIndex(List<String> t, int i) {
    for (int k = 0; k < t.size(); k++) {
      int j = (i + k) % t.size();
      String s = t.get(j);
      if (!s.isEmpty() && (s.charAt(0) == '\'' || Character.isDigit(s.charAt(0)))) {
        return j;
      }
    }
    return i;
  }

  String hugeLiteral() {
    switch (r.nextInt(9)) {
      case 0:
        return "9".repeat(20 + r.nextInt(5000));
      case 1:
        return "-" + "9".repeat(19 + r.nextInt(40));
      case 2:
        return "0." + "0".repeat(r.nextInt(2000)) + "1";
      case 3:
        return "1e" + (r.nextBoolean() ? "" : "-") + (300 + r.nextInt(100000));
      case 4:
        return "'" + "x".repeat(1000 + r.nextInt(100_000)) + "'";
      case 5:
        return "'" + "\uD800".repeat(1 + r.nextInt(100)) + "'";
      case 6:
        return "X'" + "0f".repeat(r.nextInt(5000)) + (r.nextBoolean() ? "" : "g") + "'";
      case 7:
        return "DATE '" + (r.nextInt(100000) - 50000) + "-13-45'";
      default:
        return "'" + "''".repeat(r.nextInt(5000)) + "'";
    }
  }

  private String inList(int count, boolean strings) {
    StringJoiner j = new StringJoiner(", ");
    for (int k = 0; k < count; k++) {
      j.add(strings ? "'v" + k + "'" : Integer.toString(k));
    }
    return j.toString();
  }

  /**
   * A statement over the fuzzer's own table {@code FZ (ID INTEGER, NAME VARCHAR, AMT BIGINT)} with
   * an IN list: of 10,000 values (or up to 2,000) over the key, of up to {@link #MAX_LIST} over other columns.
   */
  String bigIn() {
    int count = r.nextBoolean() ? 10_000 : 1 + r.nextInt(2000);
    switch (r.nextInt(5)) {
      case 0:
        return "SELECT COUNT(*) FROM FZ WHERE ID IN (" + inList(count, false) + ")";
      case 1:
        return "SELECT ID, NAME FROM FZ WHERE ID IN (" + inList(count, false) + ") ORDER BY ID DESC LIMIT 20";
      case 2:
        return "SELECT ID FROM FZ WHERE ID NOT IN (" + inList(count, false) + ")";
      case 3:
        return "SELECT ID FROM FZ WHERE NAME IN (" + inList(1 + r.nextInt(MAX_LIST), true) + ") ORDER BY ID";
      default:
        return "SELECT NAME FROM FZ WHERE ID IN (" + inList(count, false) + ") AND AMT IN ("
            + inList(1 + r.nextInt(MAX_LIST), false) + ")";
    }
  }
}
