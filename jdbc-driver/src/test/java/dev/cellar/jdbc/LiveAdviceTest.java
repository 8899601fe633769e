package dev.cellar.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.RegionInfo;
import java.sql.PreparedStatement;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code CELLAR.ADVICE}'s rules over the regions' live statistics: {@code HOT_REGION} and {@code REGION_SIZE_SKEW}. */
class LiveAdviceTest extends FreshStoreTest {

  private void upsert(String table, int from, int to, int valueLength) throws Exception {
    java.util.Random random = new java.util.Random(from);
    try (PreparedStatement p = c.prepareStatement("UPSERT INTO " + table + " VALUES (?, ?)")) {
      for (int i = from; i < to; i++) {
        StringBuilder value = new StringBuilder(valueLength); // random letters, which compression cannot shrink much
        for (int j = 0; j < valueLength; j++) {
          value.append((char) ('a' + random.nextInt(26)));
        }
        p.setInt(1, i);
        p.setString(2, value.toString());
        p.addBatch();
      }
      p.executeBatch();
    }
  }

  private List<String> advice(String table) throws Exception {
    return Sql.strings(c, "SELECT RULE, SUBJECT, PROBLEM FROM CELLAR.ADVICE WHERE TABLE_NAME = '" + table
        + "' AND RULE IN ('HOT_REGION', 'REGION_SIZE_SKEW')", " | ");
  }

  @Test
  void aRegionTakingMostWritesIsHot() throws Exception {
    Sql.run(c, "CREATE TABLE t (k INTEGER PRIMARY KEY, v VARCHAR) SPLIT ON (100, 10000)");
    upsert("t", 0, 10, 10);
    upsert("t", 100, 1_100, 10);
    upsert("t", 10_000, 10_010, 10);
    List<RegionInfo> regions = admin.regions("T");
    List<String> got = advice("T");
    assertEquals(1, got.size(), got.toString());
    assertTrue(got.get(0).startsWith("HOT_REGION | " + regions.get(1).name() + " | this region took 9"), got.get(0));
    assertTrue(got.get(0).contains("of the writes of its table's 3 regions since the store opened"), got.get(0));
    // over the window: the next thousand writes go to the last region, which is hot now
    upsert("t", 10_010, 11_010, 10);
    got = advice("T");
    assertEquals(1, got.size(), got.toString());
    assertTrue(got.get(0).startsWith("HOT_REGION | " + regions.get(2).name() + " | this region took "), got.get(0));
    assertTrue(got.get(0).contains(" of the writes of its table's 3 regions over the last "), got.get(0));
    // reads: a thousand gets of one region's rows
    try (PreparedStatement p = c.prepareStatement("SELECT v FROM t WHERE k = ?")) {
      for (int i = 0; i < 1_000; i++) {
        p.setInt(1, i % 10);
        try (java.sql.ResultSet rs = p.executeQuery()) {
          assertTrue(rs.next());
        }
      }
    }
    got = advice("T");
    assertEquals(2, got.size(), got.toString());
    assertTrue(got.get(0).startsWith("HOT_REGION | " + regions.get(2).name() + " | this region took 100% of the writes"),
        got.get(0));
    assertTrue(got.get(1).startsWith("HOT_REGION | " + regions.get(0).name() + " | this region took 100% of the reads"),
        got.get(1));
  }

  @Test
  void evenlySpreadRegionsGetNoAdvice() throws Exception {
    Sql.run(c, "CREATE TABLE t (k INTEGER PRIMARY KEY, v VARCHAR) SPLIT ON (1000)");
    upsert("t", 0, 2_000, 600);
    assertEquals(List.of(), advice("T"));
    Sql.run(c, "CREATE TABLE single (k INTEGER PRIMARY KEY, v VARCHAR)");
    upsert("single", 0, 2_000, 600);
    assertEquals(List.of(), advice("SINGLE"), "a table of one region has no sibling to compare with");
  }

  @Test
  void aRegionManyTimesItsSiblingsSizeIsSkewed() throws Exception {
    Sql.run(c, "CREATE TABLE t (k INTEGER PRIMARY KEY, v VARCHAR) SPLIT ON (100, 200, 300)");
    upsert("t", 0, 5, 100);
    upsert("t", 100, 105, 100);
    upsert("t", 300, 305, 100);
    upsert("t", 200, 300, 12_000);
    admin.flush("T");
    List<RegionInfo> regions = admin.regions("T");
    List<String> got = Sql.strings(c, "SELECT RULE, SUBJECT, PROBLEM, FIX FROM CELLAR.ADVICE WHERE TABLE_NAME = 'T'"
        + " AND RULE = 'REGION_SIZE_SKEW'", " | ");
    assertEquals(1, got.size(), got.toString());
    assertTrue(got.get(0).startsWith("REGION_SIZE_SKEW | " + regions.get(2).name() + " | this region holds "
        + String.format("%,d", regions.get(2).storeFileBytes()) + " bytes, "), got.get(0));
    assertTrue(got.get(0).contains("times the median of its 3 siblings"), got.get(0));
    assertTrue(got.get(0).contains("SPLIT AT"), got.get(0));
  }
}
