package dev.cellar.storage.util;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cellar.storage.filter.BinaryComparator;
import dev.cellar.storage.filter.CompareOperator;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ShortBytesTest {
  /** Ranges of 0 to 40 bytes at random offsets, equal or differing in one byte anywhere, as the library answers. */
  @Test
  void answersAsTheLibraryDoesForEveryLengthAndPlaceOfDifference() {
    SplittableRandom rnd = new SplittableRandom(17);
    for (int round = 0; round < 20_000; round++) {
      int n = rnd.nextInt(41);
      byte[] a = new byte[n + rnd.nextInt(9)];
      rnd.nextBytes(a);
      int aOff = rnd.nextInt(a.length - n + 1);
      byte[] b = new byte[n + rnd.nextInt(9)];
      int bOff = rnd.nextInt(b.length - n + 1);
      System.arraycopy(a, aOff, b, bOff, n);
      if (n > 0 && rnd.nextBoolean()) {
        b[bOff + rnd.nextInt(n)] ^= (byte) (1 + rnd.nextInt(255));
      }
      int want = Arrays.mismatch(a, aOff, aOff + n, b, bOff, bOff + n);
      assertEquals(want, ShortBytes.mismatch(a, aOff, b, bOff, n), "mismatch, length " + n);
      assertEquals(want < 0, ShortBytes.equals(a, aOff, b, bOff, n), "equals, length " + n);
    }
  }

  /** EQUAL and NOT_EQUAL through a binary comparator agree with its order, lengths differing too. */
  @Test
  void equalityOfABinaryComparatorAgreesWithItsOrder() {
    SplittableRandom rnd = new SplittableRandom(5);
    for (int round = 0; round < 5_000; round++) {
      byte[] ref = new byte[rnd.nextInt(20)];
      rnd.nextBytes(ref);
      byte[] tested = rnd.nextInt(3) == 0 ? ref.clone() : Arrays.copyOf(ref, Math.max(0, ref.length + rnd.nextInt(3) - 1));
      if (tested.length > 0 && rnd.nextInt(3) == 0) {
        tested[rnd.nextInt(tested.length)]++;
      }
      byte[] framed = new byte[tested.length + 6];
      System.arraycopy(tested, 0, framed, 3, tested.length);
      BinaryComparator c = new BinaryComparator(ref);
      boolean equal = c.compareTo(tested) == 0;
      assertEquals(equal, CompareOperator.EQUAL.matches(c, framed, 3, tested.length));
      assertEquals(!equal, CompareOperator.NOT_EQUAL.matches(c, framed, 3, tested.length));
    }
  }
}
