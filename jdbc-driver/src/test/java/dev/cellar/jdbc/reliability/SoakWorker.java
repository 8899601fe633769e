package dev.cellar.jdbc.reliability;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;

/**
 * The child JVM of {@link SoakTest}: opens a {@code file:} database and runs a mixed workload on
 * several threads until it is killed (point reads, range scans, lookups through a global and a
 * LOCAL index, wide-row reads, inserts, updates, deletes, wide-row upserts and small
 * transactions), printing on standard output every few seconds one {@code stat} line (the
 * operations done per kind, the CPU time of its Java threads, the CPU time of a fixed piece of work
 * (the machine's speed at that moment), heap used after a full GC, live threads and open file
 * descriptors), and one {@code ack} line per committed transaction of the ledger, once its
 * commit returned.
 *
 * <p>The ledger is what the parent checks after a kill: writer thread {@code t} keeps the
 * sequence {@code N} of its last transaction in {@code LCOUNT} and the ledger rows
 * {@code N-WINDOW+1..N} in {@code LEDGER}; each transaction raises {@code N} by one, inserts the
 * new ledger row and deletes the one leaving the window, so the tables stay the same size.
 */
final class SoakWorker {
  static final int THREADS = 4;
  static final int ITEMS = 10_000;
  static final int CATEGORIES = 200;
  static final int GROUPS = 200;
  static final int SEQS = 40;
  static final int WIDE_ROWS = 1_000;
  static final int WIDE_COLUMNS = 16;
  static final int WINDOW = 200;
  static final String[] INDEXES = {"ITEM_CAT ON ITEM", "EVT_TAG ON EVT"};

  /** The kinds of operation, in the order of the counts on a {@code stat} line. */
  enum Kind {
    POINT(30), RANGE(8), INDEX(10), LOCAL(6), WIDE_READ(6), INSERT(10), UPDATE(10), DELETE(8), WIDE_WRITE(5), TX(7);

    final int weight;

    Kind(int weight) {
      this.weight = weight;
    }
  }

  private static final LongAdder[] DONE = new LongAdder[Kind.values().length];
  private static final LongAdder ERRORS = new LongAdder();

  private SoakWorker() {}

  /**
   * The database's URL: memstores flushed at 4 MiB, log segments rolled at 2 MiB and regions split
   * at 16 MiB, so that a life of a few minutes flushes, compacts, frees log segments and splits
   * regions many times over; a block cache of {@link #BLOCK_CACHE} bytes.
   */
  static String url(String dir) {
    return "jdbc:cellar:file:" + dir + ";flushSize=" + (4 << 20) + ";walSegmentSize=" + (2 << 20)
        + ";regionSplitSize=" + (16 << 20) + ";blockCacheSize=" + BLOCK_CACHE;
  }

  /** The block cache's size: the heap after GC grows by up to this much as it fills. */
  static final long BLOCK_CACHE = 16 << 20;

