package dev.cellar.storage.model;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.CellType;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Get;
import dev.cellar.storage.Mutation;
import dev.cellar.storage.NoSuchFamilyException;
import dev.cellar.storage.Query;
import dev.cellar.storage.Result;
import dev.cellar.storage.Scan;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.TimeRange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A trivially correct in-memory model of one table, against which the engine is compared.
 *
 * <p>It keeps, for every (row, family, qualifier), every put ever written (timestamp, value,
 * write order) and every delete marker ever written, and computes each read from scratch by the
 * rules below. Nothing is ever dropped (there is no compaction). It is written to be obviously
 * right, not fast.
 *
 * <ul>
 *   <li>A cell or marker without an explicit timestamp gets the batch's {@code now}.</li>
 *   <li>Of two puts with the same row, family, qualifier and timestamp, the later write wins.</li>
 *   <li>A marker masks matching puts whatever the write order: family (ts &le; T), family
 *       version (ts == T), column (ts &le; T), version (ts == T).</li>
 *   <li>"Delete the latest version" (a version marker without timestamp) resolves, when
 *       written, to the timestamp of the column's newest visible version (a one-version read
 *       of that column before the batch), or to now if there is none.</li>
 *   <li>A delete with nothing added is a family marker on every family.</li>
 *   <li>Reading a column: the distinct unmasked put timestamps, newest first; skip those
 *       &ge; the range's max, stop at the first below its min, count the others and stop past
 *       min(query versions, family VERSIONS), or at an expired one (TTL) once MIN_VERSIONS
 *       have been returned.</li>
 * </ul>
 */
public final class ModelTable {
  private final TableDescriptor descriptor;
  /** row → family → everything written to that family of that row. */
  private final TreeMap<byte[], TreeMap<byte[], FamilyData>> rows = new TreeMap<>(Bytes::compare);
  private long writeOrder;

  public ModelTable(TableDescriptor descriptor) {
    this.descriptor = descriptor;
  }

  public TableDescriptor descriptor() {
    return descriptor;
  }

  /** One put as written. */
  private record PutRecord(long ts, byte[] value, long order) {}

  /** One delete marker as written. */
  private record Marker(CellType type, long ts) {}

  /** Everything written to one column of one row. */
  private static final class ColumnData {
    final List<PutRecord> puts = new ArrayList<>();
    /** DELETE and DELETE_COLUMN markers. */
    final List<Marker> markers = new ArrayList<>();
  }

  /** Everything written to one family of one row. */
  private static final class FamilyData {
    /** DELETE_FAMILY and DELETE_FAMILY_VERSION markers. */
    final List<Marker> markers = new ArrayList<>();
    final TreeMap<byte[], ColumnData> columns = new TreeMap<>(Bytes::compare);
  }

  // ---------------------------------------------------------------- writes

  /**
   * Applies a batch atomically at time {@code now}: either every mutation or, if one names a
   * family the table lacks, none (then it throws).
   */
  public void apply(List<? extends Mutation> batch, long now) {
    for (Mutation m : batch) {
      for (Cell c : m.cells()) {
        familyDescriptor(c.family());
      }
    }
    // Resolve every timestamp against the state before the batch.
    List<Cell> resolved = new ArrayList<>();
    for (Mutation m : batch) {
      if (m instanceof Delete d && d.isRowDelete()) {
        long ts = d.timestamp() == Mutation.LATEST_TIMESTAMP ? now : d.timestamp();
        for (ColumnFamilyDescriptor f : descriptor.families()) {
          resolved.add(new Cell(d.row(), f.nameBytes(), Bytes.EMPTY, ts, CellType.DELETE_FAMILY, Bytes.EMPTY));
        }
        continue;
      }
      for (Cell c : m.cells()) {
        long ts = c.timestamp();
        if (ts == Mutation.LATEST_TIMESTAMP) {
          if (c.type() == CellType.DELETE) {
            List<Cell> newest = readColumn(c.row(), c.family(), c.qualifier(), 1, TimeRange.ALL, now);
            ts = newest.isEmpty() ? now : newest.get(0).timestamp();
          } else {
            ts = now;
          }
        }
        resolved.add(c.withTimestamp(ts));
      }
    }
    for (Cell c : resolved) {
      record(c);
    }
  }

