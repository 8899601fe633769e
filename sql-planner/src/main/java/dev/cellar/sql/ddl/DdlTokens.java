package dev.cellar.sql.ddl;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.ddl.DdlStatement.Name;
import dev.cellar.sql.parser.SqlLexer.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * The cursor over a DDL statement's tokens ({@link DdlLexer}) and the small pieces of grammar
 * every statement shares: names (with the rule for reserved words, {@link ReservedNames}),
 * words, literals, options, {@code IF [NOT] EXISTS}, and syntax errors that name the line,
 * column and token.
 */
final class DdlTokens {
  final String sql;
  final List<Token> tokens;
  /** The next token. */
  int i;

  DdlTokens(String sql) {
    this.sql = sql;
    this.tokens = DdlLexer.tokenize(sql);
  }

  List<DdlStatement.Option> options() {
    if (peek().kind() == Kind.END || peek().isSymbol(";") || peek().is("SPLIT")) {
      return List.of();
    }
    return optionList();
  }

  List<DdlStatement.Option> optionList() {
    List<DdlStatement.Option> out = new ArrayList<>();
    do {
      Token at = peek();
      String family = null;
      String name = word("an option name");
      if (acceptSymbol(".")) {
        family = name;
        at = peek();
        name = word("an option name after '" + family + ".'");
      }
      expectSymbol("=");
      Token v = literal("a value for option " + name);
      out.add(new DdlStatement.Option(family, name.toUpperCase(java.util.Locale.ROOT), v.text(), at));
    } while (acceptSymbol(","));
    return out;
  }

  /** A string, a (signed) number or a word such as TRUE, NONE or FOREVER. */
  Token literal(String what) {
    Token t = peek();
    if (t.isSymbol("-") || t.isSymbol("+")) {
      i++;
      Token n = peek();
      if (n.kind() != Kind.NUMBER) {
        throw error(n, "expected a number after '" + t.text() + "'");
      }
      i++;
      return new Token(Kind.NUMBER, (t.text().equals("-") ? "-" : "") + n.text(), t.line(), t.column(),
          t.offset());
    }
    if (t.kind() == Kind.STRING || t.kind() == Kind.NUMBER || t.kind() == Kind.WORD) {
      i++;
      return t;
    }
    throw error(t, "expected " + what);
  }

  int intLiteral(String what) {
    Token t = peek();
    if (t.kind() != Kind.NUMBER) {
      throw error(t, "expected " + what);
    }
    i++;
    try {
      return Integer.parseInt(t.text());
    } catch (NumberFormatException e) {
      throw error(t, "expected " + what + " (a whole number)");
    }
  }

  boolean ifNotExists() {
    if (accept("IF")) {
      expectWord("NOT");
      expectWord("EXISTS");
      return true;
    }
    return false;
  }

  boolean ifExists() {
    if (accept("IF")) {
      expectWord("EXISTS");
      return true;
    }
    return false;
  }

  Name name() {
    Token at = peek();
    String first = identifier("a name");
    if (acceptSymbol(".")) {
      return new Name(first, identifier("a name after '" + first + ".'"), at);
    }
    return new Name(null, first, at);
  }

  /** A name: quoted, or an unquoted word that Cellar's SQL parser does not reserve ({@link ReservedNames}). */
  String identifier(String what) {
    ReservedNames.check(peek(), what);
    return word(what);
  }

  /** A word or quoted identifier that is not a name, such as an option or a collation. */
  String word(String what) {
    Token t = peek();
    if (t.kind() == Kind.WORD || t.kind() == Kind.QUOTED) {
      i++;
      return t.text();
    }
    throw error(t, "expected " + what);
  }

  Token peek() {
    return tokens.get(i);
  }

  Token peek(int ahead) {
    return tokens.get(Math.min(i + ahead, tokens.size() - 1));
  }

  Token previous() {
    return tokens.get(Math.max(0, i - 1));
  }

  boolean accept(String word) {
    if (peek().is(word)) {
      i++;
      return true;
    }
    return false;
  }

  boolean acceptSymbol(String s) {
    if (peek().isSymbol(s)) {
      i++;
      return true;
    }
    return false;
  }

  void expectWord(String word) {
    if (!accept(word)) {
      throw error(peek(), "expected " + word);
    }
  }

  void expectSymbol(String s) {
    if (!acceptSymbol(s)) {
      throw error(peek(), "expected '" + s + "'");
    }
  }

  /** A syntax error at {@code t}. */
  static CellarSqlException error(Token t, String expected) {
    return CellarSqlException.syntax("Syntax error at " + t.position() + " near " + t.show() + ": " + expected);
  }
}
