package dev.cellar.sql.exec;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.codec.CorruptKeyException;
import dev.cellar.sql.codec.KeyType;
import dev.cellar.sql.codec.RowKeyCodec;
import dev.cellar.sql.codec.ValueFormat;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellView;
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
 * The encoding half of a {@link TableMapping}: a row's runtime values to its rowkey and cell
 * values, and a row read from the store back to values (key columns from the rowkey through the
 * table's {@link RowKeyCodec}, other columns from their cells through their {@link ValueFormat}s,
 * MAP columns from their family's cells, the {@code ROW_TIMESTAMP} column from the cells' time,
 * the versions of a row read with several versions of each cell). Bytes that are not a value of
 * their column are an error of SQLState class 22 naming the table, the column and the row, or a
 * NULL for a table mapped with {@code BAD_VALUES='NULL'}. Immutable and thread-safe.
 */
final class RowCodec {
  private final TableMapping m;

  RowCodec(TableMapping m) {
    this.m = m;
  }

  /**
   * The versions of a row read with several versions of each cell ({@link TableMapping#readVersions()}),
   * newest first: one for each distinct timestamp of its cells, holding each column's newest
   * cell at or before that timestamp — the row as it was then; no more than
   * {@link TableMapping#readVersions()} of them (the newest n writes of the row, whose cells the newest n
   * versions of each cell hold).
   */
  List<Result> versions(Result r) {
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
      if (out.size() == m.readVersions) {
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

  /** The qualifier of the cell that holds a row of a dynamic-family table. */
  byte[] cellQualifier(Object[] row) {
    if (row[m.qualifierField] == null) {
      throw new CellarSqlException(SqlState.NOT_NULL_VIOLATION, "NULL in column "
          + m.def.columns().get(m.qualifierField).name() + " of table " + m.def.name() + ": it is the qualifier of a cell");
    }
    return encodeValue(m.qualifierField, row[m.qualifierField]);
  }

  /**
   * Decodes the row of a dynamic-family table that cell {@code c} of result {@code r} holds, as
   * {@link #decodeInto(Result, Object[], boolean[])} does for a whole row.
   */
  void decodeCellInto(Result r, Cell c, Object[] row, boolean[] wanted) {
    decodeKeyInto(r, row, wanted);
    if (m.rowTimestampField >= 0 && (wanted == null || wanted[m.rowTimestampField])) {
      row[m.rowTimestampField] = timestampValue(c.timestamp());
    }
    if (wanted == null || wanted[m.qualifierField]) {
      row[m.qualifierField] = readValue(r.row(), m.qualifierField, c.qualifier());
    }
    if (wanted == null || wanted[m.cellValueField]) {
      row[m.cellValueField] = readValue(r.row(), m.cellValueField, c.value());
    }
  }

  /**
   * Whether cell {@code c} makes a row's time: for a mapped table with non-key columns, a cell of
   * one of them (other cells of its m.families are someone else's); else any cell of the row read.
   */
  private boolean timed(Cell c) {
    if (!m.isMapped() || m.valueFields.length + m.mapFields.length == 0) {
      return true;
    }
    for (int j = 0; j < m.valueFields.length; j++) {
      if (compare(c, j) == 0) {
        return true;
      }
    }
    for (int f : m.mapFields) {
      if (Arrays.equals(c.family(), m.fieldFamily[f])) {
        return true;
      }
    }
    return false;
  }

  /** A cell timestamp as the {@code ROW_TIMESTAMP} column's runtime value. */
  private Object timestampValue(long ts) {
    return RuntimeValues.toRuntime(m.types[m.rowTimestampField], ts);
  }

  /** The rowkey of a row of runtime values (not for a hidden-key table). */
  byte[] key(Object[] row) {
    Object[] kv = keyValues(row, m.keyFields.length, true);
    try {
      return m.keyCodec.encode(kv);
    } catch (IllegalArgumentException e) {
      throw new CellarSqlException(m.isMapped() ? SqlState.DATA_EXCEPTION : SqlState.NUMERIC_OUT_OF_RANGE,
          "cannot encode the key " + describeKey(row) + " of table " + m.def.name() + ": " + e.getMessage(), e);
    }
  }

  /**
   * The rowkey whose first {@code count} key columns hold {@code row}'s values, NOT NULL ones
   * checked as {@link #key} checks them, and whose other key columns are encoded in {@code tail}
   * from {@code from} on (unsalted).
   */
  byte[] keyWithTail(Object[] row, int count, byte[] tail, int from) {
    Object[] kv = keyValues(row, count, true);
    try {
      return m.keyCodec.encodeWithTail(kv, tail, from);
    } catch (IllegalArgumentException e) {
      throw keyOutOfRange(row, e);
    }
  }

  /**
   * The bytes every rowkey starts with whose first {@code count} key columns have the values
   * {@code row} holds in their fields (unsalted).
   */
  byte[] keyPrefix(Object[] row, int count) {
    Object[] kv = keyValues(row, count, false);
    try {
      return m.keyCodec.encodePrefix(kv);
    } catch (IllegalArgumentException e) {
      throw keyOutOfRange(row, e);
    }
  }

  /** The storage values of the first {@code count} key columns; with {@code checked}, 23502 for a NULL in a NOT NULL one. */
  private Object[] keyValues(Object[] row, int count, boolean checked) {
    Object[] kv = new Object[count];
    for (int k = 0; k < count; k++) {
      int f = m.keyFields[k];
      if (checked && row[f] == null && !m.def.columns().get(f).nullable()) {
        throw new CellarSqlException(SqlState.NOT_NULL_VIOLATION,
            "NULL in primary key column " + m.def.columns().get(f).name() + " of table " + m.def.name());
      }
      kv[k] = row[f] == null ? null : storageValue(f, row[f]);
    }
    return kv;
  }

  private CellarSqlException keyOutOfRange(Object[] row, IllegalArgumentException e) {
    return new CellarSqlException(SqlState.NUMERIC_OUT_OF_RANGE,
        "cannot encode the key " + describeKey(row) + " of table " + m.def.name() + ": " + e.getMessage(), e);
  }

  /** The encoded value of field {@code i}, or {@code null} for NULL. */
  byte[] encodeValue(int field, Object v) {
    if (v == null) {
      return null;
    }
    try {
      return m.formats[field].encode(m.types[field], storageValue(field, v));
    } catch (dev.cellar.sql.codec.WrongValueType | ClassCastException e) {
      // a value of another type (a MAP's value of a type its column's map does not hold)
      throw new CellarSqlException(SqlState.INVALID_CHARACTER_VALUE_FOR_CAST, "cannot store " + typeName(v)
          + " value in column " + m.def.columns().get(field).name() + " " + m.def.columns().get(field).type().sql()
          + " of table " + m.def.name() + ": its values are " + m.types[field], e);
    } catch (IllegalArgumentException e) {
      throw new CellarSqlException(SqlState.DATA_EXCEPTION, "cannot store value " + v + " in column "
          + m.def.columns().get(field).name() + " " + m.def.columns().get(field).type().sql() + " of table " + m.def.name()
          + ": " + e.getMessage(), e);
    }
  }

  /** The SQL type a runtime value is of, with its article, as messages name it. */
  private static String typeName(Object v) {
    if (v instanceof String || v instanceof Character) {
      return "a VARCHAR";
    } else if (v instanceof Boolean) {
      return "a BOOLEAN";
    } else if (v instanceof Byte) {
      return "a TINYINT";
    } else if (v instanceof Short) {
      return "a SMALLINT";
    } else if (v instanceof Integer) {
      return "an INTEGER";
    } else if (v instanceof Long) {
      return "a BIGINT";
    } else if (v instanceof java.math.BigDecimal) {
      return "a DECIMAL";
    } else if (v instanceof Float) {
      return "a REAL";
    } else if (v instanceof Double) {
      return "a DOUBLE";
    } else if (v instanceof byte[] || v instanceof org.apache.calcite.avatica.util.ByteString) {
      return "a VARBINARY";
    }
    return "a";
  }

  /**
   * A runtime value as the codecs take it; a DECIMAL is brought to its column's scale, rounded
   * half away from zero as {@link ValueLimits} rounds the values a statement writes.
   *
   * @throws CellarSqlException 22003 if a DECIMAL has more integer digits than its column allows
   */
  private Object storageValue(int field, Object v) {
    Object s = RuntimeValues.toStorage(m.types[field], v);
    if (m.types[field] == KeyType.DECIMAL && s instanceof BigDecimal d) {
      ColumnDef c = m.def.columns().get(field);
      dev.cellar.sql.catalog.ColumnType t = scalarType(field);
      int scale = t.scale();
      BigDecimal scaled = d.scale() == scale ? d : d.setScale(scale, RoundingMode.HALF_UP);
      if (scaled.precision() - scaled.scale() > t.precision() - scale && scaled.signum() != 0) {
        throw new CellarSqlException(SqlState.NUMERIC_OUT_OF_RANGE, "value " + d.toPlainString() + " of column "
            + c.name() + " of table " + m.def.name() + " cannot be represented as a " + t.sql());
      }
      return scaled;
    }
    return s;
  }

  /**
   * Decodes a row: key columns from the rowkey, the others from their cells (NULL when absent).
   * Values are as Calcite's runtime holds them.
   */
  Object[] decode(Result r) {
    Object[] row = new Object[m.types.length];
    decodeInto(r, row);
    return row;
  }

  /** As {@link #decode}, into {@code row}. */
  void decodeInto(Result r, Object[] row) {
    decodeInto(r, row, null);
  }

  /**
   * As {@link #decodeInto(Result, Object[])}, decoding only the fields {@code wanted} marks (all
   * if null): the rowkey is not decoded when no key field is wanted, nor a cell whose field is
   * not. Unwanted fields are left as they are.
   */
  void decodeInto(Result r, Object[] row, boolean[] wanted) {
    decodeKeyInto(r, row, wanted);
    if (m.rowTimestampField >= 0 && (wanted == null || wanted[m.rowTimestampField])) {
      long ts = -1;
      for (Cell c : r.cells()) {
        ts = timed(c) ? Math.max(ts, c.timestamp()) : ts;
      }
      row[m.rowTimestampField] = ts < 0 ? null : timestampValue(ts);
    }
    int j = 0;
    List<Cell> cells = r.cells();
    for (int ci = 0, nc = cells.size(); ci < nc && j < m.valueFields.length; ci++) {
      Cell c = cells.get(ci);
      int cmp;
      while (j < m.valueFields.length && (cmp = compare(c, j)) > 0) {
        j++;
      }
      // several fields may read one cell (a column a query declares again with another type)
      while (j < m.valueFields.length && compare(c, j) == 0) {
        int f = m.valueFields[j];
        if (wanted == null || wanted[f]) {
          row[f] = readValue(r.row(), f, c.value());
        }
        j++;
      }
    }
    for (int f : m.mapFields) {
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
    byte[] family = m.fieldFamily[f];
    for (Cell c : r.cells()) {
      if (Arrays.equals(c.family(), family)) {
        if (map == null) {
          map = new java.util.LinkedHashMap<>();
        }
        // several versions of a cell come newest first
        map.putIfAbsent(new String(c.qualifier(), StandardCharsets.UTF_8), readValue(r.row(), f, c.value()));
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
  java.util.SortedMap<byte[], byte[]> encodeMap(int f, Object map) {
    java.util.SortedMap<byte[], byte[]> out = new java.util.TreeMap<>(Bytes::compare);
    if (!(map instanceof java.util.Map<?, ?> entries)) {
      throw new CellarSqlException(SqlState.DATA_EXCEPTION, "cannot store " + map + " in MAP column "
          + m.def.columns().get(f).name() + " of table " + m.def.name() + ": it is not a map");
    }
    for (java.util.Map.Entry<?, ?> e : entries.entrySet()) {
      if (e.getKey() == null) {
        throw new CellarSqlException(SqlState.NULL_VALUE_NOT_ALLOWED, "NULL key in a value of MAP column "
            + m.def.columns().get(f).name() + " of table " + m.def.name() + ": each key is the qualifier of a cell");
      }
      String key = e.getKey().toString();
      if (key.isEmpty() && !m.isMapped()) {
        throw new CellarSqlException(SqlState.DATA_EXCEPTION, "empty key in a value of MAP column "
            + m.def.columns().get(f).name() + " of table " + m.def.name() + ": each key is the qualifier of a cell");
      }
      if (e.getValue() != null) {
        out.put(key.getBytes(StandardCharsets.UTF_8), encodeValue(f, m.limits.value(f, e.getValue())));
      }
    }
    return out;
  }

  /** Field {@code f}'s value from its cell's bytes, in row {@code rowKey} (for messages). */
  Object readValue(byte[] rowKey, int f, byte[] bytes) {
    try {
      Object v = RuntimeValues.toRuntime(m.types[f], m.formats[f].decode(m.types[f], bytes));
      return m.isMapped() && v instanceof BigDecimal d ? toColumnScale(f, d) : v;
    } catch (IllegalArgumentException e) {
      if (m.badValuesAsNull) {
        return null;
      }
      throw new CellarSqlException(m.isMapped() ? badDataState(e) : SqlState.DATA_CORRUPTED, "cannot "
          + (m.isMapped() ? "read" : "decode") + " column " + m.def.columns().get(f).name() + " of table "
          + m.def.name() + " in row '" + Bytes.toStringBinary(rowKey) + "': " + e.getMessage(), e);
    }
  }

  private void decodeKeyInto(Result r, Object[] row, boolean[] wanted) {
    boolean keyWanted = wanted == null;
    for (int k = 0; !keyWanted && k < m.keyFields.length; k++) {
      keyWanted = wanted[m.keyFields[k]];
    }
    if (m.keyCodec != null && keyWanted) {
      Object[] kv;
      try {
        kv = m.keyCodec.decode(r.row());
      } catch (IllegalArgumentException e) {
        if (m.isMapped()) {
          String col = e instanceof CorruptKeyException k && k.column() != null ? " column " + k.column() + " of" : "";
          throw new CellarSqlException(badDataState(e), "cannot read" + col + " table " + m.def.name() + " from rowkey '"
              + Bytes.toStringBinary(r.row()) + "': " + e.getMessage(), e);
        }
        throw new CellarSqlException(SqlState.DATA_CORRUPTED, "cannot decode rowkey '" + Bytes.toStringBinary(r.row())
            + "' of table " + m.def.name() + ": " + e.getMessage(), e);
      }
      for (int k = 0; k < m.keyFields.length; k++) {
        int f = m.keyFields[k];
        Object v = RuntimeValues.toRuntime(m.types[f], kv[k]);
        // a DECIMAL key is encoded without its scale; give it the column's back
        if (v instanceof BigDecimal d && m.isMapped()) {
          try {
            v = toColumnScale(f, d);
          } catch (IllegalArgumentException e) {
            throw new CellarSqlException(SqlState.NUMERIC_OUT_OF_RANGE, "cannot read column "
                + m.def.columns().get(f).name() + " of table " + m.def.name() + " from rowkey '"
                + Bytes.toStringBinary(r.row()) + "': " + e.getMessage(), e);
          }
        }
        row[f] = v instanceof BigDecimal d ? d.setScale(m.def.columns().get(f).type().scale(), RoundingMode.DOWN) : v;
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
    dev.cellar.sql.catalog.ColumnType t = m.def.columns().get(f).type();
    return t.isMap() ? t.mapValue() : t;
  }

  /** 22018 for text that is not a number, 22007 not a date or time, else 22000. */
  private static SqlState badDataState(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof dev.cellar.sql.codec.ValueOutOfRange) {
        return SqlState.NUMERIC_OUT_OF_RANGE;
      }
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
    return compareToValueField(m, c, j);
  }

  /**
   * How cell {@code c} sorts against the cell of value field {@code m.valueFields[j]} (family,
   * then qualifier): cells of a row and the value fields come in that order.
   */
  static int compareToValueField(TableMapping m, CellView c, int j) {
    byte[] f = c.family();
    byte[] vf = m.valueFamily[j];
    int cmp = f == vf ? 0 : compareNames(f, 0, f.length, vf);
    if (cmp != 0) {
      return cmp;
    }
    return compareNames(c.qualifierArray(), c.qualifierOffset(), c.qualifierLength(), m.valueQualifier[j]);
  }

  /**
   * {@code a[off, off + len)} against {@code b} as unsigned bytes, as {@link Arrays#compareUnsigned}
   * but byte by byte: family and column names are a few bytes, for which this loop costs less
   * than the library's call into its vectorized compare.
   */
  private static int compareNames(byte[] a, int off, int len, byte[] b) {
    int n = Math.min(len, b.length);
    for (int i = 0; i < n; i++) {
      int d = (a[off + i] & 0xff) - (b[i] & 0xff);
      if (d != 0) {
        return d;
      }
    }
    return len - b.length;
  }

  /** {@code (ID, NAME)=(1, x)}: how messages name a row's key. */
  String describeKey(Object[] row) {
    StringBuilder names = new StringBuilder("(");
    StringBuilder vals = new StringBuilder("(");
    for (int k = 0; k < m.keyFields.length; k++) {
      if (k > 0) {
        names.append(", ");
        vals.append(", ");
      }
      names.append(m.def.columns().get(m.keyFields[k]).name());
      Object v = row[m.keyFields[k]];
      vals.append(dev.cellar.sql.codec.KeyLiterals.literal(m.def.columns().get(m.keyFields[k]).type().type(), v));
    }
    return names.append(")=").append(vals).append(')').toString();
  }
}
