package dev.cellar.console.shell;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.BloomType;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Compression;
import dev.cellar.storage.Get;
import dev.cellar.storage.RegionInfo;
import dev.cellar.storage.Result;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The shell end to end over an in-memory store: what it prints and what it does to the store. */
class ShellTest {
  private final ShellHarness sh = new ShellHarness();

  @AfterEach
  void close() {
    sh.close();
  }

  private String run(String text) {
    return sh.run(text);
  }

  private static void contains(String output, String... parts) {
    for (String p : parts) {
      assertTrue(output.contains(p), () -> "expected <" + p + "> in:\n" + output);
    }
  }

  private ColumnFamilyDescriptor family(String table, String family) {
    return sh.store.admin().describe(table).family(family);
  }

  private void dropIfExists(String table) {
    if (sh.store.admin().tableExists(table)) {
      run("disable '" + table + "'");
      run("drop '" + table + "'");
    }
  }

  // ---- SEEDS.md §2, verbatim ----

  @Test
  void seedCreateStatementsVerbatimThenDescribeShowsEverySetting() {
    String[][] cases = {
      {"create 'mytable', {NAME => 'colfam1', BLOCKSIZE => '65536'}", "BLOCKSIZE => '65536'"},
      {"create 'mytable', {NAME => 'colfam1', BLOCKCACHE => 'false'}", "BLOCKCACHE => 'false'"},
      {"create 'mytable', {NAME => 'colfam1', IN_MEMORY => 'true'}", "IN_MEMORY => 'true'"},
      {"create 'mytable', {NAME => 'colfam1', BLOOMFILTER => 'ROWCOL'}", "BLOOMFILTER => 'ROWCOL'"},
      {"create 'mytable', {NAME => 'colfam1', COMPRESSION => 'SNAPPY'}", "COMPRESSION => 'SNAPPY'"},
      {"create 'mytable', {NAME => 'colfam1', VERSIONS => 1, TTL => '18000'}", "VERSIONS => '1'",
          "TTL => '18000 SECONDS'"},
      {"create 'mytable', {NAME => 'colfam1', VERSIONS => 5, MIN_VERSIONS => '1'}", "VERSIONS => '5'",
          "MIN_VERSIONS => '1'"},
    };
    for (String[] c : cases) {
      dropIfExists("mytable");
      contains(run(c[0]), "Created table mytable\nTook T seconds\n");
      String d = run("describe 'mytable'");
      contains(d, "Table mytable is ENABLED\nmytable\nCOLUMN FAMILIES DESCRIPTION\n{NAME => 'colfam1', ", "\n\n1 row(s)\n");
      for (int i = 1; i < c.length; i++) {
        contains(d, c[i]);
      }
    }
    ColumnFamilyDescriptor f = family("mytable", "colfam1");
    assertEquals(5, f.maxVersions());
    assertEquals(1, f.minVersions());
  }

  @Test
  void seedSettingsReachTheDescriptor() {
    run("create 'a', {NAME => 'colfam1', BLOCKCACHE => 'false'}");
    run("create 'b', {NAME => 'colfam1', BLOOMFILTER => 'ROWCOL'}");
    run("create 'c', {NAME => 'colfam1', COMPRESSION => 'SNAPPY'}");
    run("create 'd', {NAME => 'colfam1', VERSIONS => 1, TTL => '18000'}");
    run("create 'e', {NAME => 'colfam1', IN_MEMORY => 'true', BLOCKSIZE => '8192'}");
    assertFalse(family("a", "colfam1").blockCache());
    assertEquals(BloomType.ROWCOL, family("b", "colfam1").bloomType());
    assertEquals(Compression.SNAPPY, family("c", "colfam1").compression());
    assertEquals(1, family("d", "colfam1").maxVersions());
    assertEquals(18000, family("d", "colfam1").ttlSeconds());
    assertTrue(family("e", "colfam1").inMemory());
    assertEquals(8192, family("e", "colfam1").blockSize());
  }

