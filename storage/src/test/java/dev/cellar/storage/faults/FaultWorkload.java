package dev.cellar.storage.faults;

import static org.junit.jupiter.api.Assertions.fail;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellType;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Compression;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Durability;
import dev.cellar.storage.Mutation;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.BulkLoad;
import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.embedded.StoreOptions;
import dev.cellar.storage.fs.Vfs;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

/**
 * A workload for fault tests and the model that checks a store after a fault. One writer (the
 * caller's thread) writes atomic batches of puts and deletes with explicit, ever-growing
 * timestamps and random durabilities, and now and then flushes, compacts, splits, bulk-loads and
 * creates or drops a second table; small flush, segment and split sizes make the store flush,
 * roll its log, compact and split by itself in the background too.
 *
 * <p>After a fault and a reopen, {@link #verify} requires that the logged rows hold exactly the
 * state after some prefix of the operations of the cycle (atomic batches whole or absent, losses
 * only at the end), and a prefix no shorter than the last operation whose durability is
 * promised: an acknowledged {@code FSYNC_WAL} write, every write acknowledged before a flush or a
 * major compaction that returned, and, after a crash of the process alone, an acknowledged
 * {@code SYNC_WAL} write. Bulk-loaded rows (their own key space) must hold every committed load
 * whole, an interrupted commit whole or not at all, and nothing else. What was found becomes
 * the state the next cycle must keep.
 */
final class FaultWorkload {
  static final String TABLE = "t";
  static final String OTHER = "u";
  private static final String[] FAMILIES = {"f", "g"};
  private static final int ROWS = 300;

  private final Random rnd;
  private long nextTs = 1;
  private long nextLoad = 1;
  private boolean created;

  /** The logged rows ({@code row/family:qualifier} → value) that every later state must start from. */
  private TreeMap<String, String> base = new TreeMap<>();
  /** This cycle's operations on logged rows, in order. */
  private final List<Op> ops = new ArrayList<>();
  /** How many of {@link #ops} must survive a power loss / a process crash. */
  private int durableOps;
  private int durableOpsIfProcessCrash;

  private final Set<Long> loadsPresent = new HashSet<>();
  private final Set<Long> loadsGone = new HashSet<>();
  private final Map<Long, Integer> loadSizes = new TreeMap<>();
  private final Set<Long> loadsCommitted = new HashSet<>();

  /** Counts of what ran, for reports. */
  long writes;
  long fsyncAcks;
  long flushes;
  long compactions;
  long splits;
  long bulkLoads;
  long catalogChanges;

  /** Totals of several workloads, for reports. */
  static final class Counts {
    private long writes;
    private long fsyncAcks;
    private long flushes;
    private long compactions;
    private long splits;
    private long bulkLoads;
    private long catalogChanges;

    void add(FaultWorkload w) {
      writes += w.writes;
      fsyncAcks += w.fsyncAcks;
      flushes += w.flushes;
      compactions += w.compactions;
      splits += w.splits;
      bulkLoads += w.bulkLoads;
      catalogChanges += w.catalogChanges;
    }

    @Override
    public String toString() {
      return writes + " writes (" + fsyncAcks + " FSYNC_WAL), " + flushes + " flushes, " + compactions
          + " compactions, " + splits + " splits, " + bulkLoads + " bulk loads, " + catalogChanges
          + " catalog changes acknowledged (and those the store made by itself)";
    }
  }

  /** One logged operation: its changes to the model, applied in order. */
  private record Op(List<String[]> changes) {}

  FaultWorkload(Random rnd) {
    this.rnd = rnd;
  }

  /** Options that make a small store flush, roll, compact and split often. */
  static StoreOptions options(Vfs fs) {
    return StoreOptions.builder(fs)
        .flushOnClose(false)
        .flushSize(12 << 10)
        .walSegmentSize(6 << 10)
        .asyncWalIntervalMs(2)
        .compactionThreshold(3)
        .regionSplitSize(40 << 10)
        .majorCompactionPeriodMs(0)
        .blockCacheSize(1 << 20)
        .build();
  }

  private static TableDescriptor descriptor(String name) {
    return TableDescriptor.newBuilder(name)
        .family(ColumnFamilyDescriptor.newBuilder("f").maxVersions(1).blockSize(1024).build())
        .family(ColumnFamilyDescriptor.newBuilder("g").maxVersions(1).blockSize(2048)
            .compression(Compression.SNAPPY).build())
        .build();
  }

