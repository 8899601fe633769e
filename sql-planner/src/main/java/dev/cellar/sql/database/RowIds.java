package dev.cellar.sql.database;

import dev.cellar.sql.catalog.Catalog;
import dev.cellar.storage.Bytes;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Rowkeys for tables without a primary key. Each row gets the next value of a per-table
 * counter, reserved durably from the catalog table in blocks of {@value #BLOCK} (so ids are
 * unique across restarts; a restart skips the rest of a block), and its rowkey is that 64-bit
 * id <em>bit-reversed</em>: consecutive ids differ in their first bit, so inserts spread evenly
 * over the whole key space instead of piling onto the last region (SEEDS.md §4, "reversing").
 * Keys are 8 bytes and never repeat.
 */
public final class RowIds {
  /** Ids reserved per round trip to the catalog table. */
  static final int BLOCK = 1000;

  private final Catalog catalog;
  private final Map<String, Range> ranges = new ConcurrentHashMap<>();

  RowIds(Catalog catalog) {
    this.catalog = catalog;
  }

  /** The next rowkey of the table. */
  public byte[] nextKey(String schema, String table) {
    Range r = ranges.computeIfAbsent(schema + "\0" + table, k -> new Range());
    long id;
    synchronized (r) {
      if (r.next == r.end) {
        r.next = catalog.reserveRowIds(schema, table, BLOCK);
        r.end = r.next + BLOCK;
      }
      id = r.next++;
    }
    return key(id);
  }

  /**
   * Reserves {@code count} ids of the table durably, for rows whose keys must be known before
   * they are written (a load that may write a chunk again after a crash); returns the first.
   */
  public long reserve(String schema, String table, int count) {
    return catalog.reserveRowIds(schema, table, count);
  }

  /** The rowkey of id {@code id}. */
  public static byte[] key(long id) {
    return Bytes.toBytes(Long.reverse(id));
  }

  /** Forgets the reserved block of a dropped table. */
  public void forget(String schema, String table) {
    ranges.remove(schema + "\0" + table);
  }

  private static final class Range {
    long next;
    long end;
  }
}