  @Test
  void seedPreSplitCreate() {
    contains(run("create 't1', 'f1', SPLITS => ['10', '20', '30', '40']"), "Created table t1");
    assertEquals(List.of("", "10", "20", "30", "40"), startKeys("t1"));
    contains(run("describe 't1'"), "{NAME => 'f1', BLOOMFILTER => 'NONE', IN_MEMORY => 'false', VERSIONS => '1',"
        + " COMPRESSION => 'NONE', TTL => 'FOREVER', MIN_VERSIONS => '0', BLOCKCACHE => 'true', BLOCKSIZE => '65536'}");
    assertEquals("Total number of splits = 5\n10\n20\n30\n40\nTook T seconds\n=> [\"10\", \"20\", \"30\", \"40\"]\n",
        run("get_splits 't1'"));
  }

  @Test
  void seedTwoFamiliesWithTtlAndSplits() {
    run("create 't1', {NAME => 'f1', TTL => 180}, {NAME => 'f2', TTL => 240}, SPLITS => ['10', '20', '30', '40']");
    String d = run("describe 't1'");
    contains(d, "{NAME => 'f1', ", "TTL => '180 SECONDS'", "{NAME => 'f2', ", "TTL => '240 SECONDS'", "2 row(s)");
    assertEquals(180, family("t1", "f1").ttlSeconds());
    assertEquals(240, family("t1", "f2").ttlSeconds());
    assertEquals(5, sh.store.admin().regions("t1").size());
    // TTL in action: f1 expires after 180 s, f2 after 240 s.
    run("put 't1', '15', 'f1:a', 'x'; put 't1', '15', 'f2:b', 'y'");
    sh.clock.addAndGet(200_000);
    String g = run("get 't1', '15'");
    assertFalse(g.contains("f1:a"), g);
    contains(g, " f2:b", "value=y");
    sh.clock.addAndGet(50_000);
    contains(run("get 't1', '15'"), "0 row(s)");
  }

  @Test
  void otherCreateForms() {
    run("create 't1', 'f1', 'f2', 'f3'");
    assertEquals(List.of("f1", "f2", "f3"), sh.store.admin().describe("t1").familyNames());
    run("create 't2', NAME => 'f1', VERSIONS => 2");
    assertEquals(2, family("t2", "f1").maxVersions());
    run("create('t3', {NAME => 'f1'}, {SPLITS => [\"\\x00\\x01\", '\\x10']})");
    List<RegionInfo> r = sh.store.admin().regions("t3");
    assertArrayEquals(new byte[] {0, 1}, r.get(1).startRow());
    assertArrayEquals(new byte[] {0x10}, r.get(2).startRow(), "SPLITS are read with toBytesBinary, as in HBase");
    run("create 't4', 'f1', {NUMREGIONS => 4, SPLITALGO => 'HexStringSplit'}");
    assertEquals(List.of("", "40000000", "80000000", "c0000000"), startKeys("t4"));
    run("create 't5', 'f1', TTL => 5");
    assertFalse(sh.store.admin().tableExists("t5"));
  }

  @Test
  void createErrorsNameTheSettingAndLeaveNoTable() {
    String e = run("create 'bad', {NAME => 'f', COMPRESSION => 'LZO'}");
    contains(e, "ERROR: COMPRESSION 'LZO' is not available in Cellar", "}\n" + " ".repeat(43) + "^\n");
    e = run("create 'bad', {NAME => 'f', VERSIONS => 2, MIN_VERSIONS => 2}");
    contains(e, "ERROR: MIN_VERSIONS 2 of family 'f' must be less than VERSIONS (2)");
    e = run("create 'bad', {NAME => 'f', BLOCKSIZE => '12'}");
    contains(e, "ERROR: BLOCKSIZE 12 of family 'f' must be between");
    e = run("create 'bad', {NAME => 'f', VERSION => 1}");
    assertEquals("ERROR: unknown family setting VERSION for family 'f'; known: BLOOMFILTER, IN_MEMORY, VERSIONS,"
        + " COMPRESSION, TTL, MIN_VERSIONS, BLOCKCACHE, BLOCKSIZE\n"
        + "create 'bad', {NAME => 'f', VERSION => 1}\n"
        + " ".repeat(28) + "^\n"
        + "For usage try 'help \"create\"'\n", e);
    contains(run("create 'bad', 'f', 'f'"), "ERROR: column family 'f' is given twice");
    contains(run("create 'bad'"), "ERROR: wrong number of arguments (given 1, expected 2+)");
    contains(run("create 'bad', SPLITS => ['1']"), "ERROR: table 'bad' needs at least one column family");
    contains(run("create 'bad', 'f', SPLITS => ['1', '1']"), "ERROR: split key '1' of table 'bad' is given twice");
    contains(run("create 'bad', 'f', {MAX_FILESIZE => 10}"), "ERROR: unknown option MAX_FILESIZE for create");
    contains(run("create 'no:ns', 'f'"), "ERROR: table name 'no:ns' has an illegal character ':'");
    assertFalse(sh.store.admin().tableExists("bad"));
    run("create 'dup', 'f'");
    contains(run("create 'dup', 'f'"), "ERROR: table 'dup' already exists");
  }

