package dev.cellar.sql.rel;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.ColumnType;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.codec.KeyType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;

/**
 * Columns a statement declares for itself (Phoenix's dynamic columns): {@code FROM t EXTEND
 * (color VARCHAR, "f"."size" INTEGER)}, or {@code FROM t (color VARCHAR)}, reads cells that the
 * table does not declare. A column {@code name} is the cell {@code defaultFamily:name}; one
 * written {@code family.qualifier} is the cell {@code family:qualifier}, and the query names it
 * {@code "family.qualifier"}. Its type says how the cell's bytes read, as for a declared column.
 * The family must exist (42S23); a name the table has already is 42S21.
 * Nothing is stored in the catalog.
 */
public final class DynamicColumns {
  private DynamicColumns() {}

  /**
   * The table {@code def} with {@code fields} appended, and the qualifier of each appended
   * family-qualified column (by column name).
   */
  record Extended(TableDef def, Map<String, String> qualifiers) {}

  static Extended extend(TableDef def, List<RelDataTypeField> fields, java.util.Set<String> storeFamilies) {
    if (def.isDynamic()) {
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "table " + def.name() + " has a row per cell of "
          + "family " + def.mapping().dynamicFamily() + ": it has no other cells to declare for a query");
    }
    List<ColumnDef> cols = new ArrayList<>(def.columns());
    Map<String, String> qualifiers = new LinkedHashMap<>();
    for (RelDataTypeField f : fields) {
      String name = f.getName();
      if (def.columns().stream().anyMatch(c -> c.name().equals(name))) {
        throw new CellarSqlException(SqlState.COLUMN_EXISTS, "column " + name + " declared for a query of table "
            + def.name() + " is a column of the table already");
      }
      int dot = name.indexOf('.');
      String family = dot > 0 ? name.substring(0, dot) : def.defaultFamily();
      if (dot > 0) {
        qualifiers.put(name, name.substring(dot + 1));
      }
      if (!storeFamilies.contains(family)) {
        throw new CellarSqlException(SqlState.FAMILY_NOT_FOUND, "column " + name + " declared for a query of table "
            + def.name() + " is in family " + family + ", which store table " + def.storageName() + " lacks; its "
            + "families are " + storeFamilies);
      }
      cols.add(new ColumnDef(name, columnType(def, name, f.getType()), true, family, -1, false, null));
    }
    return new Extended(def.withColumns(cols), qualifiers);
  }

  /** The column type of a declared SQL type. */
  private static ColumnType columnType(TableDef def, String column, RelDataType t) {
    KeyType k;
    switch (t.getSqlTypeName()) {
      case BOOLEAN: k = KeyType.BOOLEAN; break;
      case TINYINT: k = KeyType.TINYINT; break;
      case SMALLINT: k = KeyType.SMALLINT; break;
      case INTEGER: k = KeyType.INTEGER; break;
      case BIGINT: k = KeyType.BIGINT; break;
      case DECIMAL: return new ColumnType(KeyType.DECIMAL, t.getPrecision(), t.getScale());
      case REAL: k = KeyType.REAL; break;
      case FLOAT:
      case DOUBLE: k = KeyType.DOUBLE; break;
      case CHAR: return new ColumnType(KeyType.CHAR, t.getPrecision(), 0);
      case VARCHAR: return new ColumnType(KeyType.VARCHAR, precision(t), 0);
      case BINARY: return new ColumnType(KeyType.BINARY, t.getPrecision(), 0);
      case VARBINARY: return new ColumnType(KeyType.VARBINARY, precision(t), 0);
      case DATE: k = KeyType.DATE; break;
      case TIME: k = KeyType.TIME; break;
      case TIMESTAMP: k = KeyType.TIMESTAMP; break;
      default:
        throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "column " + column + " declared for a query of "
            + "table " + def.name() + " has type " + t.getFullTypeString() + ", which no cell holds");
    }
    return ColumnType.of(k);
  }

  private static int precision(RelDataType t) {
    return t.getPrecision() == RelDataType.PRECISION_NOT_SPECIFIED || t.getPrecision() >= 65536
        ? ColumnType.UNSPECIFIED : t.getPrecision();
  }
}
