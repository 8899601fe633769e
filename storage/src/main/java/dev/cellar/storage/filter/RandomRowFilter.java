package dev.cellar.storage.filter;

import dev.cellar.storage.Cell;
import java.util.Random;

/**
 * Keeps each row with probability {@code chance}, decided from the row key before its cells
 * are read: a chance of 0 or less keeps no row, 1 or more keeps every row. Useful for
 * sampling. Holds a random generator: one instance per scan.
 */
public final class RandomRowFilter extends Filter {
  private final float chance;
  private final Random random;
  private final boolean seeded;

  public RandomRowFilter(float chance) {
    this(chance, new Random(), false);
  }

  /** A reproducible sample: the same seed keeps the same rows of the same data. */
  public RandomRowFilter(float chance, long seed) {
    this(chance, new Random(seed), true);
  }

  private RandomRowFilter(float chance, Random random, boolean seeded) {
    this.chance = chance;
    this.random = random;
    this.seeded = seeded;
  }

  /** Whether the sample is reproducible (built with a seed). */
  public boolean isSeeded() {
    return seeded;
  }

  public float getChance() {
    return chance;
  }

  @Override
  public boolean filterRowKey(Cell firstRowCell) {
    if (chance <= 0) {
      return true;
    }
    if (chance >= 1) {
      return false;
    }
    return random.nextFloat() >= chance;
  }

  @Override
  public String toString() {
    return "RandomRowFilter(" + chance + ")";
  }
}
