package dev.cellar.storage.wal;

import dev.cellar.storage.Cell;
import java.util.Arrays;
import java.util.Objects;

/**
 * One cell of a {@link WalEdit} and the table it belongs to. Immutable.
 *
 * <p>Equality compares the table id and what the log persists of the cell: row, family,
 * qualifier, timestamp, type and value. The cell's own {@link Cell#sequenceId()} is not
 * persisted (the edit's sequence number stands for it) and takes no part.
 */
public final class WalEntry {
  private final int tableId;
  private final Cell cell;

  /**
   * @param tableId the engine's id of the table, {@code >= 0}
   * @param cell a cell of a storable type (not a seek-only type)
   */
  public WalEntry(int tableId, Cell cell) {
    if (tableId < 0) {
      throw new IllegalArgumentException("negative table id " + tableId);
    }
    Objects.requireNonNull(cell, "cell");
    Objects.requireNonNull(cell.row(), "row");
    Objects.requireNonNull(cell.family(), "family");
    Objects.requireNonNull(cell.qualifier(), "qualifier");
    Objects.requireNonNull(cell.value(), "value");
    Objects.requireNonNull(cell.type(), "type");
    if (!cell.type().isStorable()) {
      throw new IllegalArgumentException("cell type " + cell.type() + " cannot be logged: " + cell);
    }
    this.tableId = tableId;
    this.cell = cell;
  }

  /** The engine's id of the table the cell belongs to. */
  public int tableId() {
    return tableId;
  }

  /** The cell. */
  public Cell cell() {
    return cell;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof WalEntry e)) {
      return false;
    }
    Cell a = cell;
    Cell b = e.cell;
    return tableId == e.tableId && a.timestamp() == b.timestamp() && a.type() == b.type() && a.sameColumn(b)
        && Arrays.equals(a.value(), b.value());
  }

  @Override
  public int hashCode() {
    return 31 * tableId + cell.hashCode();
  }

  @Override
  public String toString() {
    return tableId + ":" + cell;
  }
}
