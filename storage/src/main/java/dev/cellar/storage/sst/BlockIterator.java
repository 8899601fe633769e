package dev.cellar.storage.sst;

import dev.cellar.storage.CorruptionException;
import dev.cellar.storage.util.ByteReader;
import dev.cellar.storage.util.ShortBytes;
import java.util.Arrays;

/**
 * A cursor over the entries of one {@link Block}: decodes prefix-encoded keys into a reusable
 * buffer and points at values in place, so moving allocates nothing. Seeks binary-search the
 * restart points, whose keys are stored whole, then scan at most one restart interval. Reusable
 * across blocks through {@link #reset}. Not thread-safe.
 *
 * <p>Every structural error throws a {@link CorruptionException} naming the block.
 */
final class BlockIterator {
  private Block block;
  private byte[] data;
  private int limit;
  private int current;
  private int nextEntry;
  private byte[] key = new byte[64];
  private int keyLength;
  /**
   * The length of the common prefix of the current key and the key parsed before it, or -1 if
   * none was (the first entry after a seek or {@link #reset}).
   */
  private int commonPrefix = -1;
  private int valueOffset;
  private int valueLength;
  /** The lengths {@link #readHeader} read last: of the key shared, of the key stored, of the value. */
  private int entryShared;
  private int entryUnshared;
  private int entryValueLength;
  /** Whether the block's cell keys are suffix first ({@link CellKeys}): data blocks of version 2. */
  private boolean suffixFirst;

  /** Starts iterating {@code b}, whose keys (if cell keys) are in field order, unpositioned. */
  void reset(Block b) {
    reset(b, false);
  }

  /** Starts iterating {@code b}, unpositioned; {@code suffixFirst} tells the layout of its cell keys. */
  void reset(Block b, boolean suffixFirst) {
    this.suffixFirst = suffixFirst;
    block = b;
    data = b.data();
    limit = b.restartsOffset();
    current = limit;
    nextEntry = limit;
    keyLength = 0;
  }

  /**
   * Positions at the first entry of {@code b}, the block after the current one, keeping the
   * current key so that {@link #commonPrefix()} compares the two; returns {@link #valid()}.
   */
  boolean continueWith(Block b) {
    block = b;
    data = b.data();
    limit = b.restartsOffset();
    current = limit;
    nextEntry = b.restartCount() == 0 ? limit : b.restart(0);
    parseNext();
    return valid();
  }

  Block block() {
    return block;
  }

  boolean valid() {
    return current < limit;
  }

  /** The current key: {@code key()[0, keyLength())}. Changes when the iterator moves. */
  byte[] key() {
    return key;
  }

  int keyLength() {
    return keyLength;
  }

  /**
   * How many leading bytes the current key shares with the key parsed before it: the entry's
   * shared length, or at a restart point (which stores its key whole) the keys compared; -1
   * when no key was parsed before it since the last seek or {@link #reset}. Moving on from
   * the last entry of one block to the first of the next with {@link #continueWith} keeps the
   * previous key.
   */
  int commonPrefix() {
    return commonPrefix;
  }

  /** The block's contents array, in which the current value lies. */
  byte[] data() {
    return data;
  }

  int valueOffset() {
    return valueOffset;
  }

  int valueLength() {
    return valueLength;
  }

  /** Offset of the current entry in the block's contents, for messages. */
  int entryOffset() {
    return current;
  }

  void seekToFirst() {
    seekToRestart(0);
    parseNext();
  }

  void next() {
    parseNext();
  }

  /**
   * Moves past the entries after the current one whose keys begin with the current key's first
   * {@code rowPrefix} bytes (a cell key's row length and row: the current row) and parses the
   * first entry that does not, if the block has one; returns whether it had. The entries passed
   * are not decoded: the key buffer keeps its first {@code rowPrefix} bytes, all a later entry
   * of another row can share with it (its bytes after them are stale until the next parse).
   */
  boolean skipEntriesOfRow(int rowPrefix) {
    int p = nextEntry;
    while (p < limit) {
      int q = readHeader(p);
      boolean sameRow = entryShared == 0
          // a restart point stores its key whole: compare its row part
          ? entryUnshared >= rowPrefix && ShortBytes.equals(key, 0, data, q, rowPrefix)
          : entryShared >= rowPrefix;
      if (!sameRow) {
        break;
      }
      p = q + entryUnshared + entryValueLength;
    }
    nextEntry = p;
    parseNext();
    return valid();
  }

