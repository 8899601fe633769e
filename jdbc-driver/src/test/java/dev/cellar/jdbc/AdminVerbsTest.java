package dev.cellar.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.PreparedStatement;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code ALTER TABLE t FLUSH}, {@code COMPACT [MAJOR]}, {@code SPLIT [AT (...)]} and family
 * settings by {@code ALTER TABLE t SET}: each changes what {@code CELLAR.REGIONS},
 * {@code STORE_FILES}, {@code COMPACTIONS} and {@code FAMILIES} say, and the rows stay.
 */
class AdminVerbsTest extends FreshStoreTest {

  private void upsert(String table, int from, int to) throws Exception {
    try (PreparedStatement p = c.prepareStatement("UPSERT INTO " + table + " VALUES (?, ?)")) {
      for (int i = from; i < to; i++) {
        p.setInt(1, i);
        p.setString(2, "value " + i);
        p.addBatch();
      }
      p.executeBatch();
    }
  }

  private List<String> regions(String table) throws Exception {
    return Sql.strings(c, "SELECT START_KEY, END_KEY, STORE_FILES, MEMSTORE_BYTES > 0 FROM CELLAR.REGIONS"
        + " WHERE TABLE_NAME = '" + table + "'");
  }

  @Test
  void flushWritesTheMemstoresToStoreFiles() throws Exception {
    Sql.run(c, "CREATE TABLE t (k INTEGER PRIMARY KEY, v VARCHAR)");
    upsert("t", 0, 100);
    assertEquals(List.of("null, null, 0, true"), regions("T"));
    Sql.assertRows(c, "SELECT COUNT(*) FROM CELLAR.STORE_FILES WHERE TABLE_NAME = 'T'", "0");
    assertEquals(0, Sql.update(c, "ALTER TABLE t FLUSH"));
    assertEquals(List.of("null, null, 1, false"), regions("T"));
    Sql.assertRows(c, "SELECT CELLS, FIRST_KEY, LAST_KEY FROM CELLAR.STORE_FILES WHERE TABLE_NAME = 'T'",
        admin.storeFiles("T").get(0).cells() + ", (0), (99)");
    Sql.assertRows(c, "SELECT COUNT(*) FROM t", "100");
  }

  @Test
  void compactMergesFilesAndMajorDropsDeletedCells() throws Exception {
    Sql.run(c, "CREATE TABLE t (k INTEGER PRIMARY KEY, v VARCHAR)");
    // two files: a third would start a minor compaction in the background (the store's threshold)
    for (int i = 0; i < 2; i++) {
      upsert("t", i * 10, i * 10 + 10);
      Sql.run(c, "ALTER TABLE t FLUSH");
    }
    Sql.assertRows(c, "SELECT COUNT(*) FROM CELLAR.STORE_FILES WHERE TABLE_NAME = 'T'", "2");
    Sql.run(c, "ALTER TABLE t COMPACT");
    Sql.assertRows(c, "SELECT COUNT(*), SUM(CELLS) FROM CELLAR.STORE_FILES WHERE TABLE_NAME = 'T'", "1, 40");
    Sql.assertRows(c, "SELECT KIND, FILES_IN, FILES_OUT, STATE FROM CELLAR.COMPACTIONS WHERE TABLE_NAME = 'T'",
        "MINOR, 2, 1, DONE");
    Sql.run(c, "DELETE FROM t WHERE k < 10");
    Sql.run(c, "ALTER TABLE t COMPACT MAJOR");
    // the delete markers went with the cells they masked: 10 rows of 2 cells are left
    Sql.assertRows(c, "SELECT COUNT(*), SUM(CELLS), MIN(FIRST_KEY) FROM CELLAR.STORE_FILES WHERE TABLE_NAME = 'T'",
        "1, 20, (10)");
    Sql.assertRows(c, "SELECT KIND, FILES_IN, FILES_OUT, STATE FROM CELLAR.COMPACTIONS WHERE TABLE_NAME = 'T'",
        "MINOR, 2, 1, DONE", "MAJOR, 2, 1, DONE");
    Sql.assertRows(c, "SELECT COUNT(*), MIN(k) FROM t", "10, 10");
  }

