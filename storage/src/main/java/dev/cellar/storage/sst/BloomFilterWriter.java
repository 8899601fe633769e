package dev.cellar.storage.sst;

import dev.cellar.storage.BloomType;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellType;
import dev.cellar.storage.util.ByteWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Builds the bloom block of a file from its cells, given in file order. Keys are hashed as they
 * come; a chunk is sized and its bits set once it holds {@code chunkKeys} keys (or at
 * {@link #finish()}), so the writer holds the hashes of one chunk plus the bits of the chunks
 * already built. See {@link BloomFilter} for what the keys are.
 */
final class BloomFilterWriter {
  private final BloomType type;
  private final double bitsPerKey;
  private final int hashCount;
  private final int chunkKeys;
  private final List<Chunk> chunks = new ArrayList<>();
  private final ByteWriter scratch = new ByteWriter(64);
  private final long[] hash = new long[2];
  private long[] pending;
  private int pendingKeys;
  private byte[] chunkFirstRow;
  private byte[] chunkLastRow;
  private byte[] lastRow;
  private byte[] lastQualifier;
  private long contentSize = BloomFilter.HEADER_SIZE;
  private long keyCount;
  private boolean familyMarkers;

  private record Chunk(int keys, long bits, byte[] firstRow, byte[] lastRow, byte[] bitmap) {}

  /**
   * @param type ROW or ROWCOL
   * @param errorRate target false-positive rate of each chunk, in (0, 0.5]
   * @param chunkKeys most keys per chunk, 1 … {@link BloomFilter#MAX_CHUNK_KEYS}
   */
  BloomFilterWriter(BloomType type, double errorRate, int chunkKeys) {
    if (type == BloomType.NONE) {
      throw new IllegalArgumentException("no bloom filter to write for type NONE");
    }
    this.type = type;
    this.bitsPerKey = bitsPerKey(errorRate);
    this.hashCount = hashCount(bitsPerKey);
    this.chunkKeys = chunkKeys;
    this.pending = new long[2 * Math.min(chunkKeys, 1024)];
  }

  /** Bits per key for a target false-positive rate {@code p}: {@code -ln p / (ln 2)^2}. */
  static double bitsPerKey(double p) {
    return -Math.log(p) / (Math.log(2) * Math.log(2));
  }

  /** The hash count that minimises the false-positive rate at {@code bitsPerKey}: {@code bitsPerKey · ln 2}, rounded. */
  static int hashCount(double bitsPerKey) {
    return (int) Math.max(1, Math.min(BloomFilter.MAX_HASH_COUNT, Math.round(bitsPerKey * Math.log(2))));
  }

  /** Bits of a chunk of {@code keys} keys: {@code ceil(keys · bitsPerKey)} rounded up to whole bytes. */
  static long chunkBits(int keys, double bitsPerKey) {
    long bits = (long) Math.ceil(keys * bitsPerKey);
    return Math.max(8, (bits + 7) & ~7L);
  }

  int hashCount() {
    return hashCount;
  }

  /** Keys added so far. */
  long keyCount() {
    return keyCount;
  }

  /** Size of the block's contents if {@link #finish()} were called now, give or take the last chunk. */
  long estimatedSize() {
    return contentSize + (pendingKeys == 0 ? 0 : chunkBits(pendingKeys, bitsPerKey) / 8 + 10
        + chunkFirstRow.length + lastRow.length);
  }

  /** Adds the keys of {@code cell}, which follows the previously added cell in file order. */
  void add(Cell cell) {
    if (cell.type() == CellType.DELETE_FAMILY || cell.type() == CellType.DELETE_FAMILY_VERSION) {
      familyMarkers = true;
    }
    byte[] row = cell.row();
    boolean newRow = lastRow == null || !Arrays.equals(row, lastRow);
    if (newRow) {
      lastRow = row;
      lastQualifier = null;
      BloomFilter.hashRowKey(row, scratch, hash);
      addHash(row);
    }
    if (type == BloomType.ROWCOL && (newRow || !Arrays.equals(cell.qualifier(), lastQualifier))) {
      lastQualifier = cell.qualifier();
      BloomFilter.hashColumnKey(row, lastQualifier, scratch, hash);
      addHash(row);
    }
  }

  private void addHash(byte[] row) {
    if (pendingKeys == 0) {
      chunkFirstRow = row;
    }
    chunkLastRow = row;
    if (2 * pendingKeys == pending.length) {
      pending = Arrays.copyOf(pending, Math.min(2 * chunkKeys, 2 * pending.length));
    }
    pending[2 * pendingKeys] = hash[0];
    pending[2 * pendingKeys + 1] = hash[1];
    pendingKeys++;
    keyCount++;
    if (pendingKeys == chunkKeys) {
      sealChunk();
    }
  }

  private void sealChunk() {
    int n = pendingKeys;
    long bits = chunkBits(n, bitsPerKey);
    byte[] bitmap = new byte[(int) (bits / 8)];
    for (int k = 0; k < n; k++) {
      long h = pending[2 * k];
      long h2 = pending[2 * k + 1];
      for (int i = 0; i < hashCount; i++) {
        long bit = (h & Long.MAX_VALUE) % bits;
        bitmap[(int) (bit >>> 3)] |= (byte) (1 << (bit & 7));
        h += h2;
      }
    }
    chunks.add(new Chunk(n, bits, chunkFirstRow, chunkLastRow, bitmap));
    contentSize += 8 + varintSize(chunkFirstRow.length) + chunkFirstRow.length + varintSize(chunkLastRow.length)
        + chunkLastRow.length + bitmap.length;
    pendingKeys = 0;
    chunkFirstRow = null;
    chunkLastRow = null;
  }

  /** Builds the block's contents. No keys may be added afterwards. */
  byte[] finish() {
    if (pendingKeys > 0) {
      sealChunk();
    }
    pending = null;
    if (contentSize > StoreFileFormat.MAX_BLOCK_CONTENTS) {
      throw new IllegalStateException("bloom block of " + contentSize + " bytes exceeds the block size limit");
    }
    ByteWriter out = new ByteWriter((int) contentSize);
    out.putByte(BloomFilter.VERSION);
    out.putByte(type.code());
    out.putByte(BloomFilter.HASH_MURMUR3_X64_128);
    out.putByte(hashCount);
    out.putByte(familyMarkers ? BloomFilter.FLAG_FAMILY_MARKERS : 0);
    out.putInt(chunks.size());
    for (Chunk c : chunks) {
      out.putInt(c.keys());
      out.putInt((int) c.bits());
      out.putLengthPrefixed(c.firstRow());
      out.putLengthPrefixed(c.lastRow());
    }
    for (Chunk c : chunks) {
      out.putBytes(c.bitmap());
    }
    return out.array().length == out.size() ? out.array() : out.toByteArray();
  }

  private static int varintSize(int v) {
    int n = 1;
    while ((v & ~0x7f) != 0) {
      v >>>= 7;
      n++;
    }
    return n;
  }
}
