package dev.cellar.jdbc;

import static dev.cellar.jdbc.RawTables.shellPut;
import static dev.cellar.jdbc.Sql.assertFails;
import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Store tables written through the storage API, as the HBase shell (values as text) or an HBase
 * client ({@code Bytes.toBytes}) writes them, mapped to SQL without copying
 * ({@code sql-planner/docs/mapping.md}): the seed schemas' fixed-width, binary and delimited keys.
 */
class MappingTest extends FreshStoreTest {
  private static String text(byte[] b) {
    return b == null ? null : new String(b, StandardCharsets.UTF_8);
  }

  // ---- SEEDS §5: files, key userID(6) + time(8) + fileID(6), values as the shell writes them -----

  private void files() throws Exception {
    Table t = raw("files", "f");
    for (String[] r : MappingSeeds.files()) {
      shellPut(t, r[0] + r[1] + r[2], "f:name", r[3], "f:category", r[4], "f:size", r[5]);
    }
    run(c, "CREATE VIEW \"files\" (\n"
        + "  user_id CHAR(6) NOT NULL, ctime CHAR(8) NOT NULL, file_id CHAR(6) NOT NULL,\n"
        + "  \"f\".\"name\" VARCHAR, \"f\".\"category\" VARCHAR, \"f\".\"size\" INTEGER\n"
        + "  CONSTRAINT pk PRIMARY KEY (user_id, ctime, file_id))\n"
        + "KEY_FORMAT='FIXED', VALUE_FORMAT='STRING'");
  }

  @Test
  void filesSeedQueryIsOneKeyRangeOverTheRawTable() throws Exception {
    files();
    String find = "SELECT file_id FROM \"files\" WHERE user_id = '000001'"
        + " AND ctime BETWEEN '20120901' AND '20121001'"
        + " AND \"name\" LIKE '中国好声音%' AND \"category\" LIKE '综艺%' AND \"category\" LIKE '%浙江卫视'"
        + " ORDER BY file_id";
    Check.check(c, find).explainContains("RANGE SCAN").returns("000001", "000002", "000003", "000004", "000005",
        "000007");
    Check.check(c, "SELECT ctime, \"name\", \"size\" + 1 FROM \"files\" WHERE user_id = '000001' AND ctime = '20120909'"
        + " AND file_id = '000002'").explainContains("GET").returns("20120909, 中国好声音第2期, 2049");
    Check.check(c, "SELECT COUNT(*), SUM(\"size\") FROM \"files\" WHERE user_id = '000002'")
        .explainContains("PREFIX SCAN").returns("1, 2048");
    assertRows(c, "SELECT COUNT(*) FROM \"files\"", "11");
  }

  @Test
  void filesWrittenThroughTheMappingAreWhatTheShellWrites() throws Exception {
    files();
    run(c, "INSERT INTO \"files\" VALUES ('000003', '20121101', '000012', '中国好声音第7期', '综艺-浙江卫视', 42)");
    run(c, "UPSERT INTO \"files\" (user_id, ctime, file_id, \"size\") VALUES ('000001', '20120902', '000001', -5)");
    Table t = store.table("files");
    Result r = t.get(new Get(Bytes.toBytes("00000320121101000012")));
    assertEquals("中国好声音第7期", text(r.value(Bytes.toBytes("f"), Bytes.toBytes("name"))));
    assertEquals("42", text(r.value(Bytes.toBytes("f"), Bytes.toBytes("size"))));
    assertEquals(3, r.cells().size(), "no marker or other cell beside the three columns");
    Result r1 = t.get(new Get(Bytes.toBytes("00000120120902000001")));
    assertEquals("-5", text(r1.value(Bytes.toBytes("f"), Bytes.toBytes("size"))));
    assertEquals("中国好声音第1期", text(r1.value(Bytes.toBytes("f"), Bytes.toBytes("name"))), "UPSERT keeps others");
    run(c, "UPDATE \"files\" SET \"category\" = NULL WHERE user_id = '000003'");
    assertNull(t.get(new Get(Bytes.toBytes("00000320121101000012"))).value(Bytes.toBytes("f"),
        Bytes.toBytes("category")));
    run(c, "DELETE FROM \"files\" WHERE user_id = '000003'");
    assertTrue(t.get(new Get(Bytes.toBytes("00000320121101000012"))).isEmpty());
    assertFails(c, "22000", "INSERT INTO \"files\" VALUES ('中国人', '20121101', '000012', 'x', 'y', 1)",
        "USER_ID", "files", "9 bytes");
    assertFails(c, "23502", "INSERT INTO \"files\" (user_id, ctime, file_id) VALUES ('000009', '20121101', '000001')",
        "no non-key value");
    assertFails(c, "23505", "INSERT INTO \"files\" VALUES ('000001', '20120902', '000001', 'x', 'y', 1)",
        "duplicate key");
  }

