package dev.cellar.sql.ddl;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.storage.ColumnFamilyDescriptor;
import java.util.List;

/**
 * The DDL rules of {@code MAP<VARCHAR, V>} columns: a MAP column is a whole family, each cell an
 * entry (qualifier = key), so the family holds nothing else — no other column, and for a table
 * of Cellar's own, not the marker cell.
 */
final class MapColumns {
  private MapColumns() {
  }

  /**
   * The family of MAP column {@code c}: the family it is declared in ({@code "item".items
   * MAP<VARCHAR, VARCHAR>}), else the family named as the column ({@code "item" MAP<...>}).
   *
   * @throws CellarSqlException 42000 for a MAP in the primary key or a bad family name
   */
  static String family(DdlStatement.Column c, String kind, String owner) {
    if (c.primaryKey()) {
      throw inKey(c, kind, owner);
    }
    String family = c.family() == null ? c.name() : c.family();
    try {
      ColumnFamilyDescriptor.validateFamilyName(family);
    } catch (IllegalArgumentException e) {
      throw CellarSqlException.syntax("MAP column " + c.name() + " (" + c.at().position() + ") of " + kind + " "
          + owner + " is family " + family + ": " + e.getMessage());
    }
    return family;
  }

  /** 42000: MAP column {@code c} is in the primary key. */
  static CellarSqlException inKey(DdlStatement.Column c, String kind, String owner) {
    return CellarSqlException.syntax("MAP column " + c.name() + " (" + c.at().position() + ") of " + kind + " "
        + owner + " cannot be part of the primary key: it is a family of cells");
  }

  /** @throws CellarSqlException 42000 if a MAP column's family holds another column */
  static void checkFamilies(List<ColumnDef> cols, String kind, String owner) {
    for (ColumnDef map : cols) {
      if (!map.isMap()) {
        continue;
      }
      for (ColumnDef other : cols) {
        if (other != map && other.isCell() && other.family().equals(map.family())) {
          throw CellarSqlException.syntax("column " + other.name() + " of " + kind + " " + owner + " is in family "
              + map.family() + ", which MAP column " + map.name() + " holds whole: every cell of it is an entry of "
              + "the MAP; put the column in another family");
        }
      }
    }
  }

  /** @throws CellarSqlException 42000 if the marker family is a MAP column's */
  static void checkMarker(List<ColumnDef> cols, String markerFamily, String kind, String owner) {
    for (ColumnDef map : cols) {
      if (map.isMap() && map.family().equals(markerFamily)) {
        throw CellarSqlException.syntax("MAP column " + map.name() + " of " + kind + " " + owner + " is family "
            + markerFamily + ", where every row keeps its marker cell; name another family for it ("
            + "\"f\"." + map.name() + " MAP<...>) or another DEFAULT_COLUMN_FAMILY");
      }
    }
  }
}
