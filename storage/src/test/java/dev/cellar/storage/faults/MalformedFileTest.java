package dev.cellar.storage.faults;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.BloomType;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.CellView;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Compression;
import dev.cellar.storage.CorruptionException;
import dev.cellar.storage.Durability;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.Scan;
import dev.cellar.storage.ScanVisitor;
import dev.cellar.storage.StorageException;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.embedded.StoreOptions;
import dev.cellar.storage.fs.FaultyVfs;
import dev.cellar.storage.fs.Vfs;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Malformed store files, log segments and manifests: a store holding rows in store files of
 * three compressions and in several log segments is copied, one of its files is mutated (bits
 * flipped, cut short, extended, two blocks or records swapped, a length field made huge, bytes
 * zeroed), and the copy is opened and read in full. Each attempt must give exactly the rows
 * written, or a {@link CorruptionException} naming the mutated file and an offset inside it;
 * never another error, never a hang, and never an allocation far beyond what reading the intact
 * store takes (a length field is checked against the file before anything is allocated for it).
 * Cutting the newest log segment short is a torn tail: the rows of a prefix of its records may
 * be missing, nothing else. Mutations that also fix up the checksums ("forged") may change what
 * is read, but must still end in data or a {@link CorruptionException}.
 *
 * <p>300 mutations (10,000 with {@code -Dcellar.test.scale=10}); {@code -Dcellar.faults.seed=N}
 * repeats a run.
 */
class MalformedFileTest {
  private static final int SCALE = Integer.getInteger("cellar.test.scale", 1);
  private static final long SEED = Long.getLong("cellar.faults.seed", System.nanoTime());
  private static final int FLUSHED_ROWS = 600;
  private static final int LOGGED_ROWS = 200;
  private static final String[] FAMILIES = {"a", "b", "c"};

  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private static Map<String, byte[]> image;
  private static TreeMap<String, String> truth;
  private static String lastSegment;
  private static long baselineAllocation;
  private static java.util.Set<String> liveFiles;
  private static ExecutorService reader;

  private static StoreOptions options(Vfs fs) {
    return StoreOptions.builder(fs).flushOnClose(false).walSegmentSize(4 << 10).blockCacheSize(0)
        .compactionThreshold(100).majorCompactionPeriodMs(0).keptLogSegments(1000).build();
  }

