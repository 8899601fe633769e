package dev.cellar.jdbc;

import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.parser.CellarParser;
import dev.cellar.sql.rel.CellarTable;
import dev.cellar.sql.rel.ParameterSets;
import dev.cellar.sql.schema.CellarSchema;
import java.lang.reflect.Field;
import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.calcite.avatica.AvaticaUtils;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.remote.TypedValue;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.jdbc.CalciteMetaAccess;
import org.apache.calcite.jdbc.CalciteMetaColumnFactory;
import org.apache.calcite.jdbc.CalciteMetaImpl;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.schema.SchemaPlus;

/**
 * Cellar's {@code Meta}: Calcite's, with every failure given a SQLState
 * ({@link JdbcErrors}), writes run eagerly so that their errors surface from
 * {@code execute}, and the metadata Calcite cannot know — primary keys, index info, the
 * types a table may use — answered from the catalog.
 */
final class CellarMeta extends CalciteMetaAccess {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(CellarMeta.class);

  CellarMeta(CalciteConnection connection) {
    super(connection, ColumnRows.INSTANCE);
  }

  // ---- statements: translate errors ---------------------------------------------------------

  /** A null statement text is the user's syntax error, not an assertion of Calcite's. */
  private static void requireSql(String sql) {
    if (sql == null) {
      throw JdbcErrors.toClient(new dev.cellar.sql.CellarSqlException(dev.cellar.sql.SqlState.SYNTAX_ERROR,
          "Syntax error: no SQL statement (null)"));
    }
  }

  @Override
  public StatementHandle prepare(ConnectionHandle ch, String sql, long maxRowCount) {
    requireSql(sql);
    try {
      return super.prepare(ch, sql, maxRowCount);
    } catch (RuntimeException | AssertionError | StackOverflowError | LinkageError e) {
      throw JdbcErrors.toClient(e);
    }
  }

