package dev.cellar.examples;

import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Put;
import java.util.List;
import java.util.Random;

/**
 * Shops and items, N:M (SEEDS.md §6.2): table {@code shop}, rowkey {@code <shop_id>},
 * {@code info:name}, {@code info:address}, {@code info:regdate} and {@code item:<item_id>=<type>};
 * table {@code item}, rowkey {@code <item_id>}, {@code info:name}, {@code info:price},
 * {@code info:details}, {@code info:title} and {@code shop:<shop_id>=<type>}. The relation
 * {@code shop_item} is the {@code item} family of the shop rows: there is no join table.
 */
final class ShopItemSchema extends WideRowSchema {
  private static final String[] TYPES = {"new", "sale", "used"};

  @Override
  String name() {
    return "shop";
  }

  @Override
  List<String> storeTables() {
    return List.of("shop", "item");
  }

  @Override
  void createRaw(CellarStore store, int rows) {
    try (Writer shops = new Writer(createTable(store, "shop", "info", "item"));
        Writer items = new Writer(createTable(store, "item", "info", "shop"))) {
      shops.put(new Put("S1").addColumn("info", "name", "Corner Shop").addColumn("info", "address", "1 Main St")
          .addColumn("info", "regdate", "2012-09-01").addColumn("item", "I42", "new").addColumn("item", "I43", "sale"));
      shops.put(new Put("S2").addColumn("info", "name", "Market Hall").addColumn("info", "address", "9 Quay Rd")
          .addColumn("info", "regdate", "2013-01-15").addColumn("item", "I42", "used"));
      items.put(new Put("I42").addColumn("info", "name", "kettle").addColumn("info", "price", "19.90")
          .addColumn("info", "details", "1.7 l, 2200 W").addColumn("info", "title", "Steel kettle")
          .addColumn("shop", "S1", "new").addColumn("shop", "S2", "used"));
      items.put(new Put("I43").addColumn("info", "name", "teapot").addColumn("info", "price", "12.50")
          .addColumn("info", "details", "0.8 l").addColumn("info", "title", "Clay teapot")
          .addColumn("shop", "S1", "sale"));
      // generated shops S3.. sell generated items I1000..; each shop lists 1 to 5 of them
      int itemCount = Math.max(10, rows);
      for (int i = 0; i < itemCount; i++) {
        String id = "I" + (1000 + i);
        items.put(new Put(id).addColumn("info", "name", "item " + i)
            .addColumn("info", "price", (1 + i % 100) + "." + String.format("%02d", i % 100))
            .addColumn("info", "details", "size " + (i % 7)).addColumn("info", "title", "Item number " + i));
      }
      Random random = new Random(2);
      for (int s = 3; s <= rows; s++) {
        String shop = "S" + s;
        Put p = new Put(shop).addColumn("info", "name", "Shop " + s).addColumn("info", "address", s + " High St")
            .addColumn("info", "regdate", String.format("20%02d-%02d-%02d", 10 + s % 10, 1 + s % 12, 1 + s % 28));
        int n = 1 + random.nextInt(5);
        java.util.Set<String> listed = new java.util.HashSet<>();
        while (listed.size() < Math.min(n, itemCount)) {
          String item = "I" + (1000 + random.nextInt(itemCount));
          if (!listed.add(item)) {
            continue;
          }
          String type = TYPES[random.nextInt(TYPES.length)];
          p.addColumn("item", item, type);
          items.put(item, "shop", shop, type);
        }
        shops.put(p);
      }
    }
  }

  @Override
  List<String> sampleRows() {
    return List.of("S1", "I42");
  }

  @Override
  List<String> views() {
    return List.of(
        "CREATE VIEW IF NOT EXISTS shop (id VARCHAR NOT NULL PRIMARY KEY,\n"
            + "  \"info\".\"name\" VARCHAR, \"info\".\"address\" VARCHAR, \"info\".\"regdate\" DATE)\n"
            + "STORE_TABLE='shop', VALUE_FORMAT='STRING'",
        "CREATE VIEW IF NOT EXISTS item (id VARCHAR NOT NULL PRIMARY KEY,\n"
            + "  \"info\".\"name\" VARCHAR, \"info\".\"price\" DECIMAL(10, 2), \"info\".\"details\" VARCHAR,"
            + " \"info\".\"title\" VARCHAR)\n"
            + "STORE_TABLE='item', VALUE_FORMAT='STRING'",
        "CREATE VIEW IF NOT EXISTS shop_item (shop_id VARCHAR NOT NULL, item_id VARCHAR NOT NULL, type VARCHAR,\n"
            + "  CONSTRAINT pk PRIMARY KEY (shop_id, item_id))\n"
            + "STORE_TABLE='shop', DYNAMIC_FAMILY='item', VALUE_FORMAT='STRING'",
        "CREATE VIEW IF NOT EXISTS item_shop (item_id VARCHAR NOT NULL, shop_id VARCHAR NOT NULL, type VARCHAR,\n"
            + "  CONSTRAINT pk PRIMARY KEY (item_id, shop_id))\n"
            + "STORE_TABLE='item', DYNAMIC_FAMILY='shop', VALUE_FORMAT='STRING'",
        "CREATE VIEW IF NOT EXISTS shop_items (id VARCHAR NOT NULL PRIMARY KEY, \"info\".\"name\" VARCHAR,\n"
            + "  \"item\".items MAP<VARCHAR, VARCHAR>)\n"
            + "STORE_TABLE='shop', VALUE_FORMAT='STRING', READ_ONLY=TRUE");
  }

  @Override
  List<Query> queries() {
    return List.of(
        new Query("All items of shop S1 with their details",
            "SELECT si.item_id, si.type, i.\"name\", i.\"price\", i.\"title\", i.\"details\"\n"
                + "FROM shop_item si JOIN item i ON i.id = si.item_id\n"
                + "WHERE si.shop_id = 'S1' ORDER BY si.item_id"),
        new Query("The shops that sell item I42, from the item's row",
            "SELECT s.id, s.\"name\", x.type FROM item_shop x JOIN shop s ON s.id = x.shop_id\n"
                + "WHERE x.item_id = 'I42' ORDER BY s.id"),
        new Query("The type of item I42 in each shop, the item family read as a MAP",
            "SELECT id, \"name\", items['I42'] AS i42, CARDINALITY(items) AS items FROM shop_items\n"
                + "WHERE id IN ('S1', 'S2') ORDER BY id"));
  }
}
