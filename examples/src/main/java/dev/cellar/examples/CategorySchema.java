package dev.cellar.examples;

import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Put;
import java.util.List;
import java.util.Random;

/**
 * Animal categories (SEEDS.md §6.1): table {@code category}, rowkey {@code <id>} as text,
 * {@code name:name=<name>}, {@code parent:<id>=<name>} for every ancestor and
 * {@code child:<id>=<name>} for each direct child. Every ancestor of a category is one row's
 * {@code parent} family: one {@code GET}.
 */
final class CategorySchema extends WideRowSchema {
  /** The seed tree (001): id, name, direct parent (0 for the root). */
  private static final Object[][] SEED = {
    {1, "animal", 0}, {2, "pig", 1}, {3, "cat", 1}, {4, "monkey", 1}, {5, "dog", 1}, {6, "tiger", 1},
    {7, "red dog", 5}, {8, "black dog", 5}, {9, "tiger of northeast", 6},
  };

  @Override
  String name() {
    return "category";
  }

  @Override
  List<String> storeTables() {
    return List.of("category");
  }

  @Override
  void createRaw(CellarStore store, int rows) {
    int n = Math.max(rows, SEED.length);
    int[] parent = new int[n + 1];
    String[] names = new String[n + 1];
    Random random = new Random(1);
    for (int id = 1; id <= n; id++) {
      if (id <= SEED.length) {
        names[id] = (String) SEED[id - 1][1];
        parent[id] = (Integer) SEED[id - 1][2];
      } else {
        // generated categories hang below the seed ones, never above them
        parent[id] = 1 + random.nextInt(id - 1);
        names[id] = "category " + id;
      }
    }
    try (Writer w = new Writer(createTable(store, "category", "name", "parent", "child"))) {
      for (int id = 1; id <= n; id++) {
        Put p = new Put(Integer.toString(id)).addColumn("name", "name", names[id]);
        for (int a = parent[id]; a != 0; a = parent[a]) {
          p.addColumn("parent", Integer.toString(a), names[a]);
        }
        w.put(p);
        if (parent[id] != 0) {
          w.put(Integer.toString(parent[id]), "child", Integer.toString(id), names[id]);
        }
      }
    }
  }

  @Override
  List<String> sampleRows() {
    return List.of("7");
  }

  @Override
  List<String> views() {
    return List.of(
        "CREATE VIEW IF NOT EXISTS category (id INTEGER NOT NULL PRIMARY KEY, \"name\".\"name\" VARCHAR)\n"
            + "STORE_TABLE='category', KEY_FORMAT='FIXED', VALUE_FORMAT='STRING'",
        "CREATE VIEW IF NOT EXISTS category_parent (id INTEGER NOT NULL, parent_id INTEGER NOT NULL,"
            + " parent_name VARCHAR,\n  CONSTRAINT pk PRIMARY KEY (id, parent_id))\n"
            + "STORE_TABLE='category', DYNAMIC_FAMILY='parent', KEY_FORMAT='FIXED', VALUE_FORMAT='STRING'",
        "CREATE VIEW IF NOT EXISTS category_child (id INTEGER NOT NULL, child_id INTEGER NOT NULL,"
            + " child_name VARCHAR,\n  CONSTRAINT pk PRIMARY KEY (id, child_id))\n"
            + "STORE_TABLE='category', DYNAMIC_FAMILY='child', KEY_FORMAT='FIXED', VALUE_FORMAT='STRING'");
  }

  @Override
  List<Query> queries() {
    return List.of(
        new Query("Every ancestor of 'red dog' (id 7) from one row",
            "SELECT parent_id, parent_name FROM category_parent WHERE id = 7 ORDER BY parent_id"),
        new Query("The direct children of 'dog' (id 5) with their own names",
            "SELECT ch.child_id, c.\"name\" FROM category_child ch JOIN category c ON c.id = ch.child_id\n"
                + "WHERE ch.id = 5 ORDER BY ch.child_id LIMIT 10"));
  }
}
