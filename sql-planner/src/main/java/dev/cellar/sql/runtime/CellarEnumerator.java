package dev.cellar.sql.runtime;

import dev.cellar.sql.exec.Cancellation;
import dev.cellar.sql.exec.TableMapping;
import dev.cellar.sql.keyrange.AccessPath;
import dev.cellar.sql.keyrange.TimeBound;
import dev.cellar.sql.profile.QueryProfile;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.Get;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import dev.cellar.storage.filter.Filter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerator;

/**
 * Streams the rows of an access path's keys and ranges ({@link AccessPath#ranges}), decoded
 * through the table's {@link TableMapping}: one row per {@link Result}, its key columns from the
 * rowkey and the others from their cells; for a table with a dynamic family
 * ({@link TableMapping#isDynamic()}) one row per cell of the family instead, in (rowkey,
 * qualifier) order. A limit counts the rows returned. Runs of keys are read as batched gets of up to
 * {@value #GET_BATCH} rows, ranges as scans, in the order given. Nothing is read before the first
 * {@link #moveNext()}; every {@value #CHECK_EVERY} rows it checks the statement's cancel flag and
 * deadline.
 */
public final class CellarEnumerator implements Enumerator<Object> {
  static final int CHECK_EVERY = 256;
  /** Keys read by one batched get. */
  static final int GET_BATCH = 256;
  /**
   * Cells of a dynamic family's row read at a time: a row of a million qualifiers (a user's fans)
   * streams in pages of this many cells rather than being held whole.
   */
  static final int WIDE_ROW_PAGE = 1024;

  private final Table table;
  private final AccessPath path;
  private final DataContext context;
  private final TableMapping mapping;
  private final int[] fields;
  private final boolean scalar;
  private final Cancellation cancel;
  private final ReadStats stats;
  private final Object[] full;
  private final boolean[] wanted;
  private List<AccessPath.KeyRange> ranges;
  private int next;
  private ResultScanner scanner;
  private List<Result> batch = List.of();
  private int batchPos;
  private Object current;
  private long rows;
  private long read;
  private Filter filter;
  /** For a dynamic-family table, the rowkey last counted as a row read. */
  private byte[] lastRow;
  /** For a dynamic-family table, the store row whose cells are being returned. */
  private Result wide;
  private int cell;
  private QueryProfile.ScanStats profile;
  /** Whether each version of a row is a SQL row ({@link TableMapping#readVersions()}, not a dynamic family). */
  private final boolean versioned;
  /** For a versioned table, the versions of the store row being returned, and the next one's index. */
  private List<Result> versions = List.of();
  private int version;
  /** For a versioned table, the store row whose versions are being returned. */
  private Result whole;
  /** The exclusive upper end of the cell timestamps read ({@link TimeBound}). */
  private long maxTs = Long.MAX_VALUE;
  /** Where the statement's rows stop and start again, or null ({@link KeyContinuation}). */
  private final KeyContinuation continuation;

  public CellarEnumerator(Table table, AccessPath path, DataContext context, TableMapping mapping, int[] fields,
      boolean scalar, Cancellation cancel, ReadStats stats) {
    this.table = table;
    this.path = path;
    this.context = context;
    this.mapping = mapping;
    this.fields = fields;
    this.scalar = scalar;
    this.cancel = cancel;
    this.stats = stats;
    this.full = new Object[mapping.fieldCount()];
    this.wanted = new boolean[mapping.fieldCount()];
    for (int f : fields) {
      wanted[f] = true;
    }
    this.versioned = mapping.readVersions() > 1 && !mapping.isDynamic();
    this.continuation = KeyContinuation.attach(path, !mapping.isDynamic() && mapping.readVersions() <= 1);
  }

