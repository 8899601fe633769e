package dev.cellar.sql.catalog;

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
 */
public record ColumnDef(String name, ColumnType type, boolean nullable, String family, int keyPosition,
    boolean descending) {

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
    return new ColumnDef(name, type, false, null, position, desc);
  }

  /** How DDL declares it: {@code INFO.NICKNAME VARCHAR(20) NOT NULL}. */
  public String sql() {
    return (family == null ? "" : family + ".") + name + " " + type.sql() + (nullable ? "" : " NOT NULL");
  }
}