  private void record(Cell c) {
    FamilyData fam = rows.computeIfAbsent(c.row(), r -> new TreeMap<>(Bytes::compare))
        .computeIfAbsent(c.family(), f -> new FamilyData());
    switch (c.type()) {
      case PUT -> column(fam, c.qualifier()).puts.add(new PutRecord(c.timestamp(), c.value(), ++writeOrder));
      case DELETE, DELETE_COLUMN -> column(fam, c.qualifier()).markers.add(new Marker(c.type(), c.timestamp()));
      case DELETE_FAMILY, DELETE_FAMILY_VERSION -> fam.markers.add(new Marker(c.type(), c.timestamp()));
      default -> throw new IllegalArgumentException("not a storable cell: " + c);
    }
  }

  private static ColumnData column(FamilyData fam, byte[] qualifier) {
    return fam.columns.computeIfAbsent(qualifier, q -> new ColumnData());
  }

  private ColumnFamilyDescriptor familyDescriptor(byte[] family) {
    for (ColumnFamilyDescriptor f : descriptor.families()) {
      if (Arrays.equals(f.nameBytes(), family)) {
        return f;
      }
    }
    throw new NoSuchFamilyException("model: table '" + descriptor.name() + "' has no column family '"
        + Bytes.toStringBinary(family) + "'");
  }

  // ---------------------------------------------------------------- reads

  /** Whether a put at {@code ts} is masked by any marker of its family or column. */
  private static boolean masked(FamilyData fam, ColumnData col, long ts) {
    for (Marker m : fam.markers) {
      if (m.type() == CellType.DELETE_FAMILY && ts <= m.ts()) {
        return true;
      }
      if (m.type() == CellType.DELETE_FAMILY_VERSION && ts == m.ts()) {
        return true;
      }
    }
    for (Marker m : col.markers) {
      if (m.type() == CellType.DELETE_COLUMN && ts <= m.ts()) {
        return true;
      }
      if (m.type() == CellType.DELETE && ts == m.ts()) {
        return true;
      }
    }
    return false;
  }

  /** The visible versions of one column, newest first. */
  private List<Cell> readColumn(byte[] row, byte[] family, byte[] qualifier, int queryVersions, TimeRange range,
      long now) {
    List<Cell> out = new ArrayList<>();
    TreeMap<byte[], FamilyData> families = rows.get(row);
    FamilyData fam = families == null ? null : families.get(family);
    ColumnData col = fam == null ? null : fam.columns.get(qualifier);
    if (col == null) {
      return out;
    }
    ColumnFamilyDescriptor fd = familyDescriptor(family);
    TreeSet<Long> timestamps = new TreeSet<>();
    for (PutRecord p : col.puts) {
      if (!masked(fam, col, p.ts())) {
        timestamps.add(p.ts());
      }
    }
    int cap = Math.min(queryVersions, fd.maxVersions());
    int count = 0;
    for (long ts : timestamps.descendingSet()) {
      if (ts >= range.max()) {
        continue;
      }
      if (ts < range.min()) {
        break;
      }
      count++;
      if (count > cap) {
        break;
      }
      if (fd.hasTtl() && ts < now - fd.ttlSeconds() * 1000L && count > fd.minVersions()) {
        break;
      }
      PutRecord latest = null;
      for (PutRecord p : col.puts) {
        if (p.ts() == ts && (latest == null || p.order() > latest.order())) {
          latest = p;
        }
      }
      out.add(new Cell(row, family, qualifier, ts, CellType.PUT, latest.value()));
    }
    return out;
  }

