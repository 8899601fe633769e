package dev.cellar.storage;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

/**
 * Computes split keys for pre-splitting a table ({@link Admin#createTable(TableDescriptor,
 * byte[][])}) over the key space actually in use (SEEDS.md §4).
 *
 * <p>Splitting hex keys {@code 0000…}–{@code ffff…} evenly <em>by bytes</em> puts most split
 * points between {@code '9'} (0x39) and {@code 'a'} (0x61), where no key ever falls: most
 * regions stay empty. {@link #forAlphabet} divides the space of the characters that do occur;
 * {@link #fromSample} follows the distribution of existing keys.
 */
public final class SplitKeys {
  /** The digits of lower-case hexadecimal keys. */
  public static final String HEX = "0123456789abcdef";

  private SplitKeys() {}

  /**
   * Split keys for fixed-width keys over {@code alphabet} (characters in ascending byte
   * order), dividing the alphabet's key space into {@code regions} equal parts. Keys are
   * {@code width} characters (the split prefix may be shorter than the real keys).
   */
  public static byte[][] forAlphabet(String alphabet, int width, int regions) {
    checkRegions(regions);
    if (alphabet.length() < 2) {
      throw new IllegalArgumentException("alphabet '" + alphabet + "' needs at least two characters");
    }
    for (int i = 1; i < alphabet.length(); i++) {
      if (alphabet.charAt(i) <= alphabet.charAt(i - 1) || alphabet.charAt(i) > 0x7f) {
        throw new IllegalArgumentException("alphabet must be ASCII characters in ascending order; '" + alphabet.charAt(i)
            + "' at position " + i + " is not");
      }
    }
    if (width < 1) {
      throw new IllegalArgumentException("key width " + width + " must be at least 1");
    }
    BigInteger base = BigInteger.valueOf(alphabet.length());
    BigInteger space = base.pow(width);
    if (space.compareTo(BigInteger.valueOf(regions)) < 0) {
      throw new IllegalArgumentException(regions + " regions need more than the " + space + " keys of width " + width);
    }
    byte[][] out = new byte[regions - 1][];
    for (int i = 1; i < regions; i++) {
      BigInteger point = space.multiply(BigInteger.valueOf(i)).divide(BigInteger.valueOf(regions));
      byte[] key = new byte[width];
      for (int p = width - 1; p >= 0; p--) {
        BigInteger[] qr = point.divideAndRemainder(base);
        key[p] = (byte) alphabet.charAt(qr[1].intValue());
        point = qr[0];
      }
      out[i - 1] = key;
    }
    return out;
  }

  /** Split keys for lower-case hex keys of {@code width} digits: {@code forAlphabet(HEX, width, regions)}. */
  public static byte[][] hex(int width, int regions) {
    return forAlphabet(HEX, width, regions);
  }

  /**
   * Split keys dividing the raw byte range {@code [lo, hi)} evenly, as tools that know nothing
   * of the keys do. Shown for comparison: right only when every byte value occurs.
   */
  public static byte[][] uniformBytes(byte[] lo, byte[] hi, int regions) {
    checkRegions(regions);
    int width = Math.max(lo.length, hi.length);
    BigInteger a = new BigInteger(1, pad(lo, width));
    BigInteger b = new BigInteger(1, pad(hi, width));
    if (b.compareTo(a) <= 0) {
      throw new IllegalArgumentException("range end '" + Bytes.toStringBinary(hi) + "' must be above its start '"
          + Bytes.toStringBinary(lo) + "'");
    }
    byte[][] out = new byte[regions - 1][];
    for (int i = 1; i < regions; i++) {
      BigInteger p = a.add(b.subtract(a).multiply(BigInteger.valueOf(i)).divide(BigInteger.valueOf(regions)));
      out[i - 1] = toWidth(p, width);
    }
    return out;
  }

  /**
   * Split keys at the quantiles of a sample of existing keys, so that each region gets about
   * the same number of them. Duplicate quantiles are merged (fewer regions if the sample has
   * few distinct keys).
   */
  public static byte[][] fromSample(Collection<byte[]> sample, int regions) {
    checkRegions(regions);
    List<byte[]> sorted = new ArrayList<>(sample);
    sorted.sort(Bytes::compare);
    TreeSet<byte[]> keys = new TreeSet<>(Bytes::compare);
    if (sorted.isEmpty()) {
      return new byte[0][];
    }
    for (int i = 1; i < regions; i++) {
      byte[] k = sorted.get((int) ((long) sorted.size() * i / regions));
      if (k.length > 0 && Bytes.compare(k, sorted.get(0)) > 0) {
        keys.add(k);
      }
    }
    return keys.toArray(new byte[0][]);
  }

  /** Split keys from the row keys of an existing table (every row is read, keys only). */
  public static byte[][] fromTable(Table table, int regions) {
    List<byte[]> rows = new ArrayList<>();
    try (ResultScanner s = table.scanner(new Scan().setBatch(1))) {
      byte[] last = null;
      for (Result r : s) {
        if (last == null || Bytes.compare(last, r.row()) != 0) {
          rows.add(r.row());
          last = r.row();
        }
      }
    }
    return fromSample(rows, regions);
  }

  private static void checkRegions(int regions) {
    if (regions < 1) {
      throw new IllegalArgumentException("number of regions " + regions + " must be at least 1");
    }
  }

  private static byte[] pad(byte[] b, int width) {
    byte[] out = new byte[width];
    System.arraycopy(b, 0, out, 0, b.length);
    return out;
  }

  private static byte[] toWidth(BigInteger v, int width) {
    byte[] raw = v.toByteArray();
    byte[] out = new byte[width];
    int n = Math.min(raw.length, width);
    System.arraycopy(raw, raw.length - n, out, width - n, n);
    return out;
  }
}
