package dev.cellar.sql.ddl;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.codec.KeyType;
import dev.cellar.sql.ddl.DdlStatement.Column;
import java.util.List;

/**
 * The {@code ROW_TIMESTAMP} column of a table or a mapping: the timestamp of the row's cells,
 * declared {@code name TIMESTAMP ROW_TIMESTAMP} (or {@code BIGINT} for version numbers that are
 * not times) outside the primary key and in no family ({@code sql-planner/docs/sql.md}).
 */
final class RowTimestamps {
  private RowTimestamps() {}

  /**
   * The column {@code c} declares, checked.
   *
   * @param inKey whether {@code c} is among the primary key's columns
   * @param declared the columns of the table declared before {@code c}
   * @param kind {@code "table"} or {@code "view"}, for messages
   * @throws CellarSqlException 42000 if the column is in the key, has a family or a format, is
   *     not TIMESTAMP or BIGINT, or the table has a row timestamp already
   */
  static ColumnDef define(Column c, boolean inKey, List<ColumnDef> declared, String kind, String table) {
    String at = " (" + c.at().position() + ") of " + kind + " " + table;
    if (inKey || c.primaryKey()) {
      throw CellarSqlException.syntax("ROW_TIMESTAMP column " + c.name() + at + " cannot be part of the primary key: "
          + "it is the timestamp of the row's cells, not a field of the rowkey");
    }
    if (c.family() != null) {
      throw CellarSqlException.syntax("ROW_TIMESTAMP column " + c.family() + "." + c.name() + at
          + " cannot have a family: it is the timestamp of the row's cells in every family");
    }
    if (c.format() != null) {
      throw CellarSqlException.syntax("ROW_TIMESTAMP column " + c.name() + at + " cannot have a FORMAT: it is "
          + "no cell's value");
    }
    KeyType t = c.type().type();
    if (t != KeyType.TIMESTAMP && t != KeyType.BIGINT) {
      throw CellarSqlException.syntax("ROW_TIMESTAMP column " + c.name() + at + " must be TIMESTAMP (milliseconds "
          + "since 1970-01-01 UTC) or BIGINT (the raw version number), not " + c.type().sql());
    }
    for (ColumnDef d : declared) {
      if (d.rowTimestamp()) {
        throw CellarSqlException.syntax("ROW_TIMESTAMP column " + c.name() + at + ": " + kind + " " + table
            + " has one already, " + d.name());
      }
    }
    return ColumnDef.rowTimestamp(c.name(), c.type(), !c.notNull());
  }
}
