package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.assertFails;
import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.sql.catalog.TableDef;
import dev.cellar.storage.Admin;
import dev.cellar.storage.BloomType;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Compression;
import dev.cellar.storage.TableDescriptor;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Phoenix DDL moves over unchanged: families, settings, salt, splits, ALTER, views. */
class PhoenixDdlTest extends FreshDatabaseTest {
  private Admin admin;

  @BeforeEach
  void open() throws Exception {
    admin = CellarDriver.database(c).store().admin();
  }

  private TableDef def(String name) throws Exception {
    return CellarDriver.database(c).catalog().snapshot().table(name);
  }

  @Test
  void familySettingsSaltAndDefaults() throws Exception {
    run(c, "CREATE TABLE IF NOT EXISTS metrics (\n"
        + "  host VARCHAR NOT NULL,\n"
        + "  created_date DATE NOT NULL,\n"
        + "  n.core BIGINT,\n"
        + "  n.db BIGINT,\n"
        + "  stats.active_visitor INTEGER\n"
        + "  CONSTRAINT pk PRIMARY KEY (host, created_date DESC)\n"
        + ") n.VERSIONS=1, n.TTL=18000, COMPRESSION='SNAPPY', SALT_BUCKETS=8");
    TableDescriptor d = admin.describe("METRICS");
    assertEquals(java.util.List.of("N", "STATS"), d.familyNames());
    ColumnFamilyDescriptor n = d.family("N");
    assertEquals(1, n.maxVersions());
    assertEquals(18000, n.ttlSeconds());
    assertEquals(Compression.SNAPPY, n.compression());
    ColumnFamilyDescriptor stats = d.family("STATS");
    assertEquals(Compression.SNAPPY, stats.compression(), "unqualified settings apply to every family");
    assertEquals(ColumnFamilyDescriptor.FOREVER, stats.ttlSeconds());
    assertEquals(1, stats.maxVersions(), "SQL tables keep one version unless told otherwise");
    assertEquals(8, admin.regions("METRICS").size(), "a salted table is split at its buckets");
    TableDef t = def("METRICS");
    assertEquals(8, t.saltBuckets());
    assertEquals("N", t.markerFamily(), "the first family holds the marker when no column uses the default one");
    assertEquals(1, t.keyFormatVersion());
    assertTrue(t.column("CREATED_DATE").descending());
    // IF NOT EXISTS on an existing table does nothing
    run(c, "CREATE TABLE IF NOT EXISTS metrics (x INTEGER PRIMARY KEY)");
    assertEquals(5, def("METRICS").columns().size());
    run(c, "UPSERT INTO metrics VALUES ('h1', DATE '2024-01-01', 5, 6, 7)");
    assertRows(c, "SELECT host, core, db, active_visitor FROM metrics", "h1, 5, 6, 7");
  }

  @Test
  void familiesMadeBySqlAreCompressedUnlessTheDdlSaysOtherwise() throws Exception {
    run(c, "CREATE TABLE t_plain (id INTEGER PRIMARY KEY, a VARCHAR, f.b VARCHAR)");
    assertEquals(Compression.SNAPPY, admin.describe("T_PLAIN").family("0").compression());
    assertEquals(Compression.SNAPPY, admin.describe("T_PLAIN").family("F").compression());
    run(c, "ALTER TABLE t_plain ADD g.c VARCHAR");
    assertEquals(Compression.SNAPPY, admin.describe("T_PLAIN").family("G").compression());
    run(c, "CREATE TABLE t_raw (id INTEGER PRIMARY KEY, a VARCHAR) COMPRESSION='NONE'");
    assertEquals(Compression.NONE, admin.describe("T_RAW").family("0").compression());
    run(c, "UPSERT INTO t_plain VALUES (1, 'x', 'y', 'z')");
    admin.flush("T_PLAIN");
    try (java.sql.Statement s = c.createStatement(); java.sql.ResultSet r = s.executeQuery("SELECT a, b, c FROM t_plain")) {
      assertTrue(r.next());
      assertEquals("x y z", r.getString(1) + " " + r.getString(2) + " " + r.getString(3));
    }
  }

