package dev.cellar.examples;

import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Put;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Random;

/**
 * Viewing history (SEEDS.md §6.5, 001 §1.4.2): table {@code history}, rowkey
 * {@code <reversed user id>_<video id>} (the 6-digit user id reversed, so that sequential ids
 * spread over the key space), {@code v:title} and {@code v:time}; and its index table
 * {@code history_by_time}, rowkey {@code <Long.MAX_VALUE - time as 19 digits><reversed user
 * id><video id>}, {@code i:title} and {@code i:time}, whose first rows are the newest views of all users.
 */
final class ViewingHistorySchema extends WideRowSchema {
  private static final long BASE = 1_346_457_600_000L; // 2012-09-01T00:00:00Z
  private static final DateTimeFormatter TEXT =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

  @Override
  String name() {
    return "history";
  }

  @Override
  List<String> storeTables() {
    return List.of("history", "history_by_time");
  }

  /** The 6-digit user id, least significant digit first. */
  static String reversedUser(int user) {
    return new StringBuilder(String.format("%06d", user)).reverse().toString();
  }

  private static void view(Writer history, Writer index, int user, String video, String title, long time) {
    String ruser = reversedUser(user);
    String text = TEXT.format(Instant.ofEpochMilli(time));
    history.put(new Put(ruser + "_" + video).addColumn("v", "title", title).addColumn("v", "time", text));
    index.put(new Put(String.format("%019d", Long.MAX_VALUE - time) + ruser + video).addColumn("i", "title", title)
        .addColumn("i", "time", text));
  }

  @Override
  void createRaw(CellarStore store, int rows) {
    try (Writer history = new Writer(createTable(store, "history", "v"));
        Writer index = new Writer(createTable(store, "history_by_time", "i"))) {
      long hour = 3_600_000L;
      view(history, index, 1, "v0001", "Pilot", BASE + 20 * hour);
      view(history, index, 1, "v0002", "Second episode", BASE + 45 * hour);
      view(history, index, 1, "v0003", "Third episode", BASE + 67 * hour);
      view(history, index, 2, "v0002", "Second episode", BASE + 92 * hour);
      view(history, index, 1, "v0004", "Finale", BASE + 118 * hour);
      // generated users 000003.. watch about five videos each, at any minute of 2013
      Random random = new Random(5);
      int users = Math.min(999_990, Math.max(1, rows / 5));
      for (int n = 5; n < rows; n++) {
        String video = String.format("v%07d", n);
        view(history, index, 3 + random.nextInt(users), video, "Video " + n,
            BASE + 122L * 86_400_000L + random.nextInt(365 * 24 * 60) * 60_000L);
      }
    }
  }

  @Override
  List<String> sampleRows() {
    return List.of("100000", "9");
  }

  @Override
  List<String> views() {
    return List.of(
        "CREATE VIEW IF NOT EXISTS history (ruser CHAR(6) NOT NULL, video_id VARCHAR NOT NULL,\n"
            + "  \"v\".\"title\" VARCHAR, \"v\".\"time\" TIMESTAMP,\n"
            + "  CONSTRAINT pk PRIMARY KEY (ruser, video_id))\n"
            + "STORE_TABLE='history', KEY_FORMAT='DELIMITED', KEY_SEPARATOR='_', VALUE_FORMAT='STRING'",
        "CREATE VIEW IF NOT EXISTS history_by_time (rtime CHAR(19) NOT NULL, ruser CHAR(6) NOT NULL,"
            + " video_id VARCHAR NOT NULL,\n"
            + "  \"i\".\"title\" VARCHAR, \"i\".\"time\" TIMESTAMP,\n"
            + "  CONSTRAINT pk PRIMARY KEY (rtime, ruser, video_id))\n"
            + "STORE_TABLE='history_by_time', KEY_FORMAT='FIXED', VALUE_FORMAT='STRING'");
  }

  @Override
  List<Query> queries() {
    return List.of(
        new Query("User 000001's viewing history, newest first, through the time index"
                + " (the user id is stored reversed: '100000')",
            "SELECT h.video_id, h.\"title\", h.\"time\"\n"
                + "FROM (SELECT * FROM history_by_time WHERE ruser = '100000' ORDER BY rtime LIMIT 10) t\n"
                + "JOIN history h ON h.ruser = t.ruser AND h.video_id = t.video_id ORDER BY t.rtime"),
        new Query("The newest 5 views of all users: the first rows of the index table",
            "SELECT ruser, video_id, \"title\", \"time\" FROM history_by_time ORDER BY rtime LIMIT 5"));
  }
}
