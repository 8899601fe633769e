package dev.cellar.storage.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.Scan;
import dev.cellar.storage.filter.FilterFixture.Layout;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The multi-condition query of SEEDS.md §5: files {@code (ID, CreateTime, Name, Category,
 * UserID)} keyed {@code userID(6) + time(8) + fileID(6)};
 * {@code find(20120901, 20121001, "中国好声音", "综艺", …)} is a scan of user 000001 from
 * {@code 000001|20120901} to {@code 000001|20121001} with value filters on the name and
 * category prefixes, and returns files 1, 2, 3, 4, 5 and 7. The data below has a file failing
 * each condition: time before, at the stop (exclusive) and after the range, another user, a
 * name without the prefix (twice: one contains it later), a category without it, and a file
 * with no category.
 */
class FilesExampleTest extends FilterFixtureTest {
  private static final byte[] F = Bytes.toBytes("f");
  private static final String USER = "000001";

  private static byte[] key(String user, String time, int fileId) {
    return Bytes.toBytes(user + time + String.format("%06d", fileId));
  }

  private void file(String user, String time, int id, String name, String category) {
    Put p = new Put(key(user, time, id)).addColumn("f", "id", Integer.toString(id)).addColumn("f", "createTime", time)
        .addColumn("f", "name", name).addColumn("f", "userId", user);
    if (category != null) {
      p.addColumn("f", "category", category);
    }
    fx.write(p);
  }

  private void load(Layout layout) {
    fx = new FilterFixture(layout, List.of("00000120120915", "000002"), ColumnFamilyDescriptor.of("f"));
    file(USER, "20120901", 1, "中国好声音 第一期 浙江卫视", "综艺");
    file(USER, "20120907", 2, "中国好声音 第二期", "综艺节目");
    file(USER, "20120914", 3, "中国好声音 第三期", "综艺");
    file(USER, "20120921", 4, "中国好声音 第四期", "综艺/音乐");
    file(USER, "20120928", 5, "中国好声音 巅峰之夜", "综艺");
    file(USER, "20120930", 6, "中国达人秀 第一期", "综艺");
    file(USER, "20120930", 7, "中国好声音 花絮", "综艺");
    file(USER, "20121001", 8, "中国好声音 总决赛", "综艺");
    file(USER, "20120815", 9, "中国好声音 预告", "综艺");
    file(USER, "20120910", 10, "中国好声音 新闻发布会", "新闻");
    file("000002", "20120915", 11, "中国好声音 第三期", "综艺");
    file(USER, "20120920", 12, "浙江卫视 中国好声音", "综艺");
    file(USER, "20120925", 13, "中国好声音 幕后", null);
    file(USER, "20121015", 14, "中国好声音 第五期", "综艺");
    fx.settle();
  }

  /** The example's query: files of {@code user} created in {@code [from, to)} whose name and category have the prefixes. */
  private static Scan find(String user, String from, String to, String namePrefix, String categoryPrefix,
      boolean reversed) {
    FilterList conditions = new FilterList(FilterList.Operator.MUST_PASS_ALL,
        new SingleColumnValueFilter(F, Bytes.toBytes("name"), CompareOperator.EQUAL,
            new BinaryPrefixComparator(namePrefix)).setFilterIfMissing(true),
        new SingleColumnValueFilter(F, Bytes.toBytes("category"), CompareOperator.EQUAL,
            new BinaryPrefixComparator(categoryPrefix)).setFilterIfMissing(true));
    byte[] start = Bytes.toBytes(user + from);
    byte[] stop = Bytes.toBytes(user + to);
    Scan scan = new Scan().setReversed(reversed).setCaching(50).setFilter(conditions);
    // A reversed scan starts at the top of the range: below user+to, down to user+from.
    return reversed ? scan.withStartRow(stop, false).withStopRow(start, true)
        : scan.withStartRow(start).withStopRow(stop);
  }

  private List<Integer> ids(Scan scan) {
    List<Integer> out = new ArrayList<>();
    for (Result r : fx.scan(scan)) {
      out.add(Integer.parseInt(r.valueAsString("f", "id")));
    }
    return out;
  }

  @ParameterizedTest
  @MethodSource("dev.cellar.storage.filter.FilterFixture#layoutsAndDirections")
  void findReturnsFilesOneToFiveAndSeven(Layout layout, boolean reversed) {
    load(layout);
    List<Integer> expected = reversed ? List.of(7, 5, 4, 3, 2, 1) : List.of(1, 2, 3, 4, 5, 7);
    assertEquals(expected, ids(find(USER, "20120901", "20121001", "中国好声音", "综艺", reversed)));
    // Each returned row is the whole file record.
    Result first = fx.scan(find(USER, "20120901", "20121001", "中国好声音", "综艺", false)).get(0);
    assertEquals("中国好声音 第一期 浙江卫视", first.valueAsString("f", "name"));
    assertEquals("综艺", first.valueAsString("f", "category"));
    assertEquals(5, first.size());
    // Paging the same query two files at a time.
    Scan page1 = find(USER, "20120901", "20121001", "中国好声音", "综艺", false);
    page1.setFilter(new FilterList((FilterList) page1.filter(), new PageFilter(2)));
    assertEquals(List.of(1, 2), ids(page1));
    // An empty category prefix drops the condition except for file 13, which has no category at all.
    assertEquals(List.of(1, 2, 10, 3, 4, 5, 7), ids(find(USER, "20120901", "20121001", "中国好声音", "", false)));
    // The whole year: files 9, 8 and 14 join.
    assertEquals(List.of(9, 1, 2, 3, 4, 5, 7, 8, 14), ids(find(USER, "2012", "2013", "中国好声音", "综艺", false)));
    assertEquals(List.of(11), ids(find("000002", "20120901", "20121001", "中国好声音", "综艺", reversed)));
  }
}
