package dev.cellar.examples;

import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Put;
import java.util.List;
import java.util.Random;

/**
 * Files (SEEDS.md §5 and §6.6, 003): table {@code files}, rowkey
 * {@code userID(6) + createTime(8) + fileID(6)} as zero-padded text, family {@code f} with
 * {@code f:name}, {@code f:category}, {@code f:size}. One user's files of a period are one key
 * range; the conditions on name and category filter the rows of that range.
 */
final class FilesSchema extends WideRowSchema {
  /** The seed's files: user (1 浙江卫视, 2 好声音剧组, 3 XX微博, 4 a sponsor), day, id, name, category. */
  private static final Object[][] SEED = {
    {1, "20120902", 1, "中国好声音第1期", "综艺"},
    {1, "20120904", 2, "中国好声音第2期", "综艺"},
    {1, "20120906", 3, "中国好声音外卡赛", "综艺"},
    {1, "20120908", 4, "中国好声音第3期", "综艺"},
    {1, "20120910", 5, "中国好声音第4期", "综艺"},
    {2, "20120912", 6, "中国好声音选手采访", "综艺花絮"},
    {1, "20120914", 7, "中国好声音第5期", "综艺"},
    {2, "20120916", 8, "中国好声音录制花絮", "综艺花絮"},
    {3, "20120918", 9, "张玮独家专访", "花絮"},
    {4, "20120920", 10, "加多宝凉茶广告", "综艺广告"},
  };
  private static final String[] CATEGORIES = {"综艺", "电影", "新闻", "体育", "花絮"};

  @Override
  String name() {
    return "files";
  }

  @Override
  List<String> storeTables() {
    return List.of("files");
  }

  private static Put file(int user, String day, int id, String name, String category, int size) {
    return new Put(String.format("%06d%s%06d", user, day, id)).addColumn("f", "name", name)
        .addColumn("f", "category", category).addColumn("f", "size", Integer.toString(size));
  }

  @Override
  void createRaw(CellarStore store, int rows) {
    try (Writer w = new Writer(createTable(store, "files", "f"))) {
      for (Object[] s : SEED) {
        int id = (Integer) s[2];
        w.put(file((Integer) s[0], (String) s[1], id, (String) s[3], (String) s[4], 100 * id));
      }
      // generated users 000005.. own about twenty files each, from 2012 to 2014
      Random random = new Random(6);
      int users = Math.min(999_990, Math.max(1, rows / 20));
      for (int n = SEED.length + 1; n <= Math.min(rows, 999_999); n++) { // file ids have 6 digits
        String day = String.format("%04d%02d%02d", 2012 + random.nextInt(3), 1 + random.nextInt(12),
            1 + random.nextInt(28));
        String category = CATEGORIES[random.nextInt(CATEGORIES.length)];
        w.put(file(5 + random.nextInt(users), day, n, category + " " + n, category, 1 + random.nextInt(10_000)));
      }
    }
  }

  @Override
  List<String> sampleRows() {
    return List.of("000001");
  }

  @Override
  List<String> views() {
    return List.of(
        "CREATE VIEW IF NOT EXISTS \"files\" (user_id CHAR(6) NOT NULL, ctime CHAR(8) NOT NULL,"
            + " file_id CHAR(6) NOT NULL,\n"
            + "  \"f\".\"name\" VARCHAR, \"f\".\"category\" VARCHAR, \"f\".\"size\" INTEGER,\n"
            + "  CONSTRAINT pk PRIMARY KEY (user_id, ctime, file_id))\n"
            + "KEY_FORMAT='FIXED', VALUE_FORMAT='STRING'");
  }

  @Override
  List<Query> queries() {
    return List.of(
        new Query("find(20120901, 20121001, \"中国好声音\", \"综艺\", \"浙江卫视\" = user 000001)",
            "SELECT file_id, ctime, \"name\", \"category\" FROM \"files\"\n"
                + "WHERE user_id = '000001' AND ctime BETWEEN '20120901' AND '20121001'\n"
                + "  AND \"name\" LIKE '中国好声音%' AND \"category\" LIKE '综艺%'\n"
                + "ORDER BY file_id"));
  }
}
