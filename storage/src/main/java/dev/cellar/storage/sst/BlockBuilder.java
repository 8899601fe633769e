package dev.cellar.storage.sst;

import dev.cellar.storage.util.ByteWriter;
import java.util.Arrays;

/**
 * Builds the contents of one block: entries whose keys are prefix encoded against the previous
 * key, a full key at every restart point, then the restart offsets and their count. Keys must
 * be added in increasing order; this class does not check it. Reused block after block through
 * {@link #reset()}. See {@code storage/docs/store-file-format.md}, "Block contents".
 */
final class BlockBuilder {
  private final int restartInterval;
  private final ByteWriter buf;
  private int[] restarts = new int[16];
  private int restartCount;
  private int sinceRestart;
  private int entries;
  private byte[] lastKey = new byte[64];
  private int lastKeyLength;
  private boolean finished;

  BlockBuilder(int restartInterval, int expectedSize) {
    if (restartInterval < 1) {
      throw new IllegalArgumentException("restart interval " + restartInterval + " must be at least 1");
    }
    this.restartInterval = restartInterval;
    this.buf = new ByteWriter(Math.min(expectedSize, 1 << 20) + 64);
  }

  /** Appends an entry; {@code key[0, keyLength)} must sort after the previous key. */
  void add(byte[] key, int keyLength, byte[] value, int valueOffset, int valueLength) {
    if (finished) {
      throw new IllegalStateException("block already finished");
    }
    int shared = 0;
    if (entries == 0 || sinceRestart == restartInterval) {
      if (restartCount == restarts.length) {
        restarts = Arrays.copyOf(restarts, restartCount * 2);
      }
      restarts[restartCount++] = buf.size();
      sinceRestart = 0;
    } else {
      shared = Arrays.mismatch(lastKey, 0, lastKeyLength, key, 0, keyLength);
      if (shared < 0) {
        shared = keyLength;
      }
    }
    buf.putVarInt(shared).putVarInt(keyLength - shared).putVarInt(valueLength);
    buf.putBytes(key, shared, keyLength - shared);
    buf.putBytes(value, valueOffset, valueLength);
    if (keyLength > lastKey.length) {
      lastKey = Arrays.copyOf(lastKey, Math.max(keyLength, lastKey.length * 2));
    }
    System.arraycopy(key, shared, lastKey, shared, keyLength - shared);
    lastKeyLength = keyLength;
    sinceRestart++;
    entries++;
  }

  /** Size the contents would have if finished now. */
  int estimatedSize() {
    return buf.size() + 4 * restartCount + 4;
  }

  boolean isEmpty() {
    return entries == 0;
  }

  int entryCount() {
    return entries;
  }

  /** The last key added; valid bytes are {@code [0, lastKeyLength())}. */
  byte[] lastKey() {
    return lastKey;
  }

  int lastKeyLength() {
    return lastKeyLength;
  }

  /**
   * Appends the restart array and returns the finished contents, {@code [0, size())} of the
   * returned writer's array. Valid until {@link #reset()}.
   */
  ByteWriter finish() {
    if (!finished) {
      for (int i = 0; i < restartCount; i++) {
        buf.putInt(restarts[i]);
      }
      buf.putInt(restartCount);
      finished = true;
    }
    return buf;
  }

  /** Forgets everything, keeping the buffers. */
  void reset() {
    buf.reset();
    restartCount = 0;
    sinceRestart = 0;
    entries = 0;
    lastKeyLength = 0;
    finished = false;
  }
}
