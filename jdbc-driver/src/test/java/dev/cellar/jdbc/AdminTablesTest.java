package dev.cellar.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.CompactionInfo;
import dev.cellar.storage.RegionInfo;
import dev.cellar.storage.StoreFileStats;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The system tables of the store's administration ({@code CELLAR.REGIONS}, {@code FAMILIES},
 * {@code STORE_FILES}, {@code COMPACTIONS}) say what the storage API says.
 */
class AdminTablesTest extends FreshStoreTest {

  private void upsertRows(String table, int from, int to) throws Exception {
    try (Statement s = c.createStatement()) {
      for (int i = from; i < to; i++) {
        s.executeUpdate("UPSERT INTO " + table + " VALUES (" + i + ", 'value " + i + "')");
      }
    }
  }

  @Test
  void regionsAgreeWithTheStoresStatistics() throws Exception {
    Sql.run(c, "CREATE TABLE t (k INTEGER PRIMARY KEY, v VARCHAR) SPLIT ON (100, 200)");
    upsertRows("t", 0, 300);
    admin.flush("T");
    upsertRows("t", 300, 310); // in a memstore
    List<RegionInfo> store = admin.regions("T");
    assertEquals(3, store.size());
    List<List<Object>> rows = Sql.rows(c, "SELECT REGION_NAME, START_KEY, END_KEY, STORE_FILE_BYTES, MEMSTORE_BYTES,"
        + " CELLS, STORE_FILES, READ_REQUESTS, WRITE_REQUESTS FROM CELLAR.REGIONS WHERE TABLE_NAME = 'T'");
    assertEquals(3, rows.size());
    String[][] bounds = {{null, "(100)"}, {"(100)", "(200)"}, {"(200)", null}};
    for (int i = 0; i < 3; i++) {
      RegionInfo r = store.get(i);
      List<Object> row = rows.get(i);
      assertEquals(r.name(), row.get(0));
      assertEquals(bounds[i][0], row.get(1));
      assertEquals(bounds[i][1], row.get(2));
      assertEquals(r.storeFileBytes(), ((Number) row.get(3)).longValue());
      assertEquals(r.memstoreBytes(), ((Number) row.get(4)).longValue());
      assertEquals(r.cells(), ((Number) row.get(5)).longValue());
      assertEquals(r.storeFiles(), ((Number) row.get(6)).intValue());
      assertEquals(r.readRequests(), ((Number) row.get(7)).longValue());
      assertEquals(r.writeRequests(), ((Number) row.get(8)).longValue());
      assertTrue(r.storeFileBytes() > 0 && r.storeFiles() == 1, r.toString());
    }
    assertTrue(store.get(2).memstoreBytes() > 0, "the last ten rows are in the last region's memstore");
  }

  @Test
  void ratesAreMeasuredOverTheWindow() throws Exception {
    Sql.run(c, "CREATE TABLE t (k INTEGER PRIMARY KEY, v VARCHAR)");
    String q = "SELECT READS_PER_SECOND, WRITES_PER_SECOND, WRITE_REQUESTS FROM CELLAR.REGIONS WHERE TABLE_NAME = 'T'";
    List<Object> first = Sql.rows(c, q).get(0);
    assertNull(first.get(0), "no rate before a second sample");
    assertNull(first.get(1));
    long t0 = System.nanoTime();
    upsertRows("t", 0, 40);
    Thread.sleep(200);
    List<Object> second = Sql.rows(c, q).get(0);
    double seconds = (System.nanoTime() - t0) / 1e9;
    long writes = ((Number) second.get(2)).longValue() - ((Number) first.get(2)).longValue();
    assertEquals(admin.regions("T").get(0).writeRequests(), ((Number) second.get(2)).longValue());
    assertTrue(writes >= 40, "writes counted: " + writes);
    double rate = ((Number) second.get(1)).doubleValue();
    assertTrue(rate >= 0.9 * writes / seconds && rate > 0, "rate " + rate + " of " + writes + " writes in " + seconds + " s");
    assertEquals(0.0, ((Number) second.get(0)).doubleValue(), "nothing read");
  }

