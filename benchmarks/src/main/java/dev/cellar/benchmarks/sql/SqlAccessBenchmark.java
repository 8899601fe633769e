package dev.cellar.benchmarks.sql;

import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.codec.RowKeyCodec;
import dev.cellar.sql.exec.TableMapping;
import dev.cellar.storage.Get;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.embedded.StoreOptions;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The access paths of the Sales schema (SEEDS.md §6) through SQL, on Cellar and on SQLite, and
 * the storage reads an expert would write by hand for the same questions. One client thread;
 * every SQL benchmark reuses one {@link PreparedStatement} per query and reads every column
 * it selects.
 *
 * <ul>
 *   <li>{@link #pointSelect}: {@value #POINT} with a random existing full key;</li>
 *   <li>{@link #latest10}: {@value #LATEST}, a random user's ten most recent purchases
 *       (ascending rtime is newest first);</li>
 *   <li>{@link #countSum}: {@value #AGGREGATE}; the {@code rows} counter is the rows/s figure;</li>
 *   <li>{@link #engineGet}: {@code Table.get} of the same keys as the point select, built by
 *       the table's own {@link RowKeyCodec} from the same probe values;</li>
 *   <li>{@link #enginePrefixScan10}: a storage prefix scan of the same users' key prefix with
 *       limit 10.</li>
 * </ul>
 *
 * <p>The SQL benchmarks run per {@code engine} ({@code cellar}, {@code sqlite}); the engine
 * baselines read the Cellar database the SQL benchmarks read. Data: {@link SaleData}, loaded
 * once per row count by {@link SaleDatabases}. Scores are operations per second; a full-scan
 * select on a large table takes a good part of a second, so JMH's time-bounded iterations stay
 * short, they just hold few operations.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", SqlAccessBenchmark.QUIET_LOG})
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 5)
public class SqlAccessBenchmark {
  /** JVM option that keeps the engine's INFO logging out of the benchmark output. */
  static final String QUIET_LOG = "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn";

  static final String POINT = "SELECT price, qty FROM sale WHERE user_id=? AND rtime=? AND product_id=?";
  static final String LATEST = "SELECT product_id, price FROM sale WHERE user_id=? ORDER BY rtime LIMIT 10";
  static final String AGGREGATE = "SELECT COUNT(*), SUM(price) FROM sale";
  /**
   * SQLite's page cache, KiB: larger than its database file, as Cellar's block cache is larger
   * than its table. {@code -Dcellar.bench.sqliteCacheKiB=N} (through {@code -jvmArgsAppend})
   * sets another size; a negative N leaves SQLite's default (2,000 KiB).
   */
  static final int SQLITE_CACHE_KIB = Integer.getInteger("cellar.bench.sqliteCacheKiB", 512 * 1024);
  private static final int PROBES = 1 << 16;

  /** The rows and the probe sequences, the same for every engine. */
  @State(Scope.Benchmark)
  public static class Data {
    /** Rows of the table; a multiple of 100 ({@link SaleData#PURCHASES_PER_USER}). */
    @Param({"1000000"})
    public int rows;

    SaleData sale;
    String[] probeUser;
    long[] probeRtime;
    String[] probeProduct;
    BigDecimal[] probePrice;
    int[] probeQty;
    int[] probeUserNo;
    String[] probeUserId;

    @Setup(Level.Trial)
    public void setup() {
      sale = SaleData.of(rows);
      int[] r = sale.randomRows(PROBES);
      probeUser = new String[PROBES];
      probeRtime = new long[PROBES];
      probeProduct = new String[PROBES];
      probePrice = new BigDecimal[PROBES];
      probeQty = new int[PROBES];
      for (int k = 0; k < PROBES; k++) {
        probeUser[k] = sale.userOf(r[k]);
        probeRtime[k] = sale.rtime[r[k]];
        probeProduct[k] = sale.productOf(r[k]);
        probePrice[k] = sale.priceOf(r[k]);
        probeQty[k] = sale.qty[r[k]];
      }
      probeUserNo = sale.randomUsers(PROBES);
      probeUserId = new String[PROBES];
      for (int k = 0; k < PROBES; k++) {
        probeUserId[k] = SaleData.userId(probeUserNo[k]);
      }
    }
  }

  /** The client thread's positions in the probe sequences. */
  @State(Scope.Thread)
  public static class Cursor {
    int key;
    int user;

    int nextKey() {
      int k = key;
      key = (k + 1) & (PROBES - 1);
      return k;
    }

    int nextUser() {
      int k = user;
      user = (k + 1) & (PROBES - 1);
      return k;
    }
  }

  /** A JDBC connection to the engine's copy of the table and the three prepared queries. */
  @State(Scope.Thread)
  public static class Sql {
    @Param({"cellar", "sqlite"})
    public String engine;

    Connection conn;
    PreparedStatement point;
    PreparedStatement latest;
    PreparedStatement aggregate;

    @Setup(Level.Trial)
    public void setup(Data d) throws SQLException {
      switch (engine) {
        case "cellar" -> conn = DriverManager.getConnection(SaleDatabases.cellarUrl(d.rows));
        case "sqlite" -> {
          conn = DriverManager.getConnection(SaleDatabases.sqliteUrl(d.rows));
          if (SQLITE_CACHE_KIB >= 0) {
            try (Statement s = conn.createStatement()) {
              s.execute("PRAGMA cache_size=-" + SQLITE_CACHE_KIB);
            }
          }
        }
        default -> throw new IllegalArgumentException("engine must be cellar or sqlite, got " + engine);
      }
      point = conn.prepareStatement(POINT);
      latest = conn.prepareStatement(LATEST);
      aggregate = conn.prepareStatement(AGGREGATE);
      check(d);
    }

    /** Each query once against the expected rows, before anything is timed. */
    private void check(Data d) throws SQLException {
      for (int k = 0; k < 3; k++) {
        bindPoint(point, d, k);
        try (ResultSet rs = point.executeQuery()) {
          if (!rs.next() || rs.getBigDecimal(1).compareTo(d.probePrice[k]) != 0 || rs.getInt(2) != d.probeQty[k]
              || rs.next()) {
            throw new IllegalStateException(engine + ": point select of probe " + k + " is wrong");
          }
        }
        latest.setString(1, d.probeUserId[k]);
        List<String> got = new ArrayList<>();
        try (ResultSet rs = latest.executeQuery()) {
          while (rs.next()) {
            got.add(rs.getString(1));
          }
        }
        List<String> want = new ArrayList<>();
        for (int i : d.sale.latest(d.probeUserNo[k], 10)) {
          want.add(d.sale.productOf(i));
        }
        if (!got.equals(want)) {
          throw new IllegalStateException(engine + ": latest 10 of " + d.probeUserId[k] + " are " + got + ", not " + want);
        }
      }
      try (ResultSet rs = aggregate.executeQuery()) {
        rs.next();
        // SQLite sums DECIMAL as floating point: compare to the cent
        if (rs.getLong(1) != d.rows || rs.getBigDecimal(2).subtract(d.sale.totalPrice()).abs().compareTo(BigDecimal.ONE) > 0) {
          throw new IllegalStateException(engine + ": count and sum are " + rs.getLong(1) + ", " + rs.getBigDecimal(2)
              + ", not " + d.rows + ", " + d.sale.totalPrice());
        }
      }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws SQLException {
      conn.close();
    }
  }

  /** The storage table under the Cellar database, read through the storage API. */
  @State(Scope.Benchmark)
  public static class Storage {
    EmbeddedStore store;
    Table table;
    RowKeyCodec codec;
    TableMapping mapping;
    byte[] family;

    @Setup(Level.Trial)
    public void setup(Data d) {
      Path dir = SaleDatabases.cellar(d.rows);
      store = EmbeddedStore.open(StoreOptions.builder(dir).build());
      TableDef def = Catalog.open(store).snapshot().table(SaleData.TABLE);
      mapping = new TableMapping(def);
      codec = mapping.keyCodec();
      byte[][] families = mapping.families();
      if (families.length != 1) {
        throw new IllegalStateException("expected one family, the table has " + families.length);
      }
      family = families[0];
      table = store.table(def.storageName());
      check(d);
    }

    private void check(Data d) {
      for (int k = 0; k < 3; k++) {
        Object[] row = mapping.decode(get(this, d, k));
        if (!d.probeProduct[k].equals(row[2]) || ((BigDecimal) row[3]).compareTo(d.probePrice[k]) != 0) {
          throw new IllegalStateException("engine get of probe " + k + " reads " + java.util.Arrays.toString(row));
        }
        List<Object> got = new ArrayList<>();
        try (ResultScanner sc = table.scanner(prefixScan(this, d, k))) {
          for (Result r : sc) {
            got.add(mapping.decode(r)[2]);
          }
        }
        List<Object> want = new ArrayList<>();
        for (int i : d.sale.latest(d.probeUserNo[k], 10)) {
          want.add(d.sale.productOf(i));
        }
        if (!got.equals(want)) {
          throw new IllegalStateException("engine prefix scan of " + d.probeUserId[k] + " reads " + got + ", not " + want);
        }
      }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      store.close();
    }
  }

  /** Rows the aggregate went through: JMH reports the counter per second, i.e. rows/s. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class RowsRead {
    public long rows;

    @Setup(Level.Iteration)
    public void reset() {
      rows = 0;
    }
  }

  static void bindPoint(PreparedStatement p, Data d, int k) throws SQLException {
    p.setString(1, d.probeUser[k]);
    p.setLong(2, d.probeRtime[k]);
    p.setString(3, d.probeProduct[k]);
  }

  static Result get(Storage s, Data d, int k) {
    byte[] key = s.codec.encode(new Object[] {d.probeUser[k], d.probeRtime[k], d.probeProduct[k]});
    return s.table.get(new Get(key).addFamily(s.family));
  }

  static Scan prefixScan(Storage s, Data d, int k) {
    byte[] prefix = s.codec.encodePrefix(new Object[] {d.probeUserId[k]});
    return new Scan().setRowPrefix(prefix).setLimit(10).addFamily(s.family);
  }

  /** (a) One row by its full primary key. */
  @Benchmark
  public void pointSelect(Sql s, Data d, Cursor c, Blackhole bh) throws SQLException {
    int k = c.nextKey();
    bindPoint(s.point, d, k);
    try (ResultSet rs = s.point.executeQuery()) {
      if (!rs.next()) {
        throw new IllegalStateException("probe " + k + " not found");
      }
      bh.consume(rs.getBigDecimal(1));
      bh.consume(rs.getInt(2));
    }
  }

  /** (b) A user's ten most recent purchases, newest first. */
  @Benchmark
  public int latest10(Sql s, Data d, Cursor c, Blackhole bh) throws SQLException {
    s.latest.setString(1, d.probeUserId[c.nextUser()]);
    int n = 0;
    try (ResultSet rs = s.latest.executeQuery()) {
      while (rs.next()) {
        bh.consume(rs.getString(1));
        bh.consume(rs.getBigDecimal(2));
        n++;
      }
    }
    return n;
  }

  /** (c) Count and sum over the whole table; {@code rows} counts the rows aggregated. */
  @Benchmark
  public BigDecimal countSum(Sql s, RowsRead r) throws SQLException {
    try (ResultSet rs = s.aggregate.executeQuery()) {
      rs.next();
      r.rows += rs.getLong(1);
      return rs.getBigDecimal(2);
    }
  }

  /** (d) Baseline of (a): the storage get of the same row. */
  @Benchmark
  public Result engineGet(Storage s, Data d, Cursor c) {
    return get(s, d, c.nextKey());
  }

  /** (e) Baseline of (b): the storage prefix scan of the same user, limit 10. */
  @Benchmark
  public int enginePrefixScan10(Storage s, Data d, Cursor c, Blackhole bh) {
    int n = 0;
    try (ResultScanner sc = s.table.scanner(prefixScan(s, d, c.nextUser()))) {
      for (Result r : sc) {
        bh.consume(r);
        n++;
      }
    }
    return n;
  }
}
