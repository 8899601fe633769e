package dev.cellar.storage.filter;

/**
 * How a compare filter relates the tested bytes (row, family, qualifier or value) to its
 * comparator's reference: {@code tested OP reference}. HBase's operators.
 */
public enum CompareOperator {
  /** Tested bytes sort before the reference. */
  LESS,
  /** Tested bytes sort before or equal to the reference. */
  LESS_OR_EQUAL,
  /** Tested bytes match the reference. */
  EQUAL,
  /** Tested bytes do not match the reference. */
  NOT_EQUAL,
  /** Tested bytes sort after or equal to the reference. */
  GREATER_OR_EQUAL,
  /** Tested bytes sort after the reference. */
  GREATER,
  /** Matches nothing: as in HBase, a filter with this operator lets nothing through. */
  NO_OP;

  /**
   * Whether {@code tested} passes against {@code comparator}.
   *
   * @see ByteArrayComparable#compareTo(byte[])
   */
  public boolean matches(ByteArrayComparable comparator, byte[] tested) {
    return this != NO_OP && holds(-Integer.signum(comparator.compareTo(tested)));
  }

  /** {@link #matches(ByteArrayComparable, byte[])} of the tested bytes {@code b[off, off + len)}. */
  public boolean matches(ByteArrayComparable comparator, byte[] b, int off, int len) {
    if (this == EQUAL) {
      return comparator.matches(b, off, len);
    }
    if (this == NOT_EQUAL) {
      return !comparator.matches(b, off, len);
    }
    return this != NO_OP && holds(-Integer.signum(comparator.compareTo(b, off, len)));
  }

  /** Whether "tested vs reference" being {@code c} (-1, 0, 1) passes. */
  private boolean holds(int c) {
    // The comparator answers "reference vs tested"; the operator reads "tested vs reference".
    return switch (this) {
      case LESS -> c < 0;
      case LESS_OR_EQUAL -> c <= 0;
      case EQUAL -> c == 0;
      case NOT_EQUAL -> c != 0;
      case GREATER_OR_EQUAL -> c >= 0;
      case GREATER -> c > 0;
      case NO_OP -> false;
    };
  }
}
