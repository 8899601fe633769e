package dev.cellar.storage;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A conditional write: the mutations of one row are applied, atomically, only if a condition
 * on that row holds at that moment (HBase's check-and-mutate). Build with {@link #newBuilder}.
 */
public final class CheckAndMutate {
  /** What is checked. */
  public enum Condition {
    /** The column's newest visible value equals the expected bytes. */
    VALUE_EQUALS,
    /** The column has no visible value. */
    COLUMN_ABSENT,
    /** The row has no visible cell in any family. */
    ROW_ABSENT
  }

  private final byte[] row;
  private final Condition condition;
  private final byte[] family;
  private final byte[] qualifier;
  private final byte[] expected;
  private final List<Mutation> mutations;

  private CheckAndMutate(Builder b, List<Mutation> mutations) {
    this.row = b.row;
    this.condition = b.condition;
    this.family = b.family;
    this.qualifier = b.qualifier;
    this.expected = b.expected;
    this.mutations = List.copyOf(mutations);
  }

  /** Starts a check on {@code row}. */
  public static Builder newBuilder(byte[] row) {
    return new Builder(row);
  }

  public byte[] row() {
    return row;
  }

  public Condition condition() {
    return condition;
  }

  public byte[] family() {
    return family;
  }

  public byte[] qualifier() {
    return qualifier;
  }

  /** The expected value for {@link Condition#VALUE_EQUALS}, else {@code null}. */
  public byte[] expected() {
    return expected;
  }

  /** The mutations applied when the condition holds, all of {@link #row()}. */
  public List<Mutation> mutations() {
    return mutations;
  }

  /** Builder: one condition, then {@link #build}. */
  public static final class Builder {
    private final byte[] row;
    private Condition condition;
    private byte[] family;
    private byte[] qualifier;
    private byte[] expected;

    private Builder(byte[] row) {
      this.row = Objects.requireNonNull(row, "row");
    }

    /** Applies when {@code family:qualifier}'s newest value equals {@code value}. */
    public Builder ifEquals(byte[] family, byte[] qualifier, byte[] value) {
      this.condition = Condition.VALUE_EQUALS;
      this.family = Mutation.family(family);
      this.qualifier = Objects.requireNonNull(qualifier, "qualifier");
      this.expected = Objects.requireNonNull(value, "expected value");
      return this;
    }

    /** Applies when {@code family:qualifier} has no visible value. */
    public Builder ifNotExists(byte[] family, byte[] qualifier) {
      this.condition = Condition.COLUMN_ABSENT;
      this.family = Mutation.family(family);
      this.qualifier = Objects.requireNonNull(qualifier, "qualifier");
      return this;
    }

    /** Applies when the row has no visible cell at all. */
    public Builder ifRowNotExists() {
      this.condition = Condition.ROW_ABSENT;
      return this;
    }

    /**
     * The mutations to apply, all of the checked row.
     *
     * @throws IllegalArgumentException if no condition was set, no mutation is given or one is of another row
     */
    public CheckAndMutate build(Mutation... mutations) {
      if (condition == null) {
        throw new IllegalArgumentException("check-and-mutate on row '" + Bytes.toStringBinary(row) + "' needs a condition");
      }
      if (mutations.length == 0) {
        throw new IllegalArgumentException("check-and-mutate on row '" + Bytes.toStringBinary(row) + "' needs a mutation");
      }
      List<Mutation> ms = new ArrayList<>();
      for (Mutation m : mutations) {
        if (!Arrays.equals(m.row(), row)) {
          throw new IllegalArgumentException("mutation of row '" + Bytes.toStringBinary(m.row())
              + "' in a check-and-mutate of row '" + Bytes.toStringBinary(row) + "'");
        }
        ms.add(m);
      }
      return new CheckAndMutate(this, ms);
    }
  }
}
