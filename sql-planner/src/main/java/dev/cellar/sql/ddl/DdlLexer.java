package dev.cellar.sql.ddl;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.parser.SqlLexer;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a DDL statement into {@link Token}s with the lexer of Cellar's SQL parser
 * ({@link SqlLexer}), so that DDL reads identifiers, literals and positions as queries do:
 * unquoted identifiers are upper-cased, {@code "quoted"} ones keep their case ({@code ""} is a
 * quote), {@code 'strings'} use {@code ''} for a quote; {@code --} and {@code /* *}{@code /}
 * comments are skipped.
 */
public final class DdlLexer {
  private DdlLexer() {}

  /** The tokens of {@code sql}, ending with an {@link Kind#END} token. */
  static List<Token> tokenize(String sql) {
    List<SqlLexer.Lexeme> lexemes;
    try {
      lexemes = SqlLexer.tokenize(sql);
    } catch (SqlLexer.UnterminatedException e) {
      throw CellarSqlException.syntax(e.getMessage());
    }
    List<Token> out = new ArrayList<>(lexemes.size());
    for (SqlLexer.Lexeme l : lexemes) {
      out.add(new Token(l.kind(), l.text(), l.line(), l.column(), l.offset()));
    }
    return out;
  }
}
