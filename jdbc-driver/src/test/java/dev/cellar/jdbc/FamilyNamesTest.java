package dev.cellar.jdbc;

import static dev.cellar.jdbc.RawTables.shellPut;
import static dev.cellar.jdbc.Sql.assertFails;
import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static dev.cellar.jdbc.Sql.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Columns named with their families, as Phoenix takes them ({@code sql-planner/docs/sql.md},
 * "Names and types"): {@code a.v} and {@code b.v} are two columns of one table, and
 * {@code family.column} or {@code table.family.column} names a column wherever a column may be named.
 */
class FamilyNamesTest extends FreshStoreTest {
  private void twoFamilies() throws Exception {
    run(c, "CREATE TABLE t (id INTEGER PRIMARY KEY, a.v INTEGER, b.v INTEGER, a.w VARCHAR)",
        "UPSERT INTO t (id, a.v, b.v, a.w) VALUES (1, 10, 20, 'x')",
        "UPSERT INTO t (id, a.v, b.v, a.w) VALUES (2, 30, 5, 'y')");
  }

  @Test
  void oneNameInTwoFamiliesIsTwoColumns() throws Exception {
    twoFamilies();
    Result r;
    try (ResultScanner rows = store.table("T").scanner(new Scan())) {
      r = rows.iterator().next();
    }
    // two cells, A:V and B:V, of different values
    byte[] av = r.value(Bytes.toBytes("A"), Bytes.toBytes("V"));
    byte[] bv = r.value(Bytes.toBytes("B"), Bytes.toBytes("V"));
    assertTrue(av != null && bv != null && !java.util.Arrays.equals(av, bv), "cells A:V and B:V");
    assertRows(c, "SELECT a.v, b.v FROM t ORDER BY id", "10, 20", "30, 5");
    assertRows(c, "SELECT t.a.v, x.b.v FROM t, t x WHERE t.id = x.id AND x.id = 1", "10, 20");
    assertRows(c, "SELECT \"A\".v, B.\"V\" FROM t WHERE id = 2", "30, 5");
    assertRows(c, "SELECT \"A.V\", \"B.V\" FROM t WHERE id = 2", "30, 5");
    // unique names need no family, and may have one
    assertRows(c, "SELECT w, a.w, t.a.w FROM t WHERE id = 1", "x, x, x");
  }

  @Test
  void qualifiedNamesWorkWhereverAColumnMayBeNamed() throws Exception {
    twoFamilies();
    assertRows(c, "SELECT id FROM t WHERE a.v > b.v", "2");
    assertRows(c, "SELECT id FROM t ORDER BY b.v", "2", "1");
    assertRows(c, "SELECT a.v + b.v, ABS(b.v - a.v) FROM t WHERE id = 1", "30, 10");
    assertRows(c, "SELECT b.v, COUNT(*) FROM t GROUP BY b.v HAVING MAX(a.v) > 0 ORDER BY b.v", "5, 1", "20, 1");
    assertRows(c, "SELECT x.id, y.id FROM t x JOIN t y ON x.a.v = y.b.v + 10 ORDER BY x.id", "2, 1");
    assertRows(c, "SELECT id FROM t WHERE a.v = (SELECT MAX(b.v) + 10 FROM t)", "2");
    assertRows(c, "SELECT id FROM t o WHERE EXISTS (SELECT 1 FROM t i WHERE i.a.v = o.b.v + 10)", "1");
    run(c, "UPDATE t SET b.v = a.v + 1 WHERE a.v = 10");
    assertRows(c, "SELECT a.v, b.v FROM t WHERE id = 1", "10, 11");
    run(c, "UPDATE t x SET a.v = x.b.v WHERE x.id = 2");
    assertRows(c, "SELECT a.v, b.v FROM t WHERE id = 2", "5, 5");
    run(c, "INSERT INTO t (id, b.v) VALUES (3, 7)", "DELETE FROM t WHERE b.v = 5");
    assertRows(c, "SELECT id, a.v, b.v FROM t ORDER BY id", "1, 10, 11", "3, null, 7");
    // a prepared statement, and the same query twice through the plan cache
    try (var ps = c.prepareStatement("SELECT id FROM t WHERE b.v = ?")) {
      ps.setInt(1, 7);
      assertEquals(List.of(List.of(3)), Sql.rows(ps.executeQuery()));
    }
    assertRows(c, "SELECT id FROM t WHERE b.v = 11", "1");
    assertRows(c, "SELECT id FROM t WHERE b.v = 7", "3");
    // views: their queries and the queries of them
    run(c, "CREATE VIEW vt AS SELECT id, a.v, b.v AS bv FROM t");
    assertRows(c, "SELECT * FROM vt ORDER BY id", "1, 10, 11", "3, null, 7");
    run(c, "CREATE VIEW vall AS SELECT * FROM t");
    assertRows(c, "SELECT a.v, b.v FROM vall WHERE id = 1", "10, 11");
    // the columns views read cannot be dropped, named with their families or not
    assertFails(c, "2BP01", "ALTER TABLE t DROP COLUMN a.v", "A.V", "VT");
    run(c, "DROP VIEW vall", "CREATE VIEW vw AS SELECT a.w FROM t");
    assertFails(c, "2BP01", "ALTER TABLE t DROP COLUMN a.w", "VW");
  }

