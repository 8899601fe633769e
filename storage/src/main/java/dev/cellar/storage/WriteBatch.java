package dev.cellar.storage;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Mutations of several tables applied as one atomic write by {@link CellarStore#write}: after
 * a crash all of them are present or none, and no reader sees some without the others (the
 * SQL layer keeps index rows and data rows in step this way).
 */
public final class WriteBatch {
  private final List<Entry> entries = new ArrayList<>();

  /** One mutation of one table. */
  public record Entry(String table, Mutation mutation) {}

  /** Adds a mutation of {@code table}. */
  public WriteBatch add(String table, Mutation mutation) {
    entries.add(new Entry(Objects.requireNonNull(table, "table"), Objects.requireNonNull(mutation, "mutation")));
    return this;
  }

  /** Adds mutations of {@code table}. */
  public WriteBatch addAll(String table, List<? extends Mutation> mutations) {
    for (Mutation m : mutations) {
      add(table, m);
    }
    return this;
  }

  public List<Entry> entries() {
    return Collections.unmodifiableList(entries);
  }

  public boolean isEmpty() {
    return entries.isEmpty();
  }
}
