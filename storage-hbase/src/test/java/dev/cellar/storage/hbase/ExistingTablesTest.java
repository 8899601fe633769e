package dev.cellar.storage.hbase;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.jdbc.Sql;
import java.io.IOException;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The flagship use: tables an application already wrote with the plain {@code hbase-client} (no
 * Cellar code) in HBase's {@code default} namespace, mapped with {@code CREATE VIEW} through a
 * {@code jdbc:cellar:hbase:} URL that names no namespace, read and written through SQL, and the
 * writes read back with the plain client byte for byte. Each shape of the issue: shell-style text
 * values, {@code Bytes.toBytes} values, fixed-width and delimited keys, binary keys, dynamic
 * families, several versions.
 */
@Tag("jdbc")
class ExistingTablesTest {
  private static Connection sql;

  @BeforeAll
  static void open() throws SQLException {
    sql = DriverManager.getConnection(MiniHBase.jdbcUrl() + ";hbase.client.pause=20");
  }

  @AfterAll
  static void close() throws SQLException {
    sql.close();
  }

  private static byte[] b(String s) {
    return Bytes.toBytes(s);
  }

  /** Creates HBase table {@code name} in the default namespace with {@code versions} kept per family. */
  private static Table create(String name, int versions, String... families) throws IOException {
    TableDescriptorBuilder d = TableDescriptorBuilder.newBuilder(TableName.valueOf(name));
    for (String f : families) {
      d.setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(b(f)).setMaxVersions(versions).build());
    }
    try (Admin admin = MiniHBase.connection().getAdmin()) {
      admin.createTable(d.build());
    }
    return MiniHBase.connection().getTable(TableName.valueOf(name));
  }

  /** {@code put 'table', row, 'f:q', 'text', ...} as the shell does it: each value its UTF-8 bytes. */
  private static void shellPut(Table t, String row, String... familyQualifierValue) throws IOException {
    Put p = new Put(b(row));
    for (int i = 0; i < familyQualifierValue.length; i += 2) {
      String[] fq = familyQualifierValue[i].split(":");
      p.addColumn(b(fq[0]), b(fq[1]), b(familyQualifierValue[i + 1]));
    }
    t.put(p);
  }

  private static void run(String... statements) throws SQLException {
    Sql.run(sql, statements);
  }

  private static void rows(String query, String... expected) throws SQLException {
    assertEquals(List.of(expected), Sql.strings(sql, query), query);
  }

  private static String plan(String query) throws SQLException {
    return Backends.plan(sql, query);
  }

  /** {@code family:qualifier@ts=value} of every version of a row, values as text, read with the plain client. */
  private static List<String> versions(Table t, byte[] row) throws IOException {
    List<String> out = new ArrayList<>();
    for (Cell c : t.get(new Get(row).readAllVersions()).rawCells()) {
      out.add(Bytes.toString(CellUtil.cloneFamily(c)) + ":" + Bytes.toString(CellUtil.cloneQualifier(c)) + "@"
          + c.getTimestamp() + "=" + Bytes.toString(CellUtil.cloneValue(c)));
    }
    return out;
  }

  @Test
  void shellTextValuesUnderAFixedWidthKey() throws Exception {
    String name = MiniHBase.uniqueName("files");
    try (Table t = create(name, 1, "f")) {
      shellPut(t, "00000120120902000001", "f:name", "中国好声音第1期", "f:category", "综艺-浙江卫视", "f:size", "1024");
      shellPut(t, "00000120120909000002", "f:name", "中国好声音第2期", "f:category", "综艺-浙江卫视", "f:size", "2048");
      shellPut(t, "00000120120915000006", "f:name", "快乐大本营", "f:category", "综艺-湖南卫视", "f:size", "512");
      shellPut(t, "00000220120910000011", "f:name", "中国好声音第2期", "f:category", "综艺-浙江卫视", "f:size", "2048");
      run("CREATE VIEW files1 (user_id CHAR(6) NOT NULL, ctime CHAR(8) NOT NULL, file_id CHAR(6) NOT NULL,"
          + " \"f\".\"name\" VARCHAR, \"f\".\"category\" VARCHAR, \"f\".\"size\" INTEGER"
          + " CONSTRAINT pk PRIMARY KEY (user_id, ctime, file_id)) STORE_TABLE='" + name + "',"
          + " KEY_FORMAT='FIXED', VALUE_FORMAT='STRING'");
      String q = "SELECT file_id, \"size\" FROM files1 WHERE user_id = '000001' AND ctime >= '20120905'"
          + " AND \"category\" LIKE '综艺%'";
      assertTrue(plan(q).contains("RANGE SCAN (USER_ID = '000001', CTIME >= '20120905')"), plan(q));
      rows(q, "000002, 2048", "000006, 512");
      rows("SELECT COUNT(*), SUM(\"size\") FROM files1", "4, 5632");
      run("INSERT INTO files1 VALUES ('000003', '20121101', '000012', '中国好声音第7期', '综艺-浙江卫视', 42)",
          "UPDATE files1 SET \"size\" = \"size\" + 1 WHERE file_id = '000006'",
          "DELETE FROM files1 WHERE user_id = '000002'");
      Result r = t.get(new Get(b("00000320121101000012")));
      assertArrayEquals(b("中国好声音第7期"), r.getValue(b("f"), b("name")));
      assertArrayEquals(b("42"), r.getValue(b("f"), b("size")));
      assertEquals(3, r.rawCells().length, "the three columns and no other cell");
      assertArrayEquals(b("513"), t.get(new Get(b("00000120120915000006"))).getValue(b("f"), b("size")));
      assertTrue(t.get(new Get(b("00000220120910000011"))).isEmpty());
    }
  }

  @Test
  void bytesToBytesValuesUnderABinaryKey() throws Exception {
    String name = MiniHBase.uniqueName("txn");
    try (Table t = create(name, 1, "d")) {
      Object[][] rows = {
          {(short) 7, 1_000, "a1", 100L, 1.5, new BigDecimal("9.99"), true, 5},
          {(short) 7, 3_600_000, "b2", 200L, -2.25, new BigDecimal("-0.50"), false, -6},
          {(short) -2, 5_000, "z9", -1L, 3.0, new BigDecimal("1.000"), false, 0},
      };
      for (Object[] r : rows) {
        Put p = new Put(Bytes.add(Bytes.toBytes((Short) r[0]), Bytes.toBytes((Integer) r[1]), b((String) r[2])));
        p.addColumn(b("d"), b("amount"), Bytes.toBytes((Long) r[3]));
        p.addColumn(b("d"), b("price"), Bytes.toBytes((Double) r[4]));
        p.addColumn(b("d"), b("rate"), Bytes.toBytes((BigDecimal) r[5]));
        p.addColumn(b("d"), b("ok"), Bytes.toBytes((Boolean) r[6]));
        p.addColumn(b("d"), b("n"), Bytes.toBytes((Integer) r[7]));
        t.put(p);
      }
      run("CREATE VIEW txn1 (hash SMALLINT NOT NULL, ms INTEGER NOT NULL, ext VARCHAR NOT NULL,"
          + " \"d\".\"amount\" BIGINT, \"d\".\"price\" DOUBLE, \"d\".\"rate\" DECIMAL(10, 3), \"d\".\"ok\" BOOLEAN,"
          + " \"d\".\"n\" INTEGER CONSTRAINT pk PRIMARY KEY (hash, ms, ext)) STORE_TABLE='" + name + "',"
          + " KEY_FORMAT='BYTES'");
      String q = "SELECT ms, ext, \"amount\", \"price\", \"rate\", \"ok\", \"n\" FROM txn1 WHERE hash = 7 ORDER BY ms";
      assertTrue(plan(q).contains("PREFIX SCAN (HASH = 7)"), plan(q));
      rows(q, "1000, a1, 100, 1.5, 9.990, true, 5", "3600000, b2, 200, -2.25, -0.500, false, -6");
      rows("SELECT ext FROM txn1 WHERE \"n\" < 1 ORDER BY ext", "b2", "z9");
      rows("SELECT ext, \"amount\" FROM txn1 WHERE hash = -2 AND ms = 5000 AND ext = 'z9'", "z9, -1");
      run("INSERT INTO txn1 VALUES (-300, 43200000, 'q', 77, -0.5, 2.500, TRUE, -9)",
          "UPDATE txn1 SET \"amount\" = \"amount\" * 2 WHERE hash = 7 AND ms = 1000 AND ext = 'a1'");
      Result r = t.get(new Get(Bytes.add(Bytes.toBytes((short) -300), Bytes.toBytes(43_200_000), b("q"))));
      assertFalse(r.isEmpty());
      assertArrayEquals(Bytes.toBytes(77L), r.getValue(b("d"), b("amount")));
      assertArrayEquals(Bytes.toBytes(-0.5), r.getValue(b("d"), b("price")));
      assertArrayEquals(Bytes.toBytes(new BigDecimal("2.500")), r.getValue(b("d"), b("rate")));
      assertArrayEquals(Bytes.toBytes(true), r.getValue(b("d"), b("ok")));
      assertArrayEquals(Bytes.toBytes(-9), r.getValue(b("d"), b("n")));
      assertEquals(5, r.rawCells().length);
      assertEquals(200L, Bytes.toLong(t.get(new Get(Bytes.add(Bytes.toBytes((short) 7), Bytes.toBytes(1_000), b("a1"))))
          .getValue(b("d"), b("amount"))));
    }
  }

  @Test
  void delimitedKeysAndADynamicFamily() throws Exception {
    String history = MiniHBase.uniqueName("history");
    String stats = MiniHBase.uniqueName("stats");
    String shop = MiniHBase.uniqueName("shop");
    try (Table h = create(history, 1, "v"); Table s = create(stats, 1, "m"); Table sh = create(shop, 1, "info", "item")) {
      shellPut(h, "u42_1001", "v:title", "Cats", "v:secs", "30");
      shellPut(h, "u42_1002", "v:title", "Dogs", "v:secs", "45");
      shellPut(h, "u7_1001", "v:title", "Cats", "v:secs", "12");
      run("CREATE VIEW history1 (user_id VARCHAR NOT NULL, video_id VARCHAR NOT NULL, \"v\".\"title\" VARCHAR,"
          + " \"v\".\"secs\" INTEGER CONSTRAINT pk PRIMARY KEY (user_id, video_id)) STORE_TABLE='" + history + "',"
          + " KEY_FORMAT='DELIMITED', KEY_SEPARATOR='_', VALUE_FORMAT='STRING'");
      rows("SELECT video_id, \"title\", \"secs\" FROM history1 WHERE user_id = 'u42'", "1001, Cats, 30", "1002, Dogs, 45");
      assertTrue(plan("SELECT video_id FROM history1 WHERE user_id = 'u42'").contains("PREFIX SCAN"));
      run("UPSERT INTO history1 VALUES ('u7', '2002', 'Birds', 9)");
      assertArrayEquals(b("Birds"), h.get(new Get(b("u7_2002"))).getValue(b("v"), b("title")));
      assertArrayEquals(b("9"), h.get(new Get(b("u7_2002"))).getValue(b("v"), b("secs")));

      Put p = new Put(b("eu|5|17"));
      p.addColumn(b("m"), b("hits"), b("3"));
      s.put(p);
      shellPut(s, "eu|12|1", "m:hits", "5");
      run("CREATE VIEW stats1 (region VARCHAR NOT NULL, dno INTEGER NOT NULL, seq BIGINT NOT NULL,"
          + " \"m\".\"hits\" BIGINT FORMAT STRING CONSTRAINT pk PRIMARY KEY (region, dno, seq))"
          + " STORE_TABLE='" + stats + "', KEY_FORMAT='DELIMITED', KEY_SEPARATOR='|'");
      rows("SELECT SUM(\"hits\") FROM stats1 WHERE region = 'eu' AND dno > 4", "8");
      run("UPSERT INTO stats1 VALUES ('ap', 31, 123456789012, 8)");
      assertArrayEquals(b("8"), s.get(new Get(b("ap|31|123456789012"))).getValue(b("m"), b("hits")));

      shellPut(sh, "S1", "info:name", "Corner", "item:I1", "old", "item:I42", "sale");
      shellPut(sh, "S2", "info:name", "Market", "item:I1", "new");
      run("CREATE VIEW shop_item1 (shop_id VARCHAR NOT NULL, item_id VARCHAR NOT NULL, type VARCHAR,"
          + " CONSTRAINT pk PRIMARY KEY (shop_id, item_id)) STORE_TABLE='" + shop + "', DYNAMIC_FAMILY='item',"
          + " VALUE_FORMAT='STRING'",
          "CREATE VIEW shops1 (shop_id VARCHAR PRIMARY KEY, \"info\".\"name\" VARCHAR,"
          + " \"item\".items MAP<VARCHAR, VARCHAR>) STORE_TABLE='" + shop + "', VALUE_FORMAT='STRING'");
      rows("SELECT * FROM shop_item1", "S1, I1, old", "S1, I42, sale", "S2, I1, new");
      rows("SELECT shop_id FROM shops1 WHERE items['I1'] = 'new'", "S2");
      run("INSERT INTO shop_item1 VALUES ('S2', 'I9', 'hot')", "DELETE FROM shop_item1 WHERE item_id = 'I42'",
          "UPSERT INTO shops1 (shop_id, \"name\") VALUES ('S3', 'Kiosk')");
      Result s2 = sh.get(new Get(b("S2")));
      assertArrayEquals(b("hot"), s2.getValue(b("item"), b("I9")));
      assertArrayEquals(b("new"), s2.getValue(b("item"), b("I1")));
      assertEquals(List.of("info:name=Corner", "item:I1=old"), cellsAsText(sh.get(new Get(b("S1")))));
      assertEquals(List.of("info:name=Kiosk"), cellsAsText(sh.get(new Get(b("S3")))));
    }
  }

  private static List<String> cellsAsText(Result r) {
    List<String> out = new ArrayList<>();
    for (Cell c : r.rawCells()) {
      out.add(Bytes.toString(CellUtil.cloneFamily(c)) + ":" + Bytes.toString(CellUtil.cloneQualifier(c)) + "="
          + Bytes.toString(CellUtil.cloneValue(c)));
    }
    return out;
  }

  @Test
  void severalVersionsOfACell() throws Exception {
    String name = MiniHBase.uniqueName("prices");
    try (Table t = create(name, 3, "f")) {
      t.put(new Put(b("p1"), 1000).addColumn(b("f"), b("price"), b("10")).addColumn(b("f"), b("name"), b("pen")));
      t.put(new Put(b("p1"), 2000).addColumn(b("f"), b("price"), b("11")));
      t.put(new Put(b("p1"), 3000).addColumn(b("f"), b("price"), b("12")));
      t.put(new Put(b("p2"), 2500).addColumn(b("f"), b("price"), b("20")).addColumn(b("f"), b("name"), b("ink")));
      run("CREATE VIEW prices1 (id VARCHAR PRIMARY KEY, \"f\".\"price\" INTEGER, \"f\".\"name\" VARCHAR,"
          + " ts BIGINT ROW_TIMESTAMP) STORE_TABLE='" + name + "', VALUE_FORMAT='STRING'",
          "CREATE VIEW price_history1 (id VARCHAR PRIMARY KEY, \"f\".\"price\" INTEGER, ts BIGINT ROW_TIMESTAMP)"
          + " STORE_TABLE='" + name + "', VALUE_FORMAT='STRING', READ_VERSIONS='ALL'");
      rows("SELECT id, \"price\", \"name\", ts FROM prices1", "p1, 12, pen, 3000", "p2, 20, ink, 2500");
      rows("SELECT id, \"price\" FROM prices1 FOR SYSTEM_TIME AS OF TIMESTAMP '1970-01-01 00:00:02'", "p1, 11");
      rows("SELECT id, \"price\", ts FROM price_history1", "p1, 12, 3000", "p1, 11, 2000", "p1, 10, 1000",
          "p2, 20, 2500");
      run("UPSERT INTO prices1 (id, \"price\", ts) VALUES ('p2', 21, 4000)");
      assertEquals(List.of("f:name@2500=ink", "f:price@4000=21", "f:price@2500=20"), versions(t, b("p2")));
      rows("SELECT id, \"price\", ts FROM price_history1 WHERE id = 'p2'", "p2, 21, 4000", "p2, 20, 2500");
    }
  }
}
