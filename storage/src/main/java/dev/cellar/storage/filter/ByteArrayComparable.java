package dev.cellar.storage.filter;

import dev.cellar.storage.Bytes;

/**
 * A reference value that compare filters test bytes against, as HBase's comparators.
 * Immutable and shareable between scans.
 */
public abstract class ByteArrayComparable {
  private final byte[] value;

  /** @param value the reference (not copied; do not change it afterwards) */
  protected ByteArrayComparable(byte[] value) {
    this.value = value;
  }

  /** The reference value. */
  public byte[] getValue() {
    return value;
  }

  /**
   * Compares the reference with {@code tested}, HBase's way round: negative if the reference
   * sorts before the tested bytes, 0 if they match, positive otherwise. Matching comparators
   * (regular expression, substring) return 0 for a match and 1 otherwise, so only
   * {@link CompareOperator#EQUAL} and {@link CompareOperator#NOT_EQUAL} make sense with them.
   */
  public abstract int compareTo(byte[] tested);

  /**
   * {@link #compareTo(byte[])} of the tested bytes {@code b[off, off + len)}, in place where the
   * comparator can (the binary comparators), else of a copy.
   */
  public int compareTo(byte[] b, int off, int len) {
    return compareTo(java.util.Arrays.copyOfRange(b, off, off + len));
  }

  /**
   * Whether {@link #compareTo(byte[], int, int)} of {@code b[off, off + len)} is 0: what
   * {@link CompareOperator#EQUAL} and {@link CompareOperator#NOT_EQUAL} ask, which a comparator
   * may answer without ordering the bytes.
   */
  public boolean matches(byte[] b, int off, int len) {
    return compareTo(b, off, len) == 0;
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "(" + Bytes.toStringBinary(value) + ")";
  }
}