  /** The columns a query reads: family → qualifiers (null = all); checks the families exist. */
  private TreeMap<byte[], NavigableSet<byte[]>> requested(Query<?> q) {
    TreeMap<byte[], NavigableSet<byte[]>> out = new TreeMap<>(Bytes::compare);
    if (q.columns().isEmpty()) {
      for (ColumnFamilyDescriptor f : descriptor.families()) {
        out.put(f.nameBytes(), null);
      }
      return out;
    }
    for (Map.Entry<byte[], NavigableSet<byte[]>> e : q.columns().entrySet()) {
      familyDescriptor(e.getKey());
      out.put(e.getKey(), e.getValue());
    }
    return out;
  }

  /** Every visible cell of one row for a query, in {@link CellComparator} order. */
  private List<Cell> readRow(byte[] row, TreeMap<byte[], NavigableSet<byte[]>> columns, Query<?> q, long now) {
    List<Cell> out = new ArrayList<>();
    TreeMap<byte[], FamilyData> families = rows.get(row);
    if (families == null) {
      return out;
    }
    for (Map.Entry<byte[], NavigableSet<byte[]>> e : columns.entrySet()) {
      FamilyData fam = families.get(e.getKey());
      if (fam == null) {
        continue;
      }
      for (byte[] qualifier : fam.columns.keySet()) {
        if (e.getValue() == null || e.getValue().contains(qualifier)) {
          out.addAll(readColumn(row, e.getKey(), qualifier, q.maxVersions(), q.timeRange(), now));
        }
      }
    }
    out.sort(CellComparator.INSTANCE);
    return out;
  }

  /** What a {@link Get} returns at time {@code now}. */
  public Result get(Get get, long now) {
    return Result.of(readRow(get.row(), requested(get), get, now));
  }

  /** Whether {@code row} lies in the scan's key range. */
  static boolean inRange(Scan scan, byte[] row) {
    byte[] lower;
    boolean lowerInclusive;
    byte[] upper;
    boolean upperInclusive;
    if (scan.isReversed()) {
      upper = scan.startRow();
      upperInclusive = scan.includeStartRow();
      lower = scan.stopRow();
      lowerInclusive = scan.includeStopRow();
    } else {
      lower = scan.startRow();
      lowerInclusive = scan.includeStartRow();
      upper = scan.stopRow();
      upperInclusive = scan.includeStopRow();
    }
    if (lower.length > 0) {
      int c = Bytes.compare(row, lower);
      if (c < 0 || (c == 0 && !lowerInclusive)) {
        return false;
      }
    }
    if (upper.length > 0) {
      int c = Bytes.compare(row, upper);
      if (c > 0 || (c == 0 && !upperInclusive)) {
        return false;
      }
    }
    return true;
  }

  /** Every result a {@link Scan} returns at time {@code now}, in order. */
  public List<Result> scan(Scan scan, long now) {
    TreeMap<byte[], NavigableSet<byte[]>> columns = requested(scan);
    List<Result> out = new ArrayList<>();
    NavigableSet<byte[]> keys = scan.isReversed() ? rows.descendingKeySet() : rows.navigableKeySet();
    int rowsReturned = 0;
    for (byte[] row : keys) {
      if (scan.limit() > 0 && rowsReturned == scan.limit()) {
        break;
      }
      if (!inRange(scan, row)) {
        continue;
      }
      List<Cell> cells = readRow(row, columns, scan, now);
      if (cells.isEmpty()) {
        continue;
      }
      rowsReturned++;
      int step = scan.batch() == 0 ? cells.size() : scan.batch();
      for (int i = 0; i < cells.size(); i += step) {
        out.add(Result.of(cells.subList(i, Math.min(cells.size(), i + step))));
      }
    }
    return out;
  }

  /** Every row key ever written to (visible or not), in order. */
  public List<byte[]> rowKeys() {
    return new ArrayList<>(rows.keySet());
  }
}
