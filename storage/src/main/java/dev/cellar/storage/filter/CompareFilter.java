package dev.cellar.storage.filter;

import java.util.Objects;

/**
 * A filter that tests one part of a cell (row, family, qualifier or value) with an operator
 * and a comparator: the part passes when {@code part OP reference} holds. The base of
 * {@link RowFilter}, {@link FamilyFilter}, {@link QualifierFilter} and {@link ValueFilter}.
 * Stateless: an instance may serve many scans.
 */
public abstract class CompareFilter extends Filter {
  private final CompareOperator op;
  private final ByteArrayComparable comparator;

  protected CompareFilter(CompareOperator op, ByteArrayComparable comparator) {
    this.op = Objects.requireNonNull(op, "operator");
    this.comparator = Objects.requireNonNull(comparator, "comparator");
  }

  public CompareOperator getCompareOperator() {
    return op;
  }

  public ByteArrayComparable getComparator() {
    return comparator;
  }

  /** Whether {@code tested} passes. */
  protected boolean passes(byte[] tested) {
    return op.matches(comparator, tested);
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "(" + op + ", " + comparator + ")";
  }
}
