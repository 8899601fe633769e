package dev.cellar.sql.exec;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.codec.CorruptKeyException;
import dev.cellar.sql.codec.KeyColumn;
import dev.cellar.sql.codec.KeyType;
import dev.cellar.sql.codec.RowKeyCodec;
import dev.cellar.sql.codec.ValueFormat;
import dev.cellar.sql.database.RowIds;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.Query;
import dev.cellar.storage.Result;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.format.DateTimeParseException;
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
  public static final byte[] MARKER = Bytes.toBytes(TableDef.MARKER_QUALIFIER);
  private static final byte[] MARKER_VALUE = Bytes.EMPTY;

  private final TableDef def;
  private final RowKeyCodec keyCodec;
  private final int[] keyFields;
  private final KeyType[] types;
  private final int[] valueFields;
  private final byte[][] valueFamily;
  private final byte[][] valueQualifier;
  private final byte[][] fieldFamily;
  private final byte[][] fieldQualifier;
  private final byte[] markerFamily;
  private final byte[][] families;
  private final ValueFormat[] formats;
  private final boolean badValuesAsNull;
  /** Per field, the index in {@link #families} of its family (0 for a key field). */
  private final int[] familyIndex;
  /** Per family, the number of value columns it holds. */
  private final int[] familyColumns;
  /** For a table with a dynamic family, the fields of each cell's qualifier and value, else -1. */
  private final int qualifierField;
  private final int cellValueField;
  /** The {@code ROW_TIMESTAMP} column's field, or -1. */
  private final int rowTimestampField;
  /** What the columns' types let them hold. */
  private final ValueLimits limits;
  /** Per field, whether it is a key column. */
  private final boolean[] keyField;
  /** The fields of {@code MAP} columns, each a whole family ({@link #isMap(int)}). */
  private final int[] mapFields;

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
    return new TableMapping(def, qualifiers, versions);
  }

  private final java.util.Map<String, String> qualifiers;

  private TableMapping(TableDef def, java.util.Map<String, String> qualifiers, int versions) {
    this.def = def;
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
        fieldQualifier[i] = Bytes.toBytes(qualifiers.getOrDefault(c.name(), c.name()));
        values.add(i);
      }
    }
    this.mapFields = maps.stream().mapToInt(Integer::intValue).toArray();
    List<ColumnDef> keys = def.keyColumns();
    this.keyFields = new int[keys.size()];
    List<KeyColumn> keyColumns = new ArrayList<>();
    List<ValueFormat> keyFormats = new ArrayList<>();
    for (int k = 0; k < keys.size(); k++) {
      ColumnDef c = keys.get(k);
      keyFields[k] = def.columnIndex(c.name());
      // only an index entry's indexed columns are nullable key columns
      keyColumns.add(new KeyColumn(c.name(), c.type().type(), c.descending(), c.type().keyLength(), c.nullable()));
      keyFormats.add(c.format());
    }
    if (def.isMapped()) {
      TableDef.Mapping m = def.mapping();
      this.keyCodec = m.keyLayout().codec(keyColumns, keyFormats,
          m.keySeparator() == null ? null : m.keySeparator().getBytes(StandardCharsets.UTF_8));
    } else if (def.hiddenKey()) {
      this.keyCodec = null;
    } else if (def.saltBuckets() > 0) {
      this.keyCodec = RowKeyCodec.salted(keyColumns, def.saltBuckets());
    } else {
      this.keyCodec = RowKeyCodec.of(keyColumns);
    }
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
  }

  /** How many versions of each cell a read returns: above 1, each version is a SQL row. */
  private final int readVersions;

  /** Versions of each cell a read asks the store for ({@link TableDef.Mapping#readVersions()}). */
  public int readVersions() {
    return readVersions;
  }

  /**
   * What the columns' types let them hold: every row a statement writes goes through it before
   * it is encoded ({@link TableWriter}), and so does every value of a MAP column.
   */
  public ValueLimits limits() {
    return limits;
  }

  /** The field of the {@code ROW_TIMESTAMP} column, or -1. */
  public int rowTimestampField() {
    return rowTimestampField;
  }

  /**
   * The timestamp the cells of {@code row} are written at: its {@code ROW_TIMESTAMP} value when
   * the table has one and it is not NULL, else {@code statementTs}.
   *
   * @throws CellarSqlException 22003 for a negative timestamp
   */
  public long cellTimestamp(Object[] row, long statementTs) {
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
    List<Cell> cells = r.cells();
    java.util.TreeSet<Long> stamps = new java.util.TreeSet<>(Comparator.reverseOrder());
    for (Cell c : cells) {
      if (timed(c)) {
        stamps.add(c.timestamp());
      }
    }
    if (stamps.size() <= 1) {
      return List.of(r);
    }
    List<Result> out = new ArrayList<>(stamps.size());
    for (long t : stamps) {
      if (out.size() == readVersions) {
        break;
      }
      List<Cell> at = new ArrayList<>();
      Cell last = null;
      for (Cell c : cells) {
        // cells come by column, newest first: take the first of each column at or before t
        if (c.timestamp() <= t && (last == null || !c.sameColumn(last))) {
          at.add(c);
          last = c;
        }
      }
      out.add(Result.ofOwned(at));
    }
    return out;
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
  public int cellValueField() {
    return cellValueField;
  }

  /** The qualifier of the cell that holds a row of a dynamic-family table. */
  public byte[] cellQualifier(Object[] row) {
    if (row[qualifierField] == null) {
      throw new CellarSqlException(SqlState.NOT_NULL_VIOLATION, "NULL in column "
          + def.columns().get(qualifierField).name() + " of table " + def.name() + ": it is the qualifier of a cell");
    }
    return encodeValue(qualifierField, row[qualifierField]);
  }

  /**
   * Decodes the row of a dynamic-family table that cell {@code c} of result {@code r} holds, as
   * {@link #decodeInto(Result, Object[], boolean[])} does for a whole row.
   */
  public void decodeCellInto(Result r, Cell c, Object[] row, boolean[] wanted) {
    decodeKeyInto(r, row, wanted);
    if (rowTimestampField >= 0 && (wanted == null || wanted[rowTimestampField])) {
      row[rowTimestampField] = timestampValue(c.timestamp());
    }
    if (wanted == null || wanted[qualifierField]) {
      row[qualifierField] = readValue(r, qualifierField, c.qualifier());
    }
    if (wanted == null || wanted[cellValueField]) {
      row[cellValueField] = readValue(r, cellValueField, c.value());
    }
  }

  /**
   * Asks {@code query} for the cells that {@code fields} need (null: every column). A family is
   * read whole when the query needs any of its columns and it is narrow ({@value #NARROW_FAMILY}
   * columns or fewer) or the query needs at least half of them, as seeking to each named column
   * costs more than reading past the others; otherwise only the needed columns are read, plus
   * the marker cell that every row has (so that a row whose needed cells are all NULL is still
   * seen). A mapped table has no marker cell, so its query reads whole families lest a row whose
   * named cells are all absent go missing.
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
      if (m >= 0 && familyColumns[m] <= NARROW_FAMILY && needed[m] == 0) {
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

  /**
   * Whether cell {@code c} makes a row's time: for a mapped table with non-key columns, a cell of
   * one of them (other cells of its families are someone else's); else any cell of the row read.
   */
  private boolean timed(Cell c) {
    if (!isMapped() || valueFields.length + mapFields.length == 0) {
      return true;
    }
    for (int j = 0; j < valueFields.length; j++) {
      if (compare(c, j) == 0) {
        return true;
      }
    }
    for (int f : mapFields) {
      if (Arrays.equals(c.family(), fieldFamily[f])) {
        return true;
      }
    }
    return false;
  }

  /** A cell timestamp as the {@code ROW_TIMESTAMP} column's runtime value. */
  private Object timestampValue(long ts) {
    return RuntimeValues.toRuntime(types[rowTimestampField], ts);
  }

  /** Columns in a family up to which reading it whole beats seeking to some of them. */
  private static final int NARROW_FAMILY = 4;

  /** Whether family {@code i} is read whole when {@code needed} of its columns are. */
  private boolean wholeFamily(int i, int needed) {
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
  public boolean hasMaps() {
    return mapFields.length > 0;
  }

  public byte[] family(int field) {
    return fieldFamily[field];
  }

  public byte[] qualifier(int field) {
    return fieldQualifier[field];
  }

  public byte[] markerFamily() {
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
  public byte[] key(Object[] row) {
    Object[] kv = new Object[keyFields.length];
    for (int k = 0; k < keyFields.length; k++) {
      int f = keyFields[k];
      if (row[f] == null && !def.columns().get(f).nullable()) {
        throw new CellarSqlException(SqlState.NOT_NULL_VIOLATION,
            "NULL in primary key column " + def.columns().get(f).name() + " of table " + def.name());
      }
      kv[k] = row[f] == null ? null : storageValue(f, row[f]);
    }
    try {
      return keyCodec.encode(kv);
    } catch (IllegalArgumentException e) {
      throw new CellarSqlException(isMapped() ? SqlState.DATA_EXCEPTION : SqlState.NUMERIC_OUT_OF_RANGE,
          "cannot encode the key " + describeKey(row) + " of table " + def.name() + ": " + e.getMessage(), e);
    }
  }

  /**
   * The bytes every rowkey starts with whose first {@code count} key columns have the values
   * {@code row} holds in their fields (unsalted).
   */
  public byte[] keyPrefix(Object[] row, int count) {
    Object[] kv = new Object[count];
    for (int k = 0; k < count; k++) {
      int f = keyFields[k];
      kv[k] = row[f] == null ? null : storageValue(f, row[f]);
    }
    try {
      return keyCodec.encodePrefix(kv);
    } catch (IllegalArgumentException e) {
      throw new CellarSqlException(SqlState.NUMERIC_OUT_OF_RANGE,
          "cannot encode the key " + describeKey(row) + " of table " + def.name() + ": " + e.getMessage(), e);
    }
  }

  /** The encoded value of field {@code i}, or {@code null} for NULL. */
  public byte[] encodeValue(int field, Object v) {
    if (v == null) {
      return null;
    }
    try {
      return formats[field].encode(types[field], storageValue(field, v));
    } catch (IllegalArgumentException | ClassCastException e) {
      throw new CellarSqlException(SqlState.DATA_EXCEPTION, "cannot store value " + v + " in column "
          + def.columns().get(field).name() + " " + def.columns().get(field).type().sql() + " of table " + def.name()
          + ": " + e.getMessage(), e);
    }
  }

  /**
   * A runtime value as the codecs take it; a DECIMAL is brought to its column's scale, rounded
   * half away from zero as {@link ValueLimits} rounds the values a statement writes.
   *
   * @throws CellarSqlException 22003 if a DECIMAL has more integer digits than its column allows
   */
  private Object storageValue(int field, Object v) {
    Object s = RuntimeValues.toStorage(types[field], v);
    if (types[field] == KeyType.DECIMAL && s instanceof BigDecimal d) {
      ColumnDef c = def.columns().get(field);
      dev.cellar.sql.catalog.ColumnType t = scalarType(field);
      int scale = t.scale();
      BigDecimal scaled = d.scale() == scale ? d : d.setScale(scale, RoundingMode.HALF_UP);
      if (scaled.precision() - scaled.scale() > t.precision() - scale && scaled.signum() != 0) {
        throw new CellarSqlException(SqlState.NUMERIC_OUT_OF_RANGE, "value " + d.toPlainString() + " of column "
            + c.name() + " of table " + def.name() + " cannot be represented as a " + t.sql());
      }
      return scaled;
    }
    return s;
  }

  /** The marker cell's value. */
  public byte[] markerValue() {
    return MARKER_VALUE;
  }

  /**
   * Decodes a row: key columns from the rowkey, the others from their cells (NULL when absent).
   * Values are as Calcite's runtime holds them.
   */
  public Object[] decode(Result r) {
    Object[] row = new Object[types.length];
    decodeInto(r, row);
    return row;
  }

  /** As {@link #decode}, into {@code row}. */
  public void decodeInto(Result r, Object[] row) {
    decodeInto(r, row, null);
  }

  /**
   * As {@link #decodeInto(Result, Object[])}, decoding only the fields {@code wanted} marks (all
   * if null): the rowkey is not decoded when no key field is wanted, nor a cell whose field is
   * not. Unwanted fields are left as they are.
   */
  public void decodeInto(Result r, Object[] row, boolean[] wanted) {
    decodeKeyInto(r, row, wanted);
    if (rowTimestampField >= 0 && (wanted == null || wanted[rowTimestampField])) {
      long ts = -1;
      for (Cell c : r.cells()) {
        ts = timed(c) ? Math.max(ts, c.timestamp()) : ts;
      }
      row[rowTimestampField] = ts < 0 ? null : timestampValue(ts);
    }
    int j = 0;
    List<Cell> cells = r.cells();
    for (int ci = 0, nc = cells.size(); ci < nc && j < valueFields.length; ci++) {
      Cell c = cells.get(ci);
      int cmp;
      while (j < valueFields.length && (cmp = compare(c, j)) > 0) {
        j++;
      }
      // several fields may read one cell (a column a query declares again with another type)
      while (j < valueFields.length && compare(c, j) == 0) {
        int f = valueFields[j];
        if (wanted == null || wanted[f]) {
          row[f] = readValue(r, f, c.value());
        }
        j++;
      }
    }
    for (int f : mapFields) {
      if (wanted == null || wanted[f]) {
        row[f] = readMap(r, f);
      }
    }
  }

  /**
   * MAP field {@code f} of row {@code r}: an entry per cell of its family, in qualifier order,
   * the qualifier's UTF-8 text the key; NULL when the family has no cell in the row.
   */
  private java.util.Map<String, Object> readMap(Result r, int f) {
    java.util.Map<String, Object> map = null;
    byte[] family = fieldFamily[f];
    for (Cell c : r.cells()) {
      if (Arrays.equals(c.family(), family)) {
        if (map == null) {
          map = new java.util.LinkedHashMap<>();
        }
        // several versions of a cell come newest first
        map.putIfAbsent(new String(c.qualifier(), StandardCharsets.UTF_8), readValue(r, f, c.value()));
      }
    }
    return map;
  }

  /**
   * The cells of MAP field {@code f}'s value {@code map}: qualifiers (the keys' UTF-8) to encoded
   * values. A NULL value has no cell.
   *
   * @throws CellarSqlException 22004 for a NULL key, 22001 or 22003 for a value past its type's
   *     limit ({@link ValueLimits}), 22000 for a value that cannot be stored
   */
  public java.util.SortedMap<byte[], byte[]> encodeMap(int f, Object map) {
    java.util.SortedMap<byte[], byte[]> out = new java.util.TreeMap<>(Bytes::compare);
    if (!(map instanceof java.util.Map<?, ?> entries)) {
      throw new CellarSqlException(SqlState.DATA_EXCEPTION, "cannot store " + map + " in MAP column "
          + def.columns().get(f).name() + " of table " + def.name() + ": it is not a map");
    }
    for (java.util.Map.Entry<?, ?> e : entries.entrySet()) {
      if (e.getKey() == null) {
        throw new CellarSqlException(SqlState.NULL_VALUE_NOT_ALLOWED, "NULL key in a value of MAP column "
            + def.columns().get(f).name() + " of table " + def.name() + ": each key is the qualifier of a cell");
      }
      String key = e.getKey().toString();
      if (key.isEmpty() && !isMapped()) {
        throw new CellarSqlException(SqlState.DATA_EXCEPTION, "empty key in a value of MAP column "
            + def.columns().get(f).name() + " of table " + def.name() + ": each key is the qualifier of a cell");
      }
      if (e.getValue() != null) {
        out.put(key.getBytes(StandardCharsets.UTF_8), encodeValue(f, limits.value(f, e.getValue())));
      }
    }
    return out;
  }

  /** Field {@code f} from bytes of a cell of row {@code r}. */
  private Object readValue(Result r, int f, byte[] bytes) {
    try {
      Object v = RuntimeValues.toRuntime(types[f], formats[f].decode(types[f], bytes));
      return isMapped() && v instanceof BigDecimal d ? toColumnScale(f, d) : v;
    } catch (IllegalArgumentException e) {
      if (badValuesAsNull) {
        return null;
      }
      throw new CellarSqlException(isMapped() ? badDataState(e) : SqlState.DATA_CORRUPTED, "cannot "
          + (isMapped() ? "read" : "decode") + " column " + def.columns().get(f).name() + " of table "
          + def.name() + " in row '" + Bytes.toStringBinary(r.row()) + "': " + e.getMessage(), e);
    }
  }

  private void decodeKeyInto(Result r, Object[] row, boolean[] wanted) {
    boolean keyWanted = wanted == null;
    for (int k = 0; !keyWanted && k < keyFields.length; k++) {
      keyWanted = wanted[keyFields[k]];
    }
    if (keyCodec != null && keyWanted) {
      Object[] kv;
      try {
        kv = keyCodec.decode(r.row());
      } catch (IllegalArgumentException e) {
        if (isMapped()) {
          String col = e instanceof CorruptKeyException k && k.column() != null ? " column " + k.column() + " of" : "";
          throw new CellarSqlException(badDataState(e), "cannot read" + col + " table " + def.name() + " from rowkey '"
              + Bytes.toStringBinary(r.row()) + "': " + e.getMessage(), e);
        }
        throw new CellarSqlException(SqlState.DATA_CORRUPTED, "cannot decode rowkey '" + Bytes.toStringBinary(r.row())
            + "' of table " + def.name() + ": " + e.getMessage(), e);
      }
      for (int k = 0; k < keyFields.length; k++) {
        int f = keyFields[k];
        Object v = RuntimeValues.toRuntime(types[f], kv[k]);
        // a DECIMAL key is encoded without its scale; give it the column's back
        if (v instanceof BigDecimal d && isMapped()) {
          try {
            v = toColumnScale(f, d);
          } catch (IllegalArgumentException e) {
            throw new CellarSqlException(SqlState.NUMERIC_OUT_OF_RANGE, "cannot read column "
                + def.columns().get(f).name() + " of table " + def.name() + " from rowkey '"
                + Bytes.toStringBinary(r.row()) + "': " + e.getMessage(), e);
          }
        }
        row[f] = v instanceof BigDecimal d ? d.setScale(def.columns().get(f).type().scale(), RoundingMode.DOWN) : v;
      }
    }
  }

  /**
   * A DECIMAL read from a mapped table, at its column's scale: the store may hold {@code 9.99}
   * for a DECIMAL(10, 3) column, which reads as {@code 9.990}.
   *
   * @throws IllegalArgumentException if the value has more fraction or integer digits than the column
   */
  private BigDecimal toColumnScale(int field, BigDecimal d) {
    dev.cellar.sql.catalog.ColumnType t = scalarType(field);
    BigDecimal v;
    try {
      v = d.setScale(t.scale(), RoundingMode.UNNECESSARY);
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(d.toPlainString() + " has more fraction digits than " + t.sql());
    }
    if (v.precision() - v.scale() > t.precision() - t.scale() && v.signum() != 0) {
      throw new IllegalArgumentException(d.toPlainString() + " has more integer digits than " + t.sql());
    }
    return v;
  }

  /** The type of field {@code f}'s values: its column's, or a MAP's value type. */
  private dev.cellar.sql.catalog.ColumnType scalarType(int f) {
    dev.cellar.sql.catalog.ColumnType t = def.columns().get(f).type();
    return t.isMap() ? t.mapValue() : t;
  }

  /** 22018 for text that is not a number, 22007 not a date or time, else 22000. */
  private static SqlState badDataState(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof NumberFormatException) {
        return SqlState.INVALID_CHARACTER_VALUE_FOR_CAST;
      }
      if (t instanceof DateTimeParseException) {
        return SqlState.INVALID_DATETIME;
      }
    }
    return SqlState.DATA_EXCEPTION;
  }

  private int compare(Cell c, int j) {
    int cmp = Arrays.compareUnsigned(c.family(), valueFamily[j]);
    if (cmp != 0) {
      return cmp;
    }
    return Arrays.compareUnsigned(c.qualifier(), valueQualifier[j]);
  }

  /** {@code (ID, NAME)=(1, x)}: how messages name a row's key. */
  public String describeKey(Object[] row) {
    StringBuilder names = new StringBuilder("(");
    StringBuilder vals = new StringBuilder("(");
    for (int k = 0; k < keyFields.length; k++) {
      if (k > 0) {
        names.append(", ");
        vals.append(", ");
      }
      names.append(def.columns().get(keyFields[k]).name());
      Object v = row[keyFields[k]];
      vals.append(v instanceof String ? "'" + v + "'" : String.valueOf(v));
    }
    return names.append(")=").append(vals).append(')').toString();
  }
}
