package dev.cellar.sql.database;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.Catalog;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.Table;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The statistics {@code UPDATE STATISTICS t} collects, for the planner's cost model and the
 * schema advice: a table's row count when it was last counted and, for a table of several
 * column families, the rows with a cell in each family. Kept in the catalog table, one row per
 * table of kind {@value #KIND} ({@code sql-planner/docs/catalog-format.md} §7, record formats 1
 * and 2), and cached here. Thread-safe; one per database ({@link #of}).
 */
public final class TableStatistics {
  /** The kind byte of a statistics row of the catalog table. */
  static final byte KIND = 'x';
  static final byte[] FAMILY = Bytes.toBytes(Catalog.FAMILY);
  static final byte[] STATS = Bytes.toBytes("stats");
  static final byte[] MAGIC = {'C', 'S', 'T'};
  /** The record format written: 2, with the families' row counts. */
  static final byte VERSION = 2;
  /** The record format before it: the row count and the time only. */
  static final byte VERSION_1 = 1;
  private static final int LENGTH_1 = MAGIC.length + 1 + 2 * Long.BYTES;
  /** The most families (and bytes of a family name) a format 2 record holds: two unsigned bytes. */
  private static final int MAX_U16 = 0xffff;

  /**
   * A table's statistics as last collected.
   *
   * @param rows the table's rows (for a table of one row per cell, its cells)
   * @param millis when they were counted, in milliseconds since the epoch
   * @param familyRows for a table of two or more families, the rows with at least one cell in
   *     each family, by family name in the order counted; empty for a table of one family and for
   *     a record of format 1
   */
  public record Counts(long rows, long millis, Map<String, Long> familyRows) {
    public Counts {
      familyRows = Collections.unmodifiableMap(new LinkedHashMap<>(familyRows));
    }
  }

  /** The cached statistics of a table without any. */
  private static final Counts NONE = new Counts(-1, 0, Map.of());

  private final CellarDatabase db;
  /** Statistics by {@code schema 0 table}; {@link #NONE} for a table without statistics. */
  private final Map<String, Counts> counts = new ConcurrentHashMap<>();

  private TableStatistics(CellarDatabase db) {
    this.db = db;
  }

  /** The statistics of {@code db}. */
  public static TableStatistics of(CellarDatabase db) {
    return db.extension(TableStatistics.class, TableStatistics::new);
  }

  /** The row count last collected for a table, if any. */
  public OptionalLong rowCount(String schema, String table) {
    Optional<Counts> c = counts(schema, table);
    return c.isEmpty() ? OptionalLong.empty() : OptionalLong.of(c.get().rows());
  }

  /**
   * The statistics last collected for a table, if any.
   *
   * @throws CellarSqlException XX001, naming the table, if its record is of no format this code reads
   */
  public Optional<Counts> counts(String schema, String table) {
    Counts c = counts.computeIfAbsent(schema + "\0" + table, k -> read(schema, table));
    return c == NONE ? Optional.empty() : Optional.of(c);
  }

  /** Records a table's statistics (a record of format {@value #VERSION}). */
  public void put(String schema, String table, Counts c) {
    catalogTable().put(new Put(rowKey(schema, table)).addColumn(FAMILY, STATS, encode(c)));
    counts.put(schema + "\0" + table, c);
  }

  /** Forgets a dropped table's statistics. */
  public void remove(String schema, String table) {
    // an empty record, not a delete: a delete marker would hide statistics written in the same millisecond
    catalogTable().put(new Put(rowKey(schema, table)).addColumn(FAMILY, STATS, new byte[0]));
    counts.remove(schema + "\0" + table);
  }

  /** The record of {@code c} in format {@value #VERSION} ({@code catalog-format.md} §7). */
  static byte[] encode(Counts c) {
    if (c.familyRows().size() > MAX_U16) {
      throw new IllegalArgumentException("a statistics record holds at most " + MAX_U16 + " families");
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.write(MAGIC);
      out.writeByte(VERSION);
      out.writeLong(c.rows());
      out.writeLong(c.millis());
      out.writeShort(c.familyRows().size());
      for (Map.Entry<String, Long> f : c.familyRows().entrySet()) {
        byte[] name = f.getKey().getBytes(StandardCharsets.UTF_8);
        if (name.length > MAX_U16) {
          throw new IllegalArgumentException("family name of " + name.length + " bytes");
        }
        out.writeShort(name.length);
        out.write(name);
        out.writeLong(f.getValue());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a byte array does not fail
    }
    return bytes.toByteArray();
  }

  /** The statistics a record holds; {@link #NONE} for an empty one. */
  static Counts decode(String table, byte[] v) {
    if (v == null || v.length == 0) {
      return NONE;
    }
    if (v.length < LENGTH_1 || v[0] != MAGIC[0] || v[1] != MAGIC[1] || v[2] != MAGIC[2]
        || (v[3] != VERSION_1 && v[3] != VERSION) || (v[3] == VERSION_1 && v.length != LENGTH_1)) {
      throw corrupted(table);
    }
    ByteBuffer in = ByteBuffer.wrap(v, MAGIC.length + 1, v.length - MAGIC.length - 1);
    long rows = in.getLong();
    long millis = in.getLong();
    if (v[3] == VERSION_1) {
      return new Counts(rows, millis, Map.of());
    }
    try {
      int n = Short.toUnsignedInt(in.getShort());
      Map<String, Long> families = new LinkedHashMap<>();
      for (int i = 0; i < n; i++) {
        byte[] name = new byte[Short.toUnsignedInt(in.getShort())];
        in.get(name);
        families.put(new String(name, StandardCharsets.UTF_8), in.getLong());
      }
      if (in.hasRemaining() || families.size() != n) {
        throw corrupted(table);
      }
      return new Counts(rows, millis, families);
    } catch (BufferUnderflowException e) {
      throw corrupted(table);
    }
  }

  private static CellarSqlException corrupted(String table) {
    return new CellarSqlException(SqlState.DATA_CORRUPTED, "the statistics of table " + table + " in "
        + Catalog.TABLE + " are not a statistics record of format " + VERSION_1 + " or " + VERSION);
  }

  private Counts read(String schema, String table) {
    return decode(table, catalogTable().get(new Get(rowKey(schema, table)).addColumn(FAMILY, STATS)).value(FAMILY, STATS));
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