  /** Writes the intact store: three flushes of every family, then rows left in the log only. */
  @BeforeAll
  static void buildImage() throws Exception {
    reader = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "malformed-reader");
      t.setDaemon(true);
      return t;
    });
    FaultyVfs fs = new FaultyVfs("golden");
    try (EmbeddedStore s = EmbeddedStore.open(options(fs))) {
      s.admin().createTable(TableDescriptor.newBuilder("t")
          .family(ColumnFamilyDescriptor.newBuilder("a").blockSize(1024).build())
          .family(ColumnFamilyDescriptor.newBuilder("b").blockSize(1024).compression(Compression.SNAPPY)
              .bloomType(BloomType.ROWCOL).build())
          .family(ColumnFamilyDescriptor.newBuilder("c").blockSize(2048).compression(Compression.GZIP)
              .bloomType(BloomType.NONE).build())
          .build(), new byte[][] {Bytes.toBytes("r000300")});
      Table t = s.table("t");
      for (int i = 0; i < FLUSHED_ROWS + LOGGED_ROWS; i++) {
        Put p = new Put(Bytes.toBytes(row(i)));
        for (String f : FAMILIES) {
          p.addColumn(f, "q", value(i, f));
        }
        p.setDurability(Durability.SYNC_WAL);
        t.put(p);
        if (i < FLUSHED_ROWS && i % 200 == 199) {
          s.admin().flush("t");
        }
      }
    }
    image = new LinkedHashMap<>();
    for (String p : fs.paths()) {
      image.put(p, fs.contents(p));
      if (p.startsWith("wal/")) {
        lastSegment = p;
      }
    }
    truth = new TreeMap<>();
    for (int i = 0; i < FLUSHED_ROWS + LOGGED_ROWS; i++) {
      for (String f : FAMILIES) {
        truth.put(row(i) + "/" + f, value(i, f));
      }
    }
    long[] alloc = new long[1];
    // Warm up, then measure what reading the intact store allocates.
    for (int i = 0; i < 3; i++) {
      Outcome o = read(copy(null, null));
      if (o.error != null || !o.rows.equals(truth) || o.inconsistency != null) {
        throw new AssertionError("the intact store does not read back: " + o.error, o.error);
      }
      alloc[0] = o.allocated;
    }
    baselineAllocation = alloc[0];
    // the store files the manifest lists: a flush the log's size started may have written a file
    // that the close left out, which the next open deletes unread
    liveFiles = new java.util.HashSet<>();
    try (EmbeddedStore s = EmbeddedStore.open(options(copy(null, null)))) {
      for (dev.cellar.storage.StoreFileStats f : s.admin().storeFiles("t")) {
        String name = f.name();
        liveFiles.add("data/" + name.substring(name.lastIndexOf('/') + 1));
      }
    }
    assertTrue(image.keySet().stream().filter(p -> p.startsWith("wal/")).count() >= 3, "log segments: " + image.keySet());
    assertTrue(image.keySet().stream().filter(p -> p.startsWith("data/")).count() >= 9, "store files: " + image.keySet());
  }

  @AfterAll
  static void stopReader() {
    reader.shutdownNow();
  }

  private static String row(int i) {
    return String.format("r%06d", i);
  }

  private static String value(int i, String family) {
    return family + "-" + i + "-" + "v".repeat(30);
  }

  /** What reading a copy gave. */
  private record Outcome(TreeMap<String, String> rows, RuntimeException error, long allocated, String inconsistency) {}

  @Test
  void malformedFilesGiveDataOrACorruptionError() throws Exception {
    int attempts = SCALE >= 10 ? 10_000 : 300;
    Random rnd = new Random(SEED);
    List<String> paths = new ArrayList<>(image.keySet());
    Map<String, Integer> outcomes = new TreeMap<>();
    long maxAllocated = 0;
    for (int n = 0; n < attempts; n++) {
      String path = paths.get(rnd.nextInt(paths.size()));
      byte[] original = image.get(path);
      Mutation m = mutate(path, original, rnd);
      String where = "attempt " + n + " (seed " + SEED + "): " + m.what + " of " + path + " (" + original.length
          + " bytes)";
      Outcome o = read(copy(path, m.bytes));
      maxAllocated = Math.max(maxAllocated, o.allocated);
      long limit = 2 * baselineAllocation + (32L << 20);
      assertTrue(o.allocated <= limit, where + ": reading allocated " + o.allocated + " bytes; the intact store takes "
          + baselineAllocation);
      String kind = path.startsWith("wal/") ? "wal" : path.startsWith("data/") ? "sst" : "manifest";
      if (o.error != null) {
        if (!(o.error instanceof CorruptionException c)) {
          throw new AssertionError(where + ": not a corruption error: " + o.error, o.error);
        }
        if (!c.file().endsWith(path) || c.offset() < 0 || c.offset() > Math.max(original.length, m.bytes.length)) {
          throw new AssertionError(where + ": the error names " + c.file() + " at offset " + c.offset(), c);
        }
        outcomes.merge(kind + " " + m.kind + ": corruption", 1, Integer::sum);
        continue;
      }
      if (o.inconsistency != null && !m.forged) {
        throw new AssertionError(where + ": wrong data read without an error: " + o.inconsistency);
      }
      if (o.rows.equals(truth) && o.inconsistency == null) {
        outcomes.merge(kind + " " + m.kind + ": intact data", 1, Integer::sum);
        continue;
      }
      if (m.forged) {
        outcomes.merge(kind + " " + m.kind + ": other data", 1, Integer::sum);
        continue;
      }
      if (path.equals(lastSegment) && m.kind.equals("truncate") && isTornTail(o.rows)) {
        outcomes.merge(kind + " " + m.kind + ": torn tail dropped", 1, Integer::sum);
        continue;
      }
      throw new AssertionError(where + ": wrong data read without an error: " + diff(o.rows));
    }
    System.out.printf("MalformedFileTest: %d mutations (seed %d), most allocated by one read %d bytes (intact %d):%n"
        + "  %s%n", attempts, SEED, maxAllocated, baselineAllocation, outcomes);
  }

  /** Two data blocks of one size swapped pass their checksums, but not the check of their last keys against the index. */
  @Test
  void swappedDataBlocksAreCorruption() throws Exception {
    int tried = 0;
    for (Map.Entry<String, byte[]> e : image.entrySet()) {
      if (!e.getKey().startsWith("data/") || !liveFiles.contains(e.getKey())) {
        continue;
      }
      List<int[]> blocks = dataBlocks(e.getValue());
      for (int i = 0; i + 1 < blocks.size(); i++) {
        int[] x = blocks.get(i);
        int[] y = blocks.get(i + 1);
        if (x[1] != y[1]) {
          continue;
        }
        byte[] out = e.getValue().clone();
        System.arraycopy(e.getValue(), x[0], out, y[0], x[1]);
        System.arraycopy(e.getValue(), y[0], out, x[0], y[1]);
        Outcome o = read(copy(e.getKey(), out));
        assertTrue(o.error instanceof CorruptionException c && c.file().endsWith(e.getKey()) && c.offset() == x[0],
            "blocks at " + x[0] + " and " + y[0] + " of " + e.getKey() + " swapped: " + o.error);
        tried++;
      }
    }
    assertTrue(tried > 0, "no two neighbouring data blocks of one size");
  }

  /** The rows written up to some row of the log's last segment, and only those. */
  private static boolean isTornTail(TreeMap<String, String> rows) {
    int present = 0;
    while (present < FLUSHED_ROWS + LOGGED_ROWS && rows.containsKey(row(present) + "/a")) {
      present++;
    }
    TreeMap<String, String> expected = new TreeMap<>(truth.headMap(row(present) + "/"));
    return present >= FLUSHED_ROWS && rows.equals(expected);
  }

  private static String diff(TreeMap<String, String> rows) {
    List<String> out = new ArrayList<>();
    for (String k : truth.keySet()) {
      if (!truth.get(k).equals(rows.get(k)) && out.size() < 5) {
        out.add(k + " = " + rows.get(k) + " (written " + truth.get(k) + ")");
      }
    }
    for (String k : rows.keySet()) {
      if (!truth.containsKey(k) && out.size() < 10) {
        out.add(k + " = " + rows.get(k) + " (never written)");
      }
    }
    return rows.size() + " cells read, " + truth.size() + " written: " + out;
  }

  /** A fresh file system holding the intact store, with {@code path} replaced by {@code bytes}. */
  private static FaultyVfs copy(String path, byte[] bytes) throws IOException {
    FaultyVfs fs = new FaultyVfs("copy");
    for (Map.Entry<String, byte[]> e : image.entrySet()) {
      byte[] b = e.getKey().equals(path) ? bytes : e.getValue();
      try (Vfs.WritableFile out = fs.create(e.getKey())) {
        out.write(b, 0, b.length);
      }
    }
    return fs;
  }

  /** Opens the store and reads every row, by a scan and by gets, in one thread, under a time limit. */
  private static Outcome read(FaultyVfs fs) throws Exception {
    Future<Outcome> f = reader.submit(() -> {
      long before = THREADS.getCurrentThreadAllocatedBytes();
      TreeMap<String, String> rows = new TreeMap<>();
      RuntimeException error = null;
      String inconsistency = null;
      try (EmbeddedStore s = EmbeddedStore.open(options(fs))) {
        Table t = s.table("t");
        t.scan(new Scan(), new ScanVisitor() {
          @Override
          public void cell(CellView c) {
            String key = new String(c.rowArray(), c.rowOffset(), c.rowLength(), StandardCharsets.UTF_8) + "/"
                + new String(c.family(), StandardCharsets.UTF_8);
            rows.put(key, new String(c.valueArray(), c.valueOffset(), c.valueLength(), StandardCharsets.UTF_8));
          }
        });
        for (int i = 0; i < FLUSHED_ROWS + LOGGED_ROWS; i += 97) {
          Result r = t.get(new Get(row(i)));
          for (String fam : FAMILIES) {
            String v = r.valueAsString(fam, "q");
            if ((v != null ? !v.equals(rows.get(row(i) + "/" + fam)) : rows.containsKey(row(i) + "/" + fam))
                && inconsistency == null) {
              inconsistency = "a get of " + row(i) + "/" + fam + " gives " + v + ", the scan "
                  + rows.get(row(i) + "/" + fam);
            }
          }
        }
      } catch (StorageException e) {
        error = e;
      }
      return new Outcome(rows, error, THREADS.getCurrentThreadAllocatedBytes() - before, inconsistency);
    });
    try {
      return f.get(60, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      f.cancel(true);
      throw new AssertionError("reading the store hung", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new AssertionError("reading the store failed with " + e.getCause(), e.getCause());
    }
  }

  private record Mutation(String kind, String what, byte[] bytes, boolean forged) {}

  private static Mutation mutate(String path, byte[] b, Random rnd) {
    int k = rnd.nextInt(8);
    switch (k) {
      case 0, 1 -> {
        byte[] out = b.clone();
        int flips = 1 + rnd.nextInt(3);
        StringBuilder what = new StringBuilder("bits flipped at");
        for (int i = 0; i < flips; i++) {
          int at = rnd.nextInt(out.length);
          out[at] ^= (byte) (1 << rnd.nextInt(8));
          what.append(' ').append(at);
        }
        return new Mutation("flip", what.toString(), out, false);
      }
      case 2 -> {
        int len = rnd.nextInt(b.length);
        return new Mutation("truncate", "cut to " + len + " bytes", Arrays.copyOf(b, len), false);
      }
      case 3 -> {
        byte[] extra = new byte[1 + rnd.nextInt(64)];
        if (rnd.nextBoolean()) {
          rnd.nextBytes(extra);
        }
        byte[] out = Arrays.copyOf(b, b.length + extra.length);
        System.arraycopy(extra, 0, out, b.length, extra.length);
        return new Mutation("extend", extra.length + " bytes appended", out, false);
      }
      case 4 -> {
        return swap(path, b, rnd);
      }
      case 5 -> {
        byte[] out = b.clone();
        int at = rnd.nextInt(out.length);
        int len = Math.min(out.length - at, 1 + rnd.nextInt(256));
        Arrays.fill(out, at, at + len, (byte) 0);
        return new Mutation("zero", len + " bytes zeroed at " + at, out, false);
      }
      default -> {
        return hugeLength(path, b, rnd);
      }
    }
  }

  /** Swaps two blocks of a store file, two records of a segment, or two ranges of a manifest, of equal length if it can. */
  private static Mutation swap(String path, byte[] b, Random rnd) {
    List<int[]> units = path.startsWith("data/") ? dataBlocks(b) : path.startsWith("wal/") ? records(b) : List.of();
    if (units.size() >= 2) {
      List<int[]> pairs = new ArrayList<>();
      for (int i = 0; i < units.size(); i++) {
        for (int j = i + 1; j < units.size(); j++) {
          if (units.get(i)[1] == units.get(j)[1]) {
            pairs.add(new int[] {i, j});
          }
        }
      }
      int[] pair = pairs.isEmpty() ? new int[] {0, 1 + rnd.nextInt(units.size() - 1)} : pairs.get(rnd.nextInt(pairs.size()));
      int[] x = units.get(pair[0]);
      int[] y = units.get(pair[1]);
      byte[] out = new byte[b.length];
      // [0, x) y [x end, y) x [y end, end)
      int p = 0;
      System.arraycopy(b, 0, out, p, x[0]);
      p += x[0];
      System.arraycopy(b, y[0], out, p, y[1]);
      p += y[1];
      System.arraycopy(b, x[0] + x[1], out, p, y[0] - x[0] - x[1]);
      p += y[0] - x[0] - x[1];
      System.arraycopy(b, x[0], out, p, x[1]);
      p += x[1];
      System.arraycopy(b, y[0] + y[1], out, p, b.length - y[0] - y[1]);
      String unit = path.startsWith("data/") ? "blocks" : "records";
      return new Mutation("swap", unit + " at " + x[0] + " (" + x[1] + " bytes) and " + y[0] + " (" + y[1]
          + " bytes) swapped", out, false);
    }
    int len = 1 + rnd.nextInt(Math.max(1, b.length / 4));
    int a = rnd.nextInt(b.length - len + 1);
    int c = rnd.nextInt(b.length - len + 1);
    byte[] out = b.clone();
    System.arraycopy(b, a, out, c, len);
    System.arraycopy(b, c, out, a, len);
    return new Mutation("swap", len + " bytes at " + a + " and " + c + " swapped", out, false);
  }

  /** The data blocks of a store file, as {offset, length with trailer}, found by their checksums. */
  private static List<int[]> dataBlocks(byte[] b) {
    List<int[]> out = new ArrayList<>();
    int start = 0;
    CRC32C crc = new CRC32C();
    for (int p = 0; p + 4 <= b.length - 64; p++) {
      if (p >= start + 2 && (int) crc.getValue() == ByteBuffer.wrap(b, p, 4).getInt()) {
        if (b[p - 2] != 1) {
          break; // not a data block: the data section ended
        }
        out.add(new int[] {start, p + 4 - start});
        start = p + 4;
        crc.reset();
        p += 3;
        continue;
      }
      crc.update(b[p]);
    }
    return out;
  }

  /** The records of a log segment, as {offset, length}. */
  private static List<int[]> records(byte[] b) {
    List<int[]> out = new ArrayList<>();
    int p = 36;
    while (p + 13 <= b.length) {
      int len = ByteBuffer.wrap(b, p, 4).getInt();
      if (len < 0 || p + 13 + len > b.length) {
        break;
      }
      out.add(new int[] {p, 13 + len});
      p += 13 + len;
    }
    return out;
  }

  /**
   * Makes a length field huge: a log record's payload length (header checksum fixed up), a
   * store file trailer's block size (trailer checksum fixed up), the manifest's payload length,
   * or four bytes anywhere.
   */
  private static Mutation hugeLength(String path, byte[] b, Random rnd) {
    byte[] out = b.clone();
    int huge = rnd.nextBoolean() ? Integer.MAX_VALUE : 0x0FFF_FFF0 + rnd.nextInt(16);
    if (path.startsWith("wal/")) {
      List<int[]> recs = records(b);
      if (!recs.isEmpty() && rnd.nextInt(4) > 0) {
        int at = recs.get(rnd.nextInt(recs.size()))[0];
        ByteBuffer.wrap(out, at, 4).putInt(huge);
        CRC32C crc = new CRC32C();
        crc.update(out, at, 9);
        ByteBuffer.wrap(out, at + 9, 4).putInt((int) crc.getValue());
        return new Mutation("huge length", "record at " + at + " claims " + huge + " bytes (header checksum fixed)",
            out, true);
      }
    } else if (path.startsWith("data/") && rnd.nextInt(4) > 0 && b.length >= 64) {
      int trailer = b.length - 64;
      int field = 8 + 16 * rnd.nextInt(3);
      long value = rnd.nextBoolean() ? huge : Long.MAX_VALUE - rnd.nextInt(1000);
      ByteBuffer.wrap(out, trailer + field, 8).putLong(value);
      CRC32C crc = new CRC32C();
      crc.update(out, trailer, 52);
      ByteBuffer.wrap(out, trailer + 52, 4).putInt((int) crc.getValue());
      return new Mutation("huge length", "trailer field at " + field + " claims " + value
          + " bytes (trailer checksum fixed)", out, true);
    } else if (path.equals("MANIFEST") && rnd.nextBoolean() && b.length >= 16) {
      ByteBuffer.wrap(out, 12, 4).putInt(huge);
      return new Mutation("huge length", "payload length " + huge, out, false);
    }
    int at = rnd.nextInt(Math.max(1, b.length - 4));
    ByteBuffer.wrap(out, at, Math.min(4, out.length - at)).put(new byte[] {0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff},
        0, Math.min(4, out.length - at));
    return new Mutation("huge length", "bytes at " + at + " set to 0x7fffffff", out, false);
  }
}
