package dev.cellar.sql.rel;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.IndexDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.exec.Cancellation;
import dev.cellar.sql.exec.IndexMapping;
import dev.cellar.sql.exec.RowTtls;
import dev.cellar.sql.exec.TableMapping;
import dev.cellar.sql.exec.TableWriter;
import dev.cellar.sql.exec.VerifyingIndexTable;
import dev.cellar.sql.keyrange.AccessPath;
import dev.cellar.sql.keyrange.TimeBound;
import dev.cellar.sql.runtime.CellarEnumerator;
import dev.cellar.sql.runtime.IndexLookupEnumerator;
import dev.cellar.sql.runtime.ReadStats;
import dev.cellar.sql.runtime.ScanAggregator;
import dev.cellar.sql.session.CellarSession;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.RegionInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.metadata.BuiltInMetadata;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ExtensibleTable;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.TemporalTable;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * A relational table of the catalog as Calcite sees it. Planning turns reads into a
 * {@link CellarTableScan} and writes into a {@link CellarTableModify}; the generated code then
 * calls {@link #query} and {@link #modify}. (It is not a Calcite {@code ModifiableTable}: Calcite
 * builds every INSERT, UPDATE and DELETE as a {@code LogicalTableModify}, which
 * {@link CellarTableModify.Rule} implements.) Immutable; one instance serves every
 * connection while the table's definition stays the same.
 */
