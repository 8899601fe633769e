package dev.cellar.storage.wal;

import dev.cellar.storage.Cell;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * One write as the log records it: a sequence number and the cells it wrote, possibly across
 * rows and tables. An edit is one log record, so replay delivers all of it or none of it.
 * Immutable.
 *
 * <p>Every cell of the edit shares the edit's sequence number; the log does not persist the
 * cells' own {@link Cell#sequenceId()}, and {@link Wal#replay replay} hands back cells stamped
 * with the edit's sequence number.
 */
public final class WalEdit {
  private final long sequence;
  private final List<WalEntry> entries;

  /**
   * @param sequence the write's sequence number, {@code >= 0}
   * @param entries the cells written, in the order they are to be replayed
   */
  public WalEdit(long sequence, List<WalEntry> entries) {
    if (sequence < 0) {
      throw new IllegalArgumentException("negative sequence number " + sequence);
    }
    List<WalEntry> copy = new ArrayList<>(entries.size());
    for (WalEntry e : entries) {
      copy.add(Objects.requireNonNull(e, "entry"));
    }
    this.sequence = sequence;
    this.entries = Collections.unmodifiableList(copy);
  }

  /** An edit of cells that all belong to one table. */
  public static WalEdit of(long sequence, int tableId, List<Cell> cells) {
    List<WalEntry> list = new ArrayList<>(cells.size());
    for (Cell c : cells) {
      list.add(new WalEntry(tableId, c));
    }
    return new WalEdit(sequence, list);
  }

  /** The write's sequence number, shared by all of its cells. */
  public long sequence() {
    return sequence;
  }

  /** The cells written, unmodifiable, in order. */
  public List<WalEntry> entries() {
    return entries;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    return o instanceof WalEdit e && sequence == e.sequence && entries.equals(e.entries);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(sequence) * 31 + entries.hashCode();
  }

  @Override
  public String toString() {
    return "WalEdit{seq=" + sequence + ", entries=" + entries + "}";
  }
}
