package dev.cellar.sql.prepare;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.parser.SqlLexer;
import dev.cellar.sql.parser.SqlLexer.Kind;
import dev.cellar.sql.parser.SqlLexer.Lexeme;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;

/**
 * Phoenix's {@code NEXT n VALUES FOR s}, which Calcite's parser does not know: before the parse
 * it becomes {@code CELLAR_NEXT_VALUES(NEXT VALUE FOR s, n)} ({@link #phoenixForm}), and the
 * validator turns that call into one of {@link SequenceOperators#NEXT_VALUES}, which reserves
 * {@code n} consecutive values and returns the first.
 */
final class NextValues {
  /** The name of the call the text form becomes. */
  static final String MARKER = "CELLAR_NEXT_VALUES";

  private NextValues() {}

  /** {@code sql} with each {@code NEXT n VALUES FOR s} written as a call the parser reads; {@code sql} if it has none. */
  static String phoenixForm(String sql) {
    if (!containsIgnoreCase(sql, "VALUES") || !containsIgnoreCase(sql, "NEXT")) {
      return sql;
    }
    List<Lexeme> tokens;
    try {
      tokens = SqlLexer.tokenize(sql);
    } catch (SqlLexer.UnterminatedException e) {
      return sql; // the parser reports it
    }
    StringBuilder out = null;
    int copied = 0;
    for (int i = 0; i + 4 < tokens.size(); i++) {
      if (!word(tokens.get(i), "NEXT") || tokens.get(i + 1).kind() != Kind.NUMBER
          || !word(tokens.get(i + 2), "VALUES") || !word(tokens.get(i + 3), "FOR")) {
        continue;
      }
      // the sequence's name: NAME or SCHEMA.NAME, each part plain or quoted
      int j = i + 4;
      if (!name(tokens.get(j))) {
        continue;
      }
      if (symbol(tokens.get(j + 1), ".") && j + 2 < tokens.size() && name(tokens.get(j + 2))) {
        j += 2;
      }
      Lexeme n = tokens.get(i + 1);
      checkCount(n);
      Lexeme last = tokens.get(j);
      int end = tokens.get(j + 1).offset();
      // the name's text as written, up to the token after it (trailing blanks dropped)
      String nameText = sql.substring(tokens.get(i + 4).offset(), end).stripTrailing();
      if (out == null) {
        out = new StringBuilder(sql.length() + 32);
      }
      out.append(sql, copied, tokens.get(i).offset()).append(MARKER).append("(NEXT VALUE FOR ").append(nameText)
          .append(", ").append(n.text()).append(')');
      copied = tokens.get(i + 4).offset() + nameText.length();
      i = j;
      if (last.kind() == Kind.END) {
        break;
      }
    }
    return out == null ? sql : out.append(sql, copied, sql.length()).toString();
  }

  /**
   * Whether {@code call} is the marker call {@link #phoenixForm} wrote: a sequence call and the
   * count of values.
   */
  static boolean isMarker(SqlCall call) {
    return call.getOperator().getName().equalsIgnoreCase(MARKER) && call.operandCount() == 2
        && call.operand(0) instanceof SqlCall seq && SequenceOperators.isSequenceCall(seq);
  }

  /**
   * The count of values of a marker call.
   *
   * @throws CellarSqlException 22023 unless it is a whole number from 1 to 2^31 - 1 (as {@link #phoenixForm} checked)
   */
  static long count(SqlCall call) {
    SqlNode n = call.operand(1);
    Long v = null;
    if (n instanceof SqlNumericLiteral lit && lit.isInteger()) {
      try {
        v = lit.getValueAs(Long.class);
      } catch (RuntimeException e) {
        v = null;
      }
    }
    if (v == null || v < 1 || v > Integer.MAX_VALUE) {
      throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, "NEXT " + n + " VALUES FOR: the number of "
          + "values must be a whole number from 1 to " + Integer.MAX_VALUE);
    }
    return v;
  }

  /** @throws CellarSqlException 22023 naming the position unless {@code n} is a whole number from 1 to 2^31 - 1 */
  private static void checkCount(Lexeme n) {
    boolean ok = n.text().matches("[0-9]{1,10}") && Long.parseLong(n.text()) >= 1
        && Long.parseLong(n.text()) <= Integer.MAX_VALUE;
    if (!ok) {
      throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, "NEXT " + n.text() + " VALUES FOR (line "
          + n.line() + ", column " + n.column() + "): the number of values must be a whole number from 1 to "
          + Integer.MAX_VALUE);
    }
  }

  private static boolean containsIgnoreCase(String s, String w) {
    return s.toUpperCase(java.util.Locale.ROOT).contains(w);
  }

  private static boolean word(Lexeme t, String w) {
    return t.kind() == Kind.WORD && t.text().equals(w);
  }

  private static boolean name(Lexeme t) {
    return t.kind() == Kind.WORD || t.kind() == Kind.QUOTED;
  }

  private static boolean symbol(Lexeme t, String s) {
    return t.kind() == Kind.SYMBOL && t.text().equals(s);
  }
}
