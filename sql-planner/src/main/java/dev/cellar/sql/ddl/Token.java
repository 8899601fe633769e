package dev.cellar.sql.ddl;

import dev.cellar.sql.parser.SqlLexer.Kind;

/**
 * One token of a DDL statement.
 *
 * @param kind what it is, as the lexer of Cellar's SQL parser reads it
 * @param text identifiers as SQL names them (unquoted ones upper-cased, quoted ones as
 *     written), the value of a string literal, a number or symbol as written
 * @param line 1-based line of its first character
 * @param column 1-based column of its first character
 * @param offset 0-based offset of its first character in the statement
 */
public record Token(Kind kind, String text, int line, int column, int offset) {
  /** Whether this is the unquoted word {@code w} (upper case). */
  boolean is(String w) {
    return kind == Kind.WORD && text.equals(w);
  }

  /** Whether this is the symbol {@code s}. */
  boolean isSymbol(String s) {
    return kind == Kind.SYMBOL && text.equals(s);
  }

  /** {@code line 3, column 14}. */
  String position() {
    return "line " + line + ", column " + column;
  }

  /** How an error message shows it. */
  String show() {
    switch (kind) {
      case END:
        return "end of statement";
      case STRING:
        return "'" + text.replace("'", "''") + "'";
      case QUOTED:
        return "\"" + text.replace("\"", "\"\"") + "\"";
      default:
        return "'" + text + "'";
    }
  }
}
