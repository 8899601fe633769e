package dev.cellar.sql.exec;

import dev.cellar.sql.catalog.RowTtl;
import dev.cellar.storage.BulkLoad;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.CheckAndMutate;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Get;
import dev.cellar.storage.Increment;
import dev.cellar.storage.Mutation;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.TimeRange;
import dev.cellar.storage.filter.ClientFilter;
import dev.cellar.storage.filter.Filter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An index's entries as readers must see them on a store without atomic multi-row batches
 * ({@code indexes.md} §3): a verified entry is returned as it is; an unverified one (written
 * before its data row, or marked before its removal) is checked against the data row it points
 * at, and returned rebuilt from that row when the row still calls for an entry with its key,
 * else left out. The store's reads of the entries run without their filter and limit, which
 * are applied here after the check, so that an entry whose cells are not yet (or no longer) the
 * row's is neither dropped nor kept for values it does not really have. Writes go to the
 * entries' table as they are.
 *
 * <p>Readers do not write: the entries they check stay unverified until a later statement on
 * the row or {@code ALTER INDEX ... REPAIR} settles them.
 *
 * <p>An index of a table whose rows may expire before their entries ({@link RowTtl#indexChecksRows})
 * is read through one too, on any store, and there every entry is checked against its row.
 */
public final class VerifyingIndexTable implements Table {
  private final IndexMapping index;
  private final Table entries;
  private final CellarStore store;
  /** Whether every entry is checked against its row, verified or not. */
  private final boolean checkAll;
  private Table data;

  private VerifyingIndexTable(CellarStore store, IndexMapping index, Table entries, boolean checkAll) {
    this.store = store;
    this.index = index;
    this.entries = entries;
    this.checkAll = checkAll;
  }

  /**
   * The entries' table of {@code index} as a reader over {@code store} sees it: the store's own
   * table when the store's batches are atomic (entries and rows never differ), else a checking
   * one; with {@code checkRows} (the table's rows may expire before their entries,
   * {@link RowTtl#indexChecksRows}), one that checks every entry.
   */
  public static Table of(CellarStore store, IndexMapping index, boolean checkRows) {
    Table t = store.table(index.index().storageName());
    if (checkRows) {
      return new VerifyingIndexTable(store, index, t, true);
    }
    return store.atomicMultiRowBatches() ? t : new VerifyingIndexTable(store, index, t, false);
  }

  private Table data() {
    if (data == null) {
      data = store.table(index.data().def().storageName());
    }
    return data;
  }

  /**
   * The entry as readers see it: itself when verified; when not, rebuilt from its data row if that
   * row calls for an entry with this key, else {@code null}.
   */
  Result check(Result entry) {
    if (entry.isEmpty() || !checkAll && index.isVerified(entry)) {
      return entry;
    }
    Object[] e = index.entries().decode(entry);
    Object[] want = index.entryOf(data().get(index.dataGet(e)));
    if (want == null || !Arrays.equals(index.entryKey(want), entry.row())) {
      return null;
    }
    Cell marker = entry.latestCell(index.family(), TableMapping.MARKER);
    long ts = marker != null ? marker.timestamp() : entry.cells().get(0).timestamp();
    List<Cell> cells = new ArrayList<>(index.entryPut(entry.row(), want, ts).cells());
    cells.sort(CellComparator.INSTANCE);
    return Result.ofOwned(cells);
  }

  /** The entry row, checked and then filtered, or {@code null}. */
  private Result checkAndFilter(Result entry, ClientFilter filter) {
    Result r = check(entry);
    if (r == null || r.isEmpty() || filter == null) {
      return r;
    }
    List<Cell> kept = filter.apply(new ArrayList<>(r.cells()));
    return kept == null ? null : Result.ofOwned(kept);
  }

  /** The get of a whole entry: every cell of the entry's family, in the same time range, no filter. */
  private Get whole(Get g) {
    Get w = new Get(g.row()).addFamily(index.family());
    return withTime(w, g.timeRange());
  }

  private static <Q extends dev.cellar.storage.Query<Q>> Q withTime(Q q, TimeRange t) {
    return t == null || t.isAll() ? q : q.setTimeRange(t.min(), t.max());
  }

  @Override
  public Result get(Get get) {
    Result r = checkAndFilter(entries.get(whole(get)), get.filter() == null ? null
        : new ClientFilter(get.filter(), false));
    return r == null ? Result.empty() : r;
  }

  @Override
  public List<Result> get(List<Get> gets) {
    List<Get> wholeGets = new ArrayList<>(gets.size());
    for (Get g : gets) {
      wholeGets.add(whole(g));
    }
    List<Result> read = entries.get(wholeGets);
    List<Result> out = new ArrayList<>(read.size());
    for (int i = 0; i < read.size(); i++) {
      Filter f = gets.get(i).filter();
      Result r = checkAndFilter(read.get(i), f == null ? null : new ClientFilter(f, false));
      out.add(r == null ? Result.empty() : r);
    }
    return out;
  }

  @Override
  public ResultScanner scanner(Scan scan) {
    Scan s = new Scan().withStartRow(scan.startRow(), scan.includeStartRow())
        .withStopRow(scan.stopRow(), scan.includeStopRow()).setReversed(scan.isReversed())
        .setCaching(scan.caching()).addFamily(index.family());
    withTime(s, scan.timeRange());
    ClientFilter filter = scan.filter() == null ? null : new ClientFilter(scan.filter(), scan.isReversed());
    int limit = scan.limit();
    ResultScanner in = entries.scanner(s);
    return new ResultScanner() {
      private int returned;

      @Override
      public Result next() {
        if (limit > 0 && returned >= limit) {
          return null;
        }
        for (Result r = in.next(); r != null; r = in.next()) {
          Result out = checkAndFilter(r, filter);
          if (out != null && !out.isEmpty()) {
            returned++;
            return out;
          }
          if (filter != null && filter.done()) {
            return null;
          }
        }
        return null;
      }

      @Override
      public void close() {
        in.close();
      }
    };
  }

  @Override
  public String name() {
    return entries.name();
  }

  @Override
  public TableDescriptor descriptor() {
    return entries.descriptor();
  }

  @Override
  public void put(Put put) {
    entries.put(put);
  }

  @Override
  public void put(List<Put> puts) {
    entries.put(puts);
  }

  @Override
  public void delete(Delete delete) {
    entries.delete(delete);
  }

  @Override
  public void delete(List<Delete> deletes) {
    entries.delete(deletes);
  }

  @Override
  public void batch(List<? extends Mutation> mutations) {
    entries.batch(mutations);
  }

  @Override
  public boolean checkAndMutate(CheckAndMutate checkAndMutate) {
    return entries.checkAndMutate(checkAndMutate);
  }

  @Override
  public Result increment(Increment increment) {
    return entries.increment(increment);
  }

  @Override
  public BulkLoad startBulkLoad() {
    return entries.startBulkLoad();
  }

  @Override
  public String describeFilter(Filter filter) {
    return "in the client, after the entries are checked";
  }
}
