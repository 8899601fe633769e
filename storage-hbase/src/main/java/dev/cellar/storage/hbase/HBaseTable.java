package dev.cellar.storage.hbase;

import dev.cellar.storage.BulkLoad;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CheckAndMutate;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Get;
import dev.cellar.storage.Increment;
import dev.cellar.storage.Mutation;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.ScanVisitor;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.filter.ClientFilter;
import dev.cellar.storage.filter.Filter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.RowMutations;

/**
 * {@link Table} over an HBase table. Each mutation is atomic for its row, as HBase makes it;
 * {@link #batch} and the list forms of {@link #put} and {@link #delete} are <em>not</em> atomic
 * across rows (see {@link dev.cellar.storage.CellarStore#atomicMultiRowBatches()}): HBase applies
 * each row on its own, and a failure may leave some rows written. A multi-get reads each row at
 * its own moment. Filters run on the region servers where HBase has an equivalent, in the client
 * otherwise ({@link HBaseFilters}); {@link #describeFilter} says which. Bulk loads are not
 * supported yet.
 */
final class HBaseTable implements Table {
  private final HBaseStore store;
  private final String name;
  private final TableName tableName;

  HBaseTable(HBaseStore store, String name) {
    this.store = store;
    this.name = name;
    this.tableName = store.tableName(name);
  }

  private interface TableCall<T> {
    T call(org.apache.hadoop.hbase.client.Table t) throws IOException;
  }

  private <T> T run(String what, TableCall<T> call) {
    store.checkOpen();
    try (org.apache.hadoop.hbase.client.Table t = store.connection().getTable(tableName)) {
      return call.call(t);
    } catch (IOException | RuntimeException e) {
      if (e instanceof dev.cellar.storage.StorageException || e instanceof IllegalArgumentException
          || e instanceof UnsupportedOperationException) {
        throw (RuntimeException) e;
      }
      throw HBaseErrors.translate(e, name, what);
    }
  }

