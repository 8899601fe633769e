package dev.cellar.storage.sst;

import dev.cellar.storage.CorruptionException;

/**
 * The decoded (uncompressed, checksum-verified) contents of one block, with its restart array
 * checked. Immutable and shareable between threads, so that a block cache can hold it. Knows
 * its file and offset so that every later decoding error names them.
 */
final class Block {
  private final byte[] data;
  private final int length;
  private final String path;
  private final long fileOffset;
  private final int restartCount;
  private final int restartsOffset;
  /** Made by the first seek that needs them (a data block's); see {@link #restartRows()}. */
  private volatile RestartRows restartRows;

  /**
   * @param data the contents are {@code data[0, length)}; the array is not copied and must not
   *     change afterwards
   * @throws CorruptionException if the restart array is impossible
   */
  Block(byte[] data, int length, String path, long fileOffset) {
    this.data = data;
    this.length = length;
    this.path = path;
    this.fileOffset = fileOffset;
    if (length < 4) {
      throw corrupt("block contents of " + length + " bytes cannot hold a restart count", 0);
    }
    int n = getInt(data, length - 4);
    if (n < 0 || n > (length - 4) / 4) {
      throw corrupt("restart count " + n + " does not fit in " + length + " bytes of block contents", length - 4);
    }
    this.restartCount = n;
    this.restartsOffset = length - 4 - 4 * n;
    if (n == 0 && restartsOffset != 0) {
      throw corrupt("block without restart points holds " + restartsOffset + " bytes of entries", 0);
    }
    int prev = -1;
    for (int i = 0; i < n; i++) {
      int r = getInt(data, restartsOffset + 4 * i);
      boolean ok = i == 0 ? r == 0 : r > prev;
      if (!ok || r >= restartsOffset) {
        throw corrupt("restart point " + i + " has impossible offset " + r, restartsOffset + 4 * i);
      }
      prev = r;
    }
  }

  /** The backing array; the contents are {@code [0, length())}. Do not modify. */
  byte[] data() {
    return data;
  }

  int length() {
    return length;
  }

  /** End of the entries: where the restart array starts. */
  int restartsOffset() {
    return restartsOffset;
  }

  int restartCount() {
    return restartCount;
  }

  /** Offset of the entry at restart point {@code i}. */
  int restart(int i) {
    return getInt(data, restartsOffset + 4 * i);
  }

  /**
   * The rows of the restart points of this data block (whose keys are cell keys), made the
   * first time they are asked for; two threads asking at once may both make them.
   */
  RestartRows restartRows() {
    RestartRows r = restartRows;
    if (r == null) {
      r = RestartRows.of(this);
      restartRows = r;
    }
    return r;
  }

  String path() {
    return path;
  }

  /** Offset of the block in its file. */
  long fileOffset() {
    return fileOffset;
  }

  /** An error naming this block's file and offset, and the position inside the contents. */
  CorruptionException corrupt(String what, int position) {
    return new CorruptionException(path, fileOffset, what + " (byte " + position + " of the block's decoded contents)");
  }

  static int getInt(byte[] b, int p) {
    return ((b[p] & 0xff) << 24) | ((b[p + 1] & 0xff) << 16) | ((b[p + 2] & 0xff) << 8) | (b[p + 3] & 0xff);
  }
}
