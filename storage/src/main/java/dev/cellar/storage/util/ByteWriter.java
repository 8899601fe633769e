package dev.cellar.storage.util;

import java.util.Arrays;

/**
 * A growable byte buffer with the encodings the file formats use: fixed-width big-endian
 * integers and LEB128 unsigned varints (7 bits per byte, low bits first, high bit = more).
 */
public final class ByteWriter {
  private byte[] buf;
  private int pos;

  public ByteWriter() {
    this(256);
  }

  public ByteWriter(int capacity) {
    buf = new byte[Math.max(16, capacity)];
  }

  private void ensure(int n) {
    if (pos + n > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + n));
    }
  }

  public ByteWriter putByte(int b) {
    ensure(1);
    buf[pos++] = (byte) b;
    return this;
  }

  /** Four bytes, big-endian. */
  public ByteWriter putInt(int v) {
    ensure(4);
    buf[pos++] = (byte) (v >>> 24);
    buf[pos++] = (byte) (v >>> 16);
    buf[pos++] = (byte) (v >>> 8);
    buf[pos++] = (byte) v;
    return this;
  }

  /** Eight bytes, big-endian. */
  public ByteWriter putLong(long v) {
    ensure(8);
    for (int s = 56; s >= 0; s -= 8) {
      buf[pos++] = (byte) (v >>> s);
    }
    return this;
  }

  /** Unsigned LEB128 varint of an int (1–5 bytes); negative values take 5 bytes. */
  public ByteWriter putVarInt(int v) {
    ensure(5);
    while ((v & ~0x7f) != 0) {
      buf[pos++] = (byte) ((v & 0x7f) | 0x80);
      v >>>= 7;
    }
    buf[pos++] = (byte) v;
    return this;
  }

  /** Unsigned LEB128 varint of a long (1–10 bytes). */
  public ByteWriter putVarLong(long v) {
    ensure(10);
    while ((v & ~0x7fL) != 0) {
      buf[pos++] = (byte) ((v & 0x7f) | 0x80);
      v >>>= 7;
    }
    buf[pos++] = (byte) v;
    return this;
  }

  public ByteWriter putBytes(byte[] b) {
    return putBytes(b, 0, b.length);
  }

  public ByteWriter putBytes(byte[] b, int off, int len) {
    ensure(len);
    System.arraycopy(b, off, buf, pos, len);
    pos += len;
    return this;
  }

  /** A varint length followed by the bytes. */
  public ByteWriter putLengthPrefixed(byte[] b) {
    putVarInt(b.length);
    return putBytes(b);
  }

  /** Overwrites four bytes at {@code at}, big-endian. */
  public void setInt(int at, int v) {
    buf[at] = (byte) (v >>> 24);
    buf[at + 1] = (byte) (v >>> 16);
    buf[at + 2] = (byte) (v >>> 8);
    buf[at + 3] = (byte) v;
  }

  /** Bytes written. */
  public int size() {
    return pos;
  }

  /** Forgets the contents, keeping the capacity. */
  public void reset() {
    pos = 0;
  }

  /** The backing array; valid bytes are {@code [0, size())}. */
  public byte[] array() {
    return buf;
  }

  /** A copy of the contents. */
  public byte[] toByteArray() {
    return Arrays.copyOf(buf, pos);
  }
}
