package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The schema guides' advice as warnings of DDL: the seeds' recommended designs give none, their
 * counter-examples exactly the rules they break, each warning naming the table, the columns or
 * family, and a fix.
 */
class SchemaAdviceTest extends FreshDatabaseTest {
  /** The warnings {@code sql} gives, one line each. */
  private List<String> warnings(String sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(sql);
      List<String> out = new ArrayList<>();
      for (SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) {
        assertEquals("01000", w.getSQLState(), w.getMessage());
        out.add(w.getMessage());
      }
      return out;
    }
  }

  /** The rules of the warnings {@code sql} gives. */
  private List<String> rules(String sql) throws SQLException {
    List<String> rules = new ArrayList<>();
    for (String w : warnings(sql)) {
      rules.add(w.substring(0, w.indexOf(' ')));
    }
    return rules;
  }

  @Test
  void theSeedsRecommendedSchemasGiveNoWarnings() throws Exception {
    String[] seeds = {
        "CREATE TABLE category (id INTEGER NOT NULL PRIMARY KEY, name.name VARCHAR NOT NULL, parent.parent_id INTEGER)",
        "CREATE TABLE shop (id VARCHAR NOT NULL PRIMARY KEY, info.name VARCHAR, info.address VARCHAR, info.regdate DATE)",
        "CREATE TABLE item (id VARCHAR NOT NULL PRIMARY KEY, info.name VARCHAR, info.price DECIMAL(10, 2), "
            + "info.details VARCHAR, info.title VARCHAR)",
        "CREATE TABLE shop_item (shop_id VARCHAR NOT NULL, item_id VARCHAR NOT NULL, item.type VARCHAR, "
            + "CONSTRAINT pk PRIMARY KEY (shop_id, item_id))",
        "CREATE TABLE sale (user_id VARCHAR NOT NULL, sold_at TIMESTAMP NOT NULL, product VARCHAR NOT NULL, "
            + "name.quantity INTEGER, CONSTRAINT pk PRIMARY KEY (user_id, sold_at DESC, product)) name.VERSIONS=1",
        "CREATE INDEX sale_by_product ON sale (product) INCLUDE (quantity)",
        "CREATE TABLE users (id VARCHAR NOT NULL PRIMARY KEY, info.nickname VARCHAR, info.gender CHAR(1), "
            + "info.dob DATE, info.address VARCHAR)",
        "CREATE TABLE user_fans (user_id VARCHAR NOT NULL, fans_id VARCHAR NOT NULL, fans.type VARCHAR, "
            + "CONSTRAINT pk PRIMARY KEY (user_id, fans_id))",
        "CREATE TABLE files (user_id INTEGER NOT NULL, create_time DATE NOT NULL, id BIGINT NOT NULL, "
            + "f.name VARCHAR, f.category VARCHAR, CONSTRAINT pk PRIMARY KEY (user_id, create_time, id))",
        // salting is the seeds' remedy for a key that starts with a time
        "CREATE TABLE events (created_time BIGINT NOT NULL PRIMARY KEY, v VARCHAR) SALT_BUCKETS=4",
        // hexadecimal keys split over the values they take
        "CREATE TABLE hashed (k VARCHAR PRIMARY KEY, v VARCHAR) SPLIT ON ('2', '4', '6', '8', 'a', 'c', 'e')",
    };
    for (String ddl : seeds) {
      assertEquals(List.of(), warnings(ddl), ddl);
    }
    // with their statistics: a category tree, every category named and all but the root with a parent
    try (PreparedStatement p = c.prepareStatement("UPSERT INTO category VALUES (?, ?, ?)")) {
      for (int i = 0; i < 12_000; i++) {
        p.setInt(1, i);
        p.setString(2, "category " + i);
        p.setObject(3, i == 0 ? null : (i - 1) / 10);
        p.addBatch();
      }
      p.executeBatch();
    }
    for (String t : List.of("category", "shop", "item", "shop_item", "sale", "users", "user_fans", "files", "events",
        "hashed")) {
      run(c, "UPDATE STATISTICS " + t);
    }
    Sql.assertRows(c, "SELECT table_name, rule, subject FROM CELLAR.ADVICE");
  }

  @Test
  void theSeedsCounterExamplesGiveExactlyTheirRules() throws Exception {
    assertEquals(List.of("MONOTONIC_KEY"), rules("CREATE TABLE ev (ts TIMESTAMP NOT NULL PRIMARY KEY, v VARCHAR)"));
    assertEquals(List.of("MONOTONIC_KEY"), rules("CREATE TABLE ev2 (create_time BIGINT NOT NULL, id BIGINT NOT NULL, "
        + "v VARCHAR CONSTRAINT pk PRIMARY KEY (create_time, id))"));
    assertEquals(List.of("EMPTY_SPLITS"), rules("CREATE TABLE hx (k VARCHAR PRIMARY KEY, v VARCHAR) "
        + "SPLIT ON ('3333', '6666', '9999', 'CCCC', 'ffff')"));
    assertEquals(List.of("MANY_FAMILIES", "LONG_FAMILY_NAME"), rules("CREATE TABLE fam (id INTEGER PRIMARY KEY, "
        + "a.x INTEGER, b.y INTEGER, c.z INTEGER, statistics.w INTEGER)"));
    assertEquals(List.of("MANY_VERSIONS", "MIN_VERSIONS_WITHOUT_TTL"), rules("CREATE TABLE ver (id INTEGER "
        + "PRIMARY KEY, a.x INTEGER, b.y INTEGER) a.VERSIONS=500, b.VERSIONS=3, b.MIN_VERSIONS=2"));
    assertEquals(List.of("LONG_KEY"), rules("CREATE TABLE longk (a CHAR(60) NOT NULL, b CHAR(60) NOT NULL, "
        + "CONSTRAINT pk PRIMARY KEY (a, b))"));
    assertEquals(List.of("UNPAGED_DYNAMIC_FAMILY"), rules("CREATE TABLE m (id INTEGER PRIMARY KEY, "
        + "tags MAP<VARCHAR, VARCHAR>)"));
  }

  @Test
  void aWarningNamesTheRuleTheTableTheColumnsAndAFix() throws Exception {
    List<String> w = warnings("CREATE TABLE ev (ts TIMESTAMP NOT NULL PRIMARY KEY, v VARCHAR)");
    assertEquals(1, w.size());
    String m = w.get(0);
    assertTrue(m.startsWith("MONOTONIC_KEY on PUBLIC.EV (TS): "), m);
    assertTrue(m.contains("fix: ") && m.contains("SALT_BUCKETS"), m);
  }

  @Test
  void theAdviceSystemTableReviewsEveryTable() throws Exception {
    run(c, "CREATE TABLE ev (ts TIMESTAMP NOT NULL PRIMARY KEY, v VARCHAR)",
        "CREATE TABLE good (user_id VARCHAR NOT NULL, ts TIMESTAMP NOT NULL, v VARCHAR CONSTRAINT pk PRIMARY KEY (user_id, ts))",
        "CREATE TABLE m (id INTEGER PRIMARY KEY, tags MAP<VARCHAR, VARCHAR>)");
    Sql.assertRows(c, "SELECT table_name, rule, subject FROM CELLAR.ADVICE ORDER BY table_name",
        "PUBLIC.EV, MONOTONIC_KEY, TS", "PUBLIC.M, UNPAGED_DYNAMIC_FAMILY, TAGS");
  }

  @Test
  void anIndexKeepingEntriesLongerThanItsTableIsReported() throws Exception {
    run(c, "CREATE TABLE t (id INTEGER PRIMARY KEY, v VARCHAR) TTL=86400");
    // indexes made by Cellar keep their entries as long as the rows, through ALTER TABLE too
    assertEquals(List.of(), rules("CREATE INDEX ix ON t (v)"));
    assertEquals(List.of(), rules("CREATE LOCAL INDEX lx ON t (v)"));
    assertEquals(List.of(), rules("ALTER TABLE t SET TTL=3600"));
    Sql.assertRows(c, "SELECT rule FROM CELLAR.ADVICE WHERE table_name = 'PUBLIC.T'");
    // an index family changed by other means
    dev.cellar.storage.Admin admin = c.unwrap(org.apache.calcite.jdbc.CalciteConnection.class).getRootSchema()
        .getSubSchema("PUBLIC").unwrap(dev.cellar.sql.schema.CellarSchema.class).session().database().store().admin();
    admin.modifyFamily("_cellar_index.T.IX", admin.describe("_cellar_index.T.IX").family("0").toBuilder()
        .ttlSeconds(dev.cellar.storage.ColumnFamilyDescriptor.FOREVER).build());
    admin.modifyFamily("T", admin.describe("T").family("_i.LX").toBuilder().ttlSeconds(60).build());
    Sql.assertRows(c, "SELECT rule, subject FROM CELLAR.ADVICE WHERE table_name = 'PUBLIC.T' ORDER BY subject",
        "INDEX_TTL_DIFFERS, IX", "INDEX_TTL_DIFFERS, LX");
    String why = Sql.strings(c, "SELECT problem FROM CELLAR.ADVICE WHERE subject = 'IX'").get(0);
    assertTrue(why.contains("forever") && why.contains("3600 s"), why);
  }

  @Test
  void warningsBelongToTheLastExecutionAndPreparedStatementsGiveThemToo() throws Exception {
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE ev (ts TIMESTAMP NOT NULL PRIMARY KEY, v VARCHAR)");
      assertTrue(s.getWarnings() != null);
      s.execute("SELECT * FROM ev");
      assertNull(s.getWarnings());
      s.execute("CREATE TABLE ev2 (ts TIMESTAMP NOT NULL PRIMARY KEY, v VARCHAR)");
      s.clearWarnings();
      assertNull(s.getWarnings());
    }
    try (PreparedStatement p = c.prepareStatement("CREATE TABLE ev3 (ts DATE NOT NULL PRIMARY KEY, v VARCHAR)")) {
      p.execute();
      assertTrue(p.getWarnings().getMessage().startsWith("MONOTONIC_KEY on PUBLIC.EV3"), p.getWarnings().getMessage());
    }
  }
}
