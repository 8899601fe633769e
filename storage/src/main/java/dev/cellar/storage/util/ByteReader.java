package dev.cellar.storage.util;

/**
 * Reads what {@link ByteWriter} writes, with bounds checks. On malformed input it throws
 * {@link Malformed}, which callers turn into a {@code CorruptionException} naming their file
 * and offset.
 */
public final class ByteReader {
  private final byte[] buf;
  private final int end;
  private int pos;

  public ByteReader(byte[] buf) {
    this(buf, 0, buf.length);
  }

  public ByteReader(byte[] buf, int off, int len) {
    this.buf = buf;
    this.pos = off;
    this.end = off + len;
  }

  /** Thrown when the bytes cannot be what they should be. */
  public static final class Malformed extends RuntimeException {
    private final int position;

    public Malformed(String message, int position) {
      super(message + " at position " + position);
      this.position = position;
    }

    /** Position in the underlying array where decoding failed. */
    public int position() {
      return position;
    }
  }

  private void need(int n) {
    if (n < 0 || end - pos < n) {
      throw new Malformed("need " + n + " bytes, " + (end - pos) + " left", pos);
    }
  }

  public int position() {
    return pos;
  }

  public void position(int p) {
    if (p < 0 || p > end) {
      throw new Malformed("bad position " + p, pos);
    }
    pos = p;
  }

  public int remaining() {
    return end - pos;
  }

  public boolean hasRemaining() {
    return pos < end;
  }

  public int getByte() {
    need(1);
    return buf[pos++] & 0xff;
  }

  public int getInt() {
    need(4);
    int v = ((buf[pos] & 0xff) << 24) | ((buf[pos + 1] & 0xff) << 16) | ((buf[pos + 2] & 0xff) << 8)
        | (buf[pos + 3] & 0xff);
    pos += 4;
    return v;
  }

  public long getLong() {
    need(8);
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = (v << 8) | (buf[pos + i] & 0xff);
    }
    pos += 8;
    return v;
  }

  public int getVarInt() {
    int v = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      need(1);
      int b = buf[pos++];
      v |= (b & 0x7f) << shift;
      if ((b & 0x80) == 0) {
        return v;
      }
    }
    throw new Malformed("varint longer than 5 bytes", pos);
  }

  /** A varint that must lie in {@code [0, max]}: lengths and counts. */
  public int getVarInt(int max) {
    int start = pos;
    int v = getVarInt();
    if (v < 0 || v > max) {
      throw new Malformed("value " + v + " out of range [0, " + max + "]", start);
    }
    return v;
  }

  public long getVarLong() {
    long v = 0;
    for (int shift = 0; shift < 70; shift += 7) {
      need(1);
      long b = buf[pos++];
      v |= (b & 0x7f) << shift;
      if ((b & 0x80) == 0) {
        return v;
      }
    }
    throw new Malformed("varlong longer than 10 bytes", pos);
  }

  public byte[] getBytes(int n) {
    need(n);
    byte[] out = new byte[n];
    System.arraycopy(buf, pos, out, 0, n);
    pos += n;
    return out;
  }

  /** A varint length (at most {@code maxLen}) and that many bytes. */
  public byte[] getLengthPrefixed(int maxLen) {
    return getBytes(getVarInt(maxLen));
  }

  public void skip(int n) {
    need(n);
    pos += n;
  }
}
