package dev.cellar.storage.bloom;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cellar.storage.BloomType;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Get;
import dev.cellar.storage.Mutation;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.embedded.StoreOptions;
import dev.cellar.storage.fs.MemVfs;
import dev.cellar.storage.model.ResultDiff;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A bloom filter must never hide anything: the same random writes, deletes of every kind,
 * flushes, compactions, splits and BLOOMFILTER changes go to a table without bloom filters and
 * to tables with ROW and ROWCOL filters, and every get (present and absent rows, whole rows,
 * families, qualifiers present and absent, the empty qualifier, versions, time ranges) must
 * return the same cells from all of them. Flushes are frequent, so gets cross many files, some
 * holding only delete markers.
 */
class BloomEquivalenceTest {
  private static final int SCALE = Integer.getInteger("cellar.test.scale", 1);
  private static final int OPS = 6000;
  private static final int ROWS = 120;
  private static final String[] QUALIFIERS = {"", "a", "b", "c", "dd", "e"};
  private static final String[] FAMILIES = {"f", "g"};
  /** The tables compared, with the bloom types of families f and g; the first is the reference. */
  private static final BloomType[][] SETUPS = {
    {BloomType.NONE, BloomType.NONE},
    {BloomType.ROW, BloomType.ROWCOL},
    {BloomType.ROWCOL, BloomType.ROW},
  };

  @ParameterizedTest
  @ValueSource(longs = {11, 12, 13, 14})
  void bloomFiltersNeverChangeWhatAGetReturns(long seed) {
    Random rnd = new Random(seed);
    // The clock moves one tick per operation; cells get timestamps a few ticks back, so versions
    // collide and deletes without a timestamp mask only what came before them.
    AtomicLong now = new AtomicLong(1000);
    long cacheSize = seed % 2 == 0 ? 0 : 64 * 1024;
    int threshold = 2 + rnd.nextInt(6);
    // One store per table, so that each one's data block reads can be counted.
    List<EmbeddedStore> stores = new ArrayList<>();
    try {
      List<Table> tables = new ArrayList<>();
      for (int i = 0; i < SETUPS.length; i++) {
        EmbeddedStore store = EmbeddedStore.open(StoreOptions.builder(new MemVfs())
            .clock(now::get)
            .blockCacheSize(cacheSize)
            .compactionThreshold(threshold)
            .majorCompactionPeriodMs(0)
            // minor compactions keep every cell, so the stores, compacting at different moments, hold the same
            .majorAtThreshold(false)
            .build());
        stores.add(store);
        TableDescriptor.Builder b = TableDescriptor.newBuilder("t" + i);
        for (int f = 0; f < FAMILIES.length; f++) {
          b.family(ColumnFamilyDescriptor.newBuilder(FAMILIES[f]).maxVersions(3).blockSize(1024)
              .bloomType(SETUPS[i][f]).build());
        }
        store.admin().createTable(b.build(), new byte[][] {row(ROWS / 2)});
        tables.add(store.table("t" + i));
      }
      int gets = 0;
      for (int op = 0; op < OPS * SCALE; op++) {
        long tick = now.incrementAndGet();
        int kind = rnd.nextInt(100);
        if (kind < 40) {
          Put p = new Put(row(rnd.nextInt(ROWS)));
          for (int n = 1 + rnd.nextInt(3); n > 0; n--) {
            p.addColumn(Bytes.toBytes(pick(rnd, FAMILIES)), Bytes.toBytes(pick(rnd, QUALIFIERS)), tick - rnd.nextInt(4),
                Bytes.toBytes("v" + op));
          }
          applyAll(tables, p);
        } else if (kind < 50) {
          applyAll(tables, randomDelete(rnd, tick));
        } else if (kind < 56) {
          for (int i = 0; i < tables.size(); i++) {
            stores.get(i).admin().flush(tables.get(i).name());
          }
        } else if (kind == 56) {
          boolean major = rnd.nextBoolean();
          for (int i = 0; i < tables.size(); i++) {
            if (major) {
              stores.get(i).admin().majorCompact(tables.get(i).name());
            } else {
              stores.get(i).admin().compact(tables.get(i).name());
            }
          }
        } else if (kind == 57 && rnd.nextInt(20) == 0) {
          byte[] at = row(1 + rnd.nextInt(ROWS - 1));
          for (int i = 0; i < tables.size(); i++) {
            try {
              stores.get(i).admin().split(tables.get(i).name(), at);
            } catch (IllegalArgumentException alreadyABoundary) {
              // the same for every table
            }
          }
        } else if (kind == 58 && rnd.nextInt(5) == 0) {
          // Change a bloom setting of a compared table: later files carry the new type.
          int i = 1 + rnd.nextInt(SETUPS.length - 1);
          String family = pick(rnd, FAMILIES);
          BloomType type = BloomType.values()[rnd.nextInt(BloomType.values().length)];
          ColumnFamilyDescriptor d = stores.get(i).admin().describe("t" + i).family(family);
          stores.get(i).admin().modifyFamily("t" + i, d.toBuilder().bloomType(type).build());
        } else {
          gets++;
          Get g = randomGet(rnd, tick);
          Result expected = tables.get(0).get(g);
          for (int i = 1; i < tables.size(); i++) {
            Result actual = tables.get(i).get(g);
            String d = ResultDiff.diff(expected, actual);
            if (d != null) {
              fail(String.format(Locale.ROOT, "seed %d op %d, %s on table t%d (%s): %s", seed, op, g, i,
                  stores.get(i).admin().describe("t" + i), d));
            }
          }
        }
      }
      // Finally every row and every column, through gets and against a full scan.
      for (int r = 0; r < ROWS + 5; r++) {
        for (String q : QUALIFIERS) {
          for (String f : FAMILIES) {
            compare(tables, new Get(row(r)).addColumn(f, q).readAllVersions(), seed);
          }
        }
        compare(tables, new Get(row(r)).readAllVersions(), seed);
      }
      List<Result> scanned = new ArrayList<>();
      try (ResultScanner s = tables.get(0).scanner(new Scan())) {
        s.forEach(scanned::add);
      }
      List<Result> viaGets = new ArrayList<>();
      for (int r = 0; r < ROWS; r++) {
        Result x = tables.get(1).get(new Get(row(r)));
        if (!x.isEmpty()) {
          viaGets.add(x);
        }
      }
      String d = ResultDiff.diff(scanned, viaGets);
      assertTrue(d == null, d);
      assertTrue(gets > OPS / 3);
      // Not vacuous: with the original settings back and everything compacted, gets of absent
      // rows between the present ones read blocks without filters and (almost) none with them.
      for (int i = 0; i < stores.size(); i++) {
        for (int f = 0; f < FAMILIES.length; f++) {
          ColumnFamilyDescriptor fd = stores.get(i).admin().describe("t" + i).family(FAMILIES[f]);
          stores.get(i).admin().modifyFamily("t" + i, fd.toBuilder().bloomType(SETUPS[i][f]).build());
        }
        stores.get(i).admin().majorCompact("t" + i);
      }
      long[] blocks = new long[stores.size()];
      for (int r = 0; r < ROWS; r++) {
        Get g = new Get(Bytes.toBytes(String.format(Locale.ROOT, "row%04dx", r)));
        for (int i = 0; i < stores.size(); i++) {
          long before = stores.get(i).dataBlocksRead();
          assertTrue(tables.get(i).get(g).isEmpty());
          blocks[i] += stores.get(i).dataBlocksRead() - before;
        }
      }
      if (cacheSize == 0) {
        for (int i = 1; i < stores.size(); i++) {
          assertTrue(blocks[i] * 4 < blocks[0], "t" + i + " read " + blocks[i] + " blocks, t0 " + blocks[0]);
        }
      }
    } finally {
      for (EmbeddedStore s : stores) {
        s.close();
      }
    }
  }

