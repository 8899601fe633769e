package dev.cellar.examples;

import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The seed schemas of SEEDS.md §6 in relational form, created through SQL (DDL, then
 * INSERTs) in the database of a Cellar JDBC URL: {@code category}, {@code shop},
 * {@code item}, {@code shop_item}, {@code sale}, {@code users}, {@code user_fans} and
 * {@code files}. Column families follow the raw layouts ({@code info}, {@code fans},
 * {@code name}, ...); keys are the seeds' rowkeys as composite primary keys.
 *
 * <p>Beside them, the database gets each worked schema's raw wide-row layout ({@link WideRows}:
 * store tables written as the HBase shell writes them, with {@value #WIDE_ROWS} generated rows
 * each) and its {@code CREATE VIEW} mappings, named with the prefix {@value #WIDE_PREFIX}
 * ({@code wide_shop_item}, {@code wide_user_fans}, {@code "wide_files"}, ...) so that the
 * relational tables and the mapped layouts of one seed sit side by side.
 *
 * <p>Usage: {@code SeedSql [URL]} (default {@code jdbc:cellar:file:~/.cellar/demo-sql}). Tables,
 * store tables and views that already exist are left as they are, so running it again changes
 * nothing.
 */
public final class SeedSql {
  /** The database {@code cellar sql} opens when given no URL. */
  public static final String DEFAULT_URL = "jdbc:cellar:file:" + Paths.get(System.getProperty("user.home"), ".cellar", "demo-sql");

  /** The seed tables, in creation order (upper case, as unquoted SQL names are stored). */
  public static final List<String> TABLES =
      List.of("CATEGORY", "SHOP", "ITEM", "SHOP_ITEM", "SALE", "USERS", "USER_FANS", "FILES");

  /** Prefix of the names of the views that map the wide-row layouts. */
  public static final String WIDE_PREFIX = "wide_";

  /** Generated rows of each wide-row layout's main store table. */
  static final int WIDE_ROWS = 100;

  private SeedSql() {}

  /** Loads the seed tables into the database at the URL; a failure (a database locked by another process) is one line. */
  public static void main(String[] args) {
    String url = args.length > 0 ? args[0] : DEFAULT_URL;
    try (Connection c = DriverManager.getConnection(url)) {
      List<String> created = load(c);
      System.out.println(created.isEmpty() ? "Seed tables present in " + url
          : "Seed tables created in " + url + ": " + String.join(", ", created));
    } catch (SQLException e) {
      System.err.println("cellar: " + e.getMessage() + (e.getSQLState() == null ? "" : " (SQLState " + e.getSQLState() + ")"));
      System.exit(1);
    }
  }

  /**
   * Creates each seed table that does not exist yet in {@code c}'s database and fills it.
   *
   * @return the tables created
   */
  public static List<String> load(Connection c) throws SQLException {
    Set<String> existing = new HashSet<>();
    try (ResultSet rs = c.getMetaData().getTables(null, null, "%", null)) {
      while (rs.next()) {
        existing.add(rs.getString("TABLE_NAME"));
      }
    }
    List<String> created = new ArrayList<>();
    try (Statement s = c.createStatement()) {
      for (Table t : tables()) {
        if (existing.contains(t.name)) {
          continue;
        }
        s.execute(t.ddl);
        for (String insert : t.inserts) {
          s.executeUpdate(insert);
        }
        t.filler.fill(c);
        created.add(t.name);
      }
    }
    loadWideRows(c);
    return created;
  }

  /**
   * Writes each wide-row layout whose store tables are missing and maps it with its views,
   * renamed with {@link #WIDE_PREFIX}.
   *
   * @return the views as they were created
   */
  static List<String> loadWideRows(Connection c) throws SQLException {
    dev.cellar.storage.CellarStore store = dev.cellar.jdbc.CellarDriver.database(c).store();
    List<String> views = new ArrayList<>();
    try (Statement s = c.createStatement()) {
      for (WideRowSchema schema : WideRows.schemas()) {
        if (!store.admin().tableExists(schema.storeTables().get(0))) {
          schema.createRaw(store, WIDE_ROWS);
          for (String t : schema.storeTables()) {
            store.admin().flush(t);
          }
        }
        for (String ddl : schema.views()) {
          String view = wide(ddl);
          s.execute(view);
          views.add(view);
        }
      }
    }
    return views;
  }

  private static final java.util.regex.Pattern VIEW_NAME =
      java.util.regex.Pattern.compile("^CREATE VIEW IF NOT EXISTS (\"?)(\\w+)(\"?)");

  /** A schema's view DDL with the view named {@code wide_<name>}, its store table named explicitly. */
  static String wide(String ddl) {
    java.util.regex.Matcher m = VIEW_NAME.matcher(ddl);
    if (!m.find()) {
      throw new IllegalArgumentException("not a view of a wide-row layout: " + ddl);
    }
    String renamed = m.replaceFirst("CREATE VIEW IF NOT EXISTS $1" + WIDE_PREFIX + "$2$3");
    // a view without STORE_TABLE maps the store table of its own name, as written
    return ddl.contains("STORE_TABLE=") ? renamed : renamed + ", STORE_TABLE='" + m.group(2) + "'";
  }

  /** Rows a table gets beyond its literal INSERTs. */
  private interface Filler {
    void fill(Connection c) throws SQLException;
  }

  private record Table(String name, String ddl, List<String> inserts, Filler filler) {
    Table(String name, String ddl, List<String> inserts) {
      this(name, ddl, inserts, c -> {});
    }
  }

  private static void fillFiles(Connection c) throws SQLException {
    Object[][] files = {
      {1, "2012-09-02", 1, "中国好声音第1期", "综艺"},
      {1, "2012-09-04", 2, "中国好声音第2期", "综艺"},
      {1, "2012-09-06", 3, "中国好声音外卡赛", "综艺"},
      {1, "2012-09-08", 4, "中国好声音第3期", "综艺"},
      {1, "2012-09-10", 5, "中国好声音第4期", "综艺"},
      {2, "2012-09-12", 6, "中国好声音选手采访", "综艺花絮"},
      {1, "2012-09-14", 7, "中国好声音第5期", "综艺"},
      {2, "2012-09-16", 8, "中国好声音录制花絮", "综艺花絮"},
      {3, "2012-09-18", 9, "张玮独家专访", "花絮"},
      {4, "2012-09-20", 10, "加多宝凉茶广告", "综艺广告"},
    };
    try (PreparedStatement p = c.prepareStatement("INSERT INTO files VALUES (?, ?, ?, ?, ?)")) {
      for (Object[] f : files) {
        p.setInt(1, (Integer) f[0]);
        p.setDate(2, Date.valueOf((String) f[1]));
        p.setLong(3, (Integer) f[2]);
        p.setString(4, (String) f[3]);
        p.setString(5, (String) f[4]);
        p.executeUpdate();
      }
    }
  }

  private static List<Table> tables() {
    List<Table> t = new ArrayList<>();
    // Animal categories (001): the raw layout keeps name, every ancestor and the direct children
    // in families name, parent and child; relationally a parent link is enough.
    t.add(new Table("CATEGORY",
        "CREATE TABLE category (id INTEGER NOT NULL PRIMARY KEY, name.name VARCHAR NOT NULL, parent.parent_id INTEGER)",
        List.of("INSERT INTO category VALUES (1, 'animal', NULL), (2, 'pig', 1), (3, 'cat', 1), (4, 'monkey', 1), "
            + "(5, 'dog', 1), (6, 'tiger', 1), (7, 'red dog', 5), (8, 'black dog', 5), (9, 'tiger of northeast', 6)")));
    // Shops and items, N:M: the store keeps item:<item_id>=type in each shop row (and the
    // reverse in each item row); relationally that is the shop_item table.
    t.add(new Table("SHOP",
        "CREATE TABLE shop (id VARCHAR NOT NULL PRIMARY KEY, info.name VARCHAR, info.address VARCHAR, info.regdate DATE)",
        List.of("INSERT INTO shop VALUES ('S1', 'Corner Shop', '1 Main St', DATE '2012-09-01'), "
            + "('S2', 'Market Hall', '9 Quay Rd', DATE '2013-01-15')")));
    t.add(new Table("ITEM",
        "CREATE TABLE item (id VARCHAR NOT NULL PRIMARY KEY, info.name VARCHAR, info.price DECIMAL(10, 2), "
            + "info.details VARCHAR, info.title VARCHAR)",
        List.of("INSERT INTO item VALUES ('I42', 'kettle', 19.90, '1.7 l, 2200 W', 'Steel kettle'), "
            + "('I43', 'teapot', 12.50, '0.8 l', 'Clay teapot')")));
    t.add(new Table("SHOP_ITEM",
        "CREATE TABLE shop_item (shop_id VARCHAR NOT NULL, item_id VARCHAR NOT NULL, item.type VARCHAR, "
            + "CONSTRAINT pk PRIMARY KEY (shop_id, item_id))",
        List.of("INSERT INTO shop_item VALUES ('S1', 'I42', 'new'), ('S1', 'I43', 'sale'), ('S2', 'I42', 'used')")));
    // Sales (001): rowkey <user_id><Long.MAX_VALUE - time><product_id>, newest first per user:
    // the key is (user_id, sold_at DESC, product).
    StringBuilder sales = new StringBuilder("INSERT INTO sale VALUES ");
    String[] products = {"kettle", "teapot", "cups", "spoons", "tray"};
    LocalDateTime base = LocalDateTime.of(2012, 9, 1, 9, 30);
    for (int u = 1; u <= 3; u++) {
      for (int i = 0; i < 5; i++) {
        LocalDateTime time = base.plusDays(u * 7L + i).plusMinutes(37L * i);
        sales.append(u == 1 && i == 0 ? "" : ", ").append(String.format("('u%04d', TIMESTAMP '%s', '%s', %d)", u,
            time.format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")), products[(u + i) % products.length],
            1 + (u + i) % 3));
      }
    }
    t.add(new Table("SALE",
        "CREATE TABLE sale (user_id VARCHAR NOT NULL, sold_at TIMESTAMP NOT NULL, product VARCHAR NOT NULL, "
            + "name.quantity INTEGER, CONSTRAINT pk PRIMARY KEY (user_id, sold_at DESC, product)) name.VERSIONS=1, "
            + "name.COMPRESSION='SNAPPY'",
        List.of(sales.toString(), "CREATE INDEX sale_by_product ON sale (product) INCLUDE (quantity)")));
    // Users and fans (001), 1:N: fans:<user_id>=type in the user row; a fan is also a user.
    t.add(new Table("USERS",
        "CREATE TABLE users (id VARCHAR NOT NULL PRIMARY KEY, info.nickname VARCHAR, info.gender CHAR(1), "
            + "info.dob DATE, info.address VARCHAR)",
        List.of("INSERT INTO users VALUES ('U1', 'ann', 'f', DATE '1990-04-12', '1 Main St'), "
            + "('U2', 'bob', 'm', DATE '1985-11-03', '9 Quay Rd'), ('U3', 'cy', 'm', NULL, NULL)")));
    t.add(new Table("USER_FANS",
        "CREATE TABLE user_fans (user_id VARCHAR NOT NULL, fans_id VARCHAR NOT NULL, fans.type VARCHAR, "
            + "CONSTRAINT pk PRIMARY KEY (user_id, fans_id))",
        List.of("INSERT INTO user_fans VALUES ('U1', 'U2', 'friend'), ('U1', 'U3', 'follower'), ('U2', 'U1', 'friend')")));
    // Files (003): rowkey userID(6) + time(8) + fileID(6), so one user's files of a period are
    // one key range. Owners: 1 浙江卫视, 2 好声音剧组, 3 XX微博, 4 a sponsor. The names are
    // bound as parameters: Calcite reads unprefixed SQL literals as ISO-8859-1.
    t.add(new Table("FILES",
        "CREATE TABLE files (user_id INTEGER NOT NULL, create_time DATE NOT NULL, id BIGINT NOT NULL, "
            + "f.name VARCHAR, f.category VARCHAR, CONSTRAINT pk PRIMARY KEY (user_id, create_time, id))",
        List.of(), SeedSql::fillFiles));
    return t;
  }
}
