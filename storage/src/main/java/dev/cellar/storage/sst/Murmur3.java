package dev.cellar.storage.sst;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * MurmurHash3, the x64 128-bit variant (Austin Appleby's public-domain algorithm), as the bloom
 * filters of store files use it (hash id 1 of the bloom block). Input blocks and tail are read
 * little-endian; the result is the pair of 64-bit words {@code h1, h2} the algorithm ends with,
 * in that order. The constants and steps below are the algorithm's; changing any of them
 * changes which bits existing bloom blocks have set.
 */
final class Murmur3 {
  private static final long C1 = 0x87c37b91114253d5L;
  private static final long C2 = 0x4cf5ad432745937fL;
  private static final VarHandle LE_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private Murmur3() {}

  /** The 128-bit hash of {@code data[off, off+len)} with {@code seed}: {@code out[0] = h1, out[1] = h2}. */
  static void hash128(byte[] data, int off, int len, int seed, long[] out) {
    long h1 = seed & 0xffffffffL;
    long h2 = h1;
    int end = off + (len & ~15);
    for (int p = off; p < end; p += 16) {
      long k1 = (long) LE_LONG.get(data, p);
      long k2 = (long) LE_LONG.get(data, p + 8);
      h1 ^= mixK1(k1);
      h1 = Long.rotateLeft(h1, 27) + h2;
      h1 = h1 * 5 + 0x52dce729;
      h2 ^= mixK2(k2);
      h2 = Long.rotateLeft(h2, 31) + h1;
      h2 = h2 * 5 + 0x38495ab5;
    }
    int tail = len & 15;
    if (tail > 8) {
      long k2 = 0;
      for (int i = tail - 1; i >= 8; i--) {
        k2 = (k2 << 8) | (data[end + i] & 0xffL);
      }
      h2 ^= mixK2(k2);
    }
    if (tail > 0) {
      long k1 = 0;
      for (int i = Math.min(tail, 8) - 1; i >= 0; i--) {
        k1 = (k1 << 8) | (data[end + i] & 0xffL);
      }
      h1 ^= mixK1(k1);
    }
    h1 ^= len;
    h2 ^= len;
    h1 += h2;
    h2 += h1;
    h1 = fmix64(h1);
    h2 = fmix64(h2);
    h1 += h2;
    h2 += h1;
    out[0] = h1;
    out[1] = h2;
  }

  private static long mixK1(long k1) {
    return Long.rotateLeft(k1 * C1, 31) * C2;
  }

  private static long mixK2(long k2) {
    return Long.rotateLeft(k2 * C2, 33) * C1;
  }

  private static long fmix64(long k) {
    k ^= k >>> 33;
    k *= 0xff51afd7ed558ccdL;
    k ^= k >>> 33;
    k *= 0xc4ceb9fe1a85ec53L;
    k ^= k >>> 33;
    return k;
  }
}
