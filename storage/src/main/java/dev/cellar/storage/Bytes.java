package dev.cellar.storage;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Helpers for the byte strings that make up rowkeys, families, qualifiers and values. */
public final class Bytes {
  /** The empty byte string: as a start row it means "from the first row", as a stop row "to the last". */
  public static final byte[] EMPTY = new byte[0];

  private Bytes() {}

  /** UTF-8 bytes of {@code s}. */
  public static byte[] toBytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** Big-endian eight bytes of {@code v}, as HBase's {@code Bytes.toBytes(long)} writes them. */
  public static byte[] toBytes(long v) {
    byte[] b = new byte[8];
    for (int i = 7; i >= 0; i--) {
      b[i] = (byte) v;
      v >>>= 8;
    }
    return b;
  }

  /** Big-endian four bytes of {@code v}, as HBase's {@code Bytes.toBytes(int)} writes them. */
  public static byte[] toBytes(int v) {
    return new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
  }

  /** Decodes eight big-endian bytes at {@code offset}. */
  public static long toLong(byte[] b, int offset) {
    if (b.length - offset < 8) {
      throw new IllegalArgumentException("need 8 bytes at offset " + offset + ", have " + (b.length - offset));
    }
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = (v << 8) | (b[offset + i] & 0xff);
    }
    return v;
  }

  /** Decodes eight big-endian bytes. */
  public static long toLong(byte[] b) {
    return toLong(b, 0);
  }

  /** Decodes four big-endian bytes at {@code offset}. */
  public static int toInt(byte[] b, int offset) {
    if (b.length - offset < 4) {
      throw new IllegalArgumentException("need 4 bytes at offset " + offset + ", have " + (b.length - offset));
    }
    return ((b[offset] & 0xff) << 24) | ((b[offset + 1] & 0xff) << 16) | ((b[offset + 2] & 0xff) << 8)
        | (b[offset + 3] & 0xff);
  }

  /** UTF-8 decoding of {@code b}. */
  public static String toString(byte[] b) {
    return b == null ? null : new String(b, StandardCharsets.UTF_8);
  }

  /** Unsigned lexicographic comparison, the order of rowkeys, families and qualifiers. */
  public static int compare(byte[] a, byte[] b) {
    return Arrays.compareUnsigned(a, b);
  }

  /** Whether {@code b} starts with {@code prefix}. */
  public static boolean startsWith(byte[] b, byte[] prefix) {
    return b.length >= prefix.length && Arrays.equals(b, 0, prefix.length, prefix, 0, prefix.length);
  }

  /** Concatenation of the arguments. */
  public static byte[] concat(byte[]... parts) {
    int n = 0;
    for (byte[] p : parts) {
      n += p.length;
    }
    byte[] out = new byte[n];
    int pos = 0;
    for (byte[] p : parts) {
      System.arraycopy(p, 0, out, pos, p.length);
      pos += p.length;
    }
    return out;
  }

  /** The first row that sorts after {@code row}: {@code row + 0x00}. */
  public static byte[] rowAfter(byte[] row) {
    return Arrays.copyOf(row, row.length + 1);
  }

  /**
   * The smallest byte string greater than every string starting with {@code prefix}: the stop
   * row of a prefix scan. Returns {@link #EMPTY} (end of the key space) when the prefix is
   * empty or all {@code 0xff}.
   */
  public static byte[] prefixEnd(byte[] prefix) {
    for (int i = prefix.length - 1; i >= 0; i--) {
      if (prefix[i] != (byte) 0xff) {
        byte[] end = Arrays.copyOf(prefix, i + 1);
        end[i]++;
        return end;
      }
    }
    return EMPTY;
  }

  /**
   * Printable form in the style of HBase's {@code toStringBinary}: printable ASCII as is,
   * everything else as {@code \xNN}.
   */
  public static String toStringBinary(byte[] b) {
    if (b == null) {
      return "null";
    }
    StringBuilder sb = new StringBuilder(b.length);
    for (byte x : b) {
      int c = x & 0xff;
      if (c >= ' ' && c <= '~' && c != '\\') {
        sb.append((char) c);
      } else {
        sb.append(String.format("\\x%02X", c));
      }
    }
    return sb.toString();
  }

  /** Parses the output of {@link #toStringBinary}: {@code \xNN} escapes become bytes. */
  public static byte[] toBytesBinary(String s) {
    byte[] out = new byte[s.length()];
    int n = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 3 < s.length() && s.charAt(i + 1) == 'x' && isHex(s, i + 2) && isHex(s, i + 3)) {
        out[n++] = (byte) Integer.parseInt(s.substring(i + 2, i + 4), 16);
        i += 3;
      } else if (c < 0x80) {
        out[n++] = (byte) c;
      } else {
        byte[] enc = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        if (n + enc.length > out.length) {
          out = Arrays.copyOf(out, out.length + enc.length + s.length());
        }
        System.arraycopy(enc, 0, out, n, enc.length);
        n += enc.length;
      }
    }
    return Arrays.copyOf(out, n);
  }

  private static boolean isHex(String s, int i) {
    return i < s.length() && Character.digit(s.charAt(i), 16) >= 0;
  }
}
