package dev.cellar.sql.ddl;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.TableDef;
import java.util.ArrayList;
import java.util.List;

/**
 * Column names in DDL, which are unique with their families as in Phoenix: {@code a.v} and
 * {@code b.v} are two columns, {@code v} twice or {@code a.v} twice one column declared twice.
 * The SQL names such columns get are {@link TableDef#fieldNames}'s.
 */
final class ColumnNames {
  private ColumnNames() {}

  /** What makes a declared column distinct: its family (the default one if none) and name. */
  static String declared(DdlStatement.Column c, String defaultFamily) {
    return (c.family() == null ? defaultFamily : c.family()) + "\0" + c.name();
  }

  /** The column as written: {@code A.V}, or {@code V}. */
  static String spelled(DdlStatement.Column c) {
    return c.family() == null ? c.name() : c.family() + "." + c.name();
  }

  /** Refuses (42S21) columns two of which would have the same SQL name. */
  static void checkUnique(List<ColumnDef> cols, String defaultFamily, String kind, String table) {
    String twice = TableDef.duplicateName(cols, defaultFamily);
    if (twice != null) {
      throw new CellarSqlException(SqlState.COLUMN_EXISTS, kind + " " + table + " would have two columns called "
          + twice + ": a column of that name and one named so with its family");
    }
  }

  /**
   * The existing column that {@code c} would declare again in {@code t} (the same name in the same
   * family; a key column or the row timestamp for a name without one), or {@code null}.
   */
  static ColumnDef existing(List<ColumnDef> cols, DdlStatement.Column c, String family) {
    for (ColumnDef d : cols) {
      if (d.qualifier().equals(c.name()) && (d.isCell() ? d.family().equals(family) : c.family() == null)) {
        return d;
      }
    }
    return null;
  }

  /**
   * The columns of {@code before} whose SQL name differs in {@code after} (a column added beside
   * one of the same name in another family, or dropped from beside one), as pairs old, new name.
   */
  static List<String[]> renamed(TableDef before, TableDef after) {
    List<String[]> out = new ArrayList<>();
    for (ColumnDef b : before.columns()) {
      for (ColumnDef a : after.columns()) {
        if (a.qualifier().equals(b.qualifier()) && java.util.Objects.equals(a.family(), b.family())
            && a.isKey() == b.isKey() && !a.name().equals(b.name())) {
          out.add(new String[] {b.name(), a.name()});
        }
      }
    }
    return out;
  }
}