  // ---- alter ----

  @Test
  void alterAddsModifiesAndDeletesFamilies() {
    run("create 't1', {NAME => 'f1', TTL => 3600, VERSIONS => 2}");
    assertEquals("Updating all regions with the new schema...\n1/1 regions updated.\nDone.\nTook T seconds\n",
        run("alter 't1', NAME => 'f1', VERSIONS => 5"));
    assertEquals(5, family("t1", "f1").maxVersions());
    assertEquals(3600, family("t1", "f1").ttlSeconds(), "alter keeps the settings it is not given");
    run("alter 't1', 'f2', {NAME => 'f3', COMPRESSION => 'GZ', BLOOMFILTER => 'ROW'}");
    assertEquals(List.of("f1", "f2", "f3"), sh.store.admin().describe("t1").familyNames());
    assertEquals(Compression.GZIP, family("t1", "f3").compression());
    contains(run("describe 't1'"), "{NAME => 'f3', BLOOMFILTER => 'ROW', ", "COMPRESSION => 'GZIP'", "3 row(s)");
    run("put 't1', 'r', 'f2:q', 'v'");
    run("alter 't1', NAME => 'f2', METHOD => 'delete'");
    run("alter 't1', 'delete' => 'f3'");
    assertEquals(List.of("f1"), sh.store.admin().describe("t1").familyNames());
    contains(run("get 't1', 'r', 'f2:q'"), "ERROR: table 't1' has no column family 'f2'");
  }

  @Test
  void alterValidatesEverySpecBeforeChangingAnything() {
    run("create 't1', 'f1'");
    contains(run("alter 't1', {NAME => 'f2'}, {NAME => 'f1', VERSIONS => 0}"),
        "ERROR: VERSIONS 0 of family 'f1' must be at least 1");
    assertEquals(List.of("f1"), sh.store.admin().describe("t1").familyNames());
    contains(run("alter 't1', 'delete' => 'f1'"), "ERROR: table 't1' must have at least one column family");
    contains(run("alter 't1', 'delete' => 'zz'"), "ERROR: table 't1' has no column family 'zz'");
    contains(run("alter 't1', MAX_FILESIZE => '1'"), "ERROR: table setting MAX_FILESIZE is not supported");
    contains(run("alter 't1', NAME => 'f1', METHOD => 'table_att'"), "ERROR: METHOD 'table_att' is not supported");
    contains(run("alter 'nope', NAME => 'f1'"), "ERROR: Unknown table nope!");
    assertEquals(List.of("f1"), sh.store.admin().describe("t1").familyNames());
  }

  // ---- list, exists, enable/disable, drop, truncate ----

  @Test
  void listExistsAndEnableDisableDrop() {
    run("create 'user', 'info'; create 'user_fans', 'f'; create 'shop', 'info'");
    assertEquals("TABLE\nshop\nuser\nuser_fans\n3 row(s)\nTook T seconds\n=> [\"shop\", \"user\", \"user_fans\"]\n",
        run("list"));
    contains(run("list 'user.*'"), "TABLE\nuser\nuser_fans\n2 row(s)");
    assertEquals("Table shop does exist\nTook T seconds\n=> true\n", run("exists 'shop'"));
    contains(run("exists 'nope'"), "Table nope does not exist", "=> false");

    assertEquals("true\nTook T seconds\n=> true\n", run("is_enabled 'shop'"));
    assertEquals("ERROR: Table shop is enabled. Disable it first.\n", run("drop 'shop'"));
    assertTrue(sh.store.admin().tableExists("shop"));
    run("disable 'shop'");
    contains(run("is_enabled 'shop'"), "false\n");
    contains(run("is_disabled 'shop'"), "true\n");
    contains(run("describe 'shop'"), "Table shop is DISABLED");
    contains(run("put 'shop', 'S1', 'info:name', 'x'"), "ERROR: table 'shop' is disabled; enable it first");
    run("enable 'shop'");
    run("enable 'shop'");
    run("put 'shop', 'S1', 'info:name', 'x'");
    run("disable 'shop'");
    assertEquals("Took T seconds\n", run("drop 'shop'"));
    assertFalse(sh.store.admin().tableExists("shop"));
    contains(run("drop 'shop'"), "ERROR: Unknown table shop!");
  }

