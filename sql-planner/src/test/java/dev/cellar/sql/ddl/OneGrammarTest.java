package dev.cellar.sql.ddl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.parser.CellarParser;
import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.junit.jupiter.api.Test;

/**
 * DDL and queries read one grammar of names, literals and positions: the DDL parser tokenizes
 * with the lexer of Cellar's SQL parser, so a name, a literal and an error position mean the
 * same in {@code CREATE TABLE} as in {@code SELECT}.
 */
class OneGrammarTest {
  private static SqlSelect query(String sql) throws SqlParseException {
    return (SqlSelect) SqlParser.create(sql, CellarParser.config()).parseQuery();
  }

  @Test
  void namesAreReadAlike() throws SqlParseException {
    for (String name : List.of("price", "Price", "\"Price\"", "value", "\"select\"", "\"a\"\"b\"", "_x$1", "\u00fcber",
        "\"with space\"", "t1")) {
      DdlStatement.CreateTable t = (DdlStatement.CreateTable) DdlParser.parse(
          "CREATE TABLE t (" + name + " INTEGER PRIMARY KEY)");
      SqlIdentifier id = (SqlIdentifier) query("SELECT " + name + " FROM t").getSelectList().get(0);
      assertEquals(id.getSimple(), t.columns().get(0).name(), name);
    }
  }

  @Test
  void literalsAreReadAlike() throws SqlParseException {
    for (String literal : List.of("'SNAPPY'", "'it''s'", "''", "'two\nlines'")) {
      DdlStatement.CreateTable t = (DdlStatement.CreateTable) DdlParser.parse(
          "CREATE TABLE t (k INTEGER PRIMARY KEY) COMPRESSION = " + literal);
      SqlLiteral l = (SqlLiteral) query("SELECT " + literal + " FROM t").getSelectList().get(0);
      assertEquals(l.getValueAs(String.class), t.options().get(0).value(), literal);
    }
    for (String number : List.of("8", "1.5", ".5", "1e3", "2.5E-2")) {
      DdlStatement.CreateTable t = (DdlStatement.CreateTable) DdlParser.parse(
          "CREATE TABLE t (k INTEGER PRIMARY KEY) SALT_BUCKETS = " + number);
      SqlLiteral l = (SqlLiteral) query("SELECT " + number + " FROM t").getSelectList().get(0);
      assertEquals(0, l.getValueAs(BigDecimal.class).compareTo(new BigDecimal(t.options().get(0).value())), number);
    }
  }

  @Test
  void positionsAreReadAlike() throws SqlParseException {
    // tabs, CR LF and a comment before the names: each name's line and column as the query parser reports it
    String layout = "\n\t\"a b\" , -- note\r\n  \u00fcber,\n\t\tvalue";
    DdlStatement.CreateTable t = (DdlStatement.CreateTable) DdlParser.parse(
        "CREATE TABLE t (" + layout.replace(",", " INTEGER,") + " INTEGER PRIMARY KEY)");
    SqlSelect s = query("SELECT " + layout + " FROM t");
    for (int i = 0; i < 3; i++) {
      SqlNode q = s.getSelectList().get(i);
      Token at = t.columns().get(i).at();
      assertEquals(q.getParserPosition().getLineNum(), at.line(), "line of column " + i);
      assertEquals(q.getParserPosition().getColumnNum(), at.column(), "column of column " + i);
    }
  }

  @Test
  void errorPositionsAreReadAlike() {
    // the same layout up to the token at fault: a reserved word where a name must be, and a
    // character that is no token
    for (String fault : List.of("select", "#")) {
      CellarSqlException ddl = assertThrows(CellarSqlException.class,
          () -> DdlParser.parse("CREATE TABLE t (a INTEGER PRIMARY KEY,\n\t k INTEGER,\r\n\t\t" + fault + " INTEGER)"));
      SqlParseException query = assertThrows(SqlParseException.class,
          () -> query("SELECT a,\n\t k,\r\n\t\t" + fault + " FROM t"));
      String where = "line " + query.getPos().getLineNum() + ", column " + query.getPos().getColumnNum();
      assertEquals("line 3, column 3", where, fault);
      assertTrue(ddl.getMessage().contains(where), ddl.getMessage());
    }
  }

  @Test
  void anUnterminatedLiteralIsRefusedWhereItStarts() {
    CellarSqlException e = assertThrows(CellarSqlException.class,
        () -> DdlParser.parse("CREATE TABLE t (k INTEGER PRIMARY KEY)\n  COMPRESSION = 'SNAPPY"));
    assertEquals("Syntax error at line 2, column 17: unterminated string literal", e.getMessage());
  }
}
