package dev.cellar.sql.catalog;

import dev.cellar.sql.codec.ValueFormat;
import java.util.Objects;

/**
 * One column of a relational table and where it lives in the store: a part of the rowkey
 * ({@code keyPosition >= 0}), the cell {@code family:name}, or the timestamp of the row's cells
 * ({@code rowTimestamp}, in no family).
 *
 * @param name column name as SQL sees it: the field of the table's row type, unique in its table. It is
 *     the {@link #qualifier} but where two columns of the table share a qualifier
 *     ({@link TableDef#fieldNames}): then {@code FAMILY.QUALIFIER}
 * @param type SQL type
 * @param nullable whether the column may hold NULL (key columns never do)
 * @param family the column family holding the column's cells; {@code null} for key columns
 * @param keyPosition position in the primary key (0 = leading), or -1
 * @param descending whether a key column sorts in descending order
 * @param format in a mapped table, how this column's key field or cells are written when not as
 *     the table's mapping says ({@code FORMAT STRING | BYTES}); {@code null} otherwise
 * @param rowTimestamp whether the column is the timestamp of the row's cells ({@code ROW_TIMESTAMP}):
 *     not a key column, in no family, of type TIMESTAMP or BIGINT ({@code sql-planner/docs/sql.md})
 * @param qualifier the column's own name, as DDL declares it: the cell qualifier of a cell column,
 *     the name of a key column or the row timestamp
 */
public record ColumnDef(String name, ColumnType type, boolean nullable, String family, int keyPosition,
    boolean descending, ValueFormat format, boolean rowTimestamp, String qualifier) {

  /** A column whose SQL name is its qualifier. */
  public ColumnDef(String name, ColumnType type, boolean nullable, String family, int keyPosition,
      boolean descending, ValueFormat format, boolean rowTimestamp) {
    this(name, type, nullable, family, keyPosition, descending, format, rowTimestamp, name);
  }

  /** A column of the rowkey or a cell. */
  public ColumnDef(String name, ColumnType type, boolean nullable, String family, int keyPosition,
      boolean descending, ValueFormat format) {
    this(name, type, nullable, family, keyPosition, descending, format, false);
  }

  /** The {@code ROW_TIMESTAMP} column {@code name}: the timestamp of the row's cells. */
  public static ColumnDef rowTimestamp(String name, ColumnType type, boolean nullable) {
    return new ColumnDef(name, type, nullable, null, -1, false, null, true);
  }

  /** A column written as its table says. */
  public ColumnDef(String name, ColumnType type, boolean nullable, String family, int keyPosition,
      boolean descending) {
    this(name, type, nullable, family, keyPosition, descending, null);
  }

  public ColumnDef {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(qualifier, "qualifier");
    Objects.requireNonNull(type, "type");
    if (keyPosition >= 0 && family != null) {
      throw new IllegalArgumentException("key column " + name + " cannot have a family");
    }
    if (keyPosition < 0 && (family == null) != rowTimestamp) {
      throw new IllegalArgumentException("column " + name + (rowTimestamp ? " is the row timestamp, in no family"
          : " needs a family"));
    }
    if (type.isMap() && family == null) {
      throw new IllegalArgumentException("MAP column " + name + " is a whole family: it cannot be a key column or the"
          + " row timestamp");
    }
    if (rowTimestamp && type.type() != dev.cellar.sql.codec.KeyType.TIMESTAMP
        && type.type() != dev.cellar.sql.codec.KeyType.BIGINT) {
      throw new IllegalArgumentException("row timestamp column " + name + " must be TIMESTAMP or BIGINT, not "
          + type.sql());
    }
  }

  /** Whether the column is a {@code MAP}: every cell of its family, each an entry. */
  public boolean isMap() {
    return type.isMap();
  }

  /** Whether the column is part of the primary key. */
  public boolean isKey() {
    return keyPosition >= 0;
  }

  /** Whether the column is a cell {@code family:name} (neither a key column nor the row timestamp). */
  public boolean isCell() {
    return family != null;
  }

  /** The same column in another family or position. */
  public ColumnDef withKeyPosition(int position, boolean desc) {
    return new ColumnDef(qualifier, type, false, null, position, desc, format, false);
  }

  /** The same column under the SQL name {@code sqlName}. */
  public ColumnDef withName(String sqlName) {
    return sqlName.equals(name) ? this
        : new ColumnDef(sqlName, type, nullable, family, keyPosition, descending, format, rowTimestamp, qualifier);
  }

  /** Whether {@code family.qualifier} names this cell column. */
  public boolean is(String family, String qualifier) {
    return family.equals(this.family) && qualifier.equals(this.qualifier);
  }

  /** How DDL declares it: {@code INFO.NICKNAME VARCHAR(20) NOT NULL}. */
  public String sql() {
    return (family == null ? "" : family + ".") + qualifier + " " + type.sql() + (format == null ? "" : " FORMAT " + format)
        + (nullable ? "" : " NOT NULL") + (rowTimestamp ? " ROW_TIMESTAMP" : "");
  }
}
