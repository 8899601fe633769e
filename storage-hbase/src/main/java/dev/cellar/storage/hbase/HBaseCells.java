package dev.cellar.storage.hbase;

import dev.cellar.storage.Cell;
import dev.cellar.storage.CellType;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Durability;
import dev.cellar.storage.Get;
import dev.cellar.storage.Increment;
import dev.cellar.storage.Mutation;
import dev.cellar.storage.Put;
import dev.cellar.storage.Query;
import dev.cellar.storage.Result;
import dev.cellar.storage.Scan;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import org.apache.hadoop.hbase.CellUtil;

/**
 * Converts between the storage API's values and the HBase client's: cells, results, puts,
 * deletes, increments, gets and scans. The data model is HBase's, so every conversion is one to
 * one: the same row, family, qualifier, timestamp, type and value bytes; {@link Mutation#LATEST_TIMESTAMP}
 * is HBase's {@code HConstants.LATEST_TIMESTAMP}.
 */
final class HBaseCells {
  private HBaseCells() {}

  /** A Cellar cell with the HBase cell's coordinates, type and value (sequence number 0). */
  static Cell toCellar(org.apache.hadoop.hbase.Cell c) {
    return new Cell(CellUtil.cloneRow(c), CellUtil.cloneFamily(c), CellUtil.cloneQualifier(c), c.getTimestamp(),
        type(c), CellUtil.cloneValue(c));
  }

  static CellType type(org.apache.hadoop.hbase.Cell c) {
    CellType t = CellType.fromCode(c.getTypeByte() & 0xff);
    if (t == null || !t.isStorable()) {
      throw new IllegalStateException("HBase cell " + c + " has a type Cellar does not know");
    }
    return t;
  }

  /**
   * The Cellar result of an HBase result (empty if it has no cells). The cells of one row share
   * one copy of the row key, and cells of one family one copy of its name (cells are immutable).
   */
  static Result toCellar(org.apache.hadoop.hbase.client.Result r) {
    if (r == null || r.isEmpty()) {
      return Result.empty();
    }
    return Result.ofOwned(cells(r));
  }

  /** The cells of a non-empty HBase result, as {@link #toCellar(org.apache.hadoop.hbase.client.Result)} makes them, in a list the caller owns. */
  static List<Cell> cells(org.apache.hadoop.hbase.client.Result r) {
    org.apache.hadoop.hbase.Cell[] raw = r.rawCells();
    List<Cell> cells = new ArrayList<>(raw.length);
    byte[] row = CellUtil.cloneRow(raw[0]);
    byte[] family = null;
    for (org.apache.hadoop.hbase.Cell c : raw) {
      if (family == null || !CellUtil.matchingFamily(c, family)) {
        family = CellUtil.cloneFamily(c);
      }
      byte[] cellRow = CellUtil.matchingRows(c, row) ? row : CellUtil.cloneRow(c);
      byte[] qualifier = c.getQualifierLength() == 0 ? dev.cellar.storage.Bytes.EMPTY : CellUtil.cloneQualifier(c);
      cells.add(new Cell(cellRow, family, qualifier, c.getTimestamp(), type(c), CellUtil.cloneValue(c)));
    }
    return cells;
  }

  static org.apache.hadoop.hbase.client.Durability durability(Durability d) {
    return switch (d) {
      case USE_DEFAULT -> org.apache.hadoop.hbase.client.Durability.USE_DEFAULT;
      case SKIP_WAL -> org.apache.hadoop.hbase.client.Durability.SKIP_WAL;
      case ASYNC_WAL -> org.apache.hadoop.hbase.client.Durability.ASYNC_WAL;
      case SYNC_WAL -> org.apache.hadoop.hbase.client.Durability.SYNC_WAL;
      case FSYNC_WAL -> org.apache.hadoop.hbase.client.Durability.FSYNC_WAL;
    };
  }

  /** The HBase mutation of a put or a delete; {@code defaultDurability} replaces USE_DEFAULT. */
  static org.apache.hadoop.hbase.client.Mutation toHBase(Mutation m, Durability defaultDurability) {
    Durability d = m.durability() == Durability.USE_DEFAULT ? defaultDurability : m.durability();
    if (m instanceof Put p) {
      var put = new org.apache.hadoop.hbase.client.Put(p.row(), p.timestamp());
      for (Cell c : p.cells()) {
        put.addColumn(c.family(), c.qualifier(), c.timestamp(), c.value());
      }
      put.setDurability(durability(d));
      return put;
    }
    if (m instanceof Delete del) {
      var out = new org.apache.hadoop.hbase.client.Delete(del.row(), del.timestamp());
      for (Cell c : del.cells()) {
        switch (c.type()) {
          case DELETE -> out.addColumn(c.family(), c.qualifier(), c.timestamp());
          case DELETE_COLUMN -> out.addColumns(c.family(), c.qualifier(), c.timestamp());
          case DELETE_FAMILY -> out.addFamily(c.family(), c.timestamp());
          case DELETE_FAMILY_VERSION -> out.addFamilyVersion(c.family(), c.timestamp());
          default -> throw new IllegalArgumentException("a delete holds a cell of type " + c.type());
        }
      }
      out.setDurability(durability(d));
      return out;
    }
    throw new IllegalArgumentException("unknown mutation " + m.getClass().getName());
  }

  static org.apache.hadoop.hbase.client.Increment toHBase(Increment inc, Durability defaultDurability) {
    var out = new org.apache.hadoop.hbase.client.Increment(inc.row());
    for (Increment.Column c : inc.columns()) {
      out.addColumn(c.family(), c.qualifier(), c.amount());
    }
    Durability d = inc.durability() == Durability.USE_DEFAULT ? defaultDurability : inc.durability();
    out.setDurability(durability(d));
    return out;
  }

  /** The HBase get of a Cellar get, without its filter (see {@link HBaseFilters}). */
  static org.apache.hadoop.hbase.client.Get toHBase(Get g) {
    var out = new org.apache.hadoop.hbase.client.Get(g.row());
    columns(g, out::addFamily, out::addColumn);
    try {
      out.setTimeRange(g.timeRange().min(), g.timeRange().max());
      out.readVersions(g.maxVersions());
    } catch (IOException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    return out;
  }

  /** The HBase scan of a Cellar scan, without its filter, limit and batch (the caller decides those). */
  static org.apache.hadoop.hbase.client.Scan toHBase(Scan s) {
    var out = new org.apache.hadoop.hbase.client.Scan();
    out.withStartRow(s.startRow(), s.includeStartRow());
    out.withStopRow(s.stopRow(), s.includeStopRow());
    out.setReversed(s.isReversed());
    if (s.isReversed()) {
      // HBase refuses reversed scans that load families on demand (a SingleColumnValueFilter would)
      out.setLoadColumnFamiliesOnDemand(false);
    }
    out.setCaching(s.caching());
    columns(s, out::addFamily, out::addColumn);
    try {
      out.setTimeRange(s.timeRange().min(), s.timeRange().max());
    } catch (IOException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    out.readVersions(s.maxVersions());
    return out;
  }

  private interface FamilyAdder {
    Object add(byte[] family);
  }

  private interface ColumnAdder {
    Object add(byte[] family, byte[] qualifier);
  }

  private static void columns(Query<?> q, FamilyAdder family, ColumnAdder column) {
    for (Map.Entry<byte[], NavigableSet<byte[]>> e : q.columns().entrySet()) {
      if (e.getValue() == null) {
        family.add(e.getKey());
      } else {
        for (byte[] qualifier : e.getValue()) {
          column.add(e.getKey(), qualifier);
        }
      }
    }
  }
}
