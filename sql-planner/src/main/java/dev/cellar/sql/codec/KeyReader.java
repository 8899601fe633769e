package dev.cellar.sql.codec;

/**
 * Reads a key's bytes for one field at a time, inverting them while the current field is
 * descending, so that field codecs only ever see ascending encodings.
 */
final class KeyReader {
  private final byte[] key;
  private final int end;
  private int pos;
  private int mask;
  private KeyColumn column;
  private int fieldStart;

  KeyReader(byte[] key, int offset, int end) {
    this.key = key;
    this.pos = offset;
    this.end = end;
  }

  /** Starts reading {@code column}'s field at the current position. */
  void startField(KeyColumn column) {
    this.column = column;
    this.mask = column.descending() ? 0xff : 0x00;
    this.fieldStart = pos;
  }

  /** Offset in the key of the next byte. */
  int position() {
    return pos;
  }

  boolean hasMore() {
    return pos < end;
  }

  /** Bytes left in the key. */
  int remaining() {
    return end - pos;
  }

  /**
   * Offset of the first occurrence of {@code pattern} at or after the current position, or -1.
   * Only for ascending fields (mapped keys have no DESC columns).
   */
  int indexOf(byte[] pattern) {
    outer:
    for (int i = pos; i + pattern.length <= end; i++) {
      for (int j = 0; j < pattern.length; j++) {
        if (key[i + j] != pattern[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  /** The next byte, unsigned and as the ascending encoding has it. */
  int next() {
    if (pos >= end) {
      throw corrupt(pos, "key ends inside the field");
    }
    return (key[pos++] ^ mask) & 0xff;
  }

  /** The next {@code width} bytes as a big-endian number. */
  long nextBigEndian(int width) {
    if (end - pos < width) {
      throw corrupt(end, "key ends inside the field: " + width + " bytes needed, " + (end - pos) + " left");
    }
    long v = 0;
    for (int i = 0; i < width; i++) {
      v = (v << 8) | ((key[pos++] ^ mask) & 0xff);
    }
    return v;
  }

  /** The next {@code n} bytes, ascending. */
  byte[] nextBytes(int n) {
    if (end - pos < n) {
      throw corrupt(end, "key ends inside the field: " + n + " bytes needed, " + (end - pos) + " left");
    }
    byte[] out = new byte[n];
    for (int i = 0; i < n; i++) {
      out[i] = (byte) (key[pos++] ^ mask);
    }
    return out;
  }

  /** An error about the byte at {@code offset} of the current field. */
  CorruptKeyException corrupt(int offset, String problem) {
    return new CorruptKeyException(offset, column, problem);
  }

  /** An error about the byte at {@code offset} of the current field, caused by {@code cause}. */
  CorruptKeyException corrupt(int offset, String problem, Throwable cause) {
    CorruptKeyException e = new CorruptKeyException(offset, column, problem);
    e.initCause(cause);
    return e;
  }

  /** An error about the current field as a whole. */
  CorruptKeyException corruptField(String problem) {
    return corrupt(fieldStart, problem);
  }
}
