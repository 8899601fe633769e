package dev.cellar.sql.exec;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Durability;
import dev.cellar.storage.Mutation;
import dev.cellar.storage.Put;
import dev.cellar.storage.WriteBatch;
import java.util.List;
import java.util.Map;

/**
 * The store mutations of one table's SQL rows, as {@link TableWriter} writes them: a row's put,
 * the delete markers of its NULL cells and replaced MAP families, the delete of a row, with the
 * table's durability; and the checks every written row passes (NOT NULL, duplicate keys).
 */
final class RowMutations {
  private final TableMapping m;
  private final TableDef def;
  private final Durability durability;
  private final byte[] marker;

  /**
   * The value of the marker cell of rows written on a store other processes share
   * ({@code CellarStore.sharedAcrossProcesses()}): one byte, 01. HBase's check-and-mutate takes
   * a column holding an empty value for an absent one, so the marker must not be empty for an
   * INSERT's check that the row is absent ({@link TableWriter}) to see the row.
   */
  static final byte[] SHARED_MARKER = {0x01};

  /** The mutations of {@code mapping}'s rows, their marker cell holding {@code marker}. */
  RowMutations(TableMapping mapping, byte[] marker) {
    this.m = mapping;
    this.def = mapping.def();
    this.durability = def.flag("DISABLE_WAL") ? Durability.SKIP_WAL : Durability.USE_DEFAULT;
    this.marker = marker;
  }

  Durability durability() {
    return durability;
  }

  /** The put of a row's non-NULL columns (only {@code targeted} ones if given) and its marker. */
  Put put(byte[] key, Object[] row, boolean[] targeted, long ts) {
    Put p = new Put(key, m.cellTimestamp(row, ts));
    if (!m.isMapped()) {
      p.addColumn(m.markerFamily(), TableMapping.MARKER, marker);
    }
    for (int f = 0; f < row.length && f < m.fieldCount(); f++) {
      if (row[f] == null || (targeted != null && !targeted[f])) {
        continue;
      }
      if (m.isCell(f)) {
        p.addColumn(m.family(f), m.qualifier(f), m.encodeValue(f, row[f]));
      } else if (m.isMap(f)) {
        for (Map.Entry<byte[], byte[]> e : m.encodeMap(f, row[f]).entrySet()) {
          p.addColumn(m.family(f), e.getKey(), e.getValue());
        }
      }
    }
    p.setDurability(durability);
    return p;
  }

  /** Delete markers for the targeted columns that are NULL, or {@code null} if none. */
  Delete nullCells(byte[] key, Object[] row, boolean[] targeted, long ts) {
    Delete d = null;
    for (int f = 0; f < m.fieldCount(); f++) {
      if (!m.isCell(f) || row[f] != null || (targeted != null && !targeted[f])) {
        continue;
      }
      if (d == null) {
        d = new Delete(key, m.cellTimestamp(row, ts));
      }
      d.addColumns(m.family(f), m.qualifier(f));
    }
    if (d != null) {
      d.setDurability(durability);
    }
    return d;
  }

  /**
   * The delete of the families of the targeted MAP columns, whose entries the row's values
   * replace whole, or {@code null} if none. Its puts are later than it: at {@code ts}, before
   * the statement's put timestamp, or, for a row written at its {@code ROW_TIMESTAMP}, just before
   * that (entries written later than it are kept, as any cell written later would be).
   */
  Delete mapFamilies(byte[] key, Object[] row, boolean[] targeted, long ts) {
    if (!m.hasMaps()) {
      return null;
    }
    boolean explicit = m.rowTimestampField() >= 0 && row[m.rowTimestampField()] != null;
    long at = explicit ? m.cellTimestamp(row, ts) - 1 : ts;
    Delete d = null;
    for (int f = 0; f < m.fieldCount() && at >= 0; f++) {
      if (m.isMap(f) && (targeted == null || targeted[f])) {
        d = d == null ? new Delete(key, at) : d;
        d.addFamily(m.family(f));
      }
    }
    if (d != null) {
      d.setDurability(durability);
    }
    return d;
  }

  /**
   * The delete of a row: the whole row, or its cells in the table's families for a mapped table
   * and for a table whose index families ({@code localIndexes}) share its rowkeys.
   */
  Mutation deleteRow(byte[] key, long ts, boolean localIndexes) {
    Delete d = new Delete(key, ts);
    if (m.isMapped() || localIndexes) {
      for (byte[] f : m.families()) {
        d.addFamily(f);
      }
    }
    return withDurability(d);
  }

  /** Adds {@code p} unless it has no cell (a mapped row whose columns are all NULL). */
  void addPut(WriteBatch batch, Put p) {
    if (!p.isEmpty()) {
      batch.add(def.storageName(), p);
    }
  }

  /** {@code d} with the table's durability. */
  Mutation withDurability(Delete d) {
    return d.setDurability(durability);
  }

  /**
   * Clears the {@code ROW_TIMESTAMP} value of an updated row unless the UPDATE sets it: the row
   * read holds its cells' timestamp, and writing at it would hide the change behind it.
   */
  void keepStatementTime(Object[] row, int[] updated) {
    int ts = m.rowTimestampField();
    if (ts >= 0 && java.util.Arrays.stream(updated).noneMatch(u -> u == ts)) {
      row[ts] = null;
    }
  }

  /** Fails (23502) on a NULL in a NOT NULL column the statement writes ({@code targeted}; null: all). */
  void checkNotNull(Object[] row, boolean[] targeted) {
    List<ColumnDef> cols = def.columns();
    for (int f = 0; f < cols.size(); f++) {
      ColumnDef c = cols.get(f);
      if (row[f] == null && !c.nullable() && !c.rowTimestamp() && (c.isKey() || targeted == null || targeted[f])) {
        throw new CellarSqlException(SqlState.NOT_NULL_VIOLATION,
            "NULL in column " + c.name() + " of table " + def.name() + ", which is NOT NULL");
      }
    }
  }

  /** The 23505 of a row whose key {@code how} (exists already, comes twice). */
  CellarSqlException duplicate(Object[] row, String how) {
    return new CellarSqlException(SqlState.UNIQUE_VIOLATION,
        "duplicate key " + m.describeKey(row) + " in table " + def.name() + ": the key " + how);
  }
}
