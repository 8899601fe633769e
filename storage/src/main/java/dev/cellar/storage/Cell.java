package dev.cellar.storage;

import java.util.Arrays;

/**
 * One versioned value of one column of one row: (row, family, qualifier, timestamp, type,
 * value), plus the write's sequence number.
 *
 * <p><b>Order.</b> Cells sort by row ascending, family ascending, qualifier ascending (all as
 * unsigned bytes), then timestamp <em>descending</em> (newest first), then type code
 * descending (delete markers before the puts they mask); inside the engine ties are broken by
 * sequence number descending (the later write first). {@link CellComparator} implements this
 * order and is the only place that does.
 *
 * <p>Cells are immutable; the arrays they are given are not copied, and callers must not
 * change them afterwards.
 */
public final class Cell implements CellView {
  private final byte[] row;
  private final byte[] family;
  private final byte[] qualifier;
  private final long timestamp;
  private final CellType type;
  private final byte[] value;
  private final long sequenceId;

  /** A cell with sequence number 0 (assigned by the engine when the cell is written). */
  public Cell(byte[] row, byte[] family, byte[] qualifier, long timestamp, CellType type, byte[] value) {
    this(row, family, qualifier, timestamp, type, value, 0L);
  }

  /** A cell with every field given. */
  public Cell(byte[] row, byte[] family, byte[] qualifier, long timestamp, CellType type, byte[] value,
      long sequenceId) {
    this.row = row;
    this.family = family;
    this.qualifier = qualifier;
    this.timestamp = timestamp;
    this.type = type;
    this.value = value;
    this.sequenceId = sequenceId;
  }

  /** The seek key that sorts before every cell of {@code row}. */
  public static Cell firstOnRow(byte[] row) {
    return new Cell(row, Bytes.EMPTY, Bytes.EMPTY, Long.MAX_VALUE, CellType.MAXIMUM, Bytes.EMPTY, Long.MAX_VALUE);
  }

  /** The seek key that sorts before every cell of the given column. */
  public static Cell firstOnColumn(byte[] row, byte[] family, byte[] qualifier) {
    return new Cell(row, family, qualifier, Long.MAX_VALUE, CellType.MAXIMUM, Bytes.EMPTY, Long.MAX_VALUE);
  }

  /** The seek key that sorts after every cell of the given column. */
  public static Cell lastOnColumn(byte[] row, byte[] family, byte[] qualifier) {
    return new Cell(row, family, qualifier, Long.MIN_VALUE, CellType.MINIMUM, Bytes.EMPTY, Long.MIN_VALUE);
  }

  public byte[] row() {
    return row;
  }

  @Override
  public byte[] rowArray() {
    return row;
  }

  @Override
  public int rowOffset() {
    return 0;
  }

  @Override
  public int rowLength() {
    return row.length;
  }

  @Override
  public byte[] qualifierArray() {
    return qualifier;
  }

  @Override
  public int qualifierOffset() {
    return 0;
  }

  @Override
  public int qualifierLength() {
    return qualifier.length;
  }

  @Override
  public byte[] valueArray() {
    return value;
  }

  @Override
  public int valueOffset() {
    return 0;
  }

  @Override
  public int valueLength() {
    return value.length;
  }

  /** This cell itself: its arrays are its own. */
  @Override
  public Cell toCell() {
    return this;
  }

  @Override
  public byte[] family() {
    return family;
  }

  public byte[] qualifier() {
    return qualifier;
  }

  /** Milliseconds since the epoch for server-assigned versions, or any user-chosen version number. */
  @Override
  public long timestamp() {
    return timestamp;
  }

  @Override
  public CellType type() {
    return type;
  }

  /** The value; empty for delete markers. */
  @Override
  public byte[] value() {
    return value;
  }

  /** The engine's sequence number of the write that made this cell (0 before it is written). */
  @Override
  public long sequenceId() {
    return sequenceId;
  }

  /** This cell with another sequence number. */
  public Cell withSequenceId(long seq) {
    return new Cell(row, family, qualifier, timestamp, type, value, seq);
  }

  /** This cell with another timestamp. */
  public Cell withTimestamp(long ts) {
    return new Cell(row, family, qualifier, ts, type, value, sequenceId);
  }

  /** This cell with its value replaced by an empty one (a key-only view). */
  public Cell withoutValue() {
    return new Cell(row, family, qualifier, timestamp, type, Bytes.EMPTY, sequenceId);
  }

  /** Approximate heap and disk footprint in bytes: the arrays plus fixed fields. */
  public int estimatedSize() {
    return row.length + family.length + qualifier.length + value.length + 8 + 1 + 8 + 48;
  }

  /** Whether this cell is at the same row, family and qualifier as {@code o}. */
  public boolean sameColumn(Cell o) {
    return Arrays.equals(row, o.row) && Arrays.equals(family, o.family) && Arrays.equals(qualifier, o.qualifier);
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof Cell c)) {
      return false;
    }
    return timestamp == c.timestamp && type == c.type && sequenceId == c.sequenceId && sameColumn(c)
        && Arrays.equals(value, c.value);
  }

  @Override
  public int hashCode() {
    int h = Arrays.hashCode(row);
    h = 31 * h + Arrays.hashCode(family);
    h = 31 * h + Arrays.hashCode(qualifier);
    h = 31 * h + Long.hashCode(timestamp);
    h = 31 * h + type.hashCode();
    return h;
  }

  /** HBase's form: {@code row/family:qualifier/timestamp/Type/vlen=n/seqid=s}. */
  @Override
  public String toString() {
    return Bytes.toStringBinary(row) + "/" + Bytes.toStringBinary(family) + ":" + Bytes.toStringBinary(qualifier)
        + "/" + timestamp + "/" + type + "/vlen=" + value.length + "/seqid=" + sequenceId;
  }
}