  private static void compare(List<Table> tables, Get g, long seed) {
    Result expected = tables.get(0).get(g);
    for (int i = 1; i < tables.size(); i++) {
      String d = ResultDiff.diff(expected, tables.get(i).get(g));
      if (d != null) {
        fail("seed " + seed + ", final " + g + " on table t" + i + ": " + d);
      }
    }
  }

  private static void applyAll(List<Table> tables, Mutation m) {
    for (Table t : tables) {
      if (m instanceof Put p) {
        t.put(p);
      } else {
        t.delete((Delete) m);
      }
    }
  }

  private static Delete randomDelete(Random rnd, long now) {
    byte[] r = row(rnd.nextInt(ROWS));
    byte[] f = Bytes.toBytes(pick(rnd, FAMILIES));
    byte[] q = Bytes.toBytes(pick(rnd, QUALIFIERS));
    long ts = now - rnd.nextInt(8);
    return switch (rnd.nextInt(7)) {
      case 0 -> new Delete(r);
      case 1 -> new Delete(r).addFamily(f);
      case 2 -> new Delete(r).addFamily(f, ts);
      case 3 -> new Delete(r).addFamilyVersion(f, ts);
      case 4 -> new Delete(r).addColumns(f, q, ts);
      case 5 -> new Delete(r).addColumn(f, q, ts);
      default -> new Delete(r).addColumn(f, q);
    };
  }

  private static Get randomGet(Random rnd, long now) {
    // Rows past ROWS never exist.
    int r = rnd.nextInt(5) == 0 ? ROWS + rnd.nextInt(1000) : rnd.nextInt(ROWS);
    Get g = new Get(row(r));
    switch (rnd.nextInt(4)) {
      case 0 -> { }
      case 1 -> g.addFamily(pick(rnd, FAMILIES));
      case 2 -> {
        for (int n = 1 + rnd.nextInt(3); n > 0; n--) {
          g.addColumn(pick(rnd, FAMILIES), rnd.nextInt(4) == 0 ? "absent" + rnd.nextInt(9) : pick(rnd, QUALIFIERS));
        }
      }
      default -> {
        g.addFamily(pick(rnd, FAMILIES));
        g.addColumn(pick(rnd, FAMILIES), pick(rnd, QUALIFIERS));
      }
    }
    if (rnd.nextInt(3) == 0) {
      g.readAllVersions();
    }
    if (rnd.nextInt(6) == 0) {
      long min = now - rnd.nextInt(40);
      g.setTimeRange(min, min + 1 + rnd.nextInt(20));
    }
    return g;
  }

  private static String pick(Random rnd, String[] values) {
    return values[rnd.nextInt(values.length)];
  }

  private static byte[] row(int i) {
    return Bytes.toBytes(String.format(Locale.ROOT, "row%04d", i));
  }
}
