package dev.cellar.examples;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Put;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Random;

/**
 * Sales (SEEDS.md §6.3): table {@code sale}, rowkey
 * {@code <user_id><Long.MAX_VALUE - time><product_id>} — the user id as 7 characters, the
 * reversed time as 8 big-endian bytes ({@code Bytes.toBytes(long)}), the product id as the rest
 * — and family {@code name} with {@code name:product} and {@code name:time}. A user's purchases
 * are one prefix of keys, newest first.
 */
final class SalesSchema extends WideRowSchema {
  private static final String[] PRODUCTS = {"kettle", "teapot", "cups", "spoons", "tray"};
  private static final long BASE = 1_346_457_600_000L; // 2012-09-01T00:00:00Z
  private static final DateTimeFormatter TEXT =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

  @Override
  String name() {
    return "sale";
  }

  @Override
  List<String> storeTables() {
    return List.of("sale");
  }

  /** The rowkey of one sale. */
  static byte[] key(String userId, long time, String productId) {
    return Bytes.concat(Bytes.toBytes(userId), Bytes.toBytes(Long.MAX_VALUE - time), Bytes.toBytes(productId));
  }

  private static Put sale(String userId, long time, String product) {
    return new Put(key(userId, time, product)).addColumn("name", "product", product)
        .addColumn("name", "time", TEXT.format(Instant.ofEpochMilli(time)));
  }

  @Override
  void createRaw(CellarStore store, int rows) {
    try (Writer w = new Writer(createTable(store, "sale", "name"))) {
      // the seed users u000001..u000003 bought five things each, a day apart
      for (int u = 1; u <= 3; u++) {
        for (int i = 0; i < 5; i++) {
          w.put(sale(String.format("u%06d", u), BASE + (u * 7L + i) * 86_400_000L, PRODUCTS[(u + i) % PRODUCTS.length]));
        }
      }
      // generated users u000004.. buy about ten things each, at any minute of 2013
      Random random = new Random(3);
      int users = Math.min(999_990, Math.max(1, rows / 10));
      for (int n = 15; n < rows; n++) {
        String user = String.format("u%06d", 4 + random.nextInt(users));
        long time = BASE + 122L * 86_400_000L + random.nextInt(365 * 24 * 60) * 60_000L;
        w.put(sale(user, time, PRODUCTS[random.nextInt(PRODUCTS.length)] + "-" + random.nextInt(100)));
      }
    }
  }

  @Override
  List<String> sampleRows() {
    return List.of("u000001");
  }

  @Override
  List<String> views() {
    return List.of(
        "CREATE VIEW IF NOT EXISTS sale (user_id CHAR(7) NOT NULL, rtime BIGINT FORMAT BYTES NOT NULL,"
            + " product_id VARCHAR NOT NULL,\n"
            + "  \"name\".\"product\" VARCHAR, \"name\".\"time\" TIMESTAMP,\n"
            + "  CONSTRAINT pk PRIMARY KEY (user_id, rtime, product_id))\n"
            + "STORE_TABLE='sale', KEY_FORMAT='FIXED', VALUE_FORMAT='STRING'");
  }

  @Override
  List<Query> queries() {
    return List.of(
        new Query("The latest 3 purchases of user u000001, newest first",
            "SELECT \"product\", \"time\" FROM sale WHERE user_id = 'u000001' ORDER BY rtime LIMIT 3"),
        new Query("What user u000002 bought, how often",
            "SELECT \"product\", COUNT(*) AS times FROM sale WHERE user_id = 'u000002'\n"
                + "GROUP BY \"product\" ORDER BY \"product\""));
  }
}
