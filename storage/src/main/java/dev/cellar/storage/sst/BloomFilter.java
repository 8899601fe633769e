package dev.cellar.storage.sst;

import dev.cellar.storage.BloomType;
import dev.cellar.storage.CorruptionException;
import dev.cellar.storage.util.ByteReader;
import dev.cellar.storage.util.ByteWriter;
import java.util.Arrays;
import java.util.Objects;

/**
 * The bloom filter of one store file, decoded from its {@value #META_BLOCK_NAME} meta block
 * (layout in {@code storage/docs/store-file-format.md}, "Bloom block"). It answers "may this
 * file hold a cell of this row" ({@link BloomType#ROW} and {@link BloomType#ROWCOL} filters) or
 * "of this row and qualifier" (ROWCOL only): {@code false} is certain, {@code true} is wrong
 * with about the probability the filter was sized for.
 *
 * <p>The filter is split into chunks, each covering a contiguous range of rows and built for at
 * most a fixed number of keys, so that a writer never holds more than one chunk's worth of key
 * hashes. A question about row {@code r} looks only at the chunks whose row range contains
 * {@code r} (one, unless the keys of {@code r} straddle a chunk boundary); a row outside every
 * range is absent without hashing.
 *
 * <p>Keys. Every distinct row of the file is a <em>row key</em>; a ROWCOL filter also holds
 * every distinct (row, qualifier) of the file as a <em>column key</em>. Cells of every type
 * count, delete markers included: a row holding only markers is present, as its markers must
 * be read to mask older files. Family delete markers have the empty qualifier, so a reader
 * asking a ROWCOL filter about given qualifiers must ask about the empty one as well when
 * {@link #hasFamilyMarkers()}.
 *
 * <p>Immutable and thread-safe; the whole block stays in memory.
 */
public final class BloomFilter {
  /** Name of the meta block holding a file's bloom filter. */
  public static final String META_BLOCK_NAME = "cellar.bloom";
  /** Layout version of the bloom block this code writes and reads. */
  static final int VERSION = 1;
  /** Hash id: MurmurHash3 x64 128-bit, seed 0, with double hashing (the only one defined). */
  static final int HASH_MURMUR3_X64_128 = 1;
  /** Bytes before the chunk directory: version, type, hash id, hash count, flags, chunk count. */
  static final int HEADER_SIZE = 9;
  /** Flag bit: the file holds at least one DeleteFamily or DeleteFamilyVersion marker. */
  static final int FLAG_FAMILY_MARKERS = 1;
  /** First byte of the hashed form of a row key. */
  static final int ROW_KEY_TAG = 0;
  /** First byte of the hashed form of a column key. */
  static final int COLUMN_KEY_TAG = 1;
  /** Largest number of hash functions a block may declare. */
  static final int MAX_HASH_COUNT = 64;

  /**
   * Default target false-positive rate of one file's filter: 0.1%, about 14.4 bits and 10
   * hashes per key. A get of an absent row consults every file of the family, so its chance
   * of reading a data block is roughly the number of files times this rate: below 1% up to
   * ten files.
   */
  public static final double DEFAULT_ERROR_RATE = 0.001;

  /** Default largest number of keys of one chunk (about 115 KiB of bits at the default rate). */
  public static final int DEFAULT_CHUNK_KEYS = 1 << 16;

  /** Largest chunk capacity a writer accepts. */
  public static final int MAX_CHUNK_KEYS = 1 << 24;

  private final BloomType type;
  private final int hashCount;
  private final boolean familyMarkers;
  private final byte[] data;
  private final byte[][] firstRows;
  private final byte[][] lastRows;
  private final int[] keyCounts;
  private final long[] bitCounts;
  private final int[] bitmapOffsets;
  private final long keyCount;
  private final long bitCount;

  private BloomFilter(BloomType type, int hashCount, boolean familyMarkers, byte[] data, byte[][] firstRows,
      byte[][] lastRows, int[] keyCounts, long[] bitCounts, int[] bitmapOffsets) {
    this.type = type;
    this.hashCount = hashCount;
    this.familyMarkers = familyMarkers;
    this.data = data;
    this.firstRows = firstRows;
    this.lastRows = lastRows;
    this.keyCounts = keyCounts;
    this.bitCounts = bitCounts;
    this.bitmapOffsets = bitmapOffsets;
    long keys = 0;
    long bits = 0;
    for (int i = 0; i < keyCounts.length; i++) {
      keys += keyCounts[i];
      bits += bitCounts[i];
    }
    this.keyCount = keys;
    this.bitCount = bits;
  }

  /** A block this code cannot interpret because a newer writer made it (unknown version or hash). */
  static final class UnsupportedBloomException extends Exception {
    private static final long serialVersionUID = 1L;

    UnsupportedBloomException(String message) {
      super(message);
    }
  }

