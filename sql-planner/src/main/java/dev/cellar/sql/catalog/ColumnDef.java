package dev.cellar.sql.catalog;

import dev.cellar.sql.codec.ValueFormat;
import java.util.Objects;

/**
 * One column of a relational table and where it lives in the store: a part of the rowkey
 * ({@code keyPosition >= 0}) or the cell {@code family:name}.
 *
 * @param name column name as SQL sees it (also the cell qualifier)
 * @param type SQL type
 * @param nullable whether the column may hold NULL (key columns never do)
 * @param family the column family holding the column's cells; {@code null} for key columns
 * @param keyPosition position in the primary key (0 = leading), or -1
 * @param descending whether a key column sorts in descending order
 * @param format in a mapped table, how this column's key field or cells are written when not as
 *     the table's mapping says ({@code FORMAT STRING | BYTES}); {@code null} otherwise
 */
public record ColumnDef(String name, ColumnType type, boolean nullable, String family, int keyPosition,
    boolean descending, ValueFormat format) {

  /** A column written as its table says. */
  public ColumnDef(String name, ColumnType type, boolean nullable, String family, int keyPosition,
      boolean descending) {
    this(name, type, nullable, family, keyPosition, descending, null);
  }

  public ColumnDef {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    if (keyPosition >= 0 && family != null) {
      throw new IllegalArgumentException("key column " + name + " cannot have a family");
    }
    if (keyPosition < 0 && family == null) {
      throw new IllegalArgumentException("column " + name + " needs a family");
    }
  }

  /** Whether the column is part of the primary key. */
  public boolean isKey() {
    return keyPosition >= 0;
  }

  /** The same column in another family or position. */
  public ColumnDef withKeyPosition(int position, boolean desc) {
    return new ColumnDef(name, type, false, null, position, desc, format);
  }

  /** How DDL declares it: {@code INFO.NICKNAME VARCHAR(20) NOT NULL}. */
  public String sql() {
    return (family == null ? "" : family + ".") + name + " " + type.sql() + (format == null ? "" : " FORMAT " + format)
        + (nullable ? "" : " NOT NULL");
  }
}
