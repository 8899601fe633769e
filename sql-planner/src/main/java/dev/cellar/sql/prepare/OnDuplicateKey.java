package dev.cellar.sql.prepare;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.parser.CellarParser;
import dev.cellar.sql.parser.SqlLexer;
import dev.cellar.sql.parser.SqlLexer.Kind;
import dev.cellar.sql.parser.SqlLexer.Lexeme;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;

/**
 * Phoenix's {@code UPSERT INTO t [(c, ...)] VALUES (...) ON DUPLICATE KEY IGNORE} and
 * {@code ... ON DUPLICATE KEY UPDATE c = expr [, ...]}, which Calcite's parser does not know,
 * written as the UPSERT ... SELECT that does the same ({@link #rewrite}):
 *
 * <ul>
 *   <li>{@code IGNORE}: the rows of the VALUES whose key is not in the table yet;</li>
 *   <li>{@code UPDATE}: the rows of the VALUES, each joined to the table's row of its key; a
 *       row with none is inserted as the VALUES give it, one with a row takes the expressions of
 *       the UPDATE list, over the row's current values (a column's name in them is its current
 *       value, {@code counter = counter + 1}), and keeps its other columns.</li>
 * </ul>
 *
 * A statement holds its table's write lock from before it reads its input until its writes are
 * done ({@code TableWriter}), so the read of the current row and the write of the new one are
 * atomic per row against every other statement on the table in this process. The update count
 * is the rows written: a row {@code IGNORE} leaves alone is not counted. Parameters keep their
 * order: the VALUES come first in the new text, then the UPDATE list's expressions in the order
 * written.
 */
final class OnDuplicateKey {
  private static final String NEW = "$NEW";

  private OnDuplicateKey() {}

