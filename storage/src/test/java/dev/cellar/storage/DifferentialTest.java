package dev.cellar.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.embedded.StoreOptions;
import dev.cellar.storage.fs.MemVfs;
import dev.cellar.storage.model.ManualClock;
import dev.cellar.storage.model.ModelTable;
import dev.cellar.storage.model.ResultDiff;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Differential test of the storage engine: a seeded random sequence of writes, reads, clock
 * moves, flushes and reopens runs against an {@link EmbeddedStore} and against
 * {@link ModelTable}, and every read is compared cell by cell.
 *
 * <p>Writes use explicit timestamps from a small set, so that versions collide; one batch may
 * hold the same column at the same timestamp twice (the later cell must win). Deletes of every
 * kind mask puts written before and after them. Reads cover gets, multi-gets and scans
 * (forward and reversed, bounds, prefixes, limits, batches, columns, time ranges, versions),
 * including scans kept open across writes and flushes. The clock moves under the control of
 * the test (TTL expiry), tables are flushed, dropped and re-created, and the store is closed
 * and reopened (with and without a flush on close, so both the log replay and store files are
 * read back).
 *
 * <p>Every setting of a run derives from its seed ({@link Config#fromSeed}). To replay a
 * failing run: {@code mvn -pl storage test -Dtest=DifferentialTest#replay -Dcellar.diff.seed=N}
 * (add {@code -Dcellar.diff.ops=N} to change its length). {@code -Dcellar.test.scale=10}
 * ({@code -Plong}) makes every run ten times longer.
 */
class DifferentialTest {
  private static final Logger LOG = LoggerFactory.getLogger(DifferentialTest.class);
  private static final int SCALE = Integer.getInteger("cellar.test.scale", 1);
  private static final int OPS_PER_RUN = 2500;
  private static final int HISTORY = 20;
  private static final long CLOCK_START = 1_700_000_000_000L;
  private static final int TTL_SECONDS = 10;

  /** Seeds of the default runs; chosen so that the settings below all occur. */
  private static final long[] SEEDS = {1, 2, 3, 4, 5, 6};
  /** Seed of the run on a real directory. */
  private static final long LOCAL_SEED = 7;

  /** 40 row keys: shared prefixes, lengths 1 to 200, bytes 0x00 and 0x80–0xff. */
  static final byte[][] ROWS = keys("a", "a\\x00", "aa", "aaa", "aab", "ab", "abc", "abcdefghijklmnop", "b", "ba",
      "bb", "bb\\x80", "c", "\\x00", "\\x01", "\\x7f", "\\x80", "\\x80\\x00", "\\x80\\x80", "\\x80\\xff", "\\xfe",
      "\\xff", "\\xff\\x00", "\\xff\\xff", "\\xff\\xff\\xff", "row-0001", "row-0002", "row-0010", "row-0100", "row-1",
      "row-10", "row-2", "user/1/a", "user/1/b", "user/12", "user/2", "x", "x\\xc3\\xa9", "zz",
      "z".repeat(200));
  /** Indexes into {@link #ROWS} of the rows most operations go to. */
  static final int[] HOT_ROWS = {1, 5, 17, 26, 39};
  /** Scan bounds that are not row keys. */
  static final byte[][] NON_KEYS = keys("a\\x00\\x00", "aa\\x00", "ab\\xff", "bz", "row-", "row-00", "user/",
      "\\x80\\x7f", "\\xff\\xfe", "\\xff\\xff\\xff\\xff", "0", "y");
  /** Row prefixes for prefix scans (some match nothing). */
  static final byte[][] PREFIXES = keys("a", "aa", "ab", "b", "bb", "row-", "row-00", "row-1", "user/", "user/1",
      "\\x80", "\\x80\\x80", "\\xff", "\\xff\\xff", "x", "zz", "q", "\\x00");
  static final byte[][] QUALIFIERS = keys("", "a", "b", "c", "q1", "q10", "q2", "\\x80", "\\xff",
      "a-rather-long-qualifier-name", "Q".repeat(150));

  static byte[][] keys(String... s) {
    byte[][] out = new byte[s.length][];
    for (int i = 0; i < s.length; i++) {
      out[i] = Bytes.toBytesBinary(s[i]);
    }
    return out;
  }

  /** Block cache sizes: none, a tiny one (constant eviction), the default. */
  static final long[] CACHE_SIZES = {0, 16 * 1024, StoreOptions.defaultBlockCacheSize()};

  /** The settings of one run. */
  record Config(long seed, int ops, boolean smallFlushSize, boolean smallWalSegments, boolean threeFamilies,
      int minVersions,
      Compression compressionA, Compression compressionB, BloomType bloomA, boolean blockCacheB,
      long blockCacheSize, boolean firstFlushOnClose) {

    static Config fromSeed(long seed, int ops) {
      Random r = new Random(seed * 0x9E3779B97F4A7C15L);
      Compression[] cs = Compression.values();
      BloomType[] bs = BloomType.values();
      return new Config(seed, ops, r.nextBoolean(), r.nextBoolean(), r.nextBoolean(), r.nextInt(2),
          cs[r.nextInt(cs.length)],
          cs[r.nextInt(cs.length)], bs[r.nextInt(bs.length)], r.nextBoolean(),
          CACHE_SIZES[r.nextInt(CACHE_SIZES.length)], r.nextBoolean());
    }

    /** Table "t1": families a (VERSIONS 3, BLOCKSIZE 1024), b (VERSIONS 1, maybe no block cache) and maybe t (TTL). */
    TableDescriptor table1() {
      TableDescriptor.Builder b = TableDescriptor.newBuilder("t1")
          .family(ColumnFamilyDescriptor.newBuilder("a").maxVersions(3).blockSize(1024).compression(compressionA)
              .bloomType(bloomA).build())
          .family(ColumnFamilyDescriptor.newBuilder("b").maxVersions(1).compression(compressionB)
              .blockCache(blockCacheB).inMemory(!blockCacheB).build());
      if (threeFamilies) {
        b.family(ttlFamily());
      }
      return b.build();
    }

    /** Table "t2": families t (VERSIONS 5, TTL) and a default one named "\u00e9" (two UTF-8 bytes ≥ 0x80). */
    TableDescriptor table2() {
      return TableDescriptor.newBuilder("t2").family(ttlFamily())
          .family(ColumnFamilyDescriptor.newBuilder("\u00e9").compression(compressionB).blockSize(1024).build())
          .build();
    }

    private ColumnFamilyDescriptor ttlFamily() {
      return ColumnFamilyDescriptor.newBuilder("t").maxVersions(5).minVersions(minVersions).ttlSeconds(TTL_SECONDS)
          .compression(compressionA).bloomType(BloomType.ROWCOL).build();
    }
  }

  static Stream<Config> defaultRuns() {
    List<Config> out = new ArrayList<>();
    for (long s : SEEDS) {
      out.add(Config.fromSeed(s, OPS_PER_RUN * SCALE));
    }
    if (SCALE > 1) {
      // Longer runs also try three fresh seeds; a failure prints the seed to replay.
      long base = System.nanoTime();
      for (int i = 0; i < 3; i++) {
        out.add(Config.fromSeed(base + i, OPS_PER_RUN * SCALE));
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("defaultRuns")
  void inMemoryFileSystem(Config config) {
    new Run(config, new MemVfs("diff-" + config.seed()), null).run();
  }

  @Test
  void localDirectory(@TempDir Path dir) {
    new Run(Config.fromSeed(LOCAL_SEED, OPS_PER_RUN * SCALE), null, dir).run();
  }

  /** Replays one seed given by {@code -Dcellar.diff.seed}; does nothing without it. */
  @Test
  void replay() {
    String seed = System.getProperty("cellar.diff.seed");
    if (seed == null || seed.isBlank()) {
      return;
    }
    int ops = Integer.getInteger("cellar.diff.ops", OPS_PER_RUN * SCALE);
    new Run(Config.fromSeed(Long.parseLong(seed.trim()), ops), new MemVfs("replay"), null).run();
  }

  /** One run: the store, the models, the random source and the recent history. */
  static final class Run {
    private final Config config;
    private final Random rnd;
    private final MemVfs vfs;
    private final Path dir;
    private final ManualClock clock = new ManualClock(CLOCK_START);
    private final Map<String, ModelTable> models = new LinkedHashMap<>();
    private final Map<String, Table> tables = new LinkedHashMap<>();
    private final Deque<String> history = new ArrayDeque<>();
    private final Map<String, Integer> counts = new TreeMap<>();
    /** Timestamps written recently, explicit or assigned, so that deletes and ranges hit them. */
    private final List<Long> recentTs = new ArrayList<>();
    private EmbeddedStore store;
    private boolean flushOnClose;
    private int opIndex;
    private long cellsCompared;

    Run(Config config, MemVfs vfs, Path dir) {
      this.config = config;
      this.rnd = new Random(config.seed());
      this.vfs = vfs;
      this.dir = dir;
      this.flushOnClose = config.firstFlushOnClose();
    }

    private StoreOptions options() {
      StoreOptions.Builder b = vfs != null ? StoreOptions.builder(vfs) : StoreOptions.builder(dir);
      // Minor compactions in the background: the model drops hidden cells only at the major ones it asks for.
      b.clock(clock).flushOnClose(flushOnClose).blockCacheSize(config.blockCacheSize()).majorAtThreshold(false);
      if (config.smallFlushSize()) {
        b.flushSize(4096);
      }
      if (config.smallWalSegments()) {
        b.walSegmentSize(4096);
      }
      return b.build();
    }

    void run() {
      long started = System.nanoTime();
      store = EmbeddedStore.open(options());
      try {
        for (TableDescriptor d : List.of(config.table1(), config.table2())) {
          store.admin().createTable(d);
          models.put(d.name(), new ModelTable(d));
          tables.put(d.name(), store.table(d.name()));
        }
        for (opIndex = 0; opIndex < config.ops(); opIndex++) {
          step();
        }
        opIndex = config.ops();
        verifyEverything("final check");
        reopen();
        verifyEverything("final check after reopen");
      } catch (RuntimeException | Error e) {
        try {
          store.close();
        } catch (RuntimeException suppressed) {
          e.addSuppressed(suppressed);
        }
        throw e;
      }
      store.close();
      LOG.info("{}: {} ops, {} cells compared in {} ms; ops by kind: {}", config, config.ops(), cellsCompared,
          (System.nanoTime() - started) / 1_000_000, counts);
    }

    // ------------------------------------------------------------ the operations

    private void step() {
      int p = rnd.nextInt(1000);
      String table = rnd.nextInt(4) == 0 ? "t2" : "t1";
      if (p < 260) {
        write(table, "put", List.of(randomPut(table)));
      } else if (p < 380) {
        write(table, "delete", List.of(randomDelete(table)));
      } else if (p < 460) {
        write(table, "batch", randomBatch(table));
      } else if (p < 470) {
        badBatch(table);
      } else if (p < 670) {
        get(table);
      } else if (p < 700) {
        multiGet(table);
      } else if (p < 860) {
        scan(table);
      } else if (p < 890) {
        snapshotScan(table);
      } else if (p < 950) {
        advanceClock();
      } else if (p < 970) {
        flush(table);
      } else if (p < 975) {
        reopen();
      } else if (p < 977) {
        recreate("t2");
      } else {
        write(table, "put", List.of(randomPut(table)));
      }
    }

    private void count(String kind) {
      counts.merge(kind, 1, Integer::sum);
    }

    private void log(String op) {
      if (history.size() == HISTORY) {
        history.removeFirst();
      }
      history.addLast("#" + opIndex + " @" + (clock.now() - CLOCK_START) + "ms " + op);
    }

    private AssertionError failure(String what, Throwable cause) {
      StringBuilder sb = new StringBuilder();
      sb.append("differential test failed: ").append(what).append('\n');
      sb.append("  run: ").append(config).append('\n');
      sb.append("  replay: -Dtest=DifferentialTest#replay -Dcellar.diff.seed=").append(config.seed())
          .append(" -Dcellar.diff.ops=").append(config.ops()).append('\n');
      sb.append("  op #").append(opIndex).append(", clock ").append(clock.now()).append(" (start + ")
          .append(clock.now() - CLOCK_START).append(" ms)\n");
      sb.append("  last ").append(history.size()).append(" ops:\n");
      for (String h : history) {
        sb.append("    ").append(h).append('\n');
      }
      AssertionError e = new AssertionError(sb.toString(), cause);
      LOG.error("{}", sb);
      return e;
    }

    /** Runs an engine call; an unexpected exception fails the run with its context. */
    private <T> T engine(String what, Supplier<T> call) {
      try {
        return call.get();
      } catch (RuntimeException e) {
        throw failure("engine threw on " + what + ": " + e, e);
      }
    }

    private void write(String table, String kind, List<Mutation> batch) {
      long now = clock.now();
      count(kind);
      String desc = kind + " " + table + " " + describe(batch);
      log(desc);
      engine(desc, () -> {
        Table t = tables.get(table);
        boolean allPuts = batch.stream().allMatch(m -> m instanceof Put);
        boolean allDeletes = batch.stream().allMatch(m -> m instanceof Delete);
        int how = rnd.nextInt(3);
        if (how == 0 && batch.size() == 1 && allPuts) {
          t.put((Put) batch.get(0));
        } else if (how == 0 && batch.size() == 1) {
          t.delete((Delete) batch.get(0));
        } else if (how == 1 && allPuts) {
          t.put(batch.stream().map(m -> (Put) m).toList());
        } else if (how == 1 && allDeletes) {
          t.delete(batch.stream().map(m -> (Delete) m).toList());
        } else {
          t.batch(batch);
        }
        return null;
      });
      models.get(table).apply(batch, now);
      recentTs.add(now);
      trimRecent();
    }

    /** A batch in which one mutation names a family the table lacks: all of it must be refused. */
    private void badBatch(String table) {
      count("bad batch");
      List<Mutation> batch = randomBatch(table);
      Put bad = new Put(randomRow()).addColumn(Bytes.toBytes("nope"), randomQualifier(), randomValue());
      batch.add(rnd.nextInt(batch.size() + 1), bad);
      String desc = "bad batch " + table + " " + describe(batch);
      log(desc);
      try {
        tables.get(table).batch(batch);
      } catch (NoSuchFamilyException expected) {
        String m = String.valueOf(expected.getMessage());
        if (!m.contains("nope") || !m.contains(table)) {
          throw failure("the NoSuchFamilyException does not name the family and the table: " + m, expected);
        }
        return;
      } catch (RuntimeException e) {
        throw failure("expected NoSuchFamilyException for " + desc + " but got " + e, e);
      }
      throw failure("expected NoSuchFamilyException for " + desc + " but the batch was accepted", null);
    }

    private void get(String table) {
      count("get");
      Get g = new Get(randomRow());
      boolean unknown = configureQuery(table, g);
      String desc = "get " + table + " " + describe(g);
      log(desc);
      if (unknown) {
        expectNoSuchFamily(desc, () -> tables.get(table).get(g));
        return;
      }
      Result expected = models.get(table).get(g, clock.now());
      if (rnd.nextInt(10) == 0) {
        boolean exists = engine(desc, () -> tables.get(table).exists(g));
        if (exists == expected.isEmpty()) {
          throw failure("exists() = " + exists + " but the model's result is " + ResultDiff.describe(expected), null);
        }
        return;
      }
      Result actual = engine(desc, () -> tables.get(table).get(g));
      compare(desc, List.of(expected), List.of(actual));
    }

    private void multiGet(String table) {
      count("multi-get");
      List<Get> gets = new ArrayList<>();
      int n = 1 + rnd.nextInt(5);
      for (int i = 0; i < n; i++) {
        Get g = new Get(randomRow());
        while (configureQuery(table, g)) {
          g = new Get(randomRow());
        }
        gets.add(g);
      }
      StringBuilder desc = new StringBuilder("multi-get " + table);
      for (Get g : gets) {
        desc.append(' ').append(describe(g));
      }
      log(desc.toString());
      List<Result> expected = new ArrayList<>();
      for (Get g : gets) {
        expected.add(models.get(table).get(g, clock.now()));
      }
      List<Result> actual = engine(desc.toString(), () -> tables.get(table).get(gets));
      compare(desc.toString(), expected, actual);
    }

    private void scan(String table) {
      count("scan");
      Scan s = randomScan();
      boolean unknown = configureQuery(table, s);
      String desc = "scan " + table + " " + describe(s);
      log(desc);
      if (unknown) {
        expectNoSuchFamily(desc, () -> {
          try (ResultScanner rs = tables.get(table).scanner(s)) {
            return rs.next();
          }
        });
        return;
      }
      List<Result> expected = models.get(table).scan(s, clock.now());
      List<Result> actual = engine(desc, () -> drain(tables.get(table).scanner(s), 0));
      compare(desc, expected, actual);
      if (s.batch() == 0) {
        // the same scan through a visitor (views of the cells, in place where the engine can)
        compare(desc + " (visited)", expected, engine(desc, () -> VisitedRows.of(tables.get(table), s)));
      }
    }

    /** Opens a scan, writes (and maybe flushes) while it is open: it must see only its snapshot. */
    private void snapshotScan(String table) {
      count("snapshot scan");
      Scan s = randomScan();
      while (configureQuery(table, s)) {
        s = randomScan();
      }
      Scan scan = s;
      String desc = "snapshot scan " + table + " " + describe(scan);
      log(desc);
      List<Result> expected = models.get(table).scan(scan, clock.now());
      ResultScanner rs = engine(desc, () -> tables.get(table).scanner(scan));
      try {
        int before = rnd.nextInt(3);
        List<Result> actual = engine(desc, () -> drain(rs, before));
        int writes = 1 + rnd.nextInt(3);
        for (int i = 0; i < writes; i++) {
          String t = rnd.nextBoolean() ? table : (table.equals("t1") ? "t2" : "t1");
          int k = rnd.nextInt(10);
          if (k < 5) {
            write(t, "put (scan open)", List.of(randomPut(t)));
          } else if (k < 8) {
            write(t, "delete (scan open)", List.of(randomDelete(t)));
          } else {
            write(t, "batch (scan open)", randomBatch(t));
          }
        }
        if (rnd.nextBoolean()) {
          flush(table);
        }
        if (rnd.nextInt(4) == 0) {
          advanceClock();
        }
        log("snapshot scan continues");
        actual.addAll(engine(desc, () -> drain(rs, 0)));
        compare(desc + " (writes while it was open)", expected, actual);
      } finally {
        rs.close();
      }
    }

    private void advanceClock() {
      count("clock");
      int k = rnd.nextInt(20);
      long ms;
      if (k < 3) {
        ms = 0;
      } else if (k < 6) {
        ms = 1;
      } else if (k < 14) {
        ms = 1 + rnd.nextInt(3000);
      } else if (k < 17 && !recentTs.isEmpty()) {
        // To the very instant a recent timestamp expires (the next millisecond is past it).
        long boundary = recentTs.get(rnd.nextInt(recentTs.size())) + 1000L * TTL_SECONDS;
        ms = boundary > clock.now() && boundary - clock.now() < 1_000_000 ? boundary - clock.now() : 1;
      } else {
        ms = 1000L * TTL_SECONDS / 2 + rnd.nextInt(1000 * TTL_SECONDS);
      }
      clock.advance(ms);
      log("clock += " + ms + " ms");
    }

    private void flush(String table) {
      count("flush");
      log("flush " + table);
      engine("flush " + table, () -> {
        store.admin().flush(table);
        return null;
      });
    }

    /** Drops a table and creates it again: nothing of the old one may come back, even from the log. */
    private void recreate(String table) {
      count("recreate");
      log("drop and recreate " + table);
      TableDescriptor d = models.get(table).descriptor();
      engine("drop and recreate " + table, () -> {
        store.admin().deleteTable(table);
        store.admin().createTable(d);
        tables.put(table, store.table(table));
        return null;
      });
      models.put(table, new ModelTable(d));
    }

    private void reopen() {
      count("reopen");
      boolean before = flushOnClose;
      flushOnClose = rnd.nextBoolean();
      log("reopen (closed with flushOnClose=" + before + ", reopened with flushOnClose=" + flushOnClose + ")");
      engine("reopen", () -> {
        store.close();
        store = EmbeddedStore.open(options());
        for (String t : models.keySet()) {
          tables.put(t, store.table(t));
        }
        return null;
      });
      verifyEverything("after reopen");
    }

    /** Compares every table in full: all versions, forwards and reversed. */
    private void verifyEverything(String why) {
      for (String t : models.keySet()) {
        for (boolean reversed : new boolean[] {false, true}) {
          Scan s = new Scan().readAllVersions().setReversed(reversed);
          String desc = why + ": full scan of " + t + (reversed ? " reversed" : "");
          List<Result> expected = models.get(t).scan(s, clock.now());
          List<Result> actual = engine(desc, () -> drain(tables.get(t).scanner(s), 0));
          compare(desc, expected, actual);
          if (!reversed) {
            compare(desc + " (visited)", expected, engine(desc, () -> VisitedRows.of(tables.get(t), s)));
          }
        }
      }
    }

    private void expectNoSuchFamily(String desc, Supplier<Object> call) {
      try {
        call.get();
      } catch (NoSuchFamilyException expected) {
        return;
      } catch (RuntimeException e) {
        throw failure("expected NoSuchFamilyException for " + desc + " but got " + e, e);
      }
      throw failure("expected NoSuchFamilyException for " + desc + " but the read succeeded", null);
    }

    /** Reads the scanner to its end (or {@code max} results if positive); closes it when exhausted. */
    private static List<Result> drain(ResultScanner rs, int max) {
      List<Result> out = new ArrayList<>();
      Result r;
      while ((max == 0 || out.size() < max) && (r = rs.next()) != null) {
        out.add(r);
      }
      if (max == 0) {
        rs.close();
      }
      return out;
    }

    private void compare(String desc, List<Result> expected, List<Result> actual) {
      String d = ResultDiff.diff(expected, actual);
      if (d != null) {
        throw failure(desc + "\n  " + d, null);
      }
      for (Result r : expected) {
        cellsCompared += r.size();
      }
    }

    // ------------------------------------------------------------ random inputs

    /** A row key; a third of the time one of five "hot" rows, so that columns grow deep histories. */
    private byte[] randomRow() {
      return rnd.nextInt(3) == 0 ? ROWS[HOT_ROWS[rnd.nextInt(HOT_ROWS.length)]] : ROWS[rnd.nextInt(ROWS.length)];
    }

    private byte[] randomQualifier() {
      return QUALIFIERS[rnd.nextInt(QUALIFIERS.length)];
    }

    private byte[] randomFamily(String table) {
      List<ColumnFamilyDescriptor> fs = new ArrayList<>(models.get(table).descriptor().families());
      return fs.get(rnd.nextInt(fs.size())).nameBytes();
    }

    private byte[] randomValue() {
      int k = rnd.nextInt(20);
      int len = k == 0 ? 0 : k < 18 ? 1 + rnd.nextInt(24) : 100 + rnd.nextInt(1500);
      byte[] v = new byte[len];
      rnd.nextBytes(v);
      return v;
    }

    private void trimRecent() {
      while (recentTs.size() > 30) {
        recentTs.remove(0);
      }
    }

    /** An explicit timestamp: from a fixed small set, near now, in the future, tiny, or recently used. */
    private long explicitTs() {
      int k = rnd.nextInt(100);
      long ts;
      if (k < 30) {
        ts = CLOCK_START + 1000L * rnd.nextInt(10);
      } else if (k < 55) {
        ts = Math.max(0, clock.now() - 500L * rnd.nextInt(30));
      } else if (k < 62) {
        ts = clock.now() + 500L * (1 + rnd.nextInt(4));
      } else if (k < 67) {
        ts = rnd.nextInt(6);
      } else if (k < 68 && rnd.nextInt(2) == 0) {
        ts = Long.MAX_VALUE - 1 - rnd.nextInt(2);
      } else if (!recentTs.isEmpty()) {
        ts = recentTs.get(rnd.nextInt(recentTs.size()));
      } else {
        ts = clock.now();
      }
      return ts;
    }

    /** An explicit timestamp, remembered for later deletes and ranges. */
    private long writeTs() {
      long ts = explicitTs();
      recentTs.add(ts);
      trimRecent();
      return ts;
    }

    private void maybeDurability(Mutation m) {
      int k = rnd.nextInt(20);
      if (k == 0) {
        m.setDurability(Durability.ASYNC_WAL);
      } else if (k == 1) {
        m.setDurability(Durability.FSYNC_WAL);
      } else if (k == 2) {
        m.setDurability(Durability.SYNC_WAL);
      }
    }

    private Put randomPut(String table) {
      byte[] row = randomRow();
      Put p = rnd.nextInt(5) == 0 ? new Put(row, writeTs()) : new Put(row);
      int n = 1 + rnd.nextInt(rnd.nextInt(4) == 0 ? 12 : 4);
      for (int i = 0; i < n; i++) {
        byte[] f = randomFamily(table);
        byte[] q = randomQualifier();
        if (rnd.nextInt(5) < 3) {
          p.addColumn(f, q, randomValue());
        } else {
          p.addColumn(f, q, writeTs(), randomValue());
        }
      }
      maybeDurability(p);
      return p;
    }

    private Delete randomDelete(String table) {
      byte[] row = randomRow();
      boolean rowTs = rnd.nextInt(5) == 0;
      Delete d = rowTs ? new Delete(row, explicitTs()) : new Delete(row);
      int kind = rnd.nextInt(100);
      if (kind < 7) {
        maybeDurability(d);
        return d; // whole row, at the delete's timestamp
      }
      int n = rnd.nextInt(4) == 0 ? 2 + rnd.nextInt(3) : 1;
      for (int i = 0; i < n; i++) {
        byte[] f = randomFamily(table);
        byte[] q = randomQualifier();
        int k = rnd.nextInt(9);
        switch (k) {
          case 0, 1 -> d.addColumn(f, q, explicitTs()); // one version
          case 2, 3 -> d.addColumn(f, q); // latest version (or the delete's timestamp)
          case 4 -> d.addColumns(f, q); // every version at or before now
          case 5 -> d.addColumns(f, q, explicitTs());
          case 6 -> d.addFamily(f);
          case 7 -> d.addFamily(f, explicitTs());
          default -> d.addFamilyVersion(f, explicitTs());
        }
      }
      maybeDurability(d);
      return d;
    }

    private List<Mutation> randomBatch(String table) {
      List<Mutation> batch = new ArrayList<>();
      int n = 2 + rnd.nextInt(5);
      for (int i = 0; i < n; i++) {
        batch.add(rnd.nextInt(3) == 0 ? randomDelete(table) : randomPut(table));
      }
      return batch;
    }

    /** Adds random columns, versions and time range; returns true if it named an unknown family. */
    private boolean configureQuery(String table, Query<?> q) {
      int k = rnd.nextInt(100);
      boolean unknown = false;
      if (k < 40) {
        // every family
      } else if (k < 60) {
        q.addFamily(randomFamily(table));
        if (rnd.nextBoolean()) {
          q.addFamily(randomFamily(table));
        }
      } else if (k < 85) {
        int n = 1 + rnd.nextInt(3);
        for (int i = 0; i < n; i++) {
          q.addColumn(randomFamily(table), randomQualifier());
        }
      } else if (k < 98) {
        q.addColumn(randomFamily(table), randomQualifier());
        q.addFamily(randomFamily(table));
        q.addColumn(randomFamily(table), randomQualifier());
      } else {
        q.addFamily(Bytes.toBytes("nope"));
        unknown = true;
      }
      int v = rnd.nextInt(10);
      if (v < 3) {
        // the default: one version
      } else if (v < 8) {
        q.readVersions(1 + rnd.nextInt(5));
      } else {
        q.readAllVersions();
      }
      int t = rnd.nextInt(10);
      if (t < 2) {
        long a = explicitTs();
        long b = explicitTs();
        q.setTimeRange(Math.min(a, b), Math.max(a, b) + (rnd.nextBoolean() ? 1 : 0));
      } else if (t < 3) {
        q.setTimestamp(explicitTs());
      } else if (t < 4) {
        q.setTimeRange(explicitTs(), Long.MAX_VALUE);
      }
      return unknown;
    }

    private byte[] randomBound() {
      int k = rnd.nextInt(10);
      if (k < 6) {
        return randomRow();
      }
      if (k < 9) {
        return NON_KEYS[rnd.nextInt(NON_KEYS.length)];
      }
      return Bytes.EMPTY;
    }

    private Scan randomScan() {
      Scan s = new Scan();
      boolean reversed = rnd.nextInt(3) == 0;
      s.setReversed(reversed);
      int k = rnd.nextInt(10);
      if (k < 3) {
        // whole table
      } else if (k < 5) {
        s.setRowPrefix(PREFIXES[rnd.nextInt(PREFIXES.length)]);
      } else {
        byte[] a = randomBound();
        byte[] b = randomBound();
        // Mostly a sensible order (start below stop forwards, above it reversed); sometimes not.
        boolean swap = rnd.nextInt(8) != 0 && a.length > 0 && b.length > 0
            && (Bytes.compare(a, b) > 0) != reversed;
        byte[] start = swap ? b : a;
        byte[] stop = swap ? a : b;
        if (rnd.nextInt(4) != 0) {
          s.withStartRow(start, rnd.nextInt(4) != 0);
        }
        if (rnd.nextInt(4) != 0) {
          s.withStopRow(stop, rnd.nextInt(3) == 0);
        }
      }
      if (rnd.nextInt(4) == 0) {
        s.setLimit(1 + rnd.nextInt(5));
      }
      if (rnd.nextInt(4) == 0) {
        s.setBatch(1 + rnd.nextInt(4));
      }
      if (rnd.nextInt(4) == 0) {
        s.setCaching(1 + rnd.nextInt(3));
      }
      return s;
    }

    // ------------------------------------------------------------ descriptions

    private static String describe(List<Mutation> batch) {
      StringBuilder sb = new StringBuilder();
      for (Mutation m : batch) {
        if (sb.length() > 0) {
          sb.append(" + ");
        }
        sb.append(describe(m));
      }
      return sb.toString();
    }

    private static String describe(Mutation m) {
      StringBuilder sb = new StringBuilder(m instanceof Put ? "Put(" : "Delete(");
      sb.append(Bytes.toStringBinary(m.row()));
      if (m.timestamp() != Mutation.LATEST_TIMESTAMP) {
        sb.append(", ts=").append(m.timestamp());
      }
      if (m.durability() != Durability.USE_DEFAULT) {
        sb.append(", ").append(m.durability());
      }
      sb.append(")");
      if (m instanceof Delete d && d.isRowDelete()) {
        return sb.append("{whole row}").toString();
      }
      sb.append('{');
      boolean first = true;
      for (Cell c : m.cells()) {
        if (!first) {
          sb.append(", ");
        }
        first = false;
        sb.append(Bytes.toStringBinary(c.family())).append(':').append(Bytes.toStringBinary(c.qualifier()))
            .append('/').append(c.timestamp() == Mutation.LATEST_TIMESTAMP ? "LATEST" : Long.toString(c.timestamp()));
        if (c.type() == CellType.PUT) {
          sb.append("=").append(c.value().length).append("b");
        } else {
          sb.append('/').append(c.type());
        }
      }
      return sb.append('}').toString();
    }

    private static String describe(Query<?> q) {
      StringBuilder sb = new StringBuilder();
      if (q instanceof Get g) {
        sb.append("row=").append(Bytes.toStringBinary(g.row()));
      } else if (q instanceof Scan s) {
        sb.append(s);
        if (s.batch() > 0) {
          sb.append(" batch=").append(s.batch());
        }
      }
      sb.append(" columns=");
      if (q.columns().isEmpty()) {
        sb.append("all");
      } else {
        sb.append('{');
        q.columns().forEach((f, qs) -> {
          sb.append(Bytes.toStringBinary(f)).append(':');
          if (qs == null) {
            sb.append('*');
          } else {
            List<String> names = new ArrayList<>();
            for (byte[] x : qs) {
              names.add(Bytes.toStringBinary(x));
            }
            sb.append(names);
          }
          sb.append(' ');
        });
        sb.append('}');
      }
      sb.append(" versions=").append(q.maxVersions() == Integer.MAX_VALUE ? "all" : q.maxVersions());
      sb.append(" range=").append(q.timeRange());
      return sb.toString();
    }
  }

  /** The model itself: a few fixed cases, so that a wrong model does not pass silently. */
  @Test
  void modelSanity() {
    TableDescriptor d = TableDescriptor.newBuilder("m")
        .family(ColumnFamilyDescriptor.newBuilder("f").maxVersions(2).build()).build();
    ModelTable m = new ModelTable(d);
    byte[] f = Bytes.toBytes("f");
    byte[] q = Bytes.toBytes("q");
    byte[] r = Bytes.toBytes("r");
    m.apply(List.of(new Put(r).addColumn(f, q, 10, Bytes.toBytes("x"))), 100);
    m.apply(List.of(new Put(r).addColumn(f, q, 10, Bytes.toBytes("y"))), 100);
    m.apply(List.of(new Put(r).addColumn(f, q, 20, Bytes.toBytes("z"))), 100);
    m.apply(List.of(new Put(r).addColumn(f, q, 5, Bytes.toBytes("w"))), 100);
    Result all = m.get(new Get(r).readAllVersions(), 100);
    assertEquals(2, all.size());
    assertEquals(20, all.cells().get(0).timestamp());
    assertEquals("y", Bytes.toString(all.cells().get(1).value()));
    m.apply(List.of(new Delete(r).addColumn(f, q)), 100); // latest = 20
    assertEquals(10, m.get(new Get(r), 100).cells().get(0).timestamp());
    m.apply(List.of(new Delete(r).addFamily(f, 10)), 100);
    assertEquals(0, m.get(new Get(r), 100).size());
    m.apply(List.of(new Put(r).addColumn(f, q, 9, Bytes.toBytes("old"))), 100);
    assertEquals(0, m.get(new Get(r), 100).size());
  }
}
