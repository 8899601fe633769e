package dev.cellar.storage;

/**
 * Deletes from one row by writing delete markers, as HBase does. With nothing added it deletes
 * the whole row: every version, at or before the delete's timestamp, of every family.
 *
 * <ul>
 *   <li>{@link #addColumn(byte[], byte[], long)}: exactly one version of a column;
 *       {@link #addColumn(byte[], byte[])}: its latest version.</li>
 *   <li>{@link #addColumns(byte[], byte[])}: every version of a column (at or before a timestamp).</li>
 *   <li>{@link #addFamily(byte[])}: every column of a family (at or before a timestamp).</li>
 *   <li>{@link #addFamilyVersion(byte[], long)}: every column's version at exactly one timestamp.</li>
 * </ul>
 *
 * <p>A marker masks matching puts whatever their write order, until a major compaction
 * removes both.
 */
public final class Delete extends Mutation {
  /** A delete whose markers default to the store's clock at write time. */
  public Delete(byte[] row) {
    super(row, LATEST_TIMESTAMP);
  }

  /** A delete whose markers default to {@code timestamp}. */
  public Delete(byte[] row, long timestamp) {
    super(row, timestamp);
  }

  /** Convenience: UTF-8 row. */
  public Delete(String row) {
    this(Bytes.toBytes(row));
  }

  private Delete marker(byte[] family, byte[] qualifier, long ts, CellType type) {
    checkTimestamp(ts);
    if (qualifier == null) {
      throw new IllegalArgumentException("qualifier must not be null");
    }
    cells.add(new Cell(row, family(family), qualifier, ts, type, Bytes.EMPTY));
    return this;
  }

  /** Deletes the latest version of a column. */
  public Delete addColumn(byte[] family, byte[] qualifier) {
    return marker(family, qualifier, timestamp, CellType.DELETE);
  }

  /** Deletes the version of a column at exactly {@code ts}. */
  public Delete addColumn(byte[] family, byte[] qualifier, long ts) {
    return marker(family, qualifier, ts, CellType.DELETE);
  }

  /** Deletes every version of a column (at or before the delete's timestamp). */
  public Delete addColumns(byte[] family, byte[] qualifier) {
    return marker(family, qualifier, timestamp, CellType.DELETE_COLUMN);
  }

  /** Deletes every version of a column at or before {@code ts}. */
  public Delete addColumns(byte[] family, byte[] qualifier, long ts) {
    return marker(family, qualifier, ts, CellType.DELETE_COLUMN);
  }

  /** Deletes every column of a family (at or before the delete's timestamp). */
  public Delete addFamily(byte[] family) {
    return marker(family, Bytes.EMPTY, timestamp, CellType.DELETE_FAMILY);
  }

  /** Deletes every column of a family at or before {@code ts}. */
  public Delete addFamily(byte[] family, long ts) {
    return marker(family, Bytes.EMPTY, ts, CellType.DELETE_FAMILY);
  }

  /** Deletes the version at exactly {@code ts} of every column of a family. */
  public Delete addFamilyVersion(byte[] family, long ts) {
    return marker(family, Bytes.EMPTY, ts, CellType.DELETE_FAMILY_VERSION);
  }

  /** Whether this deletes the whole row (no family or column was added). */
  public boolean isRowDelete() {
    return cells.isEmpty();
  }

  @Override
  public Delete setDurability(Durability d) {
    super.setDurability(d);
    return this;
  }

  @Override
  public String toString() {
    return "Delete{row=" + Bytes.toStringBinary(row) + (cells.isEmpty() ? ", whole row" : ", markers=" + cells) + "}";
  }
}
