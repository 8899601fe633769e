package dev.cellar.storage.hbase;

import dev.cellar.storage.Cell;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.filter.ClientFilter;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A scan over HBase: the region servers apply the range, columns, time range, versions and the
 * translatable filter; this class applies a filter that runs in the client, the row limit (and
 * a top-level page size: HBase counts pages per region) and the batch size (rows come whole from
 * the servers and are cut into results of at most {@code batch} cells here). Unlike the embedded
 * engine's, the scan does not read one snapshot: HBase gives each row's cells atomically, but rows
 * written while it runs may or may not be seen.
 */
final class HBaseScanner implements ResultScanner {
  private final HBaseTable table;
  private final org.apache.hadoop.hbase.client.Table hTable;
  private final org.apache.hadoop.hbase.client.ResultScanner scanner;
  private final ClientFilter clientFilter;
  private final long limit;
  private final int batch;
  private final ArrayDeque<Result> pending = new ArrayDeque<>();
  private long rows;
  private boolean done;
  private boolean closed;

  HBaseScanner(HBaseTable table, org.apache.hadoop.hbase.client.Table hTable, Scan scan) throws IOException {
    this.table = table;
    this.hTable = hTable;
    HBaseFilters.Plan plan = HBaseFilters.plan(scan.filter(), false);
    var hscan = HBaseCells.toHBase(scan);
    if (plan.server() != null) {
      hscan.setFilter(plan.server());
    }
    long l = scan.limit();
    if (plan.pageLimit() > 0) {
      l = l == 0 ? plan.pageLimit() : Math.min(l, plan.pageLimit());
    }
    this.limit = l;
    this.clientFilter = plan.client() == null ? null : new ClientFilter(plan.client(), scan.isReversed());
    if (clientFilter == null && limit > 0 && limit <= Integer.MAX_VALUE) {
      hscan.setLimit((int) limit);
      if (limit < hscan.getCaching() || hscan.getCaching() <= 0) {
        hscan.setCaching((int) limit);
      }
    }
    this.batch = scan.batch();
    try {
      this.scanner = hTable.getScanner(hscan);
    } catch (IOException | RuntimeException e) {
      hTable.close();
      throw e;
    }
  }

  @Override
  public Result next() {
    while (pending.isEmpty()) {
      if (done || closed) {
        return null;
      }
      org.apache.hadoop.hbase.client.Result r;
      try {
        r = scanner.next();
      } catch (IOException | RuntimeException e) {
        close();
        throw HBaseErrors.translate(e, table.name(), "scan");
      }
      if (r == null) {
        done = true;
        return null;
      }
      if (r.isEmpty()) {
        continue;
      }
      List<Cell> cells = HBaseCells.cells(r);
      if (clientFilter != null) {
        cells = clientFilter.apply(cells);
        if (clientFilter.done()) {
          done = true;
        }
        if (cells == null) {
          continue;
        }
      }
      if (cells.isEmpty()) {
        continue;
      }
      if (limit > 0 && rows >= limit) {
        done = true;
        return null;
      }
      rows++;
      if (batch > 0 && cells.size() > batch) {
        for (int i = 0; i < cells.size(); i += batch) {
          pending.add(Result.ofOwned(new ArrayList<>(cells.subList(i, Math.min(cells.size(), i + batch)))));
        }
      } else {
        pending.add(Result.ofOwned(cells));
      }
      if (limit > 0 && rows >= limit) {
        done = true;
      }
    }
    return pending.poll();
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    scanner.close();
    try {
      hTable.close();
    } catch (IOException e) {
      // nothing is held that the connection does not release
    }
  }
}
