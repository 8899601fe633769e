package dev.cellar.storage.filter;

import dev.cellar.storage.Bytes;
import java.util.Arrays;

/**
 * Compares the reference with the tested bytes cut to the reference's length: with
 * {@link CompareOperator#EQUAL} it matches values that start with the reference.
 */
public final class BinaryPrefixComparator extends ByteArrayComparable {
  public BinaryPrefixComparator(byte[] prefix) {
    super(prefix);
  }

  /** Convenience: UTF-8 prefix. */
  public BinaryPrefixComparator(String prefix) {
    this(Bytes.toBytes(prefix));
  }

  @Override
  public int compareTo(byte[] tested) {
    byte[] ref = getValue();
    return Arrays.compareUnsigned(ref, 0, ref.length, tested, 0, Math.min(ref.length, tested.length));
  }

  @Override
  public int compareTo(byte[] b, int off, int len) {
    byte[] ref = getValue();
    return Arrays.compareUnsigned(ref, 0, ref.length, b, off, off + Math.min(ref.length, len));
  }
}