  @Test
  void truncateKeepsTheSchemaAndTruncatePreserveTheSplits() {
    run("create 't1', {NAME => 'f1', VERSIONS => 1}, SPLITS => ['m']");
    run("put 't1', 'a', 'f1:q', '1'; put 't1', 'z', 'f1:q', '2'");
    assertEquals("Truncating 't1' table (it may take a while):\nDisabling table...\nTruncating table...\n"
        + "Took T seconds\n", run("truncate 't1'"));
    contains(run("count 't1'"), "0 row(s)");
    assertEquals(1, family("t1", "f1").maxVersions());
    assertEquals(1, sh.store.admin().regions("t1").size());
    run("create 't2', 'f1', SPLITS => ['m']; put 't2', 'a', 'f1:q', '1'");
    run("truncate_preserve 't2'");
    contains(run("count 't2'"), "0 row(s)");
    assertEquals(List.of("", "m"), startKeys("t2"));
  }

  // ---- put, get, scan, delete, deleteall, count ----

  @Test
  void putAndGetWithOptions() {
    run("create 't1', {NAME => 'f1', VERSIONS => 5}, 'f2'");
    run("put 't1', 'r1', 'f1:a', 'v1', 100; put 't1', 'r1', 'f1:a', 'v2', 200; put 't1', 'r1', 'f1:a', 'v3', 300");
    run("put 't1', 'r1', 'f1:b', 'b1', 150");
    run("put 't1', 'r1', 'f2:c', 42");
    assertEquals("COLUMN                       CELL\n"
        + " f1:a                        timestamp=300, value=v3\n"
        + " f1:b                        timestamp=150, value=b1\n"
        + " f2:c                        timestamp=1000000, value=42\n"
        + "1 row(s)\nTook T seconds\n", run("get 't1', 'r1'"));
    assertEquals("COLUMN                       CELL\n"
        + " f1:a                        timestamp=300, value=v3\n"
        + " f1:a                        timestamp=200, value=v2\n"
        + " f1:a                        timestamp=100, value=v1\n"
        + "1 row(s)\nTook T seconds\n", run("get 't1', 'r1', {COLUMN => 'f1:a', VERSIONS => 3}"));
    String g = run("get 't1', 'r1', {COLUMN => 'f1:a', VERSIONS => 5, TIMERANGE => [100, 300]}");
    contains(g, "timestamp=200, value=v2", "timestamp=100, value=v1");
    assertFalse(g.contains("v3"), g);
    g = run("get 't1', 'r1', {COLUMNS => ['f1'], TIMESTAMP => 150}");
    contains(g, "f1:b", "value=b1");
    assertFalse(g.contains("f1:a"), g);
    g = run("get 't1', 'r1', 'f1:b', 'f2'");
    contains(g, " f1:b ", " f2:c ");
    assertFalse(g.contains("f1:a"), g);
    g = run("get 't1', 'r1', ['f2:c']");
    contains(g, " f2:c ", "1 row(s)");
    assertEquals("COLUMN                       CELL\n0 row(s)\nTook T seconds\n", run("get 't1', 'nope'"));
    contains(run("get 't1', 'r1', {TIMESTAMP => 1, TIMERANGE => [1, 2]}"), "ERROR: give TIMESTAMP or TIMERANGE");
    contains(run("get 't1', 'r1', {COLUMN => 'f1:a', VERSIONS => 0}"), "ERROR: versions to read must be at least 1");
    contains(run("get 't1', 'r1', {COLUMN => 'f1:a', TIMERANGE => 5}"), "ERROR: TIMERANGE must be [min, max]");
  }

