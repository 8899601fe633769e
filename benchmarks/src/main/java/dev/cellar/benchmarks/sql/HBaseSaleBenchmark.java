package dev.cellar.benchmarks.sql;

import dev.cellar.hbase.sandbox.HBaseSandbox;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The sale workload of {@code benchmarks/README.md} on a local HBase (the sandbox: ZooKeeper, one
 * master and one region server in this JVM, started by the benchmark), through
 * {@code jdbc:cellar:hbase:} beside the same work written by hand with the plain
 * {@code hbase-client}, in the same run: load, point select, latest 10 of a user, a lookup
 * through a secondary index on the product, COUNT/SUM.
 * One client thread each. Not a JMH benchmark: the cluster's start and the loads take minutes,
 * so each figure is measured in rounds that alternate the hand-written and the SQL form.
 *
 * <p>Usage: {@code HBaseSaleBenchmark [rows [seconds]]} (default 1,000,000 rows, 5 s a round of
 * each read figure); {@code benchmarks/run-hbase-benchmark.sh} builds and runs it.
 */
public final class HBaseSaleBenchmark {
  private static final byte[] FAMILY = Bytes.toBytes("f");
  private static final byte[] PRICE = Bytes.toBytes("price");
  private static final byte[] QTY = Bytes.toBytes("qty");
  /** Rows per SQL statement and per batch of puts. */
  private static final int BATCH = 1_000;
  private static final int ROUNDS = 3;
  /** Rows each form loads, unmeasured, before the measured loads. */
  private static final int WARM_UP_ROWS = 200_000;
  private static final String POINT = "SELECT price, qty FROM sale WHERE user_id = ? AND rtime = ? AND product_id = ?";
  private static final String LATEST = "SELECT product_id, price FROM sale WHERE user_id = ? ORDER BY rtime LIMIT 10";
  private static final String COUNT_SUM = "SELECT COUNT(*), SUM(price) FROM sale";
  private static final String BY_PRODUCT = "SELECT user_id, rtime, price, qty FROM sale WHERE product_id = ?";
  /** The hand-written index: key = product id + the sale's key, no value. */
  private static final TableName RAW_INDEX = TableName.valueOf("raw_sale_by_product");
  private static final byte[] ENTRY = Bytes.toBytes("k");

  private final SaleData data;
  private final long roundNanos;
  private final org.apache.hadoop.hbase.client.Connection hbase;
  private final Table raw;
  private final Connection sql;

  private HBaseSaleBenchmark(SaleData data, long roundNanos, org.apache.hadoop.hbase.client.Connection hbase,
      Table raw, Connection sql) {
    this.data = data;
    this.roundNanos = roundNanos;
    this.hbase = hbase;
    this.raw = raw;
    this.sql = sql;
  }

  public static void main(String[] args) throws Exception {
    int rows = args.length > 0 ? Integer.parseInt(args[0].replace("_", "")) : 1_000_000;
    int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    SaleData data = SaleData.of(rows);
    Path dir = Files.createTempDirectory("cellar-hbase-bench");
    try (HBaseSandbox sandbox = HBaseSandbox.start(dir, 0)) {
      Configuration conf = HBaseConfiguration.create();
      conf.set(HConstants.ZOOKEEPER_QUORUM, "localhost");
      conf.setInt(HConstants.ZOOKEEPER_CLIENT_PORT, sandbox.port());
      try (org.apache.hadoop.hbase.client.Connection hbase = ConnectionFactory.createConnection(conf);
          Connection sql = DriverManager.getConnection(sandbox.jdbcUrl() + ";hbaseNamespace=bench")) {
        Table raw = createRawTable(hbase, data, TableName.valueOf("raw_sale"));
        try (Statement s = sql.createStatement()) {
          s.execute(SaleData.cellarDdl(rows));
        }
        new HBaseSaleBenchmark(data, seconds * 1_000_000_000L, hbase, raw, sql).run();
        raw.close();
      }
    } finally {
      deleteTree(dir);
    }
  }

