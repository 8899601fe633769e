package dev.cellar.sql.ddl;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.ColumnType;
import dev.cellar.sql.codec.KeyType;
import dev.cellar.sql.codec.ValueFormat;
import dev.cellar.sql.ddl.DdlStatement.Name;
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
 * DROP TABLE [IF EXISTS] t [CASCADE]
 * CREATE [OR REPLACE] VIEW [IF NOT EXISTS] v [(c, ...)] AS query
 * CREATE VIEW [IF NOT EXISTS] v ( mapped [, mapped]* [[,] CONSTRAINT name PRIMARY KEY (c, ...)] )
 *     [option [, option]*]
 * mapped  := [family.]name type [FORMAT STRING | BYTES] [NOT NULL | NULL] [PRIMARY KEY | ROW_TIMESTAMP]
 * DROP VIEW [IF EXISTS] v [CASCADE]
 * CREATE [UNIQUE] [LOCAL] INDEX [IF NOT EXISTS] i ON t (c [ASC|DESC], ...) [INCLUDE (c, ...)] [ASYNC] [option, ...]
 * DROP INDEX [IF EXISTS] i [ON t]
 * ALTER INDEX [IF EXISTS] i ON t REBUILD | VERIFY | REPAIR
 * </pre>
 *
 * Names follow the rule of queries: a word that Cellar's SQL parser reserves is a name only when
 * quoted ({@link ReservedNames}). Errors are {@link SqlState#SYNTAX_ERROR}s naming the line,
 * column and token.
 */
public final class DdlParser {
  private final String sql;
  private final List<Token> tokens;
  private int i;

  private DdlParser(String sql) {
    this.sql = sql;
    this.tokens = DdlLexer.tokenize(sql);
  }

  /** Parses one DDL statement. */
  public static DdlStatement parse(String sql) {
    return new DdlParser(sql).statement();
  }

  /**
   * Whether {@code sql} is a DDL statement (starts with CREATE, ALTER or DROP), which Cellar
   * runs itself instead of handing it to Calcite.
   */
  public static boolean isDdl(String sql) {
    String w = firstWord(sql);
    return w.equals("CREATE") || w.equals("ALTER") || w.equals("DROP");
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
    if (accept("CREATE")) {
      boolean orReplace = false;
      if (accept("OR")) {
        expectWord("REPLACE");
        orReplace = true;
      }
      if (!orReplace && (peek().is("INDEX") || peek().is("UNIQUE") || peek().is("LOCAL"))) {
        st = createIndex();
      } else if (accept("TABLE")) {
        if (orReplace) {
          throw error(previous(), "CREATE OR REPLACE is only for views");
        }
        st = createTable();
      } else if (accept("VIEW")) {
        if (isMapping()) {
          if (orReplace) {
            throw error(previous(), "CREATE OR REPLACE is only for views defined by a query");
          }
          st = createMapping();
        } else {
          st = createView(orReplace);
          return st;
        }
      } else {
        throw unsupportedOrExpected("TABLE or VIEW after CREATE");
      }
    } else if (accept("ALTER")) {
      if (accept("INDEX")) {
        boolean ifExists = ifExists();
        Name index = name();
        expectWord("ON");
        Name table = name();
        Token action = peek();
        if (!accept("REBUILD") && !accept("VERIFY") && !accept("REPAIR")) {
          throw error(action, "expected REBUILD, VERIFY or REPAIR");
        }
        st = new DdlStatement.AlterIndex(index, ifExists, table, action.text());
      } else {
        expectWord("TABLE");
        st = alterTable();
      }
    } else if (accept("DROP")) {
      if (accept("TABLE")) {
        boolean ifExists = ifExists();
        Name n = name();
        st = new DdlStatement.DropTable(n, ifExists, accept("CASCADE"));
      } else if (accept("VIEW")) {
        boolean ifExists = ifExists();
        Name n = name();
        st = new DdlStatement.DropView(n, ifExists, accept("CASCADE"));
      } else if (accept("INDEX")) {
        boolean ifExists = ifExists();
        Name index = name();
        Name table = accept("ON") ? name() : null;
        st = new DdlStatement.DropIndex(index, ifExists, table);
      } else {
        throw unsupportedOrExpected("TABLE or VIEW after DROP");
      }
    } else {
      throw error(peek(), "expected CREATE, ALTER or DROP");
    }
    acceptSymbol(";");
    if (peek().kind() != Token.Kind.END) {
      throw error(peek(), "expected end of statement");
    }
    return st;
  }

  private DdlStatement.CreateIndex createIndex() {
    boolean unique = accept("UNIQUE");
    boolean local = accept("LOCAL");
    expectWord("INDEX");
    boolean ifNotExists = ifNotExists();
    Name index = name();
    expectWord("ON");
    Name table = name();
    expectSymbol("(");
    List<DdlStatement.IndexItem> cols = new ArrayList<>();
    do {
      cols.add(indexItem());
    } while (acceptSymbol(","));
    expectSymbol(")");
    List<Token> include = new ArrayList<>();
    if (accept("INCLUDE")) {
      expectSymbol("(");
      do {
        Token at = peek();
        identifier("a column name");
        include.add(at);
      } while (acceptSymbol(","));
      expectSymbol(")");
    }
    boolean async = accept("ASYNC");
    List<DdlStatement.Option> options = options();
    return new DdlStatement.CreateIndex(index, unique, local, ifNotExists, table, cols, include, async, options);
  }

  /**
   * A column, or an expression up to the next {@code ,} or {@code )} outside parentheses, then
   * {@code [ASC | DESC]}.
   */
  private DdlStatement.IndexItem indexItem() {
    Token at = peek();
    Token next = peek(1);
    boolean plain = (at.kind() == Token.Kind.WORD || at.kind() == Token.Kind.QUOTED)
        && (next.isSymbol(",") || next.isSymbol(")") || next.is("ASC") || next.is("DESC") || next.is("COLLATE"));
    String column = null;
    String expression = null;
    if (plain) {
      column = identifier("a column name");
    } else {
      int depth = 0;
      Token last = null;
      while (true) {
        Token t = peek();
        if (t.kind() == Token.Kind.END) {
          throw error(t, "expected ')' after the index's columns");
        }
        if (depth == 0 && (t.isSymbol(",") || t.isSymbol(")") || t.is("ASC") || t.is("DESC"))) {
          break;
        }
        depth += t.isSymbol("(") ? 1 : t.isSymbol(")") ? -1 : 0;
        last = t;
        i++;
      }
      if (last == null) {
        throw error(at, "expected a column or an expression");
      }
      expression = sql.substring(at.offset(), peek().offset()).trim();
    }
    boolean desc = false;
    if (accept("DESC")) {
      desc = true;
    } else {
      accept("ASC");
    }
    if (accept("COLLATE")) {
      word("a collation name");
    }
    return new DdlStatement.IndexItem(column, expression, desc, at);
  }

  private CellarSqlException unsupportedOrExpected(String expected) {
    Token t = peek();
    if (t.kind() == Token.Kind.WORD && List.of("INDEX", "LOCAL", "SCHEMA", "SEQUENCE", "FUNCTION").contains(t.text())) {
      return new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, t.text() + " at " + t.position()
          + " is not supported yet");
    }
    return error(t, "expected " + expected);
  }

  /**
   * Whether the {@code CREATE VIEW} at the current token declares typed columns, a mapping:
   * {@code v (a INTEGER, ...)}, {@code v (f.a ...)} or {@code v (CONSTRAINT ...)}, not
   * {@code v (a, b) AS} or {@code v AS}.
   */
  private boolean isMapping() {
    int at = i;
    if (peek().is("IF")) {
      at += 3;
    }
    int p = at + 1;
    if (tokens.get(Math.min(p, tokens.size() - 1)).isSymbol(".")) {
      p += 2;
    }
    if (!tokens.get(Math.min(p, tokens.size() - 1)).isSymbol("(")) {
      return false;
    }
    Token first = tokens.get(Math.min(p + 1, tokens.size() - 1));
    Token second = tokens.get(Math.min(p + 2, tokens.size() - 1));
    return first.is("CONSTRAINT") || first.is("PRIMARY") || second.kind() == Token.Kind.WORD || second.isSymbol(".");
  }

  private DdlStatement.CreateMapping createMapping() {
    boolean ifNotExists = ifNotExists();
    Name view = name();
    Body body = body();
    if (peek().is("AS")) {
      throw error(peek(), "a view with typed columns maps a store table and has no query");
    }
    return new DdlStatement.CreateMapping(view, ifNotExists, body.columns, body.primaryKey, body.keyAt, options());
  }

  /** The parenthesized columns and primary key of CREATE TABLE or of a mapping. */
  private record Body(List<DdlStatement.Column> columns, List<DdlStatement.KeyPart> primaryKey, Token keyAt) {}

  private DdlStatement.CreateTable createTable() {
    boolean ifNotExists = ifNotExists();
    Name table = name();
    Body body = body();
    List<DdlStatement.Option> options = options();
    List<Token> splits = new ArrayList<>();
    if (accept("SPLIT")) {
      expectWord("ON");
      expectSymbol("(");
      do {
        splits.add(literal("a split point"));
      } while (acceptSymbol(","));
      expectSymbol(")");
    }
    return new DdlStatement.CreateTable(table, ifNotExists, body.columns, body.primaryKey, body.keyAt, options, splits);
  }

  private Body body() {
    expectSymbol("(");
    List<DdlStatement.Column> cols = new ArrayList<>();
    List<DdlStatement.KeyPart> pk = new ArrayList<>();
    Token keyAt = null;
    do {
      if (peek().is("CONSTRAINT") || peek().is("PRIMARY")) {
        if (keyAt != null) {
          throw error(peek(), "a table has one PRIMARY KEY constraint");
        }
        keyAt = peek();
        if (accept("CONSTRAINT")) {
          identifier("a constraint name");
        }
        expectWord("PRIMARY");
        expectWord("KEY");
        expectSymbol("(");
        do {
          Token at = peek();
          String n = identifier("a key column name");
          boolean desc = direction();
          accept("ROW_TIMESTAMP");
          pk.add(new DdlStatement.KeyPart(n, desc, at));
        } while (acceptSymbol(","));
        expectSymbol(")");
      } else {
        cols.add(column());
      }
      // Phoenix writes the constraint after the last column without a comma
    } while (acceptSymbol(",") || (keyAt == null && (peek().is("CONSTRAINT") || peek().is("PRIMARY"))));
    expectSymbol(")");
    return new Body(cols, pk, keyAt);
  }

  private DdlStatement alterTable() {
    Name table = name();
    if (accept("ADD")) {
      accept("COLUMN");
      boolean ifNotExists = ifNotExists();
      List<DdlStatement.Column> cols = new ArrayList<>();
      do {
        if (!cols.isEmpty() && isOptionStart()) {
          break;
        }
        cols.add(column());
      } while (acceptSymbol(","));
      List<DdlStatement.Option> options = isOptionStart() ? optionList() : List.of();
      return new DdlStatement.AddColumns(table, ifNotExists, cols, options);
    }
    if (accept("DROP")) {
      expectWord("COLUMN");
      boolean ifExists = ifExists();
      List<Token> cols = new ArrayList<>();
      do {
        Token at = peek();
        String fam = null;
        String n = identifier("a column name");
        if (acceptSymbol(".")) {
          fam = n;
          n = identifier("a column name");
        }
        cols.add(new Token(at.kind(), n, at.line(), at.column(), at.offset()));
        if (fam != null) {
          // a family-qualified name names the column; the family is implied by the catalog
          continue;
        }
      } while (acceptSymbol(","));
      return new DdlStatement.DropColumns(table, ifExists, cols);
    }
    if (accept("SET")) {
      List<DdlStatement.Option> options = optionList();
      if (options.isEmpty()) {
        throw error(peek(), "expected an option after SET");
      }
      return new DdlStatement.SetOptions(table, options);
    }
    throw error(peek(), "expected ADD, DROP COLUMN or SET after ALTER TABLE " + table);
  }

  /** Whether the next tokens read {@code [word.]WORD =}: an option rather than a column. */
  private boolean isOptionStart() {
    Token a = peek(0);
    if (a.kind() != Token.Kind.WORD && a.kind() != Token.Kind.QUOTED) {
      return false;
    }
    if (peek(1).isSymbol("=")) {
      return true;
    }
    return peek(1).isSymbol(".") && peek(3).isSymbol("=");
  }

  private DdlStatement createView(boolean orReplace) {
    boolean ifNotExists = ifNotExists();
    Name view = name();
    List<String> cols = new ArrayList<>();
    if (acceptSymbol("(")) {
      do {
        Token at = peek();
        cols.add(identifier("a column name"));
        if (peek().kind() == Token.Kind.WORD && !peek().isSymbol(",")) {
          throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "typed view columns at " + at.position()
              + " (Phoenix views that add columns) are not supported yet");
        }
      } while (acceptSymbol(","));
      expectSymbol(")");
    }
    expectWord("AS");
    Token q = peek();
    if (q.kind() == Token.Kind.END) {
      throw error(q, "expected a query after AS");
    }
    String query = sql.substring(q.offset()).trim();
    while (query.endsWith(";")) {
      query = query.substring(0, query.length() - 1).trim();
    }
    return new DdlStatement.CreateView(view, orReplace, ifNotExists, cols, query, q);
  }

  private DdlStatement.Column column() {
    Token at = peek();
    String family = null;
    String name = identifier("a column name");
    if (acceptSymbol(".")) {
      family = name;
      at = peek();
      name = identifier("a column name after '" + family + ".'");
    }
    ColumnType type = type(name);
    boolean notNull = false;
    boolean pk = false;
    boolean desc = false;
    ValueFormat format = null;
    boolean rowTimestamp = false;
    while (true) {
      if (!pk && accept("ROW_TIMESTAMP")) {
        rowTimestamp = true;
      } else if (accept("FORMAT")) {
        Token f = peek();
        if (!f.is("STRING") && !f.is("BYTES")) {
          throw error(f, "expected STRING or BYTES after FORMAT (column " + name + ")");
        }
        i++;
        format = ValueFormat.valueOf(f.text());
      } else if (accept("NOT")) {
        expectWord("NULL");
        notNull = true;
      } else if (accept("NULL")) {
        notNull = false;
      } else if (accept("PRIMARY")) {
        expectWord("KEY");
        pk = true;
        desc = direction();
        accept("ROW_TIMESTAMP");
      } else if (peek().is("DEFAULT")) {
        throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "DEFAULT at " + peek().position()
            + " (column " + name + ") is not supported yet");
      } else {
        break;
      }
    }
    return new DdlStatement.Column(family, name, type, notNull, pk, desc, format, at, rowTimestamp);
  }

  private boolean direction() {
    if (accept("DESC")) {
      return true;
    }
    accept("ASC");
    return false;
  }

  private ColumnType type(String column) {
    Token t = peek();
    if (t.kind() != Token.Kind.WORD) {
      throw error(t, "expected a type for column " + column);
    }
    i++;
    if (t.is("MAP") && peek().isSymbol("<")) {
      return mapType(column, t);
    }
    KeyType kt;
    switch (t.text()) {
      case "BOOLEAN":
        kt = KeyType.BOOLEAN;
        break;
      case "TINYINT":
        kt = KeyType.TINYINT;
        break;
      case "SMALLINT":
        kt = KeyType.SMALLINT;
        break;
      case "INTEGER":
      case "INT":
        kt = KeyType.INTEGER;
        break;
      case "BIGINT":
        kt = KeyType.BIGINT;
        break;
      case "DECIMAL":
      case "NUMERIC":
      case "DEC":
        kt = KeyType.DECIMAL;
        break;
      case "REAL":
        kt = KeyType.REAL;
        break;
      case "FLOAT":
        kt = KeyType.DOUBLE;
        break;
      case "DOUBLE":
        accept("PRECISION");
        kt = KeyType.DOUBLE;
        break;
      case "CHAR":
      case "CHARACTER":
        kt = accept("VARYING") ? KeyType.VARCHAR : KeyType.CHAR;
        break;
      case "VARCHAR":
      case "TEXT":
        kt = KeyType.VARCHAR;
        break;
      case "BINARY":
        kt = accept("VARYING") ? KeyType.VARBINARY : KeyType.BINARY;
        break;
      case "VARBINARY":
        kt = KeyType.VARBINARY;
        break;
      case "DATE":
        kt = KeyType.DATE;
        break;
      case "TIME":
        kt = KeyType.TIME;
        break;
      case "TIMESTAMP":
        kt = KeyType.TIMESTAMP;
        break;
      default:
        if (t.text().startsWith("UNSIGNED_") || t.text().equals("ARRAY") || t.text().equals("JSON")
            || t.text().equals("BSON")) {
          throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "type " + t.text() + " of column " + column
              + " at " + t.position() + " is not supported; use one of BOOLEAN, TINYINT, SMALLINT, INTEGER, BIGINT, "
              + "DECIMAL, REAL, DOUBLE, CHAR, VARCHAR, BINARY, VARBINARY, DATE, TIME, TIMESTAMP");
        }
        throw error(t, "expected a type for column " + column);
    }
    ColumnType ct = ColumnType.of(kt);
    if (acceptSymbol("(")) {
      Token pt = peek();
      int p = intLiteral("a length or precision");
      int s = 0;
      if (acceptSymbol(",")) {
        if (kt != KeyType.DECIMAL) {
          throw error(previous(), "only DECIMAL takes a scale");
        }
        s = intLiteral("a scale");
      }
      expectSymbol(")");
      ct = sized(kt, p, s, column, pt);
    }
    if (peek().is("ARRAY") || peek().isSymbol("[")) {
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "ARRAY columns (" + column + " at "
          + peek().position() + ") are not supported");
    }
    return ct;
  }

  /** {@code MAP<VARCHAR, type>}, after {@code MAP}: the keys are qualifiers, so text. */
  private ColumnType mapType(String column, Token at) {
    expectSymbol("<");
    Token k = peek();
    ColumnType key = type(column);
    if (key.type() != KeyType.VARCHAR || key.isMap() || key.precision() != ColumnType.UNSPECIFIED) {
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "MAP column " + column + " at " + at.position()
          + ": the keys of a MAP are the qualifiers of its family and must be VARCHAR, not " + key.sql() + " (at "
          + k.position() + ")");
    }
    expectSymbol(",");
    Token v = peek();
    ColumnType value = type(column);
    if (value.isMap()) {
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "MAP column " + column + " at " + at.position()
          + ": the values of a MAP are cells and cannot be MAPs themselves (at " + v.position() + ")");
    }
    expectSymbol(">");
    return ColumnType.map(value);
  }

  private ColumnType sized(KeyType kt, int p, int s, String column, Token at) {
    switch (kt) {
      case CHAR:
      case BINARY:
      case VARCHAR:
      case VARBINARY:
        if (p < 1 || (kt.hasFixedLength() && p > 32_767)) {
          throw new CellarSqlException(SqlState.SYNTAX_ERROR, "length " + p + " of column " + column + " at "
              + at.position() + " is out of range");
        }
        return new ColumnType(kt, p, 0);
      case DECIMAL:
        if (p < 1 || p > ColumnType.MAX_DECIMAL_PRECISION || s < 0 || s > p) {
          throw new CellarSqlException(SqlState.SYNTAX_ERROR, "DECIMAL(" + p + "," + s + ") of column " + column
              + " at " + at.position() + ": precision must be 1 to " + ColumnType.MAX_DECIMAL_PRECISION
              + " and scale 0 to the precision");
        }
        return new ColumnType(kt, p, s);
      case TIME:
      case TIMESTAMP:
        if (p < 0 || p > ColumnType.DATETIME_PRECISION) {
          throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, kt + "(" + p + ") of column " + column + " at "
              + at.position() + ": fractional seconds are kept to milliseconds, precision 0 to 3");
        }
        return new ColumnType(kt, p, 0);
      default:
        throw error(at, kt + " takes no length");
    }
  }

  private List<DdlStatement.Option> options() {
    if (peek().kind() == Token.Kind.END || peek().isSymbol(";") || peek().is("SPLIT")) {
      return List.of();
    }
    return optionList();
  }

  private List<DdlStatement.Option> optionList() {
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
  private Token literal(String what) {
    Token t = peek();
    if (t.isSymbol("-") || t.isSymbol("+")) {
      i++;
      Token n = peek();
      if (n.kind() != Token.Kind.NUMBER) {
        throw error(n, "expected a number after '" + t.text() + "'");
      }
      i++;
      return new Token(Token.Kind.NUMBER, (t.text().equals("-") ? "-" : "") + n.text(), t.line(), t.column(),
          t.offset());
    }
    if (t.kind() == Token.Kind.STRING || t.kind() == Token.Kind.NUMBER || t.kind() == Token.Kind.WORD) {
      i++;
      return t;
    }
    throw error(t, "expected " + what);
  }

  private int intLiteral(String what) {
    Token t = peek();
    if (t.kind() != Token.Kind.NUMBER) {
      throw error(t, "expected " + what);
    }
    i++;
    try {
      return Integer.parseInt(t.text());
    } catch (NumberFormatException e) {
      throw error(t, "expected " + what + " (a whole number)");
    }
  }

  private boolean ifNotExists() {
    if (accept("IF")) {
      expectWord("NOT");
      expectWord("EXISTS");
      return true;
    }
    return false;
  }

  private boolean ifExists() {
    if (accept("IF")) {
      expectWord("EXISTS");
      return true;
    }
    return false;
  }

  private Name name() {
    Token at = peek();
    String first = identifier("a name");
    if (acceptSymbol(".")) {
      return new Name(first, identifier("a name after '" + first + ".'"), at);
    }
    return new Name(null, first, at);
  }

  /** A name: quoted, or an unquoted word that Cellar's SQL parser does not reserve ({@link ReservedNames}). */
  private String identifier(String what) {
    ReservedNames.check(peek(), what);
    return word(what);
  }

  /** A word or quoted identifier that is not a name, such as an option or a collation. */
  private String word(String what) {
    Token t = peek();
    if (t.kind() == Token.Kind.WORD || t.kind() == Token.Kind.QUOTED) {
      i++;
      return t.text();
    }
    throw error(t, "expected " + what);
  }

  private Token peek() {
    return tokens.get(i);
  }

  private Token peek(int ahead) {
    return tokens.get(Math.min(i + ahead, tokens.size() - 1));
  }

  private Token previous() {
    return tokens.get(Math.max(0, i - 1));
  }

  private boolean accept(String word) {
    if (peek().is(word)) {
      i++;
      return true;
    }
    return false;
  }

  private boolean acceptSymbol(String s) {
    if (peek().isSymbol(s)) {
      i++;
      return true;
    }
    return false;
  }

  private void expectWord(String word) {
    if (!accept(word)) {
      throw error(peek(), "expected " + word);
    }
  }

  private void expectSymbol(String s) {
    if (!acceptSymbol(s)) {
      throw error(peek(), "expected '" + s + "'");
    }
  }

  /** A syntax error at {@code t}. */
  static CellarSqlException error(Token t, String expected) {
    return CellarSqlException.syntax("Syntax error at " + t.position() + " near " + t.show() + ": " + expected);
  }

}