  @Test
  void boundariesShowTheKeysValuesOrPrintableBytes() throws Exception {
    Sql.run(c, "CREATE TABLE s (a VARCHAR NOT NULL, b INTEGER NOT NULL, CONSTRAINT pk PRIMARY KEY (a, b)) SPLIT ON ('m', 'it''s')",
        "CREATE TABLE salted (k INTEGER PRIMARY KEY, v VARCHAR) SALT_BUCKETS = 2",
        "CREATE TABLE d (day DATE PRIMARY KEY, v VARCHAR) SPLIT ON ('2024-03-01')");
    Sql.assertRows(c, "SELECT START_KEY, END_KEY FROM CELLAR.REGIONS WHERE TABLE_NAME = 'S'",
        "null, ('it''s')", "('it''s'), ('m')", "('m'), null");
    Sql.assertRows(c, "SELECT START_KEY, END_KEY FROM CELLAR.REGIONS WHERE TABLE_NAME = 'SALTED'",
        "null, \\x01", "\\x01, null");
    Sql.assertRows(c, "SELECT START_KEY FROM CELLAR.REGIONS WHERE TABLE_NAME = 'D' AND START_KEY IS NOT NULL",
        "(DATE '2024-03-01')");
  }

  @Test
  void familiesListEverySetting() throws Exception {
    Sql.run(c, "CREATE TABLE t (k INTEGER PRIMARY KEY, a.x VARCHAR, b.y VARCHAR) a.VERSIONS = 5, b.TTL = 3600,"
        + " b.BLOOMFILTER = 'ROWCOL', a.BLOCKSIZE = 8192, b.IN_MEMORY = true");
    List<List<Object>> rows = Sql.rows(c, "SELECT FAMILY, VERSIONS, MIN_VERSIONS, TTL, BLOCKSIZE, BLOCKCACHE, IN_MEMORY,"
        + " BLOOMFILTER, COMPRESSION FROM CELLAR.FAMILIES WHERE TABLE_NAME = 'T' ORDER BY FAMILY");
    List<ColumnFamilyDescriptor> fams = new ArrayList<>(admin.describe("T").families());
    fams.sort((x, y) -> x.name().compareTo(y.name()));
    assertEquals(fams.size(), rows.size());
    for (int i = 0; i < rows.size(); i++) {
      ColumnFamilyDescriptor f = fams.get(i);
      assertEquals(List.of(f.name(), f.maxVersions(), f.minVersions(), f.hasTtl() ? f.ttlSeconds() : "none",
          f.blockSize(), f.blockCache(), f.inMemory(), f.bloomType().name(), f.compression().name()),
          nullAsNone(rows.get(i)));
    }
    Sql.assertRows(c, "SELECT FAMILY, VERSIONS, TTL, BLOOMFILTER, IN_MEMORY FROM CELLAR.FAMILIES"
        + " WHERE TABLE_NAME = 'T' AND FAMILY IN ('A', 'B') ORDER BY FAMILY",
        "A, 5, null, ROW, false", "B, 1, 3600, ROWCOL, true");
  }

  private static List<Object> nullAsNone(List<Object> row) {
    List<Object> out = new ArrayList<>();
    for (Object o : row) {
      out.add(o == null ? "none" : o);
    }
    return out;
  }

