package dev.cellar.sql.ddl;

import dev.cellar.sql.CellarSqlException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits a DDL statement into {@link Token}s, tracking line and column. Unquoted identifiers are
 * upper-cased (as Calcite's parser and Phoenix do), {@code "quoted"} ones keep their case
 * ({@code ""} is a quote), {@code 'strings'} use {@code ''} for a quote; {@code --} and
 * {@code /* *}{@code /} comments are skipped.
 */
public final class DdlLexer {
  private final String sql;
  private int pos;
  private int line = 1;
  private int col = 1;

  private DdlLexer(String sql) {
    this.sql = sql;
  }

  /** The tokens of {@code sql}, ending with an {@link Token.Kind#END} token. */
  public static List<Token> tokenize(String sql) {
    return new DdlLexer(sql).run();
  }

  private List<Token> run() {
    List<Token> out = new ArrayList<>();
    while (true) {
      skipSpaceAndComments();
      if (pos >= sql.length()) {
        out.add(new Token(Token.Kind.END, "", line, col, pos));
        return out;
      }
      int l = line;
      int c = col;
      int start = pos;
      char ch = sql.charAt(pos);
      if (Character.isLetter(ch) || ch == '_') {
        while (pos < sql.length() && (Character.isLetterOrDigit(sql.charAt(pos)) || sql.charAt(pos) == '_'
            || sql.charAt(pos) == '$')) {
          advance();
        }
        out.add(new Token(Token.Kind.WORD, sql.substring(start, pos).toUpperCase(Locale.ROOT), l, c, start));
      } else if (Character.isDigit(ch) || (ch == '.' && pos + 1 < sql.length() && Character.isDigit(sql.charAt(pos + 1))
          && !(out.size() > 0 && endsName(out.get(out.size() - 1))))) {
        while (pos < sql.length() && (Character.isDigit(sql.charAt(pos)) || sql.charAt(pos) == '.')) {
          advance();
        }
        if (pos < sql.length() && (sql.charAt(pos) == 'e' || sql.charAt(pos) == 'E')) {
          advance();
          if (pos < sql.length() && (sql.charAt(pos) == '+' || sql.charAt(pos) == '-')) {
            advance();
          }
          while (pos < sql.length() && Character.isDigit(sql.charAt(pos))) {
            advance();
          }
        }
        out.add(new Token(Token.Kind.NUMBER, sql.substring(start, pos), l, c, start));
      } else if (ch == '"' || ch == '\'') {
        out.add(new Token(ch == '"' ? Token.Kind.QUOTED : Token.Kind.STRING, quoted(ch, l, c), l, c, start));
      } else {
        // any other character is a one-character symbol; the parser decides whether it belongs
        // (the query of CREATE VIEW is taken as text)
        advance();
        out.add(new Token(Token.Kind.SYMBOL, String.valueOf(ch), l, c, start));
      }
    }
  }

  private static boolean endsName(Token t) {
    return t.kind() == Token.Kind.WORD || t.kind() == Token.Kind.QUOTED;
  }

  private String quoted(char q, int l, int c) {
    StringBuilder sb = new StringBuilder();
    advance();
    while (true) {
      if (pos >= sql.length()) {
        throw CellarSqlException.syntax("Syntax error at line " + l + ", column " + c + ": unterminated "
            + (q == '"' ? "quoted identifier" : "string literal"));
      }
      char ch = sql.charAt(pos);
      advance();
      if (ch == q) {
        if (pos < sql.length() && sql.charAt(pos) == q) {
          sb.append(q);
          advance();
        } else {
          return sb.toString();
        }
      } else {
        sb.append(ch);
      }
    }
  }

  private void skipSpaceAndComments() {
    while (pos < sql.length()) {
      char ch = sql.charAt(pos);
      if (Character.isWhitespace(ch)) {
        advance();
      } else if (sql.startsWith("--", pos)) {
        while (pos < sql.length() && sql.charAt(pos) != '\n') {
          advance();
        }
      } else if (sql.startsWith("/*", pos)) {
        int end = sql.indexOf("*/", pos + 2);
        int stop = end < 0 ? sql.length() : end + 2;
        while (pos < stop) {
          advance();
        }
      } else {
        return;
      }
    }
  }

  private void advance() {
    if (sql.charAt(pos) == '\n') {
      line++;
      col = 1;
    } else {
      col++;
    }
    pos++;
  }
}
