package dev.cellar.examples;

import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Put;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Users and fans, 1:N (SEEDS.md §6.4): table {@code user}, rowkey {@code <user_id>},
 * {@code info:nickname}, {@code info:gender}, {@code info:dob}, {@code info:address} and
 * {@code fans:<user_id>=<type>}; a fan is also a user. {@code user_fans} is the {@code fans}
 * family read one cell a row.
 */
final class FansSchema extends WideRowSchema {
  private static final String[] TYPES = {"friend", "follower"};

  @Override
  String name() {
    return "fans";
  }

  @Override
  List<String> storeTables() {
    return List.of("user");
  }

  private static Put user(String id, String nickname, String gender, String dob, String address) {
    return new Put(id).addColumn("info", "nickname", nickname).addColumn("info", "gender", gender)
        .addColumn("info", "dob", dob).addColumn("info", "address", address);
  }

  @Override
  void createRaw(CellarStore store, int rows) {
    try (Writer w = new Writer(createTable(store, "user", "info", "fans"))) {
      w.put(user("U1", "ann", "f", "1990-04-12", "1 Main St").addColumn("fans", "U2", "friend")
          .addColumn("fans", "U3", "follower").addColumn("fans", "U4", "friend"));
      w.put(user("U2", "bob", "m", "1985-11-03", "9 Quay Rd").addColumn("fans", "U1", "friend")
          .addColumn("fans", "U3", "friend").addColumn("fans", "U4", "follower"));
      w.put(user("U3", "cy", "m", "2001-02-28", "3 Elm Rd").addColumn("fans", "U1", "follower"));
      w.put(user("U4", "dee", "f", "1979-07-30", "4 Oak Av"));
      // generated users U5.. have up to 8 fans among the other generated users
      Random random = new Random(4);
      for (int u = 5; u <= rows; u++) {
        Put p = user("U" + u, "user" + u, u % 2 == 0 ? "f" : "m",
            String.format("19%02d-%02d-%02d", 50 + u % 50, 1 + u % 12, 1 + u % 28), u + " Park Ln");
        Set<Integer> fans = new HashSet<>();
        int n = rows > 5 ? random.nextInt(9) : 0;
        for (int i = 0; i < n; i++) {
          int fan = 5 + random.nextInt(rows - 4);
          if (fan != u && fans.add(fan)) {
            p.addColumn("fans", "U" + fan, TYPES[random.nextInt(TYPES.length)]);
          }
        }
        w.put(p);
      }
    }
  }

  @Override
  List<String> sampleRows() {
    return List.of("U1");
  }

  @Override
  List<String> views() {
    return List.of(
        "CREATE VIEW IF NOT EXISTS users (id VARCHAR NOT NULL PRIMARY KEY,\n"
            + "  \"info\".\"nickname\" VARCHAR, \"info\".\"gender\" CHAR(1), \"info\".\"dob\" DATE,"
            + " \"info\".\"address\" VARCHAR)\n"
            + "STORE_TABLE='user', VALUE_FORMAT='STRING'",
        "CREATE VIEW IF NOT EXISTS user_fans (user_id VARCHAR NOT NULL, fans_id VARCHAR NOT NULL, type VARCHAR,\n"
            + "  CONSTRAINT pk PRIMARY KEY (user_id, fans_id))\n"
            + "STORE_TABLE='user', DYNAMIC_FAMILY='fans', VALUE_FORMAT='STRING'");
  }

  @Override
  List<Query> queries() {
    return List.of(
        new Query("Mutual fans of users U1 and U2: two rows read, one join",
            "SELECT a.fans_id, u.\"nickname\", a.type AS of_u1, b.type AS of_u2\n"
                + "FROM user_fans a JOIN user_fans b ON b.fans_id = a.fans_id JOIN users u ON u.id = a.fans_id\n"
                + "WHERE a.user_id = 'U1' AND b.user_id = 'U2' ORDER BY a.fans_id"),
        new Query("The fans of user U1 with their nicknames",
            "SELECT f.fans_id, u.\"nickname\", f.type FROM user_fans f JOIN users u ON u.id = f.fans_id\n"
                + "WHERE f.user_id = 'U1' ORDER BY f.fans_id"));
  }
}
