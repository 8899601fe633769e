package dev.cellar.storage.sst;

/**
 * Allocation-free decoding of the LEB128 varints that {@link dev.cellar.storage.util.ByteWriter}
 * writes, for the hot paths of block decoding.
 */
final class Varints {
  private Varints() {}

  /**
   * Decodes a varint of at most five bytes, whose value must be a non-negative {@code int},
   * from {@code b[p, limit)}.
   *
   * @return {@code (value << 32) | positionAfter}, or {@code -1} if the bytes end first, the
   *     varint is longer than five bytes or its value does not fit
   */
  static long decode(byte[] b, int p, int limit) {
    int v = 0;
    for (int shift = 0; shift <= 28; shift += 7) {
      if (p >= limit) {
        return -1;
      }
      int x = b[p++];
      if (shift == 28 && (x & 0xf8) != 0) {
        return -1;
      }
      v |= (x & 0x7f) << shift;
      if (x >= 0) {
        return ((long) v << 32) | p;
      }
    }
    return -1;
  }

  /** The value part of a {@link #decode} result. */
  static int value(long decoded) {
    return (int) (decoded >>> 32);
  }

  /** The position part of a {@link #decode} result. */
  static int position(long decoded) {
    return (int) decoded;
  }
}