  /** The HBase table this reads and writes. */
  TableName tableName() {
    return tableName;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public TableDescriptor descriptor() {
    return store.admin().describe(name);
  }

  @Override
  public void put(Put put) {
    if (put.isEmpty()) {
      throw new IllegalArgumentException("a put of row '" + dev.cellar.storage.Bytes.toStringBinary(put.row())
          + "' into table '" + name + "' has no cells");
    }
    run("write to", t -> {
      t.put((org.apache.hadoop.hbase.client.Put) HBaseCells.toHBase(put, store.defaultDurability()));
      return null;
    });
  }

  @Override
  public void put(List<Put> puts) {
    batch(puts);
  }

  @Override
  public void delete(Delete delete) {
    run("delete from", t -> {
      t.delete((org.apache.hadoop.hbase.client.Delete) HBaseCells.toHBase(delete, store.defaultDurability()));
      return null;
    });
  }

  @Override
  public void delete(List<Delete> deletes) {
    batch(deletes);
  }

  @Override
  public void batch(List<? extends Mutation> mutations) {
    if (mutations.isEmpty()) {
      return;
    }
    List<org.apache.hadoop.hbase.client.Row> actions = new ArrayList<>(mutations.size());
    for (Mutation m : mutations) {
      actions.add(HBaseCells.toHBase(m, store.defaultDurability()));
    }
    run("write to", t -> {
      try {
        t.batch(actions, new Object[actions.size()]);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new java.io.InterruptedIOException("interrupted while writing");
      }
      return null;
    });
  }

  /**
   * {@inheritDoc}
   *
   * @throws UnsupportedOperationException for {@link CheckAndMutate.Condition#ROW_ABSENT}: HBase's
   *     check-and-mutate tests one column (or a filter that must match a cell), so "the row has no
   *     cell" cannot be checked atomically
   */
  @Override
  public boolean checkAndMutate(CheckAndMutate cam) {
    var hcam = toHBase(cam);
    return run("check and write", t -> t.checkAndMutate(hcam).isSuccess());
  }

  /** The check-and-mutates sent together: HBase groups them into one request per region server. */
  @Override
  public boolean[] checkAndMutate(List<CheckAndMutate> checks) {
    if (checks.size() <= 1) {
      return checks.isEmpty() ? new boolean[0] : new boolean[] {checkAndMutate(checks.get(0))};
    }
    List<org.apache.hadoop.hbase.client.CheckAndMutate> hcams = new ArrayList<>(checks.size());
    for (CheckAndMutate cam : checks) {
      hcams.add(toHBase(cam));
    }
    return run("check and write", t -> {
      List<org.apache.hadoop.hbase.client.CheckAndMutateResult> results = t.checkAndMutate(hcams);
      boolean[] held = new boolean[results.size()];
      for (int i = 0; i < held.length; i++) {
        held[i] = results.get(i).isSuccess();
      }
      return held;
    });
  }

  private org.apache.hadoop.hbase.client.CheckAndMutate toHBase(CheckAndMutate cam) {
    var b = org.apache.hadoop.hbase.client.CheckAndMutate.newBuilder(cam.row());
    switch (cam.condition()) {
      case VALUE_EQUALS -> b.ifEquals(cam.family(), cam.qualifier(), cam.expected());
      case COLUMN_ABSENT -> b.ifNotExists(cam.family(), cam.qualifier());
      case ROW_ABSENT -> throw new UnsupportedOperationException("table '" + name + "' is an HBase table, and HBase "
          + "cannot check atomically that a row has no cell; check a column with ifNotExists instead");
      default -> throw new IllegalArgumentException("condition " + cam.condition());
    }
    org.apache.hadoop.hbase.client.CheckAndMutate hcam;
    List<Mutation> ms = cam.mutations();
    if (ms.size() == 1 && ms.get(0) instanceof Put p) {
      hcam = b.build((org.apache.hadoop.hbase.client.Put) HBaseCells.toHBase(p, store.defaultDurability()));
    } else if (ms.size() == 1 && ms.get(0) instanceof Delete d) {
      hcam = b.build((org.apache.hadoop.hbase.client.Delete) HBaseCells.toHBase(d, store.defaultDurability()));
    } else {
      RowMutations rm = new RowMutations(cam.row(), ms.size());
      for (Mutation m : ms) {
        try {
          rm.add(HBaseCells.toHBase(m, store.defaultDurability()));
        } catch (IOException e) {
          throw new IllegalArgumentException(e.getMessage(), e);
        }
      }
      hcam = b.build(rm);
    }
    return hcam;
  }

  @Override
  public Result increment(Increment increment) {
    if (increment.columns().isEmpty()) {
      throw new IllegalArgumentException("an increment of table '" + name + "' has no column");
    }
    return run("increment a counter of",
        t -> HBaseCells.toCellar(t.increment(HBaseCells.toHBase(increment, store.defaultDurability()))));
  }

  /** Bulk loads are not supported over HBase yet ({@link dev.cellar.storage.CellarStore#bulkLoads()} is false). */
  @Override
  public BulkLoad startBulkLoad() {
    throw new UnsupportedOperationException("table '" + name + "' is an HBase table; bulk loads into HBase are not "
        + "supported yet: write with batches of puts");
  }

  @Override
  public Result get(Get get) {
    HBaseFilters.Plan plan = HBaseFilters.plan(get.filter(), true);
    var hget = HBaseCells.toHBase(get);
    if (plan.server() != null) {
      hget.setFilter(plan.server());
    }
    Result r = run("read from", t -> HBaseCells.toCellar(t.get(hget)));
    if (plan.client() != null && !r.isEmpty()) {
      List<Cell> kept = new ClientFilter(plan.client(), false).apply(new ArrayList<>(r.cells()));
      return kept == null ? Result.empty() : Result.ofOwned(kept);
    }
    return r;
  }

  @Override
  public List<Result> get(List<Get> gets) {
    List<Result> out = new ArrayList<>(gets.size());
    boolean anyFilter = false;
    for (Get g : gets) {
      anyFilter |= g.filter() != null;
    }
    if (anyFilter) {
      for (Get g : gets) {
        out.add(get(g));
      }
      return out;
    }
    List<org.apache.hadoop.hbase.client.Get> hgets = new ArrayList<>(gets.size());
    for (Get g : gets) {
      hgets.add(HBaseCells.toHBase(g));
    }
    return run("read from", t -> {
      for (org.apache.hadoop.hbase.client.Result r : t.get(hgets)) {
        out.add(HBaseCells.toCellar(r));
      }
      return out;
    });
  }

  @Override
  public ResultScanner scanner(Scan scan) {
    store.checkOpen();
    try {
      return new HBaseScanner(this, store.connection().getTable(tableName), scan);
    } catch (IOException e) {
      throw HBaseErrors.translate(e, name, "scan");
    }
  }

  /**
   * Runs the scan with cells shown in place ({@link HBaseCellView}: no Cellar cell or result per
   * row) when the region servers do all of its work: a scan whose filter runs in the client, or
   * with a row limit or a page size the client enforces, goes through {@link #scanner}. A visitor
   * that wants only the rows ({@link ScanVisitor#rowsOnly()}) of a scan without a filter is shown
   * each row's first cell without its value.
   */
  @Override
  public void scan(Scan scan, ScanVisitor visitor) {
    HBaseFilters.Plan plan = HBaseFilters.plan(scan.filter(), false);
    if (plan.client() != null || plan.pageLimit() > 0 || scan.limit() > 0) {
      Table.super.scan(scan, visitor);
      return;
    }
    var hscan = HBaseCells.toHBase(scan);
    if (visitor.rowsOnly() && plan.server() == null) {
      // a row's first cell without its value says the row is there
      hscan.setFilter(new org.apache.hadoop.hbase.filter.FilterList(
          new org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter(), new org.apache.hadoop.hbase.filter.KeyOnlyFilter()));
    } else if (plan.server() != null) {
      hscan.setFilter(plan.server());
    }
    HBaseCellView view = new HBaseCellView(scan.columns().keySet().toArray(new byte[0][]));
    store.checkOpen();
    org.apache.hadoop.hbase.client.Table t = null;
    org.apache.hadoop.hbase.client.ResultScanner s = null;
    try {
      t = store.connection().getTable(tableName);
      s = t.getScanner(hscan);
      while (true) {
        org.apache.hadoop.hbase.client.Result r;
        try {
          r = s.next();
        } catch (IOException | RuntimeException e) {
          throw HBaseErrors.translate(e, name, "scan");
        }
        if (r == null) {
          return;
        }
        // the visitor's own exceptions reach the caller as they are
        org.apache.hadoop.hbase.Cell[] cells = r.rawCells();
        for (int i = 0; i < cells.length; i++) {
          view.show(cells[i]);
          if (i == 0) {
            visitor.startRow(view);
          }
          visitor.cell(view);
        }
      }
    } catch (IOException e) {
      throw HBaseErrors.translate(e, name, "scan");
    } finally {
      if (s != null) {
        s.close();
      }
      if (t != null) {
        try {
          t.close();
        } catch (IOException e) {
          // nothing is held that the connection does not release
        }
      }
    }
  }

  @Override
  public String describeFilter(Filter filter) {
    return HBaseFilters.plan(filter, false).description();
  }

  @Override
  public String toString() {
    return "HBaseTable{" + tableName + "}";
  }
}
