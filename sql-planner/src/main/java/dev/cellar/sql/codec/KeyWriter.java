package dev.cellar.sql.codec;

import java.util.Arrays;

/** A growing byte buffer that field codecs append their ascending encodings to. */
final class KeyWriter {
  private byte[] buf;
  private int len;

  KeyWriter(int capacity) {
    buf = new byte[Math.max(capacity, 8)];
  }

  /** Bytes written so far. */
  int length() {
    return len;
  }

  void put(int b) {
    if (len == buf.length) {
      buf = Arrays.copyOf(buf, buf.length * 2);
    }
    buf[len++] = (byte) b;
  }

  void put(byte[] b) {
    ensure(b.length);
    System.arraycopy(b, 0, buf, len, b.length);
    len += b.length;
  }

  void put(byte[] b, int from, int n) {
    ensure(n);
    System.arraycopy(b, from, buf, len, n);
    len += n;
  }

  /** The {@code width} low bytes of {@code v}, most significant first. */
  void putBigEndian(long v, int width) {
    ensure(width);
    for (int i = width - 1; i >= 0; i--) {
      buf[len + i] = (byte) v;
      v >>>= 8;
    }
    len += width;
  }

  /** Inverts every byte written from {@code from} on: how a descending column is made. */
  void invertFrom(int from) {
    for (int i = from; i < len; i++) {
      buf[i] = (byte) ~buf[i];
    }
  }

  byte[] toByteArray() {
    return Arrays.copyOf(buf, len);
  }

  private void ensure(int n) {
    if (len + n > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
    }
  }
}
