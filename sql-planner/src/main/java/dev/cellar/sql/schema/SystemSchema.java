package dev.cellar.sql.schema;

import dev.cellar.sql.advice.Advice;
import dev.cellar.sql.advice.CatalogReview;
import dev.cellar.sql.catalog.IndexDef;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.database.Operations;
import dev.cellar.sql.ddl.IndexBuilds;
import dev.cellar.sql.sequence.SequenceDef;
import dev.cellar.sql.sequence.Sequences;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The schema {@value #NAME}: read-only tables about the database itself. {@code INDEXES} lists
 * every secondary index with its state, while it is being built the rows indexed so far, and
 * if its last build failed, why: {@code SELECT * FROM CELLAR.INDEXES}. {@code ADVICE} lists the
 * schema advice on every table ({@link CatalogReview}), what {@code cellar lint} prints.
 * {@code OPERATIONS} lists the long operations running ({@link Operations}): loads, exports,
 * index builds and {@code UPSERT SELECT}s, with their progress.
 * {@code SEQUENCES} lists every sequence with its settings and the first value not yet reserved.
 * The table function {@code DISCOVER('store_table', sample_rows)} proposes mappings of a raw store
 * table ({@link DiscoverFunction}).
 */
final class SystemSchema extends AbstractSchema {
  /** The schema's name. */
  static final String NAME = "CELLAR";

  private final CellarDatabase db;

  SystemSchema(CellarDatabase db) {
    this.db = db;
  }

  @Override
  protected Map<String, Table> getTableMap() {
    return Map.of("INDEXES", new Indexes(), "ADVICE", new AdviceTable(), "OPERATIONS", new OperationsTable(),
        "SEQUENCES", new SequencesTable());
  }

  /** {@code DISCOVER}, the table function of schema discovery ({@link DiscoverFunction}). */
  @Override
  protected com.google.common.collect.Multimap<String, org.apache.calcite.schema.Function> getFunctionMultimap() {
    return com.google.common.collect.ImmutableMultimap.of("DISCOVER", DiscoverFunction.function());
  }

  /** A table of this schema: a system table read whole. */
  private abstract static class SystemTable extends AbstractTable implements ScannableTable {
    @Override
    public org.apache.calcite.schema.Schema.TableType getJdbcTableType() {
      return org.apache.calcite.schema.Schema.TableType.SYSTEM_TABLE;
    }
  }

  /** One row per index. */
  private final class Indexes extends SystemTable {
    @Override
    public RelDataType getRowType(RelDataTypeFactory f) {
      RelDataType text = f.createTypeWithNullability(f.createSqlType(SqlTypeName.VARCHAR), true);
      return f.builder()
          .add("TABLE_NAME", text).add("INDEX_NAME", text).add("LAYOUT", text).add("STATE", text)
          .add("IS_UNIQUE", f.createSqlType(SqlTypeName.BOOLEAN)).add("COLUMNS", text).add("INCLUDE", text)
          .add("STORE_TABLE", text).add("FAMILY", text)
          .add("ROWS_BUILT", f.createTypeWithNullability(f.createSqlType(SqlTypeName.BIGINT), true))
          .add("ERROR", text)
          .build();
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root) {
      List<Object[]> rows = new ArrayList<>();
      for (IndexDef ix : db.catalog().snapshot().indexes().values()) {
        List<String> cols = new ArrayList<>();
        for (IndexDef.Part p : ix.columns()) {
          cols.add((p.isExpression() ? p.expression() : p.column()) + (p.descending() ? " DESC" : ""));
        }
        long built = IndexBuilds.progress(db, ix.name());
        rows.add(new Object[] {ix.table(), ix.name(), ix.layout().name(), ix.state().name(), ix.unique(),
            String.join(", ", cols), String.join(", ", ix.include()), ix.storageName(), ix.family(),
            built < 0 ? null : built, ix.error()});
      }
      return Linq4j.asEnumerable(rows);
    }
  }

  /** One row per piece of schema advice on the database's tables. */
  private final class AdviceTable extends SystemTable {
    @Override
    public RelDataType getRowType(RelDataTypeFactory f) {
      RelDataType text = f.createSqlType(SqlTypeName.VARCHAR);
      return f.builder().add("TABLE_NAME", text).add("RULE", text).add("SUBJECT", text).add("PROBLEM", text)
          .add("FIX", text).build();
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root) {
      List<Object[]> rows = new ArrayList<>();
      for (Advice a : CatalogReview.all(db)) {
        rows.add(new Object[] {a.table(), a.rule().name(), a.subject(), a.problem(), a.fix()});
      }
      return Linq4j.asEnumerable(rows);
    }
  }

  /** One row per long operation running now. */
  private final class OperationsTable extends SystemTable {
    @Override
    public RelDataType getRowType(RelDataTypeFactory f) {
      RelDataType text = f.createTypeWithNullability(f.createSqlType(SqlTypeName.VARCHAR), true);
      RelDataType count = f.createSqlType(SqlTypeName.BIGINT);
      return f.builder().add("ID", count).add("KIND", f.createSqlType(SqlTypeName.VARCHAR)).add("TABLE_NAME", text)
          .add("DETAIL", text).add("ROWS_DONE", count).add("ROWS_TOTAL", f.createTypeWithNullability(count, true))
          .add("STARTED", f.createSqlType(SqlTypeName.TIMESTAMP, 3))
          .add("ROWS_PER_SECOND", f.createSqlType(SqlTypeName.DOUBLE)).build();
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root) {
      List<Object[]> rows = new ArrayList<>();
      for (Operations.Operation op : Operations.of(db).running()) {
        long total = op.rowsTotal();
        rows.add(new Object[] {op.id(), op.kind(), op.table(), op.detail(), op.rowsDone(), total < 0 ? null : total,
            op.startedMillis(), op.rate()});
      }
      return Linq4j.asEnumerable(rows);
    }
  }

  /** One row per sequence. */
  private final class SequencesTable extends SystemTable {
    @Override
    public RelDataType getRowType(RelDataTypeFactory f) {
      RelDataType text = f.createSqlType(SqlTypeName.VARCHAR);
      RelDataType bigint = f.createSqlType(SqlTypeName.BIGINT);
      return f.builder().add("SEQUENCE_SCHEMA", text).add("SEQUENCE_NAME", text).add("START_WITH", bigint)
          .add("INCREMENT_BY", bigint).add("MIN_VALUE", bigint).add("MAX_VALUE", bigint)
          .add("CYCLE_FLAG", f.createSqlType(SqlTypeName.BOOLEAN)).add("CACHE_SIZE", bigint)
          .add("NEXT_RESERVED", f.createTypeWithNullability(bigint, true)).build();
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root) {
      List<Object[]> rows = new ArrayList<>();
      for (Sequences.Listed l : Sequences.of(db).list()) {
        SequenceDef d = l.def();
        rows.add(new Object[] {d.schema(), d.name(), d.start(), d.increment(), d.min(), d.max(), d.cycle(), d.cache(),
            l.exhausted() ? null : l.next()});
      }
      return Linq4j.asEnumerable(rows);
    }
  }
}
