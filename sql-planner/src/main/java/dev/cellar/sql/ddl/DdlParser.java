package dev.cellar.sql.ddl;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.ddl.DdlStatement.Name;
import dev.cellar.sql.parser.SqlLexer.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * A recursive-descent parser for Cellar's DDL, which follows Apache Phoenix's syntax so that
 * Phoenix DDL moves over unchanged:
 *
 * <pre>
 * CREATE TABLE [IF NOT EXISTS] [schema.]t (
 *     column [, column]* [[,] CONSTRAINT name PRIMARY KEY (c [ASC|DESC], ...)] )
 *     [option [, option]*] [SPLIT ON (value, ...)]
 * column  := [family.]name type [NOT NULL | NULL] [PRIMARY KEY [ASC|DESC] | ROW_TIMESTAMP]
 * option  := [family.]NAME = value          e.g. n.VERSIONS=1, COMPRESSION='SNAPPY', SALT_BUCKETS=8
 * ALTER TABLE t ADD [IF NOT EXISTS] column [, column]* [option, ...]
 * ALTER TABLE t DROP COLUMN [IF EXISTS] c [, c]*
 * ALTER TABLE t SET option [, option]*
 * ALTER TABLE t FLUSH | COMPACT [MAJOR] | SPLIT [AT (value, ...)]
 * DROP TABLE [IF EXISTS] t [CASCADE]
 * CREATE [OR REPLACE] VIEW [IF NOT EXISTS] v [(c, ...)] AS query
 * CREATE VIEW [IF NOT EXISTS] v ( mapped [, mapped]* [[,] CONSTRAINT name PRIMARY KEY (c, ...)] )
 *     [option [, option]*]
 * mapped  := [family.]name type [FORMAT STRING | BYTES] [NOT NULL | NULL] [PRIMARY KEY | ROW_TIMESTAMP]
 * DROP VIEW [IF EXISTS] v [CASCADE]
 * CREATE [UNIQUE] [LOCAL] INDEX [IF NOT EXISTS] i ON t (c [ASC|DESC], ...) [INCLUDE (c, ...)] [ASYNC] [option, ...]
 * DROP INDEX [IF EXISTS] i [ON t]
 * ALTER INDEX [IF EXISTS] i ON t REBUILD | VERIFY | REPAIR
 * CREATE SEQUENCE [IF NOT EXISTS] [schema.]s [START [WITH] n] [INCREMENT [BY] n] [MINVALUE n] [MAXVALUE n]
 *     [CYCLE] [CACHE n]
 * DROP SEQUENCE [IF EXISTS] [schema.]s
 * UPDATE STATISTICS t [ALL | INDEX | COLUMNS]
 * </pre>
 *
 * Names follow the rule of queries: a word that Cellar's SQL parser reserves is a name only when
 * quoted ({@link ReservedNames}). Errors are {@link SqlState#SYNTAX_ERROR}s naming the line,
 * column and token.
 */
public final class DdlParser {
  private final DdlTokens in;
  private final ColumnDefinitions columns;

  private DdlParser(String sql) {
    this.in = new DdlTokens(sql);
    this.columns = new ColumnDefinitions(in);
  }

  /** Parses one DDL statement. */
  public static DdlStatement parse(String sql) {
    return new DdlParser(sql).statement();
  }

  /**
   * Whether {@code sql} is a DDL statement (starts with CREATE, ALTER or DROP, or is UPDATE
   * STATISTICS), which Cellar runs itself instead of handing it to Calcite.
   */
  public static boolean isDdl(String sql) {
    String w = firstWord(sql);
    return w.equals("CREATE") || w.equals("ALTER") || w.equals("DROP") || isUpdateStatistics(sql);
  }

  /** Whether {@code sql} is {@code UPDATE STATISTICS ...}. */
  public static boolean isUpdateStatistics(String sql) {
    if (!firstWord(sql).equals("UPDATE")) {
      return false;
    }
    java.util.List<dev.cellar.sql.parser.SqlLexer.Lexeme> tokens;
    try {
      tokens = dev.cellar.sql.parser.SqlLexer.tokenize(sql);
    } catch (RuntimeException e) {
      return false;
    }
    return tokens.size() > 2 && tokens.get(1).kind() == Kind.WORD && tokens.get(1).text().equals("STATISTICS")
        && (tokens.get(2).kind() == Kind.WORD || tokens.get(2).kind() == Kind.QUOTED);
  }

  /** The statement's first word, upper case, skipping spaces and comments; "" if none. */
  public static String firstWord(String sql) {
    int p = 0;
    int n = sql.length();
    while (p < n) {
      char c = sql.charAt(p);
      if (Character.isWhitespace(c) || c == '(') {
        p++;
      } else if (sql.startsWith("--", p)) {
        int e = sql.indexOf('\n', p);
        p = e < 0 ? n : e + 1;
      } else if (sql.startsWith("/*", p)) {
        int e = sql.indexOf("*/", p + 2);
        p = e < 0 ? n : e + 2;
      } else {
        break;
      }
    }
    int s = p;
    while (p < n && Character.isLetter(sql.charAt(p))) {
      p++;
    }
    return sql.substring(s, p).toUpperCase(java.util.Locale.ROOT);
  }

  private DdlStatement statement() {
    DdlStatement st;
    if (in.accept("CREATE")) {
      boolean orReplace = false;
      if (in.accept("OR")) {
        in.expectWord("REPLACE");
        orReplace = true;
      }
      if (!orReplace && (in.peek().is("INDEX") || in.peek().is("UNIQUE") || in.peek().is("LOCAL"))) {
        st = createIndex();
      } else if (!orReplace && in.accept("SEQUENCE")) {
        st = createSequence();
      } else if (in.accept("TABLE")) {
        if (orReplace) {
          throw DdlTokens.error(in.previous(), "CREATE OR REPLACE is only for views");
        }
        st = createTable();
      } else if (in.accept("VIEW")) {
        if (isMapping()) {
          if (orReplace) {
            throw DdlTokens.error(in.previous(), "CREATE OR REPLACE is only for views defined by a query");
          }
          st = createMapping();
        } else {
          st = createView(orReplace);
          return st;
        }
      } else {
        throw unsupportedOrExpected("TABLE, VIEW, INDEX or SEQUENCE after CREATE");
      }
    } else if (in.accept("ALTER")) {
      if (in.accept("INDEX")) {
        boolean ifExists = in.ifExists();
        Name index = in.name();
        in.expectWord("ON");
        Name table = in.name();
        Token action = in.peek();
        if (!in.accept("REBUILD") && !in.accept("VERIFY") && !in.accept("REPAIR")) {
          throw DdlTokens.error(action, "expected REBUILD, VERIFY or REPAIR");
        }
        st = new DdlStatement.AlterIndex(index, ifExists, table, action.text());
      } else {
        in.expectWord("TABLE");
        st = alterTable();
      }
    } else if (in.accept("DROP")) {
      if (in.accept("TABLE")) {
        boolean ifExists = in.ifExists();
        Name n = in.name();
        st = new DdlStatement.DropTable(n, ifExists, in.accept("CASCADE"));
      } else if (in.accept("VIEW")) {
        boolean ifExists = in.ifExists();
        Name n = in.name();
        st = new DdlStatement.DropView(n, ifExists, in.accept("CASCADE"));
      } else if (in.accept("INDEX")) {
        boolean ifExists = in.ifExists();
        Name index = in.name();
        Name table = in.accept("ON") ? in.name() : null;
        st = new DdlStatement.DropIndex(index, ifExists, table);
      } else if (in.accept("SEQUENCE")) {
        boolean ifExists = in.ifExists();
        st = new DdlStatement.DropSequence(in.name(), ifExists);
      } else {
        throw unsupportedOrExpected("TABLE, VIEW, INDEX or SEQUENCE after DROP");
      }
    } else if (in.accept("UPDATE")) {
      in.expectWord("STATISTICS");
      Name table = in.name();
      if (!in.accept("ALL") && !in.accept("INDEX")) {
        in.accept("COLUMNS");
      }
      st = new DdlStatement.UpdateStatistics(table);
    } else {
      throw DdlTokens.error(in.peek(), "expected CREATE, ALTER or DROP");
    }
    in.acceptSymbol(";");
    if (in.peek().kind() != Kind.END) {
      throw DdlTokens.error(in.peek(), "expected end of statement");
    }
    return st;
  }

  private DdlStatement.CreateSequence createSequence() {
    boolean ifNotExists = in.ifNotExists();
    Name name = in.name();
    Long start = null;
    Long increment = null;
    Long min = null;
    Long max = null;
    Long cache = null;
    boolean cycle = false;
    while (in.peek().kind() == Kind.WORD) {
      Token at = in.peek();
      if (in.accept("START")) {
        in.accept("WITH");
        start = once(start, at, longLiteral("a number after START"));
      } else if (in.accept("INCREMENT")) {
        in.accept("BY");
        increment = once(increment, at, longLiteral("a number after INCREMENT"));
      } else if (in.accept("MINVALUE")) {
        min = once(min, at, longLiteral("a number after MINVALUE"));
      } else if (in.accept("MAXVALUE")) {
        max = once(max, at, longLiteral("a number after MAXVALUE"));
      } else if (in.accept("CACHE")) {
        cache = once(cache, at, longLiteral("a number after CACHE"));
      } else if (in.accept("CYCLE")) {
        cycle = true;
      } else if (in.accept("NO")) {
        in.expectWord("CYCLE");
      } else {
        break;
      }
    }
    return new DdlStatement.CreateSequence(name, ifNotExists, start, increment, min, max, cycle, cache);
  }

  private static Long once(Long before, Token at, long value) {
    if (before != null) {
      throw DdlTokens.error(at, at.text() + " is given twice");
    }
    return value;
  }

  private long longLiteral(String what) {
    Token t = in.peek();
    Token v = in.literal(what);
    if (v.kind() != Kind.NUMBER) {
      throw DdlTokens.error(t, "expected " + what);
    }
    try {
      return Long.parseLong(v.text());
    } catch (NumberFormatException e) {
      throw DdlTokens.error(t, "expected " + what + " (a whole number of BIGINT's range)");
    }
  }

  private DdlStatement.CreateIndex createIndex() {
    boolean unique = in.accept("UNIQUE");
    boolean local = in.accept("LOCAL");
    in.expectWord("INDEX");
    boolean ifNotExists = in.ifNotExists();
    Name index = in.name();
    in.expectWord("ON");
    Name table = in.name();
    in.expectSymbol("(");
    List<DdlStatement.IndexItem> cols = new ArrayList<>();
    do {
      cols.add(indexItem());
    } while (in.acceptSymbol(","));
    in.expectSymbol(")");
    List<Token> include = new ArrayList<>();
    if (in.accept("INCLUDE")) {
      in.expectSymbol("(");
      do {
        Token at = in.peek();
        String n = in.identifier("a column name");
        if (in.acceptSymbol(".")) {
          // family.name is the column FAMILY.NAME, as TableDef.column finds it
          n = n + "." + in.identifier("a column name");
        }
        include.add(new Token(at.kind(), n, at.line(), at.column(), at.offset()));
      } while (in.acceptSymbol(","));
      in.expectSymbol(")");
    }
    boolean async = in.accept("ASYNC");
    List<DdlStatement.Option> options = in.options();
    return new DdlStatement.CreateIndex(index, unique, local, ifNotExists, table, cols, include, async, options);
  }

  /**
   * A column, or an expression up to the next {@code ,} or {@code )} outside parentheses, then
   * {@code [ASC | DESC]}.
   */
  /** Whether {@code t} ends an index item. */
  private static boolean ends(Token t) {
    return t.isSymbol(",") || t.isSymbol(")") || t.is("ASC") || t.is("DESC") || t.is("COLLATE");
  }

  private DdlStatement.IndexItem indexItem() {
    Token at = in.peek();
    Token next = in.peek(1);
    boolean plain = (at.kind() == Kind.WORD || at.kind() == Kind.QUOTED) && ends(next);
    // family.name, a column in a family
    boolean qualified = (at.kind() == Kind.WORD || at.kind() == Kind.QUOTED) && next.isSymbol(".")
        && (in.peek(2).kind() == Kind.WORD || in.peek(2).kind() == Kind.QUOTED) && ends(in.peek(3));
    String column = null;
    String expression = null;
    if (plain) {
      column = in.identifier("a column name");
    } else if (qualified) {
      column = in.identifier("a column family");
      in.expectSymbol(".");
      column = column + "." + in.identifier("a column name");
    } else {
      int depth = 0;
      Token last = null;
      while (true) {
        Token t = in.peek();
        if (t.kind() == Kind.END) {
          throw DdlTokens.error(t, "expected ')' after the index's columns");
        }
        if (depth == 0 && (t.isSymbol(",") || t.isSymbol(")") || t.is("ASC") || t.is("DESC"))) {
          break;
        }
        depth += t.isSymbol("(") ? 1 : t.isSymbol(")") ? -1 : 0;
        last = t;
        in.i++;
      }
      if (last == null) {
        throw DdlTokens.error(at, "expected a column or an expression");
      }
      expression = in.sql.substring(at.offset(), in.peek().offset()).trim();
    }
    boolean desc = false;
    if (in.accept("DESC")) {
      desc = true;
    } else {
      in.accept("ASC");
    }
    if (in.accept("COLLATE")) {
      in.word("a collation name");
    }
    return new DdlStatement.IndexItem(column, expression, desc, at);
  }

  private CellarSqlException unsupportedOrExpected(String expected) {
    Token t = in.peek();
    if (t.kind() == Kind.WORD && List.of("INDEX", "LOCAL", "SCHEMA", "SEQUENCE", "FUNCTION").contains(t.text())) {
      return new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, t.text() + " at " + t.position()
          + " is not supported yet");
    }
    return DdlTokens.error(t, "expected " + expected);
  }

  /**
   * Whether the {@code CREATE VIEW} at the current token declares typed columns, a mapping:
   * {@code v (a INTEGER, ...)}, {@code v (f.a ...)} or {@code v (CONSTRAINT ...)}, not
   * {@code v (a, b) AS} or {@code v AS}.
   */
  private boolean isMapping() {
    int at = in.i;
    if (in.peek().is("IF")) {
      at += 3;
    }
    int p = at + 1;
    if (in.tokens.get(Math.min(p, in.tokens.size() - 1)).isSymbol(".")) {
      p += 2;
    }
    if (!in.tokens.get(Math.min(p, in.tokens.size() - 1)).isSymbol("(")) {
      return false;
    }
    Token first = in.tokens.get(Math.min(p + 1, in.tokens.size() - 1));
    Token second = in.tokens.get(Math.min(p + 2, in.tokens.size() - 1));
    return first.is("CONSTRAINT") || first.is("PRIMARY") || second.kind() == Kind.WORD || second.isSymbol(".");
  }

  private DdlStatement.CreateMapping createMapping() {
    boolean ifNotExists = in.ifNotExists();
    Name view = in.name();
    Body body = body();
    if (in.peek().is("AS")) {
      throw DdlTokens.error(in.peek(), "a view with typed columns maps a store table and has no query");
    }
    return new DdlStatement.CreateMapping(view, ifNotExists, body.columns, body.primaryKey, body.keyAt, in.options());
  }

  /** The parenthesized columns and primary key of CREATE TABLE or of a mapping. */
  private record Body(List<DdlStatement.Column> columns, List<DdlStatement.KeyPart> primaryKey, Token keyAt) {}

  private DdlStatement.CreateTable createTable() {
    boolean ifNotExists = in.ifNotExists();
    Name table = in.name();
    Body body = body();
    List<DdlStatement.Option> options = in.options();
    List<Token> splits = new ArrayList<>();
    if (in.accept("SPLIT")) {
      in.expectWord("ON");
      in.expectSymbol("(");
      do {
        splits.add(in.literal("a split point"));
      } while (in.acceptSymbol(","));
      in.expectSymbol(")");
    }
    return new DdlStatement.CreateTable(table, ifNotExists, body.columns, body.primaryKey, body.keyAt, options, splits);
  }

  private Body body() {
    in.expectSymbol("(");
    List<DdlStatement.Column> cols = new ArrayList<>();
    List<DdlStatement.KeyPart> pk = new ArrayList<>();
    Token keyAt = null;
    do {
      if (in.peek().is("CONSTRAINT") || in.peek().is("PRIMARY")) {
        if (keyAt != null) {
          throw DdlTokens.error(in.peek(), "a table has one PRIMARY KEY constraint");
        }
        keyAt = in.peek();
        if (in.accept("CONSTRAINT")) {
          in.identifier("a constraint name");
        }
        in.expectWord("PRIMARY");
        in.expectWord("KEY");
        in.expectSymbol("(");
        do {
          Token at = in.peek();
          String n = in.identifier("a key column name");
          boolean desc = columns.direction();
          in.accept("ROW_TIMESTAMP");
          pk.add(new DdlStatement.KeyPart(n, desc, at));
        } while (in.acceptSymbol(","));
        in.expectSymbol(")");
      } else {
        cols.add(columns.column());
      }
      // Phoenix writes the constraint after the last column without a comma
    } while (in.acceptSymbol(",") || (keyAt == null && (in.peek().is("CONSTRAINT") || in.peek().is("PRIMARY"))));
    in.expectSymbol(")");
    return new Body(cols, pk, keyAt);
  }

  private DdlStatement alterTable() {
    Name table = in.name();
    if (in.accept("ADD")) {
      in.accept("COLUMN");
      boolean ifNotExists = in.ifNotExists();
      List<DdlStatement.Column> cols = new ArrayList<>();
      do {
        if (!cols.isEmpty() && isOptionStart()) {
          break;
        }
        cols.add(columns.column());
      } while (in.acceptSymbol(","));
      List<DdlStatement.Option> options = isOptionStart() ? in.optionList() : List.of();
      return new DdlStatement.AddColumns(table, ifNotExists, cols, options);
    }
    if (in.accept("DROP")) {
      in.expectWord("COLUMN");
      boolean ifExists = in.ifExists();
      List<Token> cols = new ArrayList<>();
      do {
        Token at = in.peek();
        String fam = null;
        String n = in.identifier("a column name");
        if (in.acceptSymbol(".")) {
          fam = n;
          n = in.identifier("a column name");
        }
        // a family-qualified name is FAMILY.NAME, as TableDef.column finds it
        cols.add(new Token(at.kind(), fam == null ? n : fam + "." + n, at.line(), at.column(), at.offset()));
      } while (in.acceptSymbol(","));
      return new DdlStatement.DropColumns(table, ifExists, cols);
    }
    if (in.accept("SET")) {
      List<DdlStatement.Option> options = in.optionList();
      if (options.isEmpty()) {
        throw DdlTokens.error(in.peek(), "expected an option after SET");
      }
      return new DdlStatement.SetOptions(table, options);
    }
    DdlStatement verb = AdminVerbs.parse(in, table);
    if (verb != null) {
      return verb;
    }
    throw DdlTokens.error(in.peek(), "expected ADD, DROP COLUMN, SET, FLUSH, COMPACT or SPLIT after ALTER TABLE " + table);
  }

  /** Whether the next tokens read {@code [word.]WORD =}: an option rather than a column. */
  private boolean isOptionStart() {
    Token a = in.peek(0);
    if (a.kind() != Kind.WORD && a.kind() != Kind.QUOTED) {
      return false;
    }
    if (in.peek(1).isSymbol("=")) {
      return true;
    }
    return in.peek(1).isSymbol(".") && in.peek(3).isSymbol("=");
  }

  private DdlStatement createView(boolean orReplace) {
    boolean ifNotExists = in.ifNotExists();
    Name view = in.name();
    List<String> cols = new ArrayList<>();
    if (in.acceptSymbol("(")) {
      do {
        Token at = in.peek();
        cols.add(in.identifier("a column name"));
        if (in.peek().kind() == Kind.WORD && !in.peek().isSymbol(",")) {
          throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "typed view columns at " + at.position()
              + " (Phoenix views that add columns) are not supported yet");
        }
      } while (in.acceptSymbol(","));
      in.expectSymbol(")");
    }
    in.expectWord("AS");
    Token q = in.peek();
    if (q.kind() == Kind.END) {
      throw DdlTokens.error(q, "expected a query after AS");
    }
    String query = in.sql.substring(q.offset()).trim();
    while (query.endsWith(";")) {
      query = query.substring(0, query.length() - 1).trim();
    }
    return new DdlStatement.CreateView(view, orReplace, ifNotExists, cols, query, q);
  }























}