  @Test
  void anUnqualifiedNameOfTwoFamiliesIsAmbiguous() throws Exception {
    twoFamilies();
    assertFails(c, "42702", "SELECT v FROM t", "V", "A.V", "B.V", "T");
    assertFails(c, "42702", "SELECT id FROM t WHERE v = 1", "V", "A.V", "B.V");
    assertFails(c, "42702", "UPDATE t SET w = 'z' WHERE v = 1", "V", "A.V", "B.V");
    assertFails(c, "42702", "SELECT t.v FROM t", "V", "A.V", "B.V");
    assertFails(c, "42702", "SELECT x.v FROM t x", "V", "A.V", "B.V");
    assertFails(c, "42702", "UPSERT INTO t (id, v) VALUES (9, 9)", "V", "A.V", "B.V");
    assertFails(c, "42702", "UPDATE t SET v = 1", "V", "A.V", "B.V");
    assertFails(c, "42702", "CREATE INDEX iv ON t (v)", "V", "A.V", "B.V");
    assertFails(c, "42702", "ALTER TABLE t DROP COLUMN v", "V", "A.V", "B.V");
    // an alias of that name is no column
    assertRows(c, "SELECT a.v AS v FROM t ORDER BY v", "10", "30");
    // a column of the key or of the default family is the one an unqualified name means, as in Phoenix
    run(c, "CREATE TABLE u (id INTEGER PRIMARY KEY, v INTEGER, a.v INTEGER, a.id INTEGER)",
        "UPSERT INTO u (id, v, a.v, a.id) VALUES (1, 2, 3, 4)");
    assertRows(c, "SELECT id, v, a.v, a.id FROM u", "1, 2, 3, 4");
  }

  @Test
  void aTableAliasWinsOverAFamilyOfTheSameName() throws Exception {
    run(c, "CREATE TABLE u (id INTEGER PRIMARY KEY, v INTEGER, a.v INTEGER)", "UPSERT INTO u VALUES (1, 2, 3)");
    assertRows(c, "SELECT a.v FROM u", "3");
    assertRows(c, "SELECT a.v FROM u a", "2");
    assertRows(c, "SELECT a.a.v FROM u a", "3");
  }

  @Test
  void realDuplicatesAreRefused() throws Exception {
    assertFails(c, "42S21", "CREATE TABLE d1 (id INTEGER PRIMARY KEY, a.v INTEGER, a.v VARCHAR)", "A.V", "D1");
    assertFails(c, "42S21", "CREATE TABLE d2 (id INTEGER PRIMARY KEY, v INTEGER, v VARCHAR)", "V", "D2");
    assertFails(c, "42S21", "CREATE TABLE d3 (id INTEGER PRIMARY KEY, v INTEGER, \"0\".v VARCHAR)", "V", "D3");
    twoFamilies();
    assertFails(c, "42S21", "ALTER TABLE t ADD a.v VARCHAR", "A.V", "T");
    assertFails(c, "42S21", "ALTER TABLE t ADD c.v INTEGER, c.v VARCHAR", "C.V", "T");
    assertFails(c, "42S21", "CREATE TABLE d4 (id INTEGER PRIMARY KEY, a.v INTEGER, b.v INTEGER, \"A.V\" INTEGER)",
        "A.V", "D4");
  }

