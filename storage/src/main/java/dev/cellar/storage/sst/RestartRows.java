package dev.cellar.storage.sst;

import dev.cellar.storage.util.ByteReader;
import java.util.Arrays;

/**
 * The rows of a data block's restart points, each as one number, so that a seek's binary search
 * over the restart points reads one small array instead of an entry of the block per step (each
 * a cache miss in a block of 64 KiB). The rows of a block's restart points share a first part,
 * {@link #common}; the number of a row is its eight bytes after that part, big-endian,
 * zero-padded. Of two rows that share the first part, the one with the smaller number sorts
 * first; equal numbers decide nothing, so the search compares keys in full among those.
 *
 * <p>Made from a block the first time a seek needs it and kept with the block (in the block
 * cache): about 8 bytes per restart point, an eighth of a restart interval's entries.
 */
final class RestartRows {
  /** Restart points below this many are searched in full: few steps, little to save. */
  static final int MIN_RESTARTS = 8;

  private final byte[] common;
  private final long[] numbers;

  private RestartRows(byte[] common, long[] numbers) {
    this.common = common;
    this.numbers = numbers;
  }

  /** The rows of {@code b}'s restart points, whose entries hold whole cell keys (data blocks). */
  static RestartRows of(Block b) {
    int n = b.restartCount();
    byte[] data = b.data();
    int[] rowStart = new int[n];
    int[] rowLength = new int[n];
    for (int i = 0; i < n; i++) {
      int p = b.restart(i);
      long sh = Varints.decode(data, p, b.restartsOffset());
      long un = sh < 0 ? -1 : Varints.decode(data, Varints.position(sh), b.restartsOffset());
      long vl = un < 0 ? -1 : Varints.decode(data, Varints.position(un), b.restartsOffset());
      if (vl < 0 || Varints.value(sh) != 0 || Varints.value(un) > b.restartsOffset() - Varints.position(vl)) {
        throw b.corrupt("bad entry header at restart point " + i, p);
      }
      int keyStart = Varints.position(vl);
      long row;
      try {
        row = CellKeys.parseRow(data, keyStart, Varints.value(un));
      } catch (ByteReader.Malformed e) {
        throw b.corrupt("bad cell key at restart point " + i + ": " + e.getMessage(), p);
      }
      rowStart[i] = Varints.position(row);
      rowLength[i] = Varints.value(row);
    }
    // sorted rows: what the first and the last share, every one between shares
    int cp = Math.min(rowLength[0], rowLength[n - 1]);
    int m = Arrays.mismatch(data, rowStart[0], rowStart[0] + cp, data, rowStart[n - 1], rowStart[n - 1] + cp);
    if (m >= 0) {
      cp = m;
    }
    long[] numbers = new long[n];
    for (int i = 0; i < n; i++) {
      numbers[i] = number(data, rowStart[i] + cp, rowLength[i] - cp);
    }
    return new RestartRows(Arrays.copyOfRange(data, rowStart[0], rowStart[0] + cp), numbers);
  }

  /** Bytes {@code b[from, from + min(8, length))} as a big-endian number, zero-padded. */
  private static long number(byte[] b, int from, int length) {
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = (v << 8) | (i < length ? b[from + i] & 0xff : 0);
    }
    return v;
  }

  /**
   * Narrows the search for the last restart point whose key is below a target of row
   * {@code row}: the answer lies in {@code [lo, hi]}, returned as {@code (long) lo << 32 | hi}.
   */
  long range(byte[] row) {
    int n = numbers.length;
    int cp = common.length;
    int c = Arrays.compareUnsigned(row, 0, Math.min(row.length, cp), common, 0, cp);
    if (c < 0 || c == 0 && row.length < cp) {
      // before every restart row: restart 0
      return 0;
    }
    if (c > 0) {
      // after every restart row: every restart key is below the target
      return (long) (n - 1) << 32 | (n - 1);
    }
    long t = number(row, cp, row.length - cp);
    int below = countBelow(t, false);
    int atMost = countBelow(t, true);
    int lo = Math.max(below - 1, 0);
    int hi = Math.max(atMost - 1, 0);
    return (long) lo << 32 | hi;
  }

  /** Restart points whose number is below {@code t} (or equal, with {@code orEqual}). */
  private int countBelow(long t, boolean orEqual) {
    int lo = 0;
    int hi = numbers.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      int c = Long.compareUnsigned(numbers[mid], t);
      if (c < 0 || orEqual && c == 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
