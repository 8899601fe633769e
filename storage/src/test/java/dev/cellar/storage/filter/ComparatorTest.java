package dev.cellar.storage.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Comparators and compare operators, with expectations worked out by hand. */
class ComparatorTest {
  private static byte[] b(String s) {
    return Bytes.toBytes(s);
  }

  @Test
  void operatorsReadTestedOpReference() {
    BinaryComparator five = new BinaryComparator(b("5"));
    assertTrue(CompareOperator.LESS.matches(five, b("4")));
    assertFalse(CompareOperator.LESS.matches(five, b("5")));
    assertTrue(CompareOperator.LESS_OR_EQUAL.matches(five, b("5")));
    assertFalse(CompareOperator.LESS_OR_EQUAL.matches(five, b("6")));
    assertTrue(CompareOperator.EQUAL.matches(five, b("5")));
    assertFalse(CompareOperator.EQUAL.matches(five, b("50")));
    assertTrue(CompareOperator.NOT_EQUAL.matches(five, b("50")));
    assertFalse(CompareOperator.NOT_EQUAL.matches(five, b("5")));
    assertTrue(CompareOperator.GREATER_OR_EQUAL.matches(five, b("5")));
    assertFalse(CompareOperator.GREATER_OR_EQUAL.matches(five, b("4")));
    assertTrue(CompareOperator.GREATER.matches(five, b("50")));
    assertFalse(CompareOperator.GREATER.matches(five, b("5")));
    for (String v : new String[] {"", "4", "5", "6"}) {
      assertFalse(CompareOperator.NO_OP.matches(five, b(v)), v);
    }
  }

  @Test
  void binaryComparatorIsUnsigned() {
    BinaryComparator high = new BinaryComparator(new byte[] {(byte) 0x80});
    // 0x7f sorts before 0x80 as unsigned bytes (it would sort after as signed bytes).
    assertTrue(CompareOperator.LESS.matches(high, new byte[] {0x7f}));
    assertTrue(CompareOperator.GREATER.matches(high, new byte[] {(byte) 0x81}));
    assertTrue(CompareOperator.GREATER.matches(high, new byte[] {(byte) 0x80, 0}));
    assertTrue(high.compareTo(new byte[] {0x7f}) > 0);
  }

  @Test
  void signedIntegerComparatorOrdersNegativesFirst() {
    SignedIntegerComparator zero = new SignedIntegerComparator(Bytes.toBytes(0L));
    assertTrue(CompareOperator.LESS.matches(zero, Bytes.toBytes(-1L)));
    assertTrue(CompareOperator.LESS.matches(zero, Bytes.toBytes(Long.MIN_VALUE)));
    assertTrue(CompareOperator.GREATER.matches(zero, Bytes.toBytes(1L)));
    assertTrue(CompareOperator.EQUAL.matches(zero, Bytes.toBytes(0L)));
    SignedIntegerComparator minus300 = new SignedIntegerComparator(Bytes.toBytes(-300));
    assertTrue(CompareOperator.LESS.matches(minus300, Bytes.toBytes(-301)));
    assertTrue(CompareOperator.GREATER.matches(minus300, Bytes.toBytes(-299)));
    assertTrue(CompareOperator.GREATER.matches(minus300, Bytes.toBytes(255)));
    SignedIntegerComparator tiny = new SignedIntegerComparator(new byte[] {-5});
    assertTrue(CompareOperator.LESS_OR_EQUAL.matches(tiny, new byte[] {-128}));
    assertFalse(CompareOperator.LESS_OR_EQUAL.matches(tiny, new byte[] {127}));
    // another width never matches and sorts after every integer
    assertFalse(CompareOperator.EQUAL.matches(zero, Bytes.toBytes(0)));
    assertFalse(CompareOperator.LESS.matches(zero, Bytes.toBytes(-1)));
    assertTrue(CompareOperator.NOT_EQUAL.matches(zero, Bytes.toBytes(0)));
    // in place inside a larger array (a block), as on its own
    java.util.Random rnd = new java.util.Random(5);
    for (int i = 0; i < 2000; i++) {
      long ref = rnd.nextInt(5) == 0 ? rnd.nextLong() : rnd.nextInt(7) - 3;
      long v = rnd.nextInt(3) == 0 ? ref : rnd.nextInt(5) == 0 ? rnd.nextLong() : rnd.nextInt(7) - 3;
      SignedIntegerComparator c = new SignedIntegerComparator(Bytes.toBytes(ref));
      byte[] tested = rnd.nextInt(10) == 0 ? Bytes.toBytes((int) v) : Bytes.toBytes(v);
      byte[] block = new byte[tested.length + 7];
      System.arraycopy(tested, 0, block, 3, tested.length);
      int expected = tested.length != 8 ? -1 : Long.compare(ref, v);
      assertEquals(Integer.signum(expected), Integer.signum(c.compareTo(block, 3, tested.length)), ref + " vs " + v);
      assertEquals(Integer.signum(expected), Integer.signum(c.compareTo(tested)), ref + " vs " + v);
    }
  }

