package dev.cellar.jdbc;

import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.IndexDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.database.CellarDatabase;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Primary keys and index info from the catalog, as {@code DatabaseMetaData.getPrimaryKeys} and
 * {@code getIndexInfo} list them, and the same rows as the system tables
 * {@code CELLAR.PRIMARY_KEYS} and {@code CELLAR.INDEX_INFO}, whose columns are JDBC's. Clients
 * whose protocol has no such calls (the remote driver over Avatica) read those tables.
 */
final class KeyMetadata {
  /** The system table of primary key columns. */
  static final String PRIMARY_KEYS = "PRIMARY_KEYS";
  /** The system table of index columns: the primary key as a unique index, then the secondary indexes. */
  static final String INDEX_INFO = "INDEX_INFO";
  /** The schema the system tables are in. */
  static final String SYSTEM_SCHEMA = "CELLAR";

  private KeyMetadata() {}

  /** The primary key columns of the tables of {@code schema} (any if null) called {@code table} (any if null). */
  static List<CellarMeta.PrimaryKeyRow> primaryKeys(CellarDatabase db, String schema, String table) {
    List<CellarMeta.PrimaryKeyRow> rows = new ArrayList<>();
    for (TableDef t : tables(db, schema, table)) {
      for (ColumnDef c : t.keyColumns()) {
        rows.add(new CellarMeta.PrimaryKeyRow(t.schema(), t.name(), c.name(), (short) (c.keyPosition() + 1),
            "PK_" + t.name()));
      }
    }
    rows.sort(Comparator.comparing((CellarMeta.PrimaryKeyRow r) -> r.tableName).thenComparing(r -> r.columnName));
    return rows;
  }

  /**
   * The index columns of the matching tables: the primary key as a unique index, and each
   * secondary index, readable or being built ({@code unique}: the unique ones only), ordered as
   * JDBC asks: by NON_UNIQUE, TYPE, INDEX_NAME, ORDINAL_POSITION.
   */
  static List<CellarMeta.IndexInfoRow> indexInfo(CellarDatabase db, String schema, String table, boolean unique) {
    List<CellarMeta.IndexInfoRow> rows = new ArrayList<>();
    Catalog.Snapshot snap = db.catalog().snapshot();
    for (TableDef t : tables(db, schema, table)) {
      for (ColumnDef c : t.keyColumns()) {
        rows.add(new CellarMeta.IndexInfoRow(t.schema(), t.name(), "PK_" + t.name(), (short) (c.keyPosition() + 1),
            c.name(), c.descending() ? "D" : "A"));
      }
      for (IndexDef ix : snap.indexesOf(t.name())) {
        if (unique && !ix.unique()) {
          continue;
        }
        short pos = 1;
        for (IndexDef.Part p : ix.columns()) {
          rows.add(new CellarMeta.IndexInfoRow(t.schema(), t.name(), !ix.unique(), ix.name(), pos++, p.column(),
              p.descending() ? "D" : "A"));
        }
      }
    }
    rows.sort(Comparator.<CellarMeta.IndexInfoRow, Boolean>comparing(r -> r.nonUnique)
        .thenComparing(r -> r.indexName).thenComparing(r -> r.ordinalPosition));
    return rows;
  }

  private static List<TableDef> tables(CellarDatabase db, String schema, String table) {
    if (schema != null && !schema.equals(Catalog.DEFAULT_SCHEMA)) {
      return List.of();
    }
    Catalog.Snapshot snap = db.catalog().snapshot();
    if (table == null) {
      return new ArrayList<>(snap.tables().values());
    }
    TableDef t = snap.table(table);
    return t == null ? List.of() : List.of(t);
  }

  /** Adds {@code PRIMARY_KEYS} and {@code INDEX_INFO} to the connection's system schema, if it has one. */
  static void addSystemTables(SchemaPlus root, CellarDatabase db) {
    SchemaPlus system = root.getSubSchema(SYSTEM_SCHEMA);
    if (system == null) {
      return;
    }
    system.add(PRIMARY_KEYS, new PrimaryKeys(db));
    system.add(INDEX_INFO, new IndexInfo(db));
  }

