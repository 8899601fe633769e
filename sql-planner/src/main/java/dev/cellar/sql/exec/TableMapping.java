package dev.cellar.sql.exec;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.codec.KeyType;
import dev.cellar.sql.codec.RowKeyCodec;
import dev.cellar.sql.codec.ValueFormat;
import dev.cellar.sql.database.RowIds;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.Query;
import dev.cellar.storage.Result;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * How the rows of one relational table map onto cells: key columns are encoded into the rowkey
 * by a {@link RowKeyCodec}, every other column is the cell {@code family:COLUMN_NAME} encoded by
 * {@link dev.cellar.sql.codec.ValueCodec}, and every row carries a marker cell ({@link TableDef#MARKER_QUALIFIER})
 * so that it exists even when all its other columns are NULL. A table without a primary key has
 * a generated 8-byte rowkey ({@link RowIds}).
 *
 * <p>A mapped table ({@link TableDef#isMapped()}) reads a store table written elsewhere as it
 * is: its key fields and values are encoded as its {@link TableDef.Mapping} and column formats say
 * ({@code sql-planner/docs/mapping.md}), it has no marker cell, and its rows are the store's rows
 * with a cell in one of its families (any row, when it has no non-key column). Bytes that are not
 * a value of their column are an error of SQLState class 22 naming the table, the column and the
 * row, or, for a cell of a table mapped with {@code BAD_VALUES='NULL'}, a NULL.
 *
 * <p>Immutable and thread-safe.
 */
public final class TableMapping {
  /** Qualifier of the marker cell. */
  static final byte[] MARKER = Bytes.toBytes(TableDef.MARKER_QUALIFIER);
  static final byte[] MARKER_VALUE = Bytes.EMPTY;

  final TableDef def;
  final RowKeyCodec keyCodec;
  final int[] keyFields;
  final KeyType[] types;
  final int[] valueFields;
  final byte[][] valueFamily;
  final byte[][] valueQualifier;
  final byte[][] fieldFamily;
  final byte[][] fieldQualifier;
  final byte[] markerFamily;
  final byte[][] families;
  final ValueFormat[] formats;
  final boolean badValuesAsNull;
  /** Per field, the index in {@link #families} of its family (0 for a key field). */
  final int[] familyIndex;
  /** Per family, the number of value columns it holds. */
  final int[] familyColumns;
  /** For a table with a dynamic family, the fields of each cell's qualifier and value, else -1. */
  final int qualifierField;
  final int cellValueField;
  /** The {@code ROW_TIMESTAMP} column's field, or -1. */
  final int rowTimestampField;
  /** What the columns' types let them hold. */
  final ValueLimits limits;
  /** Per field, whether it is a key column. */
  final boolean[] keyField;
  /** The fields of {@code MAP} columns, each a whole family ({@link #isMap(int)}). */
  final int[] mapFields;

  public TableMapping(TableDef def) {
    this(def, java.util.Map.of());
  }

  /**
   * The mapping of {@code def}, in which the columns {@code qualifiers} names are the cells
   * {@code family:qualifiers.get(name)} rather than {@code family:name} (columns a query declares
   * as {@code family.qualifier}).
   */
  public TableMapping(TableDef def, java.util.Map<String, String> qualifiers) {
    this(def, qualifiers, -1);
  }

  /**
   * This mapping reading {@code versions} versions of each cell, each version a SQL row (as a
   * mapping with {@code READ_VERSIONS} does), whatever its table says: a query's
   * {@code VERSIONS} hint.
   */
  public TableMapping withReadVersions(int versions) {
    return new TableMapping(def, qualifiers, versions, familiesWhole);
  }

  /**
   * This mapping asking a store for the columns a query needs and no others, small families
   * included ({@link #addColumns}): for a store that sends every cell it reads to the client
   * ({@link dev.cellar.storage.CellarStore#readsSmallFamiliesWhole()} false).
   */
  public TableMapping readingNamedColumns() {
    return familiesWhole ? new TableMapping(def, qualifiers, readVersions, false) : this;
  }

  /** This mapping as queries over {@code store} read it best. */
  public TableMapping forStore(dev.cellar.storage.CellarStore store) {
    return store.readsSmallFamiliesWhole() ? this : readingNamedColumns();
  }

  final java.util.Map<String, String> qualifiers;
  /** Whether small families are read whole ({@link #addColumns}). */
  private final boolean familiesWhole;

  private TableMapping(TableDef def, java.util.Map<String, String> qualifiers, int versions) {
    this(def, qualifiers, versions, true);
  }

  private TableMapping(TableDef def, java.util.Map<String, String> qualifiers, int versions, boolean familiesWhole) {
    this.def = def;
    this.familiesWhole = familiesWhole;
    this.qualifiers = qualifiers;
    List<ColumnDef> cols = def.columns();
    int n = cols.size();
    this.types = new KeyType[n];
    this.formats = new ValueFormat[n];
    this.fieldFamily = new byte[n][];
    this.fieldQualifier = new byte[n][];
    List<Integer> values = new ArrayList<>();
    List<Integer> maps = new ArrayList<>();
    this.keyField = new boolean[n];
    int ts = -1;
    for (int i = 0; i < n; i++) {
      ColumnDef c = cols.get(i);
      types[i] = c.isMap() ? c.type().mapValue().type() : c.type().type();
      formats[i] = c.format() != null ? c.format() : def.isMapped() ? def.mapping().valueFormat() : ValueFormat.BYTES;
      keyField[i] = c.isKey();
      ts = c.rowTimestamp() ? i : ts;
      if (c.isMap()) {
        fieldFamily[i] = Bytes.toBytes(c.family());
        maps.add(i);
      } else if (c.isCell()) {
        fieldFamily[i] = Bytes.toBytes(c.family());
        fieldQualifier[i] = Bytes.toBytes(qualifiers.getOrDefault(c.name(), c.qualifier()));
        values.add(i);
      }
    }
    this.mapFields = maps.stream().mapToInt(Integer::intValue).toArray();
    List<ColumnDef> keys = def.keyColumns();
    this.keyFields = new int[keys.size()];
    for (int k = 0; k < keys.size(); k++) {
      keyFields[k] = def.columnIndex(keys.get(k).name());
    }
    this.keyCodec = def.keyCodec();
    values.sort(Comparator.<Integer, byte[]>comparing(i -> fieldFamily[i], Bytes::compare)
        .thenComparing(i -> fieldQualifier[i], Bytes::compare));
    this.valueFields = values.stream().mapToInt(Integer::intValue).toArray();
    this.valueFamily = new byte[valueFields.length][];
    this.valueQualifier = new byte[valueFields.length][];
    for (int j = 0; j < valueFields.length; j++) {
      valueFamily[j] = fieldFamily[valueFields[j]];
      valueQualifier[j] = fieldQualifier[valueFields[j]];
    }
    this.markerFamily = Bytes.toBytes(def.markerFamily());
    if (def.isMapped()) {
      this.families = def.columns().stream().filter(ColumnDef::isCell).map(ColumnDef::family).distinct()
          .map(Bytes::toBytes).toArray(byte[][]::new);
    } else {
      this.families = def.families().stream().map(Bytes::toBytes).toArray(byte[][]::new);
    }
    this.badValuesAsNull = def.isMapped() && def.mapping().badValuesAsNull();
    this.familyIndex = new int[n];
    this.familyColumns = new int[families.length];
    for (int i = 0; i < n; i++) {
      if (fieldFamily[i] != null) {
        for (int j = 0; j < families.length; j++) {
          if (Arrays.equals(families[j], fieldFamily[i])) {
            familyIndex[i] = j;
            familyColumns[j]++;
          }
        }
      }
    }
    int q = -1;
    int v = -1;
    if (def.isDynamic()) {
      q = def.columnIndex(def.mapping().qualifierColumn());
      for (int i = 0; i < n; i++) {
        v = i != q && cols.get(i).isCell() ? i : v;
      }
    }
    this.qualifierField = q;
    this.cellValueField = v;
    this.rowTimestampField = ts;
    this.limits = ValueLimits.of(def);
    this.readVersions = versions > 0 ? versions : def.isMapped() ? def.mapping().readVersions() : 1;
    this.codec = new RowCodec(this);
  }

  /** Encodes and decodes rows as this mapping lays them out. */
  private final RowCodec codec;

  /** Field {@code f}'s value from its cell's bytes, in the row of key {@code rowKey} (for messages). */
  Object readValue(byte[] rowKey, int f, byte[] bytes) {
    return codec.readValue(rowKey, f, bytes);
  }

  /** How many versions of each cell a read returns: above 1, each version is a SQL row. */
  final int readVersions;

  /** Versions of each cell a read asks the store for ({@link TableDef.Mapping#readVersions()}). */
  public int readVersions() {
    return readVersions;
  }

  /**
   * What the columns' types let them hold: every row a statement writes goes through it before
   * it is encoded ({@link TableWriter}), and so does every value of a MAP column.
   */
  ValueLimits limits() {
    return limits;
  }

  /** The field of the {@code ROW_TIMESTAMP} column, or -1. */
  int rowTimestampField() {
    return rowTimestampField;
  }

  /**
   * The timestamp the cells of {@code row} are written at: its {@code ROW_TIMESTAMP} value when
   * the table has one and it is not NULL, else {@code statementTs}.
   *
   * @throws CellarSqlException 22003 for a negative timestamp
   */
  long cellTimestamp(Object[] row, long statementTs) {
    if (rowTimestampField < 0 || row[rowTimestampField] == null) {
      return statementTs;
    }
    Object v = RuntimeValues.toStorage(types[rowTimestampField], row[rowTimestampField]);
    long ts = v instanceof java.util.Date d ? d.getTime() : ((Number) v).longValue();
    if (ts < 0 || ts == Long.MAX_VALUE) {
      throw new CellarSqlException(SqlState.NUMERIC_OUT_OF_RANGE, "row timestamp " + row[rowTimestampField]
          + " in column " + def.columns().get(rowTimestampField).name() + " of table " + def.name()
          + " is not a cell timestamp: it must be from 0 (1970-01-01 00:00:00 UTC) up to " + (Long.MAX_VALUE - 1));
    }
    return ts;
  }

  /**
   * The versions of a row read with several versions of each cell ({@link #readVersions()}),
   * newest first: one for each distinct timestamp of its cells, holding each column's newest
   * cell at or before that timestamp — the row as it was then; no more than
   * {@link #readVersions()} of them (the newest n writes of the row, whose cells the newest n
   * versions of each cell hold).
   */
  public List<Result> versions(Result r) {
    return codec.versions(r);
  }

  /**
   * Whether each row is one cell of a family ({@code DYNAMIC_FAMILY}): the rowkey holds the key
   * columns, the cell's qualifier the {@link #qualifierField()} and its value the
   * {@link #cellValueField()}.
   */
  public boolean isDynamic() {
    return qualifierField >= 0;
  }

  /** The field of a dynamic-family cell's qualifier, or -1. */
  public int qualifierField() {
    return qualifierField;
  }

  /** The field of a dynamic-family cell's value, or -1. */
  int cellValueField() {
    return cellValueField;
  }

  /** The qualifier of the cell that holds a row of a dynamic-family table. */
  byte[] cellQualifier(Object[] row) {
    return codec.cellQualifier(row);
  }

  /**
   * Decodes the row of a dynamic-family table that cell {@code c} of result {@code r} holds, as
   * {@link #decodeInto(Result, Object[], boolean[])} does for a whole row.
   */
  public void decodeCellInto(Result r, Cell c, Object[] row, boolean[] wanted) {
    codec.decodeCellInto(r, c, row, wanted);
  }

  /**
   * Asks {@code query} for the cells that {@code fields} need (null: every column). A family is
   * read whole when the query needs any of its columns and it is narrow ({@value #NARROW_FAMILY}
   * columns or fewer) or the query needs at least half of them, as seeking to each named column
   * costs more than reading past the others; otherwise only the needed columns are read, plus
   * the marker cell that every row has (so that a row whose needed cells are all NULL is still
   * seen). A mapped table has no marker cell, so its query reads whole families lest a row whose
   * named cells are all absent go missing. A mapping {@link #readingNamedColumns() reading named
   * columns} reads a family whole only when the query needs all its columns.
   */
  public void addColumns(Query<?> query, int[] fields) {
    if (readVersions > 1) {
      query.readVersions(readVersions);
    }
    if (fields == null || isMapped() || wantsRowTimestamp(fields)) {
      for (byte[] f : families) {
        query.addFamily(f);
      }
      return;
    }
    int[] needed = new int[families.length];
    for (int f : fields) {
      if (fieldFamily[f] != null) {
        needed[familyIndex[f]]++;
      }
    }
    boolean markerRead = false;
    for (int i = 0; i < families.length; i++) {
      boolean marker = Arrays.equals(families[i], markerFamily);
      if (needed[i] > 0 && wholeFamily(i, needed[i])) {
        query.addFamily(families[i]);
        markerRead |= marker;
      }
    }
    for (int f : fields) {
      if (fieldQualifier[f] != null && !wholeFamily(familyIndex[f], needed[familyIndex[f]])) {
        query.addColumn(fieldFamily[f], fieldQualifier[f]);
      }
    }
    if (!markerRead) {
      int m = -1;
      for (int i = 0; i < families.length; i++) {
        m = Arrays.equals(families[i], markerFamily) ? i : m;
      }
      // a narrow family is read whole rather than seeking to its marker cell in every row
      if (m >= 0 && familiesWhole && familyColumns[m] <= NARROW_FAMILY && needed[m] == 0) {
        query.addFamily(markerFamily);
      } else {
        query.addColumn(markerFamily, MARKER);
      }
    }
  }

  private boolean wantsRowTimestamp(int[] fields) {
    for (int f : fields) {
      if (f == rowTimestampField) {
        return true;
      }
    }
    return false;
  }



  /** Columns in a family up to which reading it whole beats seeking to some of them. */
  private static final int NARROW_FAMILY = 4;

  /** Whether family {@code i} is read whole when {@code needed} of its columns are. */
  private boolean wholeFamily(int i, int needed) {
    if (!familiesWhole) {
      return needed >= familyColumns[i];
    }
    return familyColumns[i] <= NARROW_FAMILY || 2 * needed >= familyColumns[i];
  }

  /**
   * {@code info.name}: where field {@code f}'s value lives ({@code item.*} for a MAP column), or
   * null for a key column.
   */
  public String cellName(int f) {
    return fieldFamily[f] == null ? null : Bytes.toString(fieldFamily[f]) + "."
        + (fieldQualifier[f] == null ? "*" : Bytes.toString(fieldQualifier[f]));
  }

  /** Whether the table maps a store table written elsewhere: no marker cell, its own encodings. */
  public boolean isMapped() {
    return def.isMapped();
  }

  public TableDef def() {
    return def;
  }

  /** Number of columns. */
  public int fieldCount() {
    return types.length;
  }

  /** The storage type of column {@code i}. */
  public KeyType type(int field) {
    return types[field];
  }

  /** The rowkey codec, or {@code null} for a table with a hidden key. */
  public RowKeyCodec keyCodec() {
    return keyCodec;
  }

  /** Field indexes of the key columns, in key order. */
  public int[] keyFields() {
    return keyFields.clone();
  }

  /** Whether field {@code i} is part of the rowkey. */
  public boolean isKey(int field) {
    return keyField[field];
  }

  /**
   * Whether field {@code i} is a cell {@code family:qualifier} (not a key column, not the row
   * timestamp, not a MAP).
   */
  public boolean isCell(int field) {
    return fieldQualifier[field] != null;
  }

  /** Whether field {@code i} is a {@code MAP} column: every cell of {@link #family(int)}, each an entry. */
  public boolean isMap(int field) {
    return fieldFamily[field] != null && fieldQualifier[field] == null;
  }

  /** Whether the table has {@code MAP} columns. */
  boolean hasMaps() {
    return mapFields.length > 0;
  }

  public byte[] family(int field) {
    return fieldFamily[field];
  }

  public byte[] qualifier(int field) {
    return fieldQualifier[field];
  }

  byte[] markerFamily() {
    return markerFamily;
  }

  /**
   * Every family the table's cells live in: what scans and gets read. Empty for a mapped table
   * without non-key columns, whose rows are read whole.
   */
  public byte[][] families() {
    return families.clone();
  }

  /** The rowkey of a row of runtime values (not for a hidden-key table). */
  byte[] key(Object[] row) {
    return codec.key(row);
  }

  /**
   * The bytes every rowkey starts with whose first {@code count} key columns have the values
   * {@code row} holds in their fields (unsalted).
   */
  byte[] keyPrefix(Object[] row, int count) {
    return codec.keyPrefix(row, count);
  }

  /**
   * The rowkey whose first {@code count} key columns hold {@code row}'s values (NOT NULL ones
   * checked as {@link #key} checks them) and whose other key columns are encoded in {@code tail}
   * from {@code from} on.
   */
  byte[] keyWithTail(Object[] row, int count, byte[] tail, int from) {
    return codec.keyWithTail(row, count, tail, from);
  }

  /** The encoded value of field {@code i}, or {@code null} for NULL. */
  public byte[] encodeValue(int field, Object v) {
    return codec.encodeValue(field, v);
  }


  /** The marker cell's value. */
  byte[] markerValue() {
    return MARKER_VALUE;
  }

  /**
   * Decodes a row: key columns from the rowkey, the others from their cells (NULL when absent).
   * Values are as Calcite's runtime holds them.
   */
  public Object[] decode(Result r) {
    return codec.decode(r);
  }

  /** As {@link #decode}, into {@code row}. */
  void decodeInto(Result r, Object[] row) {
    codec.decodeInto(r, row);
  }

  /**
   * As {@link #decodeInto(Result, Object[])}, decoding only the fields {@code wanted} marks (all
   * if null): the rowkey is not decoded when no key field is wanted, nor a cell whose field is
   * not. Unwanted fields are left as they are.
   */
  public void decodeInto(Result r, Object[] row, boolean[] wanted) {
    codec.decodeInto(r, row, wanted);
  }


  /**
   * The cells of MAP field {@code f}'s value {@code map}: qualifiers (the keys' UTF-8) to encoded
   * values. A NULL value has no cell.
   *
   * @throws CellarSqlException 22004 for a NULL key, 22001 or 22003 for a value past its type's
   *     limit ({@link ValueLimits}), 22000 for a value that cannot be stored
   */
  java.util.SortedMap<byte[], byte[]> encodeMap(int f, Object map) {
    return codec.encodeMap(f, map);
  }







  /** {@code (ID, NAME)=(1, x)}: how messages name a row's key. */
  String describeKey(Object[] row) {
    return codec.describeKey(row);
  }
}