public final class CellarTable extends AbstractTable implements TranslatableTable, TemporalTable, ExtensibleTable,
    org.apache.calcite.schema.CustomColumnResolvingTable {
  private final CellarDatabase db;
  private final TableDef def;
  private final TableMapping mapping;
  private final List<IndexDef> indexDefs;
  private final List<IndexMapping> indexes;

  CellarTable(CellarDatabase db, TableDef def) {
    this(db, def, new TableMapping(def).forStore(db.store()), List.of());
  }

  /** The table with its readable ({@link IndexDef#isActive() active}) indexes. */
  public CellarTable(CellarDatabase db, TableDef def, List<IndexDef> indexes) {
    this(db, def, new TableMapping(def).forStore(db.store()), indexes);
  }

  private CellarTable(CellarDatabase db, TableDef def, TableMapping mapping, List<IndexDef> indexes) {
    this.db = db;
    this.def = def;
    this.mapping = mapping;
    this.indexDefs = List.copyOf(indexes);
    List<IndexMapping> ms = new ArrayList<>();
    for (IndexDef ix : indexes) {
      ms.add(new IndexMapping(ix, mapping));
    }
    this.indexes = List.copyOf(ms);
  }

  /** The indexes queries may read. */
  public List<IndexMapping> indexes() {
    return indexes;
  }

  /** The definitions of {@link #indexes()}. */
  public List<IndexDef> indexDefs() {
    return indexDefs;
  }

  /** The readable index called {@code name}. */
  IndexMapping index(String name) {
    for (IndexMapping ix : indexes) {
      if (ix.index().name().equals(name)) {
        return ix;
      }
    }
    throw new CellarSqlException(SqlState.TABLE_NOT_FOUND, "index " + name + " of table " + def.name()
        + " was dropped while the statement was planned; run it again");
  }

  /** This table with the columns a query declares ({@link DynamicColumns}): {@code FROM t EXTEND (c type)}. */
  @Override
  public org.apache.calcite.schema.Table extend(List<org.apache.calcite.rel.type.RelDataTypeField> fields) {
    DynamicColumns.Extended e = DynamicColumns.extend(def, fields,
        new java.util.LinkedHashSet<>(db.store().admin().describe(def.storageName()).familyNames()));
    return new CellarTable(db, e.def(), new TableMapping(e.def(), e.qualifiers()), indexDefs);
  }

  /** This table read with {@code versions} versions of each cell, each a SQL row ({@code VERSIONS} hint). */
  CellarTable withReadVersions(int versions) {
    return new CellarTable(db, def, mapping.withReadVersions(versions), indexDefs);
  }

  /**
   * A column's name, as the standard resolves it (the first name; any further ones name fields
   * inside it), but for a column a statement declares in a family ({@code EXTEND ("f"."q"
   * INTEGER)}), whose field is {@code "f.q"}: {@code "f"."q"} names it, in a query as in an
   * UPSERT's column list.
   */
  @Override
  public List<org.apache.calcite.util.Pair<org.apache.calcite.rel.type.RelDataTypeField, List<String>>> resolveColumn(
      RelDataType rowType, RelDataTypeFactory typeFactory, List<String> names) {
    if (names.size() >= 2) {
      org.apache.calcite.rel.type.RelDataTypeField declared = field(rowType, names.get(0) + "." + names.get(1));
      if (declared != null) {
        return List.of(org.apache.calcite.util.Pair.of(declared, names.subList(2, names.size())));
      }
    }
    org.apache.calcite.rel.type.RelDataTypeField f = names.isEmpty() ? null : field(rowType, names.get(0));
    return f == null ? List.of() : List.of(org.apache.calcite.util.Pair.of(f, names.subList(1, names.size())));
  }

  /** The field called {@code name}, or if none, the only one called so in another case. */
  private static org.apache.calcite.rel.type.RelDataTypeField field(RelDataType rowType, String name) {
    org.apache.calcite.rel.type.RelDataTypeField f = rowType.getField(name, true, false);
    if (f != null) {
      return f;
    }
    org.apache.calcite.rel.type.RelDataTypeField only = null;
    for (org.apache.calcite.rel.type.RelDataTypeField g : rowType.getFieldList()) {
      if (g.getName().equalsIgnoreCase(name)) {
        if (only != null) {
          return null;
        }
        only = g;
      }
    }
    return only;
  }

  @Override
  public int getExtendedColumnOffset() {
    return def.columns().size();
  }

  public TableDef def() {
    return def;
  }

  public TableMapping mapping() {
    return mapping;
  }

  /**
   * {@code VIEW} for a table mapped over a store table written elsewhere ({@code CREATE VIEW v
   * (columns ...) STORE_TABLE=...}), as it was created; {@code TABLE} otherwise.
   */
  @Override
  public org.apache.calcite.schema.Schema.TableType getJdbcTableType() {
    return def.isMapped() ? org.apache.calcite.schema.Schema.TableType.VIEW
        : org.apache.calcite.schema.Schema.TableType.TABLE;
  }

  /**
   * Where the store runs the filter of {@code path}'s value predicates, in the store's words
   * ({@code Table.describeFilter}: in the region scanners, on HBase's region servers, or in the
   * client and why), for {@code EXPLAIN}; null if the path has no filter or none can be built
   * before the statement's parameters are bound.
   */
  String filterPlacement(AccessPath path) {
    dev.cellar.storage.filter.Filter filter;
    try {
      filter = path.storageFilter(PLAN_TIME, mapping);
    } catch (RuntimeException e) {
      return null;
    }
    if (filter == null) {
      return null;
    }
    String words = db.store().table(def.storageName()).describeFilter(filter);
    String self = filter.toString();
    return words.startsWith(self) ? words.substring(self.length()).trim() : words;
  }

  /** The context of a plan before it runs: no parameter or outer value is known yet. */
  private static final DataContext PLAN_TIME = new DataContext() {
    @Override
    public org.apache.calcite.schema.SchemaPlus getRootSchema() {
      return null;
    }

    @Override
    public org.apache.calcite.adapter.java.JavaTypeFactory getTypeFactory() {
      return null;
    }

    @Override
    public org.apache.calcite.linq4j.QueryProvider getQueryProvider() {
      return null;
    }

    @Override
    public Object get(String name) {
      return null;
    }
  };

  @Override
  public RelDataType getRowType(RelDataTypeFactory typeFactory) {
    RelDataTypeFactory.Builder b = typeFactory.builder();
    for (ColumnDef c : def.columns()) {
      b.add(c.name(), c.type().toRelDataType(typeFactory, c.nullable()));
    }
    return b.build();
  }

  @Override
  public Statistic getStatistic() {
    double rows = estimatedRows();
    if (def.hiddenKey()) {
      return Statistics.of(rows, List.of());
    }
    ImmutableBitSet key = ImmutableBitSet.of(mapping.keyFields());
    // a row of a dynamic-family table is one cell: the rowkey and the qualifier identify it
    return Statistics.of(rows, List.of(mapping.isDynamic() ? key.set(mapping.qualifierField()) : key));
  }

  /** Calcite's metadata asks the table for the unique keys of its scans: {@link ScanKeys} answers. */
  @Override
  public <C> C unwrap(Class<C> c) {
    if (c == BuiltInMetadata.ColumnUniqueness.Handler.class) {
      return c.cast(ScanKeys.UNIQUENESS);
    }
    if (c == BuiltInMetadata.UniqueKeys.Handler.class) {
      return c.cast(ScanKeys.KEYS);
    }
    return super.unwrap(c);
  }

  /**
   * Rows in the table: as {@code UPDATE STATISTICS} last counted them, else estimated from its
   * regions' cell counts as they are now: every row has a
   * marker cell, and half its other columns are taken to be set. At least 1. Asked when a
   * statement is planned (plans are cached), so that the same data gives the same plan.
   */
  double estimatedRows() {
    java.util.OptionalLong counted = dev.cellar.sql.database.TableStatistics.of(db).rowCount(def.schema(), def.name());
    if (counted.isPresent()) {
      return Math.max(1, counted.getAsLong());
    }
    long cells = 0;
    try {
      for (RegionInfo region : db.store().admin().regions(def.storageName())) {
        // a backend that does not count cells: about 64 bytes a cell
        cells += region.cells() >= 0 ? region.cells() : (region.storeFileBytes() + region.memstoreBytes()) / 64;
      }
    } catch (RuntimeException e) {
      return 100;
    }
    if (mapping.isDynamic()) {
      return Math.max(1, cells);
    }
    int valueColumns = def.columns().size() - mapping.keyFields().length;
    return Math.max(1, cells / (1 + valueColumns / 2.0));
  }

  @Override
  public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable relOptTable) {
    var cluster = context.getCluster();
    AccessPath path = AccessPath.fullScan(def.name());
    CellarSession session = cluster.getPlanner().getContext().unwrap(CellarSession.class);
    if (session != null && session.currentScn() >= 0) {
      path = path.withTime(TimeBound.NONE.withScn(session.currentScn()));
    }
    int versions = IndexHint.versions(context.getTableHints(), def.name());
    CellarTable table = versions > 0 ? withReadVersions(versions) : this;
    IndexHint hint = IndexHint.of(context.getTableHints(), table);
    String forced = hint.forcedStart();
    if (forced != null && !path.time().isBounded() && versions <= 0) {
      // a forced index is the only way in: the scan starts as a read of all of it (but for a
      // read of the past or of every version, which no index can answer)
      path = path.onIndex(forced);
    }
    return CellarTableScan.create(cluster, relOptTable, table, path, null, hint);
  }

  /**
   * {@code FOR SYSTEM_TIME AS OF} reads any Cellar table as it was ({@code CellarSnapshotRule}):
   * every cell has a timestamp. The period is the cells' own, not columns of the row: these
   * names are those of the {@code ROW_TIMESTAMP} column, if the table has one, or empty.
   */
  @Override
  public String getSysStartFieldName() {
    ColumnDef ts = def.rowTimestampColumn();
    return ts == null ? "" : ts.name();
  }

  @Override
  public String getSysEndFieldName() {
    return "";
  }

  // ---- runtime: called by generated code ---------------------------------------------------

  /**
   * The rows of an access path, each the values of {@code fields} (a scalar when
   * {@code scalar}), as Calcite's runtime holds them.
   */
  public Enumerable<Object> query(DataContext root, AccessPath path, int[] fields, boolean scalar,
      Object[] correlValues) {
    Cancellation cancel = cancellation(root);
    DataContext context = correlValues.length == 0 ? root : withCorrelValues(root, path.correlKeys(), correlValues);
    if (path.index() != null) {
      IndexMapping ix = index(path.index());
      return new AbstractEnumerable<>() {
        @Override
        public Enumerator<Object> enumerator() {
          boolean checkRows = RowTtls.checkRows(db, def);
          if (ix.coversAll(fields)) {
            return new CellarEnumerator(VerifyingIndexTable.of(store(root), ix, checkRows), path, context,
                ix.entries(), fields, scalar, cancel, readStats());
          }
          return new IndexLookupEnumerator(store(root), ix, checkRows, path, context, fields, scalar, cancel,
              readStats());
        }
      };
    }
    return new AbstractEnumerable<>() {
      @Override
      public Enumerator<Object> enumerator() {
        return new CellarEnumerator(store(root).table(def.storageName()), path, context, mapping, fields, scalar,
            cancel, readStats());
      }
    };
  }

  /**
   * The one row of an aggregate the store computes over an access path's rows
   * ({@link CellarAggregate}): the scan's ranges cut at region boundaries and read in parallel.
   */
  public Enumerable<Object> aggregate(DataContext root, AccessPath path, int[] fields, List<ScanAggregator.Spec> specs,
      boolean scalar, Object[] correlValues) {
    Cancellation cancel = cancellation(root);
    DataContext context = correlValues.length == 0 ? root : withCorrelValues(root, path.correlKeys(), correlValues);
    return new AbstractEnumerable<>() {
      @Override
      public Enumerator<Object> enumerator() {
        cancel.check();
        ScanAggregator agg = new ScanAggregator(store(root).table(def.storageName()), mapping, specs, fields, cancel,
            readStats());
        Object[] row = agg.run(path, path.ranges(context, mapping), path.storageFilter(context, mapping),
            db.store().admin().regions(def.storageName()));
        return Linq4j.singletonEnumerable(scalar ? row[0] : (Object) row).enumerator();
      }
    };
  }

  /**
   * The store as the statement's connection sees it: through its open transaction, if any
   * ({@link CellarSession#store}).
   */
  CellarStore store(DataContext root) {
    CellarSession session = CellarSession.of(root);
    return session == null ? db.store() : session.store();
  }

  /** {@code root}, plus the outer row's values a key-lookup join's scan is bound by. */
  private static DataContext withCorrelValues(DataContext root, List<String> keys, Object[] values) {
    java.util.Map<String, Object> map = new java.util.HashMap<>();
    for (int i = 0; i < values.length; i++) {
      map.put(keys.get(i), values[i]);
    }
    return new DataContext() {
      @Override
      public org.apache.calcite.schema.SchemaPlus getRootSchema() {
        return root.getRootSchema();
      }

      @Override
      public org.apache.calcite.adapter.java.JavaTypeFactory getTypeFactory() {
        return root.getTypeFactory();
      }

      @Override
      public org.apache.calcite.linq4j.QueryProvider getQueryProvider() {
        return root.getQueryProvider();
      }

      @Override
      public Object get(String name) {
        return map.containsKey(name) ? map.get(name) : root.get(name);
      }
    };
  }

  /** The read counters of this table's database. */
  ReadStats readStats() {
    return readStats(db);
  }

  /** The read counters of {@code db}. */
  public static ReadStats readStats(CellarDatabase db) {
    return db.extension(ReadStats.class, d -> new ReadStats());
  }

  /** Applies a DML statement's rows and returns the count of rows written, as one row. */
  public Enumerable<Long> modify(DataContext root, Enumerable<Object> input, boolean scalarRows, ModifySpec spec) {
    Cancellation cancel = cancellation(root);
    Iterable<Object[]> rows = () -> {
      var it = input.iterator();
      return new java.util.Iterator<>() {
        @Override
        public boolean hasNext() {
          return it.hasNext();
        }

        @Override
        public Object[] next() {
          Object o = it.next();
          return scalarRows ? new Object[] {o} : (Object[]) o;
        }
      };
    };
    checkWritable(root, spec.operation());
    TableWriter w = new TableWriter(db, store(root), mapping);
    long n;
    switch (spec.operation()) {
      case INSERT:
        n = w.insert(rows, spec.upsert(), spec.targeted(), cancel);
        break;
      case UPDATE:
        n = w.update(rows, spec.updated(), cancel);
        break;
      case DELETE:
        n = w.delete(rows, cancel);
        break;
      default:
        throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, spec.operation() + " is not supported");
    }
    return Linq4j.singletonEnumerable(n);
  }

  /**
   * Refuses writes a connection with a {@code currentScn} makes (it sees the table as it was),
   * and UPDATE and DELETE of a table whose rows are versions ({@code READ_VERSIONS}).
   */
  private void checkWritable(DataContext root, org.apache.calcite.rel.core.TableModify.Operation op) {
    CellarSession session = CellarSession.of(root);
    if (session != null && session.currentScn() >= 0) {
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "cannot " + op + " table " + def.name()
          + ": the connection reads the data as of currentScn " + session.currentScn()
          + " and writes nothing; write through a connection without currentScn (a ROW_TIMESTAMP column sets the "
          + "time of a row's cells)");
    }
    if (def.readsVersions() && op != org.apache.calcite.rel.core.TableModify.Operation.INSERT) {
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "cannot " + op + " " + def.name()
          + ": its rows are versions (READ_VERSIONS); update or delete through a mapping of store table "
          + def.storageName() + " that reads the latest version");
    }
  }

  /** The statement's cancel flag and deadline, from its data context. */
  static Cancellation cancellation(DataContext root) {
    AtomicBoolean flag = (AtomicBoolean) root.get(DataContext.Variable.CANCEL_FLAG.camelName);
    Object timeout = root.get(DataContext.Variable.TIMEOUT.camelName);
    Object start = root.get(DataContext.Variable.UTC_TIMESTAMP.camelName);
    if (timeout instanceof Long t && t > 0) {
      long from = start instanceof Long s ? s : System.currentTimeMillis();
      return new Cancellation(flag, from + t, t);
    }
    return flag == null ? Cancellation.NONE : new Cancellation(flag, Long.MAX_VALUE, 0);
  }

  /** The fields of every column, in order. */
  int[] allFields() {
    int[] f = new int[def.columns().size()];
    for (int i = 0; i < f.length; i++) {
      f[i] = i;
    }
    return f;
  }

  @Override
  public String toString() {
    return "CellarTable{" + def.name() + "}";
  }

  static List<String> names(List<ColumnDef> cols) {
    List<String> out = new ArrayList<>();
    cols.forEach(c -> out.add(c.name()));
    return out;
  }
}