  /**
   * {@code sql} with its {@code ON DUPLICATE KEY} clause made an UPSERT ... SELECT, or null if it
   * has none.
   *
   * @throws CellarSqlException naming the clause, column or table at fault
   */
  static String rewrite(String sql, Catalog.Snapshot catalog, SqlParser.Config parserConfig) {
    List<Lexeme> tokens;
    try {
      tokens = SqlLexer.tokenize(sql);
    } catch (SqlLexer.UnterminatedException e) {
      return null;
    }
    int on = find(tokens);
    if (on < 0) {
      return null;
    }
    Lexeme at = tokens.get(on);
    String head = sql.substring(0, at.offset());
    SqlInsert insert;
    try {
      SqlNode node = SqlParser.create(head, parserConfig).parseStmt();
      if (!(node instanceof SqlInsert i) || !i.isUpsert()) {
        throw error(at, "ON DUPLICATE KEY follows UPSERT INTO t ... VALUES (...)");
      }
      insert = i;
    } catch (SqlParseException e) {
      return null; // Calcite's own preparation reports it
    }
    if (insert.getSource().getKind() != SqlKind.VALUES) {
      throw error(at, "ON DUPLICATE KEY is for UPSERT ... VALUES, not UPSERT ... SELECT");
    }
    if (!(insert.getTargetTable() instanceof SqlIdentifier target)) {
      // "UPSERT INTO t (k v)": the parser reads a name followed by another as a column with a type
      throw error(at, "ON DUPLICATE KEY follows UPSERT INTO t (column, ...) VALUES (...): the column list "
          + "names columns, it gives them no types");
    }
    String tableName = target.names.get(target.names.size() - 1);
    TableDef table = catalog.table(tableName);
    if (table == null || target.names.size() > 2
        || target.names.size() == 2 && !target.names.get(0).equals(Catalog.DEFAULT_SCHEMA)) {
      throw new CellarSqlException(SqlState.TABLE_NOT_FOUND, "table " + target + " of UPSERT ... ON DUPLICATE KEY "
          + "(line " + at.line() + ", column " + at.column() + ") does not exist");
    }
    if (table.hiddenKey()) {
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "table " + tableName + " has no primary key: "
          + "ON DUPLICATE KEY (line " + at.line() + ", column " + at.column() + ") needs one");
    }
    List<String> valueColumns = new ArrayList<>();
    if (insert.getTargetColumnList() != null) {
      for (SqlNode c : insert.getTargetColumnList()) {
        SqlIdentifier id = (SqlIdentifier) c;
        String name = id.names.size() == 2 ? id.names.get(0) + "." + id.names.get(1) : id.names.get(id.names.size() - 1);
        valueColumns.add(name);
      }
    } else {
      for (ColumnDef c : table.columns()) {
        valueColumns.add(c.name());
      }
    }
    for (ColumnDef k : table.keyColumns()) {
      if (!valueColumns.contains(k.name())) {
        throw new CellarSqlException(SqlState.SYNTAX_ERROR, "UPSERT ... ON DUPLICATE KEY (line " + at.line()
            + ", column " + at.column() + ") gives no value for key column " + k.name() + " of table " + tableName);
      }
    }
    int valuesAt = valuesIndex(tokens, on);
    if (valuesAt < 0) {
      throw new CellarSqlException(SqlState.SYNTAX_ERROR, "UPSERT ... ON DUPLICATE KEY (line " + at.line()
          + ", column " + at.column() + ") needs its rows as VALUES (...) before ON DUPLICATE KEY, in table "
          + tableName);
    }
    for (int i = valuesAt; i < on; i++) {
      if (isWord(tokens.get(i), "NEXT") && isWord(tokens.get(i + 1), "VALUE")) {
        // the VALUES are read more than once in the statement's plan: each read would take a value
        throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "NEXT VALUE FOR (line " + tokens.get(i).line()
            + ", column " + tokens.get(i).column() + ") in the VALUES of UPSERT ... ON DUPLICATE KEY is not supported");
      }
    }
    String values = typedValues(sql, tokens, valuesAt, on, valueColumns, table);
    Lexeme action = tokens.get(on + 3);
    String quotedTable = CellarParser.quoted(Catalog.DEFAULT_SCHEMA) + "." + CellarParser.quoted(tableName);
    StringBuilder newColumns = new StringBuilder();
    for (int i = 0; i < valueColumns.size(); i++) {
      newColumns.append(i > 0 ? ", " : "").append(CellarParser.quoted("$V" + i));
    }
    StringBuilder keyJoin = new StringBuilder();
    for (ColumnDef k : table.keyColumns()) {
      keyJoin.append(keyJoin.length() > 0 ? " AND " : "").append(CellarParser.quoted(tableName)).append('.')
          .append(CellarParser.quoted(k.name())).append(" = ").append(CellarParser.quoted(NEW)).append('.')
          .append(CellarParser.quoted("$V" + valueColumns.indexOf(k.name())));
    }
    // key columns are never NULL: after the outer join, a NULL key is a row not in the table
    String present = CellarParser.quoted(tableName) + "." + CellarParser.quoted(table.keyColumns().get(0).name());
    String withNew = "WITH " + CellarParser.quoted(NEW) + " (" + newColumns + ") AS (" + values + ") ";
    if (action.kind() == Kind.WORD && action.text().equals("IGNORE")) {
      expectEnd(tokens, on + 4);
      StringBuilder select = new StringBuilder();
      for (int i = 0; i < valueColumns.size(); i++) {
        select.append(i > 0 ? ", " : "").append(asColumn(table.column(valueColumns.get(i)),
            CellarParser.quoted(NEW) + "." + CellarParser.quoted("$V" + i)));
      }
      return "UPSERT INTO " + quotedTable + " (" + quotedList(valueColumns) + ") " + withNew + "SELECT " + select
          + " FROM " + CellarParser.quoted(NEW) + " LEFT JOIN " + quotedTable + " AS " + CellarParser.quoted(tableName)
          + " ON " + keyJoin + " WHERE " + present + " IS NULL";
    }
    if (!(action.kind() == Kind.WORD && action.text().equals("UPDATE"))) {
      throw error(action, "expected IGNORE or UPDATE after ON DUPLICATE KEY");
    }
    Map<String, String> updates = assignments(sql, tokens, on + 4, table);
    // the columns written: those of the VALUES not updated, then the updated ones in the order written
    List<String> written = new ArrayList<>();
    for (String c : valueColumns) {
      if (!updates.containsKey(c)) {
        written.add(c);
      }
    }
    written.addAll(updates.keySet());
    StringBuilder select = new StringBuilder();
    for (String c : written) {
      int v = valueColumns.indexOf(c);
      String inserted = v < 0 ? "NULL" : asColumn(table.column(c), CellarParser.quoted(NEW) + "." + CellarParser.quoted("$V" + v));
      select.append(select.length() > 0 ? ", " : "");
      if (table.column(c).isKey()) {
        select.append(inserted);
        continue;
      }
      // the new value typed as the column, as the inserted one is: a CASE of a BIGINT and a string
      // was typed by Calcite's coercion one way when validated and another when converted. Not
      // with a parameter in it, whose type comes from the expression around it ("n * ?")
      String update = updates.get(c);
      String current = update == null ? CellarParser.quoted(tableName) + "." + CellarParser.quoted(c)
          : update.indexOf('?') < 0 ? asColumn(table.column(c), "(" + update + ")") : "(" + update + ")";
      select.append("CASE WHEN ").append(present).append(" IS NULL THEN ").append(inserted).append(" ELSE ")
          .append(current).append(" END");
    }
    return "UPSERT INTO " + quotedTable + " (" + quotedList(written) + ") " + withNew + "SELECT " + select + " FROM "
        + CellarParser.quoted(NEW) + " LEFT JOIN " + quotedTable + " AS " + CellarParser.quoted(tableName) + " ON "
        + keyJoin;
  }

  /** The index of the {@code ON} of {@code ON DUPLICATE KEY} outside parentheses, or -1. */
  private static int find(List<Lexeme> tokens) {
    int depth = 0;
    for (int i = 0; i + 3 < tokens.size(); i++) {
      Lexeme t = tokens.get(i);
      if (t.kind() == Kind.SYMBOL && t.text().equals("(")) {
        depth++;
      } else if (t.kind() == Kind.SYMBOL && t.text().equals(")")) {
        depth--;
      } else if (depth == 0 && isWord(t, "ON") && isWord(tokens.get(i + 1), "DUPLICATE")
          && isWord(tokens.get(i + 2), "KEY")) {
        return i;
      }
    }
    return -1;
  }

  /** The index of the VALUES keyword before {@code ON DUPLICATE KEY}, outside parentheses; -1 if none. */
  private static int valuesIndex(List<Lexeme> tokens, int on) {
    int depth = 0;
    for (int i = on - 1; i >= 0; i--) {
      Lexeme t = tokens.get(i);
      if (t.kind() == Kind.SYMBOL && t.text().equals(")")) {
        depth++;
      } else if (t.kind() == Kind.SYMBOL && t.text().equals("(")) {
        depth--;
      } else if (depth == 0 && isWord(t, "VALUES")) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The VALUES text from token {@code from} up to token {@code to}, each parameter that is a whole
   * value written {@code CAST(? AS type)} with its column's type: outside an INSERT's VALUES a
   * parameter has no column to take its type from.
   */
  private static String typedValues(String sql, List<Lexeme> tokens, int from, int to, List<String> columns,
      TableDef table) {
    StringBuilder out = new StringBuilder();
    int copied = tokens.get(from).offset();
    int depth = 0;
    int item = 0;
    for (int i = from; i < to; i++) {
      Lexeme t = tokens.get(i);
      if (t.kind() == Kind.SYMBOL && t.text().equals("(")) {
        depth++;
        item = 0;
      } else if (t.kind() == Kind.SYMBOL && t.text().equals(")")) {
        depth--;
      } else if (depth == 1 && t.kind() == Kind.SYMBOL && t.text().equals(",")) {
        item++;
      } else if (depth == 1 && t.kind() == Kind.SYMBOL && t.text().equals("?") && item < columns.size()
          && isDelimiter(tokens.get(i - 1)) && isDelimiter(tokens.get(i + 1))) {
        ColumnDef c = table.column(columns.get(item));
        if (c != null && !c.type().isMap()) {
          out.append(sql, copied, t.offset()).append("CAST(? AS ").append(castType(c)).append(')');
          copied = t.offset() + 1;
        }
      }
    }
    return out.append(sql, copied, tokens.get(to).offset()).toString();
  }

  /**
   * A value of the VALUES as the column's type where a cast cannot change it (a number of another
   * width, a number or text for a text column): the statement's target types then match those
   * Calcite converts the rows to.
   */
  private static String asColumn(ColumnDef c, String value) {
    if (c == null || c.type().isMap()) {
      return value;
    }
    switch (c.type().type()) {
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT:
      case REAL:
      case DOUBLE:
        return "CAST(" + value + " AS " + c.type().sql() + ")";
      case CHAR:
      case VARCHAR:
        // a number given for a text column (stored as its text, as UPSERT ... VALUES does); the
        // write checks the length
        return "CAST(" + value + " AS VARCHAR)";
      default:
        return value;
    }
  }

  private static boolean isDelimiter(Lexeme t) {
    return t.kind() == Kind.SYMBOL && (t.text().equals("(") || t.text().equals(",") || t.text().equals(")"));
  }

  /** The type a parameter for {@code c} is cast to: its column's, without a length (the write checks that). */
  private static String castType(ColumnDef c) {
    switch (c.type().type()) {
      case CHAR:
      case VARCHAR:
        return "VARCHAR";
      case BINARY:
      case VARBINARY:
        return "VARBINARY";
      default:
        return c.type().sql();
    }
  }

  /** {@code c = expr [, ...]} from token {@code from} to the end: the expressions' text by column, in order. */
  private static Map<String, String> assignments(String sql, List<Lexeme> tokens, int from, TableDef table) {
    Map<String, String> out = new LinkedHashMap<>();
    int i = from;
    while (true) {
      Lexeme name = tokens.get(i);
      if (name.kind() != Kind.WORD && name.kind() != Kind.QUOTED) {
        throw error(name, "expected a column name");
      }
      ColumnDef c = table.column(name.text());
      if (c == null) {
        throw new CellarSqlException(SqlState.COLUMN_NOT_FOUND, "column " + name.text() + " (line " + name.line()
            + ", column " + name.column() + ") is not a column of table " + table.name());
      }
      if (c.isKey()) {
        throw new CellarSqlException(SqlState.SYNTAX_ERROR, "ON DUPLICATE KEY UPDATE cannot change key column "
            + c.name() + " (line " + name.line() + ", column " + name.column() + ")");
      }
      Lexeme eq = tokens.get(i + 1);
      if (!(eq.kind() == Kind.SYMBOL && eq.text().equals("="))) {
        throw error(eq, "expected '='");
      }
      int start = i + 2;
      int depth = 0;
      int j = start;
      while (true) {
        Lexeme t = tokens.get(j);
        if (t.kind() == Kind.END || depth == 0 && t.kind() == Kind.SYMBOL && (t.text().equals(",") || t.text().equals(";"))) {
          break;
        }
        if (t.kind() == Kind.SYMBOL && t.text().equals("(")) {
          depth++;
        } else if (t.kind() == Kind.SYMBOL && t.text().equals(")")) {
          depth--;
        }
        j++;
      }
      if (j == start) {
        throw error(tokens.get(j), "expected an expression for column " + c.name());
      }
      if (out.put(c.name(), sql.substring(tokens.get(start).offset(), tokens.get(j).offset()).strip()) != null) {
        throw error(name, "column " + c.name() + " is updated twice");
      }
      Lexeme stop = tokens.get(j);
      if (stop.kind() == Kind.SYMBOL && stop.text().equals(",")) {
        i = j + 1;
        continue;
      }
      expectEnd(tokens, j);
      return out;
    }
  }

  private static void expectEnd(List<Lexeme> tokens, int i) {
    Lexeme t = tokens.get(i);
    if (t.kind() == Kind.SYMBOL && t.text().equals(";")) {
      t = tokens.get(i + 1);
    }
    if (t.kind() != Kind.END) {
      throw error(t, "expected end of statement");
    }
  }

  private static String quotedList(List<String> names) {
    StringBuilder b = new StringBuilder();
    for (String n : names) {
      b.append(b.length() > 0 ? ", " : "").append(CellarParser.quoted(n));
    }
    return b.toString();
  }

  private static boolean isWord(Lexeme t, String w) {
    return t.kind() == Kind.WORD && t.text().equals(w);
  }

  private static CellarSqlException error(Lexeme t, String expected) {
    String near = t.kind() == Kind.END ? "end of statement" : "'" + t.text() + "'";
    return CellarSqlException.syntax("Syntax error at line " + t.line() + ", column " + t.column() + " near " + near
        + ": " + expected);
  }
}
