package dev.cellar.benchmarks.storage;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellType;
import dev.cellar.storage.Durability;
import dev.cellar.storage.Put;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.embedded.StoreOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.Comparator;

/**
 * The data every storage benchmark writes and reads, and the helpers they share.
 *
 * <p>A row is 16 bytes: eight bytes of a 64-bit mix of its number (which spreads rows over the
 * key space, so inserts land at random places of the sorted structures) followed by the
 * number itself (which makes the key unique). Each row has {@link #CELLS_PER_ROW} cells in
 * family {@code f}, qualifiers {@code q0..q2}, with 32-byte values.
 */
final class BenchData {
  static final String TABLE = "bench";
  static final byte[] FAMILY = Bytes.toBytes("f");
  static final byte[][] QUALIFIERS = {Bytes.toBytes("q0"), Bytes.toBytes("q1"), Bytes.toBytes("q2")};
  static final int CELLS_PER_ROW = QUALIFIERS.length;
  static final int ROW_BYTES = 16;
  static final int VALUE_BYTES = 32;
  static final byte[] VALUE = value(0);

  /** JVM option that keeps the engine's INFO logging out of the benchmark output. */
  static final String QUIET_LOG = "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn";

  /** Unsigned lexicographic order of byte strings: the order of rows. */
  static final Comparator<byte[]> UNSIGNED = Arrays::compareUnsigned;

  private BenchData() {}

  /** The 16-byte key of row number {@code n}. */
  static byte[] row(long n) {
    byte[] b = new byte[ROW_BYTES];
    putLong(b, 0, mix(n));
    putLong(b, 8, n);
    return b;
  }

  /** Keys of rows {@code 0..count-1}, in the order of their numbers (not sorted). */
  static byte[][] rows(int count) {
    byte[][] rows = new byte[count][];
    for (int i = 0; i < count; i++) {
      rows[i] = row(i);
    }
    return rows;
  }

  /** A 32-byte value derived from {@code n}. */
  static byte[] value(long n) {
    byte[] v = new byte[VALUE_BYTES];
    for (int i = 0; i < VALUE_BYTES; i += 8) {
      putLong(v, i, mix(n + i));
    }
    return v;
  }

  /** The put the benchmarks write for one row: three 32-byte cells. */
  static Put put(byte[] row, Durability durability) {
    Put p = new Put(row);
    for (byte[] q : QUALIFIERS) {
      p.addColumn(FAMILY, q, VALUE);
    }
    p.setDurability(durability);
    return p;
  }

  /** The cells of {@link #put} as the engine stores them: concrete timestamp and sequence number. */
  static Cell cell(byte[] row, int qualifier, long timestamp, long sequence) {
    return new Cell(row, FAMILY, QUALIFIERS[qualifier], timestamp, CellType.PUT, VALUE, sequence);
  }

  /** A bijective 64-bit mix (SplitMix64's finalizer). */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  private static void putLong(byte[] b, int off, long v) {
    for (int i = 7; i >= 0; i--) {
      b[off + i] = (byte) v;
      v >>>= 8;
    }
  }

  /** A fresh directory for a store, under {@code java.io.tmpdir} (or {@code -Dcellar.bench.dir}). */
  static Path tempDir(String prefix) {
    try {
      String base = System.getProperty("cellar.bench.dir");
      if (base != null) {
        Path b = Path.of(base);
        Files.createDirectories(b);
        return Files.createTempDirectory(b, prefix);
      }
      return Files.createTempDirectory(prefix);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Opens a store in {@code dir} with a flush size so large that the benchmark's writes never
   * trigger a flush, and creates the benchmark table (one family, default settings).
   */
  static EmbeddedStore openStore(Path dir, long flushSize) {
    EmbeddedStore store = EmbeddedStore.open(StoreOptions.builder(dir)
        .flushSize(flushSize)
        .flushOnClose(false)
        .defaultDurability(Durability.SKIP_WAL)
        .build());
    if (!store.admin().tableExists(TABLE)) {
      store.admin().createTable(TableDescriptor.of(TABLE, "f"));
    }
    return store;
  }

  /** Writes rows {@code keys} in batches of 1,000 puts without logging them. */
  static void load(Table table, byte[][] keys) {
    java.util.List<Put> batch = new java.util.ArrayList<>(1000);
    for (byte[] k : keys) {
      batch.add(put(k, Durability.SKIP_WAL));
      if (batch.size() == 1000) {
        table.put(batch);
        batch.clear();
      }
    }
    if (!batch.isEmpty()) {
      table.put(batch);
    }
  }

  /** Deletes a directory tree, ignoring errors. */
  static void deleteTree(Path dir) {
    if (dir == null || !Files.exists(dir)) {
      return;
    }
    try {
      Files.walkFileTree(dir, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
          Files.deleteIfExists(file);
          return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult postVisitDirectory(Path d, IOException exc) throws IOException {
          Files.deleteIfExists(d);
          return FileVisitResult.CONTINUE;
        }
      });
    } catch (IOException e) {
      // best effort: a temp directory left behind is harmless
    }
  }

  /** Total bytes of a store directory, for reporting. */
  static long directorySize(Path dir) {
    try (var s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
    } catch (IOException e) {
      return -1;
    }
  }
}