  @Test
  void malformedRawDataIsAnErrorNamingTableColumnAndRow() throws Exception {
    files();
    Table t = store.table("files");
    shellPut(t, "00000320121101000013", "f:name", "n", "f:size", "12kB");
    assertFails(c, "22018", "SELECT \"size\" FROM \"files\" WHERE user_id = '000003'", "size", "files",
        "00000320121101000013", "12kB");
    // only the cells a query needs are decoded: the bad size does not fail a query of the name
    assertRows(c, "SELECT \"name\" FROM \"files\" WHERE user_id = '000003'", "n");
    shellPut(t, "000004201211", "f:name", "short");
    assertFails(c, "22000", "SELECT * FROM \"files\" WHERE user_id = '000004'", "CTIME", "files", "000004201211", "key ends inside the field");
    run(c, "CREATE VIEW lenient (user_id CHAR(6) NOT NULL, ctime CHAR(8) NOT NULL, file_id CHAR(6) NOT NULL,"
        + " \"f\".\"size\" INTEGER CONSTRAINT pk PRIMARY KEY (user_id, ctime, file_id))"
        + " STORE_TABLE='files', KEY_FORMAT='FIXED', VALUE_FORMAT='STRING', BAD_VALUES='NULL'");
    assertRows(c, "SELECT file_id, \"size\" FROM lenient WHERE user_id = '000003'", "000013, null");
  }

  @Test
  void ddlChecksTheStoreAndNeverChangesIt() throws Exception {
    files();
    TableDescriptor before = admin.describe("files");
    assertFails(c, "42000", "CREATE VIEW v (k VARCHAR PRIMARY KEY, \"f\".\"name\" VARCHAR) STORE_TABLE='files',"
        + " KEY_FORMT='FIXED'", "KEY_FORMT");
    assertFails(c, "42000", "CREATE VIEW v (k VARCHAR PRIMARY KEY) STORE_TABLE='files', VERSIONS=3", "VERSIONS",
        "never");
    assertFails(c, "42S02", "CREATE VIEW v (k VARCHAR PRIMARY KEY) STORE_TABLE='nope'", "nope");
    assertFails(c, "42S02", "CREATE VIEW files (k VARCHAR PRIMARY KEY)", "FILES", "\"files\"");
    assertFails(c, "42S23", "CREATE VIEW v (k VARCHAR PRIMARY KEY, g.x VARCHAR) STORE_TABLE='files'", "G", "files");
    assertFails(c, "22023", "CREATE VIEW v (k VARCHAR PRIMARY KEY) STORE_TABLE='files', KEY_FORMAT='CSV'", "KEY_FORMAT");
    assertFails(c, "42000", "CREATE VIEW v (a VARCHAR NOT NULL, b CHAR(2) NOT NULL CONSTRAINT pk PRIMARY KEY (a, b))"
        + " STORE_TABLE='files', KEY_FORMAT='FIXED'", "A", "width");
    assertFails(c, "42000", "CREATE VIEW v (a VARCHAR NOT NULL, b VARCHAR NOT NULL CONSTRAINT pk PRIMARY KEY (a, b))"
        + " STORE_TABLE='files', KEY_FORMAT='DELIMITED'", "KEY_SEPARATOR");
    assertFails(c, "42000", "DROP TABLE \"files\"", "DROP VIEW");
    assertFails(c, "42000", "CREATE TABLE t (k VARCHAR PRIMARY KEY, v INTEGER FORMAT STRING)", "FORMAT");
    assertEquals(before, admin.describe("files"));
    run(c, "ALTER TABLE \"files\" DROP COLUMN \"size\"");
    run(c, "ALTER TABLE \"files\" ADD \"f\".\"size\" BIGINT");
    assertRows(c, "SELECT \"size\" FROM \"files\" WHERE file_id = '000007'", "9000");
    run(c, "DROP VIEW \"files\"");
    assertTrue(admin.tableExists("files"), "dropping the view keeps the store table");
    assertEquals(11, countRaw("files"));
    run(c, "CREATE VIEW \"files\" (user_id CHAR(6) NOT NULL, ctime CHAR(8) NOT NULL, file_id CHAR(6) NOT NULL,"
        + " CONSTRAINT pk PRIMARY KEY (user_id, ctime, file_id)) KEY_FORMAT='FIXED', READ_ONLY=TRUE");
    assertRows(c, "SELECT COUNT(*) FROM \"files\" WHERE user_id = '000001'", "10");
    assertFails(c, "0A000", "DELETE FROM \"files\"", "READ_ONLY");
    assertEquals(before, admin.describe("files"));
  }

