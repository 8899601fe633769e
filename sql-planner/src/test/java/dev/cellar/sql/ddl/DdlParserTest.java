package dev.cellar.sql.ddl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.catalog.ColumnType;
import dev.cellar.sql.codec.KeyType;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class DdlParserTest {
  private static CellarSqlException fails(String sql) {
    return assertThrows(CellarSqlException.class, () -> DdlParser.parse(sql), sql);
  }

  @Test
  void phoenixCreateTable() {
    DdlStatement.CreateTable t = (DdlStatement.CreateTable) DdlParser.parse(
        "CREATE TABLE IF NOT EXISTS \"my\".metrics (host VARCHAR NOT NULL, created DATE NOT NULL, n.\"Core\" BIGINT,\n"
            + " stats.v DECIMAL(10, 2) CONSTRAINT pk PRIMARY KEY (host, created DESC ROW_TIMESTAMP))\n"
            + " n.VERSIONS=1, n.TTL=18000, COMPRESSION='SNAPPY', SALT_BUCKETS=8 -- trailing comment\n;");
    assertTrue(t.ifNotExists());
    assertEquals("my", t.table().schema());
    assertEquals("METRICS", t.table().name());
    assertEquals(4, t.columns().size());
    DdlStatement.Column core = t.columns().get(2);
    assertEquals("N", core.family());
    assertEquals("Core", core.name());
    assertEquals(new ColumnType(KeyType.DECIMAL, 10, 2), t.columns().get(3).type());
    assertEquals(List.of("HOST", "CREATED"), t.primaryKey().stream().map(DdlStatement.KeyPart::name).toList());
    assertTrue(t.primaryKey().get(1).descending());
    assertEquals(4, t.options().size());
    DdlStatement.Option ttl = t.options().get(1);
    assertEquals("N", ttl.family());
    assertEquals("TTL", ttl.name());
    assertEquals("18000", ttl.value());
    assertEquals(3, ttl.at().line());
    assertEquals("SNAPPY", t.options().get(2).value());
    assertNull(t.options().get(3).family());
  }

  @Test
  void splitsInlineKeysAndTypes() {
    DdlStatement.CreateTable t = (DdlStatement.CreateTable) DdlParser.parse(
        "create table t (id integer primary key desc, c char(3), v varchar, b binary(2), vb varbinary(9), "
            + "f float, d double precision, ts timestamp(0), tm time, cv character varying(4), tx text) "
            + "split on ('10', -20, 3.5)");
    DdlStatement.Column id = t.columns().get(0);
    assertTrue(id.primaryKey());
    assertTrue(id.descending());
    assertEquals(ColumnType.of(KeyType.CHAR).type(), t.columns().get(1).type().type());
    assertEquals(3, t.columns().get(1).type().precision());
    assertEquals(KeyType.DOUBLE, t.columns().get(5).type().type(), "FLOAT is a double, as in standard SQL");
    assertEquals(0, t.columns().get(7).type().precision());
    assertEquals(3, t.columns().get(8).type().precision());
    assertEquals(new ColumnType(KeyType.VARCHAR, 4, 0), t.columns().get(9).type());
    assertEquals(KeyType.VARCHAR, t.columns().get(10).type().type(), "TEXT is a VARCHAR, as in SQLite and PostgreSQL");
    assertEquals(List.of("10", "-20", "3.5"), t.splitPoints().stream().map(Token::text).toList());
  }

  @Test
  void alterDropAndViews() {
    DdlStatement.AddColumns add = (DdlStatement.AddColumns) DdlParser.parse(
        "ALTER TABLE t ADD IF NOT EXISTS f.a INTEGER, b VARCHAR f.VERSIONS=2, TTL=5");
    assertTrue(add.ifNotExists());
    assertEquals(2, add.columns().size());
    assertEquals(2, add.options().size());
    DdlStatement.DropColumns drop = (DdlStatement.DropColumns) DdlParser.parse("ALTER TABLE t DROP COLUMN IF EXISTS a, f.b");
    // a column named with its family keeps it: F.B is column B of family F
    assertEquals(List.of("A", "F.B"), drop.columns().stream().map(Token::text).toList());
    DdlStatement.SetOptions set = (DdlStatement.SetOptions) DdlParser.parse("ALTER TABLE t SET f.TTL = 10");
    assertEquals("f.TTL".toUpperCase(), set.options().get(0).toString());
    DdlStatement.CreateView v = (DdlStatement.CreateView) DdlParser.parse(
        "CREATE OR REPLACE VIEW v (a, \"b\") AS SELECT x, y FROM t WHERE x <> 'a;b' ;");
    assertTrue(v.orReplace());
    assertEquals(List.of("A", "b"), v.columnNames());
    assertEquals("SELECT x, y FROM t WHERE x <> 'a;b'", v.query());
    assertInstanceOf(DdlStatement.DropView.class, DdlParser.parse("DROP VIEW IF EXISTS v"));
    DdlStatement.DropTable dt = (DdlStatement.DropTable) DdlParser.parse("drop table if exists s.t cascade");
    assertTrue(dt.ifExists());
    assertEquals("S.T", dt.table().toString());
  }

  @Test
  void adminVerbs() {
    DdlStatement.AdminVerb split = (DdlStatement.AdminVerb) DdlParser.parse("alter table s.t split at ('m', -3);");
    assertEquals("S.T", split.table().toString());
    assertEquals("SPLIT", split.verb());
    assertEquals(List.of("m", "-3"), split.splitAt().stream().map(Token::text).toList());
    assertEquals("COMPACT MAJOR", ((DdlStatement.AdminVerb) DdlParser.parse("ALTER TABLE t COMPACT MAJOR")).verb());
    assertEquals(List.of(), ((DdlStatement.AdminVerb) DdlParser.parse("ALTER TABLE t SPLIT")).splitAt());
    assertEquals("ALTER TABLE ... FLUSH", AdminVerbs.verbOf("  alter table t flush"));
    assertEquals("ALTER TABLE ... COMPACT", AdminVerbs.verbOf("/* c */ ALTER TABLE \"t\" COMPACT"));
    assertNull(AdminVerbs.verbOf("ALTER TABLE t SET VERSIONS = 2"));
    assertNull(AdminVerbs.verbOf("SELECT 1"));
    assertNull(AdminVerbs.verbOf("ALTER TABLE t FLUSH NOW"));
    assertTrue(fails("ALTER TABLE t SPLIT AT 3").getMessage().contains("near '3'"));
    assertTrue(fails("ALTER TABLE t SHRINK").getMessage().contains("expected ADD, DROP COLUMN, SET, FLUSH, COMPACT or SPLIT"));
  }

  @Test
  void errorsNameLineColumnAndToken() {
    assertTrue(fails("CREATE TABLE t (id INTEGER PRIMARY KEY,\n  x VARCHR)").getMessage()
        .startsWith("Syntax error at line 2, column 5 near 'VARCHR': expected a type for column X"));
    assertTrue(fails("CREATE TABLE t (id INTEGER").getMessage().contains("line 1, column 27 near end of statement"));
    assertTrue(fails("CREATE TABLE t (id INTEGER) SPLIT ON (").getMessage().contains("expected a split point"));
    assertTrue(fails("CREATE TABLE t (s VARCHAR) x = 'unterminated").getMessage().contains("unterminated string"));
    assertTrue(fails("ALTER TABLE t RENAME TO u").getMessage().contains("near 'RENAME'"));
    assertTrue(fails("CREATE TABLE t (d DECIMAL(40))").getMessage().contains("DECIMAL(40,0)"));
    assertTrue(fails("CREATE INDEX i ON t (a) INCLUDE b").getMessage().contains("near 'B': expected '('"));
    assertTrue(fails("ALTER INDEX i ON t RENAME").getMessage().contains("expected REBUILD, VERIFY or REPAIR"));
    assertEquals("0A000", fails("CREATE TABLE t (a UNSIGNED_INT)").sqlState());
    assertEquals("0A000", fails("CREATE TABLE t (a INTEGER DEFAULT 1)").sqlState());
    assertEquals("42000", fails("CREATE TABLE t (a INTEGER) junk junk").sqlState());
  }

  @Test
  void statementKinds() {
    assertTrue(DdlParser.isDdl("  -- note\n /* c */ create table x (a int)"));
    assertTrue(DdlParser.isDdl("DROP VIEW v"));
    assertFalse(DdlParser.isDdl("SELECT 1"));
    assertEquals("UPSERT", DdlParser.firstWord("\n upsert into t values (1)"));
    assertEquals("SELECT", DdlParser.firstWord("(SELECT 1)"));
  }

  @Test
  void indexStatements() {
    DdlStatement.CreateIndex ci = (DdlStatement.CreateIndex) DdlParser.parse(
        "CREATE UNIQUE INDEX IF NOT EXISTS i ON s.t (a DESC, b ASC) INCLUDE (c, d) ASYNC");
    assertTrue(ci.unique() && ci.ifNotExists() && ci.async());
    assertEquals("S.T", ci.table().toString());
    assertEquals(List.of("A", "B"), ci.columns().stream().map(DdlStatement.IndexItem::column).toList());
    assertTrue(ci.columns().get(0).descending());
    assertEquals(2, ci.include().size());
    DdlStatement.DropIndex di = (DdlStatement.DropIndex) DdlParser.parse("DROP INDEX IF EXISTS i");
    assertTrue(di.ifExists());
    assertEquals(null, di.table());
    assertEquals("T", ((DdlStatement.DropIndex) DdlParser.parse("DROP INDEX i ON t")).table().name());
    assertEquals("VERIFY", ((DdlStatement.AlterIndex) DdlParser.parse("ALTER INDEX i ON t VERIFY")).action());
    DdlStatement.CreateIndex fx = (DdlStatement.CreateIndex) DdlParser.parse(
        "CREATE INDEX f ON t (UPPER(name) DESC, a, SUBSTRING(b, 1, 2), c + 1)");
    assertEquals(Arrays.asList("UPPER(name)", null, "SUBSTRING(b, 1, 2)", "c + 1"),
        fx.columns().stream().map(DdlStatement.IndexItem::expression).toList());
    assertTrue(fx.columns().get(0).descending());
  }

  @Test
  void reservedWordsAreNamesOnlyQuoted() {
    // words SQL reserves that Cellar's parser does not
    DdlStatement.CreateTable t = (DdlStatement.CreateTable) DdlParser.parse(
        "CREATE TABLE user (id INTEGER PRIMARY KEY, value INTEGER, date DATE, f.year INTEGER, \"SELECT\" INTEGER) "
            + "DEFAULT_COLUMN_FAMILY='f'");
    assertEquals("USER", t.table().name());
    assertEquals(List.of("ID", "VALUE", "DATE", "YEAR", "SELECT"),
        t.columns().stream().map(DdlStatement.Column::name).toList());
    DdlStatement.CreateIndex i = (DdlStatement.CreateIndex) DdlParser.parse("CREATE INDEX time ON user (date)");
    assertEquals("TIME", i.index().name());

    CellarSqlException e = fails("CREATE TABLE t (id INTEGER PRIMARY KEY,\n  value INTEGER, select INTEGER)");
    assertEquals("42000", e.sqlState());
    assertTrue(e.getMessage().contains("line 2, column 18 near 'SELECT'"), e.getMessage());
    assertTrue(e.getMessage().contains("SELECT is a reserved word, write it quoted as \"SELECT\""), e.getMessage());
    for (String sql : List.of("CREATE TABLE order (id INTEGER PRIMARY KEY)",
        "CREATE TABLE t (id INTEGER, CONSTRAINT group PRIMARY KEY (id))",
        "CREATE TABLE t (id INTEGER, CONSTRAINT pk PRIMARY KEY (from))",
        "CREATE TABLE t (where.x INTEGER PRIMARY KEY)",
        "CREATE INDEX i ON t (join)", "CREATE INDEX i ON t (id) INCLUDE (having)", "CREATE INDEX union ON t (id)",
        "CREATE VIEW select AS SELECT 1", "CREATE VIEW v (order) AS SELECT 1",
        "ALTER TABLE t ADD table VARCHAR", "ALTER TABLE t DROP COLUMN on", "DROP TABLE into")) {
      e = fails(sql);
      assertEquals("42000", e.sqlState(), sql);
      assertTrue(e.getMessage().contains("is a reserved word, write it quoted as \""), sql + ": " + e.getMessage());
    }
  }
}