  /** Creates the table if the store has not got it yet (a store new or lost before its creation was durable). */
  void prepare(EmbeddedStore s) {
    if (!s.admin().tableExists(TABLE)) {
      s.admin().createTable(descriptor(TABLE), new byte[][] {Bytes.toBytes("k150")});
      created = true;
      catalogChanges++;
    }
  }

  /** The kind of the last operation {@link #step} ran. */
  String lastKind;

  /** Runs one random operation; throws what the store throws. */
  void step(EmbeddedStore s) {
    int r = rnd.nextInt(100);
    lastKind = r < 82 ? "write" : r < 86 ? "flush" : r < 91 ? "compaction" : r < 93 ? "split" : r < 98 ? "bulk load"
        : "catalog change";
    if (r < 82) {
      write(s);
    } else if (r < 86) {
      s.admin().flush(TABLE);
      flushes++;
      durableOps = ops.size();
    } else if (r < 90) {
      s.admin().compact(TABLE);
      compactions++;
    } else if (r < 91) {
      s.admin().majorCompact(TABLE);
      compactions++;
      durableOps = ops.size();
    } else if (r < 93) {
      try {
        s.admin().split(TABLE, Bytes.toBytes(String.format("k%03d", rnd.nextInt(ROWS))));
        splits++;
      } catch (IllegalArgumentException e) {
        // already a boundary
      }
    } else if (r < 98) {
      bulkLoad(s);
    } else {
      if (s.admin().tableExists(OTHER)) {
        s.admin().deleteTable(OTHER);
      } else {
        s.admin().createTable(descriptor(OTHER));
        s.table(OTHER).put(new Put("x").addColumn("f", "q", "y"));
      }
      catalogChanges++;
    }
  }

  private void write(EmbeddedStore s) {
    int n = 1 + rnd.nextInt(3);
    List<Mutation> batch = new ArrayList<>();
    List<String[]> changes = new ArrayList<>();
    int d = rnd.nextInt(10);
    Durability durability = d < 3 ? Durability.ASYNC_WAL : d < 6 ? Durability.SYNC_WAL : Durability.FSYNC_WAL;
    for (int i = 0; i < n; i++) {
      String row = String.format("k%03d", rnd.nextInt(ROWS));
      long ts = nextTs++;
      int kind = rnd.nextInt(10);
      if (kind < 7) {
        Put p = new Put(Bytes.toBytes(row));
        for (int c = 1 + rnd.nextInt(3); c > 0; c--) {
          String fam = FAMILIES[rnd.nextInt(2)];
          String q = "q" + rnd.nextInt(5);
          String v = "v" + ts + "-" + "x".repeat(rnd.nextInt(20) == 0 ? 2000 : rnd.nextInt(120));
          p.addColumn(Bytes.toBytes(fam), Bytes.toBytes(q), ts, Bytes.toBytes(v));
          changes.add(new String[] {row + "/" + fam + ":" + q, v});
        }
        p.setDurability(durability);
        batch.add(p);
      } else if (kind < 9) {
        String fam = FAMILIES[rnd.nextInt(2)];
        String q = "q" + rnd.nextInt(5);
        Delete del = new Delete(Bytes.toBytes(row)).addColumns(Bytes.toBytes(fam), Bytes.toBytes(q), ts);
        del.setDurability(durability);
        batch.add(del);
        changes.add(new String[] {row + "/" + fam + ":" + q, null});
      } else {
        Delete del = new Delete(Bytes.toBytes(row), ts);
        del.setDurability(durability);
        batch.add(del);
        changes.add(new String[] {row + "/", null});
      }
    }
    ops.add(new Op(changes));
    s.table(TABLE).batch(batch);
    writes++;
    durableOpsIfProcessCrash = durability == Durability.ASYNC_WAL ? durableOpsIfProcessCrash : ops.size();
    if (durability == Durability.FSYNC_WAL) {
      durableOps = ops.size();
      fsyncAcks++;
    }
  }

  private void bulkLoad(EmbeddedStore s) {
    long id = nextLoad++;
    int n = 1 + rnd.nextInt(40);
    List<Cell> cells = new ArrayList<>();
    long ts = nextTs++;
    for (int i = 0; i < n; i++) {
      String fam = FAMILIES[rnd.nextInt(2)];
      cells.add(new Cell(Bytes.toBytes(String.format("b%06d-%03d", id, i)), Bytes.toBytes(fam), Bytes.toBytes("q"),
          ts, CellType.PUT, Bytes.toBytes("load" + id + "-" + i)));
    }
    loadSizes.put(id, n);
    try (BulkLoad load = s.table(TABLE).startBulkLoad()) {
      load.addSortedRun(cells.iterator());
      load.commit();
    }
    loadsCommitted.add(id);
    bulkLoads++;
  }