  @Test
  void binaryPrefixComparatorComparesThePrefixOnly() {
    BinaryPrefixComparator abc = new BinaryPrefixComparator(b("abc"));
    assertTrue(CompareOperator.EQUAL.matches(abc, b("abc")));
    assertTrue(CompareOperator.EQUAL.matches(abc, b("abcdef")));
    assertFalse(CompareOperator.EQUAL.matches(abc, b("ab")));
    assertFalse(CompareOperator.EQUAL.matches(abc, b("abd")));
    // "ab" is shorter than the prefix: the reference "abc" sorts after it.
    assertTrue(CompareOperator.LESS.matches(abc, b("ab")));
    assertTrue(CompareOperator.GREATER.matches(abc, b("abd")));
    assertTrue(CompareOperator.GREATER_OR_EQUAL.matches(abc, b("abczz")));
  }

  @Test
  void regexFindsAnywhereInUtf8() {
    RegexStringComparator r = new RegexStringComparator("好声");
    assertTrue(CompareOperator.EQUAL.matches(r, b("中国好声音")));
    assertFalse(CompareOperator.EQUAL.matches(r, b("中国好")));
    assertTrue(CompareOperator.NOT_EQUAL.matches(r, b("中国好")));
    RegexStringComparator anchored = new RegexStringComparator("^row-[0-9]+$");
    assertTrue(CompareOperator.EQUAL.matches(anchored, b("row-42")));
    assertFalse(CompareOperator.EQUAL.matches(anchored, b("xrow-42")));
    RegexStringComparator dotAll = new RegexStringComparator("a.b");
    assertTrue(CompareOperator.EQUAL.matches(dotAll, b("a\nb")), "DOTALL by default");
    RegexStringComparator ci = new RegexStringComparator("ABC", Pattern.CASE_INSENSITIVE);
    assertTrue(CompareOperator.EQUAL.matches(ci, b("xxabcxx")));
    assertEquals(0, r.compareTo(b("好声")));
    assertEquals(1, r.compareTo(b("声")));
  }

  @Test
  void substringIgnoresCase() {
    SubstringComparator s = new SubstringComparator("VoIcE");
    assertTrue(CompareOperator.EQUAL.matches(s, b("The Voice of China")));
    assertTrue(CompareOperator.EQUAL.matches(s, b("VOICE")));
    assertFalse(CompareOperator.EQUAL.matches(s, b("Vo ice")));
    assertTrue(CompareOperator.NOT_EQUAL.matches(s, b("choice")));
    assertTrue(CompareOperator.EQUAL.matches(new SubstringComparator("浙江"), b("浙江卫视")));
  }

  /** A comparison of bytes in place inside a larger array answers as one of a copy of them. */
  @Test
  void comparingInPlaceAnswersAsComparingACopy() {
    java.util.Random rnd = new java.util.Random(9);
    ByteArrayComparable[] comparators = {new BinaryComparator(b("ab")), new BinaryPrefixComparator(b("ab")),
        new SubstringComparator("b"), new BinaryComparator(new byte[0]), new BinaryPrefixComparator(new byte[0])};
    for (int i = 0; i < 2000; i++) {
      byte[] a = new byte[rnd.nextInt(8)];
      for (int k = 0; k < a.length; k++) {
        a[k] = (byte) "abc\0\u00ff".charAt(rnd.nextInt(5));
      }
      int off = a.length == 0 ? 0 : rnd.nextInt(a.length + 1);
      int len = rnd.nextInt(a.length - off + 1);
      byte[] copy = java.util.Arrays.copyOfRange(a, off, off + len);
      for (ByteArrayComparable c : comparators) {
        assertEquals(Integer.signum(c.compareTo(copy)), Integer.signum(c.compareTo(a, off, len)), c + " " + Bytes.toStringBinary(copy));
        for (CompareOperator op : CompareOperator.values()) {
          assertEquals(op.matches(c, copy), op.matches(c, a, off, len), op + " " + c);
        }
      }
    }
  }
}
