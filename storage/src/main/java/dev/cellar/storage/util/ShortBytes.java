package dev.cellar.storage.util;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Comparisons of short byte ranges (keys, column names, values of a few dozen bytes), eight
 * bytes at a time in plain loops the compiler inlines: for ranges this short, the library's
 * vectorized compare costs more in its call and set-up than in comparing.
 */
public final class ShortBytes {
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private ShortBytes() {}

  /**
   * The index of the first byte at which {@code a[aOff, aOff + n)} and {@code b[bOff, bOff + n)}
   * differ, or -1 if they are equal (as {@link java.util.Arrays#mismatch}).
   */
  public static int mismatch(byte[] a, int aOff, byte[] b, int bOff, int n) {
    int i = 0;
    for (; i + 8 <= n; i += 8) {
      long x = (long) LONGS.get(a, aOff + i) ^ (long) LONGS.get(b, bOff + i);
      if (x != 0) {
        return i + (Long.numberOfLeadingZeros(x) >>> 3);
      }
    }
    for (; i < n; i++) {
      if (a[aOff + i] != b[bOff + i]) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Whether {@code a[aOff, aOff + n)} equals {@code b[bOff, bOff + n)}, compared from the end:
   * values that share a start (names with a common prefix, numbers written as text) mostly
   * differ there.
   */
  public static boolean equals(byte[] a, int aOff, byte[] b, int bOff, int n) {
    int i = n;
    for (; i >= 8; i -= 8) {
      if ((long) LONGS.get(a, aOff + i - 8) != (long) LONGS.get(b, bOff + i - 8)) {
        return false;
      }
    }
    for (i--; i >= 0; i--) {
      if (a[aOff + i] != b[bOff + i]) {
        return false;
      }
    }
    return true;
  }
}
