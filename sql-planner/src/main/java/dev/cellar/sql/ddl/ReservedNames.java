package dev.cellar.sql.ddl;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.parser.CellarParser;
import dev.cellar.sql.parser.SqlLexer.Kind;

/**
 * The rule for names in DDL, the same as in queries: a word that Cellar's SQL parser reserves
 * ({@link CellarParser#isReserved}) is a name only when quoted. DDL accepting a name that no
 * query could then use unquoted would leave a table whose columns every statement must quote.
 */
final class ReservedNames {
  private ReservedNames() {}

  /**
   * Refuses {@code t} as {@code what} (e.g. "a column name") if it is an unquoted reserved word,
   * naming the word, its position and its quoted form.
   */
  static void check(Token t, String what) {
    if (t.kind() == Kind.WORD && CellarParser.isReserved(t.text())) {
      throw error(t, what);
    }
  }

  private static CellarSqlException error(Token t, String what) {
    return DdlTokens.error(t, "expected " + what + "; " + t.text() + " is a reserved word, write it quoted as "
        + CellarParser.quoted(t.text()) + " to use it as a name");
  }
}
