package dev.cellar.sql.database;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.Catalog;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.Table;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The statistics {@code UPDATE STATISTICS t} collects, for the planner's cost model: a table's row
 * count when it was last counted. Kept in the catalog table, one row per table of kind
 * {@value #KIND} ({@code sql-planner/docs/catalog-format.md} §9), and cached here. Thread-safe;
 * one per database ({@link #of}).
 */
public final class TableStatistics {
  /** The kind byte of a statistics row of the catalog table. */
  static final byte KIND = 'x';
  static final byte[] FAMILY = Bytes.toBytes(Catalog.FAMILY);
  static final byte[] STATS = Bytes.toBytes("stats");
  static final byte[] MAGIC = {'C', 'S', 'T'};
  static final byte VERSION = 1;
  private static final int LENGTH = MAGIC.length + 1 + 2 * Long.BYTES;

  private final CellarDatabase db;
  /** Row counts by {@code schema 0 table}; -1 for a table without statistics. */
  private final Map<String, Long> rows = new ConcurrentHashMap<>();

  private TableStatistics(CellarDatabase db) {
    this.db = db;
  }

  /** The statistics of {@code db}. */
  public static TableStatistics of(CellarDatabase db) {
    return db.extension(TableStatistics.class, TableStatistics::new);
  }

  /** The row count last collected for a table, if any. */
  public OptionalLong rowCount(String schema, String table) {
    long n = rows.computeIfAbsent(schema + "\0" + table, k -> read(schema, table));
    return n < 0 ? OptionalLong.empty() : OptionalLong.of(n);
  }

  /** Records a table's row count, counted at {@code millis}. */
  public void put(String schema, String table, long rowCount, long millis) {
    byte[] v = ByteBuffer.allocate(LENGTH).put(MAGIC).put(VERSION).putLong(rowCount).putLong(millis).array();
    catalogTable().put(new Put(rowKey(schema, table)).addColumn(FAMILY, STATS, v));
    rows.put(schema + "\0" + table, rowCount);
  }

  /** Forgets a dropped table's statistics. */
  public void remove(String schema, String table) {
    // an empty record, not a delete: a delete marker would hide statistics written in the same millisecond
    catalogTable().put(new Put(rowKey(schema, table)).addColumn(FAMILY, STATS, new byte[0]));
    rows.remove(schema + "\0" + table);
  }

  private long read(String schema, String table) {
    byte[] v = catalogTable().get(new Get(rowKey(schema, table)).addColumn(FAMILY, STATS)).value(FAMILY, STATS);
    if (v == null || v.length == 0) {
      return -1;
    }
    if (v.length != LENGTH || v[0] != MAGIC[0] || v[1] != MAGIC[1] || v[2] != MAGIC[2] || v[3] != VERSION) {
      throw new CellarSqlException(SqlState.DATA_CORRUPTED, "the statistics of table " + table + " in "
          + Catalog.TABLE + " are not a statistics record of format " + VERSION);
    }
    return ByteBuffer.wrap(v, MAGIC.length + 1, Long.BYTES).getLong();
  }

  private Table catalogTable() {
    return db.store().table(Catalog.TABLE);
  }

  /** {@code x 00 schema 00 name}, as the catalog's other rows. */
  static byte[] rowKey(String schema, String name) {
    return Bytes.concat(new byte[] {KIND, 0}, schema.getBytes(StandardCharsets.UTF_8), new byte[] {0},
        name.getBytes(StandardCharsets.UTF_8));
  }
}