  @Test
  void binaryRowsAndValuesRoundTripAsToStringBinary() {
    run("create 't1', 'f'");
    run("put 't1', \"\\x00\\x01row\", 'f:q', \"a\\xFF\\x00b\"");
    run("put 't1', 'u1', 'f:name', \"中国好声音\"");
    Result r = sh.store.table("t1").get(new Get(new byte[] {0, 1, 'r', 'o', 'w'}));
    assertArrayEquals(new byte[] {'a', (byte) 0xff, 0, 'b'}, r.value(Bytes.toBytes("f"), Bytes.toBytes("q")));
    String s = run("scan 't1'");
    contains(s, " \\x00\\x01row" + " ".repeat(17) + "column=f:q, timestamp=1000000, value=a\\xFF\\x00b\n",
        "value=\\xE4\\xB8\\xAD\\xE5\\x9B\\xBD");
    contains(run("get 't1', \"\\x00\\x01row\""), "value=a\\xFF\\x00b");
    contains(run("scan 't1', {STARTROW => 'u', FORMATTER => 'toString'}"), "value=中国好声音");
    contains(run("scan 't1', {STARTROW => 'u', MAXLENGTH => 4}"), "value=\\xE4\n");
  }

  @Test
  void scanOptions() {
    run("create 't1', {NAME => 'f', VERSIONS => 3}, 'g', SPLITS => ['r3']");
    for (int i = 1; i <= 5; i++) {
      run("put 't1', 'r" + i + "', 'f:a', 'a" + i + "', 10; put 't1', 'r" + i + "', 'f:a', 'A" + i + "', 20");
      run("put 't1', 'r" + i + "', 'g:b', 'b" + i + "', 10");
    }
    run("put 't1', 'x1', 'f:a', 'x', 10");
    assertEquals("ROW                          COLUMN+CELL\n"
        + " r2                          column=f:a, timestamp=20, value=A2\n"
        + " r2                          column=g:b, timestamp=10, value=b2\n"
        + " r3                          column=f:a, timestamp=20, value=A3\n"
        + " r3                          column=g:b, timestamp=10, value=b3\n"
        + "2 row(s)\nTook T seconds\n", run("scan 't1', {STARTROW => 'r2', STOPROW => 'r4'}"));
    contains(run("scan 't1'"), "6 row(s)");
    contains(run("scan 't1', {ROWPREFIXFILTER => 'r'}"), "5 row(s)");
    String s = run("scan 't1', {LIMIT => 2, COLUMNS => 'g'}");
    contains(s, " r1 ", " r2 ", "2 row(s)");
    assertFalse(s.contains("f:a"), s);
    s = run("scan 't1', {REVERSED => true, LIMIT => 2}");
    assertTrue(s.indexOf(" x1 ") < s.indexOf(" r5 "), s);
    contains(s, "2 row(s)");
    s = run("scan 't1', {REVERSED => true, ROWPREFIXFILTER => 'r', LIMIT => 1}");
    contains(s, " r5 ", "1 row(s)");
    s = run("scan 't1', {ROWPREFIXFILTER => 'r1', VERSIONS => 2, COLUMNS => ['f:a']}");
    contains(s, "timestamp=20, value=A1", "timestamp=10, value=a1");
    s = run("scan 't1', {ROWPREFIXFILTER => 'r1', TIMERANGE => [0, 15]}");
    contains(s, "value=a1", "value=b1");
    assertFalse(s.contains("A1"), s);
    s = run("scan 't1', {ROWPREFIXFILTER => 'r1', BATCH => 1, CACHE => 10}");
    contains(s, "value=A1", "value=b1", "1 row(s)");
    contains(run("scan 't1', {LIMIT => -1}"), "ERROR: scan limit -1 must not be negative");
    contains(run("scan 't1', 'r1'"), "ERROR: scan options must be a hash");
    contains(run("scan 't1', {RAW => true}"), "ERROR: unknown option RAW for scan");
  }