  /**
   * Reads the header of the entry at {@code p} into {@link #entryShared}, {@link #entryUnshared}
   * and {@link #entryValueLength}, checking that its key and value fit in the entries; returns
   * where its unshared key bytes start.
   */
  private int readHeader(int p) {
    int q;
    if (p + 3 <= limit && (data[p] | data[p + 1] | data[p + 2]) >= 0) {
      entryShared = data[p];
      entryUnshared = data[p + 1];
      entryValueLength = data[p + 2];
      q = p + 3;
    } else {
      long v = Varints.decode(data, p, limit);
      long u = v < 0 ? -1 : Varints.decode(data, Varints.position(v), limit);
      long w = u < 0 ? -1 : Varints.decode(data, Varints.position(u), limit);
      if (w < 0) {
        throw block.corrupt("bad entry header", p);
      }
      entryShared = Varints.value(v);
      entryUnshared = Varints.value(u);
      entryValueLength = Varints.value(w);
      q = Varints.position(w);
    }
    if (entryUnshared > limit - q || entryValueLength > limit - q - entryUnshared) {
      throw block.corrupt("entry of " + entryUnshared + " key and " + entryValueLength
          + " value bytes overruns the entries", p);
    }
    return q;
  }

  /** Positions at the last entry (decoding at most one restart interval); returns {@link #valid()}. */
  boolean seekToLast() {
    int n = block.restartCount();
    if (n == 0) {
      seekToRestart(0);
      return false;
    }
    seekToRestart(n - 1);
    parseNext();
    while (valid() && nextEntry < limit) {
      parseNext();
    }
    return valid();
  }

  /** Positions at the first entry whose key is {@code >= target}; returns {@link #valid()}. */
  boolean seek(SearchKey target) {
    int r = lastRestartBefore(target);
    if (r < 0) {
      current = limit;
      return false;
    }
    seekToRestart(r);
    while (true) {
      parseNext();
      if (!valid() || compare(target, key, 0, keyLength, current) <= 0) {
        return valid();
      }
    }
  }

  /**
   * Positions at the last entry whose key is {@code < target}. Returns false, leaving the
   * iterator unpositioned, if the first key is already {@code >= target}.
   */
  boolean seekLastBefore(SearchKey target) {
    int r = lastRestartBefore(target);
    if (r < 0) {
      current = limit;
      return false;
    }
    seekToRestart(r);
    int smaller = 0;
    while (true) {
      parseNext();
      if (!valid() || compare(target, key, 0, keyLength, current) <= 0) {
        break;
      }
      smaller++;
    }
    seekToRestart(r);
    for (int i = 0; i < smaller; i++) {
      parseNext();
    }
    if (smaller == 0) {
      current = limit;
    }
    return smaller > 0;
  }

  /**
   * The last restart point whose key is {@code < target}, or 0 if there is none; -1 if the
   * block is empty. The block's {@link RestartRows} narrow the search first; keys are read only
   * among the restart points whose rows they cannot tell from the target's.
   */
  private int lastRestartBefore(SearchKey target) {
    int n = block.restartCount();
    if (n == 0) {
      return -1;
    }
    int lo = 0;
    int hi = n - 1;
    if (n >= RestartRows.MIN_RESTARTS) {
      long range = block.restartRows().range(target.row());
      lo = (int) (range >>> 32);
      hi = (int) range;
    }
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      int p = block.restart(mid);
      long sh = Varints.decode(data, p, limit);
      long un = sh < 0 ? -1 : Varints.decode(data, Varints.position(sh), limit);
      long vl = un < 0 ? -1 : Varints.decode(data, Varints.position(un), limit);
      if (vl < 0 || Varints.value(sh) != 0 || Varints.value(un) > limit - Varints.position(vl)) {
        throw block.corrupt("bad entry header at restart point " + mid, p);
      }
      if (compare(target, data, Varints.position(vl), Varints.value(un), p) > 0) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  private int compare(SearchKey target, byte[] k, int off, int len, int entry) {
    try {
      return target.compareTo(k, off, len, suffixFirst);
    } catch (ByteReader.Malformed e) {
      throw block.corrupt("bad key: " + e.getMessage(), entry);
    }
  }

  private void seekToRestart(int r) {
    keyLength = 0;
    current = limit;
    nextEntry = block.restartCount() == 0 ? limit : block.restart(r);
  }

  private void parseNext() {
    int p = nextEntry;
    if (p >= limit) {
      current = limit;
      return;
    }
    current = p;
    p = readHeader(p);
    int shared = entryShared;
    int unshared = entryUnshared;
    int valueLen = entryValueLength;
    if (shared > keyLength) {
      throw block.corrupt("entry shares " + shared + " key bytes with a previous key of " + keyLength, current);
    }
    if (keyLength == 0) {
      commonPrefix = -1;
    } else if (shared > 0) {
      commonPrefix = shared;
    } else {
      // a key stored whole (a restart point): compare it with the previous one
      int n = Math.min(keyLength, unshared);
      int m = ShortBytes.mismatch(key, 0, data, p, n);
      commonPrefix = m < 0 ? n : m;
    }
    int kl = shared + unshared;
    if (kl > key.length) {
      key = Arrays.copyOf(key, Math.max(kl, key.length * 2));
    }
    System.arraycopy(data, p, key, shared, unshared);
    keyLength = kl;
    valueOffset = p + unshared;
    valueLength = valueLen;
    nextEntry = valueOffset + valueLen;
  }
}