  @Test
  void storeFilesAgreeWithTheStore() throws Exception {
    Sql.run(c, "CREATE TABLE t (k INTEGER PRIMARY KEY, v VARCHAR) SPLIT ON (100)");
    upsertRows("t", 0, 150);
    admin.flush("T");
    upsertRows("t", 10, 20);
    admin.flush("T");
    List<StoreFileStats> store = admin.storeFiles("T");
    assertEquals(3, store.size(), store.toString());
    List<List<Object>> rows = Sql.rows(c, "SELECT REGION_NAME, FAMILY, FILE_NAME, BYTES, CELLS, FIRST_KEY, LAST_KEY,"
        + " MAX_SEQUENCE, CREATED FROM CELLAR.STORE_FILES WHERE TABLE_NAME = 'T'");
    assertEquals(3, rows.size());
    for (int i = 0; i < 3; i++) {
      StoreFileStats f = store.get(i);
      List<Object> row = rows.get(i);
      assertEquals(f.regionName(), row.get(0));
      assertEquals(f.family(), row.get(1));
      assertEquals(f.name(), row.get(2));
      assertEquals(f.bytes(), ((Number) row.get(3)).longValue());
      assertEquals(f.cells(), ((Number) row.get(4)).longValue());
      assertEquals(f.maxSequence(), ((Number) row.get(7)).longValue());
      assertEquals(f.createdMillis(), ((Timestamp) row.get(8)).getTime());
    }
    // the first region's files, newest first: rows 10..19 rewritten, then rows 0..99
    assertEquals(List.of("(10)", "(19)"), rows.get(0).subList(5, 7));
    assertEquals(List.of("(0)", "(99)"), rows.get(1).subList(5, 7));
    assertEquals(List.of("(100)", "(149)"), rows.get(2).subList(5, 7));
    assertTrue(((Number) rows.get(0).get(7)).longValue() > ((Number) rows.get(1).get(7)).longValue());
  }

  @Test
  void compactionsListWhatRanAndWhatItDid() throws Exception {
    Sql.run(c, "CREATE TABLE t (k INTEGER PRIMARY KEY, v VARCHAR)");
    upsertRows("t", 0, 50);
    admin.flush("T");
    upsertRows("t", 0, 50);
    admin.flush("T");
    long before = System.currentTimeMillis();
    admin.majorCompact("T");
    List<CompactionInfo> store = admin.compactions("T");
    assertEquals(1, store.size(), store.toString());
    CompactionInfo ci = store.get(0);
    assertEquals(CompactionInfo.Kind.MAJOR, ci.kind());
    assertEquals(2, ci.filesIn());
    assertEquals(1, ci.filesOut());
    assertTrue(ci.bytesIn() > ci.bytesOut() && ci.bytesOut() > 0, ci.toString());
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT REGION_NAME, KIND, FILES_IN, FILES_OUT, BYTES_IN, BYTES_OUT, STARTED,"
            + " ENDED, STATE FROM CELLAR.COMPACTIONS WHERE TABLE_NAME = 'T'")) {
      assertTrue(rs.next());
      assertEquals(ci.regionName(), rs.getString(1));
      assertEquals("MAJOR", rs.getString(2));
      assertEquals(2, rs.getInt(3));
      assertEquals(1, rs.getInt(4));
      assertEquals(ci.bytesIn(), rs.getLong(5));
      assertEquals(ci.bytesOut(), rs.getLong(6));
      assertEquals(ci.startedMillis(), rs.getTimestamp(7).getTime());
      assertEquals(ci.endedMillis(), rs.getTimestamp(8).getTime());
      assertTrue(ci.startedMillis() >= before && ci.endedMillis() >= ci.startedMillis());
      assertEquals("DONE", rs.getString(9));
      assertTrue(!rs.next());
    }
    assertEquals(1, admin.storeFiles("T").size());
    Sql.assertRows(c, "SELECT COUNT(*) FROM CELLAR.STORE_FILES WHERE TABLE_NAME = 'T'", "1");
  }

  @Test
  void globalIndexesAreListedByTheirName() throws Exception {
    Sql.run(c, "CREATE TABLE t (k INTEGER PRIMARY KEY, v VARCHAR)", "CREATE INDEX i_v ON t (v)");
    Sql.assertRows(c, "SELECT TABLE_NAME FROM CELLAR.REGIONS ORDER BY TABLE_NAME", "I_V", "T");
    assertNotNull(Sql.rows(c, "SELECT * FROM CELLAR.FAMILIES WHERE TABLE_NAME = 'I_V'").get(0));
  }
}