  private long countRaw(String table) {
    long n = 0;
    try (var s = store.table(table).scanner(new dev.cellar.storage.Scan())) {
      for (Result r : s) {
        n++;
      }
    }
    return n;
  }

  // ---- SEEDS §7: binary fixed-width key, 2-byte hash + 4-byte ms-of-day + extension -----------

  private static byte[] txnKey(short hash, int msOfDay, String ext) {
    return ByteBuffer.allocate(6 + ext.length()).putShort(hash).putInt(msOfDay)
        .put(ext.getBytes(StandardCharsets.US_ASCII)).array();
  }

  /** HBase's {@code Bytes.toBytes(BigDecimal)}: the scale, then the unscaled value's bytes. */
  private static byte[] decimal(BigDecimal d) {
    byte[] u = d.unscaledValue().toByteArray();
    return ByteBuffer.allocate(4 + u.length).putInt(d.scale()).put(u).array();
  }

  @Test
  void binaryKeysAndValuesAsHBaseBytesWritesThem() throws Exception {
    Table t = raw("txn_20240301", "d");
    byte[] d = Bytes.toBytes("d");
    Object[][] rows = {
        {(short) 7, 1_000, "a1", 100L, 1.5, new BigDecimal("9.99"), true},
        {(short) 7, 3_600_000, "b2", 200L, -2.25, new BigDecimal("-0.50"), false},
        {(short) 7, 86_399_999, "c3", 300L, 0.0, new BigDecimal("123"), true},
        {(short) -2, 5_000, "z9", -1L, 3.0, new BigDecimal("1.000"), false},
        {(short) 8, 2_000, "", 400L, 4.0, new BigDecimal("0"), true},
    };
    for (Object[] r : rows) {
      Put p = new Put(txnKey((Short) r[0], (Integer) r[1], (String) r[2]));
      p.addColumn(d, Bytes.toBytes("amount"), ByteBuffer.allocate(8).putLong((Long) r[3]).array());
      p.addColumn(d, Bytes.toBytes("price"), ByteBuffer.allocate(8).putDouble((Double) r[4]).array());
      p.addColumn(d, Bytes.toBytes("rate"), decimal((BigDecimal) r[5]));
      p.addColumn(d, Bytes.toBytes("ok"), new byte[] {(Boolean) r[6] ? (byte) -1 : 0});
      t.put(p);
    }
    run(c, "CREATE VIEW txn (hash SMALLINT NOT NULL, ms INTEGER NOT NULL, ext VARCHAR NOT NULL,"
        + " \"d\".\"amount\" BIGINT, \"d\".\"price\" DOUBLE, \"d\".\"rate\" DECIMAL(10, 3), \"d\".\"ok\" BOOLEAN"
        + " CONSTRAINT pk PRIMARY KEY (hash, ms, ext)) STORE_TABLE='txn_20240301', KEY_FORMAT='BYTES'");
    Check.check(c, "SELECT ms, ext, \"amount\", \"price\", \"rate\", \"ok\" FROM txn WHERE hash = 7 ORDER BY ms")
        .explainContains("PREFIX SCAN")
        .returns("1000, a1, 100, 1.5, 9.990, true", "3600000, b2, 200, -2.25, -0.500, false",
            "86399999, c3, 300, 0.0, 123.000, true");
    Check.check(c, "SELECT ext, \"amount\" FROM txn WHERE hash = -2 AND ms = 5000 AND ext = 'z9'")
        .explainContains("GET").returns("z9, -1");
    assertRows(c, "SELECT hash, ms, ext FROM txn WHERE hash = 8", "8, 2000, ");
    Check.check(c, "SELECT COUNT(*) FROM txn WHERE hash = 7 AND ms BETWEEN 1000 AND 3600000")
        .explainContains("PREFIX SCAN").returns("2");
    // two's complement sorts -2 (ff fe) after 8 (00 08): a range of hash is no range of keys
    Check.check(c, "SELECT hash FROM txn WHERE hash < 0").explainContains("FULL SCAN").returns("-2");
    // writes are Bytes.toBytes too
    run(c, "INSERT INTO txn VALUES (-300, 43200000, 'q', 77, -0.5, 2.500, TRUE)");
    Result r = t.get(new Get(txnKey((short) -300, 43_200_000, "q")));
    assertFalse(r.isEmpty());
    assertArrayEquals(ByteBuffer.allocate(8).putLong(77).array(), r.value(d, Bytes.toBytes("amount")));
    assertArrayEquals(ByteBuffer.allocate(8).putDouble(-0.5).array(), r.value(d, Bytes.toBytes("price")));
    assertArrayEquals(decimal(new BigDecimal("2.500")), r.value(d, Bytes.toBytes("rate")));
    assertArrayEquals(new byte[] {-1}, r.value(d, Bytes.toBytes("ok")));
    assertEquals(4, r.cells().size());
    assertRows(c, "SELECT ms, \"rate\" FROM txn WHERE hash = -300", "43200000, 2.500");
  }