  /** The hand-written table: key = user id, rtime, product id; family f; pre-split as the SQL table. */
  private static Table createRawTable(org.apache.hadoop.hbase.client.Connection hbase, SaleData data,
      TableName name) throws IOException {
    List<byte[]> splits = new ArrayList<>();
    for (int i = 1; i < SaleData.REGIONS && data.users >= SaleData.REGIONS; i++) {
      splits.add(Bytes.toBytes(SaleData.userId(i * data.users / SaleData.REGIONS)));
    }
    try (Admin admin = hbase.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build(), splits.toArray(new byte[0][]));
    }
    return hbase.getTable(name);
  }

  private byte[] rawKey(int i) {
    return Bytes.add(Bytes.toBytes(data.userOf(i)), Bytes.toBytes(data.rtime[i]), Bytes.toBytes(data.productOf(i)));
  }

  private void run() throws Exception {
    System.out.printf(Locale.ROOT, "sale workload, %,d rows, %d rounds of %d s a read figure, load %s%n", data.rows,
        ROUNDS, roundNanos / 1_000_000_000L, loadAverage());
    loads();
    flush();
    check();
    int[] probes = data.randomRows(1 << 16);
    int[] users = data.randomUsers(1 << 16);
    double rawBuild = rawIndexBuild();
    double sqlBuild = sqlIndexBuild();
    System.out.printf(Locale.ROOT, "%-26s SQL %10.1f   by hand %10.1f%n", "index build, s", sqlBuild, rawBuild);
    checkIndex();
    for (String q : new String[] {POINT, LATEST, COUNT_SUM, BY_PRODUCT}) {
      System.out.println("  " + q + ": " + paths(q));
    }
    try (PreparedStatement point = sql.prepareStatement(POINT);
        PreparedStatement latest = sql.prepareStatement(LATEST);
        PreparedStatement countSum = sql.prepareStatement(COUNT_SUM);
        PreparedStatement byProduct = sql.prepareStatement(BY_PRODUCT)) {
      compare("point select, selects/s", k -> rawGet(probes[k % probes.length]),
          k -> sqlPoint(point, probes[k % probes.length]));
      compare("latest 10, queries/s", k -> rawLatest(users[k % users.length]),
          k -> sqlLatest(latest, users[k % users.length]));
      compare("indexed lookup, queries/s", k -> rawByProduct(data.product[probes[k % probes.length]]),
          k -> sqlByProduct(byProduct, data.product[probes[k % probes.length]]));
      compareSeconds("COUNT(*), SUM(price), s", this::rawCountSum, () -> sqlCountSum(countSum));
    }
    System.out.printf(Locale.ROOT, "load average after: %s%n", loadAverage());
  }

  // ---- load -----------------------------------------------------------------------------------

  /**
   * Both loads in two halves, in the order by hand, SQL, SQL, by hand, so that neither form runs
   * only first (on a cold cluster) or only second (beside the other's background work); each
   * figure is the mean of its halves. The SQL load's 1,000-row statement is prepared before its
   * first half (as the hand-written load's table handle is made before it), its preparation
   * reported apart.
   */
  private void loads() throws Exception {
    int half = data.rows / 2 / BATCH * BATCH;
    warmUp();
    Figure raw1 = rawLoad(raw, 0, half);
    long p0 = System.nanoTime();
    long pc0 = cpuNanos();
    try (PreparedStatement p = sql.prepareStatement(upsert("sale"))) {
      System.out.printf(Locale.ROOT, "%-26s %.1f s (CPU %.1f s), not counted in the load%n",
          "preparing the load's UPSERT", seconds(p0), (cpuNanos() - pc0) / 1e9);
      Figure sql1 = sqlLoad(p, 0, half);
      Figure sql2 = sqlLoad(p, half, data.rows);
      Figure raw2 = rawLoad(raw, half, data.rows);
      report("load, rows/s", sql1.plus(sql2), raw1.plus(raw2));
      System.out.printf(Locale.ROOT, "  halves (SQL / by hand): %,.0f / %,.0f; %,.0f / %,.0f%n", sql1.perSecond(),
          raw1.perSecond(), sql2.perSecond(), raw2.perSecond());
    }
  }

  /** The load's statement: an UPSERT of {@value #BATCH} rows into {@code table}. */
  private static String upsert(String table) {
    StringBuilder text = new StringBuilder("UPSERT INTO " + table + " VALUES ");
    for (int k = 0; k < BATCH; k++) {
      text.append(k > 0 ? ", " : "").append("(?, ?, ?, ?, ?)");
    }
    return text.toString();
  }

  /**
   * Before anything is measured, each form loads the first {@value #WARM_UP_ROWS} rows into a
   * table of its own, made as the measured one and dropped afterwards, so that the code of both
   * forms, in the client and in the region server, is compiled before either is timed: without
   * it the form that runs first pays for the compiler, whichever it is.
   */
  private void warmUp() throws Exception {
    int rows = Math.min(WARM_UP_ROWS, data.rows / 2) / BATCH * BATCH;
    TableName rawName = TableName.valueOf("raw_warm_up");
    try (Table warm = createRawTable(hbase, data, rawName)) {
      rawLoad(warm, 0, rows);
    }
    try (Statement s = sql.createStatement()) {
      s.execute(SaleData.cellarDdl(data.rows).replaceFirst("CREATE TABLE sale ", "CREATE TABLE warm_up "));
      try (PreparedStatement p = sql.prepareStatement(upsert("warm_up"))) {
        sqlLoad(p, 0, rows);
      }
      s.execute("DROP TABLE warm_up");
    }
    try (Admin admin = hbase.getAdmin()) {
      admin.disableTable(rawName);
      admin.deleteTable(rawName);
    }
  }

  /** The hand-written load of rows {@code [from, to)} into {@code table}: {@code Table.put} of {@value #BATCH} puts at a time. */
  private Figure rawLoad(Table table, int from, int to) throws IOException {
    long t0 = System.nanoTime();
    long c0 = cpuNanos();
    List<Put> batch = new ArrayList<>(BATCH);
    for (int i = from; i < to; i++) {
      batch.add(new Put(rawKey(i)).addColumn(FAMILY, PRICE, Bytes.toBytes((long) data.priceCents[i]))
          .addColumn(FAMILY, QTY, Bytes.toBytes(data.qty[i])));
      if (batch.size() == BATCH || i == to - 1) {
        table.put(batch);
        batch = new ArrayList<>(BATCH);
      }
    }
    return new Figure(to - from, seconds(t0), (cpuNanos() - c0) / 1e9);
  }

  /**
   * The SQL load of rows {@code [from, to)} through {@code p}, {@value #BATCH} rows a statement;
   * rows past the last whole statement one statement each ({@link #loadRest}).
   */
  private Figure sqlLoad(PreparedStatement p, int from, int to) throws SQLException {
    long t0 = System.nanoTime();
    long c0 = cpuNanos();
    int start = from;
    for (; start + BATCH <= to; start += BATCH) {
      int param = 1;
      for (int i = start; i < start + BATCH; i++) {
        p.setString(param++, data.userOf(i));
        p.setLong(param++, data.rtime[i]);
        p.setString(param++, data.productOf(i));
        p.setBigDecimal(param++, data.priceOf(i));
        p.setInt(param++, data.qty[i]);
      }
      p.executeUpdate();
    }
    loadRest(start, to);
    return new Figure(to - from, seconds(t0), (cpuNanos() - c0) / 1e9);
  }

  /** Rows {@code [from, to)}, fewer than a statement's, one statement each. */
  private void loadRest(int from, int to) throws SQLException {
    if (from < to) {
      try (PreparedStatement p = sql.prepareStatement("UPSERT INTO sale VALUES (?, ?, ?, ?, ?)")) {
        for (int i = from; i < to; i++) {
          p.setString(1, data.userOf(i));
          p.setLong(2, data.rtime[i]);
          p.setString(3, data.productOf(i));
          p.setBigDecimal(4, data.priceOf(i));
          p.setInt(5, data.qty[i]);
          p.executeUpdate();
        }
      }
    }
  }

  /** Flushes both tables, so that both read from store files. */
  private void flush() throws IOException {
    try (Admin admin = hbase.getAdmin()) {
      admin.flush(TableName.valueOf("raw_sale"));
      admin.flush(TableName.valueOf("bench", SaleData.TABLE));
    }
  }

  // ---- the index on product_id -----------------------------------------------------------------

  /** Builds the hand-written index from a scan of the table; seconds. */
  private double rawIndexBuild() throws IOException {
    long t0 = System.nanoTime();
    try (Admin admin = hbase.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(RAW_INDEX)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build());
    }
    try (Table index = hbase.getTable(RAW_INDEX);
        ResultScanner s = raw.getScanner(new Scan().setFilter(new org.apache.hadoop.hbase.filter.KeyOnlyFilter())
            .setCaching(10_000))) {
      List<Put> batch = new ArrayList<>(BATCH);
      for (Result r : s) {
        byte[] row = r.getRow();
        batch.add(new Put(Bytes.add(Bytes.copy(row, 16, 6), row)).addColumn(FAMILY, ENTRY, new byte[0]));
        if (batch.size() == BATCH) {
          index.put(batch);
          batch = new ArrayList<>(BATCH);
        }
      }
      index.put(batch);
    }
    return seconds(t0);
  }

  private double sqlIndexBuild() throws SQLException {
    long t0 = System.nanoTime();
    try (Statement s = sql.createStatement()) {
      s.execute("CREATE INDEX i_product ON sale (product_id)");
    }
    return seconds(t0);
  }

  /** Both indexes give each sale of a product: its rows' prices and quantities summed. */
  private long rawByProduct(int product) throws IOException {
    List<Get> gets = new ArrayList<>();
    try (Table index = hbase.getTable(RAW_INDEX);
        ResultScanner s = index.getScanner(new Scan().setRowPrefixFilter(Bytes.toBytes(SaleData.productId(product)))
            .setCaching(100))) {
      for (Result r : s) {
        byte[] row = r.getRow();
        gets.add(new Get(Bytes.copy(row, 6, row.length - 6)).addFamily(FAMILY));
      }
    }
    long sum = 0;
    for (Result r : raw.get(gets)) {
      sum += Bytes.toLong(r.getValue(FAMILY, PRICE)) + Bytes.toInt(r.getValue(FAMILY, QTY));
    }
    return sum;
  }

  private long sqlByProduct(PreparedStatement p, int product) throws SQLException {
    p.setString(1, SaleData.productId(product));
    long sum = 0;
    try (ResultSet rs = p.executeQuery()) {
      while (rs.next()) {
        sum += rs.getBigDecimal(3).unscaledValue().longValue() + rs.getInt(4);
      }
    }
    return sum;
  }

  private void checkIndex() throws Exception {
    String plan = paths(BY_PRODUCT);
    if (!plan.contains("INDEX I_PRODUCT")) {
      throw new IllegalStateException("the lookup by product does not use the index: " + plan);
    }
    try (PreparedStatement p = sql.prepareStatement(BY_PRODUCT)) {
      for (int i : new int[] {0, data.rows / 2, data.rows - 1}) {
        long want = 0;
        for (int j = 0; j < data.rows; j++) {
          if (data.product[j] == data.product[i]) {
            want += data.priceCents[j] + data.qty[j];
          }
        }
        expect("lookup of product " + data.product[i], new long[] {want, want},
            new long[] {sqlByProduct(p, data.product[i]), rawByProduct(data.product[i])});
      }
    }
  }

  // ---- the reads ------------------------------------------------------------------------------

  private long rawGet(int i) throws IOException {
    Result r = raw.get(new Get(rawKey(i)).addFamily(FAMILY));
    return Bytes.toLong(r.getValue(FAMILY, PRICE)) + Bytes.toInt(r.getValue(FAMILY, QTY));
  }

  private long sqlPoint(PreparedStatement p, int i) throws SQLException {
    p.setString(1, data.userOf(i));
    p.setLong(2, data.rtime[i]);
    p.setString(3, data.productOf(i));
    try (ResultSet rs = p.executeQuery()) {
      rs.next();
      return rs.getBigDecimal(1).unscaledValue().longValue() + rs.getInt(2);
    }
  }

  private long rawLatest(int u) throws IOException {
    Scan scan = new Scan().setRowPrefixFilter(Bytes.toBytes(SaleData.userId(u))).setLimit(10).setCaching(10)
        .addFamily(FAMILY);
    long sum = 0;
    try (ResultScanner s = raw.getScanner(scan)) {
      // stops at the tenth row rather than asking the scanner for an eleventh
      Result r;
      for (int n = 0; n < 10 && (r = s.next()) != null; n++) {
        sum += Bytes.toString(r.getRow(), 16, 6).length() + Bytes.toLong(r.getValue(FAMILY, PRICE));
      }
    }
    return sum;
  }

  private long sqlLatest(PreparedStatement p, int u) throws SQLException {
    p.setString(1, SaleData.userId(u));
    long sum = 0;
    try (ResultSet rs = p.executeQuery()) {
      while (rs.next()) {
        sum += rs.getString(1).length() + rs.getBigDecimal(2).unscaledValue().longValue();
      }
    }
    return sum;
  }

  private long[] rawCountSum() throws IOException {
    Scan scan = new Scan().addColumn(FAMILY, PRICE).setCaching(10_000).setCacheBlocks(false);
    long count = 0;
    long cents = 0;
    try (ResultScanner s = raw.getScanner(scan)) {
      for (Result r : s) {
        count++;
        cents += Bytes.toLong(r.getValue(FAMILY, PRICE));
      }
    }
    return new long[] {count, cents};
  }

  private long[] sqlCountSum(PreparedStatement p) throws SQLException {
    try (ResultSet rs = p.executeQuery()) {
      rs.next();
      return new long[] {rs.getLong(1), rs.getBigDecimal(2).unscaledValue().longValue()};
    }
  }

  /** Both forms give the data's answers before anything is measured. */
  private void check() throws Exception {
    long[] expected = {data.rows, data.totalCents};
    try (PreparedStatement p = sql.prepareStatement(COUNT_SUM)) {
      expect("SQL COUNT/SUM", expected, sqlCountSum(p));
    }
    expect("raw COUNT/SUM", expected, rawCountSum());
    try (PreparedStatement p = sql.prepareStatement(POINT)) {
      for (int i : new int[] {0, data.rows / 2, data.rows - 1}) {
        long want = data.priceCents[i] + data.qty[i];
        expect("point select of row " + i, new long[] {want, want}, new long[] {sqlPoint(p, i), rawGet(i)});
      }
    }
    try (PreparedStatement p = sql.prepareStatement(LATEST)) {
      int u = data.users / 2;
      long want = 0;
      for (int i : data.latest(u, 10)) {
        want += data.productOf(i).length() + data.priceCents[i];
      }
      expect("latest 10 of user " + u, new long[] {want, want}, new long[] {sqlLatest(p, u), rawLatest(u)});
    }
  }

  private static void expect(String what, long[] expected, long[] actual) {
    if (!java.util.Arrays.equals(expected, actual)) {
      throw new IllegalStateException(what + ": expected " + java.util.Arrays.toString(expected) + " but got "
          + java.util.Arrays.toString(actual));
    }
  }

  // ---- measuring ------------------------------------------------------------------------------

  /** One operation {@code k} of a read figure. */
  private interface Op {
    long run(int k) throws Exception;
  }

  /** A whole-table operation. */
  private interface Whole {
    long[] run() throws Exception;
  }

  /** Operations per second of each form: a warm-up round each, then rounds alternating the two. */
  private void compare(String figure, Op byHand, Op bySql) throws Exception {
    rate(byHand);
    rate(bySql);
    Figure hand = Figure.NONE;
    Figure viaSql = Figure.NONE;
    StringBuilder rounds = new StringBuilder();
    for (int r = 0; r < ROUNDS; r++) {
      Figure h = rate(byHand);
      Figure s = rate(bySql);
      hand = hand.plus(h);
      viaSql = viaSql.plus(s);
      rounds.append(String.format(Locale.ROOT, "%s%,.0f / %,.0f", r > 0 ? "; " : "", s.perSecond(), h.perSecond()));
    }
    report(figure, viaSql, hand);
    System.out.println("  rounds (SQL / by hand): " + rounds);
  }

  private Figure rate(Op op) throws Exception {
    long sink = 0;
    int k = 0;
    long c0 = cpuNanos();
    long t0 = System.nanoTime();
    long end = t0 + roundNanos;
    do {
      sink += op.run(k++);
    } while (System.nanoTime() < end);
    if (sink == 42) {
      System.out.print("");
    }
    return new Figure(k, seconds(t0), (cpuNanos() - c0) / 1e9);
  }

  /** Seconds per operation of each form, lower is better: one warm-up each, then alternating rounds. */
  private void compareSeconds(String figure, Whole byHand, Whole bySql) throws Exception {
    byHand.run();
    bySql.run();
    Figure hand = Figure.NONE;
    Figure viaSql = Figure.NONE;
    StringBuilder rounds = new StringBuilder();
    for (int r = 0; r < ROUNDS; r++) {
      long t0 = System.nanoTime();
      long c0 = cpuNanos();
      byHand.run();
      Figure h = new Figure(1, seconds(t0), (cpuNanos() - c0) / 1e9);
      t0 = System.nanoTime();
      c0 = cpuNanos();
      bySql.run();
      Figure s = new Figure(1, seconds(t0), (cpuNanos() - c0) / 1e9);
      hand = hand.plus(h);
      viaSql = viaSql.plus(s);
      rounds.append(String.format(Locale.ROOT, "%s%.2f / %.2f", r > 0 ? "; " : "", s.wall, h.wall));
    }
    System.out.printf(Locale.ROOT, "%-26s SQL %10.2f   by hand %10.2f   SQL / by hand (speed) %4.0f%%"
        + "   CPU-s: SQL %.2f by hand %.2f (%.0f%%)%n", figure, viaSql.wall / ROUNDS, hand.wall / ROUNDS,
        100 * hand.wall / viaSql.wall, viaSql.cpu / ROUNDS, hand.cpu / ROUNDS, 100 * hand.cpu / viaSql.cpu);
    System.out.println("  rounds (SQL / by hand): " + rounds);
  }

  private static void report(String figure, Figure viaSql, Figure byHand) {
    System.out.printf(Locale.ROOT, "%-26s SQL %,10.0f   by hand %,10.0f   SQL / by hand %4.0f%%"
        + "   per CPU-s: SQL %,.0f by hand %,.0f (%.0f%%)%n", figure, viaSql.perSecond(), byHand.perSecond(),
        100 * viaSql.perSecond() / byHand.perSecond(), viaSql.perCpuSecond(), byHand.perCpuSecond(),
        100 * viaSql.perCpuSecond() / byHand.perCpuSecond());
  }

  /**
   * Operations done in some wall seconds and CPU seconds of this whole JVM (the HBase servers'
   * threads included: they run in it). The rate is the mean of the rounds' rates.
   */
  private record Figure(double ops, double wall, double cpu, double rateSum, int rounds) {
    static final Figure NONE = new Figure(0, 0, 0, 0, 0);

    Figure(double ops, double wall, double cpu) {
      this(ops, wall, cpu, ops / wall, 1);
    }

    Figure plus(Figure o) {
      return new Figure(ops + o.ops, wall + o.wall, cpu + o.cpu, rateSum + o.rateSum, rounds + o.rounds);
    }

    double perSecond() {
      return rateSum / rounds;
    }

    double perCpuSecond() {
      return ops / cpu;
    }
  }

  /** CPU time of this JVM so far: every thread, the HBase servers' included. */
  private static long cpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
        .getOperatingSystemMXBean()).getProcessCpuTime();
  }

  /** The access paths {@code EXPLAIN} shows for {@code query}. */
  private String paths(String query) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = sql.createStatement(); ResultSet rs = s.executeQuery("EXPLAIN PLAN FOR " + query)) {
      while (rs.next()) {
        String line = rs.getString(1);
        int at = line.indexOf("path=[");
        if (at >= 0) {
          out.add(line.substring(at, line.indexOf(']', at) + 1));
        }
      }
    }
    return String.join(", ", out);
  }

  private static double seconds(long t0) {
    return (System.nanoTime() - t0) / 1e9;
  }

  private static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).trim();
    } catch (IOException e) {
      return "unknown";
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> {
        try {
          Files.delete(p);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
  }
}