  @Test
  void alterTableAddsAndDropsQualifiedColumns() throws Exception {
    twoFamilies();
    run(c, "ALTER TABLE t ADD c.v BIGINT, c.w VARCHAR", "UPSERT INTO t (id, c.v, c.w) VALUES (1, 99, 'cw')");
    assertRows(c, "SELECT a.v, b.v, c.v, a.w, c.w FROM t WHERE id = 1", "10, 20, 99, x, cw");
    run(c, "ALTER TABLE t ADD IF NOT EXISTS c.v BIGINT");
    run(c, "ALTER TABLE t DROP COLUMN b.v");
    assertRows(c, "SELECT a.v, c.v FROM t WHERE id = 1", "10, 99");
    assertFails(c, "42S22", "SELECT b.v FROM t", "B.V", "T");
    run(c, "ALTER TABLE t DROP COLUMN a.v, c.w");
    // the one V left needs no family now
    assertRows(c, "SELECT v, c.v, a.w FROM t WHERE id = 1", "99, 99, x");
    assertFails(c, "42S22", "ALTER TABLE t DROP COLUMN a.v", "A.V");
  }

  @Test
  void aRenameOfAnIndexedOrViewedColumnIsRefused() throws Exception {
    run(c, "CREATE TABLE r (id INTEGER PRIMARY KEY, a.v INTEGER)", "CREATE INDEX rv ON r (v)");
    assertFails(c, "2BP01", "ALTER TABLE r ADD b.v INTEGER", "RV", "V", "A.V");
    run(c, "DROP INDEX rv ON r", "CREATE VIEW rview AS SELECT v FROM r");
    assertFails(c, "2BP01", "ALTER TABLE r ADD b.v INTEGER", "RVIEW", "V");
  }

  @Test
  void indexesKeyOnAndIncludeQualifiedColumns() throws Exception {
    twoFamilies();
    run(c, "CREATE INDEX ia ON t (a.v) INCLUDE (b.v)", "CREATE INDEX ib ON t (b.v DESC, a.w)");
    Check.check(c, "SELECT b.v FROM t WHERE a.v = 30").explainContains("IA").returns("5");
    Check.check(c, "SELECT id FROM t WHERE b.v = 20").explainContains("IB").returns("1");
    run(c, "UPSERT INTO t (id, a.v, b.v) VALUES (3, 40, 50)");
    Check.check(c, "SELECT b.v FROM t WHERE a.v = 40").explainContains("IA").returns("50");
    assertRows(c, "SELECT index_name, columns FROM cellar.indexes WHERE table_name = 'T' ORDER BY index_name",
        "IA, A.V", "IB, B.V DESC, W");
    // an expression over columns named with their families
    run(c, "CREATE INDEX ie ON t (b.v - a.v)");
    Check.check(c, "SELECT id FROM t WHERE b.v - a.v = 10").explainContains("IE").returns("1", "3");
  }