  @Test
  void deleteAndDeleteAll() {
    run("create 't1', {NAME => 'f', VERSIONS => 5}, 'g'");
    run("put 't1', 'r1', 'f:a', 'v1', 1; put 't1', 'r1', 'f:a', 'v2', 2; put 't1', 'r1', 'f:a', 'v3', 3");
    run("put 't1', 'r1', 'f:b', 'b', 1; put 't1', 'r1', 'g:c', 'c', 1");
    assertEquals("Took T seconds\n", run("delete 't1', 'r1', 'f:a'"));
    contains(run("get 't1', 'r1', 'f:a'"), "timestamp=2, value=v2");
    run("delete 't1', 'r1', 'f:a', 1");
    String g = run("get 't1', 'r1', {COLUMN => 'f:a', VERSIONS => 5}");
    contains(g, "value=v2");
    assertFalse(g.contains("value=v1"), g);
    run("put 't1', 'r1', 'f:a', 'v4', 4");
    run("deleteall 't1', 'r1', 'f:a', 3");
    g = run("get 't1', 'r1', {COLUMN => 'f:a', VERSIONS => 5}");
    contains(g, "value=v4");
    assertFalse(g.contains("value=v2"), g);
    run("deleteall 't1', 'r1', 'f:a'");
    contains(run("get 't1', 'r1', 'f:a'"), "0 row(s)");
    run("deleteall 't1', 'r1', 'f'");
    g = run("get 't1', 'r1'");
    assertFalse(g.contains("f:b"), g);
    contains(g, "g:c");
    run("deleteall 't1', 'r1'");
    contains(run("get 't1', 'r1'"), "0 row(s)");
    contains(run("delete 't1', 'r1', 'f'"), "ERROR: delete of a family needs a timestamp");

    for (String row : List.of("tmp_1", "tmp_2", "tmp_3", "keep")) {
      run("put 't1', '" + row + "', 'f:a', 'x'");
    }
    run("deleteall 't1', {ROWPREFIXFILTER => 'tmp_'}");
    assertEquals("1 row(s)\nTook T seconds\n=> 1\n", run("count 't1'"));
    contains(run("deleteall 't1', {STARTROW => 'a'}"), "ERROR: unknown option STARTROW for deleteall");
  }

  @Test
  void countWithInterval() {
    run("create 't1', 'f'");
    for (int i = 0; i < 5; i++) {
      run("put 't1', 'r" + i + "', 'f:a', 'x'; put 't1', 'r" + i + "', 'f:b', 'y'");
    }
    assertEquals("Current count: 2, row: r1\nCurrent count: 4, row: r3\n5 row(s)\nTook T seconds\n=> 5\n",
        run("count 't1', INTERVAL => 2"));
    contains(run("count 't1', {INTERVAL => 0}"), "ERROR: INTERVAL must be at least 1");
  }

  @Test
  void dataErrors() {
    run("create 't1', 'f'");
    assertEquals("ERROR: Unknown table nope!\nscan 'nope'\n     ^\nFor usage try 'help \"scan\"'\n", run("scan 'nope'"));
    contains(run("put 't1', 'r', 'x:q', 'v'"), "ERROR: table 't1' has no column family 'x'");
    contains(run("put 't1', 'r', ':q', 'v'"), "ERROR: column ':q' has no family");
    contains(run("put 't1', 'r', 'f:q'"), "ERROR: wrong number of arguments (given 3, expected 4..5)");
    contains(run("put 't1', 'r', 'f:q', 'v', -1"), "ERROR: timestamp -1 must not be negative");
    contains(run("put 't1', 'r', 'f:q', ['v']"), "ERROR: value must be a string, not an array");
    contains(run("get 't1', ''"), "ERROR: row key must not be empty");
  }

  @Test
  void countersIncrementAtomically() {
    run("create 't1', 'f'");
    assertEquals("COUNTER VALUE = 1\nTook T seconds\n", run("incr 't1', 'r1', 'f:hits'"));
    contains(run("incr 't1', 'r1', 'f:hits', 10"), "COUNTER VALUE = 11\n");
    contains(run("incr 't1', 'r1', 'f:hits', -2"), "COUNTER VALUE = 9\n");
    contains(run("get_counter 't1', 'r1', 'f:hits'"), "COUNTER VALUE = 9\n");
    contains(run("get 't1', 'r1'"), "value=\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x09");
    contains(run("get_counter 't1', 'r1', 'f:nope'"), "No counter found at specified coordinates");
    run("put 't1', 'r1', 'f:text', 'abc'");
    contains(run("get_counter 't1', 'r1', 'f:text'"), "ERROR: the value of f:text is 3 bytes wide, not an 8-byte counter");
    contains(run("incr 't1', 'r1', 'f:text'"), "ERROR: ");
  }

