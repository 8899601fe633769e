package dev.cellar.storage.sst;

import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.CorruptionException;
import dev.cellar.storage.util.ByteReader;
import java.util.Arrays;

/**
 * The decoded index block: for each data block, in order, its last key and its handle. A seek
 * for a target finds the first block whose last key is {@code >= target}, which is the one
 * block that can hold the answer. Immutable; the keys are packed in one array.
 */
final class BlockIndex {
  private final byte[] keys;
  private final int[] keyStarts;
  private final long[] offsets;
  private final int[] sizes;

  private BlockIndex(byte[] keys, int[] keyStarts, long[] offsets, int[] sizes) {
    this.keys = keys;
    this.keyStarts = keyStarts;
    this.offsets = offsets;
    this.sizes = sizes;
  }

  /**
   * Decodes and checks an index block: handles must tile the file from offset 0 without gaps
   * and end at or before {@code dataLimit}; keys must be cell keys in strictly increasing order.
   *
   * @throws CorruptionException naming the index block on any violation
   */
  static BlockIndex read(Block block, byte[] family, long dataLimit) {
    BlockIterator it = new BlockIterator();
    it.reset(block);
    int n = 0;
    int keyBytes = 0;
    for (it.seekToFirst(); it.valid(); it.next()) {
      n++;
      keyBytes += it.keyLength();
    }
    byte[] keys = new byte[keyBytes];
    int[] keyStarts = new int[n + 1];
    long[] offsets = new long[n];
    int[] sizes = new int[n];
    int i = 0;
    long expectedOffset = 0;
    Cell previous = null;
    for (it.seekToFirst(); it.valid(); it.next(), i++) {
      int entry = it.entryOffset();
      BlockHandle h;
      Cell key;
      try {
        ByteReader in = new ByteReader(it.data(), it.valueOffset(), it.valueLength());
        h = BlockHandle.read(in);
        if (in.hasRemaining()) {
          throw new ByteReader.Malformed(in.remaining() + " stray bytes after the block handle", in.position());
        }
        key = CellKeys.decode(it.key(), 0, it.keyLength(), family, Bytes.EMPTY, null, null);
      } catch (ByteReader.Malformed e) {
        throw block.corrupt("bad index entry " + i + ": " + e.getMessage(), entry);
      }
      if (h.offset() != expectedOffset || h.end() > dataLimit) {
        throw block.corrupt("index entry " + i + " points at " + h + ", expected a block at offset " + expectedOffset
            + " ending by " + dataLimit, entry);
      }
      if (previous != null && CellComparator.WITH_SEQUENCE.compare(previous, key) >= 0) {
        throw block.corrupt("index key " + i + " (" + key + ") does not sort after the previous one (" + previous + ")",
            entry);
      }
      previous = key;
      expectedOffset = h.end();
      System.arraycopy(it.key(), 0, keys, keyStarts[i], it.keyLength());
      keyStarts[i + 1] = keyStarts[i] + it.keyLength();
      offsets[i] = h.offset();
      sizes[i] = h.size();
    }
    return new BlockIndex(keys, keyStarts, offsets, sizes);
  }

  /** Number of data blocks. */
  int size() {
    return offsets.length;
  }

  BlockHandle handle(int i) {
    return new BlockHandle(offsets[i], sizes[i]);
  }

  /** Offset just past the last data block: 0 for a file without data blocks. */
  long dataEnd() {
    int n = size();
    return n == 0 ? 0 : offsets[n - 1] + sizes[n - 1] + StoreFileFormat.BLOCK_TRAILER_SIZE;
  }

  /** The first block whose last key is {@code >= target}, or {@link #size()} if none is. */
  int find(SearchKey target) {
    int lo = 0;
    int hi = size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (target.compareTo(keys, keyStarts[mid], keyStarts[mid + 1] - keyStarts[mid]) > 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** The row of block {@code i}'s last key, as a new array. */
  byte[] lastRow(int i) {
    return CellKeys.row(keys, keyStarts[i], keyStarts[i + 1] - keyStarts[i]);
  }

  /** Whether block {@code i}'s last key is exactly {@code key}. */
  boolean lastKeyEquals(int i, byte[] key) {
    return lastKeyEquals(i, key, key.length);
  }

  /** Whether block {@code i}'s last key is exactly {@code key[0, length)}. */
  boolean lastKeyEquals(int i, byte[] key, int length) {
    return Arrays.equals(keys, keyStarts[i], keyStarts[i + 1], key, 0, length);
  }
}
