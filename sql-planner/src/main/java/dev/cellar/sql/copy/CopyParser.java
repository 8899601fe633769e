package dev.cellar.sql.copy;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.parser.SqlLexer;
import dev.cellar.sql.parser.SqlLexer.Kind;
import dev.cellar.sql.parser.SqlLexer.Lexeme;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Parses {@code COPY}, in PostgreSQL's form:
 *
 * <pre>
 * COPY [schema.]t [(c, ...)] FROM 'file' [[WITH] (option [, option]*)]
 * COPY [schema.]t [(c, ...)] TO 'file' [[WITH] (option [, option]*)]
 * COPY (query) TO 'file' [[WITH] (option [, option]*)]
 * option := FORMAT CSV | JSON | HEADER [TRUE | FALSE] | DELIMITER 'c' | QUOTE 'c' | NULL 'text'
 *         | DATE_FORMAT 'pattern' | TIMESTAMP_FORMAT 'pattern' | REJECT_LIMIT n | REJECT_FILE 'file'
 * </pre>
 *
 * Tokens are those of Cellar's SQL lexer ({@link SqlLexer}); errors are
 * {@link SqlState#SYNTAX_ERROR}s naming the line, column and token.
 */
public final class CopyParser {
  private final String sql;
  private final List<Lexeme> tokens;
  private int pos;

  private CopyParser(String sql) {
    this.sql = sql;
    try {
      this.tokens = SqlLexer.tokenize(sql);
    } catch (SqlLexer.UnterminatedException e) {
      throw CellarSqlException.syntax(e.getMessage());
    }
  }

  /** Parses one {@code COPY} statement. */
  public static CopyStatement parse(String sql) {
    return new CopyParser(sql).statement();
  }

  private CopyStatement statement() {
    expectWord("COPY");
    String table = null;
    String query = null;
    List<String> columns = new ArrayList<>();
    if (acceptSymbol("(")) {
      int depth = 1;
      Lexeme first = peek();
      Lexeme last = first;
      while (depth > 0) {
        Lexeme t = next();
        if (t.kind() == Kind.END) {
          throw error(t, "expected ) after the query");
        }
        if (t.kind() == Kind.SYMBOL && t.text().equals("(")) {
          depth++;
        } else if (t.kind() == Kind.SYMBOL && t.text().equals(")")) {
          depth--;
        }
        if (depth > 0) {
          last = t;
        } else {
          query = sql.substring(first.offset(), t.offset()).trim();
        }
      }
      if (query.isEmpty() || last == null) {
        throw error(first, "expected a query");
      }
    } else {
      table = name("a table name");
      if (acceptSymbol(".")) {
        String schema = table;
        table = name("a table name");
        if (!schema.equals("PUBLIC")) {
          throw new CellarSqlException(SqlState.SCHEMA_NOT_FOUND, "schema " + schema
              + " does not exist; tables live in schema PUBLIC");
        }
      }
      if (acceptSymbol("(")) {
        do {
          columns.add(name("a column name"));
        } while (acceptSymbol(","));
        expectSymbol(")");
      }
    }
    boolean from;
    Lexeme dir = peek();
    if (acceptWord("FROM")) {
      from = true;
      if (query != null) {
        throw error(dir, "a query can only be copied TO a file");
      }
    } else if (acceptWord("TO")) {
      from = false;
    } else {
      throw error(dir, "expected FROM or TO");
    }
    Lexeme file = next();
    if (file.kind() != Kind.STRING) {
      throw error(file, "expected the file's path as a string literal");
    }
    if (file.text().isEmpty()) {
      throw error(file, "the file's path is empty");
    }
    CopyOptions options = CopyOptions.DEFAULTS;
    boolean with = acceptWord("WITH");
    if (with || peekSymbol("(")) {
      expectSymbol("(");
      do {
        options = option(options);
      } while (acceptSymbol(","));
      expectSymbol(")");
    }
    acceptSymbol(";");
    if (peek().kind() != Kind.END) {
      throw error(peek(), "expected end of statement");
    }
    return new CopyStatement(table, List.copyOf(columns), query, from, file.text(), options);
  }

  private CopyOptions option(CopyOptions o) {
    Lexeme at = next();
    if (at.kind() != Kind.WORD) {
      throw error(at, "expected an option (FORMAT, HEADER, DELIMITER, QUOTE, NULL, DATE_FORMAT, TIMESTAMP_FORMAT, "
          + "REJECT_LIMIT, REJECT_FILE)");
    }
    switch (at.text()) {
      case "FORMAT": {
        Lexeme f = next();
        String v = f.kind() == Kind.WORD || f.kind() == Kind.STRING ? f.text().toUpperCase(Locale.ROOT) : "";
        if (v.equals("CSV")) {
          return o.withFormat(CopyOptions.Format.CSV);
        }
        if (v.equals("JSON") || v.equals("JSONL")) {
          return o.withFormat(CopyOptions.Format.JSON);
        }
        throw error(f, "expected CSV or JSON after FORMAT");
      }
      case "HEADER":
        if (acceptWord("FALSE")) {
          return o.withHeader(false);
        }
        acceptWord("TRUE");
        return o.withHeader(true);
      case "DELIMITER":
        return o.withDelimiter(character(at));
      case "QUOTE":
        return o.withQuote(character(at));
      case "NULL":
        return o.withNullString(string(at));
      case "DATE_FORMAT":
        return o.withDateFormat(string(at));
      case "TIMESTAMP_FORMAT":
        return o.withTimestampFormat(string(at));
      case "REJECT_FILE":
        return o.withRejectFile(string(at));
      case "REJECT_LIMIT": {
        Lexeme n = next();
        if (n.kind() != Kind.NUMBER || !n.text().matches("[0-9]{1,18}")) {
          throw error(n, "expected a whole number of rows after REJECT_LIMIT");
        }
        return o.withRejectLimit(Long.parseLong(n.text()));
      }
      default:
        throw error(at, "unknown COPY option; expected FORMAT, HEADER, DELIMITER, QUOTE, NULL, DATE_FORMAT, "
            + "TIMESTAMP_FORMAT, REJECT_LIMIT or REJECT_FILE");
    }
  }

  private String string(Lexeme option) {
    Lexeme v = next();
    if (v.kind() != Kind.STRING) {
      throw error(v, "expected a string literal after " + option.text());
    }
    return v.text();
  }

  private char character(Lexeme option) {
    Lexeme v = next();
    if (v.kind() != Kind.STRING || v.text().length() != 1) {
      throw error(v, "expected one character as a string literal after " + option.text());
    }
    char c = v.text().charAt(0);
    if (c == '\n' || c == '\r') {
      throw error(v, option.text() + " cannot be a line break");
    }
    return c;
  }

  private String name(String what) {
    Lexeme t = next();
    if (t.kind() != Kind.WORD && t.kind() != Kind.QUOTED) {
      throw error(t, "expected " + what);
    }
    return t.text();
  }

  private Lexeme peek() {
    return tokens.get(pos);
  }

  private Lexeme next() {
    Lexeme t = tokens.get(pos);
    if (t.kind() != Kind.END) {
      pos++;
    }
    return t;
  }

  private boolean peekSymbol(String s) {
    return peek().kind() == Kind.SYMBOL && peek().text().equals(s);
  }

  private boolean acceptSymbol(String s) {
    if (peekSymbol(s)) {
      pos++;
      return true;
    }
    return false;
  }

  private boolean acceptWord(String w) {
    if (peek().kind() == Kind.WORD && peek().text().equals(w)) {
      pos++;
      return true;
    }
    return false;
  }

  private void expectWord(String w) {
    if (!acceptWord(w)) {
      throw error(peek(), "expected " + w);
    }
  }

  private void expectSymbol(String s) {
    if (!acceptSymbol(s)) {
      throw error(peek(), "expected " + s);
    }
  }

  private static CellarSqlException error(Lexeme t, String message) {
    String shown = switch (t.kind()) {
      case END -> "end of statement";
      case STRING -> "'" + t.text().replace("'", "''") + "'";
      case QUOTED -> "\"" + t.text().replace("\"", "\"\"") + "\"";
      default -> t.text();
    };
    return CellarSqlException.syntax("Syntax error at line " + t.line() + ", column " + t.column() + " near "
        + shown + ": " + message);
  }
}