  @Test
  void splitAtKeyValuesAndAtTheMiddle() throws Exception {
    Sql.run(c, "CREATE TABLE t (k INTEGER PRIMARY KEY, v VARCHAR)");
    upsert("t", 0, 100);
    Sql.run(c, "ALTER TABLE t SPLIT AT (50)");
    assertEquals(List.of("null, (50), 1, false", "(50), null, 1, false"), regions("T"));
    Sql.assertRows(c, "SELECT KIND, FILES_IN, FILES_OUT, BYTES_OUT, STATE FROM CELLAR.COMPACTIONS"
        + " WHERE TABLE_NAME = 'T' AND KIND = 'SPLIT'", "SPLIT, 1, 2, 0, DONE");
    Sql.run(c, "ALTER TABLE t SPLIT");
    assertEquals(4, regions("T").size(), regions("T").toString());
    Sql.assertRows(c, "SELECT COUNT(*), SUM(k) FROM t", "100, 4950");
    Sql.assertFails(c, "55000", "ALTER TABLE t SPLIT AT (50)", "table T", "already where a region starts");

    Sql.run(c, "CREATE TABLE s (a VARCHAR NOT NULL, b INTEGER NOT NULL, CONSTRAINT pk PRIMARY KEY (a, b))");
    Sql.run(c, "ALTER TABLE s SPLIT AT ('m', 3)");
    Sql.run(c, "ALTER TABLE s SPLIT AT ('q')");
    assertEquals(List.of("null, ('m', 3), 0, false", "('m', 3), ('q'), 0, false", "('q'), null, 0, false"),
        regions("S"));
    Sql.assertFails(c, "42000", "ALTER TABLE s SPLIT AT ('m', 3, 4)", "2 key columns", "table S");

    Sql.run(c, "CREATE TABLE salted (k INTEGER PRIMARY KEY, v VARCHAR) SALT_BUCKETS = 2");
    Sql.run(c, "ALTER TABLE salted SPLIT AT (7)");
    assertEquals(3, regions("SALTED").size());
    Sql.run(c, "CREATE TABLE nokey (a INTEGER, b VARCHAR)");
    Sql.assertFails(c, "42000", "ALTER TABLE nokey SPLIT AT (1)", "needs a primary key", "NOKEY");
  }

  @Test
  void familySettingsChangeWhatFamiliesSays() throws Exception {
    Sql.run(c, "CREATE TABLE t (k INTEGER PRIMARY KEY, a.x VARCHAR, b.y VARCHAR)");
    Sql.run(c, "ALTER TABLE t SET a.VERSIONS = 4, TTL = 86400, b.BLOOMFILTER = 'ROWCOL', b.COMPRESSION = 'NONE'");
    Sql.assertRows(c, "SELECT FAMILY, VERSIONS, TTL, BLOOMFILTER, COMPRESSION FROM CELLAR.FAMILIES"
        + " WHERE TABLE_NAME = 'T' AND FAMILY <> '0' ORDER BY FAMILY",
        "A, 4, 86400, ROW, SNAPPY", "B, 1, 86400, ROWCOL, NONE");
    assertEquals(4, admin.describe("T").family("A").maxVersions());
  }

  @Test
  void errorsNameTheTableAndTheVerb() throws Exception {
    Sql.assertFails(c, "42S02", "ALTER TABLE nope FLUSH", "NOPE");
    Sql.run(c, "CREATE TABLE t (k INTEGER PRIMARY KEY, v VARCHAR)");
    Sql.assertFails(c, "42000", "ALTER TABLE t SHRINK", "FLUSH, COMPACT or SPLIT");
    Sql.assertFails(c, "42000", "ALTER TABLE t COMPACT MINOR", "expected end of statement");
    Sql.assertFails(c, "22018", "ALTER TABLE t SPLIT AT ('abc')");
    assertTrue(admin.regions("T").size() == 1);
  }
}
