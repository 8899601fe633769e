package dev.cellar.console.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** FILTER => "..." in HBase's filter language, through scan, get and count. */
class FilterTest {
  private static final Pattern ROW = Pattern.compile("^ (\\S+) +column=", Pattern.MULTILINE);

  private final ShellHarness sh = new ShellHarness();

  @BeforeEach
  void load() {
    sh.run("create 't1', {NAME => 'f', VERSIONS => 3}, 'g', SPLITS => ['r3']");
    for (int i = 1; i <= 5; i++) {
      sh.run("put 't1', 'r" + i + "', 'f:a', 'a" + i + "', 10");
      sh.run("put 't1', 'r" + i + "', 'f:b', '" + (i % 2 == 0 ? "even" : "odd") + "', 10");
      sh.run("put 't1', 'r" + i + "', 'g:c', 'c" + i + "', 20");
    }
    sh.run("put 't1', 'x1', 'f:a', 'xa', 10; put 't1', 'x1', 'f:b', 'odd', 30");
  }

  @AfterEach
  void close() {
    sh.close();
  }

  /** The distinct rows a scan printed, in order. */
  private List<String> rows(String statement) {
    String out = sh.run(statement);
    assertFalse(out.contains("ERROR"), out);
    LinkedHashSet<String> rows = new LinkedHashSet<>();
    Matcher m = ROW.matcher(out);
    while (m.find()) {
      rows.add(m.group(1));
    }
    return new ArrayList<>(rows);
  }

  @Test
  void prefixAndKeyOnly() {
    assertEquals(List.of("x1"), rows("scan 't1', {FILTER => \"PrefixFilter('x')\"}"));
    String out = sh.run("scan 't1', {FILTER => \"KeyOnlyFilter()\", LIMIT => 1}");
    assertTrue(out.contains(" r1                          column=f:a, timestamp=10, value=\n"), out);
    assertFalse(out.contains("value=a1"), out);
  }

  @Test
  void singleColumnValueFilterKeepsWholeRows() {
    String out = sh.run("scan 't1', {FILTER => \"SingleColumnValueFilter('f','b',=,'binary:even')\"}");
    assertEquals(List.of("r2", "r4"), rows("scan 't1', {FILTER => \"SingleColumnValueFilter('f','b',=,'binary:even')\"}"));
    assertTrue(out.contains("column=g:c, timestamp=20, value=c2"), out);
    // A row without the column passes unless filterIfMissing is set.
    sh.run("put 't1', 'z1', 'g:c', 'none'");
    assertTrue(rows("scan 't1', {FILTER => \"SingleColumnValueFilter('f', 'b', !=, 'binary:odd')\"}").contains("z1"));
    assertFalse(rows("scan 't1', {FILTER => \"SingleColumnValueFilter('f', 'b', !=, 'binary:odd', true, true)\"}")
        .contains("z1"));
  }

  @Test
  void andOrAndParentheses() {
    assertEquals(List.of("r1", "r5"), rows("scan 't1', {FILTER => \"PrefixFilter('r') AND"
        + " SingleColumnValueFilter('f','b',=,'binary:odd') AND RowFilter(!=, 'binary:r3')\"}"));
    assertEquals(List.of("r2", "x1"), rows("scan 't1', {FILTER => \"RowFilter(=, 'binary:r2') OR PrefixFilter('x')\"}"));
    assertEquals(List.of("r1", "r4"), rows("scan 't1', {FILTER => \"(RowFilter(<, 'binary:r2') OR RowFilter(>, 'binary:r3'))"
        + " AND PrefixFilter('r') AND RowFilter(<=, 'binary:r4')\"}"));
  }

  @Test
  void cellFiltersAndComparators() {
    String out = sh.run("scan 't1', {FILTER => \"ValueFilter(=, 'substring:ve')\"}");
    assertTrue(out.contains(" r2                          column=f:b, timestamp=10, value=even\n"), out);
    assertFalse(out.contains("f:a"), out);
    out = sh.run("scan 't1', {FILTER => \"QualifierFilter(=, 'regexstring:^[ac]$') AND FamilyFilter(=, 'binary:g')\"}");
    assertTrue(out.contains("column=g:c") && !out.contains("column=f:a"), out);
    out = sh.run("scan 't1', {FILTER => \"ColumnPrefixFilter('b')\", STOPROW => 'r2'}");
    assertEquals(1, out.split("column=").length - 1, out);
    out = sh.run("scan 't1', {FILTER => \"MultipleColumnPrefixFilter('a', 'c')\", STOPROW => 'r2'}");
    assertTrue(out.contains("column=f:a") && out.contains("column=g:c") && !out.contains("column=f:b"), out);
    out = sh.run("scan 't1', {FILTER => \"ColumnRangeFilter('a', false, 'c', true)\", STOPROW => 'r2'}");
    assertTrue(!out.contains("column=f:a") && out.contains("column=f:b") && out.contains("column=g:c"), out);
    out = sh.run("scan 't1', {FILTER => \"ValueFilter(=, 'binaryprefix:c')\", STOPROW => 'r3'}");
    assertEquals(List.of("r1", "r2"), rows("scan 't1', {FILTER => \"ValueFilter(=, 'binaryprefix:c')\", STOPROW => 'r3'}"));
  }

  @Test
  void rowLevelFilters() {
    assertEquals(List.of("r1", "r2"), rows("scan 't1', {FILTER => \"PageFilter(2)\"}"));
    String out = sh.run("scan 't1', {FILTER => \"FirstKeyOnlyFilter()\"}");
    assertEquals(6, out.split("column=").length - 1, out);
    assertEquals(List.of("x1"), rows("scan 't1', {FILTER => \"TimestampsFilter(30)\"}"));
    assertEquals(6, rows("scan 't1', {FILTER => \"RandomRowFilter(1.0)\"}").size());
    assertEquals(0, rows("scan 't1', {FILTER => \"RandomRowFilter(0.0)\"}").size());
    assertEquals(List.of("x1", "r5"), rows("scan 't1', {FILTER => \"PageFilter(2)\", REVERSED => true}"));
  }