  // ---- regions ----

  @Test
  void splitAndListRegions() {
    run("create 't1', 'f'");
    for (char c = 'a'; c <= 'z'; c++) {
      run("put 't1', '" + c + "', 'f:q', '" + c + "'");
    }
    run("flush 't1'");
    assertEquals("Took T seconds\n", run("split 't1', 'm'"));
    assertEquals(List.of("", "m"), startKeys("t1"));
    String l = run("list_regions 't1'");
    String[] lines = l.split("\n");
    assertEquals(" REGION_NAME | START_KEY | END_KEY | STOREFILES | STOREFILE_BYTES | MEMSTORE_BYTES | CELLS | READS |"
        + " WRITES |", lines[0]);
    assertTrue(lines[1].startsWith(" ----------- | --------- |"), lines[1]);
    // Cells: 26 while the daughters share the parent's file, 12 and 14 once each has rewritten its half.
    assertTrue(lines[2].matches(" +t1, \\| +\\| +m \\| +1 \\| +\\d+ \\| +0 \\| +(26|12) \\| +\\d+ \\| +\\d+ \\|"), lines[2]);
    assertTrue(lines[3].matches(" +t1,m \\| +m \\| +\\| +1 \\| +\\d+ \\| +0 \\| +(26|14) \\| +\\d+ \\| +\\d+ \\|"), lines[3]);
    assertEquals(" 2 rows", lines[4]);
    contains(run("split 't1', 'm'"), "ERROR: 'm' is already a region boundary of table 't1'");
    run("split 't1'");
    assertTrue(sh.store.admin().regions("t1").size() > 2, () -> startKeys("t1").toString());
    assertEquals("26 row(s)\nTook T seconds\n=> 26\n", run("count 't1'"));
    contains(run("scan 't1', {STARTROW => 'l', LIMIT => 3}"), " l ", " m ", " n ", "3 row(s)");
    contains(run("split 't1', ''"), "ERROR: split point must not be empty");
  }

  @Test
  void flushCompactAndMajorCompact() {
    run("create 't1', {NAME => 'f', VERSIONS => 1}");
    run("put 't1', 'r', 'f:q', 'v0', 1; put 't1', 'd', 'f:q', 'x', 1");
    run("flush 't1'");
    run("put 't1', 'r', 'f:q', 'v1', 2; put 't1', 'r', 'f:q', 'v2', 3");
    run("deleteall 't1', 'd'");
    run("flush 't1'");
    // two files, below the three at which a flush compacts in the background: nothing merged them yet
    RegionInfo before = sh.store.admin().regions("t1").get(0);
    assertEquals(2, before.storeFiles(), before.toString());
    assertTrue(before.cells() > 1, before.toString());
    assertEquals("Took T seconds\n", run("compact 't1'"));
    assertEquals("Took T seconds\n", run("major_compact 't1'"));
    RegionInfo after = sh.store.admin().regions("t1").get(0);
    assertEquals(1, after.storeFiles());
    assertEquals(1, after.cells(), "major compaction keeps only r's latest version: " + after);
    contains(run("get 't1', 'r'"), "timestamp=3, value=v2");
    contains(run("flush 'nope'"), "ERROR: Unknown table nope!");
  }

  // ---- help ----

  @Test
  void helpListsEveryCommand() {
    String h = run("help");
    for (CommandSpec c : new Commands().all()) {
      contains(h, c.name());
    }
    contains(h, "Group name: ddl", "Group name: dml", "Group name: tools");
    contains(run("help 'create'"), "create 't1', {NAME => 'f1', TTL => 180}, {NAME => 'f2', TTL => 240}");
    contains(run("help \"dml\""), "Command: put", "Command: scan");
    contains(run("help 'filters'"), "SingleColumnValueFilter", "binaryprefix");
    contains(run("help 'nope'"), "ERROR: no command or group called 'nope'");
  }

  private List<String> startKeys(String table) {
    return sh.store.admin().regions(table).stream().map(r -> Bytes.toStringBinary(r.startRow())).toList();
  }
}
