package dev.cellar.storage.filter;

/**
 * Compares big-endian two's-complement integers of the reference's width (1, 2, 4 or 8 bytes, as
 * {@code Bytes.toBytes(long)} and its narrower kin write them) as numbers, so that {@code -1}
 * sorts before {@code 0}, which {@link BinaryComparator}'s unsigned order does not give. A tested
 * value of another width is not an integer of the reference's type: it never matches, and sorts
 * after every integer (so only {@link CompareOperator#NOT_EQUAL}, {@link CompareOperator#GREATER}
 * and {@link CompareOperator#GREATER_OR_EQUAL} pass it).
 */
public final class SignedIntegerComparator extends ByteArrayComparable {
  /** @param value the reference: 1 to 8 bytes, big-endian two's complement */
  public SignedIntegerComparator(byte[] value) {
    super(value);
    if (value.length < 1 || value.length > 8) {
      throw new IllegalArgumentException("a signed integer has 1 to 8 bytes, not " + value.length);
    }
  }

  @Override
  public int compareTo(byte[] tested) {
    return compareTo(tested, 0, tested.length);
  }

  /** In place: the tested value is not copied. */
  @Override
  public int compareTo(byte[] b, int off, int len) {
    byte[] ref = getValue();
    if (len != ref.length) {
      return -1;
    }
    // the sign byte compares signed, the rest unsigned
    if (ref[0] != b[off]) {
      return Byte.compare(ref[0], b[off]);
    }
    for (int i = 1; i < ref.length; i++) {
      if (ref[i] != b[off + i]) {
        return Integer.compare(ref[i] & 0xff, b[off + i] & 0xff);
      }
    }
    return 0;
  }
}