  @Test
  void getAndCountTakeFilters() {
    String out = sh.run("get 't1', 'r2', {FILTER => \"ValueFilter(=, 'binary:even')\"}");
    assertEquals("COLUMN                       CELL\n f:b                         timestamp=10, value=even\n"
        + "1 row(s)\nTook T seconds\n", out);
    out = sh.run("get 't1', 'r2', {FILTER => \"ColumnCountGetFilter(2)\"}");
    assertEquals(2, out.split("timestamp=").length - 1, out);
    assertEquals("3 row(s)\nTook T seconds\n=> 3\n",
        sh.run("count 't1', {FILTER => \"SingleColumnValueFilter('f','b',=,'binary:odd', true, true) AND PrefixFilter('r')\"}"));
  }

  @Test
  void seedFilesExample() {
    sh.run("create 'files', 'f'");
    String[][] files = {
      {"000001", "20120901", "1", "中国好声音 第一期 浙江卫视", "综艺"},
      {"000001", "20120907", "2", "中国好声音 第二期", "综艺节目"},
      {"000001", "20120914", "3", "中国好声音 第三期", "综艺"},
      {"000001", "20120921", "4", "中国好声音 第四期", "综艺/音乐"},
      {"000001", "20120928", "5", "中国好声音 巅峰之夜", "综艺"},
      {"000001", "20120930", "6", "中国达人秀 第一期", "综艺"},
      {"000001", "20120930", "7", "中国好声音 花絮", "综艺"},
      {"000001", "20121001", "8", "中国好声音 总决赛", "综艺"},
      {"000001", "20120815", "9", "中国好声音 预告", "综艺"},
      {"000001", "20120910", "10", "中国好声音 新闻发布会", "新闻"},
      {"000002", "20120915", "11", "中国好声音 第三期", "综艺"},
      {"000001", "20120925", "13", "中国好声音 幕后", null},
    };
    for (String[] f : files) {
      String key = f[0] + f[1] + String.format("%06d", Integer.parseInt(f[2]));
      sh.run("put 'files', '" + key + "', 'f:id', '" + f[2] + "'; put 'files', '" + key + "', 'f:name', \"" + f[3] + "\"");
      if (f[4] != null) {
        sh.run("put 'files', '" + key + "', 'f:category', \"" + f[4] + "\"");
      }
    }
    sh.run("flush 'files'");
    List<String> rows = rows("scan 'files', {STARTROW => '00000120120901', STOPROW => '00000120121001',"
        + " FILTER => \"SingleColumnValueFilter('f', 'name', =, 'binaryprefix:中国好声音', true, true) AND"
        + " SingleColumnValueFilter('f', 'category', =, 'binaryprefix:综艺', true, true)\", COLUMNS => ['f']}");
    assertEquals(List.of("00000120120901000001", "00000120120907000002", "00000120120914000003",
        "00000120120921000004", "00000120120928000005", "00000120120930000007"), rows);
  }

  @Test
  void filterErrorsPointIntoTheFilterString() {
    String out = sh.run("scan 't1', {FILTER => \"PrefixFilter('r') AND NopeFilter()\"}");
    assertTrue(out.startsWith("ERROR: FILTER: unknown or unsupported filter NopeFilter; supported: KeyOnlyFilter,"), out);
    assertTrue(out.contains("\nscan 't1', {FILTER => \"PrefixFilter('r') AND NopeFilter()\"}\n"
        + " ".repeat(45) + "^\nFor usage try 'help \"scan\"'\n"), out);
    out = sh.run("scan 't1', {FILTER => \"PrefixFilter('r'\"}");
    assertTrue(out.startsWith("ERROR: FILTER: expected ')' but the filter ends\n"), out);
    assertTrue(out.contains("\n" + " ".repeat(39) + "^\n"), out);
    out = sh.run("scan 't1', {FILTER => \"ValueFilter(=, 'abc')\"}");
    assertTrue(out.startsWith("ERROR: FILTER: expected a comparator such as 'binary:abc'"), out);
    assertTrue(out.contains("\n" + " ".repeat(38) + "^\n"), out);
    out = sh.run("scan 't1', {FILTER => \"SKIP ValueFilter(=, 'binary:a')\"}");
    assertTrue(out.startsWith("ERROR: FILTER: SKIP is not supported"), out);
    out = sh.run("scan 't1', {FILTER => \"RowFilter(~, 'binary:a')\"}");
    assertTrue(out.startsWith("ERROR: FILTER: unexpected '~'"), out);
    out = sh.run("scan 't1', {FILTER => \"PageFilter('2')\"}");
    assertTrue(out.startsWith("ERROR: FILTER: expected a non-negative whole number, found '2'"), out);
    out = sh.run("scan 't1', {FILTER => \"PrefixFilter('r')\\n garbage\"}");
    assertTrue(out.startsWith("ERROR: FILTER: unexpected 'g' after the filter\n"), out);
    assertTrue(out.contains("\n" + " ".repeat(22) + "^\n"), "escapes: caret at the string: " + out);
    out = sh.run("scan 't1', {FILTER => 5}");
    assertTrue(out.startsWith("ERROR: FILTER must be a filter-language string"), out);
    assertTrue(sh.run("scan 't1', {LIMIT => 1}").contains("1 row(s)"), "the shell still works");
  }
}
