package dev.cellar.storage.memstore;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The rows a memstore holds, as a blocked bloom filter: each row sets three bits of one 64-bit
 * word chosen by its hash, so that a single-row read of a row the memstore does not hold (an
 * INSERT's check that its key is new, a point read of a row written before the last flush)
 * skips the memstore's search instead of walking its skip list. It never says no for a row
 * added: a false answer is only ever "maybe".
 *
 * <p>{@value #BITS} bits (512 KiB) at most, allocated in chunks of {@value #CHUNK_LONGS} words
 * as rows first touch them, so a small memstore costs a few KiB. A full memstore (64 MiB,
 * about 150,000 rows of four cells) answers "maybe" for fewer than one absent row in 200.
 *
 * <p>Writers set bits with an atomic OR (or see them set, through a volatile read) before they
 * add the cell to the memstore; a reader sees every row whose cells its read point covers, since
 * the write completed (a volatile write of the read point) after that, and the reader took its
 * read point before asking.
 */
final class RowFilter {
  static final int BITS = 1 << 22;
  private static final int WORDS = BITS / 64;
  static final int CHUNK_LONGS = 256;
  private static final VarHandle WORD = MethodHandles.arrayElementVarHandle(long[].class);
  private static final VarHandle LONG_VIEW = MethodHandles.byteArrayViewVarHandle(long[].class,
      ByteOrder.LITTLE_ENDIAN);

  private final AtomicReferenceArray<long[]> chunks = new AtomicReferenceArray<>(WORDS / CHUNK_LONGS);

  /** Records {@code row}. */
  void add(byte[] row) {
    long h = hash(row);
    int word = (int) (h >>> 40) & (WORDS - 1);
    long mask = mask(h);
    int c = word / CHUNK_LONGS;
    long[] chunk = chunks.get(c);
    if (chunk == null) {
      chunks.compareAndSet(c, null, new long[CHUNK_LONGS]);
      chunk = chunks.get(c);
    }
    int i = word % CHUNK_LONGS;
    // a volatile read: bits another writer set are then visible to whoever this writer's write is
    if (((long) WORD.getVolatile(chunk, i) & mask) != mask) {
      WORD.getAndBitwiseOr(chunk, i, mask);
    }
  }

  /** False only if {@code row} was never {@link #add added}. */
  boolean mayContain(byte[] row) {
    long h = hash(row);
    int word = (int) (h >>> 40) & (WORDS - 1);
    long[] chunk = chunks.get(word / CHUNK_LONGS);
    if (chunk == null) {
      return false;
    }
    long mask = mask(h);
    return ((long) WORD.getOpaque(chunk, word % CHUNK_LONGS) & mask) == mask;
  }

  /** Three bits of a word, from three 6-bit fields of the hash. */
  private static long mask(long h) {
    return (1L << (h & 63)) | (1L << ((h >>> 6) & 63)) | (1L << ((h >>> 12) & 63));
  }

  /** A 64-bit hash of the row's bytes: eight at a time, then MurmurHash3's finalizer. */
  static long hash(byte[] row) {
    long h = 0x9E3779B97F4A7C15L ^ row.length;
    int n = row.length;
    int i = 0;
    for (; i + 8 <= n; i += 8) {
      h = (h ^ (long) LONG_VIEW.get(row, i)) * 0xff51afd7ed558ccdL;
      h ^= h >>> 29;
    }
    for (; i < n; i++) {
      h = (h ^ (row[i] & 0xff)) * 0xc4ceb9fe1a85ec53L;
    }
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    h ^= h >>> 33;
    return h;
  }
}