  @Test
  void seedShellSettingsAsSql() throws Exception {
    run(c, "CREATE TABLE t1 (id VARCHAR PRIMARY KEY, f1.a VARCHAR, f2.b VARCHAR) f1.BLOCKSIZE='65536', "
        + "f1.BLOCKCACHE='false', f1.IN_MEMORY='true', f2.BLOOMFILTER='ROWCOL', f2.VERSIONS=5, f2.MIN_VERSIONS='1', "
        + "f1.TTL=180, f2.TTL=240 SPLIT ON ('10', '20', '30', '40')");
    TableDescriptor d = admin.describe("T1");
    assertFalse(d.family("F1").blockCache());
    assertTrue(d.family("F1").inMemory());
    assertEquals(65536, d.family("F1").blockSize());
    assertEquals(180, d.family("F1").ttlSeconds());
    assertEquals(BloomType.ROWCOL, d.family("F2").bloomType());
    assertEquals(5, d.family("F2").maxVersions());
    assertEquals(1, d.family("F2").minVersions());
    assertEquals(240, d.family("F2").ttlSeconds());
    assertFalse(d.hasFamily("0"));
    assertEquals("F1", def("T1").markerFamily(), "without default-family columns the first family holds the marker");
    assertEquals(5, admin.regions("T1").size());
    assertEquals(java.util.List.of("10", "20", "30", "40"), def("T1").splitPoints());
    run(c, "UPSERT INTO t1 VALUES ('05', 'a', 'b'), ('15', 'c', NULL), ('45', NULL, NULL)");
    assertRows(c, "SELECT * FROM t1", "05, a, b", "15, c, null", "45, null, null");
  }

  @Test
  void alterTable() throws Exception {
    run(c, "CREATE TABLE u (id BIGINT PRIMARY KEY, info.nickname VARCHAR)", "UPSERT INTO u VALUES (1, 'ann')");
    run(c, "ALTER TABLE u ADD info.gender VARCHAR, fans.count INTEGER fans.VERSIONS=2");
    assertEquals(2, admin.describe("U").family("FANS").maxVersions());
    run(c, "ALTER TABLE u ADD IF NOT EXISTS info.gender VARCHAR");
    // the same name in the same family; GENDER of the default family would be another column, as in Phoenix
    assertFails(c, "42S21", "ALTER TABLE u ADD info.gender VARCHAR", "INFO.GENDER");
    run(c, "UPSERT INTO u VALUES (2, 'bob', 'm', 3)");
    assertRows(c, "SELECT * FROM u", "1, ann, null, null", "2, bob, m, 3");
    run(c, "ALTER TABLE u DROP COLUMN gender");
    assertRows(c, "SELECT * FROM u", "1, ann, null", "2, bob, 3");
    // a column added again under the same name starts empty
    run(c, "ALTER TABLE u ADD info.gender VARCHAR");
    assertRows(c, "SELECT id, gender FROM u", "1, null", "2, null");
    run(c, "ALTER TABLE u SET info.TTL=600, info.COMPRESSION='GZIP'");
    assertEquals(600, admin.describe("U").family("INFO").ttlSeconds());
    assertEquals(Compression.GZIP, admin.describe("U").family("INFO").compression());
    run(c, "ALTER TABLE u SET IMMUTABLE_ROWS=true");
    assertTrue(def("U").flag("IMMUTABLE_ROWS"));
    assertFails(c, "42000", "ALTER TABLE u DROP COLUMN id", "primary key");
    assertFails(c, "42000", "ALTER TABLE u SET SALT_BUCKETS=2", "SALT_BUCKETS");
  }

