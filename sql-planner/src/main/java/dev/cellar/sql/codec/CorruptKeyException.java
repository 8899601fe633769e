package dev.cellar.sql.codec;

/**
 * A rowkey that no {@link RowKeyCodec} of its table could have written: a field cut short,
 * a byte that its type never produces, bytes left after the last column, a wrong salt byte.
 */
public final class CorruptKeyException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final int offset;
  private final String column;

  CorruptKeyException(int offset, KeyColumn column, String problem) {
    super("corrupt key at offset " + offset + (column == null ? "" : " in " + column.describe()) + ": " + problem);
    this.offset = offset;
    this.column = column == null ? null : column.name();
  }

  /** Offset in the key (salt byte included) of the offending byte or field. */
  int offset() {
    return offset;
  }

  /** Name of the column being decoded, or null if the problem is outside any column. */
  public String column() {
    return column;
  }
}