  /**
   * Checks a reopened store against the model (see the class comment) and makes what it holds
   * the state the next cycle starts from.
   *
   * @param processCrash whether only the process crashed (the machine kept every write)
   */
  void verify(EmbeddedStore s, String where, boolean processCrash) {
    if (!s.admin().tableExists(TABLE)) {
      if (created) {
        fail(where + ": table " + TABLE + " was created but is gone");
      }
      return;
    }
    TreeMap<String, String> found = new TreeMap<>();
    TreeMap<Long, Integer> loads = new TreeMap<>();
    try (ResultScanner sc = s.table(TABLE).scanner(new Scan())) {
      for (Result r : sc) {
        String row = Bytes.toString(r.row());
        for (Cell c : r.cells()) {
          String v = Bytes.toString(c.value());
          if (row.startsWith("b")) {
            long id = Long.parseLong(row.substring(1, 7));
            if (!v.equals("load" + id + "-" + Integer.parseInt(row.substring(8)))) {
              fail(where + ": bulk-loaded cell " + row + " holds " + v);
            }
            loads.merge(id, 1, Integer::sum);
          } else {
            found.put(row + "/" + Bytes.toString(c.family()) + ":" + Bytes.toString(c.qualifier()), v);
          }
        }
      }
    }
    int mustHave = processCrash ? Math.max(durableOps, durableOpsIfProcessCrash) : durableOps;
    TreeMap<String, String> model = new TreeMap<>(base);
    int matched = -1;
    for (int i = 0; i <= ops.size(); i++) {
      if (i >= mustHave && model.equals(found)) {
        matched = i;
        break;
      }
      if (i < ops.size()) {
        apply(model, ops.get(i));
      }
    }
    if (matched < 0) {
      TreeMap<String, String> expected = new TreeMap<>(base);
      for (int i = 0; i < mustHave; i++) {
        apply(expected, ops.get(i));
      }
      fail(where + ": the logged rows are not the state after any prefix of the " + ops.size()
          + " operations at least " + mustHave + " long" + diff(found, expected));
    }
    for (Map.Entry<Long, Integer> e : loads.entrySet()) {
      long id = e.getKey();
      if (loadsGone.contains(id) || !e.getValue().equals(loadSizes.get(id))) {
        fail(where + ": bulk load " + id + " has " + e.getValue() + " of its " + loadSizes.get(id) + " cells"
            + (loadsGone.contains(id) ? " after it was found gone" : ""));
      }
    }
    for (long id : loadSizes.keySet()) {
      boolean present = loads.containsKey(id);
      if (!present && (loadsCommitted.contains(id) || loadsPresent.contains(id))) {
        fail(where + ": committed bulk load " + id + " is gone");
      }
      (present ? loadsPresent : loadsGone).add(id);
    }
    loadsCommitted.clear();
    base = found;
    ops.clear();
    durableOps = 0;
    durableOpsIfProcessCrash = 0;
  }

  private static void apply(TreeMap<String, String> model, Op op) {
    for (String[] c : op.changes()) {
      if (c[0].endsWith("/")) {
        NavigableMap<String, String> row = model.subMap(c[0], true, c[0] + Character.MAX_VALUE, false);
        row.clear();
      } else if (c[1] == null) {
        model.remove(c[0]);
      } else {
        model.put(c[0], c[1]);
      }
    }
  }

  private static String diff(TreeMap<String, String> found, TreeMap<String, String> expected) {
    StringBuilder sb = new StringBuilder();
    Set<String> keys = new java.util.TreeSet<>(found.keySet());
    keys.addAll(expected.keySet());
    int n = 0;
    for (String k : keys) {
      String a = found.get(k);
      String b = expected.get(k);
      if (a == null ? b != null : !a.equals(b)) {
        if (n++ < 10) {
          sb.append("\n  ").append(k).append(": found ").append(brief(a)).append(", the shortest allowed prefix has ")
              .append(brief(b));
        }
      }
    }
    return sb.append(n > 10 ? "\n  ... " + (n - 10) + " more" : "").toString();
  }

  private static String brief(String v) {
    return v == null ? "nothing" : v.substring(0, Math.min(v.length(), v.indexOf('-') < 0 ? v.length() : v.indexOf('-')));
  }
}