  @Override
  @SuppressWarnings("deprecation")
  public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount, PrepareCallback callback)
      throws NoSuchStatementException {
    return prepareAndExecute(h, sql, maxRowCount, -1, callback);
  }

  @Override
  public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount, int maxRowsInFirstFrame,
      PrepareCallback callback) throws NoSuchStatementException {
    requireSql(sql);
    clearCancel(h);
    try {
      return dev.cellar.sql.prepare.PlanningStop.within(queryTimeoutMs(h), cancelFlag(h), () -> {
        try {
          return super.prepareAndExecute(h, sql, maxRowCount, maxRowsInFirstFrame,
              new PlainStatementCallback(callback));
        } catch (NoSuchStatementException e) {
          throw new MissingStatement(e);
        }
      });
    } catch (MissingStatement e) {
      throw e.missing;
    } catch (RuntimeException | AssertionError | StackOverflowError | LinkageError e) {
      throw JdbcErrors.toClient(e);
    }
  }

  /** A statement handle that names no statement, carried out of a lambda. */
  private static final class MissingStatement extends RuntimeException {
    final NoSuchStatementException missing;

    MissingStatement(NoSuchStatementException missing) {
      super(missing);
      this.missing = missing;
    }
  }

  /** The query timeout of statement {@code h} in milliseconds; 0 for none. */
  private long queryTimeoutMs(StatementHandle h) {
    org.apache.calcite.avatica.AvaticaStatement statement = statement(h);
    try {
      return statement == null ? 0 : statement.getQueryTimeout() * 1000L;
    } catch (java.sql.SQLException e) {
      return 0;
    }
  }

  /**
   * Runs the statements one by one; the first that fails ends the batch with a
   * {@link BatchFailure} holding the update counts of those before it.
   */
  @Override
  public ExecuteBatchResult prepareAndExecuteBatch(StatementHandle h, List<String> sqlCommands)
      throws NoSuchStatementException {
    long[] counts = new long[sqlCommands.size()];
    for (int i = 0; i < counts.length; i++) {
      try {
        counts[i] = super.prepareAndExecuteBatch(h, List.of(sqlCommands.get(i))).updateCounts[0];
      } catch (RuntimeException | AssertionError | StackOverflowError | LinkageError e) {
        throw new BatchFailure(i, counts.length, Arrays.copyOf(counts, i), JdbcErrors.toClient(e));
      }
    }
    return new ExecuteBatchResult(counts);
  }

  /**
   * Parameters a statement made of a batch's sets may take: larger batches are written as
   * several such statements, one after the other, so that a batch of millions of rows does not
   * become one statement holding all its rows at once.
   */
  static final int PARAMETERS_PER_STATEMENT = 20_000;

  /**
   * As {@link #prepareAndExecuteBatch}: one parameter set at a time, stopping at the first
   * failure; but an INSERT or UPSERT of rows of parameters writes the rows of its sets as one
   * statement ({@link dev.cellar.sql.rel.DirectInsert}; up to {@link #PARAMETERS_PER_STATEMENT}
   * parameters a statement), which fails as a whole before writing anything if any of its sets
   * would fail: those sets then run one at a time, to stop at that one.
   */
  @Override
  public ExecuteBatchResult executeBatch(StatementHandle h, List<List<TypedValue>> parameterValueLists)
      throws NoSuchStatementException {
    int n = parameterValueLists.size();
    long[] counts = new long[n];
    boolean together = n > 1;
    int i = 0;
    while (i < n) {
      int end = together ? together(parameterValueLists, i) : i + 1;
      ParameterSets sets = end - i > 1 ? sets(h, parameterValueLists.subList(i, end)) : null;
      if (sets == null) {
        // not an update, a set with an unbound parameter, or one set left: one at a time from here
        together = false;
        counts[i] = one(h, parameterValueLists, i, counts);
        i++;
        continue;
      }
      clearCancel(h);
      try {
        long count = executeUpdate(h, sets);
        if (sets.counts() != null) {
          System.arraycopy(sets.counts(), 0, counts, i, end - i);
          i = end;
        } else {
          // the statement ran the first set only: it runs one set at a time
          counts[i++] = count;
          together = false;
        }
      } catch (RuntimeException | AssertionError | StackOverflowError | LinkageError e) {
        dev.cellar.sql.SqlState state = JdbcErrors.translate(e).state();
        if (!sets.attempted() || state == dev.cellar.sql.SqlState.CANCELLED || state == dev.cellar.sql.SqlState.TIMEOUT) {
          throw new BatchFailure(i, n, Arrays.copyOf(counts, i), JdbcErrors.toClient(e));
        }
        LOG.debug("{} parameter sets failed as one statement ({}); running them one at a time", end - i, e.toString());
        for (; i < end; i++) {
          counts[i] = one(h, parameterValueLists, i, counts);
        }
      }
    }
    return new ExecuteBatchResult(counts);
  }

  /** The end of the sets from {@code from} that one statement takes: 2 at least, then up to the parameter budget. */
  private static int together(List<List<TypedValue>> lists, int from) {
    int end = from;
    int parameters = 0;
    while (end < lists.size() && (end - from < 2 || parameters + lists.get(end).size() <= PARAMETERS_PER_STATEMENT)) {
      parameters += lists.get(end).size();
      end++;
    }
    return end;
  }

  /** Runs set {@code i} alone; its update count, or a {@link BatchFailure} with the counts before it. */
  private long one(StatementHandle h, List<List<TypedValue>> lists, int i, long[] counts)
      throws NoSuchStatementException {
    try {
      return super.executeBatch(h, List.of(lists.get(i))).updateCounts[0];
    } catch (RuntimeException | AssertionError | StackOverflowError | LinkageError e) {
      throw new BatchFailure(i, counts.length, Arrays.copyOf(counts, i), JdbcErrors.toClient(e));
    }
  }

  /**
   * The parameter sets of update statement {@code h} (one, or a batch's) in Calcite's
   * representation (as its execution puts them in the data context), or null if it is not an
   * update or a set leaves a parameter unbound (Calcite's own execution then refuses it).
   */
  private ParameterSets sets(StatementHandle h, List<List<TypedValue>> lists) throws NoSuchStatementException {
    Signature signature = signature(h);
    if (signature == null || signature.statementType == null || !signature.statementType.canUpdate()) {
      return null;
    }
    List<Object[]> sets = new ArrayList<>(lists.size());
    for (List<TypedValue> list : lists) {
      Object[] set = new Object[list.size()];
      for (int i = 0; i < set.length; i++) {
        TypedValue v = list.get(i);
        if (v == null) {
          return null;
        }
        set[i] = v.toLocal();
      }
      sets.add(set);
    }
    return new ParameterSets(sets);
  }

  /**
   * A batch that stopped at a failing statement; the statements before it stay written (each
   * committed when it ran). {@link CellarConnection} reports it as a
   * {@code BatchUpdateException}.
   */
  static final class BatchFailure extends RuntimeException {
    final long[] updateCounts;
    final RuntimeException failure;

    BatchFailure(int failed, int size, long[] updateCounts, RuntimeException failure) {
      super("statement " + (failed + 1) + " of a batch of " + size + " failed: " + failure.getMessage(), failure);
      this.updateCounts = updateCounts;
      this.failure = failure;
    }
  }

  @Override
  @SuppressWarnings("deprecation")
  public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, long maxRowCount)
      throws NoSuchStatementException {
    return execute(h, parameterValues, (int) Math.min(Integer.MAX_VALUE, maxRowCount));
  }

  @Override
  public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, int maxRowsInFirstFrame)
      throws NoSuchStatementException {
    clearCancel(h);
    try {
      // an update with parameters reads them from its one set, not from a map Calcite fills per execution
      ParameterSets set = parameterValues == null || parameterValues.isEmpty() ? null
          : sets(h, List.of(parameterValues));
      if (set != null) {
        long count = executeUpdate(h, set);
        return new ExecuteResult(List.of(MetaResultSet.count(h.connectionId, h.id, count)));
      }
      return super.execute(h, parameterValues, maxRowsInFirstFrame);
    } catch (RuntimeException | AssertionError | StackOverflowError | LinkageError e) {
      throw JdbcErrors.toClient(e);
    }
  }

  @Override
  public Frame fetch(StatementHandle h, long offset, int fetchMaxRowCount)
      throws NoSuchStatementException {
    try {
      return super.fetch(h, offset, fetchMaxRowCount);
    } catch (RuntimeException | AssertionError | StackOverflowError | LinkageError e) {
      throw JdbcErrors.toClient(e);
    }
  }

  @Override
  public Iterable<Object> createIterable(StatementHandle handle, QueryState state, Signature signature,
      List<TypedValue> parameterValues, Frame firstFrame) {
    try {
      Iterable<Object> it = super.createIterable(handle, state, signature, parameterValues, firstFrame);
      if (signature.statementType != null && signature.statementType.canUpdate()) {
        List<Object> rows = new ArrayList<>();
        for (Iterator<Object> i = it.iterator(); i.hasNext();) {
          rows.add(i.next());
        }
        return rows;
      }
      return it;
    } catch (RuntimeException | AssertionError | StackOverflowError | LinkageError e) {
      throw JdbcErrors.toClient(e);
    }
  }

  // ---- metadata from the catalog --------------------------------------------------------------

  /** Calcite's database properties, with the keywords of Cellar's parser ({@code getSQLKeywords}). */
  @Override
  public Map<DatabaseProperty, Object> getDatabaseProperties(ConnectionHandle ch) {
    Map<DatabaseProperty, Object> map = new EnumMap<>(DatabaseProperty.class);
    map.putAll(super.getDatabaseProperties(ch));
    map.put(DatabaseProperty.GET_S_Q_L_KEYWORDS, CellarParser.jdbcKeywords());
    return map;
  }

  /** A row of {@code getPrimaryKeys}. */
  public static final class PrimaryKeyRow {
    public final String tableCat;
    public final String tableSchem;
    public final String tableName;
    public final String columnName;
    public final short keySeq;
    public final String pkName;

    PrimaryKeyRow(String tableSchem, String tableName, String columnName, short keySeq, String pkName) {
      this.tableCat = null;
      this.tableSchem = tableSchem;
      this.tableName = tableName;
      this.columnName = columnName;
      this.keySeq = keySeq;
      this.pkName = pkName;
    }
  }

  /** A row of {@code getIndexInfo}. */
  public static final class IndexInfoRow {
    public final String tableCat;
    public final String tableSchem;
    public final String tableName;
    public final boolean nonUnique;
    public final String indexQualifier;
    public final String indexName;
    public final short type;
    public final short ordinalPosition;
    public final String columnName;
    public final String ascOrDesc;
    public final long cardinality;
    public final long pages;
    public final String filterCondition;

    IndexInfoRow(String tableSchem, String tableName, String indexName, short ordinalPosition, String columnName,
        String ascOrDesc) {
      this(tableSchem, tableName, false, indexName, ordinalPosition, columnName, ascOrDesc);
    }

    IndexInfoRow(String tableSchem, String tableName, boolean nonUnique, String indexName, short ordinalPosition,
        String columnName, String ascOrDesc) {
      this.tableCat = null;
      this.tableSchem = tableSchem;
      this.tableName = tableName;
      this.nonUnique = nonUnique;
      this.indexQualifier = null;
      this.indexName = indexName;
      this.type = DatabaseMetaData.tableIndexOther;
      this.ordinalPosition = ordinalPosition;
      this.columnName = columnName;
      this.ascOrDesc = ascOrDesc;
      this.cardinality = -1;
      this.pages = -1;
      this.filterCondition = null;
    }
  }

  /** A row of {@code getTypeInfo}. */
  public static final class TypeInfoRow {
    public final String typeName;
    public final int dataType;
    public final Integer precision;
    public final String literalPrefix;
    public final String literalSuffix;
    public final String createParams;
    public final short nullable = (short) DatabaseMetaData.typeNullable;
    public final boolean caseSensitive;
    public final short searchable = (short) DatabaseMetaData.typeSearchable;
    public final boolean unsignedAttribute = false;
    public final boolean fixedPrecScale = false;
    public final boolean autoIncrement = false;
    public final String localTypeName;
    public final Short minimumScale;
    public final Short maximumScale;
    public final Integer sqlDataType = null;
    public final Integer sqlDatetimeSub = null;
    public final Integer numPrecRadix;

    TypeInfoRow(String typeName, int dataType, int precision, String quote, String createParams, int maxScale,
        boolean numeric) {
      this.typeName = typeName;
      this.dataType = dataType;
      this.precision = precision;
      this.literalPrefix = quote;
      this.literalSuffix = quote == null ? null : "'";
      this.createParams = createParams;
      this.caseSensitive = dataType == Types.CHAR || dataType == Types.VARCHAR;
      this.localTypeName = typeName;
      this.minimumScale = (short) 0;
      this.maximumScale = (short) maxScale;
      this.numPrecRadix = numeric ? 10 : null;
    }
  }

  @Override
  public MetaResultSet getPrimaryKeys(ConnectionHandle ch, String catalog, String schema, String table) {
    CellarDatabase db = database();
    List<PrimaryKeyRow> rows = db == null ? List.of() : KeyMetadata.primaryKeys(db, schema, table);
    return rows(PrimaryKeyRow.class, List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "KEY_SEQ",
        "PK_NAME"), rows);
  }

  @Override
  public MetaResultSet getIndexInfo(ConnectionHandle ch, String catalog, String schema, String table, boolean unique,
      boolean approximate) {
    CellarDatabase db = database();
    List<IndexInfoRow> rows = db == null ? List.of() : KeyMetadata.indexInfo(db, schema, table, unique);
    return rows(IndexInfoRow.class, List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "NON_UNIQUE", "INDEX_QUALIFIER",
        "INDEX_NAME", "TYPE", "ORDINAL_POSITION", "COLUMN_NAME", "ASC_OR_DESC", "CARDINALITY", "PAGES",
        "FILTER_CONDITION"), rows);
  }

  @Override
  public MetaResultSet getTypeInfo(ConnectionHandle ch) {
    List<TypeInfoRow> rows = new ArrayList<>();
    rows.add(new TypeInfoRow("BOOLEAN", Types.BOOLEAN, 1, null, null, 0, false));
    rows.add(new TypeInfoRow("TINYINT", Types.TINYINT, 3, null, null, 0, true));
    rows.add(new TypeInfoRow("SMALLINT", Types.SMALLINT, 5, null, null, 0, true));
    rows.add(new TypeInfoRow("INTEGER", Types.INTEGER, 10, null, null, 0, true));
    rows.add(new TypeInfoRow("BIGINT", Types.BIGINT, 19, null, null, 0, true));
    rows.add(new TypeInfoRow("DECIMAL", Types.DECIMAL, 38, null, "PRECISION,SCALE", 38, true));
    rows.add(new TypeInfoRow("REAL", Types.REAL, 7, null, null, 0, true));
    rows.add(new TypeInfoRow("DOUBLE", Types.DOUBLE, 15, null, null, 0, true));
    rows.add(new TypeInfoRow("CHAR", Types.CHAR, 32_767, "'", "LENGTH", 0, false));
    rows.add(new TypeInfoRow("VARCHAR", Types.VARCHAR, 65_536, "'", "LENGTH", 0, false));
    rows.add(new TypeInfoRow("BINARY", Types.BINARY, 32_767, "X'", "LENGTH", 0, false));
    rows.add(new TypeInfoRow("VARBINARY", Types.VARBINARY, 65_536, "X'", "LENGTH", 0, false));
    rows.add(new TypeInfoRow("DATE", Types.DATE, 10, "DATE '", null, 0, false));
    rows.add(new TypeInfoRow("TIME", Types.TIME, 12, "TIME '", "PRECISION", 3, false));
    rows.add(new TypeInfoRow("TIMESTAMP", Types.TIMESTAMP, 23, "TIMESTAMP '", "PRECISION", 3, false));
    rows.sort((a, b) -> Integer.compare(a.dataType, b.dataType));
    return rows(TypeInfoRow.class, List.of("TYPE_NAME", "DATA_TYPE", "PRECISION", "LITERAL_PREFIX", "LITERAL_SUFFIX",
        "CREATE_PARAMS", "NULLABLE", "CASE_SENSITIVE", "SEARCHABLE", "UNSIGNED_ATTRIBUTE", "FIXED_PREC_SCALE",
        "AUTO_INCREMENT", "LOCAL_TYPE_NAME", "MINIMUM_SCALE", "MAXIMUM_SCALE", "SQL_DATA_TYPE", "SQL_DATETIME_SUB",
        "NUM_PREC_RADIX"), rows);
  }

  /**
   * The tables and views SQL can query, ordered as JDBC asks: by TABLE_TYPE, TABLE_CAT,
   * TABLE_SCHEM, TABLE_NAME.
   */
  @Override
  public MetaResultSet getTables(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern,
      List<String> typeList) {
    List<MetaTable> rows = new ArrayList<>();
    for (MetaTable t : matchingTables(catalog, schemaPattern, tableNamePattern)) {
      if (typeList == null || typeList.contains(t.tableType)) {
        rows.add(t);
      }
    }
    Comparator<String> text = Comparator.nullsFirst(Comparator.naturalOrder());
    rows.sort(Comparator.<MetaTable, String>comparing(t -> t.tableType, text).thenComparing(t -> t.tableCat, text)
        .thenComparing(t -> t.tableSchem, text).thenComparing(t -> t.tableName, text));
    return rows(MetaTable.class, CalciteMetaImpl.TABLE_COLUMNS, rows);
  }

  /**
   * The types getTables reports: the system tables of schema {@code CELLAR} ({@code INDEXES}),
   * tables and views. The store's own catalog table ({@code _cellar_catalog}) is no SQL table.
   */
  @Override
  public MetaResultSet getTableTypes(ConnectionHandle ch) {
    List<MetaTableType> rows = List.of(new MetaTableType("SYSTEM TABLE"), new MetaTableType("TABLE"),
        new MetaTableType("VIEW"));
    return rows(MetaTableType.class, List.of("TABLE_TYPE"), rows);
  }

  /**
   * A table's columns as {@code getColumns} lists them: Calcite's, with the plain type name
   * ({@code VARCHAR}, not {@code VARCHAR(8) CHARACTER SET "UTF-8" NOT NULL}) and JDBC's sizes
   * ({@link ColumnSizes}, the same as {@code ResultSetMetaData}'s). A view whose query fails
   * has none.
   */
  @Override
  public Enumerable<MetaColumn> columns(MetaTable table) {
    List<MetaColumn> columns;
    try {
      columns = super.columns(table).toList();
    } catch (RuntimeException e) {
      // a view whose query fails has no columns to list; the others are still listed
      return Linq4j.emptyEnumerable();
    }
    return Linq4j.asEnumerable(columns).select(c -> {
      int precision = c.columnSize == null ? -1 : c.columnSize;
      int scale = c.decimalDigits == null ? 0 : c.decimalDigits;
      return new ColumnRow(c.tableCat, c.tableSchem, c.tableName, c.columnName, c.dataType,
          plainTypeName(c.typeName), ColumnSizes.size(c.dataType, precision),
          ColumnSizes.digits(c.dataType, precision, scale), ColumnSizes.radix(c.dataType), c.nullable,
          ColumnSizes.octets(c.dataType, precision), c.ordinalPosition, c.isNullable,
          c instanceof ColumnRow r ? r.columnFamily : null);
    });
  }

  /**
   * A row of {@code getColumns}: JDBC's 24 columns, then {@code COLUMN_FAMILY}, the column
   * family holding the column's cells (as Phoenix's driver adds it); null for key columns, the
   * row timestamp and the columns of views over queries. {@code COLUMN_NAME} is the column's name
   * as declared: two columns of one name in different families ({@code a.v}, {@code b.v}, whose
   * SQL names are {@code A.V} and {@code B.V}) are both {@code V}, told apart by their families.
   */
  public static final class ColumnRow extends MetaColumn {
    public final String columnFamily;

    ColumnRow(String tableCat, String tableSchem, String tableName, String columnName, int dataType, String typeName,
        Integer columnSize, Integer decimalDigits, Integer numPrecRadix, int nullable, Integer charOctetLength,
        int ordinalPosition, String isNullable, String columnFamily) {
      super(tableCat, tableSchem, tableName, columnName, dataType, typeName, columnSize, decimalDigits, numPrecRadix,
          nullable, charOctetLength, ordinalPosition, isNullable, "NO", "NO");
      this.columnFamily = columnFamily;
    }
  }

  /** Makes Calcite list {@link ColumnRow}s: its columns, with the family of each from the catalog. */
  private static final class ColumnRows implements CalciteMetaColumnFactory {
    static final ColumnRows INSTANCE = new ColumnRows();
    private static final List<String> NAMES;

    static {
      List<String> names = new ArrayList<>(CalciteMetaImpl.COLUMN_COLUMNS);
      names.add("COLUMN_FAMILY");
      NAMES = List.copyOf(names);
    }

    @Override
    public MetaColumn createColumn(org.apache.calcite.schema.Table table, String tableCat, String tableSchem,
        String tableName, String columnName, int dataType, String typeName, Integer columnSize, Integer decimalDigits,
        int numPrecRadix, int nullable, Integer charOctetLength, int ordinalPosition, String isNullable) {
      String family = null;
      String name = columnName;
      if (table instanceof CellarTable t) {
        for (ColumnDef c : t.def().columns()) {
          if (c.name().equals(columnName)) {
            // as Phoenix lists them: a.v and b.v are V in family A and V in family B
            family = c.family();
            name = c.qualifier();
          }
        }
      }
      return new ColumnRow(tableCat, tableSchem, tableName, name, dataType, typeName, columnSize, decimalDigits,
          numPrecRadix, nullable, charOctetLength, ordinalPosition, isNullable, family);
    }

    @Override
    public List<String> getColumnNames() {
      return NAMES;
    }

    @Override
    public Class<? extends MetaColumn> getMetaColumnClass() {
      return ColumnRow.class;
    }
  }

  /**
   * {@code DECIMAL(7, 3) NOT NULL} is {@code DECIMAL}; {@code VARCHAR CHARACTER SET "UTF-8"} is
   * {@code VARCHAR}; {@code (VARCHAR, INTEGER) MAP} is {@code MAP}.
   */
  static String plainTypeName(String full) {
    String t = full;
    if (t.contains(") MAP")) {
      return "MAP";
    }
    for (String cut : new String[] {"(", " CHARACTER SET ", " COLLATE ", " NOT NULL"}) {
      int at = t.indexOf(cut);
      if (at >= 0) {
        t = t.substring(0, at);
      }
    }
    return t.trim();
  }

  /** The database behind this connection, or null if it has no Cellar schema. */
  private CellarDatabase database() {
    SchemaPlus s = calciteConnection().getRootSchema().getSubSchema(Catalog.DEFAULT_SCHEMA);
    CellarSchema cs = s == null ? null : s.unwrap(CellarSchema.class);
    return cs == null ? null : cs.session().database();
  }

  /** Generated rowkeys as a result set: one VARBINARY column {@code ROWKEY}, one row per key. */
  MetaResultSet generatedKeys(List<byte[]> keys) {
    ColumnMetaData rowkey = columnMetaData("ROWKEY", 0,
        ColumnMetaData.scalar(Types.VARBINARY, "VARBINARY", ColumnMetaData.Rep.BYTE_STRING), false);
    List<Object> rows = new ArrayList<>(keys.size());
    for (byte[] k : keys) {
      rows.add(new Object[] {new ByteString(k)});
    }
    return createResultSet(Map.of(), List.of(rowkey), CursorFactory.ARRAY, new Frame(0, true, rows));
  }

  private <E> MetaResultSet rows(Class<E> clazz, List<String> names, List<E> rows) {
    List<ColumnMetaData> columns = new ArrayList<>();
    List<Field> fields = new ArrayList<>();
    List<String> fieldNames = new ArrayList<>();
    for (String name : names) {
      String fieldName = AvaticaUtils.toCamelCase(name);
      Field f;
      try {
        f = clazz.getField(fieldName);
      } catch (NoSuchFieldException e) {
        throw new IllegalStateException("no field " + fieldName + " in " + clazz, e);
      }
      columns.add(columnMetaData(name, fields.size(), f.getType(), !f.getType().isPrimitive()));
      fields.add(f);
      fieldNames.add(fieldName);
    }
    @SuppressWarnings("unchecked")
    List<Object> objects = (List<Object>) (List<?>) Collections.unmodifiableList(rows);
    return createResultSet(Map.of(), columns, CursorFactory.record(clazz, fields, fieldNames),
        new Frame(0, true, objects));
  }
}