  /**
   * Decodes a bloom block's contents (already checked against the block CRC).
   *
   * @param expected the bloom type the file info records; the block must agree
   * @param path the file, for messages
   * @param offset the block's offset in the file, for messages
   * @throws UnsupportedBloomException if the version, hash id or a flag is not one this code knows
   * @throws CorruptionException if the contents are not a well-formed bloom block of that type
   */
  static BloomFilter decode(byte[] contents, BloomType expected, String path, long offset)
      throws UnsupportedBloomException {
    if (contents.length < HEADER_SIZE) {
      throw new CorruptionException(path, offset, "bloom block of " + contents.length
          + " bytes is shorter than its " + HEADER_SIZE + "-byte header");
    }
    int version = contents[0] & 0xff;
    if (version != VERSION) {
      throw new UnsupportedBloomException("bloom block version " + version + " (this reader knows " + VERSION + ")");
    }
    int typeCode = contents[1] & 0xff;
    BloomType type = BloomType.fromCode(typeCode);
    if (type == null || type == BloomType.NONE || type != expected) {
      throw new CorruptionException(path, offset, "bloom block of type code " + typeCode
          + " in a file whose file info records bloom type " + expected);
    }
    int hash = contents[2] & 0xff;
    if (hash != HASH_MURMUR3_X64_128) {
      throw new UnsupportedBloomException("bloom hash id " + hash + " (this reader knows " + HASH_MURMUR3_X64_128 + ")");
    }
    int hashCount = contents[3] & 0xff;
    if (hashCount < 1 || hashCount > MAX_HASH_COUNT) {
      throw new CorruptionException(path, offset, "bloom hash count " + hashCount + " is not between 1 and "
          + MAX_HASH_COUNT);
    }
    int flags = contents[4] & 0xff;
    if ((flags & ~FLAG_FAMILY_MARKERS) != 0) {
      throw new UnsupportedBloomException("bloom flags 0x" + Integer.toHexString(flags) + " (this reader knows 0x"
          + Integer.toHexString(FLAG_FAMILY_MARKERS) + ")");
    }
    long chunks = Block.getInt(contents, 5) & 0xffffffffL;
    // Each directory entry takes at least 10 bytes and each bitmap at least one.
    if (chunks > (contents.length - HEADER_SIZE) / 11) {
      throw new CorruptionException(path, offset, "bloom chunk count " + chunks + " cannot fit in "
          + contents.length + " bytes");
    }
    int n = (int) chunks;
    byte[][] first = new byte[n][];
    byte[][] last = new byte[n][];
    int[] keys = new int[n];
    long[] bits = new long[n];
    int[] offsets = new int[n];
    ByteReader in = new ByteReader(contents, HEADER_SIZE, contents.length - HEADER_SIZE);
    long bitmapBytes = 0;
    try {
      for (int i = 0; i < n; i++) {
        int at = in.position();
        keys[i] = in.getInt();
        bits[i] = in.getInt() & 0xffffffffL;
        first[i] = in.getLengthPrefixed(contents.length);
        last[i] = in.getLengthPrefixed(contents.length);
        if (keys[i] < 1) {
          throw new CorruptionException(path, offset, "bloom chunk " + i + " (directory byte " + at
              + ") declares " + Integer.toUnsignedString(keys[i]) + " keys");
        }
        if (bits[i] < 8 || bits[i] % 8 != 0) {
          throw new CorruptionException(path, offset, "bloom chunk " + i + " (directory byte " + at
              + ") has " + bits[i] + " bits, not a positive multiple of 8");
        }
        if (Arrays.compareUnsigned(first[i], last[i]) > 0
            || (i > 0 && Arrays.compareUnsigned(last[i - 1], first[i]) > 0)) {
          throw new CorruptionException(path, offset, "bloom chunk " + i + " (directory byte " + at
              + ") has rows out of order");
        }
        bitmapBytes += bits[i] / 8;
      }
    } catch (ByteReader.Malformed e) {
      throw new CorruptionException(path, offset, "bad bloom chunk directory: " + e.getMessage(), e);
    }
    if (bitmapBytes != in.remaining()) {
      throw new CorruptionException(path, offset, "bloom chunks need " + bitmapBytes + " bytes of bits but "
          + in.remaining() + " follow the chunk directory");
    }
    int p = in.position();
    for (int i = 0; i < n; i++) {
      offsets[i] = p;
      p += (int) (bits[i] / 8);
    }
    return new BloomFilter(type, hashCount, (flags & FLAG_FAMILY_MARKERS) != 0, contents, first, last, keys, bits,
        offsets);
  }

  /** ROW or ROWCOL. */
  public BloomType type() {
    return type;
  }

  /** Bit positions probed per key. */
  public int hashCount() {
    return hashCount;
  }

  /**
   * Whether the file holds a DeleteFamily or DeleteFamilyVersion marker (of any row). When it
   * does not, the empty qualifier of a row matters to a read only if the read asks for it, so a
   * get of given qualifiers need not ask a ROWCOL filter about the empty one.
   */
  public boolean hasFamilyMarkers() {
    return familyMarkers;
  }

  /** Keys added by the writer, over all chunks. */
  public long keyCount() {
    return keyCount;
  }