  /** A read-only system table. */
  private abstract static class SystemTable extends AbstractTable implements ScannableTable {
    final CellarDatabase db;

    SystemTable(CellarDatabase db) {
      this.db = db;
    }

    @Override
    public Schema.TableType getJdbcTableType() {
      return Schema.TableType.SYSTEM_TABLE;
    }

    static RelDataType nullable(RelDataTypeFactory f, SqlTypeName type) {
      return f.createTypeWithNullability(f.createSqlType(type), true);
    }

    static RelDataType notNull(RelDataTypeFactory f, SqlTypeName type) {
      return f.createSqlType(type);
    }
  }

  /** {@code CELLAR.PRIMARY_KEYS}: the columns of {@code getPrimaryKeys}, one row per key column. */
  private static final class PrimaryKeys extends SystemTable {
    PrimaryKeys(CellarDatabase db) {
      super(db);
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory f) {
      return f.builder().add("TABLE_CAT", nullable(f, SqlTypeName.VARCHAR))
          .add("TABLE_SCHEM", nullable(f, SqlTypeName.VARCHAR)).add("TABLE_NAME", notNull(f, SqlTypeName.VARCHAR))
          .add("COLUMN_NAME", notNull(f, SqlTypeName.VARCHAR)).add("KEY_SEQ", notNull(f, SqlTypeName.SMALLINT))
          .add("PK_NAME", nullable(f, SqlTypeName.VARCHAR)).build();
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root) {
      List<Object[]> rows = new ArrayList<>();
      for (CellarMeta.PrimaryKeyRow r : primaryKeys(db, null, null)) {
        rows.add(new Object[] {r.tableCat, r.tableSchem, r.tableName, r.columnName, r.keySeq, r.pkName});
      }
      return Linq4j.asEnumerable(rows);
    }
  }

  /** {@code CELLAR.INDEX_INFO}: the columns of {@code getIndexInfo}, one row per index column. */
  private static final class IndexInfo extends SystemTable {
    IndexInfo(CellarDatabase db) {
      super(db);
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory f) {
      return f.builder().add("TABLE_CAT", nullable(f, SqlTypeName.VARCHAR))
          .add("TABLE_SCHEM", nullable(f, SqlTypeName.VARCHAR)).add("TABLE_NAME", notNull(f, SqlTypeName.VARCHAR))
          .add("NON_UNIQUE", notNull(f, SqlTypeName.BOOLEAN)).add("INDEX_QUALIFIER", nullable(f, SqlTypeName.VARCHAR))
          .add("INDEX_NAME", nullable(f, SqlTypeName.VARCHAR)).add("TYPE", notNull(f, SqlTypeName.SMALLINT))
          .add("ORDINAL_POSITION", notNull(f, SqlTypeName.SMALLINT))
          .add("COLUMN_NAME", nullable(f, SqlTypeName.VARCHAR)).add("ASC_OR_DESC", nullable(f, SqlTypeName.VARCHAR))
          .add("CARDINALITY", notNull(f, SqlTypeName.BIGINT)).add("PAGES", notNull(f, SqlTypeName.BIGINT))
          .add("FILTER_CONDITION", nullable(f, SqlTypeName.VARCHAR)).build();
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root) {
      List<Object[]> rows = new ArrayList<>();
      for (CellarMeta.IndexInfoRow r : indexInfo(db, null, null, false)) {
        rows.add(new Object[] {r.tableCat, r.tableSchem, r.tableName, r.nonUnique, r.indexQualifier, r.indexName,
            r.type, r.ordinalPosition, r.columnName, r.ascOrDesc, r.cardinality, r.pages, r.filterCondition});
      }
      return Linq4j.asEnumerable(rows);
    }
  }
}