  // ---- delimited keys: userid_videoid (SEEDS §6.5) and a|b|c ---------------------------------

  @Test
  void delimitedKeys() throws Exception {
    Table h = raw("history", "v");
    shellPut(h, "u42_1001", "v:title", "Cats", "v:secs", "30");
    shellPut(h, "u42_1002", "v:title", "Dogs", "v:secs", "45");
    shellPut(h, "u7_1001", "v:title", "Cats", "v:secs", "12");
    shellPut(h, "u7_x_9", "v:title", "Extra", "v:secs", "1");
    run(c, "CREATE VIEW history (user_id VARCHAR NOT NULL, video_id VARCHAR NOT NULL, \"v\".\"title\" VARCHAR,"
        + " \"v\".\"secs\" INTEGER CONSTRAINT pk PRIMARY KEY (user_id, video_id))"
        + " STORE_TABLE='history', KEY_FORMAT='DELIMITED', KEY_SEPARATOR='_', VALUE_FORMAT='STRING'");
    Check.check(c, "SELECT video_id, \"title\", \"secs\" FROM history WHERE user_id = 'u42'")
        .explainContains("PREFIX SCAN").returns("1001, Cats, 30", "1002, Dogs, 45");
    assertRows(c, "SELECT video_id FROM history WHERE user_id = 'u7' ORDER BY video_id", "1001", "x_9");

    Table s = raw("stats", "m");
    shellPut(s, "eu|5|17", "m:hits", "3");
    shellPut(s, "eu|5|9", "m:hits", "4");
    shellPut(s, "eu|12|1", "m:hits", "5");
    shellPut(s, "us|5|2", "m:hits", "6");
    run(c, "CREATE VIEW stats (region VARCHAR NOT NULL, dno INTEGER NOT NULL, seq BIGINT NOT NULL,"
        + " \"m\".\"hits\" BIGINT FORMAT STRING CONSTRAINT pk PRIMARY KEY (region, dno, seq))"
        + " STORE_TABLE='stats', KEY_FORMAT='DELIMITED', KEY_SEPARATOR='|'");
    Check.check(c, "SELECT seq, \"hits\" FROM stats WHERE region = 'eu' AND dno = 5 ORDER BY seq")
        .explainContains("PREFIX SCAN").returns("9, 4", "17, 3");
    assertRows(c, "SELECT SUM(\"hits\") FROM stats WHERE region = 'eu' AND dno > 4", "12");
    run(c, "UPSERT INTO stats VALUES ('ap', 31, 123456789012, 8)");
    Result r = s.get(new Get(Bytes.toBytes("ap|31|123456789012")));
    assertEquals(List.of("8"), List.of(text(r.value(Bytes.toBytes("m"), Bytes.toBytes("hits")))));
    assertFails(c, "22000", "UPSERT INTO stats VALUES ('a|b', 1, 1, 1)", "separator", "REGION");
  }
}
