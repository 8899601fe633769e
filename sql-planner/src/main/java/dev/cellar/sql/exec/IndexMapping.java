package dev.cellar.sql.exec;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.ColumnType;
import dev.cellar.sql.catalog.IndexDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.codec.KeyFormat;
import dev.cellar.sql.codec.KeyType;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.Put;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * How one index's entries are laid out ({@code sql-planner/docs/indexes.md}): an entry is a
 * row of the index's store table (or of the data table's index family) whose rowkey is the
 * indexed columns' values, each nullable, followed by the data row's key columns not already
 * indexed, in Cellar's key encoding; its cells are a marker cell and the included columns.
 *
 * <p>The layout is described by an <em>entry table</em>: a {@link TableDef} with the data
 * table's columns in the data table's order, whose key is the indexed columns and then the data
 * key, so that a condition over the data table's columns bounds the index's keys as it would
 * the data table's ({@code AccessPath} and {@code KeyConditions} work on it unchanged). A data
 * table without a primary key adds one column, {@link #ROWKEY_COLUMN}, holding the data row's
 * generated rowkey. Columns the entry does not hold read as NULL from it: only
 * {@link #covers covered} fields may be read from an entry.
 *
 * <p>Immutable and thread-safe.
 */
public final class IndexMapping {
  /** The entry column holding the data rowkey, for a data table without a primary key. */
  static final String ROWKEY_COLUMN = "_ROWKEY";
  /**
   * The marker value of an entry written before its data row (stores without atomic multi-row
   * batches, {@code indexes.md} §3): readers check it against the row. A verified entry's
   * marker is empty, as every Cellar row's.
   */
  static final byte[] UNVERIFIED = {0x00};

  private final IndexDef index;
  private final TableMapping data;
  private final TableDef entryDef;
  private final TableMapping entries;
  private final int[] indexedFields;
  private final boolean[] covered;
  private final int[] includedFields;
  private final int rowkeyField;
  private final byte[] family;
  /** The compiled expressions of a functional index, or null. */
  private final IndexExpressions expressions;
  /** The data table's field count: entry fields from here on are expression values, then the rowkey. */
  private final int dataFields;
  /** What the entry's indexed, key and included columns and expression values let them hold. */
  private final ValueLimits limits;
  /** The data table's fields an entry holds or its expressions read. */
  private final int[] readFields;
  /**
   * Where in a data row's key the data key columns begin (past a salt byte) when an entry's key
   * is its indexed values followed by those bytes as they are; -1 when it must be encoded whole.
   */
  private final int keyTailFrom;

  public IndexMapping(IndexDef index, TableMapping data) {
    this.index = index;
    this.data = data;
    TableDef def = data.def();
    List<ColumnDef> dataCols = def.columns();
    int n = dataCols.size();
    this.indexedFields = new int[index.columns().size()];
    this.covered = new boolean[n];
    List<String> exprSql = new ArrayList<>();
    for (IndexDef.Part p : index.columns()) {
      if (p.isExpression()) {
        exprSql.add(p.expression());
      }
    }
    this.expressions = exprSql.isEmpty() ? null : IndexExpressions.compile(index.name(), def, exprSql);
    int m = exprSql.size();
    ColumnDef[] cols = new ColumnDef[n + m];
    int pos = 0;
    int e = 0;
    for (IndexDef.Part p : index.columns()) {
      if (p.isExpression()) {
        // an expression's value is a field after the table's: entry field n + e
        cols[n + e] = new ColumnDef(p.column(), expressions.types().get(e), true, null, pos, p.descending());
        indexedFields[pos++] = n + e++;
        continue;
      }
      int f = def.columnIndex(p.column());
      if (f < 0) {
        throw new CellarSqlException(SqlState.COLUMN_NOT_FOUND, "index " + index.name() + " names column "
            + p.column() + ", which table " + def.name() + " does not have");
      }
      ColumnDef c = dataCols.get(f);
      indexedFields[pos] = f;
      cols[f] = new ColumnDef(c.name(), c.type(), c.nullable(), null, pos++, p.descending());
      covered[f] = true;
    }
    for (ColumnDef k : def.keyColumns()) {
      int f = def.columnIndex(k.name());
      if (cols[f] == null) {
        cols[f] = new ColumnDef(k.name(), k.type(), false, null, pos++, k.descending());
        covered[f] = true;
      }
    }
    if (data.isDynamic() && cols[data.qualifierField()] == null) {
      // a row of a dynamic family is one cell: its rowkey and qualifier identify it
      ColumnDef q = dataCols.get(data.qualifierField());
      cols[data.qualifierField()] = new ColumnDef(q.name(), q.type(), false, null, pos++, false);
      covered[data.qualifierField()] = true;
    }
    List<Integer> included = new ArrayList<>();
    for (String name : index.include()) {
      int f = def.columnIndex(name);
      if (f < 0) {
        throw new CellarSqlException(SqlState.COLUMN_NOT_FOUND, "index " + index.name() + " includes column "
            + name + ", which table " + def.name() + " does not have");
      }
      if (cols[f] == null) {
        ColumnDef c = dataCols.get(f);
        cols[f] = new ColumnDef(c.name(), c.type(), c.nullable(), index.family(), -1, false);
        covered[f] = true;
        included.add(f);
      }
    }
    this.includedFields = included.stream().mapToInt(Integer::intValue).toArray();
    List<ColumnDef> entryCols = new ArrayList<>(Arrays.asList(cols));
    this.dataFields = n;
    for (int f = 0; f < n; f++) {
      if (entryCols.get(f) == null) {
        // not in the entry: reads as NULL, and only uncovered reads would ask for it
        ColumnDef c = dataCols.get(f);
        entryCols.set(f, new ColumnDef(c.name(), c.type(), true, index.family(), -1, false));
      }
    }
    if (def.hiddenKey()) {
      entryCols.add(new ColumnDef(ROWKEY_COLUMN, ColumnType.of(KeyType.VARBINARY), false, null, pos, false));
      this.rowkeyField = n + m;
    } else {
      this.rowkeyField = -1;
    }
    this.entryDef = new TableDef(def.schema(), index.name(), index.storageName(), entryCols, 0, List.of(),
        index.family(), index.family(), false, KeyFormat.VERSION, Map.of());
    this.entries = new TableMapping(entryDef);
    boolean[] held = Arrays.copyOf(covered, entryCols.size());
    Arrays.fill(held, n, n + m, true);
    this.limits = new ValueLimits(entryDef, "index " + index.name() + " of table " + def.name(), held);
    this.family = Bytes.toBytes(index.family());
    this.readFields = java.util.stream.IntStream.range(0, n).filter(f -> covers(f) || reads(f)).toArray();
    this.keyTailFrom = !def.isMapped() && !def.hiddenKey() && !data.isDynamic()
        && entries.keyCodec().encodesAsTail(indexedFields.length, data.keyCodec())
        ? (data.keyCodec().isSalted() ? 1 : 0) : -1;
  }

  public IndexDef index() {
    return index;
  }

  /** The data table's mapping. */
  public TableMapping data() {
    return data;
  }

  /** The entry table: the data table's columns, keyed as the index is. */
  public TableMapping entries() {
    return entries;
  }

  /** The data table's fields the index orders, in index order. */
  int[] indexedFields() {
    return indexedFields.clone();
  }

  /** The expressions of a functional index, over the data table's fields, in index order; empty for none. */
  public List<org.apache.calcite.rex.RexNode> expressionNodes() {
    return expressions == null ? List.of() : expressions.nodes();
  }

  /** The entry field holding the value of expression {@code i} of {@link #expressionNodes()}. */
  public int expressionField(int i) {
    return dataFields + i;
  }

  /** Whether the index reads the data table's field {@code f}: indexes or includes it, or an expression reads it. */
  public boolean reads(int f) {
    return covers(f) && !data.isKey(f) || expressions != null && expressions.reads(f);
  }

  /**
   * Whether an entry holds nothing but what its row's key says: every indexed column a key column,
   * no expression, nothing included. Such an entry is right exactly when its row exists.
   */
  public boolean readsOnlyKey() {
    if (expressions != null || includedFields.length > 0) {
      return false;
    }
    for (int f : indexedFields) {
      if (f >= dataFields || !data.isKey(f)) {
        return false;
      }
    }
    return true;
  }

  /** Whether an entry holds the data table's field {@code f} (indexed, key or included). */
  public boolean covers(int f) {
    return f < covered.length && covered[f];
  }

  /** Whether an entry holds every one of {@code fields} (null: all the table's). */
  public boolean coversAll(int[] fields) {
    if (fields == null) {
      for (boolean c : covered) {
        if (!c) {
          return false;
        }
      }
      return true;
    }
    for (int f : fields) {
      if (!covers(f)) {
        return false;
      }
    }
    return true;
  }

  /** Fields of an entry row: the data table's, plus {@link #ROWKEY_COLUMN} without a primary key. */
  public int entryFieldCount() {
    return entries.fieldCount();
  }

  /** The entry row of a data row whose rowkey is {@code dataKey}. */
  Object[] entryRow(Object[] dataRow, byte[] dataKey) {
    Object[] row = Arrays.copyOf(dataRow, entries.fieldCount());
    for (int i = dataFields; i < row.length; i++) {
      row[i] = null;
    }
    if (expressions != null) {
      Object[] values = expressions.values(Arrays.copyOf(dataRow, dataFields));
      System.arraycopy(values, 0, row, dataFields, values.length);
    }
    if (rowkeyField >= 0) {
      row[rowkeyField] = new org.apache.calcite.avatica.util.ByteString(dataKey);
    }
    return row;
  }

  /**
   * The entry row of a data row being written: {@link #entryRow}, with each value the entry
   * holds as its column's type has it ({@link ValueLimits}).
   *
   * @throws dev.cellar.sql.CellarSqlException 22001, 22003 or 22018 naming the index for a value
   *     no entry can hold (an expression's, or one a mapped table's store holds)
   */
  Object[] newEntryRow(Object[] dataRow, byte[] dataKey) {
    return limits.row(entryRow(dataRow, dataKey));
  }

  /** The rowkey of the entry of a data row (its values as {@link #entryRow} gives them). */
  byte[] entryKey(Object[] entryRow) {
    return entries.key(entryRow);
  }

  /**
   * Whether {@link #entryKey(Object[], byte[])} takes the data key columns from the data row's
   * key, so that an entry row needs only its indexed and included values: no data key column is
   * indexed, and the entry encodes the others as the data table does, in its order.
   */
  boolean keyFromDataKey() {
    return keyTailFrom >= 0;
  }

  /**
   * The rowkey of the entry of the data row whose rowkey is {@code dataKey}: with
   * {@link #keyFromDataKey()}, the indexed values of {@code entryRow} encoded, then the data key's
   * bytes past its salt as they are (the data key columns of {@code entryRow} are not read); else
   * {@link #entryKey(Object[])}.
   */
  byte[] entryKey(Object[] entryRow, byte[] dataKey) {
    if (keyTailFrom < 0) {
      return entries.key(entryRow);
    }
    return entries.keyWithTail(entryRow, indexedFields.length, dataKey, keyTailFrom);
  }

  /** The cells of the entry of {@code entryRow}: its marker (verified) and its non-NULL included columns. */
  Put entryPut(byte[] entryKey, Object[] entryRow, long ts) {
    return entryPut(entryKey, entryRow, ts, true);
  }

  /**
   * The cells of the entry of {@code entryRow}: its marker, {@link #UNVERIFIED} unless
   * {@code verified}, and its non-NULL included columns.
   */
  Put entryPut(byte[] entryKey, Object[] entryRow, long ts, boolean verified) {
    Put p = new Put(entryKey, ts);
    p.addColumn(family, TableMapping.MARKER, verified ? entries.markerValue() : UNVERIFIED);
    for (int f : includedFields) {
      if (entryRow[f] != null) {
        p.addColumn(family, entries.qualifier(f), entries.encodeValue(f, entryRow[f]));
      }
    }
    return p;
  }

  /** The put that marks the entry at {@code entryKey} verified (or, with {@code false}, unverified) at {@code ts}. */
  Put markerPut(byte[] entryKey, boolean verified, long ts) {
    return new Put(entryKey, ts).addColumn(family, TableMapping.MARKER, verified ? entries.markerValue() : UNVERIFIED);
  }

  /**
   * Whether an entry read from the store is verified: its marker cell is there and empty. An
   * entry without its marker (only included cells) counts as unverified.
   */
  boolean isVerified(dev.cellar.storage.Result entry) {
    byte[] marker = entry.value(family, TableMapping.MARKER);
    return marker != null && marker.length == 0;
  }

  /**
   * The entry row the data row {@code dataRow} (read with at least the columns an entry holds
   * and its expressions read) calls for, or {@code null} when there is no row or its values fit
   * no entry; for a dynamic-family table, {@code dataRow} holds the one cell of the SQL row.
   */
  Object[] entryOf(dev.cellar.storage.Result dataRow) {
    if (dataRow.isEmpty()) {
      return null;
    }
    Object[] row = new Object[data.fieldCount()];
    if (data.isDynamic()) {
      data.decodeCellInto(dataRow, dataRow.cells().get(0), row, null);
    } else {
      data.decodeInto(dataRow, row);
    }
    try {
      return newEntryRow(row, dataRow.row());
    } catch (CellarSqlException e) {
      return null;
    }
  }

  /** The get of the data row an entry row points at, with the columns the entry holds and its expressions read. */
  dev.cellar.storage.Get dataGet(Object[] entryRow) {
    dev.cellar.storage.Get g = new dev.cellar.storage.Get(dataKey(entryRow));
    if (data.isDynamic()) {
      g.addColumn(data.families()[0], dataQualifier(entryRow));
    } else {
      data.addColumns(g, readFields);
    }
    return g;
  }

  /** Whether two entry rows make the same entry: the same key and included values. */
  boolean sameEntry(Object[] a, Object[] b) {
    for (int f : includedFields) {
      if (!java.util.Objects.equals(a[f], b[f])) {
        return false;
      }
    }
    return true;
  }

  /** The rowkey of the data row an entry row points at. */
  public byte[] dataKey(Object[] entryRow) {
    if (rowkeyField >= 0) {
      return ((org.apache.calcite.avatica.util.ByteString) entryRow[rowkeyField]).getBytes();
    }
    return data.key(entryRow);
  }

  /**
   * The bytes that identify the data row of an entry row among the table's rows: its rowkey, or
   * for a dynamic-family table {@link #cellIdentity} of its rowkey and qualifier.
   */
  byte[] identity(Object[] entryRow) {
    if (data.isDynamic()) {
      return cellIdentity(data.key(entryRow), data.cellQualifier(entryRow));
    }
    return dataKey(entryRow);
  }

  /** The identity of the cell {@code qualifier} of row {@code rowkey}: the rowkey's length (4 bytes), rowkey, qualifier. */
  static byte[] cellIdentity(byte[] rowkey, byte[] qualifier) {
    return Bytes.concat(Bytes.toBytes(rowkey.length), rowkey, qualifier);
  }

  /** For a dynamic-family table, the qualifier of the cell an entry row points at. */
  public byte[] dataQualifier(Object[] entryRow) {
    return data.cellQualifier(entryRow);
  }

  /** The family of the entries' cells. */
  byte[] family() {
    return family;
  }

  /**
   * For a unique index, the bytes every entry with the indexed values of {@code entryRow} starts
   * with; null when one of them is NULL (such rows never conflict).
   */
  byte[] uniquePrefix(Object[] entryRow) {
    Object[] values = new Object[indexedFields.length];
    for (int i = 0; i < indexedFields.length; i++) {
      Object v = entryRow[indexedFields[i]];
      if (v == null) {
        return null;
      }
      values[i] = v;
    }
    Object[] keyRow = new Object[entries.fieldCount()];
    for (int i = 0; i < indexedFields.length; i++) {
      keyRow[indexedFields[i]] = values[i];
    }
    return entries.keyPrefix(keyRow, indexedFields.length);
  }

  /** {@code (COL0, COL1)=(1, 'x')}: how messages name an entry's indexed values. */
  String describeValues(Object[] row) {
    StringBuilder names = new StringBuilder("(");
    StringBuilder vals = new StringBuilder("(");
    for (int i = 0; i < indexedFields.length; i++) {
      names.append(i > 0 ? ", " : "").append(entryDef.columns().get(indexedFields[i]).name());
      Object v = row[indexedFields[i]];
      vals.append(i > 0 ? ", " : "").append(v instanceof String ? "'" + v + "'" : String.valueOf(v));
    }
    return names.append(")=").append(vals).append(')').toString();
  }

  @Override
  public String toString() {
    return "IndexMapping{" + index.name() + " on " + data.def().name() + "}";
  }
}