  /**
   * Whether the query reads only key columns of the latest rows, so that one cell per row tells
   * that the row exists (for a table with a dynamic family, each cell is a row, so no).
   */
  private boolean keyOnly() {
    if (mapping.isDynamic() || versioned || mapping.readVersions() > 1) {
      return false;
    }
    for (int f : fields) {
      if (!mapping.isKey(f)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public Object current() {
    return current;
  }

  @Override
  public boolean moveNext() {
    if (ranges == null) {
      cancel.check();
      QueryProfile p = QueryProfile.current();
      profile = p == null ? null : p.scan(path.table(), path);
      ranges = path.ranges(context, mapping);
      if (continuation != null) {
        ranges = continuation.resume(ranges, path.isReversed());
      }
      filter = path.storageFilter(context, mapping);
      if (filter == null && keyOnly()) {
        // the row's first cell, without its value, is all a read of key columns needs
        filter = new dev.cellar.storage.filter.FilterList(new dev.cellar.storage.filter.FirstKeyOnlyFilter(),
            new dev.cellar.storage.filter.KeyOnlyFilter());
      }
      maxTs = path.time().maxExclusive(context);
    }
    if ((++rows % CHECK_EVERY) == 0) {
      cancel.check();
    }
    long limit = path.limit();
    long t0 = profile == null ? 0 : System.nanoTime();
    Result r = limit >= 0 && read >= limit ? null : mapping.isDynamic() ? nextCellRow()
        : versioned ? nextVersion() : nextResult();
    // a dynamic family's row counts once, on its first cell (its later pages repeat the rowkey);
    // a versioned row on its newest version
    boolean first = mapping.isDynamic() ? cell == 1 : !versioned || version == 1;
    boolean newRow = r != null && first && (!mapping.isDynamic() || !Arrays.equals(r.row(), lastRow));
    if (profile != null) {
      profile.nanos += System.nanoTime() - t0;
      if (r != null && first) {
        profile.rows += newRow ? 1 : 0;
        profile.cells += versioned ? whole.size() : r.size();
      }
    }
    if (r == null) {
      current = null;
      if (continuation != null) {
        continuation.end();
      }
      return false;
    }
    if (continuation != null) {
      continuation.returned(r.row());
    }
    if (newRow) {
      stats.rowsRead.increment();
      lastRow = mapping.isDynamic() ? r.row() : null;
    }
    read++;
    for (int f : fields) {
      full[f] = null;
    }
    if (mapping.isDynamic()) {
      mapping.decodeCellInto(r, r.cells().get(cell - 1), full, wanted);
    } else {
      mapping.decodeInto(r, full, wanted);
    }
    current = output(full, fields, scalar);
    return true;
  }

  /** A row as the generated code takes it: the values of {@code fields} of {@code full}, or the one value when {@code scalar}. */
  static Object output(Object[] full, int[] fields, boolean scalar) {
    if (scalar) {
      return full[fields[0]];
    }
    Object[] row = new Object[fields.length];
    for (int i = 0; i < fields.length; i++) {
      row[i] = full[fields[i]];
    }
    return row;
  }

  /** The store row holding the next cell ({@code cell - 1} in it) of a dynamic-family table. */
  private Result nextCellRow() {
    if (wide != null && cell < wide.size()) {
      cell++;
      return wide;
    }
    do {
      wide = nextResult();
    } while (wide != null && wide.isEmpty());
    cell = wide == null ? 0 : 1;
    return wide;
  }

  /** The next version of a row of a versioned table, newest first, then the next row's. */
  private Result nextVersion() {
    if (version < versions.size()) {
      return versions.get(version++);
    }
    whole = nextResult();
    if (whole == null) {
      versions = List.of();
      version = 0;
      return null;
    }
    versions = mapping.versions(whole);
    version = 1;
    return versions.get(0);
  }

  /** Reads only the cells before {@link #maxTs}: the table as of a point in time. */
  private void bound(dev.cellar.storage.Query<?> q) {
    if (maxTs != Long.MAX_VALUE) {
      q.setTimeRange(0, maxTs);
    }
  }

  /** A scanner of one bucket of a salted range and its next row, while bucket scans are merged. */
  private record Head(Result row, ResultScanner scanner) {}

  /** The bucket scans of a salted range, by next row in unsalted key order; null when not merging. */
  private java.util.PriorityQueue<Head> merge;

  private Result nextResult() {
    while (true) {
      if (merge != null) {
        Head h = merge.poll();
        if (h != null) {
          Result following = h.scanner.next();
          if (following != null) {
            merge.add(new Head(following, h.scanner));
          } else {
            h.scanner.close();
          }
          return h.row;
        }
        merge = null;
      }
      if (scanner != null) {
        Result r = scanner.next();
        if (r != null) {
          return r;
        }
        scanner.close();
        scanner = null;
      }
      while (batchPos < batch.size()) {
        Result r = batch.get(batchPos++);
        if (!r.isEmpty()) {
          return r;
        }
      }
      if (next >= ranges.size()) {
        return null;
      }
      AccessPath.KeyRange range = ranges.get(next);
      if (range.point() && mapping.isDynamic()) {
        // a wide row is read as a one-row scan, page by page, never whole
        range = new AccessPath.KeyRange(range.start(), Bytes.rowAfter(range.start()), false);
      }
      if (range.point()) {
        List<Get> gets = new ArrayList<>();
        while (next < ranges.size() && ranges.get(next).point() && gets.size() < GET_BATCH) {
          Get g = new Get(ranges.get(next++).start());
          mapping.addColumns(g, fields);
          bound(g);
          if (filter != null) {
            g.setFilter(filter.copy());
          }
          gets.add(g);
        }
        stats.requests.increment();
        if (profile != null) {
          profile.requests++;
        }
        batch = gets.size() == 1 ? List.of(table.get(gets.get(0))) : table.get(gets);
        batchPos = 0;
      } else if (range.group() >= 0) {
        openMerge(range.group());
      } else {
        next++;
        scanner = table.scanner(scan(range));
      }
    }
  }

  /** The storage scan of one range: its direction, columns, filter, limit and page size; counted as a request. */
  private Scan scan(AccessPath.KeyRange range) {
    Scan scan;
    if (path.isReversed()) {
      scan = new Scan().setReversed(true).withStartRow(range.stop(), false).withStopRow(range.start(), true);
    } else {
      scan = new Scan().withStartRow(range.start()).withStopRow(range.stop());
    }
    mapping.addColumns(scan, fields);
    bound(scan);
    if (filter != null) {
      scan.setFilter(filter.copy());
    }
    if (path.hasLimit() && !mapping.isDynamic()) {
      scan.setLimit((int) Math.min(Integer.MAX_VALUE, path.limit() - read));
    }
    if (mapping.isDynamic()) {
      scan.setBatch(WIDE_ROW_PAGE);
    }
    stats.requests.increment();
    if (profile != null) {
      profile.requests++;
    }
    return scan;
  }

  /**
   * Opens the bucket scans of the salted range {@code group} (the ranges from {@link #next} on
   * that share it) and merges them by unsalted rowkey, so that rows come in key order.
   */
  private void openMerge(int group) {
    boolean reversed = path.isReversed();
    java.util.Comparator<Head> order = (a, b) -> {
      byte[] x = a.row.row();
      byte[] y = b.row.row();
      int c = Arrays.compareUnsigned(x, 1, x.length, y, 1, y.length);
      return reversed ? -c : c;
    };
    merge = new java.util.PriorityQueue<>(order);
    while (next < ranges.size() && ranges.get(next).group() == group) {
      ResultScanner s = table.scanner(scan(ranges.get(next++)));
      Result first = s.next();
      if (first != null) {
        merge.add(new Head(first, s));
      } else {
        s.close();
      }
    }
  }

  @Override
  public void reset() {
    close();
    if (continuation != null) {
      continuation.reread();
    }
    ranges = null;
    next = 0;
    batch = List.of();
    batchPos = 0;
    rows = 0;
    read = 0;
    wide = null;
    cell = 0;
    versions = List.of();
    version = 0;
    whole = null;
  }

  @Override
  public void close() {
    if (merge != null) {
      for (Head h : merge) {
        h.scanner.close();
      }
      merge = null;
    }
    if (scanner != null) {
      scanner.close();
      scanner = null;
    }
  }
}
