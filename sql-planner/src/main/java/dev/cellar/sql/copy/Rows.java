package dev.cellar.sql.copy;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.exec.ValueLimits;
import java.util.List;

/**
 * The records of a load as rows of its table: each field converted to its column's type
 * ({@link FieldConverter}), checked against what the column holds ({@link ValueLimits}: the
 * DML's check) and against NOT NULL. Thread-safe: records are converted on several threads.
 */
final class Rows {
  private final TableDef def;
  private final int[] fields;
  private final FieldConverter[] converters;
  private final boolean[] targeted;
  private final ValueLimits limits;

  /**
   * @param columns the table's columns the records hold, in order
   * @throws CellarSqlException 23502 when a key column is not loaded, 0A000 for a MAP column
   */
  Rows(TableDef def, List<String> columns, CopyOptions options) {
    this.def = def;
    this.fields = new int[columns.size()];
    this.converters = new FieldConverter[columns.size()];
    this.targeted = new boolean[def.columns().size()];
    for (int i = 0; i < columns.size(); i++) {
      int f = def.columnIndex(columns.get(i));
      ColumnDef c = def.columns().get(f);
      if (c.isMap()) {
        throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "column " + c.name() + " of table " + def.name()
            + " is a MAP (" + c.type().sql() + "); COPY loads and exports columns of scalar types");
      }
      fields[i] = f;
      targeted[f] = true;
      converters[i] = new FieldConverter(c.name(), c.type().type(), options);
    }
    for (ColumnDef c : def.keyColumns()) {
      if (!targeted[def.columnIndex(c.name())]) {
        throw new CellarSqlException(SqlState.NOT_NULL_VIOLATION, "column " + c.name() + " of the primary key of "
            + "table " + def.name() + " is not among the columns loaded");
      }
    }
    this.limits = ValueLimits.of(def);
  }

  /** Which of the table's columns the rows write. */
  boolean[] targeted() {
    return targeted;
  }

  /** The row of {@code raw} (an {@code Object[]} of every column), or the error that rejects it. */
  Object convert(RecordReader.Raw raw) {
    if (raw.error() != null) {
      return new CellarSqlException(SqlState.DATA_EXCEPTION, raw.error());
    }
    Object[] row = new Object[targeted.length];
    String[] in = raw.fields();
    try {
      for (int i = 0; i < fields.length; i++) {
        int f = fields[i];
        Object v = converters[i].parse(in[i]);
        ColumnDef c = def.columns().get(f);
        if (v == null && !c.nullable()) {
          return new CellarSqlException(SqlState.NOT_NULL_VIOLATION, "column " + c.name() + ": NULL in a NOT NULL "
              + "column");
        }
        row[f] = v == null ? null : limits.value(f, v);
      }
    } catch (CellarSqlException e) {
      return e;
    }
    return row;
  }
}
