package dev.cellar.jdbc;

/**
 * Rows of the seed schemas that the mapping tests write into store tables, as the HBase shell
 * would: {@code MappingTest} here and the same suite on both backends in {@code storage-hbase}.
 */
public final class MappingSeeds {
  private MappingSeeds() {}

  /**
   * The files seed (key userID(6) + time(8) + fileID(6), values as text), a row each: user,
   * time, file, name, category, size.
   */
  public static String[][] files() {
    return new String[][] {
        {"000001", "20120825", "000009", "中国好声音第0期", "综艺-浙江卫视", "700"},
        {"000001", "20120902", "000001", "中国好声音第1期", "综艺-浙江卫视", "1024"},
        {"000001", "20120909", "000002", "中国好声音第2期", "综艺-浙江卫视", "2048"},
        {"000001", "20120915", "000006", "快乐大本营", "综艺-湖南卫视", "512"},
        {"000001", "20120916", "000003", "中国好声音第3期", "综艺-浙江卫视", "4096"},
        {"000001", "20120920", "000010", "中国好声音幕后", "纪录片-浙江卫视", "128"},
        {"000001", "20120923", "000004", "中国好声音第4期", "综艺-浙江卫视", "300"},
        {"000001", "20120930", "000005", "中国好声音第5期", "综艺-浙江卫视", "3000"},
        {"000001", "20121001", "000007", "中国好声音巅峰之夜", "综艺-浙江卫视", "9000"},
        {"000001", "20121007", "000008", "中国好声音第6期", "综艺-浙江卫视", "100"},
        {"000002", "20120910", "000011", "中国好声音第2期", "综艺-浙江卫视", "2048"},
    };
  }
}
