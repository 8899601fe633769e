package dev.cellar.sql.parser;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits a statement into tokens with the lexer of Cellar's SQL parser ({@link CellarSqlParserImpl}'s
 * token manager, in the state Calcite's parser uses for double-quoted identifiers), so that a
 * statement Cellar parses itself (DDL) reads identifiers, literals and positions exactly as a
 * query does: unquoted identifiers and keywords upper-cased, {@code "quoted"} ones as written
 * ({@code ""} a quote), {@code 'strings'} with {@code ''} a quote, Calcite's numeric literals,
 * {@code --} and {@code /* *}{@code /} comments skipped, lines and columns counted as
 * {@link org.apache.calcite.sql.parser.SqlParser} counts them (a tab is one column).
 *
 * <p>Every other token (operators, punctuation, prefixed or binary string literals) is a
 * {@link Kind#SYMBOL} as written; a character the lexer does not know is a symbol of its own, for
 * the caller to refuse with its position. Only an unterminated string or quoted identifier is an
 * error of the lexer.
 */
public final class SqlLexer {
  /** Token kinds. */
  public enum Kind {
    /** An unquoted identifier or keyword (upper-cased). */
    WORD,
    /** A double-quoted identifier. */
    QUOTED,
    /** A single-quoted string literal. */
    STRING,
    /** An unsigned number. */
    NUMBER,
    /** Anything else: {@code ( ) , . = ;}, operators and so on. */
    SYMBOL,
    /** The end of the statement. */
    END
  }

  /**
   * One token.
   *
   * @param kind what it is
   * @param text identifiers as SQL names them, the value of a string literal, a number or
   *     symbol as written
   * @param line 1-based line of its first character
   * @param column 1-based column of its first character
   * @param offset 0-based offset of its first character in the statement
   */
  public record Lexeme(Kind kind, String text, int line, int column, int offset) {}

  /** An unterminated string literal or quoted identifier. */
  public static final class UnterminatedException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final Lexeme start;

    UnterminatedException(Lexeme start, String what) {
      super("Syntax error at line " + start.line() + ", column " + start.column() + ": unterminated " + what);
      this.start = start;
    }

    /** Where the literal or identifier starts. */
    public Lexeme start() {
      return start;
    }
  }

  private final String sql;
  /** Offsets at which lines 1, 2, ... start, with line breaks as the parser's lexer counts them. */
  private final int[] lineStarts;

  private SqlLexer(String sql) {
    this.sql = sql;
    List<Integer> starts = new ArrayList<>();
    starts.add(0);
    for (int i = 0; i < sql.length(); i++) {
      char c = sql.charAt(i);
      if (c == '\n' || (c == '\r' && (i + 1 >= sql.length() || sql.charAt(i + 1) != '\n'))) {
        starts.add(i + 1);
      }
    }
    this.lineStarts = starts.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * The tokens of {@code sql}, ending with an {@link Kind#END} token.
   *
   * @throws UnterminatedException for a string literal or quoted identifier without its end
   */
  public static List<Lexeme> tokenize(String sql) {
    return new SqlLexer(sql).run();
  }

  private List<Lexeme> run() {
    List<Lexeme> out = new ArrayList<>();
    int from = 0;
    while (true) {
      int stopped = lex(from, out);
      if (stopped < 0) {
        out.add(at(Kind.END, "", sql.length()));
        return out;
      }
      char c = sql.charAt(stopped);
      if (c == '\'') {
        throw new UnterminatedException(at(Kind.STRING, "", stopped), "string literal");
      } else if (c == '"') {
        throw new UnterminatedException(at(Kind.QUOTED, "", stopped), "quoted identifier");
      } else if (sql.startsWith("/*", stopped)) {
        // a comment that never ends runs to the end of the statement
        out.add(at(Kind.END, "", sql.length()));
        return out;
      }
      int end = stopped + Character.charCount(sql.codePointAt(stopped));
      out.add(at(Kind.SYMBOL, sql.substring(stopped, end), stopped));
      from = end;
    }
  }

  /**
   * Adds the tokens of the text from {@code from}; returns -1 at its end, or the offset of the
   * token the lexer could not read.
   */
  private int lex(int from, List<Lexeme> out) {
    String text = sql.substring(from);
    SimpleCharStream in = new SimpleCharStream(new StringReader(text), 1, 1, Math.max(16, text.length()));
    in.setTabSize(1);
    CellarSqlParserImplTokenManager lexer = new CellarSqlParserImplTokenManager(in, dqid());
    SubText sub = new SubText(text);
    while (true) {
      Token t;
      try {
        t = lexer.getNextToken();
      } catch (TokenMgrError e) {
        return from + sub.offset(in.getBeginLine(), in.getBeginColumn());
      }
      if (t.kind == CellarSqlParserImplConstants.EOF) {
        return -1;
      }
      int offset = from + sub.offset(t.beginLine, t.beginColumn);
      // a quote the lexer cannot close is a token of its own
      if (t.kind == CellarSqlParserImplConstants.QUOTE) {
        throw new UnterminatedException(at(Kind.STRING, "", offset), "string literal");
      } else if (t.kind == CellarSqlParserImplConstants.DOUBLE_QUOTE) {
        throw new UnterminatedException(at(Kind.QUOTED, "", offset), "quoted identifier");
      }
      out.add(lexeme(t, offset));
    }
  }

  private Lexeme lexeme(Token t, int offset) {
    String image = t.image;
    switch (t.kind) {
      case CellarSqlParserImplConstants.QUOTED_IDENTIFIER:
        return at(Kind.QUOTED, image.substring(1, image.length() - 1).replace("\"\"", "\""), offset);
      case CellarSqlParserImplConstants.QUOTED_STRING:
        return at(Kind.STRING, image.substring(1, image.length() - 1).replace("''", "'"), offset);
      case CellarSqlParserImplConstants.UNSIGNED_INTEGER_LITERAL:
      case CellarSqlParserImplConstants.DECIMAL_NUMERIC_LITERAL:
      case CellarSqlParserImplConstants.APPROX_NUMERIC_LITERAL:
        return at(Kind.NUMBER, image, offset);
      case CellarSqlParserImplConstants.IDENTIFIER:
        return at(Kind.WORD, image.toUpperCase(Locale.ROOT), offset);
      default:
        // a keyword's token is named after its word
        String name = CellarSqlParserImplConstants.tokenImage[t.kind];
        boolean keyword = name.length() > 2 && name.startsWith("\"") && Character.isLetter(name.charAt(1))
            && image.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_' || c == '$');
        return at(keyword ? Kind.WORD : Kind.SYMBOL, keyword ? image.toUpperCase(Locale.ROOT) : image, offset);
    }
  }

  private Lexeme at(Kind kind, String text, int offset) {
    int line = lineOf(offset);
    return new Lexeme(kind, text, line + 1, offset - lineStarts[line] + 1, offset);
  }

  private int lineOf(int offset) {
    int lo = 0;
    int hi = lineStarts.length - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (lineStarts[mid] <= offset) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /** The lexical state Calcite's parser starts in for double-quoted identifiers. */
  private static int dqid() {
    for (int i = 0; i < CellarSqlParserImplTokenManager.lexStateNames.length; i++) {
      if (CellarSqlParserImplTokenManager.lexStateNames[i].equals("DQID")) {
        return i;
      }
    }
    throw new IllegalStateException("the parser has no DQID lexical state");
  }

  /** Line and column of a part of the statement back to an offset in that part. */
  private static final class SubText {
    private final int[] starts;

    SubText(String text) {
      this.starts = new SqlLexer(text).lineStarts;
    }

    int offset(int line, int column) {
      return starts[Math.min(line, starts.length) - 1] + column - 1;
    }
  }
}