  /** Bits over all chunks. */
  public long bitCount() {
    return bitCount;
  }

  public int chunkCount() {
    return keyCounts.length;
  }

  /** Size of the decoded block held in memory. */
  public int sizeBytes() {
    return data.length;
  }

  /**
   * Whether the file may hold {@code key}. {@code false} is certain. A column key asked of a
   * ROW filter is answered for its row.
   */
  public boolean mightContain(Key key) {
    byte[] row = key.row;
    int lo = 0;
    int hi = lastRows.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (Arrays.compareUnsigned(lastRows[mid], row) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    if (lo == lastRows.length || Arrays.compareUnsigned(firstRows[lo], row) > 0) {
      return false;
    }
    long h1 = key.h1;
    long h2 = key.h2;
    if (key.column && type == BloomType.ROW) {
      h1 = key.rowH1;
      h2 = key.rowH2;
    }
    for (int c = lo; c < lastRows.length && Arrays.compareUnsigned(firstRows[c], row) <= 0; c++) {
      if (chunkContains(c, h1, h2)) {
        return true;
      }
    }
    return false;
  }

  private boolean chunkContains(int c, long h1, long h2) {
    long bits = bitCounts[c];
    int base = bitmapOffsets[c];
    long h = h1;
    for (int i = 0; i < hashCount; i++) {
      long bit = (h & Long.MAX_VALUE) % bits;
      if ((data[base + (int) (bit >>> 3)] & (1 << (bit & 7))) == 0) {
        return false;
      }
      h += h2;
    }
    return true;
  }

  /** Bit {@code bit} of chunk {@code chunk}'s bitmap, for tests. */
  boolean bit(int chunk, long bit) {
    Objects.checkIndex(bit, bitCounts[chunk]);
    return (data[bitmapOffsets[chunk] + (int) (bit >>> 3)] & (1 << (bit & 7))) != 0;
  }

  @Override
  public String toString() {
    return "BloomFilter[" + type + ", " + keyCount + " keys, " + bitCount + " bits, " + hashCount + " hashes, "
        + keyCounts.length + " chunks" + (familyMarkers ? ", family markers" : "") + "]";
  }

  /** A thread's buffers for hashing a row key: a get asks for one every time. */
  private static final class Scratch {
    final ByteWriter bytes = new ByteWriter(64);
    final long[] hash = new long[2];
  }

  private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);
  /** Scratch buffers grown past this (a huge row) are dropped after use. */
  private static final int KEEP_SCRATCH_BYTES = 4096;

  /**
   * A question for {@link #mightContain}: a row key, or a column key (row and qualifier), with
   * its hash computed once so that the same key can be asked of many files' filters.
   */
  public static final class Key {
    final byte[] row;
    final boolean column;
    final long h1;
    final long h2;
    /** The row key's hash, for a column key asked of a ROW filter. */
    final long rowH1;
    final long rowH2;

    private Key(byte[] row, boolean column, long h1, long h2, long rowH1, long rowH2) {
      this.row = row;
      this.column = column;
      this.h1 = h1;
      this.h2 = h2;
      this.rowH1 = rowH1;
      this.rowH2 = rowH2;
    }

    /** The row key of {@code row}. The array is not copied: do not modify it. */
    public static Key row(byte[] row) {
      Scratch s = SCRATCH.get();
      hashRowKey(row, s.bytes, s.hash);
      if (s.bytes.array().length > KEEP_SCRATCH_BYTES) {
        SCRATCH.remove();
      }
      return new Key(row, false, s.hash[0], s.hash[1], s.hash[0], s.hash[1]);
    }

    /** The column key of {@code row} and {@code qualifier}. The arrays are not copied. */
    public static Key column(byte[] row, byte[] qualifier) {
      long[] h = new long[2];
      ByteWriter w = new ByteWriter(row.length + qualifier.length + 6);
      hashRowKey(row, w, h);
      long r1 = h[0];
      long r2 = h[1];
      hashColumnKey(row, qualifier, w, h);
      return new Key(row, true, h[0], h[1], r1, r2);
    }

    public byte[] row() {
      return row;
    }

    /** Whether this is a column key. */
    public boolean isColumn() {
      return column;
    }
  }

  /** Hashes the row key of {@code row} into {@code out}, using {@code scratch} (reset first). */
  static void hashRowKey(byte[] row, ByteWriter scratch, long[] out) {
    scratch.reset();
    scratch.putByte(ROW_KEY_TAG);
    scratch.putBytes(row);
    Murmur3.hash128(scratch.array(), 0, scratch.size(), 0, out);
  }

  /** Hashes the column key of {@code row, qualifier} into {@code out}, using {@code scratch}. */
  static void hashColumnKey(byte[] row, byte[] qualifier, ByteWriter scratch, long[] out) {
    scratch.reset();
    scratch.putByte(COLUMN_KEY_TAG);
    scratch.putVarInt(row.length);
    scratch.putBytes(row);
    scratch.putBytes(qualifier);
    Murmur3.hash128(scratch.array(), 0, scratch.size(), 0, out);
  }
}
