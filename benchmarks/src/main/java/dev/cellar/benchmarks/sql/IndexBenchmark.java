package dev.cellar.benchmarks.sql;

import dev.cellar.sql.runtime.ReadStats;
import dev.cellar.sql.schema.CellarSchema;
import dev.cellar.sql.schema.CellarTable;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.calcite.jdbc.CalciteConnection;
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
 * A secondary index on {@code sale.product_id} ({@code sql-planner/docs/indexes.md}) on Cellar
 * and on SQLite: lookups through it, building it over the loaded table, and writes that
 * maintain it. Data: {@link SaleData} (100,000 products over the rows, so a product has about
 * ten sales per million rows), loaded once by {@link SaleDatabases}; every state works on its
 * own copy of the loaded database, so the loaded one never gains an index. One client thread.
 *
 * <ul>
 *   <li>{@link #lookup}: {@value #LOOKUP} of a random sold product through one reused
 *       {@link PreparedStatement}, every column read (not covered by the index: Cellar reads the
 *       entries, then the rows). At the end of the trial it prints the rows returned per query
 *       and, on Cellar, the rows read from the store per row returned ({@link ReadStats});</li>
 *   <li>{@link #build}: {@value #CREATE_INDEX} over the loaded table, one shot per iteration,
 *       each on a fresh copy ({@code -bm ss}); score: seconds;</li>
 *   <li>{@link #insertRow} and {@link #insert100}: new sales (an existing user, a purchase time
 *       after the loaded ones, a random product) by single-row {@code INSERT}s and by
 *       {@code INSERT}s of 100 rows, into the table with {@code index=none} or with the index on
 *       {@code product_id}; scores: statements/s (insert100: ×100 rows/s).</li>
 * </ul>
 *
 * <p>Cellar writes with its default durability ({@code SYNC_WAL}: the log is written, not
 * forced, per statement); SQLite runs in WAL mode with {@code synchronous=NORMAL}, which likewise
 * does not force the log per commit. SQLite's page cache is {@link SqlAccessBenchmark#SQLITE_CACHE_KIB}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", SqlAccessBenchmark.QUIET_LOG})
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 5)
public class IndexBenchmark {
  static final String LOOKUP = "SELECT user_id, rtime, price, qty FROM sale WHERE product_id = ?";
  static final String CREATE_INDEX = "CREATE INDEX i_product ON sale (product_id)";
  static final String INSERT = "INSERT INTO sale (user_id, rtime, product_id, price, qty) VALUES (?, ?, ?, ?, ?)";
  static final int ROWS_PER_INSERT = 100;
  private static final int PROBES = 1 << 16;

  /** The rows, the products probed and how many sales each has. */
  @State(Scope.Benchmark)
  public static class Data {
    /** Rows of the table; a multiple of 100 ({@link SaleData#PURCHASES_PER_USER}). */
    @Param({"1000000"})
    public int rows;

    SaleData sale;
    String[] probeProduct;
    int[] probeCount;

    @Setup(Level.Trial)
    public void setup() {
      sale = SaleData.of(rows);
      int[] sales = new int[SaleData.PRODUCTS];
      for (int p : sale.product) {
        sales[p]++;
      }
      int[] r = sale.randomRows(PROBES);
      probeProduct = new String[PROBES];
      probeCount = new int[PROBES];
      for (int k = 0; k < PROBES; k++) {
        probeProduct[k] = sale.productOf(r[k]);
        probeCount[k] = sales[sale.product[r[k]]];
      }
    }
  }

  /** A connection to a new copy of the engine's loaded database. */
  abstract static class Copy {
    Path dir;
    Connection conn;

    void open(String engine, int rows, String purpose) throws SQLException {
      switch (engine) {
        case "cellar" -> {
          dir = SaleDatabases.copy(SaleDatabases.cellar(rows), purpose);
          conn = DriverManager.getConnection("jdbc:cellar:file:" + dir);
        }
        case "sqlite" -> {
          dir = SaleDatabases.copy(SaleDatabases.sqlite(rows), purpose);
          conn = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("sale.db"));
          try (Statement s = conn.createStatement()) {
            if (SqlAccessBenchmark.SQLITE_CACHE_KIB >= 0) {
              s.execute("PRAGMA cache_size=-" + SqlAccessBenchmark.SQLITE_CACHE_KIB);
            }
            s.execute("PRAGMA synchronous=NORMAL");
          }
        }
        default -> throw new IllegalArgumentException("engine must be cellar or sqlite, got " + engine);
      }
    }

    /** Creates the index on {@code product_id}; returns the seconds it took. */
    double createIndex() throws SQLException {
      long t0 = System.nanoTime();
      try (Statement s = conn.createStatement()) {
        s.executeUpdate(CREATE_INDEX);
      }
      return (System.nanoTime() - t0) / 1e9;
    }

    void close() throws SQLException {
      if (conn != null) {
        conn.close();
        conn = null;
      }
      if (dir != null) {
        SaleDatabases.deleteTree(dir);
        dir = null;
      }
    }
  }

  /** The loaded table with the index on {@code product_id}, and the prepared lookup. */
  @State(Scope.Thread)
  public static class Lookup extends Copy {
    @Param({"cellar", "sqlite"})
    public String engine;

    PreparedStatement lookup;
    ReadStats stats;
    long queries;
    long rowsReturned;
    long rowsReadBefore;
    int next;

    @Setup(Level.Trial)
    public void setup(Data d) throws SQLException {
      open(engine, d.rows, "lookup");
      System.out.printf(Locale.ROOT, "%n[index] %s: %s in %.2f s%n", engine, CREATE_INDEX, createIndex());
      if (engine.equals("cellar")) {
        stats = CellarTable.readStats(conn.unwrap(CalciteConnection.class).getRootSchema().getSubSchema("PUBLIC")
            .unwrap(CellarSchema.class).session().database());
        try (Statement s = conn.createStatement();
            ResultSet rs = s.executeQuery("EXPLAIN PLAN FOR " + LOOKUP.replace("?", "'p00001'"))) {
          rs.next();
          String plan = rs.getString(1);
          if (!plan.contains("INDEX I_PRODUCT")) {
            throw new IllegalStateException("the lookup does not read the index: " + plan);
          }
          System.out.printf("[index] plan: %s%n", plan.replace('\n', ' '));
        }
      }
      lookup = conn.prepareStatement(LOOKUP);
      for (int k = 0; k < 100; k++) {
        lookup.setString(1, d.probeProduct[k]);
        int n = 0;
        try (ResultSet rs = lookup.executeQuery()) {
          while (rs.next()) {
            n++;
          }
        }
        if (n != d.probeCount[k]) {
          throw new IllegalStateException(engine + ": " + d.probeProduct[k] + " has " + d.probeCount[k]
              + " sales, the lookup returns " + n);
        }
      }
      rowsReadBefore = stats == null ? 0 : stats.rowsRead();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws SQLException {
      if (queries > 0) {
        System.out.printf(Locale.ROOT, "%n[index] %s lookups: %,d queries, %.2f rows returned per query", engine,
            queries, (double) rowsReturned / queries);
        if (stats != null) {
          System.out.printf(Locale.ROOT, ", %.3f rows read per row returned",
              (double) (stats.rowsRead() - rowsReadBefore) / rowsReturned);
        }
        System.out.println();
      }
      close();
    }
  }

  /** A fresh copy of the loaded table, without the index, per single-shot iteration. */
  @State(Scope.Thread)
  public static class Build extends Copy {
    @Param({"cellar", "sqlite"})
    public String engine;

    @Setup(Level.Iteration)
    public void setup(Data d) throws SQLException {
      open(engine, d.rows, "build");
    }

    @TearDown(Level.Iteration)
    public void tearDown() throws SQLException {
      close();
    }
  }

  /** A copy of the loaded table with or without the index, the prepared inserts and the next new sale. */
  @State(Scope.Thread)
  public static class Writer extends Copy {
    @Param({"cellar", "sqlite"})
    public String engine;

    /** {@code none}, or {@code product_id}: the table has the index on it. */
    @Param({"none", "product_id"})
    public String index;

    PreparedStatement one;
    PreparedStatement hundred;
    SplittableRandom random;
    int users;
    long written;

    @Setup(Level.Trial)
    public void setup(Data d) throws SQLException {
      open(engine, d.rows, "write");
      if (index.equals("product_id")) {
        createIndex();
      } else if (!index.equals("none")) {
        throw new IllegalArgumentException("index must be none or product_id, got " + index);
      }
      one = conn.prepareStatement(INSERT);
      StringBuilder sql = new StringBuilder(INSERT);
      for (int k = 1; k < ROWS_PER_INSERT; k++) {
        sql.append(", (?, ?, ?, ?, ?)");
      }
      hundred = conn.prepareStatement(sql.toString());
      random = new SplittableRandom(42);
      users = d.sale.users;
    }

    /** Binds the next new sale at {@code col}: a random user's purchase after every loaded one. */
    int bindNext(PreparedStatement p, int col) throws SQLException {
      long millis = SaleData.START_MILLIS + SaleData.YEAR_MILLIS + written++;
      p.setString(col, SaleData.userId(random.nextInt(users)));
      p.setLong(col + 1, Long.MAX_VALUE - millis);
      p.setString(col + 2, SaleData.productId(random.nextInt(SaleData.PRODUCTS)));
      p.setBigDecimal(col + 3, java.math.BigDecimal.valueOf(1 + random.nextInt(99_999), 2));
      p.setInt(col + 4, 1 + random.nextInt(10));
      return col + 5;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws SQLException {
      if (index.equals("product_id")) {
        // the writes kept the index equal to the table
        String count = "SELECT COUNT(*) FROM sale WHERE product_id = 'p00042'";
        String scan = "SELECT COUNT(*) FROM sale WHERE product_id || '' = 'p00042'";
        long viaIndex = count(count);
        long viaScan = count(scan);
        if (viaIndex != viaScan) {
          throw new IllegalStateException(engine + ": the index finds " + viaIndex + " sales of p00042, the table has "
              + viaScan);
        }
      }
      close();
    }

    private long count(String sql) throws SQLException {
      try (Statement s = conn.createStatement(); ResultSet rs = s.executeQuery(sql)) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }

  /** An equality lookup on the indexed column; returns the rows found. */
  @Benchmark
  public int lookup(Lookup l, Data d, Blackhole bh) throws SQLException {
    int k = l.next;
    l.next = (k + 1) & (PROBES - 1);
    l.lookup.setString(1, d.probeProduct[k]);
    int n = 0;
    try (ResultSet rs = l.lookup.executeQuery()) {
      while (rs.next()) {
        bh.consume(rs.getString(1));
        bh.consume(rs.getLong(2));
        bh.consume(rs.getBigDecimal(3));
        bh.consume(rs.getInt(4));
        n++;
      }
    }
    l.queries++;
    l.rowsReturned += n;
    return n;
  }

  /** {@value #CREATE_INDEX} over the loaded table; run with {@code -bm ss}. */
  @Benchmark
  @BenchmarkMode(Mode.SingleShotTime)
  @OutputTimeUnit(TimeUnit.SECONDS)
  @Warmup(iterations = 1)
  @Measurement(iterations = 3)
  public int build(Build b, Data d) throws SQLException {
    try (Statement s = b.conn.createStatement()) {
      int n = s.executeUpdate(CREATE_INDEX);
      if (b.engine.equals("cellar") && n != d.rows) {
        throw new IllegalStateException("the index build indexed " + n + " rows, not " + d.rows);
      }
      return n;
    }
  }

  /** One new sale per statement. */
  @Benchmark
  public int insertRow(Writer w) throws SQLException {
    w.bindNext(w.one, 1);
    return w.one.executeUpdate();
  }

  /** {@value #ROWS_PER_INSERT} new sales per statement. */
  @Benchmark
  public int insert100(Writer w) throws SQLException {
    int col = 1;
    for (int k = 0; k < ROWS_PER_INSERT; k++) {
      col = w.bindNext(w.hundred, col);
    }
    return w.hundred.executeUpdate();
  }
}
