package dev.cellar.benchmarks.sql;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The rows of the {@code sale} table of SEEDS.md §6 (Sales) that the SQL benchmarks load and
 * query: {@code users} users with {@link #PURCHASES_PER_USER} purchases each, drawn from a fixed
 * seed, so every run (and every engine) sees the same rows.
 *
 * <p>Row {@code i} is purchase {@code i % 100} of user {@code i / 100}: user id
 * {@code u0000042}, a purchase time spread over one year (distinct within a user) stored as
 * {@code rtime = Long.MAX_VALUE - millis} so that ascending rtime is newest first, a product id
 * {@code p01234} out of 100,000 products, a price 0.01–999.99 and a quantity 1–10. Rows are
 * held in generation order (users ascending, purchases in random time order).
 */
final class SaleData {
  /** Regions the Cellar table is split into when created, as an HBase user pre-splits a table. */
  static final int REGIONS = 8;

  /**
   * The DDL of the table on Cellar for {@code rows} rows; non-key columns land in the default
   * family, and the table is pre-split into {@link #REGIONS} regions of as many users each.
   */
  static String cellarDdl(int rows) {
    int users = Math.max(1, rows / PURCHASES_PER_USER);
    StringBuilder splits = new StringBuilder();
    for (int i = 1; i < REGIONS && users >= REGIONS; i++) {
      splits.append(i > 1 ? ", " : "").append('\'').append(userId(i * users / REGIONS)).append('\'');
    }
    return "CREATE TABLE sale (user_id VARCHAR NOT NULL, rtime BIGINT NOT NULL, "
        + "product_id VARCHAR NOT NULL, price DECIMAL(10,2), qty INTEGER, "
        + "CONSTRAINT pk PRIMARY KEY (user_id, rtime, product_id))"
        + (splits.length() > 0 ? " SPLIT ON (" + splits + ")" : "");
  }
  /** The same table on SQLite: a clustered primary key, as Cellar's rowkey. */
  static final String SQLITE_DDL = "CREATE TABLE sale (user_id TEXT NOT NULL, rtime INTEGER NOT NULL, "
      + "product_id TEXT NOT NULL, price DECIMAL(10,2), qty INTEGER, "
      + "PRIMARY KEY (user_id, rtime, product_id)) WITHOUT ROWID";
  /** The SQL name of the table. */
  static final String TABLE = "SALE";

  static final int PURCHASES_PER_USER = 100;
  static final int PRODUCTS = 100_000;
  /** 2024-01-01T00:00:00Z; purchase times fall in the year after it. */
  static final long START_MILLIS = 1_704_067_200_000L;
  static final long YEAR_MILLIS = 366L * 24 * 3600 * 1000;
  private static final long SEED = 0x5a1e5eedL;

  final int rows;
  final int users;
  final long[] rtime;
  final int[] product;
  final int[] priceCents;
  final int[] qty;
  final long totalCents;

  private SaleData(int rows) {
    if (rows <= 0 || rows % PURCHASES_PER_USER != 0) {
      throw new IllegalArgumentException("rows must be a positive multiple of " + PURCHASES_PER_USER + ", got " + rows);
    }
    this.rows = rows;
    this.users = rows / PURCHASES_PER_USER;
    this.rtime = new long[rows];
    this.product = new int[rows];
    this.priceCents = new int[rows];
    this.qty = new int[rows];
    SplittableRandom r = new SplittableRandom(SEED);
    long total = 0;
    Set<Long> times = new HashSet<>();
    for (int u = 0; u < users; u++) {
      times.clear();
      for (int j = 0; j < PURCHASES_PER_USER; j++) {
        int i = u * PURCHASES_PER_USER + j;
        long millis;
        do {
          millis = START_MILLIS + r.nextLong(YEAR_MILLIS);
        } while (!times.add(millis));
        rtime[i] = Long.MAX_VALUE - millis;
        product[i] = r.nextInt(PRODUCTS);
        priceCents[i] = 1 + r.nextInt(99_999);
        qty[i] = 1 + r.nextInt(10);
        total += priceCents[i];
      }
    }
    this.totalCents = total;
  }

  /** The rows of a table of {@code rows} rows (a multiple of {@value #PURCHASES_PER_USER}). */
  static SaleData of(int rows) {
    return new SaleData(rows);
  }

  /**
   * {@code prefix} and {@code n} in decimal, zero-padded to {@code width} digits: what
   * {@code String.format("u%07d", n)} gives for n >= 0, without the formatter's cost (it took a
   * third of the loading thread's time, the same for every engine measured).
   */
  static String zeroPadded(String prefix, int n, int width) {
    String digits = Integer.toString(n);
    StringBuilder b = new StringBuilder(prefix.length() + Math.max(width, digits.length())).append(prefix);
    for (int i = digits.length(); i < width; i++) {
      b.append('0');
    }
    return b.append(digits).toString();
  }

  /** The id of user {@code u}. */
  static String userId(int u) {
    return zeroPadded("u", u, 7);
  }

  /** The id of product {@code p}. */
  static String productId(int p) {
    return zeroPadded("p", p, 5);
  }

  String userOf(int i) {
    return userId(i / PURCHASES_PER_USER);
  }

  String productOf(int i) {
    return productId(product[i]);
  }

  BigDecimal priceOf(int i) {
    return BigDecimal.valueOf(priceCents[i], 2);
  }

  /** The sum of every price. */
  BigDecimal totalPrice() {
    return BigDecimal.valueOf(totalCents, 2);
  }

  /**
   * The rows of user {@code u}'s {@code n} most recent purchases, newest first: what
   * {@code ORDER BY rtime LIMIT n} returns (rtimes are distinct within a user).
   */
  int[] latest(int u, int n) {
    int base = u * PURCHASES_PER_USER;
    Integer[] order = new Integer[PURCHASES_PER_USER];
    for (int j = 0; j < order.length; j++) {
      order[j] = base + j;
    }
    Arrays.sort(order, (a, b) -> Long.compare(rtime[a], rtime[b]));
    int[] out = new int[Math.min(n, order.length)];
    for (int k = 0; k < out.length; k++) {
      out[k] = order[k];
    }
    return out;
  }

  /** {@code count} row numbers drawn uniformly from a fixed seed: the probe sequence of the point reads. */
  int[] randomRows(int count) {
    SplittableRandom r = new SplittableRandom(SEED + 1);
    int[] out = new int[count];
    for (int k = 0; k < count; k++) {
      out[k] = r.nextInt(rows);
    }
    return out;
  }

  /** {@code count} user numbers drawn uniformly from a fixed seed: the probe sequence of the per-user reads. */
  int[] randomUsers(int count) {
    SplittableRandom r = new SplittableRandom(SEED + 2);
    int[] out = new int[count];
    for (int k = 0; k < count; k++) {
      out[k] = r.nextInt(users);
    }
    return out;
  }
}