  @Test
  void dropTableAndViews() throws Exception {
    run(c, "CREATE TABLE item (id INTEGER PRIMARY KEY, info.price DECIMAL(8,2), info.title VARCHAR)",
        "UPSERT INTO item VALUES (1, 9.50, 'pen'), (2, 120.00, 'desk')",
        "CREATE VIEW cheap AS SELECT title, price FROM item WHERE price < 100",
        "CREATE VIEW named (t, p) AS SELECT title, price FROM item");
    assertRows(c, "SELECT * FROM cheap", "pen, 9.50");
    assertRows(c, "SELECT t FROM named ORDER BY p DESC", "desk", "pen");
    // a view defined by a query is read only: a write names it, and the table is unchanged
    assertFails(c, "0A000", "INSERT INTO cheap VALUES ('cup', 2.00)", "cannot write to view CHEAP", "read only");
    assertFails(c, "0A000", "UPSERT INTO cheap (title) VALUES ('cup')", "view CHEAP");
    assertFails(c, "0A000", "UPDATE named SET p = 1", "cannot update view NAMED");
    assertFails(c, "0A000", "DELETE FROM cheap WHERE price > 1", "cannot delete from view CHEAP");
    assertRows(c, "SELECT id, title, price FROM item ORDER BY id", "1, pen, 9.50", "2, desk, 120.00");
    assertFails(c, "42S01", "CREATE VIEW cheap AS SELECT 1 FROM item", "CHEAP");
    run(c, "CREATE OR REPLACE VIEW cheap AS SELECT title FROM item WHERE price < 10");
    assertRows(c, "SELECT * FROM cheap", "pen");
    assertFails(c, "42S02", "CREATE VIEW bad AS SELECT * FROM nothing", "NOTHING");
    run(c, "DROP VIEW cheap", "DROP VIEW IF EXISTS cheap");
    assertFails(c, "42S02", "SELECT * FROM cheap", "CHEAP");
    // view NAMED reads the table: dropping it is refused, or drops the view too with CASCADE
    assertFails(c, "2BP01", "DROP TABLE item", "NAMED", "CASCADE");
    assertRows(c, "SELECT COUNT(*) FROM named", "2");
    run(c, "DROP TABLE item CASCADE");
    assertFails(c, "42S02", "SELECT * FROM named", "NAMED");
    assertFalse(admin.tableExists("ITEM"));
    run(c, "DROP TABLE IF EXISTS item");
    assertFails(c, "42S02", "DROP TABLE item", "ITEM");
    // the name can be used again, and the new table starts empty
    run(c, "CREATE TABLE item (id INTEGER PRIMARY KEY)");
    assertRows(c, "SELECT COUNT(*) FROM item", "0");
  }

  @Test
  void rejectedOptions() throws Exception {
    assertFails(c, "42000", "CREATE TABLE x (id INTEGER PRIMARY KEY, f.a INTEGER) VERSINOS=1", "VERSINOS",
        "line 1, column 54");
    assertFails(c, "42000", "CREATE TABLE x (id INTEGER PRIMARY KEY, f.a INTEGER) f.BLOCKSIZ=1", "F.BLOCKSIZ");
    assertFails(c, "42S23", "CREATE TABLE x (id INTEGER PRIMARY KEY, f.a INTEGER) g.VERSIONS=1", "family G");
    assertFails(c, "22023", "CREATE TABLE x (id INTEGER PRIMARY KEY, f.a INTEGER) COMPRESSION='ZIP'", "COMPRESSION");
    assertFails(c, "22023", "CREATE TABLE x (id INTEGER PRIMARY KEY, f.a INTEGER) f.VERSIONS=0", "VERSIONS");
    assertFails(c, "22023", "CREATE TABLE x (id INTEGER PRIMARY KEY) SALT_BUCKETS=1000", "SALT_BUCKETS");
    assertFails(c, "0A000", "CREATE TABLE x (id INTEGER PRIMARY KEY) COLUMN_ENCODED_BYTES=2", "COLUMN_ENCODED_BYTES");
    assertFalse(admin.tableExists("X"), "a rejected CREATE TABLE creates nothing");
    run(c, "CREATE TABLE x (id INTEGER PRIMARY KEY, f.a INTEGER) COLUMN_ENCODED_BYTES=0, IMMUTABLE_ROWS=true, "
        + "UPDATE_CACHE_FREQUENCY=900000, DISABLE_WAL=true, DEFAULT_COLUMN_FAMILY='d'");
    assertEquals("d", def("X").defaultFamily());
  }
}