  /** The tables, their indexes and their rows, at the size the workload keeps them. */
  static void create(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE ITEM (ID BIGINT NOT NULL PRIMARY KEY, CAT VARCHAR(10), QTY BIGINT, NOTE VARCHAR(100))");
      s.execute("CREATE INDEX ITEM_CAT ON ITEM (CAT) INCLUDE (QTY)");
      s.execute("CREATE TABLE EVT (GRP INTEGER NOT NULL, SEQ INTEGER NOT NULL, TAG VARCHAR(10), BODY VARCHAR(200), "
          + "CONSTRAINT PK_EVT PRIMARY KEY (GRP, SEQ DESC))");
      s.execute("CREATE LOCAL INDEX EVT_TAG ON EVT (TAG)");
      StringBuilder wide = new StringBuilder("CREATE TABLE WIDE (ID INTEGER NOT NULL PRIMARY KEY");
      for (int i = 0; i < WIDE_COLUMNS; i++) {
        wide.append(", C").append(i).append(" VARCHAR(200)");
      }
      s.execute(wide.append(")").toString());
      s.execute("CREATE TABLE LCOUNT (T INTEGER NOT NULL PRIMARY KEY, N BIGINT)");
      s.execute("CREATE TABLE LEDGER (T INTEGER NOT NULL, SEQ BIGINT NOT NULL, LIFE INTEGER, BODY VARCHAR(100), "
          + "CONSTRAINT PK_LEDGER PRIMARY KEY (T, SEQ))");
      for (int t = 0; t < THREADS; t++) {
        s.executeUpdate("UPSERT INTO LCOUNT VALUES (" + t + ", 0)");
      }
    }
    Random r = new Random(1);
    try (PreparedStatement item = c.prepareStatement("UPSERT INTO ITEM VALUES (?, ?, ?, ?)");
        PreparedStatement evt = c.prepareStatement("UPSERT INTO EVT VALUES (?, ?, ?, ?)");
        PreparedStatement wide = c.prepareStatement(wideUpsert())) {
      for (int id = 0; id < ITEMS; id += 2) {
        bindItem(item, r, id);
        item.addBatch();
      }
      item.executeBatch();
      for (int g = 0; g < GROUPS; g++) {
        for (int q = 0; q < SEQS; q += 2) {
          bindEvent(evt, r, g, q);
          evt.addBatch();
        }
      }
      evt.executeBatch();
      for (int id = 0; id < WIDE_ROWS; id++) {
        bindWide(wide, r, id);
        wide.addBatch();
      }
      wide.executeBatch();
    }
  }

  /** Args: database directory, life number, seed, report interval in ms. Runs until killed. */
  public static void main(String[] args) throws Exception {
    String url = url(args[0]);
    int life = Integer.parseInt(args[1]);
    long seed = Long.parseLong(args[2]);
    long reportMs = Long.parseLong(args[3]);
    for (int k = 0; k < DONE.length; k++) {
      DONE[k] = new LongAdder();
    }
    List<Connection> connections = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      connections.add(DriverManager.getConnection(url));
    }
    System.out.println("open");
    System.out.flush();
    for (int t = 0; t < THREADS; t++) {
      int thread = t;
      Connection c = connections.get(t);
      Thread worker = new Thread(() -> work(c, thread, life, new Random(seed * 31 + life * 1_000_003L + thread)),
          "soak-" + t);
      worker.setDaemon(true);
      worker.start();
    }
    long start = System.nanoTime();
    while (true) {
      Thread.sleep(reportMs);
      System.out.println(stat((System.nanoTime() - start) / 1_000_000));
      System.out.flush();
    }
  }

  private static void work(Connection c, int t, int life, Random r) {
    try (PreparedStatement point = c.prepareStatement("SELECT CAT, QTY, NOTE FROM ITEM WHERE ID = ?");
        PreparedStatement range = c.prepareStatement("SELECT ID, QTY FROM ITEM WHERE ID >= ? AND ID < ?");
        PreparedStatement byCat = c.prepareStatement("SELECT ID, QTY FROM ITEM WHERE CAT = ?");
        PreparedStatement byTag = c.prepareStatement("SELECT GRP, SEQ FROM EVT WHERE GRP = ? AND TAG = ?");
        PreparedStatement wideRead = c.prepareStatement("SELECT * FROM WIDE WHERE ID = ?");
        PreparedStatement insertItem = c.prepareStatement("INSERT INTO ITEM VALUES (?, ?, ?, ?)");
        PreparedStatement insertEvt = c.prepareStatement("INSERT INTO EVT VALUES (?, ?, ?, ?)");
        PreparedStatement update = c.prepareStatement("UPDATE ITEM SET QTY = QTY + 1, CAT = ? WHERE ID = ?");
        PreparedStatement deleteItem = c.prepareStatement("DELETE FROM ITEM WHERE ID = ?");
        PreparedStatement deleteEvt = c.prepareStatement("DELETE FROM EVT WHERE GRP = ? AND SEQ >= ?");
        PreparedStatement wideWrite = c.prepareStatement(wideUpsert());
        PreparedStatement count = c.prepareStatement("UPDATE LCOUNT SET N = ? WHERE T = ?");
        PreparedStatement ledger = c.prepareStatement("INSERT INTO LEDGER VALUES (?, ?, ?, ?)");
        PreparedStatement drop = c.prepareStatement("DELETE FROM LEDGER WHERE T = ? AND SEQ = ?")) {
      long seq;
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT N FROM LCOUNT WHERE T = " + t)) {
        rs.next();
        seq = rs.getLong(1);
      }
      int total = 0;
      for (Kind k : Kind.values()) {
        total += k.weight;
      }
      while (true) {
        int pick = r.nextInt(total);
        Kind kind = Kind.POINT;
        for (Kind k : Kind.values()) {
          if (pick < k.weight) {
            kind = k;
            break;
          }
          pick -= k.weight;
        }
        try {
          switch (kind) {
            case POINT -> {
              point.setLong(1, r.nextInt(ITEMS));
              drain(point);
            }
            case RANGE -> {
              long from = r.nextInt(ITEMS);
              range.setLong(1, from);
              range.setLong(2, from + 1 + r.nextInt(100));
              drain(range);
            }
            case INDEX -> {
              byCat.setString(1, "c" + r.nextInt(CATEGORIES));
              drain(byCat);
            }
            case LOCAL -> {
              byTag.setInt(1, r.nextInt(GROUPS));
              byTag.setString(2, "t" + r.nextInt(5));
              drain(byTag);
            }
            case WIDE_READ -> {
              wideRead.setInt(1, r.nextInt(WIDE_ROWS));
              drain(wideRead);
            }
            case INSERT -> {
              if (r.nextBoolean()) {
                bindItem(insertItem, r, r.nextInt(ITEMS));
                insertItem.executeUpdate();
              } else {
                bindEvent(insertEvt, r, r.nextInt(GROUPS), r.nextInt(SEQS));
                insertEvt.executeUpdate();
              }
            }
            case UPDATE -> {
              update.setString(1, "c" + r.nextInt(CATEGORIES));
              update.setLong(2, r.nextInt(ITEMS));
              update.executeUpdate();
            }
            case DELETE -> {
              if (r.nextBoolean()) {
                deleteItem.setLong(1, r.nextInt(ITEMS));
                deleteItem.executeUpdate();
              } else {
                deleteEvt.setInt(1, r.nextInt(GROUPS));
                deleteEvt.setInt(2, SEQS - 1 - r.nextInt(4));
                deleteEvt.executeUpdate();
              }
            }
            case WIDE_WRITE -> {
              bindWide(wideWrite, r, r.nextInt(WIDE_ROWS));
              wideWrite.executeUpdate();
            }
            case TX -> {
              long next = seq + 1;
              c.setAutoCommit(false);
              try {
                count.setLong(1, next);
                count.setInt(2, t);
                count.executeUpdate();
                ledger.setInt(1, t);
                ledger.setLong(2, next);
                ledger.setInt(3, life);
                ledger.setString(4, text(r, 60));
                ledger.executeUpdate();
                drop.setInt(1, t);
                drop.setLong(2, next - WINDOW);
                drop.executeUpdate();
                c.commit();
              } catch (SQLException e) {
                c.rollback();
                throw e;
              } finally {
                c.setAutoCommit(true);
              }
              seq = next;
              System.out.println("ack " + t + " " + seq);
            }
            default -> throw new AssertionError(kind);
          }
          DONE[kind.ordinal()].increment();
        } catch (SQLException e) {
          if (kind == Kind.INSERT && "23505".equals(e.getSQLState())) {
            DONE[kind.ordinal()].increment(); // the key was there: an insert's ordinary outcome here
          } else {
            ERRORS.increment();
            System.out.println("error " + kind + " " + e.getSQLState() + " " + e.getMessage().replace('\n', ' '));
          }
        }
      }
    } catch (Throwable e) {
      System.out.println("error thread " + t + " " + e.toString().replace('\n', ' '));
      e.printStackTrace();
    }
  }

  private static void drain(PreparedStatement p) throws SQLException {
    try (ResultSet rs = p.executeQuery()) {
      while (rs.next()) {
        rs.getObject(1);
      }
    }
  }

  private static String wideUpsert() {
    StringBuilder sql = new StringBuilder("UPSERT INTO WIDE VALUES (?");
    for (int i = 0; i < WIDE_COLUMNS; i++) {
      sql.append(", ?");
    }
    return sql.append(")").toString();
  }

  private static void bindItem(PreparedStatement p, Random r, long id) throws SQLException {
    p.setLong(1, id);
    p.setString(2, "c" + r.nextInt(CATEGORIES));
    p.setLong(3, r.nextInt(1000));
    p.setString(4, text(r, 40));
  }

  private static void bindEvent(PreparedStatement p, Random r, int grp, int seq) throws SQLException {
    p.setInt(1, grp);
    p.setInt(2, seq);
    p.setString(3, "t" + r.nextInt(5));
    p.setString(4, text(r, 120));
  }

  private static void bindWide(PreparedStatement p, Random r, int id) throws SQLException {
    p.setInt(1, id);
    for (int i = 0; i < WIDE_COLUMNS; i++) {
      p.setString(2 + i, text(r, 150));
    }
  }

  private static String text(Random r, int length) {
    char[] chars = new char[length];
    for (int i = 0; i < length; i++) {
      chars[i] = (char) ('a' + r.nextInt(26));
    }
    return new String(chars);
  }

  /** CPU time the reports' calibrations took, left out of the threads' CPU time they report. */
  private static long calibrationCpu;

  /**
   * One report: {@code stat ms=.. cpu=.. flushcpu=.. compactcpu=.. calib=.. heap=.. threads=.. fds=.. errors=.. POINT=.. ...}.
   * {@code calib} is the CPU time in microseconds of a fixed piece of work ({@link #calibrate}): what
   * the machine's speed at that moment makes of the same work.
   */
  private static String stat(long ms) throws IOException {
    System.gc();
    long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    long calib = calibrate(mx);
    calibrationCpu += calib;
    long cpu = -calibrationCpu; // of the Java threads (workers, flushes, compactions), not of the compiler's or the collector's
    long flush = 0;
    long compact = 0;
    for (long id : mx.getAllThreadIds()) {
      long t = Math.max(0, mx.getThreadCpuTime(id));
      cpu += t;
      ThreadInfo info = mx.getThreadInfo(id);
      String name = info == null ? "" : info.getThreadName();
      if (name.equals("cellar-flush")) {
        flush += t;
      } else if (name.equals("cellar-compact")) {
        compact += t;
      }
    }
    int threads = mx.getThreadCount();
    long fds;
    try (Stream<Path> open = Files.list(Path.of("/proc/self/fd"))) {
      fds = open.count() - 1; // less the listing's own
    }
    StringBuilder line = new StringBuilder("stat ms=").append(ms).append(" cpu=").append(cpu / 1_000_000)
        .append(" flushcpu=").append(flush / 1_000_000).append(" compactcpu=").append(compact / 1_000_000)
        .append(" calib=").append(calib / 1_000)
        .append(" heap=").append(heap).append(" threads=").append(threads).append(" fds=").append(fds)
        .append(" errors=").append(ERRORS.sum());
    for (Kind k : Kind.values()) {
      line.append(' ').append(k).append('=').append(DONE[k.ordinal()].sum());
    }
    return line.toString();
  }

  /**
   * The CPU time in nanoseconds of the same work every time: hashing, sorting and looking up
   * 20,000 seeded numbers, the kind of work the workload's threads do. A machine made slower by
   * others (a neighbour on the same core, a throttled clock) makes it slower in the same measure
   * as the workload.
   */
  private static long calibrate(ThreadMXBean mx) {
    long t0 = mx.getCurrentThreadCpuTime();
    Random r = new Random(42);
    long[] keys = new long[20_000];
    Map<Long, Long> map = new HashMap<>();
    for (int round = 0; round < 4; round++) {
      map.clear();
      for (int i = 0; i < keys.length; i++) {
        keys[i] = r.nextLong();
        map.put(keys[i], (long) i);
      }
      Arrays.sort(keys);
      long sum = 0;
      for (long k : keys) {
        sum += map.get(k);
      }
      if (sum != (long) keys.length * (keys.length - 1) / 2) {
        throw new AssertionError("calibration summed " + sum);
      }
    }
    return mx.getCurrentThreadCpuTime() - t0;
  }
}