  @Test
  void selectStarAndTheMetadataSayWhichFamilyEachColumnIs() throws Exception {
    twoFamilies();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT * FROM t WHERE id = 1")) {
      ResultSetMetaData md = rs.getMetaData();
      List<String> labels = new ArrayList<>();
      List<String> names = new ArrayList<>();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        labels.add(md.getColumnLabel(i));
        names.add(md.getColumnName(i));
      }
      assertEquals(List.of("ID", "A.V", "B.V", "W"), labels);
      assertEquals(List.of("ID", "A.V", "B.V", "W"), names);
      assertTrue(rs.next());
      assertEquals(10, rs.getInt("A.V"));
      assertEquals(20, rs.getInt("B.V"));
    }
    List<String> cols = new ArrayList<>();
    try (ResultSet rs = c.getMetaData().getColumns(null, null, "T", null)) {
      while (rs.next()) {
        cols.add(rs.getString("COLUMN_NAME") + "@" + rs.getString("COLUMN_FAMILY"));
      }
    }
    assertEquals(List.of("ID@null", "V@A", "V@B", "W@A"), cols);
  }

  @Test
  void showCreateTableRoundTrips() throws Exception {
    run(c, "CREATE TABLE s (id INTEGER PRIMARY KEY, v INTEGER, a.v INTEGER, b.v VARCHAR(3) NOT NULL)");
    List<String> ddl = strings(c, "SHOW CREATE TABLE s");
    String text = String.join("\n", ddl);
    assertTrue(text.contains("  V INTEGER,"), text);
    assertTrue(text.contains("  A.V INTEGER,"), text);
    assertTrue(text.contains("  B.V VARCHAR(3) NOT NULL,"), text);
    run(c, "DROP TABLE s", text);
    assertEquals(ddl, strings(c, "SHOW CREATE TABLE s"));
    assertRows(c, "SELECT COUNT(*) FROM s WHERE v IS NULL AND a.v IS NULL AND b.v IS NULL", "0");
  }

  @Test
  void aTableWithSharedNamesSurvivesAReopen(@TempDir Path dir) throws Exception {
    String file = "jdbc:cellar:file:" + dir;
    try (Connection f = Sql.connect(file)) {
      run(f, "CREATE TABLE t (id INTEGER PRIMARY KEY, a.v INTEGER, b.v INTEGER)", "CREATE TABLE p (id INTEGER "
          + "PRIMARY KEY, a.v INTEGER)", "UPSERT INTO t VALUES (1, 2, 3)", "UPSERT INTO p VALUES (1, 4)");
    }
    try (Connection f = Sql.connect(file)) {
      assertRows(f, "SELECT a.v, b.v FROM t", "2, 3");
      assertRows(f, "SELECT v, a.v FROM p", "4, 4");
    }
  }

  @Test
  void mappingsTakeFamilyQualifiedNames() throws Exception {
    dev.cellar.storage.Table raw = raw("hs", "f", "g");
    shellPut(raw, "r1", "f:q", "one", "g:q", "two", "f:only", "3");
    run(c, "CREATE VIEW hs (k VARCHAR PRIMARY KEY, \"f\".\"q\" VARCHAR, \"g\".\"q\" VARCHAR, \"f\".\"only\" INTEGER)"
        + " STORE_TABLE='hs', VALUE_FORMAT='STRING'");
    assertRows(c, "SELECT \"f\".\"q\", \"g\".\"q\", \"f\".\"only\", \"only\" FROM hs", "one, two, 3, 3");
    assertRows(c, "SELECT \"f.q\", \"g.q\" FROM hs", "one, two");
    assertFails(c, "42S21", "CREATE VIEW hs2 (k VARCHAR PRIMARY KEY, \"f\".\"q\" VARCHAR, \"f\".\"q\" INTEGER)"
        + " STORE_TABLE='hs'", "f.q", "HS2");
    assertTrue(String.join("\n", strings(c, "SHOW CREATE TABLE hs")).contains("\"g\".\"q\" VARCHAR"));
    assertFails(c, "42702", "SELECT \"q\" FROM hs", "q", "f.q", "g.q");
    // dynamic columns, named with their family as well
    assertRows(c, "SELECT \"f\".\"x\", \"f.x\" FROM hs EXTEND (\"f\".\"x\" VARCHAR)", "null, null");
    // the issue's form: a family in quotes, a column without
    run(c, "CREATE TABLE t1 (id INTEGER PRIMARY KEY, \"f\".col1 VARCHAR)", "UPSERT INTO t1 VALUES (1, 'c1')");
    assertRows(c, "SELECT \"f\".col1 FROM t1", "c1");
    assertRows(c, "SELECT t1.\"f\".COL1 FROM t1", "c1");
  }
}
